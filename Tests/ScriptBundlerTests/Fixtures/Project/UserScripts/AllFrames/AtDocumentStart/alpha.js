"use strict";

// Same top-level names as other files: each file has its own scope.
const events = "alpha-own";
function alphaHelper() { return 1; }
window.__firefox__.record("alpha:" + events);
window.__firefox__.record("strictThis:" + (function () { return this === undefined; })());

const markerAlpha = /[/]\d+/g.test("/12") ? 10 / 2 / 1 : 0;
const markerTemplate = `first line ${markerAlpha}
second line ${ `nested ${ { inner: 1 }.inner }` }
third line`;
window.__firefox__.record("template:" + markerTemplate.split("\n").length);
