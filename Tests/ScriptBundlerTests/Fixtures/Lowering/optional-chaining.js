a?.b;
a?.b.c(d);
f()?.b;
a?.[k()]?.c;
a.b?.();
f().b?.(x);
a?.b?.();
f()?.b.c?.(1, ...rest);
a?.();
delete a?.b;
delete f()?.b?.c;
(a?.b).c;
(a?.b)();
(f()?.b)(1);
this?.x;
class A extends B {
  m() {
    return super.m?.();
  }
}
if (a?.b) {
  for (const c of d?.e) {
  }
}
x = (f()?.m)()?.q;
y = (a?.b.c)(1).d;
z = (a?.b)`t${c}`;
