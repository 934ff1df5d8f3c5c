#!/usr/bin/env python3
"""Writes N requests (JSON Lines, webkit-match-oracle format) derived from a rule list, for benchmarking
`wkpack rules match --requests`: URLs built from the literals of the rules' url-filters (hosts and paths),
random near misses, and random tops from the rules' domain lists, across resource types. Deterministic (seed)."""
import json, random, re, sys

def literals(pattern):
    text = re.sub(r"\\(.)", r"\1", pattern)
    return [p for p in re.split(r"[\^\$\[\]\(\)\*\+\?\|]|\.\*", text) if len(p) >= 3]

def main():
    rules_path, count = sys.argv[1], int(sys.argv[2])
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    rules = json.load(open(rules_path))
    hosts, paths, tops = [], [], ["news.example.com", "shop.example.org", "blog.example.net"]
    for rule in rules:
        trigger = rule["trigger"]
        for lit in literals(trigger["url-filter"]):
            lit = lit.lstrip(":/")
            if re.fullmatch(r"[a-z0-9.-]+\.[a-z]{2,}", lit):
                hosts.append(lit)
            elif lit:
                paths.append(lit)
        for key in ("if-domain", "unless-domain"):
            for d in trigger.get(key, []):
                tops.append(d.lstrip("*"))
    hosts = hosts or ["cdn.example.com"]
    paths = paths or ["/ads/"]
    types = ["script", "image", "style-sheet", "fetch", "child-document", "document", "font", "media", "ping", "websocket"]
    out = sys.stdout
    for i in range(count):
        host = rng.choice(hosts)
        if rng.random() < 0.3:
            host = "www." + host
        if rng.random() < 0.2:
            host = "x" + host
        path = rng.choice(paths)
        if not path.startswith("/"):
            path = "/" + path
        if rng.random() < 0.3:
            path = "/static/app%d.js" % rng.randrange(1000)
        t = rng.choice(types)
        scheme = "ws" if t == "websocket" else rng.choice(["http", "https"])
        url = "%s://%s%s?q=%d" % (scheme, host, path, rng.randrange(10000))
        top = "https://%s/page" % (("www." if rng.random() < 0.5 else "") + rng.choice(tops))
        out.write(json.dumps({"url": url, "type": t, "top": top}) + "\n")

main()
