"use strict";

// Routes `window.print()` to the app, which shows the native print sheet.
window.__firefox__.includeOnce("PrintHandler", function () {
  const handlerName = "printHandler";

  window.print = function () {
    window.__firefox__.postMessage(handlerName, { type: "print", frameURL: String(window.location.href) });
  };
});
