"use strict";

const events = ["print"];
window.__firefox__.includeOnce("PrintHandler", () => {
  __log.push(events[0]);
});
