"""Deterministic generator of realistic user-script JavaScript for the wkpack benchmarks (stdlib only).

Everything depends only on the seed given to `random.Random`, so the same arguments always produce
byte-identical trees. The helpers here are shared by firefox_tree.py, large_tree.py and plain_tree.py.
"""
import json
import os
import random
import shutil

# The groups of a firefox-ios tree: (output name, folder under the root, file that must come first).
STANDARD_GROUPS = [
    ("AllFramesAtDocumentStart", "AllFrames/AtDocumentStart", "__firefox__.js"),
    ("AllFramesAtDocumentEnd", "AllFrames/AtDocumentEnd", "__firefox__.js"),
    ("MainFrameAtDocumentStart", "MainFrame/AtDocumentStart", None),
    ("MainFrameAtDocumentEnd", "MainFrame/AtDocumentEnd", None),
]
NAMED_GROUPS = [
    ("WebcompatAllFramesAtDocumentStart", "AllFrames/WebcompatAtDocumentStart", None),
    ("NightModeAllFramesAtDocumentStart", "AllFrames/NightModeAtDocumentStart", "__firefox__.js"),
    ("AutofillAllFramesAtDocumentStart", "AllFrames/AutofillAtDocumentStart", None),
    ("AddressFormManager", "AddressFormManager", None),
]
GROUPS = STANDARD_GROUPS + NAMED_GROUPS

# Top-level names many files declare: they collide if files are concatenated into one scope.
COLLIDING_NAMES = ["events", "DEBUG", "config", "state", "utils", "observer", "SELECTORS", "log"]

WORDS = ("form field input login password address card credit email phone name street city zip country "
         "reader mode night dark theme color style metadata page title image link icon frame script "
         "content block tracker cookie consent banner popup overlay video media player audio print find "
         "highlight selection context menu touch gesture scroll zoom focus blur submit change observer "
         "mutation node element attribute text range offset rect viewport window document history").split()


def clean_dir(path):
    """Removes and recreates a generated folder (only ever called on folders under .bench/)."""
    if os.path.isdir(path):
        shutil.rmtree(path)
    os.makedirs(path)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def collation_key(name):
    """Approximates the English collation webpack's glob uses: symbols < digits < letters, case-insensitive."""
    def rank(c):
        if c.isalpha():
            return (2, c.lower(), 0 if c.islower() else 1)
        if c.isdigit():
            return (1, c, 0)
        return (0, c, 0)
    return [rank(c) for c in name]


