#!/usr/bin/python3
"""Write generated rule lists that vary one thing at a time, for measuring WebKit's compile cost.

Usage: scripts/cost/generate.py OUTPUT_DIR

Writes OUTPUT_DIR/<case>.json (compact JSON arrays) and prints the case names in order. The lists are
deterministic (no randomness but a fixed-seed shuffle), so a rerun writes byte-identical files.
"""
import hashlib, json, os, random, sys

N = 2000

def block(url, **trigger):
    t = {"url-filter": url}
    t.update(trigger)
    return {"trigger": t, "action": {"type": "block"}}

def word(i):
    # A unique pseudo-random 9-letter token per index (from a hash), so that neither prefixes nor suffixes are
    # shared beyond chance and WebKit's DFA minimization cannot fold the list into a small automaton.
    digest = hashlib.sha256(b"wkpack-cost-%d" % i).digest()
    return "".join("abcdefghijklmnopqrstuvwxyz"[b % 26] for b in digest[:9])

def cases():
    c = {}
    c["literal-unanchored-1000"] = [block(word(i) + "\\.example\\.com") for i in range(1000)]
    c["literal-unanchored-2000"] = [block(word(i) + "\\.example\\.com") for i in range(2000)]
    c["literal-unanchored-4000"] = [block(word(i) + "\\.example\\.com") for i in range(4000)]
    c["literal-anchored-shared-prefix"] = [block("^https://cdn\\.example\\.com/" + word(i)) for i in range(N)]
    c["literal-anchored-distinct"] = [block("^https://" + word(i) + "\\.example\\.com/") for i in range(N)]
    c["domain-anchor-firefox-style"] = [block("^https?://([^/]+\\.)?" + word(i) + "\\.com", **{"load-type": ["third-party"]}) for i in range(N)]
    c["dotstar-leading-explicit"] = [block(".*" + word(i) + "\\.example\\.com") for i in range(N)]
    c["dotstar-middle"] = [block(word(i) + ".*" + word(i + 7)) for i in range(N)]
    c["dotstar-middle-shared-prefix"] = [block("ads.*" + word(i)) for i in range(N)]
    c["dotstar-middle-500"] = [block(word(i) + ".*" + word(i + 7)) for i in range(500)]
    c["dotstar-two"] = [block(word(i) + ".*" + word(i + 3) + ".*" + word(i + 5)) for i in range(N)]
    c["dotstar-trailing"] = [block(word(i) + "\\.example\\.com.*") for i in range(N)]
    c["quantifier-plus"] = [block(word(i) + "x+y") for i in range(N)]
    c["quantifier-optional"] = [block(word(i) + "x?y") for i in range(N)]
    c["class-fixed"] = [block(word(i) + "[0-9a-f][0-9a-f]\\.js") for i in range(N)]
    c["class-plus"] = [block(word(i) + "[0-9]+\\.js") for i in range(N)]
    c["case-insensitive"] = [block("/" + word(i) + "/banner") for i in range(N)]
    c["case-sensitive"] = [block("/" + word(i) + "/banner", **{"url-filter-is-case-sensitive": True}) for i in range(N)]
    for k in (1, 10, 100):
        c["if-domain-%d" % k] = [block(word(i) + "\\.js", **{"if-domain": ["*" + word(i * k + j) + ".com" for j in range(k)]}) for i in range(200)]
        c["unless-domain-%d" % k] = [block(word(i) + "\\.js", **{"unless-domain": ["*" + word(i * k + j) + ".com" for j in range(k)]}) for i in range(200)]
    c["if-domain-universal-1000"] = [{"trigger": {"url-filter": ".*", "if-domain": ["*" + word(i) + ".com"]}, "action": {"type": "css-display-none", "selector": ".ad-" + word(i)}} for i in range(1000)]
    c["if-top-url-200"] = [block(word(i) + "\\.js", **{"if-top-url": ["^https?://([^/]+\\.)?" + word(i + 5000) + "\\.com/"]}) for i in range(200)]
    c["selectors-2000-rules"] = [{"trigger": {"url-filter": ".*"}, "action": {"type": "css-display-none", "selector": ".ad-" + word(i)}} for i in range(N)]
    c["selectors-one-rule"] = [{"trigger": {"url-filter": ".*"}, "action": {"type": "css-display-none", "selector": ", ".join(".ad-" + word(i) for i in range(N))}}]
    c["selectors-per-site"] = [{"trigger": {"url-filter": "^https?://([^/]+\\.)?" + word(i) + "\\.com"}, "action": {"type": "css-display-none", "selector": ".ad-" + word(i)}} for i in range(N)]
    c["action-block-cookies"] = [{"trigger": {"url-filter": word(i) + "\\.example\\.com"}, "action": {"type": "block-cookies"}} for i in range(N)]
    mixed = []
    kinds = ["block", "block-cookies", "make-https"]
    for i in range(N):
        mixed.append({"trigger": {"url-filter": word(i) + "\\.example\\.com"}, "action": {"type": kinds[i % 3]}})
    c["action-mixed-interleaved"] = mixed
    c["action-mixed-grouped"] = sorted(mixed, key=lambda r: kinds.index(r["action"]["type"]))
    with_exceptions = []
    for i in range(N):
        if i % 10 == 9:
            with_exceptions.append({"trigger": {"url-filter": word(i) + "\\.example\\.com/ok"}, "action": {"type": "ignore-previous-rules"}})
        else:
            with_exceptions.append(block(word(i) + "\\.example\\.com"))
    c["exceptions-interleaved"] = with_exceptions
    c["exceptions-at-end"] = [r for r in with_exceptions if r["action"]["type"] == "block"] + [r for r in with_exceptions if r["action"]["type"] != "block"]
    resource = ["script", "image", "style-sheet", "font"]
    c["flags-varied"] = [block(word(i) + "\\.example\\.com", **{"resource-type": [resource[i % 4]]}) for i in range(N)]
    shuffled = list(c["literal-anchored-shared-prefix"])
    random.Random(22).shuffle(shuffled)
    c["order-shuffled-shared-prefix"] = shuffled
    return c

def main(argv):
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = argv[0]
    os.makedirs(out, exist_ok=True)
    for name, rules in cases().items():
        with open(os.path.join(out, name + ".json"), "w") as f:
            json.dump(rules, f, separators=(",", ":"))
        print(name)
    return 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
