"use strict";
// Defines the namespace the other scripts register with.
if (!window.__firefox__) {
  window.__firefox__ = { scripts: {}, register(name, api) { this.scripts[name] = api; } };
}
