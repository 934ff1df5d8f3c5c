var __privateAdd = (object, member, value) => {
  if (member.has(object))
    throw new TypeError("Cannot add a private member twice");
  member.set(object, value);
};
var __privateExtract = (home, key, part) => {
  var descriptor = Object.getOwnPropertyDescriptor(home, key);
  delete home[key];
  return part === 1 ? descriptor.get : part === 2 ? descriptor.set : descriptor.value;
};
var __privateSet = (object, member, value, setter) => {
  if (!member.has(object))
    throw new TypeError("Cannot write to private field");
  if (setter)
    setter.call(object, value);
  else
    member.set(object, value);
  return value;
};
var __privateWrapper = (object, member, setter, getter) => ({ set _(value) {
  setter === null ? __privateFail(object, member, value, 1) : __privateSet(object, member, value, setter);
}, get _() {
  return getter === null ? __privateFail(object, member) : __privateGet(object, member, getter);
} });
var __privateGet = (object, member, getter) => {
  if (!member.has(object))
    throw new TypeError("Cannot read from private field");
  return getter ? getter.call(object) : member.get(object);
};
var __privateFail = (object, member, value, writing) => {
  if (!member.has(object))
    throw new TypeError(writing ? "Cannot write to private field" : "Cannot read from private field");
  throw new TypeError(writing ? "Private member is not writable" : "Private accessor has no getter");
};
var __privateMethod = (object, member, method) => {
  if (!member.has(object))
    throw new TypeError("Cannot access private method");
  return method;
};
var __privateIn = (member, object) => {
  if (Object(object) !== object)
    throw new TypeError("Cannot use 'in' on a primitive");
  return member.has(object);
};
var _a, _b, _c, _d, _e, _f, _g, _h, _i, _j, _k, _l, _m, _n, _o;
_a = new WeakMap();
_b = new WeakMap();
_c = new WeakMap();
_d = new WeakMap();
_i = new WeakMap();
class Counter {
  constructor(step) {
    __privateAdd(this, _d);
    __privateAdd(this, _a, 0);
    __privateAdd(this, _c, void 0);
    __privateSet(this, _c, step);
    __privateWrapper(Counter, _b)._++;
  }
  [_k = Symbol()](by) {
    __privateWrapper(this, _a)._ += by != null ? by : __privateGet(this, _c);
    return this;
  }
  get [_l = Symbol()]() {
    return __privateGet(this, _a) * 2;
  }
  set [_m = Symbol()](v) {
    __privateSet(this, _a, v / 2);
  }
  get [_n = Symbol()]() {
    return 1;
  }
  static [_o = Symbol()](counter) {
    __privateSet(counter, _a, 0);
  }
  increment() {
    return __privateGet(__privateMethod(this, _d, _e).call(this, 1), _a);
  }
  update() {
    var _p, _q, _r, _s;
    __privateWrapper(this, _a)._++;
    --__privateWrapper(this, _a)._;
    (_p = __privateWrapper(this, _a))._ = Math.pow(_p._, 2);
    (_q = __privateWrapper(this, _a))._ || (_q._ = 3);
    (_s = (_r = __privateWrapper(this, _a))._) != null ? _s : _r._ = 4;
    [__privateWrapper(this, _a)._, { a: __privateWrapper(this, _d, _g, _f)._ }] = [5, { a: 6 }];
    for (__privateWrapper(this, _c)._ of [7]) {}
    return __privateGet(this, _d, _f);
  }
  tag() {
    return __privateMethod(this, _d, _e).bind(this)`x`;
  }
  optional(other) {
    var _p, _q, _r;
    return (_r = other == null ? void 0 : __privateGet(other, _a)) != null ? _r : (_q = (_p = other == null ? void 0 : __privateMethod(other, _d, _e)) == null ? void 0 : _p.call(other, 1)) == null ? void 0 : __privateGet(_q, _a);
  }
  static has(o) {
    return __privateIn(_a, o) && __privateIn(_d, o);
  }
  static reset(c) {
    __privateMethod(Counter, _i, _j).call(Counter, c);
    return __privateGet(Counter, _b);
  }
}
_e = __privateExtract(Counter.prototype, _k, 0);
_f = __privateExtract(Counter.prototype, _l, 1);
_g = __privateExtract(Counter.prototype, _m, 2);
_h = __privateExtract(Counter.prototype, _n, 1);
_j = __privateExtract(Counter, _o, 0);
__privateAdd(Counter, _i);
__privateAdd(Counter, _b, 0);
