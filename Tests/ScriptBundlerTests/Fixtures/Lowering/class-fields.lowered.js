function __publicField(object, key, value) {
  Object.defineProperty(object, key, { value: value, writable: true, enumerable: true, configurable: true });
  return value;
}
var _a, _b;
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
  static [_b = Symbol()]() {
    delete this[_b];
    __publicField(this, "origin", new Point());
    __publicField(this, "count", 0);
  }
}
Point[_b]();
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
  var _c, _d;
  return _d = class {
    constructor() {
      __publicField(this, "field", () => this);
    }
    static [_c = Symbol()]() {
      delete this[_c];
      __publicField(this, "created", Date.now());
    }
  }, _d[_c](), _d;
})();
function make(k) {
  return (() => {
    var _e, _f, _g, _h;
    return _h = class {
      constructor() {
        __publicField(this, _e, 1);
      }
      static [(_e = k, _f = k + 'static', _g = Symbol())]() {
        delete this[_g];
        __publicField(this, _f, this);
      }
    }, _h[_g](), _h;
  })();
}
class Shadowed {
  constructor(counter2, { other = counter2 } = {}) {
    __publicField(this, "total", counter + 1);
    this.sum = counter2 + other;
  }
}
