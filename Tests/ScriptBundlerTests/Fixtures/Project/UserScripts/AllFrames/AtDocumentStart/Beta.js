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