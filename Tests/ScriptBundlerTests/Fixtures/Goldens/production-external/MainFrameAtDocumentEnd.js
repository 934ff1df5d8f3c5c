(()=>{
window.__firefox__.record("mjs")})();(()=>{let a="😀😀".length;window.__firefox__.record("unicode:"+a)})();
//# sourceMappingURL=MainFrameAtDocumentEnd.js.map
