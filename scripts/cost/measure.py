#!/usr/bin/python3
"""Measure WebKit's content-rule-list compile cost with ../shared/tools/webkit-oracle.

Usage:
    scripts/cost/measure.py [--runs N] [--oracle PATH] [--name-root DIR] LIST.json ... > measurements.jsonl

Each list is compiled N times (default 3), each time in a fresh oracle process, with the file's
bytes unchanged. Prints one JSON line per list, in argument order:
    {"name": path relative to --name-root, "rules": count, "source_bytes": file size,
     "seconds": median wall time the oracle reports, "runs": [each run's seconds],
     "cpu_seconds": median CPU time of the oracle process minus that of compiling `[]`,
     "cpu_runs": [each run's], "compiled_bytes": store file size,
     "ok": WebKit accepted it}
Wall times are noisy on a shared machine (other processes take the CPU): cpu_seconds is much
steadier; compare medians, and prefer compiled_bytes.
"""
import json, os, resource, statistics, subprocess, sys

def process_baseline(oracle):
    """CPU seconds an oracle process spends compiling `[]` (interpreter and WebKit start-up),
    subtracted from every run so cpu_seconds is close to the compile alone."""
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write("[]")
    samples = []
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([oracle, f.name], capture_output=True, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        samples.append((after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime))
    os.unlink(f.name)
    return statistics.median(samples)


def main(argv):
    runs, oracle, root, files = 3, None, None, []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--runs":
            runs = int(argv[i + 1]); i += 2; continue
        if a == "--oracle":
            oracle = argv[i + 1]; i += 2; continue
        if a == "--name-root":
            root = argv[i + 1]; i += 2; continue
        if a.startswith("-"):
            print(__doc__, file=sys.stderr); return 2
        files.append(a); i += 1
    if oracle is None:
        here = os.path.dirname(os.path.abspath(__file__))
        oracle = os.path.normpath(os.path.join(here, "..", "..", "..", "shared", "tools", "webkit-oracle"))
    if not files:
        print(__doc__, file=sys.stderr); return 2
    baseline = process_baseline(oracle)
    for path in files:
        with open(path, "rb") as f:
            data = f.read()
        try:
            rules = len(json.loads(data))
        except ValueError:
            rules = None
        times, cpu, size, ok, error = [], [], None, None, None
        for _ in range(runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            out = subprocess.run([oracle, path], capture_output=True, check=True).stdout
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(round((after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime) - baseline, 4))
            verdict = json.loads(out.decode().strip().splitlines()[-1])
            times.append(verdict["seconds"])
            size, ok, error = verdict["compiled_bytes"], verdict["ok"], verdict["error"]
        name = os.path.relpath(path, root) if root else path
        line = {"name": name, "rules": rules, "source_bytes": len(data),
                "seconds": round(statistics.median(times), 4), "runs": times,
                "cpu_seconds": round(statistics.median(cpu), 4), "cpu_runs": cpu,
                "compiled_bytes": size, "ok": ok}
        if error:
            line["error"] = error
        print(json.dumps(line, sort_keys=True), flush=True)
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
