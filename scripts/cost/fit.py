#!/usr/bin/python3
"""Fit CompileCostModel's coefficients to oracle measurements, and check how well the model tracks them.

Usage:
    scripts/cost/fit.py --wkpack .build/debug/wkpack --measurements FILE.jsonl [--measurements MORE.jsonl]
                        --lists DIR [--check [--within FILE.jsonl]]

FILE.jsonl is a fixture written by scripts/cost/record.sh (one line per list: "name", "cpu_seconds",
"seconds", "compiled_bytes"); a list measured again in a later file replaces its earlier line. Each list is
DIR/<name>. The script runs `wkpack rules cost --format json` on every list, then
  * without --check: fits non-negative coefficients (least squares on relative error; the lists of --within
    files weigh 4x) and prints them as Swift;
  * with --check: prints the Spearman rank correlation of estimated vs measured CPU seconds (and wall seconds),
    the ratio of the totals, and each list's estimate; exits 1 when rho < 0.9 or the totals differ by more
    than 25%, or when a list named in a --within file is off by more than 25% in time or size.
Standard library only.
"""
import json, math, os, subprocess, sys

# Features, summed over the automaton groups unless prefixed with a group ("url." url-filters, "cond." url-filters
# with a condition and frame-URL patterns, "top." top-URL patterns).
SECONDS_FEATURES = ["base", "sourceBytes", "storedSourceBytes", "ruleCount", "selectorBytes", "automata",
                    "loopsInSequenceAutomata", "loopsInSequenceNodes", "url.restartWeightedNodes",
                    "cond.restartWeightedNodes", "top.restartWeightedNodes", "restrictedRestartWeightedNodes"]
BYTES_FEATURES = ["base", "storedSourceBytes", "actionBytes", "automata", "nfaNodes", "url.restartWeightedNodes",
                  "cond.restartWeightedNodes", "top.restartWeightedNodes", "restrictedRestartWeightedNodes"]
SECONDS_NAMES = {"base": "secondsBase", "sourceBytes": "secondsPerSourceByte", "storedSourceBytes": "secondsPerStoredSourceByte",
                 "ruleCount": "secondsPerRule", "selectorBytes": "secondsPerSelectorByte", "automata": "secondsPerAutomaton",
                 "loopsInSequenceAutomata": "secondsPerLoopsInSequenceAutomaton",
                 "loopsInSequenceNodes": "secondsPerLoopsInSequenceNode",
                 "url.restartWeightedNodes": "secondsPerRestartWeightedNode",
                 "cond.restartWeightedNodes": "secondsPerConditionalRestartWeightedNode",
                 "top.restartWeightedNodes": "secondsPerTopURLRestartWeightedNode",
                 "restrictedRestartWeightedNodes": "secondsPerRestrictedRestartWeightedNode"}
BYTES_NAMES = {"base": "bytesBase", "storedSourceBytes": "bytesPerSourceByte", "actionBytes": "bytesPerActionByte",
               "automata": "bytesPerAutomaton", "nfaNodes": "bytesPerNFANode",
               "url.restartWeightedNodes": "bytesPerRestartWeightedNode",
               "cond.restartWeightedNodes": "bytesPerConditionalRestartWeightedNode",
               "top.restartWeightedNodes": "bytesPerTopURLRestartWeightedNode",
               "restrictedRestartWeightedNodes": "bytesPerRestrictedRestartWeightedNode"}
GROUP_PREFIX = {"url-filters": "url.", "conditional-url-filters": "cond.", "frame-url-filters": "cond.", "top-url-filters": "top."}
# Lists named in a --within file weigh this much more in the fit (they are the ones that must each be within 25%).
WITHIN_WEIGHT = 4.0

def features(wkpack, paths):
    out = subprocess.run([wkpack, "rules", "cost", "--format", "json", "--top", "0"] + paths,
                         capture_output=True, check=True).stdout
    result = []
    for entry in json.loads(out):
        f = dict(entry["features"])
        groups = f.pop("groups")
        for name, group in groups.items():
            for key, value in group.items():
                f[key] = f.get(key, 0) + value
                prefixed = GROUP_PREFIX[name] + key
                f[prefixed] = f.get(prefixed, 0) + value
        f["base"] = 1
        f["estimatedSeconds"] = entry["estimatedSeconds"]
        f["estimatedCompiledBytes"] = entry["estimatedCompiledBytes"]
        result.append(f)
    return result

def nnls(rows, targets, weights, fixed=None):
    """Non-negative weighted least squares by cyclic coordinate descent (few features, many rows)."""
    n = len(rows[0])
    fixed = fixed or {}
    x = [fixed.get(j, 0.0) for j in range(n)]
    # Normal equations.
    a = [[sum(w * r[i] * r[j] for r, w in zip(rows, weights)) for j in range(n)] for i in range(n)]
    b = [sum(w * r[i] * t for r, t, w in zip(rows, targets, weights)) for i in range(n)]
    for _ in range(20000):
        change = 0.0
        for i in range(n):
            if i in fixed or a[i][i] == 0:
                continue
            rest = b[i] - sum(a[i][j] * x[j] for j in range(n) if j != i)
            new = max(0.0, rest / a[i][i])
            change = max(change, abs(new - x[i]) * (abs(a[i][i]) ** 0.5))
            x[i] = new
        if change < 1e-15:
            break
    return x

