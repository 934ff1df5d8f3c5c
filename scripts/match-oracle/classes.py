#!/usr/bin/env python3
"""Builds the matcher's second golden set: requests that probe how WebKit evaluates a load, crossed with
every trigger field. Classes: URL fragments on every request type, pings and CSP reports (evaluated twice
by WebKit), iframe document loads (evaluated in the new child frame), top-level navigations (the new URL
is the top URL), if-domain/unless-domain tops that hold a listed domain outside the host (in the path or
query, in user info, with a port), and url-filters or conditions that can match the empty string.

Cases: hand-written lists, one per class; randomly generated lists that cross every trigger field
with the classes; and slices of real corpus lists with requests derived from their rules and moved into
the classes. Writes webkit-match-oracle --cases input (one {"name", "rules", "requests"} a line).

Usage: classes.py [--seed N] [--scale F]. Deterministic for a seed; the test suite's fixture uses the
default seed, held-out checks use another one (see compare.py)."""
import argparse, json, os, random, re

CORPUS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "corpus", "webkit")

# Every request type the oracle can issue. "document" is a top-level navigation (one page each: costly).
SUBRESOURCE_TYPES = ["script", "image", "style-sheet", "font", "media", "fetch", "xhr", "websocket",
                     "child-document", "ping", "beacon", "eventsource", "svg-document", "popup", "csp-report"]
FRAME_TYPES = {"script", "image", "style-sheet", "font", "fetch", "xhr", "child-document", "ping", "beacon", "popup", "media"}
FRAME_URL = "http://frame.example.test/f.html"
FRAME_URL_2 = "http://www.news.test/embed/frame.html"

# Tops: plain hosts, and tops that hold news.test / shop.test outside the host.
PLAIN_TOPS = ["http://news.test/", "http://www.news.test/page", "http://news.test:8080/", "http://shop.test/",
              "http://www.shop.test/cart", "http://other.test/", "http://xnews.test/", "http://news.test.other.test/"]
OUTSIDE_TOPS = ["http://other.test/?u=http://news.test/", "http://other.test/r/http://www.news.test:81/x",
                "http://other.test/news.test/", "http://other.test/?news.test:", "http://other.test/#http://news.test/",
                "http://other.test/?a=x+y://news.test:", "http://other.test/?a=HTTP://NEWS.TEST/",
                "http://other.test/?a=1http://news.test/", "http://other.test/?a=://news.test/",
                "http://other.test/?a=h://x.y.news.test/", "http://other.test/?to=ftp://shop.test/",
                "http://news.test:pw@other.test/", "http://a.news.test:pw@other.test/"]


def fragment_variants(url, literal, rng):
    """The URL with the fragments that tell WebKit's evaluations apart."""
    out = [url, url + "#", url + "#" + literal, url + "#x" + rng.choice(["", "/", "?q=1", "$"])]
    return out


NAVIGATIONS = [0]


def navigation_url(url):
    """Moves a navigation to a site of its own: WebKit keeps one web process per site, whose main frame's current
    document (the navigation's frame URL) is the site's previous page, and the oracle's WebView stalls on a blocked
    navigation to a site it has shown before. A new site makes the frame URL about:blank and the run safe."""
    NAVIGATIONS[0] += 1
    m = re.match(r"^(https?://)([^/?#]*)(.*)$", url, re.S)
    host = m.group(2).replace(".", "-")
    return "%s%s-nav%d.test%s" % (m.group(1), host, NAVIGATIONS[0], m.group(3))


def request(url, type_, top, frame=None, method=None):
    if type_ == "document":
        url = navigation_url(url)
    r = {"url": url, "type": type_}
    if type_ != "document":
        r["top"] = top
    if frame and type_ in FRAME_TYPES:
        r["frame"] = frame
    if method:
        r["method"] = method
    return r


def svg_url(top, path, rng):
    origin = re.match(r"^(https?://[^/?#]*)", top).group(1)
    if "@" in origin:
        origin = "http://" + origin.split("@", 1)[1]
    return origin + path + "#" + rng.choice(["a", "frag", "x.y"])


