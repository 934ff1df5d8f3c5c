(function () {
var __spreadValues = (target, source) => {
  if (source != null)
    for (var keys = Reflect.ownKeys(source = Object(source)), i = 0, key, descriptor; i < keys.length; i++)
      if ((descriptor = Object.getOwnPropertyDescriptor(source, key = keys[i])) && descriptor.enumerable)
        __publicField(target, key, source[key]);
  return target;
};
var __spreadProps = (target, properties) => Object.defineProperties(target, Object.getOwnPropertyDescriptors(properties));
var __publicField = (object, key, value) =>
  Object.defineProperty(object, key, { value: value, writable: true, enumerable: true, configurable: true });
// UserScripts/MainFrame/AtDocumentEnd/b_plain.js
(function () {
var settings = { theme: { dark: true } };
function pickTheme(s) {
  var _a, _b;
  return (_b = (_a = s == null ? void 0 : s.theme) == null ? void 0 : _a.dark) != null ? _b : "unknown";
}
var merged = __spreadProps(__spreadValues({}, settings), { size: 2 });
try {
  throw new Error("x");
} catch (_a) {
  __log.push("plain caught");
}
__log.push("plain " + pickTheme(settings) + " " + pickTheme(null) + " " + Object.keys(merged).join(","));
}).call(this);
}).call(this);
//# sourceURL=MainFrameAtDocumentEnd.js
//# sourceMappingURL=MainFrameAtDocumentEnd.js.map
