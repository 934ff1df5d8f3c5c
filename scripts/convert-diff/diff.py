"""Compares adblock-rust's decisions on filter lists with wkpack's matcher on the lists `wkpack rules convert` makes.

Requests are derived from the network filters themselves: a URL each filter should match, a near miss (one
character of its literal changed), one of its resource types and one it excludes, first- and third-party tops,
and the domains its $domain option lists; and, for every filter whatever types it names, a navigation of the main
frame to the URL (type `document`, the page itself as top) and a popup opening it (type `popup`). Each request gets adblock-rust's verdict (Engine.check_network_urls on the
text lists) and wkpack's (`wkpack rules match --requests ... --format json` on the converted parts). Every
difference is classified:
  reported      the filter adblock-rust applied (blocking or excepting) is one the conversion reported as
                unconvertible, partial or dead;
  adblock-rust-www  adblock-rust 0.6.0 applies `||www.host^` to every subdomain of host (and host itself): it
                drops a leading `www.` from host-anchored patterns; the filter's text (and so the conversion) does not;
                the same for exceptions (`@@||www.google.*/adsense/` cancelling a block of `support.google.com`);
  adblock-rust-end-anchor  adblock-rust 0.6.0 applies a pattern ending in `|` (end of the address) to longer URLs:
                it keeps one flag for a trailing `^` and `|` (brave/adblock-rust#122), so `@@||ads.viralize.tv^|`
                cancels blocks of `https://ads.viralize.tv/d-vast/`; the pattern read as documented does not match;
  page-exception  the converted list cancels the request by a `$document` page exception (adblock-rust's
                check_network_urls does not apply page exceptions to the page's requests: the browser does);
  fragment      the request URL has a #fragment (the filter's text holds a `#`, so the derived URL does) and only
                adblock-rust, which matches the URL as given, blocks: WebKit matches the loads of these types on the
                URL without its fragment (popups and media with it), as real requests are sent;
  adblock-rust-percent  adblock-rust finds candidate filters by whole tokens of the URL, cut at every character
                that is not a letter or digit, so `%2Fcomms.yahoo.net` in a URL yields the token `2fcomms` and a filter
                whose token is `comms` is never tried, although its pattern matches; shown by the same filter and URL
                with their %XX escapes decoded, which adblock-rust then matches (wkpack follows the pattern);
  webkit-ping-as-other  WebKit's `other` covers pings, and WebKit evaluates a ping twice, the second time as
                `other` without the fragment (the matcher models both), so a filter for `$other` (which the syntax keeps
                apart from `$ping`), for every type but ping (`$~ping`), or one an exception cancels only for pings,
                still blocks the ping in WebKit;
  public-suffix  adblock-rust counts the request third-party and wkpack's built-in public-suffix list (a short one:
                `com.co`, `global.ssl.fastly.net`, ... are missing) counts it first-party; WebKit uses the full list;
  adblock-rust-host-document  adblock-rust 0.6.0 applies a filter that names a whole host and no type (`||host^`,
                blocking or `@@`) to navigations of the main frame, as uBlock Origin's strict blocking does (uBO then
                shows a page the user can pass; WebKit has none); the filter syntax (Adblock Plus) applies to the
                page the user opens only filters with `$document`, and so does the conversion;
  adblock-rust-no-popup  adblock-rust 0.6.0 has no popup request type: it checks a popup as `other`, so filters
                that do not name `$popup` apply to it and `$popup` filters never do (checked with the filter alone);
                the conversion applies to popups only the filters that name `$popup`;
  adblock-rust-popup / -not-document / -port, invalid-host  adblock-rust 0.6.0 does not apply the filter to the URL
                derived from it (checked with the filter alone): a filter naming `$popup` with other types is applied
                to popups only, a filter with `$~document` to nothing (an exception too: `@@...$~document` cancels
                no block in adblock-rust, checked with the exception's pattern and options as a block filter alone),
                `||host:port` never matches, and a host the derivation filled with `=` or `?` does not parse;
  unexplained   anything else: a conversion or matcher bug until shown otherwise.
Prints a summary (JSON on stdout), writes every difference to OUT/differences.jsonl.
"""
import argparse, collections, json, os, random, re, subprocess, sys, tempfile, time, urllib.parse

