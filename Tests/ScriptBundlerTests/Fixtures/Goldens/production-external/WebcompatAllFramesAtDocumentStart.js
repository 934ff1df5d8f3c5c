(()=>{
window.__firefox__.record("webcompat")})();
//# sourceMappingURL=WebcompatAllFramesAtDocumentStart.js.map
