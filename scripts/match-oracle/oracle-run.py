#!/usr/bin/env python3
"""Runs webkit-match-oracle --cases on many cases without losing a long run to one stalled page.

Usage: oracle-run.py ORACLE CASES.jsonl ANSWERS.jsonl [--timeout S] [--group N] [--limit S] [--reuse CASES ANSWERS]...
Writes ANSWERS.jsonl in the oracle's --cases output format (one line per case of CASES.jsonl, in order).
Cases are sent N at a time (--group, default 4), each group with a wall-clock limit (--limit seconds,
default 900); when a group stalls, the cases it did not finish are retried one by one, and a case that
stalls alone gets null verdicts ("the oracle stalled"). --reuse takes verdicts of requests already
recorded in an earlier run (same case name, same request), so only new requests go to WebKit."""
import argparse, json, os, subprocess, sys, tempfile


def key(request):
    return json.dumps(request, sort_keys=True)


def run_oracle(oracle, cases, timeout, limit, work):
    """Runs cases; returns {position: answer line} for the cases that finished."""
    path = os.path.join(work, "group.jsonl")
    with open(path, "w") as f:
        for case in cases:
            f.write(json.dumps({"name": case["name"], "rules": case["rules"], "requests": case["requests"]}) + "\n")
    out_path = os.path.join(work, "group-answers.jsonl")
    with open(out_path, "w") as out:
        proc = subprocess.Popen([oracle, "--cases", path, "--timeout", str(timeout)], stdout=out, stderr=subprocess.DEVNULL,
                                env=dict(os.environ, PYTHONUNBUFFERED="1"))
        try:
            proc.wait(limit)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    done = {}
    for line in open(out_path):
        try:
            answer = json.loads(line)
        except ValueError:
            continue
        done[answer["case"]] = answer
    return done


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("oracle")
    parser.add_argument("cases")
    parser.add_argument("answers")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--group", type=int, default=4)
    parser.add_argument("--limit", type=float, default=900)
    parser.add_argument("--reuse", nargs=2, action="append", default=[])
    args = parser.parse_args()
    cases = [json.loads(line) for line in open(args.cases)]
    known = {}
    for cases_path, answers_path in args.reuse:
        old_cases = [json.loads(line) for line in open(cases_path)]
        for line in open(answers_path):
            answer = json.loads(line)
            case = old_cases[answer["case"]]
            if answer.get("compile_error"):
                continue
            for request, result in zip(case["requests"], answer["results"]):
                if result.get("blocked") is not None:
                    known[(case["name"], json.dumps(case["rules"], sort_keys=True), key(request))] = result
    results = [[None] * len(case["requests"]) for case in cases]
    compile_errors = [None] * len(cases)
    pending = []
    for index, case in enumerate(cases):
        rules_key = json.dumps(case["rules"], sort_keys=True)
        todo = []
        for position, request in enumerate(case["requests"]):
            hit = known.get((case["name"], rules_key, key(request)))
            if hit is not None:
                results[index][position] = hit
            else:
                todo.append(position)
        if todo:
            pending.append((index, todo))
    print("%d cases, %d requests to ask WebKit about, %d reused" % (
        len(cases), sum(len(t) for _, t in pending), sum(len(c["requests"]) for c in cases) - sum(len(t) for _, t in pending)),
        file=sys.stderr)

    def submit(batch, work):
        sub = [{"name": cases[i]["name"], "rules": cases[i]["rules"], "requests": [cases[i]["requests"][p] for p in todo]}
               for i, todo in batch]
        done = run_oracle(args.oracle, sub, args.timeout, args.limit, work)
        unfinished = []
        for n, (i, todo) in enumerate(batch):
            answer = done.get(n)
            if answer is None:
                unfinished.append((i, todo))
                continue
            compile_errors[i] = answer.get("compile_error")
            for p, result in zip(todo, answer.get("results", [])):
                results[i][p] = result
        return unfinished

    with tempfile.TemporaryDirectory() as work:
        for start in range(0, len(pending), args.group):
            batch = pending[start:start + args.group]
            unfinished = submit(batch, work)
            for item in unfinished:
                print("case %s stalled in a group; retrying it alone" % cases[item[0]]["name"], file=sys.stderr)
                if submit([item], work):
                    print("case %s stalled alone: no verdicts" % cases[item[0]]["name"], file=sys.stderr)
                    for p in item[1]:
                        results[item[0]][p] = {"blocked": None, "error": "the oracle stalled on this case"}
            print("%d of %d pending cases done" % (min(start + args.group, len(pending)), len(pending)), file=sys.stderr)
    with open(args.answers + ".tmp", "w") as out:
        for index, case in enumerate(cases):
            filled = [r if r is not None else {"blocked": None, "error": "no answer"} for r in results[index]]
            out.write(json.dumps({"case": index, "compile_error": compile_errors[index], "results": filled}) + "\n")
    os.replace(args.answers + ".tmp", args.answers)


main()
