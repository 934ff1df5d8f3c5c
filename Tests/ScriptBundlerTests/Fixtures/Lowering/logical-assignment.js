a ||= b;
a &&= f();
a ??= c;
o.p ||= 1;
f().p &&= 2;
o[k()] ??= 3;
o["key"] ||= 4;
class A extends B {
  m() {
    super.x ??= 5;
    this.y ||= 6;
  }
}
