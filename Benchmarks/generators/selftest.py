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
import jsgen  # noqa: E402

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
        groups = [g for g in jsgen.GROUPS if jsgen.group_files(os.path.join(a, "UserScripts"), g[1])]
        check(len(groups) == 8, "%s writes 8 groups" % script)
        check(len(os.listdir(os.path.join(a, "entries"))) == 8, "%s writes 8 esbuild/Bun entries" % script)
        for _, folder, first in jsgen.GROUPS:
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
            check(os.path.isdir(os.path.join(a, "node_modules", "@mozilla", "page-meta")), "%s has a scoped package" % script)
        check(sum("const events = " in t for t in texts) >= 2, "%s: top-level names collide across files" % script)
        check(any('"use strict"' in t for t in texts), "%s: some files are strict" % script)

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
