"use strict";
function __publicField(object, key, value) {
  Object.defineProperty(object, key, { value: value, writable: true, enumerable: true, configurable: true });
  return value;
}
var _b;
var _a = 1;
function f(p = ((_b) => (_b = g()) == null ? void 0 : _b.x)(), { [((_b) => (_b = h()) != null ? _b : "k")()]: q } = {}) {
  var _b;
  return (_b = p == null ? void 0 : p.y) != null ? _b : q;
}
function strict(o) {
  "use strict";
  return o == null ? void 0 : o.p;
}
const arrow = (o) => {
  var _b;
  return (_b = o()) == null ? void 0 : _b.p;
};
class C {
  constructor() {
    var _c;
    __publicField(this, "field", (_c = f()) == null ? void 0 : _c.x);
  }
  static [_b = Symbol()]() {
    delete this[_b];
    (() => {
      var _c;
      this.s = (_c = g()) == null ? void 0 : _c.y;
    })();
  }
}
C[_b]();
