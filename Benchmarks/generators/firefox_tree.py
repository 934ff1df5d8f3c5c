#!/usr/bin/env python3
"""Generates a firefox-ios-shaped benchmark tree (deterministic for a given seed).

What weighs in firefox-ios's bundles, in the same proportions (issue #25; sizes at --scale 1):
- one large shared module set, `Assets/CC_Script/*.sys.mjs` (desktop's FormAutofill modules, ~0.65 MB of ES
  modules importing each other), imported whole by three bundles (AutofillAllFramesAtDocumentStart,
  AddressFormManager, TranslationsEngine) and in part by AllFramesAtDocumentStart;
- darkreader-sized UMD packages in node_modules: `darkreader` (~160 KB, ~105 KB minified, in
  NightModeAllFramesAtDocumentStart and MainFrameAtDocumentStart) and `dompurify` (~60 KB), plus
  `@mozilla/readability` (~250 KB) and `page-metadata-parser` (CommonJS) in MainFrameAtDocumentStart;
- a worker, `Assets/CC_Script/translations-engine.worker.js`, bundled on its own (a `files:` group);
- small groups of plain scripts (the other standard groups, Webcompat), `__firefox__.js` first where firefox-ios
  puts it, colliding top-level names across files, and the free `APP_ID_TOKEN`.

Writes UserScripts/, Assets/CC_Script/, node_modules/, wkpack.yml, entries/<Group>.js for esbuild/Bun and
webpack.config.js (one entry per group, like firefox-ios's).

Usage: firefox_tree.py OUT_DIR [--seed N] [--scale X]
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jsgen  # noqa: E402

# (output name, folder under UserScripts, first file)
GROUPS = jsgen.GROUPS + [("TranslationsEngine", "TranslationsEngine", None)]
WORKER = ("translations-engine.worker", "Assets/CC_Script/translations-engine.worker.js")
# The bundles that import the whole shared set.
SHARED_IMPORTERS = ["AutofillAllFramesAtDocumentStart", "AddressFormManager", "TranslationsEngine"]


def umd_package(name, global_name, text, names):
    """A UMD build (CommonJS, AMD or a browser global), as darkreader and dompurify ship."""
    exports = "".join("  exports.%s = %s;\n" % (n, n) for n in names)
    return """/**
 * %(name)s (generated benchmark package, UMD build)
 */
