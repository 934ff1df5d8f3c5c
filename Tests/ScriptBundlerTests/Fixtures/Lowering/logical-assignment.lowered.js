var _a, _b, _c;
a || (a = b);
a && (a = f());
a != null ? a : a = c;
o.p || (o.p = 1);
(_a = f()).p && (_a.p = 2);
(_c = o[_b = k()]) != null ? _c : o[_b] = 3;
o["key"] || (o["key"] = 4);
class A extends B {
  m() {
    var _a;
    (_a = super.x) != null ? _a : super.x = 5;
    this.y || (this.y = 6);
  }
}
