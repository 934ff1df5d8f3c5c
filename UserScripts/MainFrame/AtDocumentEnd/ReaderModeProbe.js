"use strict";

// Tells the app whether the page looks like an article, so it can offer Reader View.
window.__firefox__.includeOnce("ReaderModeProbe", function () {
  const handlerName = "readerModeMessageHandler";
  const minimumParagraphs = 3;
  const minimumCharacters = 500;

  function looksReadable(document) {
    const paragraphs = Array.from(document.querySelectorAll("article p, main p, p"));
    const long = paragraphs.filter((p) => String(p.textContent || "").trim().length > 80);
    const characters = long.reduce((sum, p) => sum + String(p.textContent || "").length, 0);
    return long.length >= minimumParagraphs && characters >= minimumCharacters;
  }

  const document = window.document;
  if (document && window.location.protocol !== "about:") {
    window.__firefox__.postMessage(handlerName, { type: "readerModeState", readable: looksReadable(document) });
  }
});
