"""Checks a sample of the differential's requests with the real WebKit (../shared/tools/webkit-match-oracle).

Takes the output folder of `scripts/convert-diff/run --out DIR` (requests.jsonl, decisions.jsonl, adblock.jsonl,
report.json and the converted parts), picks up to --count requests (differences with adblock-rust, up to a third
of the sample: first up to --per-class of each difference class of differences.jsonl, then others at random; then
up to --per-page-type main-frame navigations and popups each (differing first, then agreeing, half blocked); then
agreeing requests at random, half blocked; types WebKit's page can issue), asks the oracle for WebKit's verdict on
the converted list and wkpack's matcher for its own, and prints how many agree, per class (with whom WebKit sides
where adblock-rust and wkpack differ) and every disagreement with the rules wkpack fired.

With --fixture DIR it also writes a small self-contained fixture for `swift test`: the converted rules that fired
or were cancelled (css-display-none rules left out: they never block) for any sampled request, in list order, as
DIR/NAME-rules.json, WebKit's verdicts on that list (a second oracle run) as DIR/NAME-verdicts.jsonl (NAME:
--fixture-name, default webkit-sample); Tests/BlockListCompilerTests/Conversion/WebKitVerdictTests.swift replays them.
Usage: /usr/bin/python3 scripts/convert-diff/oracle-sample.py --diff-out DIR [--count 300] [--fixture DIR [--fixture-name NAME]]
"""
import argparse, collections, json, os, random, subprocess, sys, tempfile

# wkpack/diff.py request type -> a type the oracle issues (WebKit classifies eventsource as other)
ORACLE_TYPES = {"script": "script", "image": "image", "style-sheet": "style-sheet", "font": "font", "media": "media",
                "child-document": "child-document", "fetch": "fetch", "ping": "ping", "other": "eventsource",
                "document": "document", "popup": "popup"}
# Navigations of the main frame and popups: the sample takes --per-page-type of each (differing, then agreeing
# blocked and allowed) beyond the classes, so that WebKit is always asked about the pages a user opens.
PAGE_TYPES = ("document", "popup")

ADBLOCK_TYPES = {"stylesheet": "style-sheet", "subdocument": "child-document", "xmlhttprequest": "fetch"}


