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