(function (global, factory) {
  typeof exports === "object" && typeof module !== "undefined" ? factory(exports) :
  typeof define === "function" && define.amd ? define(["exports"], factory) :
  (global = typeof globalThis !== "undefined" ? globalThis : global || self, factory(global.%(global_name)s = {}));
})(this, (function (exports) { "use strict";

%(text)s
%(exports)s
  Object.defineProperty(exports, "__esModule", { value: true });
}));
""" % {"name": name, "global_name": global_name, "text": text, "exports": exports}


def write_node_modules(tree, rng, scale):
    nm = os.path.join(tree, "node_modules")
    specs = {}
    for name, main, global_name, size in (("darkreader", "darkreader.js", "DarkReader", 160_000),
                                          ("dompurify", "dist/purify.js", "DOMPurify", 60_000)):
        cw = jsgen.CodeWriter(rng, name[:2] + "_")
        text, names = cw.body(int(size * scale))
        jsgen.write(os.path.join(nm, name, "package.json"),
                    '{\n  "name": "%s",\n  "version": "1.0.0",\n  "main": "%s"\n}\n' % (name, main))
        jsgen.write(os.path.join(nm, name, main), umd_package(name, global_name, text, names))
        specs[name] = names
    # CommonJS packages: @mozilla/readability (index.js requiring the implementation) and page-metadata-parser.
    cw = jsgen.CodeWriter(rng, "rd_")
    text, names = cw.body(int(250_000 * scale))
    jsgen.write(os.path.join(nm, "@mozilla/readability/package.json"),
                '{\n  "name": "@mozilla/readability",\n  "version": "0.5.0",\n  "main": "index.js"\n}\n')
    jsgen.write(os.path.join(nm, "@mozilla/readability/Readability.js"),
                text + "\nif (typeof module === \"object\") {\n  module.exports = { %s };\n}\n" % ", ".join(names))
    jsgen.write(os.path.join(nm, "@mozilla/readability/index.js"),
                'var Readability = require("./Readability");\n\nmodule.exports = { Readability: Readability };\n')
    specs["@mozilla/readability"] = ["Readability"]
    cw = jsgen.CodeWriter(rng, "pm_")
    text, names = cw.body(int(12_000 * scale))
    jsgen.write(os.path.join(nm, "page-metadata-parser/package.json"),
                '{\n  "name": "page-metadata-parser",\n  "version": "1.1.4",\n  "main": "parser.js"\n}\n')
    jsgen.write(os.path.join(nm, "page-metadata-parser/parser.js"),
                '"use strict";\n\n' + text + "\nmodule.exports = { %s };\n" % ", ".join(names))
    specs["page-metadata-parser"] = names
    return specs


def write_shared_set(tree, rng, scale, count=36):
    """Assets/CC_Script/*.sys.mjs: ES modules importing lower-numbered ones, and two index modules (all of them;
    the part AllFramesAtDocumentStart uses). Returns the two index paths."""
    folder = os.path.join(tree, "Assets", "CC_Script")
    modules = []  # (path, first exported name)
    per_module = int(650_000 * scale) // count
    for i in range(count):
        word = jsgen.WORDS[(i * 7) % len(jsgen.WORDS)]
        path = os.path.join(folder, "FormAutofill%s%02d.sys.mjs" % (word.title(), i))
        cw = jsgen.CodeWriter(rng, "fa%d_" % i)
        imports, used = "", []
        for k in sorted({rng.randrange(i) for _ in range(rng.randrange(0, 3))} if i else set()):
            local = "dep%d_%d" % (i, k)
            imports += 'import { %s as %s } from "./%s";\n' % (modules[k][1], local, os.path.basename(modules[k][0]))
            used.append(local)
        text, names = cw.body(per_module)
        # One object holding every function of the module (and what it imports), so no code is dead, as in
        # firefox-ios where the bundles use what they import.
        api = "module_fa%d" % i
        jsgen.write(path, imports + "\n" + text + "\nexport const %s = { %s };\n" % (api, ", ".join(names + used)))
        modules.append((path, api))

    def index(name, members):
        lines = ['import { %s as m%d } from "./%s";\n' % (modules[k][1], k, os.path.basename(modules[k][0])) for k in members]
        lines.append("\nexport const %s = { %s };\n" % (name, ", ".join("m%d" % k for k in members)))
        path = os.path.join(folder, name + ".sys.mjs")
        jsgen.write(path, "".join(lines))
        return path

    whole = index("FormAutofillShared", range(count))
    part = index("FormAutofillContent", range(0, count, 2))
    return whole, part


def entry(rng, root, folder, feature, imports, used, text_bytes, style="esm"):
    cw = jsgen.CodeWriter(rng, feature.lower()[:3] + "_")
    header = '"use strict";\n\n' if rng.random() < 0.5 else ""
    prologue, pro_names = jsgen.colliding_prologue(rng, cw)
    text, names = cw.body(text_bytes)
    export = ("export { api_%s as %s };\n" % (feature, feature)) if style == "esm" else "module.exports = api_%s;\n" % feature
    path = os.path.join(root, folder, feature + ".js")
    jsgen.write(path, header + imports + "\n" + prologue + "\n" + text
                + jsgen.registration(feature, names + pro_names + used) + export)
    return path


def wkpack_yml():
    lines = jsgen.wkpack_yml().rstrip("\n").split("\n")
    lines += ["    - name: TranslationsEngine", "      folder: TranslationsEngine",
              "    - name: TranslationsEngineWorker", "      files: [%s]" % WORKER[1],
              "      output: %s.js" % WORKER[0]]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies every generated size (default 1)")
    a = ap.parse_args()
    tree, scale = a.out, a.scale
    rng = random.Random(a.seed)
    jsgen.clean_dir(tree)
    root = os.path.join(tree, "UserScripts")
    specs = write_node_modules(tree, rng, scale)
    whole, part = write_shared_set(tree, rng, scale)
    kb = lambda n: int(n * 1000 * scale)  # noqa: E731

    def rel(folder, target):
        return jsgen.rel_spec(os.path.join(root, folder, "x.js"), target)

    for name, folder, first in GROUPS:
        if first:
            jsgen.write(os.path.join(root, folder, first), jsgen.firefox_runtime())
    # AllFramesAtDocumentStart: logins, form detection (part of the shared set), find-in-page, print.
    folder = "AllFrames/AtDocumentStart"
    entry(rng, root, folder, "LoginsHelper", 'import { FormAutofillContent } from "%s";\n' % rel(folder, part),
          ["FormAutofillContent"], kb(150))
    for feature in ("FindInPage", "PrintHandler", "FormDetection"):
        entry(rng, root, folder, feature, "", [], kb(12), style="cjs" if feature == "PrintHandler" else "esm")
    # MainFrameAtDocumentStart: reader mode, metadata, sanitizing, night mode preview (the UMD packages).
    folder = "MainFrame/AtDocumentStart"
    entry(rng, root, folder, "ReaderMode", 'const { Readability } = require("@mozilla/readability");\n',
          ["Readability"], kb(300), style="cjs")
    entry(rng, root, folder, "MetadataHelper", 'const metadata = require("page-metadata-parser");\n', ["metadata"], kb(10),
          style="cjs")
    entry(rng, root, folder, "Sanitizer", 'import * as DOMPurify from "dompurify";\n', ["DOMPurify"], kb(8))
    entry(rng, root, folder, "DarkReaderPreview", 'import * as DarkReader from "darkreader";\n', ["DarkReader"], kb(8))
    # NightMode: darkreader and a small controller.
    entry(rng, root, "AllFrames/NightModeAtDocumentStart", "NightModeHelper",
          'import * as DarkReader from "darkreader";\n', ["DarkReader"], kb(6))
    # The three bundles built on the whole shared set.
    for name, folder, feature in (("AutofillAllFramesAtDocumentStart", "AllFrames/AutofillAtDocumentStart", "Autofill"),
                                  ("AddressFormManager", "AddressFormManager", "AddressFormManager"),
                                  ("TranslationsEngine", "TranslationsEngine", "TranslationsEngine")):
        entry(rng, root, folder, feature, 'import { FormAutofillShared } from "%s";\n' % rel(folder, whole),
              ["FormAutofillShared"], kb(15))
    # Small groups of plain scripts.
    for folder, features in (("AllFrames/AtDocumentEnd", ("ContextMenu", "DownloadHelper")),
                             ("MainFrame/AtDocumentEnd", ("FocusHelper", "MetadataHelperEnd", "NoImageMode")),
                             ("AllFrames/WebcompatAtDocumentStart", ("WebcompatShims", "UserAgentOverrides"))):
        for feature in features:
            cw = jsgen.CodeWriter(rng, feature.lower()[:3] + "_")
            prologue, pro_names = jsgen.colliding_prologue(rng, cw)
            text, names = cw.body(kb(6))
            jsgen.write(os.path.join(root, folder, feature + ".js"),
                        prologue + "\n" + text + jsgen.registration(feature, names + pro_names))
    # The translations worker: a standalone script using the worker global scope.
    cw = jsgen.CodeWriter(rng, "tw_")
    text, names = cw.body(kb(30))
    jsgen.write(os.path.join(tree, WORKER[1]), '"use strict";\n\n' + text
                + "\nself.onmessage = (event) => {\n  const api = { %s };\n  self.postMessage({ id: event.data && event.data.id, "
                  "ready: Object.keys(api).length });\n};\n" % ", ".join(names))
    jsgen.write(os.path.join(tree, "wkpack.yml"), wkpack_yml())
    jsgen.write_peer_configs(tree, groups=GROUPS, extra={WORKER[0]: [WORKER[1]]})
    size, count = jsgen.tree_size(root)
    shared, shared_count = jsgen.tree_size(os.path.join(tree, "Assets"))
    nm, nm_count = jsgen.tree_size(os.path.join(tree, "node_modules"))
    print("firefox tree: %s: %d files, %.2f MB (+ Assets/CC_Script %d files, %.1f KB; node_modules %d files, %.1f KB)"
          % (tree, count, size / 1e6, shared_count, shared / 1e3, nm_count, nm / 1e3))


if __name__ == "__main__":
    main()
