
(function(){window.__firefox__.record("webcompat")}).call(this);
//# sourceMappingURL=WebcompatAllFramesAtDocumentStart.js.map