def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    r = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r

def spearman(x, y):
    rx, ry = ranks(x), ranks(y)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    return cov / math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))

def main(argv):
    args = {"--check": False}
    i = 0
    while i < len(argv):
        if argv[i] == "--check":
            args["--check"] = True; i += 1
        elif argv[i] in ("--measurements", "--within"):
            args.setdefault(argv[i], []).append(argv[i + 1]); i += 2
        elif argv[i] in ("--wkpack", "--lists"):
            args[argv[i]] = argv[i + 1]; i += 2
        else:
            print(__doc__, file=sys.stderr); return 2
    if not all(k in args for k in ("--wkpack", "--measurements", "--lists")):
        print(__doc__, file=sys.stderr); return 2
    # Several fixtures: a list measured in a later one replaces its earlier measurement.
    by_name = {}
    for path in args["--measurements"]:
        with open(path) as f:
            for line in f:
                if line.strip():
                    m = json.loads(line)
                    by_name.pop(m["name"], None)
                    by_name[m["name"]] = m
    measured = [m for m in by_name.values() if m.get("ok")]
    # Lists that must each be within 25% (time and size) with --check.
    within = set()
    for path in args.get("--within", []):
        with open(path) as f:
            within |= {json.loads(l)["name"] for l in f if l.strip()}
    paths = [os.path.join(args["--lists"], m["name"]) for m in measured]
    feats = features(args["--wkpack"], paths)
    cpu = [max(m["cpu_seconds"], 0.0) for m in measured]
    size = [m["compiled_bytes"] for m in measured]
    if not args["--check"]:
        floor = 0.02  # CPU times below this are baseline noise: weight them as if they were this large.
        extra = [WITHIN_WEIGHT if m["name"] in within else 1.0 for m in measured]
        rows = [[f.get(k, 0) for k in SECONDS_FEATURES] for f in feats]
        xs = nnls(rows, cpu, [e / max(t, floor) ** 2 for t, e in zip(cpu, extra)])
        rows = [[f.get(k, 0) for k in BYTES_FEATURES] for f in feats]
        xb = nnls(rows, size, [e / max(s, 1000) ** 2 for s, e in zip(size, extra)], fixed={1: 1.0})
        print(", ".join("%s: %.4g" % (SECONDS_NAMES[k], v) for k, v in zip(SECONDS_FEATURES, xs)) + ",")
        print(", ".join("%s: %.4g" % (BYTES_NAMES[k], v) for k, v in zip(BYTES_FEATURES, xb)))
        return 0
    est = [f["estimatedSeconds"] for f in feats]
    est_size = [f["estimatedCompiledBytes"] for f in feats]
    wall = [m["seconds"] for m in measured]
    rho_cpu, rho_wall, rho_size = spearman(est, cpu), spearman(est, wall), spearman(est_size, size)
    total_ratio = sum(est) / sum(cpu)
    size_ratio = sum(est_size) / sum(size)
    print("%-58s %10s %10s %7s %12s %12s %7s" % ("list", "cpu s", "model s", "error", "bytes", "model bytes", "error"))
    misses = []
    for m, e, s in zip(measured, est, est_size):
        te = e / m["cpu_seconds"] - 1 if m["cpu_seconds"] > 0 else float("nan")
        be = s / m["compiled_bytes"] - 1
        print("%-58s %10.3f %10.3f %+6.0f%% %12d %12d %+6.0f%%" % (m["name"][-58:], m["cpu_seconds"], e, 100 * te, m["compiled_bytes"], s, 100 * be))
        if m["name"] in within and not (abs(te) <= 0.25 and abs(be) <= 0.25):
            misses.append(m["name"])
    print("lists: %d" % len(measured))
    print("spearman(model seconds, oracle cpu seconds) = %.3f" % rho_cpu)
    print("spearman(model seconds, oracle wall seconds) = %.3f" % rho_wall)
    print("spearman(model bytes, oracle compiled bytes) = %.3f" % rho_size)
    print("total model seconds / total oracle cpu seconds = %.3f" % total_ratio)
    print("total model bytes / total oracle compiled bytes = %.3f" % size_ratio)
    if within:
        print("lists that must be within 25%%: %d, outside: %s" % (len(within), ", ".join(misses) or "none"))
    ok = rho_cpu >= 0.9 and abs(total_ratio - 1) <= 0.25 and abs(size_ratio - 1) <= 0.25 and not misses
    print("result: %s" % ("PASS" if ok else "FAIL"))
    return 0 if ok else 1

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
