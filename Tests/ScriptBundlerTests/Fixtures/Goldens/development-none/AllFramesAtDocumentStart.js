// UserScripts/AllFrames/AtDocumentStart/__firefox__.js
(function () {
"use strict";

// Defines the shared namespace and a log the runtime tests read back.
const events = [];
window.__firefox__ = {
  events,
  record(entry) {
    events.push(String(entry));
  },
};
window.__firefox__.record("firefox");
}).call(this);
// UserScripts/AllFrames/AtDocumentStart/alpha.js
(function () {
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
}).call(this);
// UserScripts/AllFrames/AtDocumentStart/Beta.js
(function () {
// Sloppy mode: would be a SyntaxError if an earlier "use strict" leaked in.
const events = 42;
sloppyGlobal = "made by a sloppy assignment";
with ({ w: 1 }) {
  window.__firefox__.record("with:" + w);
}
window.__firefox__.record("beta:" + events);
window.__firefox__.record("sloppyThis:" + (function () { return this === undefined; })());
window.__firefox__.record("token:" + APP_ID_TOKEN);
window.__firefox__.record("isolated:" + typeof alphaHelper);
const markerBeta = 1 // trailing comment on the last line, no newline
}).call(this);
// UserScripts/AllFrames/AtDocumentStart/gamma.js
(function () {
///usr/bin/env node
const markerGamma = "crlf";
window.__firefox__.record("gamma:" + markerGamma);
}).call(this);
//# sourceURL=AllFramesAtDocumentStart.js