def read_jsonl(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def oracle(oracle_path, rules_path, requests, timeout):
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for r in requests:
            f.write(json.dumps(r) + "\n")
    run = subprocess.run(["/usr/bin/python3", oracle_path, rules_path, f.name, "--timeout", str(timeout), "--stats"],
                         capture_output=True, text=True)
    os.unlink(f.name)
    if run.returncode != 0:
        sys.exit(f"webkit-match-oracle exited {run.returncode}:\n{run.stderr[-3000:]}")
    stats = [line for line in run.stderr.splitlines() if line.startswith("[stats]")]
    print(f"oracle on {rules_path}: {stats[-1] if stats else 'no stats'}", file=sys.stderr)
    return [json.loads(line) for line in run.stdout.splitlines() if line.strip()]


def wkpack_match(wkpack, parts, requests):
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for r in requests:
            f.write(json.dumps(r) + "\n")
    run = subprocess.run([wkpack, "rules", "match", *parts, "--requests", f.name, "--format", "decisions"],
                         capture_output=True, text=True)
    os.unlink(f.name)
    if run.returncode != 0:
        sys.exit("wkpack rules match failed:\n" + run.stderr[:3000])
    return [json.loads(line) for line in run.stdout.splitlines() if line.strip()]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--diff-out", required=True)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--per-class", type=int, default=6, help="differing requests of each difference class taken first")
    parser.add_argument("--per-page-type", type=int, default=20, help="navigations (document) and popups each taken beyond the classes")
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--timeout", type=int, default=30)
    parser.add_argument("--wkpack", default=None)
    parser.add_argument("--fixture", default=None)
    parser.add_argument("--dry-run", action="store_true", help="print the sample's classes and stop (no WebKit)")
    parser.add_argument("--fixture-name", default="webkit-sample", help="the fixture's files are NAME-rules.json and NAME-verdicts.jsonl")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    wkpack = args.wkpack or os.path.join(root, ".build", "release", "wkpack")
    oracle_path = os.path.join(root, "..", "shared", "tools", "webkit-match-oracle")
    rng = random.Random(args.seed)

    requests = read_jsonl(os.path.join(args.diff_out, "requests.jsonl"))
    adblock = read_jsonl(os.path.join(args.diff_out, "adblock.jsonl"))
    decisions = read_jsonl(os.path.join(args.diff_out, "decisions.jsonl"))
    report = json.load(open(os.path.join(args.diff_out, "report.json")))
    parts = [o["file"] for o in report["outputs"]]
    # The oracle's page is served over https when the top is; it cannot load http URLs from an https top.
    usable = [i for i, r in enumerate(requests) if r["type"] in ORACLE_TYPES and r["url"].startswith("https://")
              and r["top"].startswith("https://") and "#" not in r["url"]]
    differing = [i for i in usable if adblock[i]["blocked"] != decisions[i]["blocked"]]
    agreeing = [i for i in usable if adblock[i]["blocked"] == decisions[i]["blocked"]]
    # The difference class of each differing request (differences.jsonl, in request order), so that every class
    # the oracle can check is in the sample: up to --per-class requests of each class first, then the rest at random.
    classes = {}
    differences_path = os.path.join(args.diff_out, "differences.jsonl")
    if os.path.exists(differences_path):
        by_request = collections.defaultdict(list)
        for i in (i for i, (a, d) in enumerate(zip(adblock, decisions)) if a["blocked"] != d["blocked"]):
            r = requests[i]
            by_request[(r["url"], r["type"], r["top"])].append(i)
        for entry in read_jsonl(differences_path):
            # differences.jsonl names types as adblock-rust does, requests.jsonl as wkpack does
            key = (entry["request"]["url"], ADBLOCK_TYPES.get(entry["request"]["type"], entry["request"]["type"]),
                   entry["request"]["top"])
            if by_request.get(key):
                classes[by_request[key].pop(0)] = entry["class"]
    budget = args.count // 3
    chosen = []
    for kind in sorted({classes.get(i, "unknown") for i in differing}):
        members = [i for i in differing if classes.get(i, "unknown") == kind]
        chosen += rng.sample(members, min(len(members), args.per_class, budget - len(chosen)))
    taken = set(chosen)
    remaining = [i for i in differing if i not in taken]
    chosen += rng.sample(remaining, min(len(remaining), budget - len(chosen)))
    for page_type in PAGE_TYPES:
        taken = set(chosen)
        of_type = lambda pool: [i for i in pool if requests[i]["type"] == page_type and i not in taken]
        picked = rng.sample(of_type(differing), min(len(of_type(differing)), args.per_page_type // 2))
        for verdict in (True, False):
            pool = [i for i in of_type(agreeing) if decisions[i]["blocked"] == verdict]
            want = (args.per_page_type - len(picked)) // (2 if verdict else 1)
            picked += rng.sample(pool, min(len(pool), want))
        chosen += picked
    taken = set(chosen)
    agreeing = [i for i in agreeing if i not in taken]
    blocked = [i for i in agreeing if decisions[i]["blocked"]]
    allowed = [i for i in agreeing if not decisions[i]["blocked"]]
    rest = args.count - len(chosen)
    chosen += rng.sample(blocked, min(len(blocked), rest // 2))
    chosen += rng.sample(allowed, min(len(allowed), args.count - len(chosen)))
    chosen.sort()
    sample = [dict(requests[i], type=ORACLE_TYPES[requests[i]["type"]]) for i in chosen]
    if args.dry_run:
        print(json.dumps({"sampled": len(sample), "by_class": collections.Counter(
            classes.get(i, "unknown") if i in set(differing) else "agreeing" for i in chosen)}, indent=1))
        return

    webkit = oracle(oracle_path, parts[0] if len(parts) == 1 else sys.exit("one part expected"), sample, args.timeout)
    ours = wkpack_match(wkpack, parts, sample)
    agree = disagree = unknown = 0
    differences = []
    differing_set = set(differing)
    # Per difference class with adblock-rust ("agreeing" for requests where the two agree): how many were sampled,
    # how many got a WebKit verdict, and with whom WebKit sides.
    by_class = collections.defaultdict(lambda: collections.Counter())
    by_type = collections.defaultdict(lambda: collections.Counter())
    for request, w, o, index in zip(sample, webkit, ours, chosen):
        kind = classes.get(index, "unknown") if index in differing_set else "agreeing"
        page_type = request["type"] if request["type"] in PAGE_TYPES else "subresource"
        for counter in (by_class[kind], by_type[page_type]):
            counter["sampled"] += 1
        if w.get("blocked") is None:
            unknown += 1
            continue
        for counter in (by_class[kind], by_type[page_type]):
            counter["webkit_verdicts"] += 1
            counter["webkit_blocked"] += bool(w["blocked"])
            counter["webkit_equals_wkpack"] += w["blocked"] == o["blocked"]
            counter["webkit_equals_adblock"] += w["blocked"] == bool(adblock[index]["blocked"])
        if w["blocked"] == o["blocked"]:
            agree += 1
        else:
            disagree += 1
            differences.append({"request": request, "class": kind, "webkit": w, "wkpack_blocked": o["blocked"],
                                "wkpack_fired": [f for lst in o["lists"] for f in lst["fired"] if f["action"] != "css-display-none"]})
    summary = {"sampled": len(sample), "differing_from_adblock": sum(1 for i in chosen if i in differing_set),
               "webkit_blocked": sum(1 for w in webkit if w.get("blocked")),
               "webkit_equals_wkpack": agree, "webkit_differs": disagree, "no_webkit_verdict": unknown,
               "by_class": {k: dict(v) for k, v in sorted(by_class.items())},
               "by_type": {k: dict(v) for k, v in sorted(by_type.items())},
               "no_verdict_reasons": dict(collections.Counter(w.get("error", "?") for w in webkit if w.get("blocked") is None)),
               "differences": differences}

    if args.fixture:
        rules = json.load(open(parts[0]))
        used = set()
        for o in ours:
            for lst in o["lists"]:
                for fired in lst["fired"] + lst["cancelled"]:
                    used.add(fired["index"])
                    if "cancelled_by" in fired:
                        used.add(fired["cancelled_by"])
        subset = [rules[i] for i in sorted(used) if rules[i]["action"]["type"] != "css-display-none"]
        os.makedirs(args.fixture, exist_ok=True)
        rules_path = os.path.join(args.fixture, args.fixture_name + "-rules.json")
        with open(rules_path, "w") as f:
            f.write("[\n" + ",\n".join(json.dumps(rule, separators=(",", ":")) for rule in subset) + "\n]\n")
        sub_webkit = oracle(oracle_path, rules_path, sample, args.timeout)
        same = sum(1 for a, b in zip(webkit, sub_webkit) if a.get("blocked") == b.get("blocked"))
        with open(os.path.join(args.fixture, args.fixture_name + "-verdicts.jsonl"), "w") as f:
            for request, w in zip(sample, sub_webkit):
                if w.get("blocked") is None:
                    continue
                f.write(json.dumps(dict(request, blocked=w["blocked"])) + "\n")
        summary["fixture_rules"] = len(subset)
        summary["fixture_verdicts_equal_full_list"] = same
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
