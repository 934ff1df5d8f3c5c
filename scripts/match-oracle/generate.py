#!/usr/bin/env python3
"""Builds the matcher's golden request sets: a hand-written list exercising every trigger feature, plus
ordered samples of corpus lists, each with requests derived from the rules (URLs built from the literals
of each url-filter, near misses, tops from the domain lists, several resource types, first and third
party). Writes webkit-match-oracle --cases input (one {"name", "rules", "requests"} a line) to stdout.
Deterministic."""
import json, os, random, re, sys

CORPUS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "corpus", "webkit")
# Sizes kept small: the oracle loads real pages (a few requests per second on a busy machine).
HANDMADE_REQUESTS = 200
SLICE_REQUESTS = 80
TYPES = ["script", "image", "fetch", "style-sheet", "child-document", "ping", "document", "popup"]

HANDMADE = [
    {"trigger": {"url-filter": "tracker\\.test"}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "/Ads/", "url-filter-is-case-sensitive": True}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "/banner[0-9]+\\.", "resource-type": ["image"]}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "^https?://([^/]+\\.)?thirdparty\\.test", "load-type": ["third-party"]}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "/firstonly", "load-type": ["first-party"]}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "/ifdomain", "if-domain": ["*news.test"]}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "/exactdomain", "if-domain": ["news.test"]}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "/unlessdomain", "unless-domain": ["*shop.test"]}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "/iftop", "if-top-url": ["^http://www\\.news\\.test/sport"]}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "/unlesstop", "unless-top-url": ["SPORT"], "top-url-filter-is-case-sensitive": True}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "/child", "load-context": ["child-frame"]}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "/topframe", "load-context": ["top-frame"]}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "\\.js$"}, "action": {"type": "block-cookies"}},
    {"trigger": {"url-filter": "/end$"}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "allowed\\.tracker\\.test"}, "action": {"type": "ignore-previous-rules"}},
    {"trigger": {"url-filter": "/raw", "resource-type": ["raw"]}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "/doc", "resource-type": ["document"]}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "/popup", "resource-type": ["popup"]}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "(ab)+c/x"}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "q=[^&]*track"}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "/later"}, "action": {"type": "block"}},
    {"trigger": {"url-filter": "/later", "if-domain": ["*exempt.test"]}, "action": {"type": "ignore-previous-rules"}},
    {"trigger": {"url-filter": "/post", "request-method": "post"}, "action": {"type": "block"}},
    {"trigger": {"url-filter": ".*", "if-domain": ["*blockall.test"], "resource-type": ["script"]}, "action": {"type": "block"}},
]
HAND_HOSTS = ["tracker.test", "allowed.tracker.test", "cdn.thirdparty.test", "thirdparty.test", "cdn.news.test",
              "www.news.test", "static.shop.test", "res.other.test"]
HAND_PATHS = ["/Ads/x", "/ads/x", "/banner12.png", "/bannerx.png", "/firstonly", "/ifdomain", "/exactdomain",
              "/unlessdomain", "/iftop", "/unlesstop", "/child", "/topframe", "/a.js", "/a.js?x=1", "/end", "/end/x",
              "/raw", "/doc", "/popup", "/ababc/x", "/ac/x", "/p?q=abctrack", "/p?q=a&track", "/later", "/post", "/plain"]
HAND_TOPS = ["http://www.news.test/sport", "http://news.test/", "http://www.news.test/SPORT", "http://shop.test/",
             "http://www.shop.test/", "http://exempt.test/", "http://blockall.test/", "http://thirdparty.test/",
             "http://tracker.test/", "http://other.test/"]


def literals(pattern):
    text = re.sub(r"\\(.)", r"\1", pattern)
    return [p for p in re.split(r"[\^\$\[\]\(\)\*\+\?\|]|\.\*", text) if len(p) >= 3]


