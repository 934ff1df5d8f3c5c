#!/usr/bin/env python3
"""Builds the matcher's third golden set: how the resource type of a block and of an ignore-previous-rules combine
with each of WebKit's evaluations of a CSP report (and of the other loads WebKit evaluates as a ping-like load:
<a ping>, sendBeacon, EventSource, and fetch for contrast).

Cases (webkit-match-oracle --cases input, one {"name", "rules", "requests"} a line):
  reports-grid   every block type T1 (untyped, single types, a pair) crossed with every exception type T2 (none,
                 untyped, single types, a pair): for each pair, `block` on "/g/<n>/" limited to T1 followed by
                 `ignore-previous-rules` on the same URLs limited to T2, and one request of each type to that path.
  reports-split  one block per rule type whose url-filter only one of WebKit's evaluations sees: "x#f" (only the
                 URL with its fragment, i.e. the first evaluation) or "x$" (only the URL without it, i.e. the
                 second one), asked with a request to ".../x#f" of each type.
Deterministic (no random choices)."""
import json

# The request types the oracle issues that WebKit evaluates as ping-like loads, and fetch for contrast.
REQUEST_TYPES = ["csp-report", "ping", "beacon", "eventsource", "fetch"]
# None: no resource-type (every type).
BLOCK_TYPES = [None, ["csp-report"], ["raw"], ["other"], ["ping"], ["fetch"], ["websocket"], ["image"],
               ["raw", "csp-report"]]
NO_EXCEPTION = "none"
EXCEPTION_TYPES = [NO_EXCEPTION, None, ["csp-report"], ["raw"], ["other"], ["ping"], ["fetch"], ["websocket"], ["image"],
                   ["ping", "csp-report"]]
SPLIT_TYPES = [None, ["document"], ["top-document"], ["child-document"], ["image"], ["style-sheet"], ["script"], ["font"],
               ["raw"], ["svg-document"], ["media"], ["popup"], ["ping"], ["fetch"], ["websocket"], ["other"], ["csp-report"]]
TOP = "http://news.test/page"


def rule(url_filter, action, types):
    trigger = {"url-filter": url_filter}
    if types is not None:
        trigger["resource-type"] = types
    return {"trigger": trigger, "action": {"type": action}}


def url(type_, path):
    # One host per request type: the oracle issues each URL once per page.
    return "http://%s.tracker.test%s" % (type_, path)


def grid():
    rules, requests = [], []
    n = 0
    for block_types in BLOCK_TYPES:
        for exception_types in EXCEPTION_TYPES:
            n += 1
            path = "/g/%d/x" % n
            rules.append(rule("/g/%d/" % n, "block", block_types))
            if exception_types != NO_EXCEPTION:
                rules.append(rule("/g/%d/" % n, "ignore-previous-rules", exception_types))
            for type_ in REQUEST_TYPES:
                requests.append({"url": url(type_, path), "type": type_, "top": TOP})
    return {"name": "reports-grid", "rules": rules, "requests": requests}


def split():
    rules, requests = [], []
    n = 0
    for types in SPLIT_TYPES:
        for url_filter in ("/x#f", "/x$"):
            n += 1
            rules.append(rule("/s/%d%s" % (n, url_filter), "block", types))
            for type_ in REQUEST_TYPES:
                requests.append({"url": url(type_, "/s/%d/x#f" % n), "type": type_, "top": TOP})
    return {"name": "reports-split", "rules": rules, "requests": requests}


for case in (grid(), split()):
    print(json.dumps(case))
