"use strict";

// A plain script: its top-level names stay in its own scope.
const events = ["download"];
window.__firefox__.includeOnce("DownloadContentScript", () => {
  __log.push(events[0]);
});
