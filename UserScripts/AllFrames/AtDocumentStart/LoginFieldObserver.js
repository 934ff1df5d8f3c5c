"use strict";

// Tells the app when a frame shows a password field, so it can offer saved logins.
window.__firefox__.includeOnce("LoginFieldObserver", function () {
  const handlerName = "loginsManagerMessageHandler";
  let reported = false;

  function hasPasswordField(root) {
    return typeof root.querySelector === "function" && root.querySelector('input[type="password"]') !== null;
  }

  function check() {
    if (reported || !window.document || !hasPasswordField(window.document)) {
      return;
    }
    reported = true;
    window.__firefox__.postMessage(handlerName, { type: "passwordFieldFound", frameURL: String(window.location.href) });
  }

  window.addEventListener("DOMContentLoaded", check, { once: true });
  if (typeof MutationObserver === "function") {
    const observer = new MutationObserver(() => check());
    window.addEventListener("DOMContentLoaded", () => {
      if (!reported && window.document && window.document.body) {
        observer.observe(window.document.body, { childList: true, subtree: true });
      }
    }, { once: true });
  }
});
