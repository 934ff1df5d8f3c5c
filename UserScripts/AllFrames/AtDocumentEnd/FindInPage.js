"use strict";

// Find in page: counts the matches of a query in the frame's text and reports them to the app.
window.__firefox__.includeOnce("FindInPage", function () {
  const handlerName = "findInPageHandler";
  const maximumMatches = 1000;

  function escapeForRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }

  function countMatches(text, query) {
    if (!query) {
      return 0;
    }
    const pattern = new RegExp(escapeForRegExp(query), "gi");
    let count = 0;
    while (pattern.exec(text) !== null && count < maximumMatches) {
      count += 1;
    }
    return count;
  }

  window.__firefox__.find = function (query) {
    const body = window.document && window.document.body;
    const text = body ? String(body.textContent || "") : "";
    const total = countMatches(text, String(query));
    window.__firefox__.postMessage(handlerName, { type: "findResult", query: String(query), total });
    return total;
  };
});
