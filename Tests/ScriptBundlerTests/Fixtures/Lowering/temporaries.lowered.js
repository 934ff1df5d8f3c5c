"use strict";
var __publicField = (object, key, value) => Object.defineProperty(object, key, { value: value, writable: true, enumerable: true, configurable: true });
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
    var _b;
    __publicField(this, "field", (_b = f()) == null ? void 0 : _b.x);
  }
}
(() => {
  var _b;
  C.s = (_b = g()) == null ? void 0 : _b.y;
})();
