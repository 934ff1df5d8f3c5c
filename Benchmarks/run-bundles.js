// Runs every bundle of the given output folders in a fresh vm context with a stub window/self and reports
// whether it loaded. Usage: node Benchmarks/run-bundles.js <folder>...
'use strict';
const vm = require('node:vm');
const fs = require('node:fs');
for (const dir of process.argv.slice(2)) {
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.js')).sort()) {
    const context = { console, onmessage: null };
    context.window = context;
    context.self = context;
    vm.createContext(context);
    try {
      vm.runInContext(fs.readFileSync(dir + '/' + file, 'utf8'), context);
      console.log(dir, file, 'ok', context.__benchFeature || '');
    } catch (error) {
      console.log(dir, file, 'THROWN', String(error).slice(0, 200));
    }
  }
}