class CodeWriter:
    """Writes blocks of realistic JavaScript with unique names (a per-writer counter)."""

    def __init__(self, rng, prefix):
        self.rng = rng
        self.prefix = prefix
        self.counter = 0

    def ident(self, kind="fn"):
        self.counter += 1
        a, b = self.rng.choice(WORDS), self.rng.choice(WORDS)
        base = a + b[0].upper() + b[1:]
        if kind == "class":
            base = base[0].upper() + base[1:]
        return "%s_%s%d" % (base, self.prefix, self.counter)

    def word(self):
        return self.rng.choice(WORDS)

    # Each block returns (text, name of a function/class it defines that callers may use).
    def block(self):
        kind = self.rng.randrange(9)
        return [self.function_block, self.class_block, self.regex_block, self.template_block,
                self.async_block, self.object_block, self.generator_block, self.switch_block,
                self.arrow_block][kind]()

    def function_block(self):
        name, w1, w2 = self.ident(), self.word(), self.word()
        n = self.rng.randrange(2, 9)
        return ("""/**
 * Collects the %(w1)s %(w2)s entries of a subtree, skipping hidden nodes.
 * @param {Element} root
 * @returns {Array<{id: string, depth: number}>}
 */
function %(name)s(root, maxDepth = %(n)d) {
  const result = [];
  const stack = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop();
    if (!node || depth > maxDepth) {
      continue;
    }
    if (node.hidden === true || (node.style && node.style.display === "none")) {
      continue;
    }
    if (node.dataset && node.dataset.%(w1)s !== undefined) {
      result.push({ id: node.id || "%(w2)s-" + result.length, depth });
    }
    for (let i = (node.children ? node.children.length : 0) - 1; i >= 0; i--) {
      stack.push([node.children[i], depth + 1]);
    }
  }
  return result.sort((a, b) => a.depth - b.depth || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
""" % locals(), name)

    def class_block(self):
        name, w1, w2 = self.ident("class"), self.word(), self.word()
        limit = self.rng.randrange(8, 200)
        return ("""class %(name)s {
  #entries = new Map();
  static DEFAULT_LIMIT = %(limit)d;

  constructor(owner, options = {}) {
    this.owner = owner;
    this.options = { limit: %(name)s.DEFAULT_LIMIT, %(w1)s: true, ...options };
    this.generation = 0;
  }

  get size() {
    return this.#entries.size;
  }

  track(key, value) {
    if (this.#entries.size >= this.options.limit) {
      const oldest = this.#entries.keys().next().value;
      this.#entries.delete(oldest);
    }
    this.#entries.set(key, { value, generation: ++this.generation });
    return this;
  }

  lookup(key) {
    const entry = this.#entries.get(key);
    return entry?.value ?? null;
  }

  describe() {
    return `%(w2)s(${this.owner}) holds ${this.size}/${this.options.limit} entries, generation ${this.generation}`;
  }

  *[Symbol.iterator]() {
    for (const [key, entry] of this.#entries) {
      yield [key, entry.value];
    }
  }
}
""" % locals(), name)

    def regex_block(self):
        name, w1 = self.ident(), self.word()
        return ("""const %(name)s = (() => {
  const urlPattern = /^(https?):\\/\\/([^\\/?#:]+)(?::(\\d{2,5}))?([^?#]*)(\\?[^#]*)?(#.*)?$/i;
  const emailPattern = /^[\\w.+-]+@[a-z\\d-]+(?:\\.[a-z\\d-]+)*\\.[a-z]{2,}$/i;
  const spaces = /[\\s\\u00a0\\u200b]+/g;
  return function parse(value) {
    if (typeof value !== "string" || value.length === 0) return null;
    const trimmed = value.replace(spaces, " ").trim();
    if (emailPattern.test(trimmed)) return { kind: "email", value: trimmed.toLowerCase() };
    const m = urlPattern.exec(trimmed);
    if (m === null) return { kind: "%(w1)s", value: trimmed };
    const port = m[3] !== undefined ? Number(m[3]) : (m[1] === "https" ? 443 : 80);
    return { kind: "url", scheme: m[1].toLowerCase(), host: m[2], port, path: m[4] || "/", ratio: port / 2 };
  };
})();
""" % locals(), name)

    def template_block(self):
        name, w1, w2 = self.ident(), self.word(), self.word()
        return ("""function %(name)s(items, { title = "%(w1)s", compact = false } = {}) {
  const escape = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  const rows = items.map((item, index) => `
    <li class="%(w2)s-item${compact ? " compact" : ""}" data-index="${index}">
      <span class="label">${escape(item.label ?? `#${index + 1}`)}</span>
      <span class="value">${escape(item.value)}</span>
    </li>`);
  return `<section aria-label="${escape(title)}">
  <h2>${escape(title)} (${items.length})</h2>
  <ul>${rows.join("")}
  </ul>
</section>`;
}
""" % locals(), name)

    def async_block(self):
        name, w1, ms = self.ident(), self.word(), self.rng.randrange(50, 2000)
        return ("""async function %(name)s(request, attempts = 3) {
  let lastError = null;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await request({ attempt, reason: "%(w1)s" });
      if (response && response.ok) {
        return await response.json();
      }
      lastError = new Error(`request failed with status ${response ? response.status : "none"}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, %(ms)d * 2 ** (attempt - 1)));
  }
  throw lastError;
}
""" % locals(), name)

    def object_block(self):
        name = self.ident()
        keys = sorted(set(self.word() for _ in range(6)))
        entries = ",\n".join('  %s: { weight: %d, label: "%s", enabled: %s }'
                             % (k, self.rng.randrange(1, 100), k.title(), "true" if self.rng.random() < 0.7 else "false")
                             for k in keys)
        return ("""const %(name)s = Object.freeze({
%(entries)s
});
""" % locals(), None)

    def generator_block(self):
        name, w1 = self.ident(), self.word()
        return ("""function* %(name)s(text, size = 64) {
  // Splits text into chunks on word boundaries (no chunk longer than size).
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const space = text.lastIndexOf(" ", end);
      if (space > start) end = space;
    }
    yield { start, end, text: text.slice(start, end), tag: "%(w1)s" };
    start = end + 1;
  }
}
""" % locals(), name)

    def switch_block(self):
        name = self.ident()
        cases = "".join("""    case "%s":
      return %d;
""" % (w, i * 7 % 31) for i, w in enumerate(sorted(set(self.word() for _ in range(7)))))
        return ("""function %(name)s(type) {
  switch (type) {
%(cases)s    default:
      return typeof type === "number" ? type | 0 : -1;
  }
}
""" % locals(), name)

    def arrow_block(self):
        name, w1 = self.ident(), self.word()
        return ("""const %(name)s = (list, predicate = (x) => x != null) =>
  list
    .filter(predicate)
    .map((x, i) => ({ ...x, rank: i, key: `%(w1)s:${x.id ?? i}` }))
    .reduce((acc, x) => ((acc[x.key] = x), acc), Object.create(null));
""" % locals(), name)

    def body(self, target_bytes):
        """Blocks until target_bytes is reached; returns (text, callable names)."""
        parts, names, size = [], [], 0
        while size < target_bytes:
            text, name = self.block()
            parts.append(text)
            size += len(text)
            if name:
                names.append(name)
        return "\n".join(parts), names


