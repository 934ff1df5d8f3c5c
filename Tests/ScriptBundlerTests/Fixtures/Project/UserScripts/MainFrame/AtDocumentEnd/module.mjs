window.__firefox__.record("mjs");
