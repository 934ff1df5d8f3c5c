
(()=>{window.__firefox__.record("mjs")})();(()=>{const a="😀😀";const b=a.length;window.__firefox__.record("unicode:"+b)})();
//# sourceMappingURL=MainFrameAtDocumentEnd.js.map
