#!/usr/bin/env python3
"""Builds large WebKit content-blocking lists from the corpus lists (deterministic, stdlib only).

The valid lists under CORPUS (default ../shared/corpus/webkit, without invalid/) are concatenated in path
order into a pool; copy k >= 1 of the pool varies every rule's url-filter (a `-c<k>` infix before the first
escaped dot of the host, e.g. `list\\.ru` -> `list-c1\\.ru`, or after a leading `^` when there is none) so the
copies are distinct rules that stay inside WebKit's regex subset. A list of N rules takes N evenly spaced
rules of the pool, in pool order, so every size has the same mix of lists and action types.

Usage: big_rules.py OUT_DIR [--sizes 1000,10000,50000,150000] [--corpus DIR] [--oracle]
Writes OUT_DIR/rules-<N>.json (one rule per line). --oracle compiles the largest list with the WebKit
oracle and fails unless WebKit accepts it.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_CORPUS = os.path.join(REPO, "..", "shared", "corpus", "webkit")
ORACLE = os.path.join(REPO, "..", "shared", "tools", "webkit-oracle")


def corpus_lists(corpus):
    paths = sorted(p for p in glob.glob(os.path.join(corpus, "*", "*.json"))
                   if os.path.basename(os.path.dirname(p)) != "invalid")
    return paths


def vary_filter(pattern, k):
    """Inserts `-c<k>` before the first `\\.` that follows a letter or digit outside a character class."""
    infix = "-c%d" % k
    in_class = False
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            if not in_class and pattern[i + 1:i + 2] == "." and i > 0 and pattern[i - 1].isalnum() \
                    and not (i >= 2 and pattern[i - 2] == "\\"):
                return pattern[:i] + infix + pattern[i:]
            i += 2
            continue
        if c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        i += 1
    if pattern.startswith("^"):
        return "^c%d-" % k + pattern[1:]
    return "c%d-" % k + pattern


def build_pool(paths, total):
    base = []
    for p in paths:
        with open(p, "rb") as f:
            base.extend(json.loads(f.read()))
    pool = list(base)
    k = 1
    while len(pool) < total:
        for rule in base:
            r = json.loads(json.dumps(rule))
            r["trigger"]["url-filter"] = vary_filter(r["trigger"]["url-filter"], k)
            pool.append(r)
        k += 1
    return base, pool


def write_list(path, rules):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write("[\n")
        f.write(",\n".join(json.dumps(r, separators=(",", ":"), ensure_ascii=False) for r in rules))
        f.write("\n]\n")
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--sizes", default="1000,10000,50000,150000")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--oracle", action="store_true", help="check the largest list with the WebKit oracle")
    a = ap.parse_args()
    sizes = sorted(int(s) for s in a.sizes.split(","))
    paths = corpus_lists(a.corpus)
    if not paths:
        sys.exit("error: no corpus lists under %s" % a.corpus)
    base, pool = build_pool(paths, max(sizes))
    os.makedirs(a.out, exist_ok=True)
    print("pool: %d corpus lists, %d rules, %d after variation" % (len(paths), len(base), len(pool)))
    written = []
    for n in sizes:
        rules = [pool[i * len(pool) // n] for i in range(n)]
        path = os.path.join(a.out, "rules-%d.json" % n)
        write_list(path, rules)
        written.append(path)
        print("%s: %d rules, %.2f MB" % (path, n, os.path.getsize(path) / 1e6))
    if a.oracle:
        if not os.path.exists(ORACLE):
            sys.exit("error: WebKit oracle not found at %s" % ORACLE)
        out = subprocess.run([ORACLE, written[-1]], capture_output=True, text=True)
        verdict = json.loads(out.stdout.strip().splitlines()[-1])
        print("oracle: %s: %s" % (written[-1], json.dumps(verdict)))
        if not verdict.get("ok"):
            sys.exit(1)


if __name__ == "__main__":
    main()
