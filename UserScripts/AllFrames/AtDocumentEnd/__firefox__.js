"use strict";

// Defines the `window.__firefox__` namespace shared by every user script of a frame.
// It must run before any other script of its group, which is why wkpack.yml names it `first`.
// The namespace stays extensible (other scripts add their entry points to it); its own helpers are read-only.
if (!window.__firefox__) {
  const included = new Set();

  const namespace = {};
  const helpers = {
    /// Runs `setup` once per frame for the given `name`, however often the script is injected.
    /// Returns true when `setup` ran now, false when the name was already included.
    includeOnce(name, setup) {
      if (typeof name !== "string" || name.length === 0) {
        throw new TypeError("__firefox__.includeOnce needs a non-empty name");
      }
      if (included.has(name)) {
        return false;
      }
      included.add(name);
      if (typeof setup === "function") {
        setup();
      }
      return true;
    },

    /// Posts `message` to the native handler `handler`, tagged with the app's security token.
    postMessage(handler, message) {
      const handlers = window.webkit && window.webkit.messageHandlers;
      const target = handlers && handlers[handler];
      if (!target) {
        return false;
      }
      const token = typeof APP_ID_TOKEN === "undefined" ? null : APP_ID_TOKEN;
      target.postMessage(Object.assign({ appIdToken: token }, message));
      return true;
    },
  };
  for (const [name, value] of Object.entries(helpers)) {
    Object.defineProperty(namespace, name, { value, enumerable: true, writable: false, configurable: false });
  }

  Object.defineProperty(window, "__firefox__", {
    enumerable: false,
    configurable: false,
    writable: false,
    value: namespace,
  });
}
