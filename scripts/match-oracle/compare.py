#!/usr/bin/env python3
"""Compares `wkpack rules match` with webkit-match-oracle answers on cases the test suite does not hold.

Usage: compare.py CASES.jsonl ANSWERS.jsonl WKPACK
  CASES.jsonl   classes.py (or generate.py) output, e.g. `classes.py --seed 7 > cases.jsonl`
  ANSWERS.jsonl `webkit-match-oracle --cases CASES.jsonl > answers.jsonl`
  WKPACK        the wkpack executable (e.g. .build/release/wkpack)
The requests' "method" is left out (WebKitGTK 2.50 evaluates every load as GET). Navigations in lists with if/unless-frame-url conditions are counted apart: WebKit evaluates them with the
frame's current document, which in the oracle's WebView depends on its history. Prints one line per case and the totals: requests with a definite WebKit verdict, how many `rules match`
agrees on, and every disagreement. Exit status 1 when any definite verdict differs."""
import json, os, subprocess, sys, tempfile

cases = [json.loads(line) for line in open(sys.argv[1])]
answers = [json.loads(line) for line in open(sys.argv[2])]
wkpack = sys.argv[3]
total = agreed = without_verdict = 0
disagreements, navigations_skipped = [], []
with tempfile.TemporaryDirectory() as work:
    for answer in answers:
        case = cases[answer["case"]]
        if answer.get("compile_error"):
            print("%-32s WebKit refused the list: %s" % (case["name"], answer["compile_error"]))
            continue
        rules_path = os.path.join(work, "rules.json")
        requests_path = os.path.join(work, "requests.jsonl")
        with open(rules_path, "w") as f:
            json.dump(case["rules"], f)
        with open(requests_path, "w") as f:
            for request in case["requests"]:
                # WebKitGTK 2.50 evaluates every load as GET: give wkpack the method the rule list sees.
                seen = {k: v for k, v in request.items() if k != "method"}
                f.write(json.dumps(seen) + "\n")
        run = subprocess.run([wkpack, "rules", "match", rules_path, "--requests", requests_path, "--format", "json"],
                             capture_output=True, text=True)
        if run.returncode != 0:
            print("%-32s wkpack failed: %s" % (case["name"], run.stderr.strip()))
            disagreements.append((case["name"], "wkpack failed", run.stderr.strip()))
            continue
        ours = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
        case_total = case_agreed = 0
        frame_dependent = any(k in r.get("trigger", {}) for r in case["rules"] for k in ("if-frame-url", "unless-frame-url"))
        for request, verdict, mine in zip(case["requests"], answer["results"], ours):
            if verdict.get("blocked") is None:
                without_verdict += 1
                continue
            if request["type"] == "document" and frame_dependent:
                # The navigation's frame URL is the oracle WebView's current document, which its history decides.
                navigations_skipped.append((case["name"], json.dumps(request), verdict["blocked"], mine["blocked"]))
                continue
            case_total += 1
            if verdict["blocked"] == mine["blocked"]:
                case_agreed += 1
            else:
                disagreements.append((case["name"], json.dumps(request), "WebKit %s, wkpack %s" % (
                    "blocked" if verdict["blocked"] else "allowed", "blocked" if mine["blocked"] else "allowed")))
        total += case_total
        agreed += case_agreed
        print("%-32s %4d of %4d definite verdicts agree" % (case["name"], case_agreed, case_total))
print("total: %d of %d definite verdicts agree (%d requests without a WebKit verdict; %d navigations in lists with "
      "frame-url conditions left out, %d of them agreeing)" % (agreed, total, without_verdict, len(navigations_skipped),
                                                             sum(a == b for _, _, a, b in navigations_skipped)))
for name, request, what in disagreements:
    print("DIFFERS %s %s: %s" % (name, request, what))
sys.exit(1 if disagreements else 0)
