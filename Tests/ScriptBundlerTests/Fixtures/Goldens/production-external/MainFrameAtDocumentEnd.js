
(()=>{window.__firefox__.record("mjs")})();(()=>{let a="😀😀";let b=a.length;window.__firefox__.record("unicode:"+b)})();
//# sourceMappingURL=MainFrameAtDocumentEnd.js.map
