// UserScripts/MainFrame/AtDocumentEnd/module.mjs
(function () {
window.__firefox__.record("mjs");
}).call(this);
// UserScripts/MainFrame/AtDocumentEnd/unicode.js
(function () {
// UTF-16 columns: "😀" counts as two units, "é" as one.
const café = "😀😀"; const markerUnicode = café.length;
window.__firefox__.record("unicode:" + markerUnicode);
}).call(this);
//# sourceURL=MainFrameAtDocumentEnd.js
