#!/usr/bin/env python3
"""Run every generated case through the WebKit oracle and write the golden fixture.

Usage: record.py ORACLE CASES_IN.jsonl FIXTURE_OUT.jsonl

Cases whose source is a single line (no LF, no leading/trailing ASCII whitespace, not empty, which the
oracle's batch mode would strip or skip) go through `ORACLE --batch` in chunks; every other case, and
every `repeat` case, goes through the oracle's single-file mode. The output keeps the input fields and
adds `expected`: {"ok", "error", "detail"} (seconds and compiled_bytes are dropped). When WebKit logged
several lines, `detail` keeps only the "Error while parsing" lines; otherwise it is what the oracle printed.
If the oracle process dies on a case, `expected` is {"ok": false, "error": null, "detail": null,
"crashed": true}; if it gives no verdict within ORACLE_TIMEOUT seconds (default 60),
{"ok": null, "error": null, "detail": null, "timeout": true}.
"""
import base64
import json
import os
import select
import subprocess
import sys
import tempfile

CHUNK = 400


def source_bytes(case):
    if "repeat" in case:
        rep = case["repeat"]
        items = [rep["item"]] * rep["count"] + rep.get("tail", [])
        return ("[" + ",".join(items) + "]").encode("utf-8")
    if "source_base64" in case:
        return base64.b64decode(case["source_base64"])
    return case["source"].encode("utf-8")


def batchable(case, data):
    return "repeat" not in case and data != b"" and b"\n" not in data and data.strip() == data


def clean(verdict):
    detail = verdict.get("detail")
    if detail is not None and "\n" in detail:
        reasons = [line for line in detail.splitlines() if "Error while parsing" in line]
        if reasons:
            detail = "\n".join(reasons)
    return {"ok": verdict["ok"], "error": verdict["error"], "detail": detail}


CRASHED = {"ok": False, "error": None, "detail": None, "crashed": True}
TIMED_OUT = {"ok": None, "error": None, "detail": None, "timeout": True}
TIMEOUT = int(os.environ.get("ORACLE_TIMEOUT", "60"))


def run_single(oracle, data, tmpdir):
    path = os.path.join(tmpdir, "case.json")
    with open(path, "wb") as f:
        f.write(data)
    try:
        proc = subprocess.run([oracle, path], capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        sys.stderr.write("oracle timed out on a single case\n")
        return dict(TIMED_OUT)
    lines = proc.stdout.decode("utf-8").splitlines()
    if proc.returncode != 0 or len(lines) != 1:
        sys.stderr.write("oracle failed on a single case (rc %d)\n" % proc.returncode)
        return dict(CRASHED)
    return clean(json.loads(lines[0]))


def run_chunk(oracle, chunk, path):
    """Runs one batch; returns (verdict lines, whether the oracle timed out on the next case)."""
    with open(path, "wb") as f:
        for _, data in chunk:
            f.write(data + b"\n")
    proc = subprocess.Popen([oracle, "--batch", path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    lines = []
    buffer = b""
    timed_out = False
    fd = proc.stdout.fileno()
    try:
        while len(lines) < len(chunk):
            ready, _, _ = select.select([fd], [], [], TIMEOUT)
            if not ready:
                timed_out = True
                break
            block = os.read(fd, 65536)
            if not block:
                break
            buffer += block
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                lines.append(line.decode("utf-8"))
    finally:
        if timed_out or proc.poll() is None and len(lines) < len(chunk):
            proc.kill()
        proc.wait()
    proc.stdout.close()
    return lines, timed_out


def run_batch(oracle, items, tmpdir):
    """items: list of (index, bytes). Returns {index: expected}."""
    results = {}
    pending = list(items)
    path = os.path.join(tmpdir, "batch.jsonl")
    while pending:
        chunk = pending[:CHUNK]
        lines, timed_out = run_chunk(oracle, chunk, path)
        for (idx, _), line in zip(chunk, lines):
            results[idx] = clean(json.loads(line))
        done = len(lines)
        if done < len(chunk):
            idx, data = chunk[done]
            if timed_out:
                sys.stderr.write("oracle took over %ds on case %d\n" % (TIMEOUT, idx))
                results[idx] = dict(TIMED_OUT)
            else:
                sys.stderr.write("oracle stopped in batch mode at case %d\n" % idx)
                results[idx] = run_single(oracle, data, tmpdir)
            done += 1
        pending = pending[done:]
        sys.stderr.write("%d batch cases left\n" % len(pending))
        sys.stderr.flush()
    return results


def main(argv):
    oracle, cases_in, fixture_out = argv
    with open(cases_in, encoding="utf-8") as f:
        cases = [json.loads(line) for line in f if line.strip()]
    batch, single = [], []
    for i, case in enumerate(cases):
        data = source_bytes(case)
        (batch if batchable(case, data) else single).append((i, data))
    with tempfile.TemporaryDirectory(prefix="wkpack-conformance-") as tmpdir:
        results = run_batch(oracle, batch, tmpdir)
        for n, (i, data) in enumerate(single):
            sys.stderr.write("single case %d/%d\n" % (n + 1, len(single)))
            results[i] = run_single(oracle, data, tmpdir)
    tmp_out = fixture_out + ".tmp"
    with open(tmp_out, "w", encoding="utf-8") as f:
        for i, case in enumerate(cases):
            case = dict(case)
            case["expected"] = results[i]
            f.write(json.dumps(case, ensure_ascii=True, sort_keys=True) + "\n")
    os.replace(tmp_out, fixture_out)
    ok = sum(1 for r in results.values() if r["ok"] is True)
    sys.stderr.write("%d cases, %d accepted, %d refused\n" % (len(cases), ok, len(cases) - ok))


if __name__ == "__main__":
    main(sys.argv[1:])
