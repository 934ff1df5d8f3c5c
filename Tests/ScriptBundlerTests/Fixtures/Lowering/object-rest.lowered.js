var __objRest = (source, excluded) => {
  var target = {};
  if (source == null)
    throw new TypeError("Cannot destructure " + source);
  source = Object(source);
  for (var j = 0; j < excluded.length; j++) {
    if (typeof excluded[j] !== "symbol")
      excluded[j] = String(excluded[j]);
  }
  for (var keys = Reflect.ownKeys(source), i = 0, key, descriptor; i < keys.length; i++)
    if (excluded.indexOf(key = keys[i]) < 0 && (descriptor = Object.getOwnPropertyDescriptor(source, key)) && descriptor.enumerable)
      __publicField(target, key, source[key]);
  return target;
};
var __publicField = (object, key, value) => Object.defineProperty(object, key, { value: value, writable: true, enumerable: true, configurable: true });
var _c, _g, _h, _j;
const _a = o, { a } = _a, rest = __objRest(_a, ["a"]);
let _b = f(), { [_c = k()]: b, "c-d": c, 1: e, f: _d, i: _e = {} } = _b, { g } = _d, h = __objRest(_d, ["g"]), { j } = _e, l = __objRest(_e, ["j"]), m = __objRest(_b, [_c, "c-d", 1, "f", "i"]);
var _f = o, {} = _f, all = __objRest(_f, []);
_g = o, { a } = _g, rest = __objRest(_g, ["a"]), _g;
x = (_h = g(), { p: o.q } = _h, o.r = __objRest(_h, ["p"]), _h);
for (const _i of list) {
  const { a } = _i, r = __objRest(_i, ["a"]);
  {
    let a2 = a;
  }
}
for (_j of list) {
  ({ a } = _j, r = __objRest(_j, ["a"]), _j);
  g(r);
}
function f1(_k, b) {
  var { a } = _k, r = __objRest(_k, ["a"]);
  return r;
}
const f2 = (_l = {}) => {
  var { a } = _l, r = __objRest(_l, ["a"]);
  return r;
};
function f3({ a = 1, ...r }) {}
