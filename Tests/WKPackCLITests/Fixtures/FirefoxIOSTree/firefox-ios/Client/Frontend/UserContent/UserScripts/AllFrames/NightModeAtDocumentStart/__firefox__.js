"use strict";

// Defines window.__firefox__, which every other script of the bundle registers through.
if (!window.__firefox__) {
  const registered = new Set();
  Object.defineProperty(window, "__firefox__", {
    enumerable: false,
    configurable: false,
    writable: false,
    value: Object.freeze({
      includeOnce(name, setup) {
        if (registered.has(name)) return false;
        registered.add(name);
        setup();
        return true;
      },
    }),
  });
}
__log.push("__firefox__");
