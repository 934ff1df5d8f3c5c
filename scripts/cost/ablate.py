#!/usr/bin/python3
"""Ablations of a rule list, to see where WebKit's compile time and bytes go (issue #22).

Usage:
    scripts/cost/ablate.py LIST.json OUTDIR [VARIANT...]     (default: every variant)
then scripts/cost/measure.py OUTDIR/*.json. Writes OUTDIR/NAME-VARIANT.json, compact ASCII JSON:

    compact      the same rules re-serialized (no whitespace, non-ASCII as \\u escapes)
    nocond       if-/unless-domain, -top-url, -frame-url removed         (changes decisions: ablation only)
    onlycond     only the rules with such a condition                      (ablation only)
    onlynocond   only the rules without                                    (ablation only)
    urlonly      url-filters only, every action `block`, no other trigger  (ablation only)
    notrailopt   trailing terms quantified ? or * dropped, trailing + kept once (same decisions)
    plus         notrailopt, and the first atom of an unanchored filter repeated (`ab` -> `a+b`) (same decisions)
    floor        plus, with every condition collapsed into one rule per condition kind holding every distinct
                 entry of the list: the rules keep their url-filters and actions (selectors included), so the url
                 automata with their shapes, and each distinct entry once in the
                 top-URL automaton, but no per-rule actions on the entries (an estimate of what is left
                 when conditions cost nothing beyond their entries; not decision-preserving)
The text rewrites here are a quick sketch of URLFilterReshaper's (which checks each rewrite on automata).
"""
import json, os, re, sys

CONDITIONS = ("if-domain", "unless-domain", "if-top-url", "unless-top-url", "if-frame-url", "unless-frame-url")


def strip_trailing_optional(pattern):
    while True:
        shorter = pattern if pattern.endswith("\\?") else re.sub(r"(\[[^\]]*\]|\\.|[^\\\])])\?$", "", pattern)
        shorter = re.sub(r"\.\*$", "", shorter)
        if shorter == pattern or shorter in ("", "^"):
            return pattern
        pattern = shorter


def repeat_first_atom(pattern):
    if pattern.startswith("^"):
        return pattern
    match = re.match(r"(\\.|[A-Za-z0-9_\-/%=&,;:~!@#]|\[[^\]]*\])", pattern)
    if not match:
        return pattern
    rest = pattern[match.end():]
    if rest == "" or rest[:1] in ("?", "*", "+", "{"):
        return pattern
    return match.group(0) + "+" + rest


def with_filters(rules, rewrite):
    out = json.loads(json.dumps(rules))
    for rule in out:
        rule["trigger"]["url-filter"] = rewrite(rule["trigger"]["url-filter"])
    return out


def without_conditions(rules):
    return [dict(r, trigger={k: v for k, v in r["trigger"].items() if k not in CONDITIONS}) for r in rules]


def floor(rules):
    out = with_filters(without_conditions(rules), lambda p: repeat_first_atom(strip_trailing_optional(p)))
    for kind in CONDITIONS:
        entries = sorted({e for r in rules for e in r["trigger"].get(kind, [])})
        if entries:
            out.append({"trigger": {"url-filter": "^https?://floor\\.invalid/", kind: entries}, "action": {"type": "block"}})
    return out


VARIANTS = {
    "compact": lambda r: r,
    "nocond": without_conditions,
    "onlycond": lambda r: [x for x in r if any(k in x["trigger"] for k in CONDITIONS)],
    "onlynocond": lambda r: [x for x in r if not any(k in x["trigger"] for k in CONDITIONS)],
    "urlonly": lambda r: [{"trigger": {"url-filter": x["trigger"]["url-filter"]}, "action": {"type": "block"}} for x in r],
    "notrailopt": lambda r: with_filters(r, strip_trailing_optional),
    "plus": lambda r: with_filters(r, lambda p: repeat_first_atom(strip_trailing_optional(p))),
    "floor": floor,
}


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    source, outdir = argv[0], argv[1]
    names = argv[2:] or list(VARIANTS)
    rules = json.load(open(source, encoding="utf-8"))
    name = os.path.splitext(os.path.basename(source))[0]
    os.makedirs(outdir, exist_ok=True)
    for variant in names:
        out = VARIANTS[variant](rules)
        if not out:
            continue
        with open(os.path.join(outdir, "%s-%s.json" % (name, variant)), "w") as f:
            f.write(json.dumps(out, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
