"use strict";
var _a = 1;
function f(p = g()?.x, { [h() ?? "k"]: q } = {}) {
  return p?.y ?? q;
}
function strict(o) {
  "use strict";
  return o?.p;
}
const arrow = (o) => o()?.p;
class C {
  field = f()?.x;
  static {
    this.s = g()?.y;
  }
}
