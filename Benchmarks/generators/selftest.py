#!/usr/bin/env python3
"""Self-test of the benchmark generators: determinism, shapes and the url-filter variation.

Usage: Benchmarks/generators/selftest.py      (exits 1 on the first failed check)
"""
import filecmp
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import big_rules  # noqa: E402
import firefox_tree  # noqa: E402
import jsgen  # noqa: E402
from importlib.machinery import SourceFileLoader  # noqa: E402

bench = SourceFileLoader("bench_run", os.path.join(HERE, "..", "..", "scripts", "bench", "run")).load_module()

failures = 0


def check(ok, what):
    global failures
    print("%s %s" % ("ok  " if ok else "FAIL", what))
    failures += 0 if ok else 1


def same_tree(a, b):
    cmp = filecmp.dircmp(a, b)
    if cmp.left_only or cmp.right_only or cmp.diff_files or cmp.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, cmp.common_files, shallow=False)
    return not mismatch and not errors and all(same_tree(os.path.join(a, d), os.path.join(b, d)) for d in cmp.common_dirs)


def has_module_syntax(text):
    return any(tok in text for tok in ("import ", "export ", "require(", "module.exports"))


with tempfile.TemporaryDirectory() as tmp:
    for script, extra in (("firefox_tree.py", []), ("plain_tree.py", []), ("large_tree.py", ["--modules", "200"])):
        a, b = os.path.join(tmp, script + "-a"), os.path.join(tmp, script + "-b")
        for out in (a, b):
            subprocess.run([sys.executable, os.path.join(HERE, script), out, *extra], check=True, capture_output=True)
        check(same_tree(a, b), "%s is deterministic (two runs byte-identical)" % script)
        all_groups = firefox_tree.GROUPS if script == "firefox_tree.py" else jsgen.GROUPS
        groups = [g for g in all_groups if jsgen.group_files(os.path.join(a, "UserScripts"), g[1])]
        check(len(groups) == len(all_groups), "%s writes %d groups" % (script, len(all_groups)))
        entry_count = len(all_groups) + (1 if script == "firefox_tree.py" else 0)
        check(len(os.listdir(os.path.join(a, "entries"))) == entry_count,
              "%s writes %d esbuild/Bun entries" % (script, entry_count))
        for _, folder, first in all_groups:
            if first:
                order = jsgen.ordered_files(os.path.join(a, "UserScripts"), folder, first)
                check(order[:1] == [first], "%s: %s starts with %s" % (script, folder, first))
        texts = []
        for d, _, files in os.walk(os.path.join(a, "UserScripts")):
            texts += [open(os.path.join(d, f), encoding="utf-8").read() for f in files if f.endswith(".js")]
        modular = sum(has_module_syntax(t) for t in texts)
        if script == "plain_tree.py":
            check(modular == 0, "plain tree has no module syntax")
        else:
            check(modular > len(texts) // 2, "%s uses module syntax (%d of %d files)" % (script, modular, len(texts)))
            scoped = "readability" if script == "firefox_tree.py" else "page-meta"
            check(os.path.isdir(os.path.join(a, "node_modules", "@mozilla", scoped)), "%s has a scoped package" % script)
        if script == "firefox_tree.py":
            # What weighs in firefox-ios: the shared set imported by three bundles, UMD packages, a worker.
            shared = os.path.join(a, "Assets", "CC_Script")
            shared_bytes = sum(os.path.getsize(os.path.join(shared, f)) for f in os.listdir(shared) if f.endswith(".sys.mjs"))
            check(shared_bytes > 500_000, "firefox tree: shared module set of %d bytes" % shared_bytes)
            importers = []
            for name, folder, _ in firefox_tree.GROUPS:
                for f in jsgen.group_files(os.path.join(a, "UserScripts"), folder):
                    if "FormAutofillShared.sys.mjs" in open(os.path.join(a, "UserScripts", folder, f), encoding="utf-8").read():
                        importers.append(name)
            check(sorted(importers) == sorted(firefox_tree.SHARED_IMPORTERS),
                  "firefox tree: the whole shared set is imported by %s" % ", ".join(sorted(importers)))
            for package, main, least in (("darkreader", "darkreader.js", 100_000), ("dompurify", "dist/purify.js", 40_000)):
                text = open(os.path.join(a, "node_modules", package, main), encoding="utf-8").read()
                check(len(text) >= least and "define.amd" in text and "typeof exports" in text,
                      "firefox tree: %s is a UMD package of %d bytes" % (package, len(text)))
            worker = os.path.join(a, firefox_tree.WORKER[1])
            check(os.path.isfile(worker) and "self.onmessage" in open(worker, encoding="utf-8").read(),
                  "firefox tree: has the translations worker")
            yml = open(os.path.join(a, "wkpack.yml"), encoding="utf-8").read()
            check("files: [%s]" % firefox_tree.WORKER[1] in yml, "firefox tree: wkpack.yml bundles the worker on its own")
        check(sum("const events = " in t for t in texts) >= 2, "%s: top-level names collide across files" % script)
        check(any('"use strict"' in t for t in texts), "%s: some files are strict" % script)

# The size table of scripts/bench/run: rows per bundle any tool wrote, ratios to the smallest, totals only over
# tools that wrote every bundle.
rows = bench.size_rows({"wkpack": {"A.js": 120, "B.js": 10}, "esbuild": {"A.js": 100, "B.js": 12}, "bun": {}, "webpack": {"A.js": 90}})
check([r["bundle"] for r in rows] == ["A", "B", "total"], "size table lists every bundle, then the total")
check(rows[0]["smallest"] == 90 and rows[0]["bytes"]["bun"] is None, "size table: smallest of a row, missing cells")
check(rows[2]["bytes"] == {"wkpack": 130, "esbuild": 112, "bun": None, "webpack": None} and rows[2]["smallest"] == 112,
      "size table: totals only over tools that wrote every bundle")

cases = [
    (r"^https?://([^/]+\.)?list\.ru", r"^https?://([^/]+\.)?list-c1\.ru"),
    (r"^[htpsw]+:\/\/([a-z0-9-]+\.)?ad\.fun[/:&?]?", r"^[htpsw]+:\/\/([a-z0-9-]+\.)?ad-c1\.fun[/:&?]?"),
    (r"/notification-prod-sw\.js", r"/notification-prod-sw-c1\.js"),
    (r"[a\.b]x\.y", r"[a\.b]x-c1\.y"),
    (r"\\\.y", r"c1-\\\.y"),
    (r".*", r"c1-.*"),
    (r"^https?://foo", r"^c1-https?://foo"),
]
for pattern, expected in cases:
    got = big_rules.vary_filter(pattern, 1)
    check(got == expected, "vary_filter(%s) = %s" % (pattern, got))

corpus = big_rules.DEFAULT_CORPUS
if os.path.isdir(corpus):
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.join(HERE, "big_rules.py"), tmp, "--sizes", "1000,5000"],
                       check=True, capture_output=True)
        for n in (1000, 5000):
            rules = json.load(open(os.path.join(tmp, "rules-%d.json" % n)))
            check(len(rules) == n, "rules-%d.json holds %d rules" % (n, len(rules)))
else:
    print("skip rule lists: no corpus at %s" % corpus)

sys.exit(1 if failures else 0)
