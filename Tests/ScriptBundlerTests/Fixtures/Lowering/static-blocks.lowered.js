var __publicField = (object, key, value) => Object.defineProperty(object, key, { value: value, writable: true, enumerable: true, configurable: true });
var __privateAdd = (object, member, value) => {
  if (member.has(object))
    throw new TypeError("Cannot add a private member twice");
  member.set(object, value);
};
var __privateGet = (object, member, getter) => {
  if (!member.has(object))
    throw new TypeError("Cannot read from private field");
  return getter ? getter.call(object) : member.get(object);
};
var _a, _d;
class Base {
  static greet() {
    return 'base';
  }
}
class Config extends Base {
  static [_a = Symbol()]() {
    delete this[_a];
    __publicField(this, "values", []);
    (() => {
      var local = this.values;
      local.push(super.greet());
    })();
    __publicField(this, "more", this.values.length);
    (() => {
      let local = Config.more;
      this.values.push(local);
    })();
  }
}
Config[_a]();
const Anonymous = (() => {
  var _b, _c;
  return _c = class extends Base {
    static [_b = Symbol()]() {
      delete this[_b];
      (() => {
        var _d, _e;
        this.ready = (_e = (_d = super.greet) == null ? void 0 : _d.call(this)) != null ? _e : 'none';
      })();
    }
  }, _c[_b](), _c;
})();
_d = new WeakMap();
export default class _default {
  static reveal() {
    return __privateGet(this, _d);
  }
}
__privateAdd(_default, _d, 1);
