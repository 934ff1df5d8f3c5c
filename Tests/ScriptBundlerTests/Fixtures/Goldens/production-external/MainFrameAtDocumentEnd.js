
(function(){window.__firefox__.record("mjs");}).call(this);(function(){const café="😀😀";const markerUnicode=café.length;window.__firefox__.record("unicode:"+markerUnicode);}).call(this);
//# sourceMappingURL=MainFrameAtDocumentEnd.js.map
