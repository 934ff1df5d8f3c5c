"use strict";

// "Block images" mode: the app calls `__firefox__.setNoImageMode(true)` to hide every image of the page.
window.__firefox__.includeOnce("NoImageMode", function () {
  const styleID = "__firefox__NoImageMode";
  const css = "img, picture, video[poster] { visibility: hidden !important; }" +
    "\n*:not(html) { background-image: none !important; }";

  window.__firefox__.setNoImageMode = function (enabled) {
    const document = window.document;
    if (!document) {
      return false;
    }
    const existing = document.getElementById(styleID);
    if (enabled && !existing) {
      const style = document.createElement("style");
      style.id = styleID;
      style.textContent = css;
      (document.head || document.documentElement).appendChild(style);
    } else if (!enabled && existing) {
      existing.remove();
    }
    return enabled;
  };
});
