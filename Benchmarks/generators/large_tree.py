#!/usr/bin/env python3
"""Generates a large firefox-ios-shaped benchmark tree: by default 2,000 modules, ~20 MB (deterministic).

Same shapes as firefox_tree.py (8 groups, ES and CommonJS modules, node_modules packages); a tenth of the
modules are group entry files, the rest library modules under UserScripts/lib/ imported from them.

Usage: large_tree.py OUT_DIR [--modules N] [--module-bytes B] [--seed N]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jsgen  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--modules", type=int, default=2000)
    ap.add_argument("--module-bytes", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    entries = max(len(jsgen.GROUPS) + 3, a.modules // 10)
    libs = max(0, a.modules - entries)
    jsgen.write_module_tree(a.out, a.seed, entries_total=entries, libs_total=libs,
                            entry_bytes=a.module_bytes, lib_bytes=a.module_bytes)
    size, count = jsgen.tree_size(os.path.join(a.out, "UserScripts"))
    print("large tree: %s: %d modules, %.2f MB" % (a.out, count, size / 1e6))


if __name__ == "__main__":
    main()