import adblock

# adblock-rust request type -> webkit-match-oracle / wkpack request type
TYPES = {
    "script": "script", "image": "image", "stylesheet": "style-sheet", "font": "font", "media": "media",
    "subdocument": "child-document", "xmlhttprequest": "fetch", "websocket": "websocket", "ping": "ping",
    "other": "other", "document": "document", "popup": "popup",
}
# Asked for every filter, whatever types it names: not picked at random below.
PAGE_TYPES = ("document", "popup")
OPTION_TYPES = {"script": "script", "image": "image", "stylesheet": "stylesheet", "css": "stylesheet", "font": "font",
                "media": "media", "subdocument": "subdocument", "frame": "subdocument", "xmlhttprequest": "xmlhttprequest",
                "xhr": "xmlhttprequest", "websocket": "websocket", "ping": "ping", "other": "other"}
THIRD_TOP = "https://news-site.example/article"
Verdict = collections.namedtuple("Verdict", "matched filter exception")
COSMETIC = re.compile(r"#[@?$%]*#|\$@?\$")


def network_filters(text):
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("!") or line.startswith("[") or COSMETIC.search(line):
            continue
        yield line


def split_options(body):
    if body.startswith("/") and "/$" in body:
        index = body.rindex("/$") + 1
    else:
        index = body.rfind("$")
    if index <= 0:
        return body, []
    return body[:index], body[index + 1:].split(",")


def sample_url(pattern, rng):
    """A URL the pattern matches, or None for /regex/ filters."""
    if pattern.startswith("/") and pattern.endswith("/") and len(pattern) > 2:
        return None
    host_anchored = pattern.startswith("||")
    core = pattern[2:] if host_anchored else pattern.lstrip("|")
    core = core.rstrip("|")
    filler = lambda: rng.choice(["x", "ad", "0"])
    out = ""
    for ch in core:
        if ch == "*":
            out += filler()
        elif ch == "^":
            out += "/"
        else:
            out += ch
    if host_anchored:
        host_end = len(out)
        for sep in "/?:":
            if sep in out:
                host_end = min(host_end, out.index(sep))
        host = out[:host_end]
        if not host or host.endswith("."):
            host = (host or "") + "example"
        if "." not in host:
            host += ".example"
        return "https://" + host + (out[host_end:] if out[host_end:].startswith(("/", "?", ":")) else "/" + out[host_end:])
    if pattern.startswith("|") and re.match(r"^[a-z]+:", out):
        return out if "://" in out and "/" in out.split("://", 1)[1] else out + "/"
    return "https://cdn.example-host.com/" + out.lstrip("/")


def documented_match(pattern, url):
    """Whether a (non-regex) pattern matches url as the Adblock Plus documentation describes it, case-insensitively:
    `||` the start of the host or of one of its subdomains, `|` the start or the end of the address, `^` a separator
    (a character other than a letter, a digit or `_-.%`) or the end of the address, `*` anything."""
    regex = ""
    core = pattern
    if core.startswith("||"):
        regex, core = r"^[a-z][a-z0-9+.-]*://([^/?#]*\.)?", core[2:]
    elif core.startswith("|"):
        regex, core = "^", core[1:]
    end = core.endswith("|")
    if end:
        core = core[:-1]
    for ch in core:
        regex += ".*" if ch == "*" else r"([^a-zA-Z0-9_.%-]|$)" if ch == "^" else re.escape(ch)
    return re.search(regex + ("$" if end else ""), url, re.I) is not None


def near_miss(url, rng):
    positions = [i for i, c in enumerate(url) if c.isalpha() and i > 8]
    if not positions:
        return None
    i = rng.choice(positions)
    c = "q" if url[i] != "q" else "z"
    return url[:i] + c + url[i + 1:]


