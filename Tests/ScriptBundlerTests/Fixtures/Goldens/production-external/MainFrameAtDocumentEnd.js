(()=>{
window.__firefox__.record("mjs")})();(()=>{let b="😀😀".length;window.__firefox__.record("unicode:"+b)})();
//# sourceMappingURL=MainFrameAtDocumentEnd.js.map
