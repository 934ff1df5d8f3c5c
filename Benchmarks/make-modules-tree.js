// Writes a firefox-ios-sized module tree (ten bundles, ~5 MB of sources incl. node_modules) for timing
// wkpack against webpack 5 and esbuild. Usage: node Benchmarks/make-modules-tree.js <folder>
// Packages come from Debian's /usr/share/nodejs: lodash-es (ES modules), esprima and acorn (CommonJS/UMD).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const out = path.resolve(process.argv[2] || 'modules-bench');
fs.rmSync(out, { recursive: true, force: true });
const write = (file, text) => { fs.mkdirSync(path.dirname(path.join(out, file)), { recursive: true }); fs.writeFileSync(path.join(out, file), text); };
for (const pkg of ['lodash-es', 'esprima', 'acorn']) {
  fs.cpSync(fs.realpathSync('/usr/share/nodejs/' + pkg), path.join(out, 'node_modules', pkg), { recursive: true, dereference: true });
}

// A plain user script of about `kilobytes` KB with its own top-level names (like firefox-ios's scripts).
function plainScript(name, kilobytes) {
  let text = '"use strict";\nconst events = [];\n';
  for (let i = 0; text.length < kilobytes * 1024; i++) {
    text += `function ${name}Helper${i}(element, options) {\n  const result = { id: ${i}, tag: element && element.tagName, list: [] };\n`
      + `  for (let k = 0; k < (options && options.count || 3); k++) { result.list.push(k * ${i} + "/" + /${name}\\d+/.test("x" + k)); }\n`
      + `  events.push(\`${name}:\${result.id}\`);\n  return result;\n}\n`;
  }
  return text + `window.__bench = (window.__bench || 0) + events.length;\n`;
}

const groups = [
  ['AllFramesAtDocumentStart', 'AllFrames/AtDocumentStart'], ['AllFramesAtDocumentEnd', 'AllFrames/AtDocumentEnd'],
  ['MainFrameAtDocumentStart', 'MainFrame/AtDocumentStart'], ['MainFrameAtDocumentEnd', 'MainFrame/AtDocumentEnd'],
  ['WebcompatAllFramesAtDocumentStart', 'AllFrames/WebcompatAtDocumentStart'],
  ['NightModeAllFramesAtDocumentStart', 'AllFrames/NightModeAtDocumentStart'],
  ['AutofillAllFramesAtDocumentStart', 'AllFrames/AutofillAtDocumentStart'],
  ['AddressFormManager', 'AddressFormManager'], ['TranslationsEngine', 'TranslationsEngine'],
];
const lodashNames = ['debounce', 'merge', 'cloneDeep', 'template', 'throttle', 'groupBy', 'sortBy', 'uniqBy', 'isEqual', 'get', 'set', 'camelCase'];
const entries = {};
groups.forEach(([name, folder], index) => {
  const files = [];
  if (index < 2) { write(`UserScripts/${folder}/__firefox__.js`, 'window.__firefox__ = { ready: true };\n'); files.push('__firefox__.js'); }
  for (let k = 0; k < 3; k++) { write(`UserScripts/${folder}/Plain${k}.js`, plainScript(`g${index}p${k}`, 120)); files.push(`Plain${k}.js`); }
  const picked = lodashNames.slice(index % 4, index % 4 + 6);
  write(`UserScripts/${folder}/Feature.mjs`,
    `import { ${picked.join(', ')} } from "lodash-es";\nimport { helper } from "./lib/helper.mjs";\n`
    + `const esprima = require("esprima");\nconst acorn = require("acorn");\n`
    + `export const used = [${picked.join(', ')}].map((f) => typeof f).join(",") + helper() + typeof esprima.parseScript + typeof acorn.parse;\n`
    + `window.__benchFeature = used;\n`);
  write(`UserScripts/${folder}/lib/helper.mjs`, `export function helper() { return "${name}"; }\n` + plainScript(`g${index}lib`, 40).replace('"use strict";\n', ''));
  files.push('Feature.mjs');
  entries[name] = files.map((f) => `./UserScripts/${folder}/${f}`);
});
write('Client/Assets/translations/engine.worker.mjs', 'import { chunk } from "lodash-es";\nself.onmessage = (e) => chunk(e.data, 2);\n');
entries['translations-engine.worker'] = ['./Client/Assets/translations/engine.worker.mjs'];

const yml = ['scripts:', '  root: UserScripts', '  output: wkpack-out', '  sourceMaps: none', '  groups:',
  '    - {name: AllFramesAtDocumentStart, first: __firefox__.js}', '    - {name: AllFramesAtDocumentEnd, first: __firefox__.js}'];
for (const [name, folder] of groups.slice(4)) yml.push(`    - {name: ${name}, folder: ${folder}}`);
yml.push('    - {name: TranslationsEngineWorker, files: [Client/Assets/translations/engine.worker.mjs], output: translations-engine.worker.js}');
write('wkpack.yml', yml.join('\n') + '\n');

write('webpack.config.js', `const path = require("path");
module.exports = (env, argv) => ({
  mode: argv.mode || "production", devtool: false, target: "web",
  entry: ${JSON.stringify(entries, null, 2)},
  output: { path: path.resolve(__dirname, "webpack-out"), filename: "[name].js" },
  resolve: { modules: [path.resolve(__dirname, "node_modules"), "/usr/share/nodejs"] },
  resolveLoader: { modules: ["/usr/share/nodejs"] },
  module: { rules: [{ test: /\.mjs$/, type: "javascript/auto" }] },
});
`);
for (const [name, files] of Object.entries(entries)) {
  write(`esbuild-entries/${name}.js`, files.map((f) => `import "../${f.slice(2)}";`).join('\n') + '\n');
}
let bytes = 0;
const walk = (dir) => { for (const e of fs.readdirSync(dir, { withFileTypes: true })) { const p = path.join(dir, e.name); if (e.isDirectory()) walk(p); else bytes += fs.statSync(p).size; } };
walk(out);
console.log(`wrote ${out}: ${(bytes / 1048576).toFixed(1)} MB, ${Object.keys(entries).length} bundles`);
