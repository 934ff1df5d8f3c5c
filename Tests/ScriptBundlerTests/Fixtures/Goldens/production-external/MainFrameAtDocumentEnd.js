
(function(){window.__firefox__.record("mjs")}).call(this);(function(){const a="😀😀";const b=a.length;window.__firefox__.record("unicode:"+b)}).call(this);
//# sourceMappingURL=MainFrameAtDocumentEnd.js.map
