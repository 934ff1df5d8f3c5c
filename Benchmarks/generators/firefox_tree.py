#!/usr/bin/env python3
"""Generates a firefox-ios-shaped benchmark tree (deterministic for a given seed).

8 groups (the 4 standard UserScripts/<Frame>/<Time>/ folders and 4 named ones), ~40 entry files, ES and
CommonJS modules between files and from a generated node_modules (packages using `exports`, `module`,
`main`, and a scoped one), ~0.5 MB. Also writes wkpack.yml, entries/<Group>.js for esbuild/Bun, and
webpack.config.js.

Usage: firefox_tree.py OUT_DIR [--seed N]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jsgen  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=42)
    a = ap.parse_args()
    jsgen.write_module_tree(a.out, a.seed, entries_total=43, libs_total=10, entry_bytes=9500, lib_bytes=5000)
    size, count = jsgen.tree_size(os.path.join(a.out, "UserScripts"))
    nm, nm_count = jsgen.tree_size(os.path.join(a.out, "node_modules"))
    print("firefox tree: %s: %d files, %.2f MB (+ node_modules %d files, %.1f KB)"
          % (a.out, count, size / 1e6, nm_count, nm / 1e3))


if __name__ == "__main__":
    main()
