"use strict";

// Reads the page's title, description, icon and Open Graph data for the app's tab previews and sharing.
window.__firefox__.includeOnce("MetadataExtractor", function () {
  const handlerName = "metadataMessageHandler";

  function content(document, selector) {
    const element = document.querySelector(selector);
    const value = element && (element.getAttribute("content") || element.getAttribute("href"));
    return value ? value.trim() : null;
  }

  window.__firefox__.extractMetadata = function () {
    const document = window.document;
    if (!document) {
      return null;
    }
    const metadata = {
      url: String(window.location.href),
      title: content(document, 'meta[property="og:title"]') || document.title || null,
      description: content(document, 'meta[property="og:description"]') || content(document, 'meta[name="description"]'),
      image: content(document, 'meta[property="og:image"]'),
      icon: content(document, 'link[rel~="icon"]'),
    };
    window.__firefox__.postMessage(handlerName, { type: "metadata", metadata });
    return metadata;
  };

  window.__firefox__.extractMetadata();
});
