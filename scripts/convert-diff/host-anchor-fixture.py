"""Records the real WebKit's verdicts on the url-filter forms `||host` can become (issue 43): the host anchor and
the separator after a bare host, before (`^[a-z][a-z0-9.+-]*://([^/:@]*\\.)?host[^a-zA-Z0-9_.%-]`) and after
(`^[^:]*://([^/:@]*\\.)?host[/:?#]`), with SafariConverterLib's form, a shorter `[/:]` one, one whose subdomain
group crosses user information (`([^/:]*\\.)?`) and one that also ends it in `@` (`([^/:]*[.@])?`) for comparison, on
URLs that tell them apart: subdomains, ports, user information (`user@host`, `host@other`, `host:pw@other`), upper
case, look-alike hosts, the host in the path or the query, hosts holding characters the old separator class left
out (`host!x`), and non-special schemes (`foo://host?x`).

Writes Tests/BlockListCompilerTests/Conversion/Fixtures/webkit-host-anchor-forms.jsonl: one rule list a line,
{"name", "rules", "verdicts": [requests with WebKit's "blocked" and, where WebKit parsed the URL otherwise, its
"normalized_url"]}; requests WebKit gave no verdict on are left out. `HostAnchorFormTests` replays it with
wkpack's matcher. Needs ../shared/tools/webkit-match-oracle (xvfb, WebKitGTK 2.50).
Usage: /usr/bin/python3 scripts/convert-diff/host-anchor-fixture.py [--timeout S]
"""
import argparse, json, os, subprocess, sys, tempfile

OLD_PREFIX = r"^[a-z][a-z0-9.+-]*://([^/:@]*\.)?"
NEW_PREFIX = r"^[^:]*://([^/:@]*\.)?"
CROSSING_PREFIX = r"^[^:]*://([^/:]*\.)?"
AT_PREFIX = r"^[^:]*://([^/:]*[.@])?"
OLD_SEPARATOR = "[^a-zA-Z0-9_.%-]"
HOST = r"tracker\.test"

FORMS = [
    ("host^ old", OLD_PREFIX + HOST + OLD_SEPARATOR),
    ("host^ new", NEW_PREFIX + HOST + "[/:?#]"),
    ("host^ short", NEW_PREFIX + HOST + "[/:]"),
    ("host^ at-exit", AT_PREFIX + HOST + "[/:?#]"),
    ("host^ crossing", CROSSING_PREFIX + HOST + "[/:?#]"),
    ("host^ safari-converter-lib", r"^[^:]+://+([^:/]+\.)?" + HOST + "[/:]"),
    ("host old", OLD_PREFIX + HOST),
    ("host new", NEW_PREFIX + HOST),
    ("host/ads old", OLD_PREFIX + HOST + "/ads"),
    ("host/ads new", NEW_PREFIX + HOST + "/ads"),
]

URLS = [
    "http://tracker.test/ads/a.js",
    "https://tracker.test/ads/a.js",
    "http://sub.tracker.test/ads/a.js",
    "http://a.b.tracker.test/ads/a.js",
    "http://tracker.test:8080/ads/a.js",
    "http://sub.tracker.test:8080/ads/a.js",
    "http://TRACKER.TEST/ADS/a.js",
    "http://Sub.Tracker.Test:8080/ads/a.js",
    "http://tracker.test./ads/a.js",
    "http://user@tracker.test/ads/a.js",
    "http://user@sub.tracker.test/ads/a.js",
    "http://user:pw@tracker.test/ads/a.js",
    "http://user:pw@sub.tracker.test/ads/a.js",
    "http://tracker.test@good.test/ads/a.js",
    "http://x.tracker.test@good.test/ads/a.js",
    "http://tracker.test:pw@good.test/ads/a.js",
    "http://u:tracker.test@good.test/ads/a.js",
    "http://u:x.tracker.test@good.test/ads/a.js",
    "http://tracker.test!x/ads/a.js",
    "http://tracker.test$x/ads/a.js",
    "http://tracker.testing.test/ads/a.js",
    "http://nottracker.test/ads/a.js",
    "http://tracker.test.good.test/ads/a.js",
    "http://good.test/tracker.test/ads/a.js",
    "http://good.test/?u=http://tracker.test/ads/a.js",
    "http://good.test/?u=x.tracker.test/ads",
    "http://good.test:8080/x.tracker.test/ads/a.js",
    "ws://tracker.test/ads/a",
    "foo://tracker.test/ads/a.js",
    "foo://tracker.test?ads",
    "foo://sub.tracker.test?ads",
    "foo://good.test?x.tracker.test/ads",
    "foo://good.test?x@tracker.test/ads",
]
TOP = "http://news.test/page"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=int, default=60)
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    oracle = os.path.join(root, "..", "shared", "tools", "webkit-match-oracle")
    fixtures = os.path.join(root, "Tests", "BlockListCompilerTests", "Conversion", "Fixtures")
    requests = []
    for url in URLS:
        requests.append({"url": url, "type": "websocket" if url.startswith("ws:") else "script", "top": TOP})
        if url.startswith("http://") and "@" not in url:
            requests.append({"url": url, "type": "image", "top": TOP})
    cases = [{"rules": [{"trigger": {"url-filter": f}, "action": {"type": "block"}}], "requests": requests} for _, f in FORMS]
    with tempfile.TemporaryDirectory() as tmp:
        cases_path = os.path.join(tmp, "cases.jsonl")
        with open(cases_path, "w") as f:
            for case in cases:
                f.write(json.dumps(case) + "\n")
        run = subprocess.run(["/usr/bin/python3", oracle, "--cases", cases_path, "--timeout", str(args.timeout)],
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"webkit-match-oracle exited {run.returncode}:\n{run.stderr[-3000:]}")
    out = []
    summary = {}
    for line in run.stdout.splitlines():
        if not line.strip():
            continue
        case = json.loads(line)
        name, url_filter = FORMS[case["case"]]
        if case.get("compile_error"):
            sys.exit(f"WebKit refused {name}: {case['compile_error']}")
        verdicts = []
        for request, result in zip(requests, case["results"]):
            if result.get("blocked") is None:
                continue
            entry = dict(request, blocked=result["blocked"])
            if result.get("normalized_url"):
                entry["normalized_url"] = result["normalized_url"]
            verdicts.append(entry)
        out.append({"name": name, "rules": cases[case["case"]]["rules"], "verdicts": verdicts})
        summary[name] = {"verdicts": len(verdicts), "blocked": sum(v["blocked"] for v in verdicts)}
    with open(os.path.join(fixtures, "webkit-host-anchor-forms.jsonl"), "w") as f:
        for entry in out:
            f.write(json.dumps(entry, separators=(",", ":")) + "\n")
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
