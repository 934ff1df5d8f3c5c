// UserScripts/AllFrames/WebcompatAtDocumentStart/fix.js
(function () {
window.__firefox__.record("webcompat");
}).call(this);
//# sourceURL=WebcompatAllFramesAtDocumentStart.js
