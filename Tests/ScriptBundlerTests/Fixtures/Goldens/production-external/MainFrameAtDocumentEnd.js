
(function(){window.__firefox__.record("mjs")}).call(this);(function(){let a="😀😀";let b=a.length;window.__firefox__.record("unicode:"+b)}).call(this);
//# sourceMappingURL=MainFrameAtDocumentEnd.js.map
