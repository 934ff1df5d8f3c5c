var __spreadValues = (target, source) => {
  if (source != null)
    for (var keys = Reflect.ownKeys(source = Object(source)), i = 0, key, descriptor; i < keys.length; i++)
      if ((descriptor = Object.getOwnPropertyDescriptor(source, key = keys[i])) && descriptor.enumerable)
        __publicField(target, key, source[key]);
  return target;
};
var __publicField = (object, key, value) => Object.defineProperty(object, key, { value: value, writable: true, enumerable: true, configurable: true });
var __spreadProps = (target, properties) => Object.defineProperties(target, Object.getOwnPropertyDescriptors(properties));
x = __spreadValues({}, a);
y = __spreadProps(__spreadValues({ a: f() }, g()), { b: h(), get c() {
  return 1;
} });
z = __spreadProps(__spreadValues(__spreadValues({}, a), b), { [k()]: 1 });
