#!/usr/bin/env python3
"""Runs webkit-match-oracle on many cases without losing a long run to a stalled page.

Usage: oracle-run.py ORACLE CASES.jsonl ANSWERS.jsonl [--timeout S] [--stall S] [--reuse CASES ANSWERS]...
Writes ANSWERS.jsonl in the oracle's --cases output format (one line per case of CASES.jsonl, in order).

The oracle's WebView sometimes stalls after a blocked top-level navigation (it never finishes leaving the
failed page). So each case runs in the oracle's single-list mode, which streams one verdict per request in
input order, with navigations first; when no verdict arrives for --stall seconds (default 150) the oracle is
stopped and started again on the requests not answered yet. --reuse takes verdicts of requests already
recorded in an earlier run (same case name and rules, same request), so only new requests go to WebKit."""
import argparse, json, os, select, subprocess, sys, tempfile, time


def key(request):
    return json.dumps(request, sort_keys=True)


def run_list(oracle, rules, requests, timeout, stall, work):
    """Verdicts for a prefix of `requests` (all of them unless the oracle stalls), and WebKit's compile error."""
    rules_path, requests_path = os.path.join(work, "rules.json"), os.path.join(work, "requests.jsonl")
    with open(rules_path, "w") as f:
        json.dump(rules, f)
    with open(requests_path, "w") as f:
        for request in requests:
            f.write(json.dumps(request) + "\n")
    proc = subprocess.Popen([oracle, rules_path, requests_path, "--timeout", str(timeout)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=dict(os.environ, PYTHONUNBUFFERED="1"))
    verdicts, buffer, errors, last = [], b"", b"", time.monotonic()
    streams = [proc.stdout, proc.stderr]
    while streams:
        ready, _, _ = select.select(streams, [], [], 5)
        for stream in ready:
            chunk = os.read(stream.fileno(), 65536)
            if not chunk:
                streams.remove(stream)
            elif stream is proc.stdout:
                buffer += chunk
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    if line.strip():
                        verdicts.append(json.loads(line))
                        last = time.monotonic()
            else:
                errors += chunk
        if streams and time.monotonic() - last > stall:
            proc.terminate()
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                proc.kill()
            break
    proc.wait()
    compile_error = None
    if proc.returncode == 3:
        compile_error = errors.decode(errors="replace").strip().splitlines()[-1:] or ["did not compile"]
        compile_error = compile_error[0]
    return verdicts, compile_error


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("oracle")
    parser.add_argument("cases")
    parser.add_argument("answers")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--stall", type=float, default=150)
    parser.add_argument("--reuse", nargs=2, action="append", default=[])
    args = parser.parse_args()
    cases = [json.loads(line) for line in open(args.cases)]
    known = {}
    for cases_path, answers_path in args.reuse:
        old_cases = [json.loads(line) for line in open(cases_path)]
        for line in open(answers_path):
            answer = json.loads(line)
            case = old_cases[answer["case"]]
            for request, result in zip(case["requests"], answer.get("results") or []):
                if result.get("blocked") is not None:
                    known[(case["name"], json.dumps(case["rules"], sort_keys=True), key(request))] = result
    out = open(args.answers + ".tmp", "w")
    with tempfile.TemporaryDirectory() as work:
        for index, case in enumerate(cases):
            rules_key = json.dumps(case["rules"], sort_keys=True)
            results = [known.get((case["name"], rules_key, key(r))) for r in case["requests"]]
            # Navigations first: the oracle runs them first, and streams verdicts in input order.
            todo = sorted((p for p, r in enumerate(results) if r is None), key=lambda p: case["requests"][p]["type"] != "document")
            compile_error, attempts = None, 0
            while todo and compile_error is None and attempts < 12:
                attempts += 1
                verdicts, compile_error = run_list(args.oracle, case["rules"], [case["requests"][p] for p in todo],
                                                   args.timeout, args.stall, work)
                for p, verdict in zip(todo, verdicts):
                    results[p] = verdict
                if todo and len(verdicts) < len(todo):
                    print("case %s: the oracle stopped after %d of %d requests; starting it again" % (
                        case["name"], len(verdicts), len(todo)), file=sys.stderr)
                if not verdicts and compile_error is None:
                    # No progress at all: give up on the first request so that the next attempt moves on.
                    results[todo[0]] = {"blocked": None, "error": "the oracle stalled on this request"}
                    verdicts = [results[todo[0]]]
                todo = todo[len(verdicts):]
            filled = [r if r is not None else {"blocked": None, "error": "the oracle gave no verdict"} for r in results]
            out.write(json.dumps({"case": index, "compile_error": compile_error, "results": filled}) + "\n")
            out.flush()
            print("case %d of %d (%s) done" % (index + 1, len(cases), case["name"]), file=sys.stderr)
    out.close()
    os.replace(args.answers + ".tmp", args.answers)


main()