def derive(filters, rng, sample):
    chosen = filters if sample <= 0 or len(filters) <= sample else rng.sample(filters, sample)
    requests = []
    for text in chosen:
        body = text[2:] if text.startswith("@@") else text
        pattern, options = split_options(body)
        url = sample_url(pattern, rng)
        if url is None or not url.isascii() or " " in url or not re.match(r"^[a-z][a-z0-9+.-]*://[^/]+/", url):
            continue
        types = [OPTION_TYPES[o] for o in options if o in OPTION_TYPES]
        negated = [OPTION_TYPES[o[1:]] for o in options if o.startswith("~") and o[1:] in OPTION_TYPES]
        domains = []
        for o in options:
            if o.startswith("domain="):
                domains = [d for d in o[7:].split("|") if d and not d.startswith("~") and "*" not in d and d.isascii()]
        if types:
            rtype = rng.choice(types)
            other = rng.choice([t for t in TYPES if t not in types and t not in PAGE_TYPES])
        else:
            rtype = rng.choice([t for t in TYPES if t not in negated and t not in PAGE_TYPES])
            other = rng.choice(negated) if negated else None
        host = url.split("/")[2]
        tops = [THIRD_TOP, "https://" + host + "/"]
        if domains:
            tops.append("https://" + rng.choice(domains) + "/")
            tops.append("https://sub." + rng.choice(domains) + "/page")
        for top in tops:
            requests.append({"url": url, "type": rtype, "top": top, "from": text})
        if other:
            requests.append({"url": url, "type": other, "top": tops[-1], "from": text})
        miss = near_miss(url, rng)
        if miss:
            requests.append({"url": miss, "type": rtype, "top": tops[-1], "from": text})
        # The page the user opens (its own top) and a popup opened from the last top.
        requests.append({"url": url, "type": "document", "top": url, "from": text})
        requests.append({"url": url, "type": "popup", "top": tops[-1], "from": text})
    return requests


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("lists", nargs="+")
    parser.add_argument("--wkpack", default=None)
    parser.add_argument("--sample", type=int, default=3000, help="filters sampled per list (0: every network filter)")
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--out", default=None)
    parser.add_argument("--reuse", action="store_true", help="keep the conversion and wkpack's answers already in --out")
    parser.add_argument("--record", default=None, help="write requests with adblock-rust's verdicts (a test fixture)")
    parser.add_argument("--record-known", default=None, help="write the line numbers (in --record) of the differences explained, with their class")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    wkpack = args.wkpack or os.path.join(root, ".build", "release", "wkpack")
    out = args.out or tempfile.mkdtemp(prefix="convert-diff-")
    os.makedirs(out, exist_ok=True)
    rng = random.Random(args.seed)

    texts = [open(path, encoding="utf-8", errors="replace").read() for path in args.lists]
    converted = os.path.join(out, "converted.json")
    report_path = os.path.join(out, "report.json")
    started = time.time()
    if not (args.reuse and os.path.exists(report_path)):
        run = subprocess.run([wkpack, "rules", "convert", *args.lists, "-o", converted, "--report", report_path, "--quiet"],
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit("wkpack rules convert failed:\n" + run.stderr)
    convert_seconds = time.time() - started
    report = json.load(open(report_path))
    parts = [o["file"] for o in report["outputs"]]
    reported_filters = {e["filter"] for e in report["entries"]}

    requests = []
    for text in texts:
        requests += derive(list(network_filters(text)), rng, args.sample)
    fs = adblock.FilterSet(debug=True)
    for text in texts:
        fs.add_filter_list(text)
    engine = adblock.Engine(fs)
    verdicts = []
    started = time.time()
    for r in requests:
        result = engine.check_network_urls(r["url"], r["top"], r["type"])
        verdicts.append(Verdict(bool(result.matched), result.filter, result.exception))
    adblock_seconds = time.time() - started

    # One run: `wkpack rules match` streams its answers batch by batch; `--format decisions` counts the generic
    # css-display-none rules (which fire on every request) instead of listing them.
    requests_path = os.path.join(out, "requests.jsonl")
    with open(requests_path, "w") as f:
        for r in requests:
            f.write(json.dumps({"url": r["url"], "type": TYPES[r["type"]], "top": r["top"]}) + "\n")
    decisions_path = os.path.join(out, "decisions.jsonl")
    started = time.time()
    if not (args.reuse and os.path.exists(decisions_path)):
        with open(decisions_path, "w") as f:
            match = subprocess.run([wkpack, "rules", "match", *parts, "--requests", requests_path, "--format", "decisions"],
                                   stdout=f, stderr=subprocess.PIPE, text=True)
        if match.returncode != 0:
            sys.exit("wkpack rules match failed:\n" + match.stderr[:3000])
    match_seconds = time.time() - started
    lines = []
    with open(decisions_path) as f:
        for line in f:
            if line.strip():
                decision = json.loads(line)
                lines.append({"blocked": decision["blocked"], "third_party": decision["third_party"],
                              "lists": [{"fired": l["fired"], "cancelled": l["cancelled"]} for l in decision["lists"]]})
    if len(lines) != len(requests):
        sys.exit(f"wkpack answered {len(lines)} of {len(requests)} requests")
    part_rules = [json.load(open(p)) for p in parts]

    def page_exception(line):
        for list_index, lst in enumerate(line["lists"]):
            for fired in lst["cancelled"]:
                by = fired.get("cancelled_by")
                if by is not None and "if-top-url" in part_rules[list_index][by]["trigger"]:
                    return True
        return False

    def cancelled_by_exception(line):
        """wkpack cancelled a block rule by an exception (the request's filter is then the likely one)."""
        return any(fired.get("cancelled_by") is not None and fired["action"] == "block"
                   for lst in line["lists"] for fired in lst["cancelled"])

    def ping_as_other_block(line):
        """wkpack blocks a ping only by block rules that match it as `other`: in WebKit's second evaluation of the ping
        (as `other`), or by a `resource-type` naming `other` and not `ping` (WebKit's `other` covers pings)."""
        blocks = [(list_index, f) for list_index, lst in enumerate(line["lists"]) for f in lst["fired"] if f["action"] == "block"]
        def as_other(list_index, fired):
            types = part_rules[list_index][fired["index"]]["trigger"].get("resource-type") or []
            return fired.get("second_evaluation") or ("other" in types and "ping" not in types)
        return bool(blocks) and all(as_other(i, f) for i, f in blocks)

    def filter_quirk(filter_text, url, top, rtype):
        """A filter adblock-rust 0.6.0 does not apply to the URL derived from it, for a reason of its own."""
        alone = adblock.FilterSet(debug=True)
        alone.add_filter_list(filter_text)
        if adblock.Engine(alone).check_network_urls(url, top, rtype).matched:
            return None
        body = filter_text[2:] if filter_text.startswith("@@") else filter_text
        pattern, options = split_options(body)
        host = url.split("/")[2]
        if "popup" in options and len(options) > 1:
            return "adblock-rust-popup"
        if "~document" in options:
            return "adblock-rust-not-document"
        if pattern.startswith("||") and re.match(r"^[^/^*]+:\d+", pattern[2:]):
            return "adblock-rust-port"
        if not re.match(r"^[a-z0-9.-]+(:\d+)?$", host, re.I):
            return "invalid-host"
        return None

    def percent_quirk(filter_text, url, top, rtype):
        if "%" not in filter_text:
            return False
        alone = adblock.FilterSet(debug=True)
        alone.add_filter_list(filter_text)
        if adblock.Engine(alone).check_network_urls(url, top, rtype).matched:
            return False
        body = filter_text[2:] if filter_text.startswith("@@") else filter_text
        pattern, options = split_options(body)
        decoded = urllib.parse.unquote(pattern) + ("$" + ",".join(options) if options else "")
        alone = adblock.FilterSet(debug=True)
        alone.add_filter_list(decoded)
        return bool(adblock.Engine(alone).check_network_urls(urllib.parse.unquote(url), top, rtype).matched)

    def anchored_end_quirk(filter_text, url):
        """adblock-rust applied a filter whose pattern ends with `|` (the end of the address) to a URL that goes on.

        adblock-rust 0.6.0 keeps one right-anchor flag for a pattern's trailing `^` and `|` (brave/adblock-rust#122),
        so `||host^|` and `||host|` match every URL of host; Adblock Plus documents `|` at the end as "the end of
        the address" (`swf|` blocks `.../annoyingflash.swf`, not `.../swf/index.html`). Checked on the text: the
        pattern, read as the documentation says, does not match the URL."""
        if not filter_text:
            return False
        body = filter_text[2:] if filter_text.startswith("@@") else filter_text
        pattern, _ = split_options(body)
        if not pattern.endswith("|") or pattern.endswith("||") or (pattern.startswith("/") and pattern.endswith("/")):
            return False
        return not documented_match(pattern, url)

    def host_document_quirk(filter_text, rtype):
        """adblock-rust applied a whole-host filter naming no type (`||host^`) to a navigation of the main frame."""
        if rtype != "document" or not filter_text:
            return False
        body = filter_text[2:] if filter_text.startswith("@@") else filter_text
        pattern, options = split_options(body)
        named = [o for o in options if o.lstrip("~") in OPTION_TYPES or o.lstrip("~") in ("document", "doc", "popup", "all")]
        return not named and re.fullmatch(r"\|\|[^/^*|]+\^", pattern) is not None

    def popup_quirk(filter_text, line, r, adblock_blocked):
        """adblock-rust 0.6.0 checks a popup as `other`: it applies filters without `$popup` to it, never `$popup` ones."""
        if r["type"] != "popup":
            return False
        if adblock_blocked:
            # adblock-rust's filter does not name popup, and blocks the URL checked as `other`
            _, options = split_options(filter_text)
            return "popup" not in options and bool(engine.check_network_urls(r["url"], r["top"], "other").matched)
        # wkpack blocks the popup by rules naming popup only (from `$popup` filters), which adblock-rust never applies
        blocks = [(i, f) for i, lst in enumerate(line["lists"]) for f in lst["fired"] if f["action"] == "block"]
        return bool(blocks) and all("popup" in (part_rules[i][f["index"]]["trigger"].get("resource-type") or [])
                                    for i, f in blocks)

    def www_quirk(filter_text, url):
        body = filter_text[2:] if filter_text and filter_text.startswith("@@") else filter_text
        if not body or not body.startswith("||www."):
            return False
        pattern_host = re.split(r"[/^*$|]", body[2:], 1)[0].lower()
        host = url.split("/")[2].lower()
        return host != pattern_host and not host.endswith("." + pattern_host)

    # The differing pings again, in full (`--format json` marks rules that fired in WebKit's second evaluation, which
    # only pings and CSP reports have); read line by line, without the css-display-none rules (a generic cosmetic
    # rule fires on every request: a line of an EasyList-sized list is hundreds of kilobytes).
    differing = [i for i, (v, line) in enumerate(zip(verdicts, lines))
                 if bool(v.matched) != line["blocked"] and requests[i]["type"] == "ping"]
    if differing:
        detail_path = os.path.join(out, "differing-requests.jsonl")
        with open(detail_path, "w") as f:
            for i in differing:
                r = requests[i]
                f.write(json.dumps({"url": r["url"], "type": TYPES[r["type"]], "top": r["top"]}) + "\n")
        with subprocess.Popen([wkpack, "rules", "match", *parts, "--requests", detail_path, "--format", "json"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True) as detail:
            texts = (t for t in detail.stdout if t.strip())
            for i, text in zip(differing, texts):
                full = json.loads(text)
                lines[i]["lists"] = [{"fired": [x for x in l["fired"] if x["action"] != "css-display-none"],
                                      "cancelled": [x for x in l["cancelled"] if x["action"] != "css-display-none"]}
                                     for l in full["lists"]]

    agree = 0
    known = []
    classes = collections.Counter({"reported": 0, "adblock-rust-www": 0, "page-exception": 0, "unexplained": 0})
    with open(os.path.join(out, "differences.jsonl"), "w") as f:
        for number, (r, verdict, line) in enumerate(zip(requests, verdicts, lines), start=1):
            adblock_blocked = bool(verdict.matched)
            if adblock_blocked == line["blocked"]:
                agree += 1
                continue
            applied = [x for x in (verdict.filter, verdict.exception) if x]
            if any(a in reported_filters for a in applied):
                kind = "reported"
            elif adblock_blocked and www_quirk(verdict.filter, r["url"]) or \
                    not adblock_blocked and www_quirk(verdict.exception, r["url"]):
                kind = "adblock-rust-www"
            elif anchored_end_quirk(verdict.filter if adblock_blocked else verdict.exception, r["url"]):
                kind = "adblock-rust-end-anchor"
            elif host_document_quirk(verdict.filter if adblock_blocked else verdict.exception, r["type"]):
                kind = "adblock-rust-host-document"
            elif popup_quirk(verdict.filter if adblock_blocked else verdict.exception, line, r, adblock_blocked):
                kind = "adblock-rust-no-popup"
            elif not line["blocked"] and page_exception(line):
                kind = "page-exception"
            elif "#" in r["url"] and r["type"] != "media" and \
                    bool(engine.check_network_urls(r["url"].split("#", 1)[0], r["top"], r["type"]).matched) == line["blocked"]:
                kind = "fragment"
            elif not adblock_blocked and percent_quirk(r["from"], r["url"], r["top"], r["type"]):
                kind = "adblock-rust-percent"
            elif r["type"] == "ping" and line["blocked"] and ping_as_other_block(line):
                kind = "webkit-ping-as-other"
            elif adblock_blocked and not line["third_party"] and r["url"].split("/")[2] != r["top"].split("/")[2] and \
                    not engine.check_network_urls(r["url"], r["url"], r["type"]).matched:
                kind = "public-suffix"
            elif not adblock_blocked and (quirk := filter_quirk(r["from"], r["url"], r["top"], r["type"])):
                kind = quirk
            elif adblock_blocked and r["from"].startswith("@@") and cancelled_by_exception(line) and \
                    (quirk := filter_quirk(r["from"], r["url"], r["top"], r["type"])):
                kind = quirk
            else:
                kind = "unexplained"
            classes[kind] += 1
            if kind == "reported":
                known.append(f"{number} {kind}: {[a for a in applied if a in reported_filters][0]}")
            elif kind != "unexplained":
                known.append(f"{number} {kind}: {(verdict.filter if adblock_blocked else verdict.exception) or r['from']}")
            f.write(json.dumps({"class": kind, "request": {k: r[k] for k in ("url", "type", "top")}, "derived_from": r["from"],
                                "adblock_blocked": adblock_blocked, "adblock_filter": verdict.filter,
                                "adblock_exception": verdict.exception, "wkpack_blocked": line["blocked"],
                                "wkpack_lists": line["lists"]}) + "\n")
    with open(os.path.join(out, "adblock.jsonl"), "w") as f:
        for verdict in verdicts:
            f.write(json.dumps({"blocked": verdict.matched, "filter": verdict.filter, "exception": verdict.exception}) + "\n")
    if args.record:
        with open(args.record, "w") as f:
            for r, verdict in zip(requests, verdicts):
                f.write(json.dumps({"url": r["url"], "type": TYPES[r["type"]], "top": r["top"], "blocked": bool(verdict.matched)}) + "\n")
    if args.record_known:
        with open(args.record_known, "w") as f:
            f.write("# line in adblock-verdicts.jsonl, then why wkpack's decision differs (written by scripts/convert-diff/run)\n")
            for entry in known:
                f.write(entry + "\n")
    summary = {
        "lists": args.lists, "requests": len(requests), "agree": agree,
        "agreement": round(agree / len(requests), 6) if requests else None,
        "differences": classes, "blocked_by_adblock": sum(1 for v in verdicts if v.matched),
        "blocked_by_wkpack": sum(1 for line in lines if line["blocked"]),
        "convert_seconds": round(convert_seconds, 2), "adblock_seconds": round(adblock_seconds, 2),
        "match_seconds": round(match_seconds, 2), "summary": report["summary"], "out": out,
    }
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
