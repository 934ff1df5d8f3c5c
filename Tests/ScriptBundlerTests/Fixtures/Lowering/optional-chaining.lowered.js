var _a, _b, _c, _d, _e, _f, _g, _h, _i, _j, _k, _l, _m, _n, _o;
a == null ? void 0 : a.b;
a == null ? void 0 : a.b.c(d);
(_a = f()) == null ? void 0 : _a.b;
(_b = a == null ? void 0 : a[k()]) == null ? void 0 : _b.c;
(_c = a.b) == null ? void 0 : _c.call(a);
(_e = (_d = f()).b) == null ? void 0 : _e.call(_d, x);
(_f = a == null ? void 0 : a.b) == null ? void 0 : _f.call(a);
(_i = (_g = f()) == null ? void 0 : (_h = _g.b).c) == null ? void 0 : _i.call(_h, 1, ...rest);
a == null ? void 0 : a();
a == null ? true : delete a.b;
(_k = (_j = f()) == null ? void 0 : _j.b) == null ? true : delete _k.c;
(a == null ? void 0 : a.b).c;
(a == null ? void 0 : a.b).call(a);
((_l = f()) == null ? void 0 : _l.b).call(_l, 1);
this == null ? void 0 : this.x;
class A extends B {
  m() {
    var _a;
    return (_a = super.m) == null ? void 0 : _a.call(this);
  }
}
if (a == null ? void 0 : a.b) {
  for (const c of d == null ? void 0 : d.e) {}
}
x = (_n = ((_m = f()) == null ? void 0 : _m.m).call(_m)) == null ? void 0 : _n.q;
y = (a == null ? void 0 : (_o = a.b).c).call(_o, 1).d;
z = (a == null ? void 0 : a.b).bind(a)`t${c}`;