def firefox_runtime():
    """The __firefox__.js file that defines window.__firefox__ (first in its groups)."""
    return """"use strict";

if (!window.__firefox__) {
  Object.defineProperty(window, "__firefox__", {
    enumerable: false,
    configurable: false,
    writable: false,
    value: {
      userScripts: {},
      includeOnce(name, fn) {
        if (!this.userScripts[name]) {
          this.userScripts[name] = true;
          if (typeof fn === "function") fn();
          return false;
        }
        return true;
      },
      register(name, api) {
        this.userScripts[name] = api;
        return api;
      },
    },
  });
}
"""


def registration(feature, names):
    """Top-level code that registers the file's API so nothing is tree-shaken away."""
    listed = ", ".join(names) if names else ""
    return """
const api_%(feature)s = { %(listed)s };
if (window.__firefox__ && typeof window.__firefox__.register === "function") {
  window.__firefox__.register("%(feature)s", api_%(feature)s);
} else {
  window["%(feature)s"] = api_%(feature)s;
}
""" % {"feature": feature, "listed": listed}


def wkpack_yml(output="Assets"):
    lines = ["# Generated by Benchmarks/generators: the wkpack configuration of this benchmark tree.",
             "scripts:", "  root: UserScripts", "  output: %s" % output, "  mode: production",
             "  sourceMaps: external",
             # The generated code uses private fields and methods, optional chaining and object spread:
             # firefox-ios's own minimum, iOS 15.
             "  target: safari15", "  groups:"]
    for name, folder, first in GROUPS:
        lines.append("    - name: %s" % name)
        if (name, folder, first) in NAMED_GROUPS:
            lines.append("      folder: %s" % folder)
        if first:
            lines.append("      first: %s" % first)
    return "\n".join(lines) + "\n"


def group_files(root, folder):
    d = os.path.join(root, folder)
    if not os.path.isdir(d):
        return []
    return [f for f in os.listdir(d) if f.endswith((".js", ".mjs")) and os.path.isfile(os.path.join(d, f))]


def ordered_files(root, folder, first):
    files = sorted(group_files(root, folder), key=collation_key)
    if first and first in files:
        files.remove(first)
        files.insert(0, first)
    return files