def derived_requests(rules, rng, count):
    hosts, paths, tops = [], [], ["http://www.example-news.test/", "http://blog.example.test/article"]
    for rule in rules:
        trigger = rule["trigger"]
        for lit in literals(trigger["url-filter"]):
            lit = lit.lstrip(":/")
            if re.fullmatch(r"[a-z0-9.-]+\.[a-z]{2,}", lit):
                hosts.append(lit)
            elif lit and re.fullmatch(r"[\x21-\x7e]+", lit):
                paths.append(lit if lit.startswith("/") else "/x" + lit)
            if "/" in lit:
                head, _, tail = lit.partition("/")
                if re.fullmatch(r"[a-z0-9.-]+\.[a-z]{2,}", head):
                    hosts.append(head)
                    paths.append("/" + tail)
        for key in ("if-domain", "unless-domain"):
            for domain in trigger.get(key, [])[:2]:
                domain = domain.lstrip("*")
                if re.fullmatch(r"[a-z0-9.-]+\.[a-z]{2,}", domain):
                    tops.append("http://%s/" % domain)
                    tops.append("http://www.%s/page" % domain)
    hosts = hosts or ["cdn.example.test"]
    paths = paths or ["/ads/x.js"]
    rng.shuffle(tops)
    tops = tops[:12]
    requests, seen = [], set()
    while len(requests) < count:
        host = rng.choice(hosts)
        roll = rng.random()
        if roll < 0.15:
            host = "x" + host                # near miss
        elif roll < 0.35:
            host = "www." + host
        path = rng.choice(paths) if rng.random() < 0.7 else "/static/app.js"
        t = rng.choice(TYPES)
        url = "http://%s%s" % (host, path)
        if not re.fullmatch(r"http://[a-z0-9.-]+/[\x21-\x7e]*", url):
            continue
        top = "http://%s/" % host if rng.random() < 0.25 else rng.choice(tops)
        request = {"url": url, "type": t, "top": top}
        if t not in ("document", "popup") and rng.random() < 0.1:
            request["frame"] = "http://frame.example.test/f.html"
        key = (url, t, top, request.get("frame"))
        if key in seen:
            continue
        seen.add(key)
        requests.append(request)
    return requests


def handmade_requests(rng):
    requests = []
    for path in HAND_PATHS:
        for host in HAND_HOSTS:
            for _ in range(2):
                t = rng.choice(TYPES)
                request = {"url": "http://%s%s" % (host, path), "type": t, "top": rng.choice(HAND_TOPS)}
                if t not in ("document", "popup") and rng.random() < 0.25:
                    request["frame"] = "http://frame.example.test/f.html"
                if t == "fetch" and rng.random() < 0.5:
                    request["method"] = "POST"
                requests.append(request)
    unique = list({json.dumps(r, sort_keys=True): r for r in requests}.values())
    rng.shuffle(unique)
    return unique[:HANDMADE_REQUESTS]


def sample(path, step, offset=0, keep=None):
    rules = json.load(open(os.path.join(CORPUS, path)))
    chosen = [r for i, r in enumerate(rules) if i % step == offset]
    if keep:
        chosen = [r for r in chosen if keep(r)]
    return chosen


def main():
    rng = random.Random(6)
    cases = [("handmade", HANDMADE, handmade_requests(rng))]
    slices = [
        ("ghostery-ads-every-300th", sample("ghostery-user-agent-ios/safari-ads-network.json", 300)),
        ("brave-block-ads-every-50th", sample("brave-ios/block-ads.json", 50)),
        ("disconnect-advertising-every-15th", sample("firefox-ios-2021/disconnect-block-advertising.json", 15)),
        ("kittytail-block-rules", sample("kittytail/japanese_annoyances.json", 20, keep=lambda r: r["action"]["type"] != "css-display-none")),
    ]
    for name, rules in slices:
        cases.append((name, rules, derived_requests(rules, rng, SLICE_REQUESTS)))
    for name, rules, requests in cases:
        print(json.dumps({"name": name, "rules": rules, "requests": requests}))


main()
