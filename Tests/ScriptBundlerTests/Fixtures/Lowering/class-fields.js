let counter = 0;
class Point {
  x = ++counter;
  y;
  'quoted key' = 1;
  2 = 'two';
  [`computed${counter}`] = this.x * 2;
  static origin = new Point();
  static count = 0;
  method() { return this.x; }
  [Symbol.iterator]() {}
}
class Derived extends Point {
  z = super.method() + 1;
  constructor(counter) {
    super();
    this.w = counter;
  }
}
class Twice extends Point {
  label = 'twice';
  constructor(flag) {
    if (flag) { super(); } else { super(); }
  }
}
class NoConstructor extends Point {
  extra = this.x;
}
const Expression = class {
  static created = Date.now();
  field = () => this;
};
function make(k) {
  return class { [k] = 1; static [k + 'static'] = this; };
}
class Shadowed {
  total = counter + 1;
  constructor(counter, { other = counter } = {}) {
    this.sum = counter + other;
  }
}
