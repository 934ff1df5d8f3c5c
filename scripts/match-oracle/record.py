#!/usr/bin/env python3
"""Joins generate.py's cases with webkit-match-oracle's answers into the fixture: one line per case,
{"name", "rules", "results": [{"url", "type", "top", ["frame"], ["method"], "blocked": true|false|null, ...}]}."""
import json, sys

cases = [json.loads(line) for line in open(sys.argv[1])]
answers = [json.loads(line) for line in open(sys.argv[2])]
for answer in answers:
    case = cases[answer["case"]]
    if answer.get("compile_error"):
        print("case %s did not compile: %s" % (case["name"], answer["compile_error"]), file=sys.stderr)
        continue
    results = []
    for request, result in zip(case["requests"], answer["results"]):
        entry = dict(request)
        entry["blocked"] = result.get("blocked")
        if result.get("made_https"):
            entry["made_https"] = True
        if result.get("blocked") is None:
            entry["error"] = result.get("error")
        results.append(entry)
    print(json.dumps({"name": case["name"], "rules": case["rules"], "results": results}, sort_keys=True))
