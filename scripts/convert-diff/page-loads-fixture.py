"""Records the real WebKit's verdicts on the rules `wkpack rules convert` makes of
Tests/BlockListCompilerTests/Conversion/Fixtures/webkit-page-loads.txt, for every load class: navigations of the main
frame (`document`), popups, iframes and every subresource type, under third- and first-party tops, for the newest
target and for Safari 14 (which has no `top-document` / `child-document`).

Writes, per target T, Fixtures/webkit-page-loads-T-rules.json (the converted list, as given to WebKit) and
Fixtures/webkit-page-loads-T-verdicts.jsonl (requests with WebKit's verdict; requests without one left out).
`WebKitPageLoadTests` checks that the converter still makes exactly these rules and that wkpack's matcher gives
every verdict. Needs ../shared/tools/webkit-match-oracle (xvfb, WebKitGTK 2.50).
Usage: /usr/bin/python3 scripts/convert-diff/page-loads-fixture.py [--wkpack PATH] [--timeout S]
"""
import argparse, json, os, re, subprocess, sys, tempfile

TYPES = ["script", "image", "style-sheet", "font", "media", "fetch", "xhr", "websocket", "child-document", "document",
         "ping", "beacon", "eventsource", "popup", "csp-report", "svg-document"]
TARGETS = {"newest": None, "safari14": "safari14"}
THIRD_TOP = "http://news.test/page"


def requests_for(text):
    hosts = []
    for line in text.splitlines():
        m = re.match(r"^(?:@@)?\|\|([a-z0-9.-]+)", line)
        if m and m.group(1) not in hosts:
            hosts.append(m.group(1))
    requests = []
    for host in hosts:
        paths = ["/ads/x"] + [p for p in ("/ok/x", "/popup/x", "/frame/x") if f"||{host}{p[:-1]}" in text]
        for path in paths:
            url = f"http://{host}{path}"
            for rtype in TYPES:
                if rtype == "svg-document":
                    # WebKit loads only same-origin SVG documents with a fragment; the page is on the host itself
                    requests.append({"url": url + ".svg#f", "type": rtype, "top": f"http://{host}/page"})
                elif rtype == "document":
                    requests.append({"url": url, "type": rtype, "top": url})
                else:
                    requests.append({"url": url, "type": rtype, "top": THIRD_TOP})
                    if host in ("third.test", "first.test") or rtype in ("child-document", "popup", "image"):
                        requests.append({"url": url, "type": rtype, "top": f"http://{host}/page"})
    requests.append({"url": "http://news.test/ad-banner-policy", "type": "document", "top": "http://news.test/ad-banner-policy"})
    requests.append({"url": "http://cdn.test/ad-banner.png", "type": "image", "top": THIRD_TOP})
    requests.append({"url": "http://cdn.test/ad-banner.html", "type": "child-document", "top": THIRD_TOP})
    requests.append({"url": "http://cdn.test/ad-banner.html", "type": "popup", "top": THIRD_TOP})
    return requests


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--wkpack", default=None)
    parser.add_argument("--timeout", type=int, default=60)
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    wkpack = args.wkpack or os.path.join(root, ".build", "release", "wkpack")
    oracle = os.path.join(root, "..", "shared", "tools", "webkit-match-oracle")
    fixtures = os.path.join(root, "Tests", "BlockListCompilerTests", "Conversion", "Fixtures")
    source = os.path.join(fixtures, "webkit-page-loads.txt")
    requests = requests_for(open(source).read())
    cases, names = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for name, target in TARGETS.items():
            out = os.path.join(tmp, name + ".json")
            command = [wkpack, "rules", "convert", source, "-o", out, "--quiet"] + (["--target", target] if target else [])
            run = subprocess.run(command, capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit("wkpack rules convert failed:\n" + run.stderr)
            rules_text = open(out).read()
            with open(os.path.join(fixtures, f"webkit-page-loads-{name}-rules.json"), "w") as f:
                f.write(rules_text)
            cases.append({"rules": rules_text, "requests": requests})
            names.append(name)
        cases_path = os.path.join(tmp, "cases.jsonl")
        with open(cases_path, "w") as f:
            for case in cases:
                f.write(json.dumps(case) + "\n")
        run = subprocess.run(["/usr/bin/python3", oracle, "--cases", cases_path, "--timeout", str(args.timeout), "--stats"],
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"webkit-match-oracle exited {run.returncode}:\n{run.stderr[-3000:]}")
    summary = {}
    for line in run.stdout.splitlines():
        if not line.strip():
            continue
        case = json.loads(line)
        name = names[case["case"]]
        if case.get("compile_error"):
            sys.exit(f"WebKit refused the {name} list: {case['compile_error']}")
        kept = [dict(r, blocked=w["blocked"]) for r, w in zip(requests, case["results"]) if w.get("blocked") is not None]
        with open(os.path.join(fixtures, f"webkit-page-loads-{name}-verdicts.jsonl"), "w") as f:
            for entry in kept:
                f.write(json.dumps(entry) + "\n")
        summary[name] = {"requests": len(requests), "verdicts": len(kept), "blocked": sum(e["blocked"] for e in kept)}
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
