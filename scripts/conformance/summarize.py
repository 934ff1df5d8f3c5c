#!/usr/bin/env python3
"""Print Markdown tables of the conformance fixture: cases per category and per WebKit verdict.

Usage: summarize.py [Tests/BlockListCompilerTests/Fixtures/Conformance/cases.jsonl]
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    ROOT, "Tests", "BlockListCompilerTests", "Fixtures", "Conformance", "cases.jsonl")
with open(path, encoding="utf-8") as f:
    cases = [json.loads(line) for line in f if line.strip()]

categories = {}
verdicts = {}
for case in cases:
    e = case["expected"]
    row = categories.setdefault(case["category"], [0, 0, 0])
    if e.get("crashed") or e.get("timeout"):
        row[2] += 1
        key = "(oracle crashed)" if e.get("crashed") else "(oracle timed out)"
    elif e["ok"]:
        row[0] += 1
        key = "(accepted)"
    else:
        row[1] += 1
        key = e["error"]
    verdicts[key] = verdicts.get(key, 0) + 1

print("| Category | Cases | Accepted | Refused | Crash/timeout |")
print("|---|---:|---:|---:|---:|")
for name in sorted(categories):
    a, r, x = categories[name]
    print("| %s | %d | %d | %d | %d |" % (name, a + r + x, a, r, x))
total = [sum(v[i] for v in categories.values()) for i in range(3)]
print("| **total** | **%d** | %d | %d | %d |" % (sum(total), total[0], total[1], total[2]))
print()
print("| WebKit verdict | Cases |")
print("|---|---:|")
for key, n in sorted(verdicts.items(), key=lambda kv: (-kv[1], kv[0])):
    print("| %s | %d |" % (key.replace("|", "\\|"), n))
