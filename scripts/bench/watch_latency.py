#!/usr/bin/env python3
"""Measures watch-mode latency: time from saving a source file to the rewritten bundle.

Starts a watcher (the given command line), waits for its first output, then makes EDITS edits to one source
file. Each edit appends a unique marker statement and saves the file (atomically: temp file + rename, as
editors do; --in-place writes into the file instead). The time is taken from the save to the moment the
output file's content contains the marker, polling its mtime/size every millisecond (no log lines are read).

Usage: watch_latency.py --source FILE --output FILE [--edits 50] [--interval 0.3] [--json] -- COMMAND...
Prints median, min and max in milliseconds (or one JSON object with --json).
"""
import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import time


def save(path, text, in_place):
    if in_place:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return
    tmp = os.path.join(os.path.dirname(path), ".%s.wkpack-bench-tmp" % os.path.basename(path))
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def signature(path):
    try:
        st = os.stat(path)
        return (st.st_mtime_ns, st.st_size, st.st_ino)
    except FileNotFoundError:
        return None


def contains(path, marker):
    try:
        with open(path, "rb") as f:
            return marker in f.read()
    except FileNotFoundError:
        return False


def wait_for(path, marker, timeout, poll=0.001):
    """Polls until the file's content contains marker; returns the time it was seen, or None."""
    deadline = time.perf_counter() + timeout
    last = None
    while time.perf_counter() < deadline:
        sig = signature(path)
        if sig is not None and sig != last:
            last = sig
            if contains(path, marker):
                return time.perf_counter()
        time.sleep(poll)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", required=True)
    ap.add_argument("--output", required=True)
    ap.add_argument("--edits", type=int, default=50)
    ap.add_argument("--interval", type=float, default=0.3, help="seconds between edits")
    ap.add_argument("--settle", type=float, default=1.5, help="seconds to wait after the first output")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for one rebuild")
    ap.add_argument("--in-place", action="store_true")
    ap.add_argument("--cwd")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    command = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not command:
        ap.error("missing the watcher command after --")

    with open(a.source, encoding="utf-8") as f:
        original = f.read()
    nonce = "%x" % (time.time_ns() & 0xFFFFFFFF)
    latencies, timeouts = [], 0
    log = open(os.devnull, "w")
    # The watcher gets its own process group so it and its children can be stopped together; stdin stays an
    # open pipe (esbuild stops watching when stdin closes).
    proc = subprocess.Popen(command, cwd=a.cwd, stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    error = None
    try:
        start = time.perf_counter()
        while signature(a.output) is None:
            if proc.poll() is not None:
                error = "watcher exited with status %d before writing %s" % (proc.returncode, a.output)
                break
            if time.perf_counter() - start > 60:
                error = "no output after 60 s: %s" % a.output
                break
            time.sleep(0.01)
        if error is None:
            time.sleep(a.settle)
            for i in range(a.edits):
                marker = "wkpack-bench-edit-%s-%d" % (nonce, i)
                text = original + '\nwindow.__wkpackBenchEdit = "%s";\n' % marker
                save(a.source, text, a.in_place)
                t0 = time.perf_counter()
                t1 = wait_for(a.output, marker.encode(), a.timeout)
                if t1 is None:
                    timeouts += 1
                    if proc.poll() is not None:
                        error = "watcher exited with status %d" % proc.returncode
                        break
                else:
                    latencies.append((t1 - t0) * 1000.0)
                time.sleep(a.interval)
    finally:
        save(a.source, original, a.in_place)
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=5)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait()
        log.close()

    result = {"edits": a.edits, "measured": len(latencies), "timeouts": timeouts, "error": error}
    if latencies:
        result.update(median_ms=statistics.median(latencies), min_ms=min(latencies), max_ms=max(latencies),
                      latencies_ms=[round(x, 3) for x in latencies])
    if a.json:
        print(json.dumps(result))
    elif latencies:
        print("median %.1f ms (min %.1f, max %.1f) over %d edits, %d timeouts"
              % (result["median_ms"], result["min_ms"], result["max_ms"], len(latencies), timeouts))
    else:
        print("no measurement: %s" % (error or "every edit timed out"))
    sys.exit(0 if latencies and error is None else 1)


if __name__ == "__main__":
    main()
