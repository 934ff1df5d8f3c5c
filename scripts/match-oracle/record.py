#!/usr/bin/env python3
"""Joins generate.py's cases with webkit-match-oracle's answers into the fixture: one line per case,
{"name", "rules", "results": [{"url", "type", "top", ["frame"], ["method"], "blocked": true|false|null, ...}]}.
A navigation ("document") in a list with if-frame-url / unless-frame-url conditions gets no verdict: WebKit evaluates
it with the frame's current document as frame URL, which in the oracle's WebView is sometimes about:blank and
sometimes an earlier page (its history, not the request, decides), so the recorded verdict is not a fact about the
request."""
import json, sys

FRAME_CONDITIONS = ("if-frame-url", "unless-frame-url")


def frame_dependent(rules):
    return any(key in rule.get("trigger", {}) for rule in rules if isinstance(rule, dict) for key in FRAME_CONDITIONS)


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
        if request.get("type") == "document" and frame_dependent(case["rules"]) and entry["blocked"] is not None:
            entry["oracle_blocked"] = entry["blocked"]
            entry["blocked"] = None
            result = dict(result, error="navigation in a list with frame-url conditions: the oracle's frame URL is unknown")
        if result.get("made_https"):
            entry["made_https"] = True
        if result.get("blocked") is None:
            entry["error"] = result.get("error")
        results.append(entry)
    print(json.dumps({"name": case["name"], "rules": case["rules"], "results": results}, sort_keys=True))
