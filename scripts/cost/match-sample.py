#!/usr/bin/python3
"""Decision check of `rules optimize --for-webkit` with the real WebKit (../shared/tools/webkit-match-oracle) on a
cut-down list: requests built from the rules' hosts and literals, with near misses, asked of both lists.

Usage:
    scripts/cost/match-sample.py requests LIST.json N > REQUESTS.jsonl    # N requests from LIST's url-filters
    scripts/cost/match-sample.py compare ORIGINAL.out OPTIMIZED.out       # the oracle's outputs, same requests
Run in between (see BENCHMARKS.md):
    wkpack rules optimize --for-webkit CUT.json -o CUT-opt.json
    webkit-match-oracle CUT.json REQUESTS.jsonl --timeout 150 --batch 300 > ORIGINAL.out   (and CUT-opt.json)
Requests: an anchored `^[htpsw]+:\\/\\/([a-z0-9-]+\\.)?host…` filter gives the host with its path, `www.` and
`a.b.` subdomains and an `x`-prefixed near miss; an unanchored literal gives itself, with its first unit doubled,
dropped, and in upper case. Tops: a third-party page and the rule's first if-/unless-domain entries.
"""
import collections, json, random, re, sys


def unescape(text):
    return re.sub(r"\\(.)", r"\1", text)


def requests(path, count):
    random.seed(7)
    out, seen = [], set()
    for rule in json.load(open(path, encoding="utf-8")):
        trigger = rule["trigger"]
        pattern = trigger["url-filter"]
        tops = ["http://news.example.com/page"]
        for kind in ("if-domain", "unless-domain"):
            tops += ["http://%s/page" % entry.lstrip("*") for entry in trigger.get(kind, [])[:2]]
        urls = []
        anchored = re.match(r"\^\[htpsw\]\+:\\/\\/\(\[a-z0-9-\]\+\\\.\)\?((?:[a-z0-9-]|\\\.)+)(.*)$", pattern)
        if anchored:
            host, rest = unescape(anchored.group(1)), anchored.group(2)
            path_part = unescape(rest) if re.fullmatch(r"(?:[A-Za-z0-9_\-=&,;~]|\\.)*", rest) else ""
            urls += ["http://%s%s" % (host, path_part or "/a.js"), "http://www.%s/" % host, "http://x%s/" % host,
                     "http://a.b.%s/" % host]
        elif not pattern.startswith("^") and re.fullmatch(r"(?:[A-Za-z0-9_\-=&,;~%]|\\.)+", pattern):
            literal = unescape(pattern)
            for variant in (literal, literal[0] + literal, literal[1:], literal.upper()):
                if not variant:
                    continue
                if variant.startswith("/"):
                    urls.append("http://cdn.example.org" + variant)
                elif "/" in variant or "." in variant.split("/")[0]:
                    urls.append("http://" + variant.lstrip(".") + ("" if "/" in variant else "/x.js"))
                else:
                    urls.append("http://cdn.example.org/p/" + variant)
        for url in urls:
            if re.search(r"[^\x21-\x7e]", url):
                continue
            request = {"url": url, "type": random.choice(["script", "image"]), "top": random.choice(tops)}
            key = (request["url"], request["type"], request["top"])
            if key not in seen:
                seen.add(key)
                out.append(request)
    random.shuffle(out)
    for request in out[:count]:
        print(json.dumps(request))


def compare(original, optimized):
    before = [json.loads(line) for line in open(original)]
    after = [json.loads(line) for line in open(optimized)]
    counts, differing = collections.Counter(), []
    for a, b in zip(before, after):
        if (a["url"], a["type"], a["top"]) != (b["url"], b["type"], b["top"]):
            raise SystemExit("the outputs are not for the same requests")
        if a["blocked"] is None or b["blocked"] is None:
            counts["no verdict"] += 1
            continue
        counts["definite"] += 1
        counts["blocked by the original"] += bool(a["blocked"])
        if a["blocked"] != b["blocked"]:
            differing.append((a["url"], a["type"], a["top"], a["blocked"], b["blocked"]))
    print("requests %d, definite %d, blocked by the original %d, no verdict %d, differences %d" % (
        len(before), counts["definite"], counts["blocked by the original"], counts["no verdict"], len(differing)))
    for row in differing[:10]:
        print("  %s %s top %s: original %s, optimized %s" % row)
    return 1 if differing else 0


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "requests":
        requests(sys.argv[2], int(sys.argv[3]))
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