def write_peer_configs(tree, groups=GROUPS, root_name="UserScripts", extra=None):
    """Writes entries/<Group>.js (one esbuild/Bun entry per group) and webpack.config.js; `extra` maps more entry
    names to lists of files relative to the tree (groups configured with `files:`)."""
    root = os.path.join(tree, root_name)
    entries_dir = os.path.join(tree, "entries")
    clean_dir(entries_dir)
    webpack_entries = []
    listed = [(name, ["../%s/%s/%s" % (root_name, folder, f) for f in ordered_files(root, folder, first)])
              for name, folder, first in groups]
    listed += [(name, ["../" + f for f in files]) for name, files in sorted((extra or {}).items())]
    for name, rel in listed:
        if not rel:
            continue
        write(os.path.join(entries_dir, name + ".js"),
              "// Generated entry for the %s group: its files in bundle order.\n" % name
              + "".join('import "%s";\n' % r for r in rel))
        webpack_entries.append("    %s: [%s]," % (json.dumps(name), ", ".join(json.dumps("./" + r[3:]) for r in rel)))
    write(os.path.join(tree, "webpack.config.js"), """// Generated webpack configuration: one entry per group (like firefox-ios), source maps on.
const path = require("path");

module.exports = (env, argv) => ({
  context: __dirname,
  mode: argv.mode || "production",
  entry: {
%s
  },
  output: {
    path: process.env.WKPACK_BENCH_OUT || path.resolve(__dirname, "out-webpack"),
    filename: "[name].js",
  },
  devtool: "source-map",
  performance: { hints: false },
  stats: "errors-warnings",
});
""" % "\n".join(webpack_entries))


def tree_size(path):
    total, count = 0, 0
    for d, _, files in os.walk(path):
        for f in files:
            total += os.path.getsize(os.path.join(d, f))
            count += 1
    return total, count


def colliding_prologue(rng, cw):
    """One or two top-level declarations with names other files use too, plus the free APP_ID_TOKEN."""
    names = rng.sample(COLLIDING_NAMES, 2)
    out = []
    for n in names:
        if n == "DEBUG":
            out.append("const DEBUG = %s;" % ("true" if rng.random() < 0.2 else "false"))
        elif n == "events":
            out.append("const events = [%s];" % ", ".join(json.dumps(cw.word()) for _ in range(3)))
        elif n == "log":
            out.append('const log = (...args) => { if (window.__wkpackDebug) console.log("[%s]", ...args); };' % cw.word())
        elif n == "SELECTORS":
            out.append('const SELECTORS = ["input[type=%s]", "form[action^=\\"https://\\"]", "[data-%s]"];' % (cw.word(), cw.word()))
        else:
            out.append("const %s = { name: %s, created: 0, enabled: %s };" % (n, json.dumps(cw.word()), "true" if rng.random() < 0.5 else "false"))
    out.append('const token_%s = typeof APP_ID_TOKEN === "undefined" ? "" : APP_ID_TOKEN;' % cw.prefix)
    return "\n".join(out) + "\n", ["token_%s" % cw.prefix]


def write_packages(tree, rng, package_bytes=8000):
    """A node_modules folder with four packages: `exports`, `module`, `main` and a scoped one.

    Returns {specifier: (style, exported name)} where style is how to import it."""
    nm = os.path.join(tree, "node_modules")
    specs = {}
    # 1. package.json "exports" (conditional, plus a subpath), ES modules in .mjs files.
    cw = CodeWriter(rng, "dk")
    text, names = cw.body(package_bytes)
    write(os.path.join(nm, "dom-kit/package.json"), json.dumps({
        "name": "dom-kit", "version": "2.1.0",
        "exports": {".": {"import": "./dist/index.mjs", "require": "./dist/index.cjs", "default": "./dist/index.mjs"},
                    "./escape": "./dist/escape.mjs", "./package.json": "./package.json"}}, indent=2) + "\n")
    write(os.path.join(nm, "dom-kit/dist/index.mjs"), text + "\nexport { %s };\n" % ", ".join(names))
    write(os.path.join(nm, "dom-kit/dist/index.cjs"), '"use strict";\n' + text
          + "\nmodule.exports = { %s };\n" % ", ".join(names))
    write(os.path.join(nm, "dom-kit/dist/escape.mjs"),
          'export function escapeHTML(s) {\n  return String(s).replace(/[&<>"\']/g, (c) => `&#${c.charCodeAt(0)};`);\n}\n')
    specs["dom-kit"] = ("esm", names[0])
    specs["dom-kit/escape"] = ("esm", "escapeHTML")
    # 2. package.json "module" (preferred by bundlers) next to "main".
    cw = CodeWriter(rng, "rl")
    text, names = cw.body(package_bytes)
    write(os.path.join(nm, "readable-lite/package.json"), json.dumps({
        "name": "readable-lite", "version": "0.9.3", "main": "lib/readable.js", "module": "es/readable.js"}, indent=2) + "\n")
    write(os.path.join(nm, "readable-lite/es/readable.js"), text + "\nexport { %s };\n" % ", ".join(names))
    write(os.path.join(nm, "readable-lite/lib/readable.js"), '"use strict";\n' + text
          + "\nmodule.exports = { %s };\n" % ", ".join(names))
    specs["readable-lite"] = ("esm", names[0])
    # 3. package.json "main" only, CommonJS.
    cw = CodeWriter(rng, "pl")
    text, names = cw.body(package_bytes)
    write(os.path.join(nm, "purify-lite/package.json"), json.dumps({
        "name": "purify-lite", "version": "3.0.6", "main": "dist/purify.cjs.js"}, indent=2) + "\n")
    write(os.path.join(nm, "purify-lite/dist/purify.cjs.js"), '"use strict";\n' + text
          + "\nmodule.exports = { %s };\n" % ", ".join(names))
    specs["purify-lite"] = ("cjs", names[0])
    # 4. A scoped package (main, ES module syntax).
    cw = CodeWriter(rng, "pm")
    text, names = cw.body(package_bytes)
    write(os.path.join(nm, "@mozilla/page-meta/package.json"), json.dumps({
        "name": "@mozilla/page-meta", "version": "1.2.0", "main": "src/index.js"}, indent=2) + "\n")
    write(os.path.join(nm, "@mozilla/page-meta/src/index.js"), text + "\nexport { %s };\n" % ", ".join(names))
    specs["@mozilla/page-meta"] = ("esm", names[0])
    return specs


