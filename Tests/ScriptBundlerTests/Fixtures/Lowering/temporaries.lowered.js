"use strict";
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
  field = ((_b) => (_b = f()) == null ? void 0 : _b.x)();
  static {
    var _b;
    this.s = (_b = g()) == null ? void 0 : _b.y;
  }
}
