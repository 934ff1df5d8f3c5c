#!/usr/bin/env python3
"""Generates a firefox-ios-shaped tree without any module syntax (deterministic for a given seed).

Like firefox_tree.py, but every file is a standalone script (no import/export/require, no node_modules),
so today's module-less wkpack bundler can build it. Top-level names still collide across files.

Usage: plain_tree.py OUT_DIR [--files N] [--file-bytes B] [--seed N]
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import jsgen  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--files", type=int, default=43)
    ap.add_argument("--file-bytes", type=int, default=12000)
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args()
    jsgen.write_plain_tree(a.out, a.seed, files_total=a.files, file_bytes=a.file_bytes)
    size, count = jsgen.tree_size(os.path.join(a.out, "UserScripts"))
    print("plain tree: %s: %d files, %.2f MB" % (a.out, count, size / 1e6))


if __name__ == "__main__":
    main()