def import_stmt(style, spec, name, local):
    """How a file of `style` ("esm" or "cjs") imports `name` from `spec` as `local`."""
    if style == "esm":
        return 'import { %s as %s } from "%s";\n' % (name, local, spec)
    return 'const { %s: %s } = require("%s");\n' % (name, local, spec)


def rel_spec(from_file, to_file):
    r = os.path.relpath(to_file, os.path.dirname(from_file)).replace(os.sep, "/")
    return r if r.startswith(".") else "./" + r


def write_module_tree(tree, seed, entries_total=40, libs_total=10, entry_bytes=9000, lib_bytes=5000,
                      package_bytes=8000):
    """A firefox-ios-shaped tree with ES and CommonJS modules between files and from node_modules."""
    rng = random.Random(seed)
    clean_dir(tree)
    root = os.path.join(tree, "UserScripts")
    specs = write_packages(tree, rng, package_bytes)
    package_list = sorted(specs)

    # Library modules. A few "core" libraries are shared by every group; the others belong to one group
    # (contiguous blocks) and import only core libraries and lower-numbered libraries of their own group,
    # so each group's bundle holds about 1/8 of the tree (as per-group bundles do), not all of it.
    n_groups = len(GROUPS)
    core = min(libs_total, max(2, libs_total // 100))

    def lib_group(i):
        return None if i < core else (i - core) * n_groups // max(1, libs_total - core)

    libs = []  # (path, style, exported names)
    per_dir = 100
    imported = set()
    block_start = {}
    for i in range(libs_total):
        g = lib_group(i)
        block_start.setdefault(g, i)
        sub = "lib" if libs_total <= per_dir else "lib/p%02d" % (i // per_dir)
        style = "cjs" if i % 3 == 2 else "esm"
        path = os.path.join(root, sub, "%s%04d.js" % (rng.choice(WORDS), i))
        cw = CodeWriter(rng, "l%d_" % i)
        header = '"use strict";\n\n' if style == "cjs" and rng.random() < 0.7 else ""
        imports, used = "", []
        lo = max(block_start[g], i - 50)
        deps = set()
        if i > lo:
            deps.update(rng.randrange(lo, i) for _ in range(rng.randrange(0, 3)))
        if g is not None and core and rng.random() < 0.3:
            deps.add(rng.randrange(core))
        for k in sorted(deps):
            dep_path, _, dep_names = libs[k]
            local = "dep%d_%d" % (i, k)
            imports += import_stmt(style, rel_spec(path, dep_path), dep_names[0], local)
            used.append(local)
            imported.add(k)
        text, names = cw.body(lib_bytes)
        names = names or [cw.ident()]
        uses = "".join("export const uses_%s = [%s];\n" % (cw.prefix.rstrip("_"), ", ".join(used))) if used and style == "esm" else ""
        if style == "esm":
            footer = "\n" + uses + "export { %s };\n" % ", ".join(names)
        else:
            footer = "\nmodule.exports = { %s };\n" % ", ".join(names + (["uses: [%s]" % ", ".join(used)] if used else []))
        write(path, header + imports + "\n" + text + footer)
        libs.append((path, style, names))

    # Entries spread over the 8 groups; groups with a `first` file start with __firefox__.js.
    slots = [(j % n_groups,) + GROUPS[j % n_groups] for j in range(entries_total)]
    seen_first = set()
    entries_by_group = {}
    for j, (gi, _, folder, first) in enumerate(slots):
        if first and folder not in seen_first:
            seen_first.add(folder)
        else:
            entries_by_group.setdefault(gi, []).append(j)
    assigned = {}
    all_entries = sorted(j for js in entries_by_group.values() for j in js)
    for n, k in enumerate(k for k in range(libs_total) if k not in imported):
        g = lib_group(k)
        ents = entries_by_group.get(k % n_groups if g is None else g) or all_entries
        assigned.setdefault(ents[n % len(ents)], []).append(k)
    firsts = set()
    entry_index = 0
    for j, (gi, gname, folder, first) in enumerate(slots):
        if first and folder not in firsts:
            firsts.add(folder)
            write(os.path.join(root, folder, first), firefox_runtime())
            continue
        entry_index += 1
        style = "esm" if j % 10 < 6 else "cjs"
        feature = "%s%d" % (rng.choice(WORDS).title(), entry_index)
        path = os.path.join(root, folder, "%s.js" % feature)
        cw = CodeWriter(rng, "e%d_" % entry_index)
        header = '"use strict";\n\n' if rng.random() < 0.5 else ""
        imports, used = "", []
        mine = assigned.get(j, [])
        if rng.random() < 0.6 and core:
            mine = sorted(set(mine + [rng.randrange(core)]))
        for k in mine:
            dep_path, _, dep_names = libs[k]
            local = "lib%d_%d" % (entry_index, k)
            imports += import_stmt(style, rel_spec(path, dep_path), dep_names[0], local)
            used.append(local)
        if j % 3 == 0 or j < len(package_list):
            spec = package_list[j % len(package_list)]
            local = "pkg%d" % entry_index
            imports += import_stmt(style, spec, specs[spec][1], local)
            used.append(local)
        prologue, pro_names = colliding_prologue(rng, cw)
        text, names = cw.body(entry_bytes)
        reg = registration(feature, names + pro_names + used)
        export = ("export { api_%s as %s };\n" % (feature, feature)) if style == "esm" else \
                 "module.exports = api_%s;\n" % feature
        write(path, header + imports + "\n" + prologue + "\n" + text + reg + export)
    for name, folder, first in GROUPS:
        if not group_files(root, folder):
            write(os.path.join(root, folder, "%sPlaceholder.js" % name),
                  '"use strict";\nwindow.%sLoaded = true;\n' % name)
    write(os.path.join(tree, "wkpack.yml"), wkpack_yml())
    write_peer_configs(tree)


def write_plain_tree(tree, seed, files_total=40, file_bytes=12000):
    """Like write_module_tree but every file is a standalone script: no import, export or require."""
    rng = random.Random(seed)
    clean_dir(tree)
    root = os.path.join(tree, "UserScripts")
    firsts = set()
    index = 0
    for j in range(files_total):
        gname, folder, first = GROUPS[j % len(GROUPS)]
        if first and folder not in firsts:
            firsts.add(folder)
            write(os.path.join(root, folder, first), firefox_runtime())
            continue
        index += 1
        feature = "%s%d" % (rng.choice(WORDS).title(), index)
        cw = CodeWriter(rng, "p%d_" % index)
        header = '"use strict";\n\n' if rng.random() < 0.5 else ""
        prologue, pro_names = colliding_prologue(rng, cw)
        text, names = cw.body(file_bytes)
        write(os.path.join(root, folder, "%s.js" % feature),
              header + prologue + "\n" + text + registration(feature, names + pro_names))
    write(os.path.join(tree, "wkpack.yml"), wkpack_yml())
    write_peer_configs(tree)