def spread(paths, rng, tops, count, frames=(None, None, FRAME_URL), types=None, documents=4, fragments=True):
    """Requests for each path: every type, fragments, a few frames and tops; `documents` navigations per path."""
    types = types or SUBRESOURCE_TYPES
    requests = []
    for path, literal in paths:
        hosts = ["cdn.tracker.test", "www.news.test"]
        for t in types:
            top = rng.choice(tops)
            if t == "svg-document":
                requests.append(request(svg_url(top, path, rng), t, top))
                continue
            host = rng.choice(hosts)
            base = ("ws://" if t == "websocket" else "http://") + host + path
            variants = fragment_variants(base, literal, rng) if fragments else [base]
            for url in rng.sample(variants, min(len(variants), 3)):
                requests.append(request(url, t, rng.choice(tops), rng.choice(frames)))
        for _ in range(documents):
            base = "http://" + rng.choice(["news.test", "www.shop.test", "cdn.tracker.test"]) + path
            url = rng.choice(fragment_variants(base, literal, rng)) if fragments else base
            requests.append(request(url, "document", None))
    return dedupe(requests, rng, count)


def dedupe(requests, rng, count):
    seen, out = set(), []
    for r in requests:
        key = json.dumps(r, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(r)
    rng.shuffle(out)
    # Navigations cost a page each: keep them at about a tenth of a case.
    docs = [r for r in out if r["type"] == "document"]
    rest = [r for r in out if r["type"] != "document"]
    keep_docs = docs[:max(2, count // 16)]
    return (rest[:count - len(keep_docs)] + keep_docs)[:count]


def block(url_filter, **trigger):
    return rule(url_filter, "block", **trigger)


def rule(url_filter, action, **trigger):
    t = {"url-filter": url_filter}
    for key, value in trigger.items():
        t[key.replace("_", "-")] = value
    return {"trigger": t, "action": {"type": action}}


def fragments_case(rng, n):
    rules = [block("fragmark"), block("\\.xq$"), block("[?&]qq=1$"), block("/endslash/$"),
             block("/typed-img\\.xq$", resource_type=["image"]), block("/onlyfrag#", resource_type=["media", "popup"]),
             block("FragCase", url_filter_is_case_sensitive=True)]
    paths = [("/p/a.xq", "fragmark"), ("/p/b.js", "fragmark"), ("/p/c?qq=1", "qq=1"), ("/endslash/", "x.xq"),
             ("/typed-img.xq", "frag"), ("/onlyfrag", "a"), ("/p/d.js", "FragCase"), ("/p/e.js", "fragcase")]
    return rules, spread(paths, rng, PLAIN_TOPS[:4], n)


def hash_case(rng, n):
    rules = [block("#", resource_type=["media", "popup", "image", "script"]), block("#frag", if_domain=["*news.test"]),
             block("\\.js#", unless_domain=["shop.test"])]
    paths = [("/h/a.js", "frag"), ("/h/b.png", "frag2"), ("/h/c", "q")]
    return rules, spread(paths, rng, PLAIN_TOPS[:5], n)


def reports_case(rng, n):
    rules = [
        block("/rep1"), rule("/rep1", "ignore-previous-rules", resource_type=["csp-report"]),
        block("/rep2"), rule("/rep2", "ignore-previous-rules", resource_type=["ping"]),
        block("/rep3", resource_type=["ping"]), block("/rep4", resource_type=["other"]),
        block("/rep5", resource_type=["raw"]), block("/rep6", resource_type=["csp-report"]),
        block("/rep7"), rule("/rep7", "ignore-previous-rules", resource_type=["other"]),
        block("/rep8\\.y$"), block("/rep9", resource_type=["ping", "csp-report"], url_filter_is_case_sensitive=True),
        block("/rep10", load_type=["third-party"]), block("/rep11", if_domain=["*news.test"]),
        block("/rep12", unless_top_url=["shop"]), block("/rep13", load_context=["child-frame"]),
        block("/rep14", resource_type=["ping"], load_context=["top-frame"]), block("/rep15", if_frame_url=["frame\\.example"]),
        rule("/rep16", "ignore-previous-rules"), block("/rep16x"), block("/rep17"),
        rule("/rep17", "ignore-previous-rules", resource_type=["other"], if_domain=["*shop.test"]),
        block("repfrag", resource_type=["ping", "csp-report"]), block("repfrag2", resource_type=["other"]),
    ]
    paths = [("/rep%d" % i, "repfrag") for i in range(1, 18)] + [("/rep8.y", "repfrag2"), ("/rep16x", "repfrag"),
                                                                   ("/x/report", "repfrag"), ("/x/report2", "repfrag2")]
    types = ["ping", "csp-report", "beacon", "eventsource", "fetch", "image", "popup"]
    return rules, spread(paths, rng, PLAIN_TOPS[:6], n, types=types, documents=0,
                         frames=(None, None, FRAME_URL, FRAME_URL_2))


def frames_case(rng, n):
    rules = [
        block("/fu1", if_frame_url=["^about:blank$"]), block("/fu2", unless_frame_url=["^about"]),
        block("/fu3", if_frame_url=["frame\\.example"]), block("/fu4", load_context=["top-frame"]),
        block("/fu5", load_context=["child-frame"]), block("/fu6", if_top_url=["news\\.test"]),
        block("/fu7", unless_top_url=["/fu7"]), block("/fu8", if_top_url=["/fu8"]),
        block("/fu9", load_type=["third-party"]), block("/fu10", if_domain=["*news.test"]),
        block("/fu11", if_frame_url=["fu11"]), block("/fu12", resource_type=["document"]),
        block("/fu13", resource_type=["top-document"]), block("/fu14", resource_type=["child-document"]),
        block("/fu15", if_frame_url=["BLANK"], frame_url_filter_is_case_sensitive=True),
        block("/fu16", if_frame_url=["blank"]), block("/fu17", unless_domain=["news.test"]),
        block("/fu18", load_type=["first-party"]), block("/fu19", unless_frame_url=["embed"]),
        block("/fu20", if_top_url=["^http://[^/]*shop"], load_context=["child-frame"]),
    ]
    paths = [("/fu%d/x" % i, "f") for i in range(1, 21)]
    types = ["child-document", "script", "image", "popup", "fetch"]
    return rules, spread(paths, rng, PLAIN_TOPS[:6], n, types=types, documents=5,
                         frames=(None, FRAME_URL, FRAME_URL_2))


def domains_case(rng, n):
    rules = [block("/d1", if_domain=["news.test"]), block("/d2", if_domain=["*news.test"]),
             block("/d3", unless_domain=["news.test"]), block("/d4", unless_domain=["*news.test"]),
             block("/d5", if_domain=["news.test", "*shop.test"]), block("/d6", unless_domain=["*shop.test", "other.test"]),
             block("/d7", if_domain=["*news.test"], resource_type=["document"]),
             block("/d8", if_domain=["*news.test"], load_type=["third-party"])]
    paths = [("/d%d/x" % i, "d") for i in range(1, 9)]
    types = ["script", "image", "child-document", "ping", "csp-report", "popup", "fetch"]
    return rules, spread(paths, rng, PLAIN_TOPS + OUTSIDE_TOPS, n, types=types, documents=3,
                         frames=(None, None, FRAME_URL))


def empty_case_lists(rng, n):
    """Lists whose patterns can match the empty string (they match every URL), each limited so that the
    oracle's own pages still load."""
    lists = [
        [block("^$", resource_type=["image"]), block("a?", resource_type=["script"], if_domain=["*news.test"])],
        [block("(ab)*", resource_type=["style-sheet", "ping"]), rule("x*", "ignore-previous-rules", resource_type=["ping"], if_top_url=["keep"])],
        [block("/e1", if_top_url=["(zz)*"]), block("/e2", unless_top_url=["q?"]), block("/e3", if_frame_url=["^$"]),
         block("/e4", unless_frame_url=["(ab)*"]), block("(ab)?", resource_type=["font"]), block(".*", resource_type=["popup"], load_type=["third-party"])],
        [block("^", resource_type=["fetch", "csp-report"], if_domain=["*news.test"]), block("$", resource_type=["media"]),
         block("(a)?", resource_type=["child-document"], unless_domain=["shop.test"])],
    ]
    tops = PLAIN_TOPS[:6] + ["http://www.news.test/keep", "http://other.test/?q", "http://other.test/ab"]
    paths = [("/e1/x", "e"), ("/e2/y", "e"), ("/e3", "e"), ("/e4/z", "e"), ("/plain/a", "b")]
    types = ["image", "script", "style-sheet", "ping", "font", "popup", "fetch", "csp-report", "media", "child-document"]
    out = []
    for i, rules in enumerate(lists):
        out.append(("empty-%d" % (i + 1), rules, spread(paths, rng, tops, n // len(lists), types=types, documents=0,
                                                         frames=(None, None, FRAME_URL))))
    return out


def methods_case(rng, n):
    rules = [block("/m1", request_method="post"), block("/m2", request_method="get"), block("/m3", request_method="head"),
             block("/m4"), rule("/m4", "ignore-previous-rules", request_method="post")]
    requests = []
    for i in range(1, 5):
        for t in ("fetch", "xhr"):
            for method in (None, "GET", "POST", "PUT"):
                requests.append(request("http://api.tracker.test/m%d/x" % i, t, rng.choice(PLAIN_TOPS[:4]), None, method))
                requests.append(request("http://api.tracker.test/m%d/y#f" % i, t, rng.choice(PLAIN_TOPS[:4]), FRAME_URL, method))
        for t in ("script", "image", "ping", "child-document"):
            requests.append(request("http://api.tracker.test/m%d/z" % i, t, rng.choice(PLAIN_TOPS[:4])))
    return rules, dedupe(requests, rng, n)


# ---- random lists crossing every trigger field with the classes ----------------------------------------------

TOKENS = ["ad", "trk", "pix", "beacon", "log", "stat", "rep", "frag", "cdn", "img", "evt", "sync"]
RULE_TYPES = ["document", "top-document", "child-document", "image", "style-sheet", "script", "font", "raw", "svg-document",
              "media", "popup", "ping", "fetch", "websocket", "other", "csp-report"]


def random_filter(rng, token):
    forms = [token, "/" + token + "/", token + "\\.js$", "^http://[^/]*tracker\\.test/" + token, token + "[0-9]+",
             "[?&]" + token + "=", token.upper(), token + "$", "(" + token + ")?/x", token + "#?", "/" + token + ".*\\.png"]
    return rng.choice(forms)


def random_rule(rng):
    token = rng.choice(TOKENS)
    t = {"url-filter": random_filter(rng, token)}
    if rng.random() < 0.2:
        t["url-filter-is-case-sensitive"] = True
    if rng.random() < 0.45:
        t["resource-type"] = rng.sample(RULE_TYPES, rng.randint(1, 3))
        # never block every top document (the oracle's pages must load)
    if rng.random() < 0.25:
        t["load-type"] = [rng.choice(["first-party", "third-party"])]
    if rng.random() < 0.25:
        t["load-context"] = [rng.choice(["top-frame", "child-frame"])]
    if rng.random() < 0.1:
        t["request-method"] = rng.choice(["get", "post"])
    roll = rng.random()
    if roll < 0.12:
        t["if-domain"] = rng.sample(["news.test", "*news.test", "shop.test", "*shop.test", "other.test"], rng.randint(1, 2))
    elif roll < 0.22:
        t["unless-domain"] = rng.sample(["news.test", "*news.test", "shop.test", "*shop.test"], rng.randint(1, 2))
    elif roll < 0.3:
        t["if-top-url"] = [rng.choice(["news", "^http://shop", "/page$", "(x)*", "other\\.test/\\?"])]
        if rng.random() < 0.3:
            t["top-url-filter-is-case-sensitive"] = True
    elif roll < 0.36:
        t["unless-top-url"] = [rng.choice(["news", "shop", "\\?u="])]
    elif roll < 0.44:
        t["if-frame-url"] = [rng.choice(["about:blank", "frame\\.example", "^http://www\\.news", "embed", "news"])]
        if rng.random() < 0.3:
            t["frame-url-filter-is-case-sensitive"] = True
    elif roll < 0.5:
        t["unless-frame-url"] = [rng.choice(["about", "frame\\.example", "news"])]
    action = "ignore-previous-rules" if rng.random() < 0.2 else "block"
    return {"trigger": t, "action": {"type": action}}


def random_case(rng, n, index):
    rules = [random_rule(rng) for _ in range(18)]
    requests = []
    tops = PLAIN_TOPS + OUTSIDE_TOPS
    for _ in range(n * 2):
        token = rng.choice(TOKENS)
        t = rng.choice(SUBRESOURCE_TYPES + ["document"] * 1)
        top = rng.choice(tops)
        path = rng.choice(["/%s/a.js" % token, "/x/%s12.png" % token, "/q?%s=1" % token, "/%s" % token, "/%s/x" % token,
                           "/%s/b.png" % token, "/a/%s$" % token, "/" + token.upper() + "/c"])
        host = rng.choice(["cdn.tracker.test", "www.news.test", "shop.test", "static.other.test"])
        if t == "svg-document":
            url = svg_url(top, path, rng)
        else:
            url = ("ws://" if t == "websocket" else "http://") + host + path
            roll = rng.random()
            if roll < 0.3:
                url += "#" + rng.choice([token, "x", "", ".js", "/" + token + "/"])
        frame = rng.choice([None, None, FRAME_URL, FRAME_URL_2])
        method = rng.choice([None, None, "POST"]) if t in ("fetch", "xhr") else None
        requests.append(request(url, t, top, frame, method))
    return ("random-%d" % index, rules, dedupe(requests, rng, n))


# ---- corpus slices moved into the classes ---------------------------------------------------------------------

def literals(pattern):
    text = re.sub(r"\\(.)", r"\1", pattern)
    return [p for p in re.split(r"[\^\$\[\]\(\)\*\+\?\|]|\.\*", text) if len(p) >= 3]


def corpus_case(rng, name, path, step, offset, n):
    rules = json.load(open(os.path.join(CORPUS, path)))
    chosen = [r for i, r in enumerate(rules) if i % step == offset and r["action"]["type"] in ("block", "ignore-previous-rules", "block-cookies")]
    hosts, paths, domains = [], [], []
    for r in chosen:
        trig = r["trigger"]
        for lit in literals(trig["url-filter"]):
            lit = lit.lstrip(":/")
            if re.fullmatch(r"[a-z0-9.-]+\.[a-z]{2,}", lit):
                hosts.append(lit)
            elif lit and re.fullmatch(r"[\x21-\x7e]+", lit) and "#" not in lit:
                paths.append(lit if lit.startswith("/") else "/x" + lit)
        for key in ("if-domain", "unless-domain"):
            for d in trig.get(key, [])[:2]:
                d = d.lstrip("*")
                if re.fullmatch(r"[a-z0-9.-]+\.[a-z]{2,}", d):
                    domains.append(d)
    hosts = hosts or ["cdn.example.test"]
    paths = paths or ["/ads/x.js"]
    domains = domains or ["example-news.test"]
    requests = []
    for _ in range(n * 2):
        d = rng.choice(domains)
        top = rng.choice(["http://%s/" % d, "http://www.%s/page" % d, "http://other.test/?u=http://%s/" % d,
                          "http://%s:8080/" % d, "http://blog.example.test/article", "http://other.test/#http://%s/" % d])
        t = rng.choice(SUBRESOURCE_TYPES + ["document"])
        p = rng.choice(paths)
        if not re.fullmatch(r"/[\x21-\x7e]*", p):
            continue
        if t == "svg-document":
            url = svg_url(top, p.split("#")[0], rng)
        else:
            url = ("ws://" if t == "websocket" else "http://") + rng.choice(hosts) + p
            if rng.random() < 0.35:
                url += "#" + rng.choice(["", "x", p[-6:].lstrip("#")])
        requests.append(request(url, t, top, rng.choice([None, None, FRAME_URL]),
                                rng.choice([None, "POST"]) if t == "fetch" else None))
    return (name, chosen, dedupe(requests, rng, n))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    def size(n):
        return max(10, int(n * args.scale))

    cases = []
    for name, make, n in [("fragments", fragments_case, 420), ("hash", hash_case, 160), ("reports", reports_case, 330),
                          ("frames", frames_case, 330), ("domains", domains_case, 330), ("methods", methods_case, 80)]:
        rules, requests = make(rng, size(n))
        cases.append((name, rules, requests))
    cases += empty_case_lists(rng, size(320))
    for i in range(1, 7):
        cases.append(random_case(rng, size(170), i))
    slices = [("ghostery-ads-slice", "ghostery-user-agent-ios/safari-ads-network.json", 450),
              ("brave-block-ads-slice", "brave-ios/block-ads.json", 70),
              ("disconnect-advertising-slice", "firefox-ios-2021/disconnect-block-advertising.json", 25),
              ("focus-ios-slice", "focus-ios/disconnect-advertising.json", 30)]
    for name, path, step in slices:
        if os.path.exists(os.path.join(CORPUS, path)):
            cases.append(corpus_case(rng, name, path, step, rng.randrange(step), size(150)))
    for name, rules, requests in cases:
        print(json.dumps({"name": name, "rules": rules, "requests": requests}))


main()
