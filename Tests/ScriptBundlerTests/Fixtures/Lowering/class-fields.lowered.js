var __publicField = (object, key, value) => Object.defineProperty(object, key, { value: value, writable: true, enumerable: true, configurable: true });
var _a;
let counter = 0;
class Point {
  constructor() {
    __publicField(this, "x", ++counter);
    __publicField(this, "y", void 0);
    __publicField(this, 'quoted key', 1);
    __publicField(this, 2, 'two');
    __publicField(this, _a, this.x * 2);
  }
  method() {
    return this.x;
  }
  [(_a = `computed${counter}`, Symbol.iterator)]() {}
}
__publicField(Point, "origin", new Point());
__publicField(Point, "count", 0);
class Derived extends Point {
  constructor(counter) {
    super(), __publicField(this, "z", super.method() + 1);
    this.w = counter;
  }
}
class Twice extends Point {
  constructor(flag) {
    var _init = () => {
      __publicField(this, "label", 'twice');
    };
    if (flag) {
      super(), _init();
    } else {
      super(), _init();
    }
  }
}
class NoConstructor extends Point {
  constructor(...args) {
    super(...args);
    __publicField(this, "extra", this.x);
  }
}
const Expression = (() => {
  var _b;
  return _b = class {
    constructor() {
      __publicField(this, "field", () => this);
    }
  }, __publicField(_b, "created", Date.now()), _b;
})();
function make(k) {
  return (() => {
    var _c, _d, _e;
    return _c = class {
      constructor() {
        __publicField(this, _d, 1);
      }
    }, _d = k, _e = k + 'static', __publicField(_c, _e, _c), _c;
  })();
}
class Shadowed {
  constructor(counter2, { other = counter2 } = {}) {
    __publicField(this, "total", counter + 1);
    this.sum = counter2 + other;
  }
}
