(function () {
var __wkpack_definitions = [], __wkpack_records = [], __wkpack_object = Object, __wkpack_defineProperty = __wkpack_object.defineProperty;
function __wkpack_define(id, body, isES, requests) { __wkpack_definitions[id] = [body, isES, requests]; }
function __wkpack_getter(object, name, get) { __wkpack_defineProperty(object, name, { enumerable: true, get: get }); }
function __wkpack_require(id) {
  var module = __wkpack_records[id];
  if (!module) {
    var definition = __wkpack_definitions[id];
    module = __wkpack_records[id] = { exports: {} };
    if (definition[1]) {
      var namespace = module.exports = __wkpack_object.create(null);
      __wkpack_defineProperty(namespace, Symbol.toStringTag, { value: "Module" });
      __wkpack_defineProperty(namespace, "__esModule", { value: true });
      definition[0].call(void 0, namespace);
    } else definition[0].call(module.exports, module, module.exports);
  }
  return module.exports;
}
function __wkpack_export(namespace, getters) { for (var name in getters) __wkpack_getter(namespace, name, getters[name]); }
var __spreadValues = (target, source) => {
  if (source != null)
    for (var keys = Reflect.ownKeys(source = Object(source)), i = 0, key, descriptor; i < keys.length; i++)
      if ((descriptor = Object.getOwnPropertyDescriptor(source, key = keys[i])) && descriptor.enumerable)
        __publicField(target, key, source[key]);
  return target;
};
var __spreadProps = (target, properties) => Object.defineProperties(target, Object.getOwnPropertyDescriptors(properties));
var __objRest = (source, excluded) => {
  var target = {};
  if (source == null) throw new TypeError("Cannot destructure " + source);
  source = Object(source);
  for (var j = 0; j < excluded.length; j++) {
    if (typeof excluded[j] !== "symbol") excluded[j] = String(excluded[j]);
  }
  for (var keys = Reflect.ownKeys(source), i = 0, key, descriptor; i < keys.length; i++)
    if (excluded.indexOf(key = keys[i]) < 0 && (descriptor = Object.getOwnPropertyDescriptor(source, key)) && descriptor.enumerable)
      __publicField(target, key, source[key]);
  return target;
};
var __publicField = (object, key, value) =>
  Object.defineProperty(object, key, { value: value, writable: true, enumerable: true, configurable: true });
// UserScripts/MainFrame/AtDocumentStart/a_entry.js
__wkpack_define(0, __wkpack_ns => { "use strict"; var __wkpack_m0, __wkpack_m1; __wkpack_m0 = __wkpack_require(1); __wkpack_m1 = __wkpack_require(2);


__log.push((0, __wkpack_m0.deep)({ a: { b: { c: 3 } } }), (0, __wkpack_m0.call)({}), (0, __wkpack_m1.merge)({ a: 1 }, { b: 2 }));
}, 1);
// lib/chain.js
__wkpack_define(1, __wkpack_ns => { "use strict"; __wkpack_export(__wkpack_ns, {call: () => call, deep: () => deep, receiver: () => receiver, remove: () => remove});
 const deep = (o) => {
  var _a, _b;
  return (_b = (_a = o == null ? void 0 : o.a) == null ? void 0 : _a.b) == null ? void 0 : _b.c;
};
 function call(o) {
  var _a, _b;
  return (_b = (_a = o.m) == null ? void 0 : _a.call(o, 2)) != null ? _b : "no m";
}
 function receiver(o) {
  var _a;
  return (_a = o == null ? void 0 : o.counter) == null ? void 0 : _a.next();
}
 function remove(o) {
  const removed = o == null ? true : delete o.gone;
  return [removed, "gone" in (o != null ? o : {})].join(" ");
}
}, 1);
// lib/spread.js
__wkpack_define(2, __wkpack_ns => { "use strict"; __wkpack_export(__wkpack_ns, {merge: () => merge});
 function merge(a, b) {
  const _a = __spreadProps(__spreadValues(__spreadValues({}, a), b), { extra: 1 }), { drop } = _a, kept = __objRest(_a, ["drop"]);
  return Object.keys(kept).sort().join(",") + " " + drop;
}
}, 1);
__wkpack_require(0);
}).call(this);
//# sourceURL=MainFrameAtDocumentStart.js
//# sourceMappingURL=MainFrameAtDocumentStart.js.map
