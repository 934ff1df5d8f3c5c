// Runs every <Name>.js bundle of a folder in a fresh node vm context with a stub `window`, and prints how
// many user scripts each registered: a cheap check that a bundle is valid JavaScript and runs in order.
// Usage: node scripts/bench/run-bundles.js OUT_DIR
"use strict";
const vm = require("node:vm");
const fs = require("node:fs");
const path = require("node:path");

const dir = process.argv[2];
let failed = 0;
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".js")).sort()) {
  const window = {
    addEventListener() {}, removeEventListener() {},
    location: { href: "https://example.com/", protocol: "https:" },
  };
  window.window = window;
  window.self = window;
  const context = vm.createContext({ window, self: window, console, setTimeout, clearTimeout });
  try {
    vm.runInContext(fs.readFileSync(path.join(dir, f), "utf8"), context, { filename: f });
    const scripts = window.__firefox__ && window.__firefox__.userScripts;
    const registered = scripts ? Object.keys(scripts).length : 0;
    console.log(`ok   ${f}: ${registered} user scripts registered`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${f}: ${error && error.message}`);
  }
}
process.exit(failed ? 1 : 0);
