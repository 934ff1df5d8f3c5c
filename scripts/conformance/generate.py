#!/usr/bin/env python3
"""Generate the WebKit content-blocker conformance cases (input only, no verdicts).

Deterministic: a fixed seed, corpus files read in sorted order, output sorted by id.
Writes one JSON object per line to stdout (or to the path given as the first argument):

    {"id": "regex/disjunction/001", "category": "regex", "source": "...", "note": "..."}

`source` holds the exact rule-list text. A source that is not valid UTF-8 is written as
`source_base64` instead. Huge sources are written as `repeat` (see the fixture README):
    {"repeat": {"item": "<one array element>", "count": N, "tail": ["<element>", ...]}}
meaning "[" + ",".join([item] * count + tail) + "]".
"""
import base64
import copy
import json
import os
import random
import sys

SEED = 20261123
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.normpath(os.path.join(ROOT, "..", "shared", "corpus", "webkit"))

cases = {}


def dumps(value):
    """Compact JSON, non-ASCII kept raw (UTF-8), like most real lists."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def add(case_id, category, source, note=None, repeat=None):
    if case_id in cases:
        raise SystemExit("duplicate id " + case_id)
    case = {"id": case_id, "category": category}
    if repeat is not None:
        case["repeat"] = repeat
    elif isinstance(source, bytes):
        try:
            text = source.decode("utf-8")
            case["source"] = text
        except UnicodeDecodeError:
            case["source_base64"] = base64.b64encode(source).decode("ascii")
    else:
        case["source"] = source
    if note:
        case["note"] = note
    cases[case_id] = case


class Counter:
    def __init__(self):
        self.n = {}

    def next(self, prefix):
        self.n[prefix] = self.n.get(prefix, 0) + 1
        return "%s/%03d" % (prefix, self.n[prefix])


ids = Counter()


def addn(prefix, category, source, note=None):
    add(ids.next(prefix), category, source, note)


def rule(trigger=None, action=None, **extra):
    r = {}
    if trigger is not None:
        r["trigger"] = trigger
    if action is not None:
        r["action"] = action
    r.update(extra)
    return r


BLOCK = {"type": "block"}


def lst(*rules):
    return dumps(list(rules))


def simple(trigger_extra=None, action=None, url="a"):
    t = {"url-filter": url}
    if trigger_extra:
        t.update(copy.deepcopy(trigger_extra))
    return rule(t, copy.deepcopy(action or BLOCK))


# ---------------------------------------------------------------- top level
def gen_toplevel():
    c = "toplevel"
    good = dumps(simple())
    for src, note in [
        ("[]", "empty array"),
        ("{}", "object"),
        ('{"trigger":{"url-filter":"a"},"action":{"type":"block"}}', "a single rule object, not in an array"),
        ('"rules"', "string"),
        ("1", "number"),
        ("0", "zero"),
        ("-1", "negative number"),
        ("true", "true"),
        ("false", "false"),
        ("null", "null"),
        ("[[]]", "nested empty array"),
        ("[[%s]]" % good, "rule nested in an array"),
        ("[%s,[]]" % good, "valid rule then an array"),
        ("[1]", "number element"),
        ('["a"]', "string element"),
        ("[null]", "null element"),
        ("[true]", "bool element"),
        ("[{}]", "empty object element"),
        ("[%s,1]" % good, "valid rule then a number"),
        ("[1,%s]" % good, "number then a valid rule"),
        ("[%s,null]" % good, "valid rule then null"),
        ("[%s,{}]" % good, "valid rule then an empty object"),
        ("[%s]" % good, "one valid rule"),
        ("[%s,%s]" % (good, good), "two identical valid rules"),
        ("", "empty source"),
        (" ", "single space"),
        ("[ ]", "array with a space"),
        ("[\n]", "array with a newline"),
        ("\n[%s]\n" % good, "surrounding newlines"),
        ("  [%s]  " % good, "surrounding spaces"),
        ("\t[%s]\t" % good, "surrounding tabs"),
        ("\r\n[%s]\r\n" % good, "CRLF around"),
        ('{"rules":[%s]}' % good, "wrapped in an object"),
        ("[[[]]]", "deeper nested arrays"),
        ("[{},{}]", "two empty objects"),
        ('[{"trigger":{"url-filter":"a"}}]', "missing action"),
        ('[{"action":{"type":"block"}}]', "missing trigger"),
    ]:
        addn(c + "/shape", c, src, note)


# ---------------------------------------------------------------- limits
def gen_limits():
    c = "limits"
    item = dumps(simple())
    for n in (49999, 50000, 50001, 149999, 150000, 150001):
        add("%s/block-%d" % (c, n), c, None, "%d identical block rules" % n, {"item": item, "count": n})
    bad_css = dumps(simple(action={"type": "css-display-none", "selector": "##"}))
    add(c + "/150000-plus-invalid-selector", c, None,
        "150,000 block rules and one rule with an invalid selector (count check before the selector drop?)",
        {"item": item, "count": 150000, "tail": [bad_css]})
    add(c + "/149999-plus-invalid-selector", c, None,
        "149,999 block rules and one rule with an invalid selector",
        {"item": item, "count": 149999, "tail": [bad_css]})
    add(c + "/150001-invalid-selectors", c, None, "150,001 rules all with an invalid selector",
        {"item": bad_css, "count": 150001})
    add(c + "/150000-invalid-selectors", c, None, "150,000 rules all with an invalid selector",
        {"item": bad_css, "count": 150000})
    add(c + "/150001-numbers", c, None, "150,001 numbers: count or element check first?",
        {"item": "1", "count": 150001})
    add(c + "/150001-with-bad-regex-last", c, None, "150,000 rules and a bad regex: count or regex first?",
        {"item": item, "count": 150000, "tail": [dumps(simple(url="a|b"))]})
    add(c + "/50000-bad-regex-last", c, None, "50,000 rules and a bad regex last",
        {"item": item, "count": 50000, "tail": [dumps(simple(url="a|b"))]})
    for n in (1000, 5000):
        add("%s/css-%d-identical" % (c, n), c, None, "%d identical css rules (merged selectors)" % n,
            {"item": dumps(simple(action={"type": "css-display-none", "selector": ".ad"})), "count": n})


# ---------------------------------------------------------------- JSON quirks
def gen_json():
    c = "json"
    good = dumps(simple())
    g = good.encode()
    srcs = [
        (b"\xef\xbb\xbf[" + g + b"]", "UTF-8 BOM"),
        (b"\xef\xbb\xbf[]", "UTF-8 BOM then empty array"),
        (b"\xff\xfe[\x00]\x00", "UTF-16LE BOM"),
        ("[%s,]" % good, "trailing comma in the array"),
        ('[{"trigger":{"url-filter":"a",},"action":{"type":"block"}}]', "trailing comma in an object"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},}]', "trailing comma in the rule"),
        ('[{"trigger":{"url-filter":"a","resource-type":["image",]},"action":{"type":"block"}}]', "trailing comma in a flags array"),
        ("[,%s]" % good, "leading comma"),
        ("[%s,,%s]" % (good, good), "double comma"),
        ("[%s %s]" % (good, good), "missing comma"),
        ("// c\n[%s]" % good, "line comment before"),
        ("/* c */[%s]" % good, "block comment before"),
        ("[%s]// c" % good, "line comment after"),
        ("[%s]/* c */" % good, "block comment after"),
        ("[/* c */%s]" % good, "block comment inside"),
        ("# c\n[%s]" % good, "hash comment"),
        ('[{"trigger":{"url-filter":"a","url-filter":"b|c"},"action":{"type":"block"}}]', "duplicate url-filter key, last is invalid"),
        ('[{"trigger":{"url-filter":"b|c","url-filter":"a"},"action":{"type":"block"}}]', "duplicate url-filter key, first is invalid"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"action":{"type":"nope"}}]', "duplicate action key, last invalid"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"nope"},"action":{"type":"block"}}]', "duplicate action key, first invalid"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","type":"bogus"}}]', "duplicate type key"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"bogus","type":"block"}}]', "duplicate type key, last good"),
        ("[{'trigger':{'url-filter':'a'},'action':{'type':'block'}}]", "single quotes"),
        ('[{trigger:{"url-filter":"a"},action:{type:"block"}}]', "unquoted keys"),
        ('[{"trigger":{"url-filter":"a\\qb"},"action":{"type":"block"}}]', "invalid escape \\q"),
        ('[{"trigger":{"url-filter":"a\\.b"},"action":{"type":"block"}}]', "invalid escape \\. (common mistake)"),
        ('[{"trigger":{"url-filter":"a\\/b"},"action":{"type":"block"}}]', "valid escape \\/"),
        ('[{"trigger":{"url-filter":"a\\\\.b"},"action":{"type":"block"}}]', "valid escaped backslash"),
        ('[{"trigger":{"url-filter":"a\\x41"},"action":{"type":"block"}}]', "JSON \\x escape"),
        ('[{"trigger":{"url-filter":"a\\u004"},"action":{"type":"block"}}]', "short \\u escape"),
        ('[{"trigger":{"url-filter":"a\\u0041"},"action":{"type":"block"}}]', "\\u0041 escape is plain A"),
        ('[{"trigger":{"url-filter":"a\\u00e9"},"action":{"type":"block"}}]', "\\u00e9 escape, non-ASCII pattern"),
        ('[{"trigger":{"url-filter":"a\\ud800"},"action":{"type":"block"}}]', "lone high surrogate escape in pattern"),
        ('[{"trigger":{"url-filter":"a\\udc00"},"action":{"type":"block"}}]', "lone low surrogate escape in pattern"),
        ('[{"trigger":{"url-filter":"a\\ud83d\\ude00"},"action":{"type":"block"}}]', "surrogate pair escape in pattern"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":"\\ud800"}}]', "lone surrogate in an ignored key"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"css-display-none","selector":".a\\ud800"}}]', "lone surrogate in a selector"),
        ('[{"trigger":{"url-filter":"a\\u0000"},"action":{"type":"block"}}]', "escaped NUL in the pattern"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":"\\u0000"}}]', "escaped NUL in an ignored key"),
        ('[{"trigger":{"url-filter":"a\\u0009"},"action":{"type":"block"}}]', "escaped tab in pattern"),
        ('[{"trigger":{"url-filter":"a\\t"},"action":{"type":"block"}}]', "\\t escape in pattern"),
        ('[{"trigger":{"url-filter":"a\\n"},"action":{"type":"block"}}]', "\\n escape in pattern"),
        ('[{"trigger":{"url-filter":"a\\b"},"action":{"type":"block"}}]', "JSON \\b escape (backspace) in pattern"),
        ('[{"trigger":{"url-filter":"a\\f"},"action":{"type":"block"}}]', "JSON \\f escape in pattern"),
        ('[{"trigger":{"url-filter":"a\\u007f"},"action":{"type":"block"}}]', "DEL in pattern"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block\\u0000"}}]', "NUL inside the action type"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"bl\\u006fck"}}]', "escaped letter in the action type"),
        ('[{"trigger":{"url\\u002dfilter":"a"},"action":{"type":"block"}}]', "escaped letter in a key"),
        ("[%s]xyz" % good, "trailing garbage"),
        ("[%s]]" % good, "extra bracket"),
        ("[%s][]" % good, "two top-level values"),
        ("[%s" % good, "unterminated array"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"}', "unterminated object"),
        ('[{"trigger":{"url-filter":"a},"action":{"type":"block"}}]', "unterminated string"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":01}]', "number 01"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":1.}]', "number 1."),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":.5}]', "number .5"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":-}]', "number -"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":+1}]', "number +1"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":1e999}]', "number 1e999"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":-1e999}]', "number -1e999"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":1e}]', "number 1e"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":0x10}]', "hex number"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":-0}]', "negative zero"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":1E+2}]', "number 1E+2"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":NaN}]', "NaN"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":Infinity}]', "Infinity"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":undefined}]', "undefined"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":True}]', "True capitalised"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":nul}]', "truncated null"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"n":123456789012345678901234567890}]', "big integer"),
        ("[" + "[" * 10000 + "]" * 10000 + "]", "nesting depth 10,001 arrays"),
        ("[" * 10000 + "]" * 10000, "nesting depth 10,000 arrays"),
        ("[" + "[" * 500 + "]" * 500 + "]", "nesting depth 501"),
        ("[" * 1001 + "]" * 1001, "nesting depth 1,001 arrays"),
        ("[" * 1002 + "]" * 1002, "nesting depth 1,002 arrays"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":' + "[" * 998 + "]" * 998 + "}}]", "total depth 1,001 via an ignored key"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":' + "[" * 999 + "]" * 999 + "}}]", "total depth 1,002 via an ignored key"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":' + '{"a":' * 998 + "1" + "}" * 998 + "}}]", "total depth 1,001 via objects"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":' + '{"a":' * 999 + "1" + "}" * 999 + "}}]", "total depth 1,002 via objects"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":"\\v"}}]', "JSON \\v escape"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":"\\x4"}}]', "short JSON \\x escape"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":"\\xzz"}}]', "bad JSON \\x escape"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":"\\\'"}}]', "JSON \\' escape"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":"\\0"}}]', "JSON \\0 escape"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":"\\a"}}]', "JSON \\a escape"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":"\\U0041"}}]', "JSON \\U escape"),
        ('[{"trigger":{"url-filter":"a\\x7c"},"action":{"type":"block"}}]', "JSON \\x7c gives a pipe"),
        ('[{"trigger":{"url-filter":"a\\xe9"},"action":{"type":"block"}}]', "JSON \\xe9 gives non-ASCII"),
        ('[{"trigger":{"url-filter":"a\\u0000b"},"action":{"type":"block"}}]', "escaped NUL inside the pattern"),
        ('[{"trigger":{"url-filter":"a\\u0000"},"action":{"type":"block"}}]', "escaped NUL ending the pattern"),
        ('[{"trigger":{"url-filter":"\\u0000"},"action":{"type":"block"}}]', "pattern is only NUL"),
        ('[{"trigger":{"url-filter":"a\\u0000$"},"action":{"type":"block"}}]', "NUL then $"),
        ('[{"trigger":{"url-filter":"a\\u0000*"},"action":{"type":"block"}}]', "NUL quantified"),
        ('[{"trigger":{"url-filter":"[\\u0000]"},"action":{"type":"block"}}]', "NUL in a class"),
        ("[" + "[" * 1000 + "]" * 1000 + "]", "nesting depth 1001"),
        ("[" + "[" * 4000 + "]" * 4000 + "]", "nesting depth 4001"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":' + "[" * 10000 + "]" * 10000 + "}}]", "deep nesting in an ignored key"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":' + '{"a":' * 3000 + "1" + "}" * 3000 + "}}]", "deep object nesting in an ignored key"),
        ("[" + "[" * 10000 + "]" * 9999 + "]", "unbalanced deep nesting"),
        (b"[" + g + b"]\x00", "NUL byte after the array"),
        (b"[" + g + b"\x00]", "NUL byte inside the array"),
        (b"\x00[" + g + b"]", "NUL byte before the array"),
        (b'[{"trigger":{"url-filter":"a\x00b"},"action":{"type":"block"}}]', "raw NUL inside a string"),
        (b'[{"trigger":{"url-filter":"a\x01b"},"action":{"type":"block"}}]', "raw 0x01 inside a string"),
        (b'[{"trigger":{"url-filter":"a\x09b"},"action":{"type":"block"}}]', "raw tab inside a string"),
        (b'[{"trigger":{"url-filter":"a\x0ab"},"action":{"type":"block"}}]', "raw newline inside a string"),
        (b'[{"trigger":{"url-filter":"a\x0db"},"action":{"type":"block"}}]', "raw CR inside a string"),
        (b'[{"trigger":{"url-filter":"a\x1fb"},"action":{"type":"block"}}]', "raw 0x1f inside a string"),
        (b'[{"trigger":{"url-filter":"a\x7fb"},"action":{"type":"block"}}]', "raw DEL inside a string"),
        (b'[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":"\x01"}}]', "raw control char in an ignored key"),
        (b'[{"trigger":{"url-filter":"a\xffb"},"action":{"type":"block"}}]', "invalid UTF-8 byte 0xff in a string"),
        (b'[{"trigger":{"url-filter":"a\xc3"},"action":{"type":"block"}}]', "truncated UTF-8 sequence"),
        (b'[{"trigger":{"url-filter":"a\xc0\xafb"},"action":{"type":"block"}}]', "overlong UTF-8"),
        (b'[{"trigger":{"url-filter":"a\xed\xa0\x80b"},"action":{"type":"block"}}]', "UTF-8-encoded lone surrogate"),
        (b'[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":"\xff"}}]', "invalid UTF-8 in an ignored key"),
        (b'[{"trigger":{"url-filter":"a"},"action":{"type":"css-display-none","selector":".a\xff"}}]', "invalid UTF-8 in a selector"),
        (b"[" + g + b"]\xff", "invalid UTF-8 after the array"),
        (b'[{"trigger":{"url-filter":"a\xc3\xa9"},"action":{"type":"block"}}]', "raw UTF-8 e-acute in pattern"),
        (b'[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":"\xc3\xa9"}}]', "raw UTF-8 in an ignored key"),
        (b"\xc2\xa0[" + g + b"]", "leading U+00A0"),
        (b"[" + g + b"]\xc2\xa0", "trailing U+00A0"),
        (b"[\xc2\xa0" + g + b"]", "U+00A0 inside the array"),
        (b"\x0c[" + g + b"]", "leading form feed"),
        (b"[\x0c" + g + b"]", "form feed inside the array"),
        (b"[\x0b" + g + b"]", "vertical tab inside the array"),
        (b"[" + g + b"]\x0c", "trailing form feed"),
        (b"[\xe2\x80\xa8" + g + b"]", "U+2028 inside the array"),
        (b"[\xef\xbb\xbf" + g + b"]", "BOM inside the array"),
        (b"[\r" + g + b"\r]", "CR as whitespace"),
        (b"[\t" + g + b"\t]", "tab as whitespace"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"}}]\n', "trailing newline"),
        ('[{"trigger" : {"url-filter" : "a"} , "action" : {"type" : "block"}}]', "spaces around colons"),
        ('[{"":1,"trigger":{"url-filter":"a"},"action":{"type":"block"}}]', "empty key"),
        ('[{"trigger":{"url-filter":"a"},"action":{"type":"block"}},{"trigger":{"url-filter":"a"},"action":{"type":"block"}}', "unterminated after 2 rules"),
        ("[\"\\", "backslash at the end of input"),
        ("[", "lone ["),
        ("]", "lone ]"),
        ("{", "lone {"),
        ('"', "lone quote"),
    ]
    for src, note in srcs:
        addn(c + "/quirk", c, src, note)


# ---------------------------------------------------------------- trigger keys
RESOURCE_TYPES = ["document", "top-document", "child-document", "image", "style-sheet", "script", "font",
                  "raw", "websocket", "fetch", "other", "svg-document", "media", "popup", "ping", "csp-report"]
BAD_FLAG_STRINGS = ["", "Image", "IMAGE", "images", " image", "image ", "xhr", "xmlhttprequest", "subdocument",
                    "main-frame", "sub-frame", "stylesheet", "object", "beacon", "webtransport", "all", "*",
                    "document\u0000", "im\u00e4ge", "top_document", "first-party", "top-frame", "get"]
WRONG_TYPES = [("string", '"image"'), ("number", "1"), ("null", "null"), ("true", "true"), ("false", "false"),
               ("object", '{"a":"image"}'), ("empty-object", "{}")]
ARRAY_ELEMENT_WRONG = [("number", "1"), ("null", "null"), ("bool", "true"), ("array", '["image"]'),
                       ("object", "{}")]


def trigger_source(extra_json):
    return '[{"trigger":{"url-filter":"a"%s},"action":{"type":"block"}}]' % extra_json


def gen_flags():
    c = "trigger"
    for key, values, bad in [
        ("resource-type", RESOURCE_TYPES, BAD_FLAG_STRINGS),
        ("load-type", ["first-party", "third-party"], ["", "First-Party", "firstparty", "1p", "third_party",
                                                        "image", "top-frame", "same-origin", "cross-origin"]),
        ("load-context", ["top-frame", "child-frame"], ["", "Top-Frame", "topframe", "main-frame", "subframe",
                                                        "child-document", "first-party", "frame"]),
    ]:
        p = "%s/%s" % (c, key)
        for v in values:
            addn(p + "/valid", c, trigger_source(',"%s":%s' % (key, dumps([v]))), "single value " + v)
        addn(p + "/valid", c, trigger_source(',"%s":%s' % (key, dumps(values))), "all values")
        addn(p + "/valid", c, trigger_source(',"%s":%s' % (key, dumps(values[:1] * 3))), "repeated value")
        addn(p + "/valid", c, trigger_source(',"%s":[]' % key), "empty array")
        for v in bad:
            addn(p + "/bad-string", c, trigger_source(',"%s":%s' % (key, dumps([v]))), "unknown string %r" % v)
            addn(p + "/bad-string", c, trigger_source(',"%s":%s' % (key, dumps([values[0], v]))),
                 "valid then unknown %r" % v)
        for name, j in WRONG_TYPES:
            addn(p + "/wrong-type", c, trigger_source(',"%s":%s' % (key, j)), "not an array: " + name)
        for name, j in ARRAY_ELEMENT_WRONG:
            addn(p + "/wrong-element", c, trigger_source(',"%s":[%s]' % (key, j)), "element " + name)
            addn(p + "/wrong-element", c, trigger_source(',"%s":["%s",%s]' % (key, values[0], j)),
                 "valid then element " + name)
    # request-method
    p = c + "/request-method"
    methods = ["get", "head", "options", "trace", "put", "delete", "post", "patch", "connect"]
    for m in methods:
        for variant in (m, m.upper(), m.capitalize(), m[:-1] + m[-1].upper()):
            addn(p + "/valid", c, trigger_source(',"request-method":%s' % dumps(variant)), "method " + variant)
    for v in ["", "fetch", "GETS", " get", "get ", "propfind", "*", "any", "g\u00e9t", "GET\u0000",
              "GET,POST", "ge"]:
        addn(p + "/bad", c, trigger_source(',"request-method":%s' % dumps(v)), "bad method %r" % v)
    for name, j in [("array", '["get"]'), ("empty-array", "[]"), ("number", "1"), ("null", "null"),
                    ("bool", "true"), ("object", '{"m":"get"}')]:
        addn(p + "/wrong-type", c, trigger_source(',"request-method":%s' % j), "request-method " + name)
    # case sensitivity flags
    p = c + "/case-flags"
    for key in ["url-filter-is-case-sensitive", "top-url-filter-is-case-sensitive",
                "frame-url-filter-is-case-sensitive"]:
        for name, j in [("true", "true"), ("false", "false"), ("string-true", '"true"'), ("number-1", "1"),
                        ("number-0", "0"), ("null", "null"), ("array", "[true]"), ("object", "{}"),
                        ("string-empty", '""')]:
            addn(p, c, trigger_source(',"%s":%s' % (key, j)), "%s = %s" % (key, name))
    for j in ["true", "1", '"yes"']:
        addn(p, c, '[{"trigger":{"url-filter":"A","url-filter-is-case-sensitive":%s},"action":{"type":"block"}}]' % j,
             "upper-case filter with the case flag " + j)
        addn(p, c, '[{"trigger":{"url-filter":"a","if-top-url":["A"],"top-url-filter-is-case-sensitive":%s},"action":{"type":"block"}}]' % j,
             "upper-case top url with the top case flag " + j)
        addn(p, c, '[{"trigger":{"url-filter":"a","if-domain":["A.com"],"top-url-filter-is-case-sensitive":%s},"action":{"type":"block"}}]' % j,
             "upper-case domain with the top case flag " + j)


CONDITIONS = ["if-domain", "unless-domain", "if-top-url", "unless-top-url", "if-frame-url", "unless-frame-url"]
DOMAIN_VALUES = [
    ("plain", "example.com"), ("star", "*example.com"), ("star-dot", "*.example.com"), ("single-label", "com"),
    ("upper", "Example.com"), ("all-upper", "EXAMPLE.COM"), ("star-upper", "*Example.com"),
    ("non-ascii", "ex\u00e4mple.com"), ("punycode", "xn--exmple-cua.com"), ("idn-cjk", "\u4f8b\u3048.jp"),
    ("empty", ""), ("star-only", "*"), ("double-star", "**example.com"), ("star-middle", "ex*ample.com"),
    ("trailing-star", "example.*"), ("dot-start", ".example.com"), ("dot-end", "example.com."),
    ("port", "example.com:8080"), ("path", "example.com/path"), ("scheme", "https://example.com"),
    ("space", "exa mple.com"), ("underscore", "ex_ample.com"), ("digits", "123.45.67.89"),
    ("ipv6", "[::1]"), ("paren-open", "exa(mple.com"), ("paren-close", "exa)mple.com"),
    ("parens", "exa(m)ple.com"), ("pipe", "exa|mple.com"), ("plus", "exa+mple.com"), ("caret", "exa^mple.com"),
    ("caret-start", "^example.com"), ("dollar", "exa$mple.com"), ("dollar-end", "example.com$"),
    ("question", "exa?mple.com"), ("brace", "exa{2}mple.com"), ("brace-open", "exa{mple.com"),
    ("bracket", "exa[m]ple.com"), ("bracket-open", "exa[mple.com"), ("bracket-close", "exa]mple.com"),
    ("backslash", "exa\\mple.com"), ("backslash-d", "exa\\dmple.com"), ("star-inside-parens", "*(a).com"),
    ("hyphen", "ex-ample.com"), ("tab", "exa\tmple.com"), ("nul", "exa\u0000mple.com"), ("long", "a" * 300 + ".com"),
    ("slash", "/"), ("dot", "."), ("plus-only", "+"), ("pipe-only", "|"),
    ("star-pipe", "*exa|mple.com"), ("star-caret", "*^example.com"), ("star-paren", "*exa(mple.com"),
    ("star-star-pipe", "**a|b"), ("star-dollar", "*example.com$"), ("brace-comma", "a{1,}.com"),
    ("backslash-1", "(a)\\1.com"), ("lookahead", "a(?=b).com"), ("class-range", "[a-z].com"),
    ("class-bad-range", "[z-a].com"), ("trailing-backslash", "a.com\\"),
]
URL_VALUES = [
    ("plain", "example.com"), ("anchored", "^https?://example\\.com/"), ("dotstar", ".*"), ("upper", "EXAMPLE"),
    ("non-ascii", "\u00e9"), ("empty", ""), ("disjunction", "a|b"), ("brace", "a{2}"), ("backref", "(a)\\1"),
    ("caret-mid", "a^b"), ("dollar-mid", "a$b"), ("class-d", "\\d"), ("lookahead", "a(?=b)"),
    ("unbalanced", "(a"), ("star-start", "*a"), ("star-domain", "*example.com"), ("group", "(ab)+"),
    ("class", "[a-z]+"),
]


def gen_conditions():
    c = "conditions"
    for key in CONDITIONS:
        p = "%s/%s" % (c, key)
        values = DOMAIN_VALUES if key.endswith("domain") else URL_VALUES
        for name, v in values:
            addn(p + "/" + name, c, trigger_source(',"%s":%s' % (key, dumps([v]))), "%s [%r]" % (key, v))
        addn(p + "/list", c, trigger_source(',"%s":["a.com","b.com","c.org"]' % key), "three entries")
        addn(p + "/list", c, trigger_source(',"%s":["a.com","a.com"]' % key), "duplicate entries")
        addn(p + "/list", c, trigger_source(',"%s":["a.com",""]' % key), "valid then empty string")
        addn(p + "/list", c, trigger_source(',"%s":["a.com","B.com"]' % key), "valid then upper case")
        addn(p + "/list", c, trigger_source(',"%s":["a.com",1]' % key), "valid then number")
        addn(p + "/list", c, trigger_source(',"%s":[]' % key), "empty array")
        for name, j in [("string", '"a.com"'), ("number", "1"), ("null", "null"), ("bool", "true"),
                        ("object", '{"a":"a.com"}'), ("empty-string", '""')]:
            addn(p + "/wrong-type", c, trigger_source(',"%s":%s' % (key, j)), "not an array: " + name)
        for name, j in ARRAY_ELEMENT_WRONG:
            addn(p + "/wrong-element", c, trigger_source(',"%s":[%s]' % (key, j)), "element " + name)
        addn(p + "/escaped", c, trigger_source(',"%s":["\\u0061.com"]' % key), "escaped ASCII letter")
        addn(p + "/escaped", c, trigger_source(',"%s":["\\u00e4.com"]' % key), "escaped non-ASCII letter")
    # two conditions in one trigger
    p = c + "/two"
    for i, a in enumerate(CONDITIONS):
        for b in CONDITIONS[i + 1:]:
            addn(p, c, trigger_source(',"%s":["a.com"],"%s":["b.com"]' % (a, b)), "%s and %s" % (a, b))
            addn(p, c, trigger_source(',"%s":["a.com"],"%s":[]' % (a, b)), "%s and empty %s" % (a, b))
            addn(p, c, trigger_source(',"%s":["A.com"],"%s":["b.com"]' % (a, b)), "bad %s and %s" % (a, b))
    for a in CONDITIONS:
        addn(p, c, trigger_source(',"%s":["a.com"],"%s":["b.com"]' % (a, a)), "duplicate key " + a)
    for a in CONDITIONS:
        for b in CONDITIONS:
            if a != b:
                addn(c + "/two-second-bad", c, trigger_source(',"%s":["a.com"],"%s":["B.com"]' % (a, b)),
                     "%s then upper-case %s" % (a, b))
                addn(c + "/two-second-bad", c, trigger_source(',"%s":["a.com"],"%s":1' % (a, b)),
                     "%s then %s as a number" % (a, b))
    # mixing domain and top-url conditions across rules
    p = c + "/mix"
    for a in CONDITIONS:
        for b in CONDITIONS:
            if a != b:
                addn(p, c, lst(simple({a: ["a.com"]}), simple({b: ["b.com"]})), "rule with %s, rule with %s" % (a, b))
    # ancestor-frame keys (trunk only)
    for key in ["if-ancestor-frame-url", "if-ancestor-subframe-url", "unless-ancestor-frame-url"]:
        addn(c + "/ancestor", c, trigger_source(',"%s":["a.com"]' % key), key)
        addn(c + "/ancestor", c, trigger_source(',"%s":1' % key), key + " as a number")
        addn(c + "/ancestor", c, trigger_source(',"%s":["a.com"],"if-domain":["b.com"]' % key), key + " with if-domain")


def gen_url_filter():
    c = "url-filter"
    p = c + "/shape"
    for name, j in [("missing", None), ("empty", '""'), ("number", "1"), ("null", "null"), ("bool", "true"),
                    ("array", '["a"]'), ("object", '{"a":1}'), ("space", '" "'), ("escaped-empty", '"\\u0000"')]:
        if j is None:
            src = '[{"trigger":{},"action":{"type":"block"}}]'
        else:
            src = '[{"trigger":{"url-filter":%s},"action":{"type":"block"}}]' % j
        addn(p, c, src, "url-filter " + name)
    for name, j in [("missing", None), ("string", '"a"'), ("number", "1"), ("null", "null"), ("array", "[]"),
                    ("array-of-object", '[{"url-filter":"a"}]'), ("bool", "true")]:
        if j is None:
            src = '[{"action":{"type":"block"}}]'
        else:
            src = '[{"trigger":%s,"action":{"type":"block"}}]' % j
        addn(c + "/trigger", c, src, "trigger " + name)
    addn(c + "/trigger", c, '[{"Trigger":{"url-filter":"a"},"action":{"type":"block"}}]', "capitalised Trigger key")
    addn(c + "/trigger", c, '[{"trigger":{"URL-filter":"a"},"action":{"type":"block"}}]', "capitalised url-filter key")
    addn(c + "/trigger", c, '[{"trigger":{"url_filter":"a"},"action":{"type":"block"}}]', "url_filter with underscore")


# ---------------------------------------------------------------- regex
REGEX = [
    # (group, pattern, note)
    ("literal", "a", None), ("literal", "abc", None), ("literal", "example.com", None),
    ("literal", "example\\.com", None), ("literal", "https://", None), ("literal", "a/b/c", None),
    ("literal", "-", None), ("literal", "_", None), ("literal", "~", None), ("literal", "%", None),
    ("literal", "!", None), ("literal", "@", None), ("literal", "#", None), ("literal", "&", None),
    ("literal", "=", None), ("literal", ",", None), ("literal", ";", None), ("literal", ":", None),
    ("literal", "'", None), ("literal", "\"", None), ("literal", "`", None), ("literal", "<", None),
    ("literal", ">", None), ("literal", " ", "space"), ("literal", "A", "upper"), ("literal", "ABC", "upper"),
    ("literal", "}", "lone close brace"), ("literal", "]", "lone close bracket"), ("literal", "{", "lone open brace"),
    ("literal", "a{", None), ("literal", "a{,2}", None), ("literal", "a{x}", None), ("literal", "{1}", None),
    ("literal", "0123456789", None),
    ("dot", ".", None), ("dot", "a.b", None), ("dot", "..", None),
    ("dotstar", ".*", "matches everything"), ("dotstar", "^.*", None), ("dotstar", ".*$", None),
    ("dotstar", "^.*$", None), ("dotstar", ".+", None), ("dotstar", ".?", None), ("dotstar", "a*", None),
    ("dotstar", "a?", None), ("dotstar", "(ab)*", None), ("dotstar", "(a?)", None), ("dotstar", "^", "only ^"),
    ("dotstar", "$", "only $"), ("dotstar", "^$", None), ("dotstar", "()", "empty group"),
    ("dotstar", "(?:)", "empty non-capturing group"), ("dotstar", "[a]*", None), ("dotstar", "(.*)", None),
    ("quant", "a+", None), ("quant", "a*", None), ("quant", "a?", None), ("quant", "ab+c", None),
    ("quant", "a+?", "lazy plus"), ("quant", "a*?", "lazy star"), ("quant", "a??", "lazy question"),
    ("quant", "a**", None), ("quant", "a++", None), ("quant", "a?+", None), ("quant", "a+*", None),
    ("quant", "a*+", None), ("quant", "a???", None), ("quant", "*a", "star at start"), ("quant", "+a", None),
    ("quant", "?a", None), ("quant", "*", None), ("quant", "+", None), ("quant", "?", None), ("quant", "^*", None),
    ("quant", "^+a", None), ("quant", "a|*", None), ("quant", "(*a)", None), ("quant", "$*", None),
    ("quant", ".*.*", None), ("quant", "a.*b.*c", None),
    ("braces", "a{2}", None), ("braces", "a{0}", None), ("braces", "a{1}", None), ("braces", "a{2,3}", None),
    ("braces", "a{0,1}", None), ("braces", "a{0,}", None), ("braces", "a{1,}", None), ("braces", "a{2,}", None),
    ("braces", "a{1,1}", None), ("braces", "a{0,0}", None), ("braces", "a{3,2}", "min above max"),
    ("braces", "a{0,1}?", None), ("braces", "a{1,}?", None), ("braces", "(ab){0,1}", None),
    ("braces", "(ab){1,}", None), ("braces", "[ab]{0,}", None), ("braces", "a{99999999999}", None),
    ("braces", "a{0,99999999999}", None), ("braces", "a{ 1 }", None), ("braces", "{2}", None),
    ("braces", "a{1}{2}", None), ("braces", "a{,}", None),
    ("disjunction", "a|b", None), ("disjunction", "|", None), ("disjunction", "a|", None),
    ("disjunction", "|a", None), ("disjunction", "(a|b)", None), ("disjunction", "(?:a|b)", None),
    ("disjunction", "[a|b]", "pipe inside a class"), ("disjunction", "a\\|b", "escaped pipe"),
    ("disjunction", "^a|b$", None), ("disjunction", "a||b", None),
    ("class", "[a]", None), ("class", "[abc]", None), ("class", "[a-z]", None), ("class", "[a-zA-Z0-9]", None),
    ("class", "[^a]", None), ("class", "[^a-z]", None), ("class", "[-a]", None), ("class", "[a-]", None),
    ("class", "[a\\-z]", None), ("class", "[\\]]", None), ("class", "[\\[]", None), ("class", "[]]", None),
    ("class", "[^]]", None), ("class", "[.]", None), ("class", "[*+?]", None), ("class", "[(]", None),
    ("class", "[)]", None), ("class", "[{}]", None), ("class", "[$^]", None), ("class", "[\\^]", None),
    ("class", "[^^]", None), ("class", "[/]", None), ("class", "[\\/]", None), ("class", "[:/]", None),
    ("class", "[^:/]+", None), ("class", "[a-a]", None), ("class", "[z-a]", "range out of order"),
    ("class", "[9-0]", "range out of order"), ("class", "[a-\\d]", None), ("class", "[\\d-z]", None),
    ("class", "[]", "empty class"), ("class", "[^]", "empty negated class"), ("class", "[", None),
    ("class", "[a", None), ("class", "a]", None), ("class", "[[a]]", None), ("class", "[a[b]", None),
    ("class", "[\\d]", "builtin in class"), ("class", "[\\w]", None), ("class", "[\\s]", None),
    ("class", "[\\D]", None), ("class", "[a\\d]", None), ("class", "[\\b]", "backspace in class"),
    ("class", "[\\B]", None), ("class", "[\\n]", None), ("class", "[\\t]", None), ("class", "[\\x41]", None),
    ("class", "[\\u0041]", None), ("class", "[\\u00e9]", None), ("class", "[\u00e9]", "raw non-ASCII in class"),
    ("class", "[\\0]", None), ("class", "[\\1]", None), ("class", "[\\.]", None), ("class", "[\\-]", None),
    ("class", "[\\cA]", None), ("class", "[\\e]", None), ("class", "[\\q]", None), ("class", "[ -~]", None),
    ("class", "[\\x00-\\x7f]", None), ("class", "[\\x00-\\xff]", "range past ASCII"),
    ("class", "[\\x00-\\x80]", "range ending just past ASCII"), ("class", "[\\x7f-\\x80]", None),
    ("class", "[a-\\u00ff]", None), ("class", "[a-\u00e9]", "raw non-ASCII range end"),
    ("class", "[\\x80-\\xff]", "range wholly past ASCII"), ("class", "[\\x80]", None),
    ("class", "[^\\x00-\\xff]", None), ("class", "[^\\x01-\\x7f]", None), ("class", "[\\x00]", None),
    ("class", "[\\x01-\\x7e]", None),
    ("class", "[^\\x00-\\x7f]", None), ("class", "[a-z]+", None), ("class", "[a-z]*?", None),
    ("class", "[a-z]{2}", None), ("class", "[\\p{L}]", None), ("class", "[[:alpha:]]", "POSIX class"),
    ("class", "[a&&b]", None), ("class", "[--]", None),
    ("escape", "\\d", None), ("escape", "\\D", None), ("escape", "\\w", None), ("escape", "\\W", None),
    ("escape", "\\s", None), ("escape", "\\S", None), ("escape", "\\b", None), ("escape", "\\B", None),
    ("escape", "a\\b", None), ("escape", "\\ba", None), ("escape", "\\.", None), ("escape", "\\/", None),
    ("escape", "\\*", None), ("escape", "\\+", None), ("escape", "\\?", None), ("escape", "\\(", None),
    ("escape", "\\)", None), ("escape", "\\[", None), ("escape", "\\]", None), ("escape", "\\{", None),
    ("escape", "\\}", None), ("escape", "\\^", None), ("escape", "\\$", None), ("escape", "\\\\", None),
    ("escape", "\\-", None), ("escape", "\\:", None), ("escape", "\\=", None), ("escape", "\\!", None),
    ("escape", "\\&", None), ("escape", "\\%", None), ("escape", "\\a", None), ("escape", "\\e", None),
    ("escape", "\\q", None), ("escape", "\\z", None), ("escape", "\\A", None), ("escape", "\\Z", None),
    ("escape", "\\n", None), ("escape", "\\r", None), ("escape", "\\t", None), ("escape", "\\f", None),
    ("escape", "\\v", None), ("escape", "\\0", None), ("escape", "\\00", None), ("escape", "\\x41", None),
    ("escape", "\\x4", None), ("escape", "\\xzz", None), ("escape", "\\x7f", None), ("escape", "\\x80", None),
    ("escape", "\\xff", None), ("escape", "\\u0041", None), ("escape", "\\u004", None),
    ("escape", "\\u00e9", None), ("escape", "\\u{41}", None), ("escape", "\\cA", None), ("escape", "\\c", None),
    ("escape", "\\c1", None), ("escape", "\\p{L}", None), ("escape", "\\P{L}", None), ("escape", "\\k", None),
    ("escape", "\\K", None), ("escape", "\\G", None), ("escape", "\\h", None), ("escape", "\\R", None),
    ("escape", "\\", "trailing backslash"), ("escape", "a\\", "trailing backslash"),
    ("escape", "\\\\\\", "three backslashes"), ("escape", "\\ ", "escaped space"),
    ("backref", "(a)\\1", None), ("backref", "(a)(b)\\2", None), ("backref", "\\1", "backref before group"),
    ("backref", "\\1(a)", "forward reference"), ("backref", "(a)\\2", "backref to missing group"),
    ("backref", "(a\\1)", "backref inside its own group"), ("backref", "(a)\\10", None),
    ("backref", "(?<n>a)\\k<n>", None), ("backref", "\\k<n>(?<n>a)", None), ("backref", "\\k<n>", None),
    ("backref", "(?<n>a)\\k<m>", None), ("backref", "(a)\\1+", None), ("backref", "(a)\\1*", None),
    ("backref", "(a)[\\1]", None), ("backref", "\\8", None), ("backref", "\\9", None),
    ("group", "(a)", None), ("group", "(ab)+", None), ("group", "(ab)?", None), ("group", "((a))", None),
    ("group", "(a(b(c)))", None), ("group", "(?:a)", None), ("group", "(?:ab)+", None), ("group", "(?<n>a)", None),
    ("group", "(?<n>a)(?<n>b)", "duplicate group names"), ("group", "(?<1n>a)", None), ("group", "(?P<n>a)", None),
    ("group", "(?'n'a)", None), ("group", "(?=a)", None), ("group", "(?!a)", None), ("group", "a(?=b)", None),
    ("group", "a(?!b)", None), ("group", "(?<=a)b", None), ("group", "(?<!a)b", None), ("group", "(?i)a", None),
    ("group", "(?i:a)", None), ("group", "(?-i:a)", None), ("group", "(?m)a", None), ("group", "(?s:.)", None),
    ("group", "(?>a)", None), ("group", "(?#c)a", None), ("group", "(?", None), ("group", "(?:", None),
    ("group", "(", None), ("group", ")", None), ("group", "(a", None), ("group", "a)", None),
    ("group", "((a)", None), ("group", "(a))", None), ("group", "()a", None), ("group", "(())", None),
    ("group", "()*", None), ("group", "()+", None), ("group", "(?:)+", None), ("group", "(a)*b", None),
    ("group", "(a*)*", None), ("group", "(a*)+", None), ("group", "(a+)+", None), ("group", "(.*)*", None),
    ("group", "(?=a)*", None), ("group", "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)", None),
    ("group", "(" * 50 + "a" + ")" * 50, "50 nested groups"), ("group", "(" * 500 + "a" + ")" * 500, "500 nested"),
    ("anchor", "^a", None), ("anchor", "a$", None), ("anchor", "^a$", None), ("anchor", "a^", None),
    ("anchor", "a^b", None), ("anchor", "^^a", None), ("anchor", "(^a)", "^ inside a group"),
    ("anchor", "(?:^a)", None), ("anchor", "^(^a)", None), ("anchor", "(^a)b", None), ("anchor", "^(a)", None),
    ("anchor", "$a", None), ("anchor", "a$b", None), ("anchor", "a$$", None), ("anchor", "(a$)", "$ inside a group"),
    ("anchor", "(a$)b", None), ("anchor", "(?:a$)", None), ("anchor", "a($)", None), ("anchor", "a$*", None),
    ("anchor", "a$?", None), ("anchor", "^?a", None), ("anchor", "^*a", None), ("anchor", "(^)*a", None),
    ("anchor", "a(b$)?", None), ("anchor", "[^]a", None), ("anchor", "^|a", None), ("anchor", "a\\$", None),
    ("anchor", "\\^a", None), ("anchor", "a$\\", None), ("anchor", "^$a", None), ("anchor", "a(^)", None),
    ("anchor", "^.*$", None), ("anchor", "^[^:]+://+([^:/]+\\.)?example\\.org[:/]", "AdGuard domain anchor"),
    ("anchor", "^https?://([^/]+\\.)?example\\.com/", None), ("anchor", "^a$|b", None),
    ("nonascii", "\u00e9", "raw e-acute"), ("nonascii", "a\u00e9", None), ("nonascii", "\u4f8b", None),
    ("nonascii", "\U0001f600", "emoji"), ("nonascii", "\u00a0", "NBSP"), ("nonascii", "[\u00e9-\u00ff]", None),
    ("nonascii", "\\\u00e9", "escaped non-ASCII"), ("nonascii", "\u0080", None),
    ("control", "\u0001", None), ("control", "a\u0000b", None), ("control", "\t", None), ("control", "\n", None),
    ("control", "a\u007fb", None), ("control", "\u001f", None), ("control", "\r", None),
    ("misc", "a" * 1000, "1000 literals"), ("misc", "a*" * 100, "100 quantified"),
    ("misc", "[a-z]" * 200, "200 classes"), ("misc", "x" + "[a-z]" * 8, "x then 8 classes: DFA growth"),
    ("misc", "x" + "[a-z]" * 11, "x then 11 classes: compile time grows exponentially"),
    ("misc", "a.b.c.d.e.f.g.h", None), ("misc", "a.*b.*c.*d.*e.*f", None), ("misc", "(a)" * 100, None), ("misc", "(?:a)" * 100, None),
    ("misc", "$$", None), ("misc", "^^", None), ("misc", "\\/\\/", None), ("misc", "a.b*c+d?", None),
    ("misc", "[a-z0-9-]+\\.example\\.com", None), ("misc", "/ads/.*\\.js$", None),
    ("misc", "^[^:]+://+([^:/]+\\.)?(a|b)\\.com", None), ("misc", "a(?:b|c)d", None),
    ("misc", "a{1}b{2}", None), ("misc", "\\d+", None), ("misc", "[0-9]+", None), ("misc", "x[\\d]", None),
]

REGEX_CONTEXTS = [
    ("alone", "%s"), ("prefixed", "x%s"), ("suffixed", "%sx"), ("grouped", "(%s)"),
    ("quantified-group", "(%s)*"), ("noncap", "(?:%s)"),
]


def gen_regex():
    c = "regex"
    for group, pattern, note in REGEX:
        for ctx, fmt in REGEX_CONTEXTS:
            if ctx != "alone" and group == "misc":
                continue
            if ctx != "alone" and group in ("control", "nonascii", "literal", "dot"):
                if ctx not in ("prefixed",):
                    continue
            src = dumps([simple(url=fmt % pattern)])
            addn("%s/%s/%s" % (c, group, ctx), c, src, (note + ": " if note else "") + repr(fmt % pattern))
    # the same constructs as a top-url / frame-url condition
    for group, pattern, note in REGEX:
        if group in ("misc",):
            continue
        for key in ("if-top-url", "unless-frame-url"):
            src = dumps([simple({key: [pattern]})])
            addn("%s/%s/%s" % (c, group, key), c, src, "%s %r" % (key, pattern))
    # case flag changes nothing for syntax
    for group, pattern, note in REGEX[::7]:
        src = dumps([simple({"url-filter-is-case-sensitive": True}, url=pattern)])
        addn("%s/%s/case-sensitive" % (c, group), c, src, "with the case flag: %r" % pattern)


# ---------------------------------------------------------------- actions
SELECTORS = [
    ".ad", "#ad", "div", "*", "div.ad", "div#ad.banner", "a[href]", "a[href=\"x\"]", "a[href='x']",
    "a[href^=\"http\"]", "a[href$=\".js\"]", "a[href*=ads]", "a[href~=x]", "a[href|=en]", "a[href=x i]",
    "a[href=x s]", "div > p", "div p", "div + p", "div ~ p", "div,p", ".a, .b", ".a,.b,.c", ":root",
    "div:first-child", "div:last-child", "div:nth-child(2)", "div:nth-child(2n+1)", "div:nth-child(odd)",
    "div:nth-of-type(2)", "div:not(.a)", "div:not(.a, .b)", "div:is(.a, .b)", "div:where(.a)",
    "div:has(> a)", "div:has(.ad)", "div:has(:scope > a)", "div:matches(.a)", "div:-webkit-any(.a)",
    "a:link", "a:visited", "a:hover", "input:checked", "p::before", "p:before", "p::after", "p::first-line",
    "p::selection", "p::-webkit-scrollbar", "div:empty", "html:lang(en)", "div:dir(ltr)", ":host",
    ":host(.a)", "::slotted(span)", "::part(x)", "div:focus-visible", "div:focus-within", "div:target",
    "div:contains(ad)", "div:-abp-has(.ad)", "div:xpath(//a)", "div:style(color: red)", "##.ad", "#",
    ".", "..a", "#1ad", ".1ad", "div[", "div]", "div[x", "[]", "div(", "div)", ">", "> div", "div >",
    "div >> p", "div,", ",div", ",", "a,,b", "", " ", "\t", "div\u0000", "\u00e9", ".\u00e9",
    ".a\\:b", ".a\\", "#a\\31", "div::", "div:::before", ":", "div:", ":unknown", "::unknown",
    ":nth-child(x)", ":nth-child()", ":not()", ":has()", ":is()", ":not(", "div{}", "div{color:red}",
    "div;", "@media", "<div>", "div!", "div$", "div%", "div&", "div|p", "*|div", "ns|div", "|div",
    "div ", " div", "DIV", ".A", "a[HREF]", ":ROOT", "x-custom-element", "svg|circle", "div" * 100,
    ", ".join([".a%d" % i for i in range(500)]), ".ad" + ":not(.a)" * 50,
    ":nth-last-child(2)", ":nth-child(2 of .a)", ":only-child", ":first-of-type", ":any-link",
    ":placeholder-shown", ":read-only", ":autofill", ":-webkit-autofill", ":fullscreen", ":modal",
    ":popover-open", ":defined", ":state(x)", "::backdrop", "::marker", "::placeholder",
    "::-webkit-input-placeholder", "::cue", "::highlight(x)", "::view-transition", "div::before span",
    "::before::after", "div:has(::before)", "div:has(div:has(a))", "div:not(:has(a))", "&", "& div",
    "div & p", ":scope", ":scope > div", "div:nth-child(-n+3)", "div:nth-child(+5)", "div:nth-child(n)",
    ":lang(\"en\")", "[data-x=\"a\\\"b\"]", "[x=\"unterminated]", "div.ad:not()", "a:where()", ":is()",
]


def gen_actions():
    c = "action"
    # action object / type
    p = c + "/type"
    for t in ["block", "block-cookies", "css-display-none", "ignore-previous-rules", "make-https", "notify",
              "redirect", "modify-headers", "ignore-following-rules", "Block", "BLOCK", "block ", " block", "",
              "blocks", "allow", "allowAllRequests", "upgradeScheme", "block_cookies", "css-display-block",
              "display-none", "ignore-previous-rule", "makehttps", "block-cookie", "hide", "b\u00e9ock"]:
        addn(p, c, dumps([rule({"url-filter": "a"}, {"type": t})]), "action type %r with no arguments" % t)
    for name, j in [("missing-type", "{}"), ("type-number", '{"type":1}'), ("type-null", '{"type":null}'),
                    ("type-array", '{"type":["block"]}'), ("type-object", '{"type":{"block":1}}'),
                    ("type-bool", '{"type":true}'), ("action-string", '"block"'), ("action-array", '[{"type":"block"}]'),
                    ("action-number", "1"), ("action-null", "null"), ("action-bool", "true"),
                    ("Type-capital", '{"Type":"block"}')]:
        addn(p, c, '[{"trigger":{"url-filter":"a"},"action":%s}]' % j, name)
    addn(p, c, '[{"trigger":{"url-filter":"a"}}]', "missing action")
    addn(p, c, '[{"trigger":{"url-filter":"a"},"Action":{"type":"block"}}]', "capitalised Action key")
    for t in ["block", "block-cookies", "ignore-previous-rules", "make-https"]:
        addn(p, c, dumps([rule({"url-filter": "a"}, {"type": t, "selector": ".a", "notification": "x",
                                                       "redirect": {"url": "https://a/"}})]),
             t + " with unrelated arguments")
        addn(p, c, dumps([rule({"url-filter": ".*"}, {"type": t})]), t + " on every URL")
    # css-display-none
    p = c + "/css-display-none"
    for name, j in [("missing", None), ("number", "1"), ("null", "null"), ("array", '[".a"]'), ("object", "{}"),
                    ("bool", "true")]:
        extra = "" if j is None else ',"selector":%s' % j
        addn(p + "/selector-type", c, '[{"trigger":{"url-filter":"a"},"action":{"type":"css-display-none"%s}}]' % extra,
             "selector " + name)
        addn(p + "/selector-type", c,
             '[{"trigger":{"url-filter":"a"},"action":{"type":"block"}},{"trigger":{"url-filter":"a"},"action":{"type":"css-display-none"%s}}]' % extra,
             "block then css-display-none with selector " + name)
    for s in SELECTORS:
        addn(p + "/selector", c, dumps([simple(action={"type": "css-display-none", "selector": s})]),
             "selector %r alone" % s[:80])
    for s in SELECTORS[::4]:
        addn(p + "/selector-then-block", c,
             dumps([simple(action={"type": "css-display-none", "selector": s}), simple()]),
             "selector %r then a block rule" % s[:80])
        addn(p + "/selector-universal", c,
             dumps([simple(action={"type": "css-display-none", "selector": s}, url=".*")]),
             "selector %r on every URL" % s[:80])
    addn(p + "/mixed", c, dumps([simple(action={"type": "css-display-none", "selector": "##"}),
                                 simple(action={"type": "css-display-none", "selector": ".ok"})]),
         "invalid selector then valid")
    addn(p + "/mixed", c, dumps([simple(action={"type": "css-display-none", "selector": "##"}),
                                 simple(url="a|b")]),
         "invalid selector then a bad regex")
    addn(p + "/mixed", c, dumps([simple(action={"type": "css-display-none", "selector": "##"}, url="a|b")]),
         "invalid selector and a bad regex in one rule")
    addn(p + "/mixed", c, dumps([simple({"if-domain": ["A.com"]}, action={"type": "css-display-none", "selector": "##"})]),
         "invalid selector and an upper-case domain in one rule")
    addn(p + "/mixed", c, dumps([simple({"resource-type": ["bogus"]}, action={"type": "css-display-none", "selector": "##"})]),
         "invalid selector and a bad resource-type in one rule")
    addn(p + "/mixed", c, dumps([simple(action={"type": "css-display-none", "selector": "##"}),
                                 rule({"url-filter": "a"}, {"type": "nope"})]),
         "invalid selector then a bad action type")
    addn(p + "/mixed", c, dumps([simple(action={"type": "css-display-none", "selector": "##"}),
                                 simple(action={"type": "ignore-previous-rules"})]),
         "invalid selector then ignore-previous-rules")
    # notify
    p = c + "/notify"
    for name, j in [("missing", None), ("string", '"hello"'), ("empty", '""'), ("number", "1"), ("null", "null"),
                    ("array", '["x"]'), ("object", "{}"), ("non-ascii", '"h\u00e9llo"'), ("long", '"' + "x" * 5000 + '"')]:
        extra = "" if j is None else ',"notification":%s' % j
        addn(p, c, '[{"trigger":{"url-filter":"a"},"action":{"type":"notify"%s}}]' % extra, "notification " + name)
    addn(p, c, '[{"trigger":{"url-filter":"a"},"action":{"type":"notify","message":"x"}}]', "message key instead")
    # redirect
    p = c + "/redirect"
    redirects = [
        ("missing", None), ("null", "null"), ("string", '"https://a/"'), ("number", "1"), ("array", "[]"),
        ("empty", "{}"), ("unknown-key", '{"foo":"bar"}'),
        ("extension-path", '{"extension-path":"/a.js"}'), ("extension-path-root", '{"extension-path":"/"}'),
        ("extension-path-relative", '{"extension-path":"a.js"}'), ("extension-path-empty", '{"extension-path":""}'),
        ("extension-path-url", '{"extension-path":"https://a/b.js"}'), ("extension-path-number", '{"extension-path":1}'),
        ("extension-path-dotdot", '{"extension-path":"/../a.js"}'), ("extension-path-query", '{"extension-path":"/a.js?x=1"}'),
        ("regex-substitution", '{"regex-substitution":"https://b/\\\\1"}'), ("regex-substitution-plain", '{"regex-substitution":"https://b/"}'),
        ("regex-substitution-empty", '{"regex-substitution":""}'), ("regex-substitution-number", '{"regex-substitution":1}'),
        ("regex-substitution-relative", '{"regex-substitution":"b"}'),
        ("url", '{"url":"https://example.com/"}'), ("url-http", '{"url":"http://example.com/x?y#z"}'),
        ("url-relative", '{"url":"/relative"}'), ("url-no-scheme", '{"url":"example.com"}'),
        ("url-javascript", '{"url":"javascript:alert(1)"}'), ("url-javascript-upper", '{"url":"JavaScript:alert(1)"}'),
        ("url-data", '{"url":"data:text/plain,x"}'), ("url-about", '{"url":"about:blank"}'),
        ("url-file", '{"url":"file:///etc/passwd"}'), ("url-empty", '{"url":""}'), ("url-number", '{"url":1}'),
        ("url-space", '{"url":"https://exa mple.com/"}'), ("url-non-ascii", '{"url":"https://ex\u00e4mple.com/"}'),
        ("url-bad-port", '{"url":"https://example.com:99999/"}'), ("url-custom-scheme", '{"url":"myapp://x"}'),
        ("url-https-only", '{"url":"https:"}'), ("url-double-slash", '{"url":"//example.com/"}'),
        ("url-blob", '{"url":"blob:https://a/x"}'), ("url-ws", '{"url":"wss://a/"}'),
        ("two-keys", '{"url":"https://a/","extension-path":"/a.js"}'),
        ("three-keys", '{"url":"https://a/","extension-path":"/a.js","regex-substitution":"x"}'),
        ("transform-empty", '{"transform":{}}'), ("transform-null", '{"transform":null}'),
        ("transform-string", '{"transform":"x"}'), ("transform-array", '{"transform":[]}'),
        ("transform-and-url", '{"transform":{"scheme":"https"},"url":"https://a/"}'),
    ]
    transform_fields = [
        ("scheme", ['"https"', '"http"', '"HTTPS"', '""', '"ftp"', '"javascript"', '"https:"', '"1https"', "1", "null"]),
        ("host", ['"example.com"', '""', '"EXAMPLE.com"', '"ex\u00e4mple.com"', '"a b"', '"a/b"', '"[::1]"', "1", '"a:1"']),
        ("port", ['""', '"0"', '"80"', '"443"', '"65535"', '"65536"', '"-1"', '"abc"', '"8080x"', "8080", '" 80"', '"99999999999"']),
        ("path", ['"/a"', '""', '"a"', '"/a b"', '"/\u00e9"', '"?x"', "1"]),
        ("query", ['""', '"?a=1"', '"a=1"', '"?"', '"#a"', '"??a"', "1", "null"]),
        ("fragment", ['""', '"#a"', '"a"', '"#"', '"?a"', "1"]),
        ("username", ['"u"', '""', '"u:p"', "1"]),
        ("password", ['"p"', '""', '"p@x"', "1"]),
        ("unknown", ['"x"']),
    ]
    for key, values in transform_fields:
        for i, v in enumerate(values):
            redirects.append(("transform-%s-%d" % (key, i), '{"transform":{"%s":%s}}' % (key, v)))
    qt = [
        '{}', '{"remove-parameters":["a"]}', '{"remove-parameters":[]}', '{"remove-parameters":"a"}',
        '{"remove-parameters":[1]}', '{"remove-parameters":[""]}', '{"remove-parameters":["a","b"]}',
        '{"add-or-replace-parameters":[{"key":"a","value":"b"}]}', '{"add-or-replace-parameters":[]}',
        '{"add-or-replace-parameters":[{"key":"a"}]}', '{"add-or-replace-parameters":[{"value":"b"}]}',
        '{"add-or-replace-parameters":[{"key":"a","value":"b","replace-only":true}]}',
        '{"add-or-replace-parameters":[{"key":"a","value":"b","replace-only":"yes"}]}',
        '{"add-or-replace-parameters":[{"key":1,"value":"b"}]}', '{"add-or-replace-parameters":[{"key":"a","value":1}]}',
        '{"add-or-replace-parameters":[{"key":"","value":""}]}', '{"add-or-replace-parameters":{"key":"a","value":"b"}}',
        '{"add-or-replace-parameters":["a"]}', '{"remove-parameters":["a"],"add-or-replace-parameters":[{"key":"a","value":"b"}]}',
        '"x"', "[]", "null",
    ]
    for i, q in enumerate(qt):
        redirects.append(("query-transform-%02d" % i, '{"transform":{"query-transform":%s}}' % q))
        redirects.append(("query-transform-with-query-%02d" % i, '{"transform":{"query":"?a=1","query-transform":%s}}' % q))
    redirects.append(("transform-all", '{"transform":{"scheme":"https","host":"a.com","port":"8443","path":"/p","query":"?q=1","fragment":"#f","username":"u","password":"p"}}'))
    for name, j in redirects:
        extra = "" if j is None else ',"redirect":%s' % j
        addn(p + "/" + name, c, '[{"trigger":{"url-filter":"a"},"action":{"type":"redirect"%s}}]' % extra, "redirect " + name)
    addn(p + "/regex-substitution-bad-filter", c,
         '[{"trigger":{"url-filter":"(a)(b)"},"action":{"type":"redirect","redirect":{"regex-substitution":"\\\\3"}}}]',
         "substitution refers to a missing group")
    addn(p + "/extension-path-on-every-url", c,
         '[{"trigger":{"url-filter":".*"},"action":{"type":"redirect","redirect":{"extension-path":"/a.js"}}}]', None)
    # modify-headers
    p = c + "/modify-headers"
    hdr = lambda op, header="X-A", value="1": {"operation": op, "header": header, "value": value}
    mh = [
        ("request-set", {"request-headers": [hdr("set")], "priority": 1}),
        ("request-append", {"request-headers": [hdr("append")], "priority": 1}),
        ("request-remove", {"request-headers": [{"operation": "remove", "header": "X-A"}], "priority": 1}),
        ("request-remove-with-value", {"request-headers": [hdr("remove")], "priority": 1}),
        ("response-set", {"response-headers": [hdr("set")], "priority": 1}),
        ("response-append", {"response-headers": [hdr("append")], "priority": 1}),
        ("response-remove", {"response-headers": [{"operation": "remove", "header": "X-A"}], "priority": 1}),
        ("both", {"request-headers": [hdr("set")], "response-headers": [hdr("remove")], "priority": 1}),
        ("neither", {"priority": 1}),
        ("empty-arrays", {"request-headers": [], "response-headers": [], "priority": 1}),
        ("set-missing-value", {"request-headers": [{"operation": "set", "header": "X-A"}], "priority": 1}),
        ("append-missing-value", {"request-headers": [{"operation": "append", "header": "X-A"}], "priority": 1}),
        ("missing-header", {"request-headers": [{"operation": "set", "value": "1"}], "priority": 1}),
        ("missing-operation", {"request-headers": [{"header": "X-A", "value": "1"}], "priority": 1}),
        ("operation-upper", {"request-headers": [hdr("SET")], "priority": 1}),
        ("operation-unknown", {"request-headers": [hdr("replace")], "priority": 1}),
        ("operation-number", {"request-headers": [hdr(1)], "priority": 1}),
        ("header-empty", {"request-headers": [hdr("set", "")], "priority": 1}),
        ("header-number", {"request-headers": [hdr("set", 1)], "priority": 1}),
        ("header-space", {"request-headers": [hdr("set", "X A")], "priority": 1}),
        ("header-colon", {"request-headers": [hdr("set", "X:A")], "priority": 1}),
        ("header-non-ascii", {"request-headers": [hdr("set", "X-\u00e4")], "priority": 1}),
        ("header-cookie", {"request-headers": [hdr("set", "Cookie")], "priority": 1}),
        ("value-number", {"request-headers": [hdr("set", "X-A", 1)], "priority": 1}),
        ("value-empty", {"request-headers": [hdr("set", "X-A", "")], "priority": 1}),
        ("value-newline", {"request-headers": [hdr("set", "X-A", "a\nb")], "priority": 1}),
        ("value-non-ascii", {"request-headers": [hdr("set", "X-A", "\u00e9")], "priority": 1}),
        ("headers-object", {"request-headers": hdr("set"), "priority": 1}),
        ("headers-string", {"request-headers": "X-A", "priority": 1}),
        ("headers-element-string", {"request-headers": ["X-A"], "priority": 1}),
        ("headers-element-null", {"request-headers": [None], "priority": 1}),
        ("priority-missing", {"request-headers": [hdr("set")]}),
        ("priority-zero", {"request-headers": [hdr("set")], "priority": 0}),
        ("priority-negative", {"request-headers": [hdr("set")], "priority": -1}),
        ("priority-float", {"request-headers": [hdr("set")], "priority": 1.5}),
        ("priority-float-integral", {"request-headers": [hdr("set")], "priority": 2.0}),
        ("priority-string", {"request-headers": [hdr("set")], "priority": "1"}),
        ("priority-null", {"request-headers": [hdr("set")], "priority": None}),
        ("priority-bool", {"request-headers": [hdr("set")], "priority": True}),
        ("priority-big", {"request-headers": [hdr("set")], "priority": 4294967296}),
        ("priority-uint32-max", {"request-headers": [hdr("set")], "priority": 4294967295}),
        ("priority-int32-max", {"request-headers": [hdr("set")], "priority": 2147483647}),
        ("priority-huge", {"request-headers": [hdr("set")], "priority": 1e300}),
        ("priority-only-missing-all", {}),
        ("priority-int32-max-plus-1", {"request-headers": [hdr("set")], "priority": 2147483648}),
        ("priority-uint16-max", {"request-headers": [hdr("set")], "priority": 65535}),
        ("priority-uint16-max-plus-1", {"request-headers": [hdr("set")], "priority": 65536}),
        ("priority-half", {"request-headers": [hdr("set")], "priority": 0.5}),
        ("priority-minus-half", {"request-headers": [hdr("set")], "priority": -0.5}),
        ("priority-almost-2", {"request-headers": [hdr("set")], "priority": 1.9999}),
        ("priority-int32-max-float", {"request-headers": [hdr("set")], "priority": 2147483647.5}),
        ("priority-array", {"request-headers": [hdr("set")], "priority": [1]}),
        ("priority-with-bad-header", {"request-headers": [{"operation": "bogus"}], "priority": -1}),
        ("response-bad-request-good", {"request-headers": [hdr("set")], "response-headers": [hdr("bogus")], "priority": 1}),
        ("request-bad-response-good", {"request-headers": [hdr("bogus")], "response-headers": [hdr("set")], "priority": 1}),
        ("many-headers", {"request-headers": [hdr("set", "X-%d" % i) for i in range(50)], "priority": 3}),
    ]
    for name, a in mh:
        action = {"type": "modify-headers"}
        action.update(a)
        addn(p + "/" + name, c, dumps([simple(action=action)]), "modify-headers " + name)
    addn(p + "/priority-1e0", c,
         '[{"trigger":{"url-filter":"a"},"action":{"type":"modify-headers","request-headers":[{"operation":"set","header":"X","value":"1"}],"priority":1e0}}]',
         "priority written 1e0")
    addn(p + "/priority-neg-zero", c,
         '[{"trigger":{"url-filter":"a"},"action":{"type":"modify-headers","request-headers":[{"operation":"set","header":"X","value":"1"}],"priority":-0}}]',
         "priority -0")


# ---------------------------------------------------------------- ordering and misc
def gen_ordering():
    c = "ordering"
    bad = {
        "json-regex": simple(url="a|b"),
        "missing-action": rule({"url-filter": "a"}),
        "missing-trigger": rule(None, BLOCK),
        "bad-type": rule({"url-filter": "a"}, {"type": "nope"}),
        "bad-flag": simple({"resource-type": ["bogus"]}),
        "upper-domain": simple({"if-domain": ["A.com"]}),
        "two-conditions": simple({"if-domain": ["a.com"], "unless-domain": ["b.com"]}),
        "empty-filter": rule({"url-filter": ""}, BLOCK),
        "no-selector": simple(action={"type": "css-display-none"}),
        "bad-selector": simple(action={"type": "css-display-none", "selector": "##"}),
        "bad-method": simple({"request-method": "fetch"}),
        "priority": simple(action={"type": "modify-headers", "request-headers": [{"operation": "set", "header": "X", "value": "1"}]}),
        "domain-regex": simple({"if-domain": ["a^b.com"]}),
        "non-object": 1,
        "no-redirect": simple(action={"type": "redirect"}),
    }
    names = sorted(bad)
    good = simple()
    for a in names:
        for b in names:
            if a == b:
                continue
            add("%s/pair/%s-then-%s" % (c, a, b), c, lst(bad[a], good, good, bad[b]),
                 "rule 0 %s, rule 3 %s" % (a, b))
    # two faults in one rule
    faults = {
        "regex": ("trigger", "url-filter", "a|b"),
        "flag": ("trigger", "resource-type", ["bogus"]),
        "load-type": ("trigger", "load-type", ["bogus"]),
        "load-context": ("trigger", "load-context", ["bogus"]),
        "domain": ("trigger", "if-domain", ["A.com"]),
        "domain2": ("trigger", "unless-domain", ["b.com"]),
        "method": ("trigger", "request-method", "bogus"),
        "type": ("action", "type", "nope"),
        "top-url-regex": ("trigger", "if-top-url", ["a|b"]),
        "case-flag": ("trigger", "url-filter-is-case-sensitive", "x"),
    }
    fnames = sorted(faults)
    for i, a in enumerate(fnames):
        for b in fnames[i + 1:]:
            r = simple()
            for f in (a, b):
                part, key, value = faults[f]
                r[part][key] = value
            add("%s/same-rule/%s-and-%s" % (c, a, b), c, lst(r), "one rule with %s and %s" % (a, b))
            # key order reversed in the JSON text
            r2 = {"action": r["action"], "trigger": dict(reversed(list(r["trigger"].items())))}
            add("%s/same-rule/%s-and-%s-reversed" % (c, a, b), c, lst(r2), "same, keys reversed")
    # structural faults inside one rule
    structure = [
        ("no-action-and-empty-filter", '[{"trigger":{"url-filter":""}}]'),
        ("no-action-and-bad-flag", '[{"trigger":{"url-filter":"a","resource-type":["x"]}}]'),
        ("no-action-and-bad-regex", '[{"trigger":{"url-filter":"a|b"}}]'),
        ("bad-trigger-and-bad-action", '[{"trigger":1,"action":1}]'),
        ("bad-type-and-no-filter", '[{"trigger":{},"action":{"type":"x"}}]'),
        ("no-selector-and-bad-flag", '[{"trigger":{"url-filter":"a","load-type":["x"]},"action":{"type":"css-display-none"}}]'),
        ("no-selector-and-bad-regex", '[{"trigger":{"url-filter":"a|b"},"action":{"type":"css-display-none"}}]'),
        ("bad-redirect-and-bad-domain", '[{"trigger":{"url-filter":"a","if-domain":["A"]},"action":{"type":"redirect"}}]'),
        ("bad-priority-and-bad-method", '[{"trigger":{"url-filter":"a","request-method":"x"},"action":{"type":"modify-headers"}}]'),
        ("bad-flag-type-and-bad-filter-type", '[{"trigger":{"url-filter":1,"resource-type":"x"},"action":{"type":"block"}}]'),
        ("bad-method-and-bad-filter-type", '[{"trigger":{"url-filter":1,"request-method":"x"},"action":{"type":"block"}}]'),
        ("bad-domain-and-bad-filter-type", '[{"trigger":{"url-filter":1,"if-domain":["A"]},"action":{"type":"block"}}]'),
        ("two-conditions-and-bad-flag", '[{"trigger":{"url-filter":"a","if-domain":["a"],"unless-domain":["b"],"resource-type":["x"]},"action":{"type":"block"}}]'),
        ("bad-notify-and-bad-load-context", '[{"trigger":{"url-filter":"a","load-context":["x"]},"action":{"type":"notify"}}]'),
        ("bad-url-and-bad-transform", '[{"trigger":{"url-filter":"a"},"action":{"type":"redirect","redirect":{"url":"x","transform":{"port":"x"}}}}]'),
        ("bad-path-and-good-url", '[{"trigger":{"url-filter":"a"},"action":{"type":"redirect","redirect":{"url":"https://a/","extension-path":"x"}}}]'),
        ("good-path-and-bad-url", '[{"trigger":{"url-filter":"a"},"action":{"type":"redirect","redirect":{"url":"x","extension-path":"/x"}}}]'),
        ("good-transform-and-bad-url", '[{"trigger":{"url-filter":"a"},"action":{"type":"redirect","redirect":{"url":"x","transform":{}}}}]'),
        ("bad-transform-and-good-path", '[{"trigger":{"url-filter":"a"},"action":{"type":"redirect","redirect":{"extension-path":"/x","transform":{"port":"x"}}}}]'),
        ("bad-regex-sub-type-and-good-url", '[{"trigger":{"url-filter":"a"},"action":{"type":"redirect","redirect":{"regex-substitution":1,"url":"https://a/"}}}]'),
        ("bad-port-and-bad-query", '[{"trigger":{"url-filter":"a"},"action":{"type":"redirect","redirect":{"transform":{"query":"x","port":"x"}}}}]'),
        ("bad-fragment-and-bad-scheme", '[{"trigger":{"url-filter":"a"},"action":{"type":"redirect","redirect":{"transform":{"fragment":"x","scheme":""}}}}]'),
        ("bad-header-and-bad-priority", '[{"trigger":{"url-filter":"a"},"action":{"type":"modify-headers","priority":-1,"request-headers":[{"operation":"x","header":"a"}]}}]'),
    ]
    redirect_rule = lambda red: dumps([simple(action={"type": "redirect", "redirect": red})])
    structure.append(("regex-substitution-and-bad-transform", redirect_rule({"regex-substitution": "x", "transform": {"port": "x"}})))
    structure.append(("regex-substitution-and-bad-path", redirect_rule({"regex-substitution": "x", "extension-path": "x"})))
    structure.append(("regex-substitution-and-bad-url", redirect_rule({"regex-substitution": "x", "url": "x"})))
    bad_transform = {"fragment": "x", "port": "x", "query": "x", "query-transform": {"remove-parameters": 1}, "scheme": ""}
    names = sorted(bad_transform)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            structure.append(("transform-bad-%s-and-%s" % (a, b),
                              redirect_rule({"transform": {a: bad_transform[a], b: bad_transform[b]}})))
            structure.append(("transform-bad-%s-and-%s-reversed" % (a, b),
                              redirect_rule({"transform": {b: bad_transform[b], a: bad_transform[a]}})))
    for name, src in structure:
        add("%s/same-rule-structure/%s" % (c, name), c, src, name.replace("-", " "))
    # position of a bad rule
    for pos in (0, 1, 5, 99):
        rules = [simple() for _ in range(100)]
        rules[pos] = simple(url="a|b")
        addn(c + "/position", c, lst(*rules), "bad regex at rule %d of 100" % pos)
    addn(c + "/position", c, lst(simple(url="a|b"), simple(url="a{2}")), "two bad regexes: which detail?")
    addn(c + "/position", c, lst(simple(url="a{2}"), simple(url="a|b")), "two bad regexes reversed")
    addn(c + "/position", c, lst(simple({"if-top-url": ["a|b"]}, url="a{2}")), "bad top-url and bad url-filter")
    addn(c + "/position", c, lst(simple({"if-top-url": ["a{2}"]}), simple(url="a|b")), "bad top-url rule 0, bad url rule 1")
    addn(c + "/position", c, lst(simple({"if-domain": ["a|b.com"]}), simple(url="a{2}")), "domain regex then url regex")
    # ignore-previous-rules etc. are valid but semantically interesting
    addn(c + "/semantics", c, lst(simple(action={"type": "ignore-previous-rules"})), "only ignore-previous-rules")
    addn(c + "/semantics", c, lst(simple(), simple(action={"type": "ignore-previous-rules"}, url=".*")), "block then ignore all")
    addn(c + "/semantics", c, lst(simple(action={"type": "ignore-following-rules"})), "only ignore-following-rules")
    addn(c + "/semantics", c, lst(simple(action={"type": "ignore-following-rules"}), simple()), "ignore-following-rules then block")
    addn(c + "/semantics", c, lst(simple(action={"type": "ignore-following-rules"}), simple(action={"type": "css-display-none", "selector": "##"})),
         "ignore-following-rules then an invalid selector")
    addn(c + "/semantics", c, lst(simple(action={"type": "css-display-none", "selector": "##"}, url=".*"),
                                  simple(action={"type": "css-display-none", "selector": ".a"}, url=".*")),
         "universal invalid selector then universal valid selector")
    addn(c + "/semantics", c, lst(simple(action={"type": "css-display-none", "selector": ".a"}, url=".*"),
                                  simple(action={"type": "css-display-none", "selector": "##"}, url=".*")),
         "universal valid selector then universal invalid selector (merged?)")
    addn(c + "/semantics", c, lst(simple(action={"type": "css-display-none", "selector": ".a"}),
                                  simple(action={"type": "css-display-none", "selector": "##"})),
         "same trigger: valid then invalid selector")


def gen_unknown_and_identifier():
    c = "unknown-keys"
    for where, src in [
        ("rule", '[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"x":1}]'),
        ("rule-comment", '[{"trigger":{"url-filter":"a"},"action":{"type":"block"},"comment":"hi"}]'),
        ("trigger", '[{"trigger":{"url-filter":"a","x":1},"action":{"type":"block"}}]'),
        ("trigger-domain-type", '[{"trigger":{"url-filter":"a","domain-type":"third-party"},"action":{"type":"block"}}]'),
        ("trigger-if-domains", '[{"trigger":{"url-filter":"a","if-domains":["a.com"]},"action":{"type":"block"}}]'),
        ("trigger-initiator", '[{"trigger":{"url-filter":"a","initiator-domains":["a.com"]},"action":{"type":"block"}}]'),
        ("action", '[{"trigger":{"url-filter":"a"},"action":{"type":"block","x":1}}]'),
        ("action-priority", '[{"trigger":{"url-filter":"a"},"action":{"type":"block","priority":-5}}]'),
        ("everywhere", '[{"trigger":{"url-filter":"a","x":[1,{"y":null}]},"action":{"type":"block","x":{}},"x":"y","id":3}]'),
        ("unicode-key", '[{"trigger":{"url-filter":"a","\u00e9":1},"action":{"type":"block"}}]'),
    ]:
        addn(c + "/" + where, c, src, "unknown key in " + where)
    c = "identifier"
    for name, rules in [
        ("all", [dict(simple(), _identifier=1), dict(simple(), _identifier=2)]),
        ("some", [dict(simple(), _identifier=1), simple()]),
        ("some-second", [simple(), dict(simple(), _identifier=1)]),
        ("string", [dict(simple(), _identifier="1")]),
        ("negative", [dict(simple(), _identifier=-1)]),
        ("float", [dict(simple(), _identifier=1.5)]),
        ("duplicate", [dict(simple(), _identifier=1), dict(simple(), _identifier=1)]),
        ("zero", [dict(simple(), _identifier=0)]),
        ("null", [dict(simple(), _identifier=None)]),
        ("huge", [dict(simple(), _identifier=2 ** 40)]),
    ]:
        addn(c + "/" + name, c, lst(*rules), "_identifier " + name)


# ---------------------------------------------------------------- mutations of real rules
def load_corpus_rules():
    out = []
    if not os.path.isdir(CORPUS):
        raise SystemExit("corpus not found at " + CORPUS)
    for dirpath, dirnames, filenames in os.walk(CORPUS):
        dirnames.sort()
        if os.path.basename(dirpath) == "invalid":
            continue
        for fn in sorted(filenames):
            if not fn.endswith(".json"):
                continue
            path = os.path.join(dirpath, fn)
            with open(path, "rb") as f:
                rules = json.loads(f.read().decode("utf-8"))
            rel = os.path.relpath(path, CORPUS)
            for i, r in enumerate(rules):
                # keep the fixture small: long condition lists are cut to their first 8 entries
                for key in CONDITIONS:
                    if isinstance(r["trigger"].get(key), list):
                        r["trigger"][key] = r["trigger"][key][:8]
                out.append((rel, i, r))
    return out


def mutations(r, rng):
    """Yield (name, mutated rule) pairs for one real rule."""
    import copy
    t = r["trigger"]
    a = r["action"]
    m = []
    for k in sorted(t):
        x = copy.deepcopy(r)
        del x["trigger"][k]
        m.append(("drop-trigger-" + k, x))
    x = copy.deepcopy(r)
    del x["action"]["type"]
    m.append(("drop-action-type", x))
    x = copy.deepcopy(r)
    del x["action"]
    m.append(("drop-action", x))
    x = copy.deepcopy(r)
    del x["trigger"]
    m.append(("drop-trigger", x))
    for k in sorted(t):
        x = copy.deepcopy(r)
        v = x["trigger"][k]
        if isinstance(v, str):
            x["trigger"][k] = [v]
        elif isinstance(v, list):
            x["trigger"][k] = v[0] if v else ""
        elif isinstance(v, bool):
            x["trigger"][k] = "true" if v else 0
        m.append(("retype-" + k, x))
    constructs = ["|b", "{2}", "\\d", "(?=x)", "^", "$x", "\\1", "\u00e9", "[", ")", "(", "\\b", "{0,1}",
                  "*?", "[\\w]", "()", "[z-a]", "\\u0041", "\\x41", "\\"]
    for n in range(3):
        x = copy.deepcopy(r)
        f = x["trigger"]["url-filter"]
        pos = rng.randrange(len(f) + 1)
        cons = rng.choice(constructs)
        x["trigger"]["url-filter"] = f[:pos] + cons + f[pos:]
        m.append(("inject%d-%s-at-%d" % (n, "".join("%02x" % ord(ch) for ch in cons), pos), x))
    for key in ("if-domain", "unless-domain"):
        if key in t and t[key]:
            x = copy.deepcopy(r)
            x["trigger"][key][0] = x["trigger"][key][0].upper()
            m.append(("uppercase-" + key, x))
            x = copy.deepcopy(r)
            x["trigger"][key] = []
            m.append(("empty-" + key, x))
            x = copy.deepcopy(r)
            x["trigger"]["if-top-url" if key == "if-domain" else "unless-top-url"] = ["a"]
            m.append(("second-condition-" + key, x))
            x = copy.deepcopy(r)
            x["trigger"][key].append(rng.choice(["a(b.com", "a|b.com", "a+b.com", "^a.com", "a$.com", "a)b.com", ""]))
            m.append(("append-domain-" + key, x))
    if not any(k in t for k in CONDITIONS):
        x = copy.deepcopy(r)
        x["trigger"]["if-domain"] = [rng.choice(["Example.com", "*example.com", "ex\u00e4mple.com", "a.com"])]
        m.append(("add-if-domain", x))
    for new in ["block", "block-cookies", "css-display-none", "ignore-previous-rules", "make-https", "notify",
                "redirect", "modify-headers"]:
        if new != a.get("type"):
            x = copy.deepcopy(r)
            x["action"] = {"type": new}
            m.append(("swap-type-" + new, x))
    if a.get("type") == "css-display-none":
        x = copy.deepcopy(r)
        x["action"]["selector"] = x["action"]["selector"] + rng.choice(["##", ":has(", "[", ",", ">", ":bogus"])
        m.append(("break-selector", x))
        x = copy.deepcopy(r)
        del x["action"]["selector"]
        m.append(("drop-selector", x))
    x = copy.deepcopy(r)
    x["trigger"]["resource-type"] = rng.choice([["image", "bogus"], [], "image", ["Image"], ["document", "popup"]])
    m.append(("set-resource-type", x))
    x = copy.deepcopy(r)
    x["trigger"]["load-type"] = rng.choice([["third-party"], ["3p"], [], "first-party"])
    m.append(("set-load-type", x))
    x = copy.deepcopy(r)
    x["trigger"]["url-filter"] = x["trigger"]["url-filter"].upper()
    m.append(("uppercase-url-filter", x))
    return m


def gen_mutations():
    c = "mutation"
    rng = random.Random(SEED)
    rules = load_corpus_rules()
    picked = sorted(rng.sample(range(len(rules)), 40), key=lambda i: (rules[i][0], rules[i][1]))
    # make sure every corpus file contributes at least one rule
    seen = {rules[i][0] for i in picked}
    first = {}
    for idx, (rel, i, r) in enumerate(rules):
        first.setdefault(rel, idx)
    for rel in sorted(first):
        if rel not in seen:
            picked.append(first[rel])
    # and every css-display-none / ignore rule type
    for want in ("css-display-none", "ignore-previous-rules", "make-https", "block-cookies"):
        for idx, (rel, i, r) in enumerate(rules):
            if r["action"].get("type") == want and idx not in picked:
                picked.append(idx)
                break
    total = 0
    for idx in picked:
        rel, i, r = rules[idx]
        base = "%s/%s/%d" % (c, rel[:-5].replace("/", "."), i)
        add(base + "/original", c, lst(r), "original rule %d of %s" % (i, rel))
        for name, x in mutations(r, rng):
            add(base + "/" + name, c, lst(x), "rule %d of %s: %s" % (i, rel, name))
            total += 1
        # in context: the mutated rule placed after two original neighbours
    # whole small lists from the corpus, and small slices
    for rel in sorted(first):
        rs = [r for (f, i, r) in rules if f == rel]
        if len(rs) <= 3:
            add("%s/%s/whole-list" % (c, rel[:-5].replace("/", ".")), c, lst(*rs), "whole list " + rel)
        else:
            start = rng.randrange(len(rs) - 3)
            sl = rs[start:start + 5]
            add("%s/%s/slice-%d" % (c, rel[:-5].replace("/", "."), start), c, lst(*sl),
                "rules %d.. of %s" % (start, rel))
            bad = json.loads(json.dumps(sl))
            j = rng.randrange(len(bad))
            bad[j]["trigger"]["url-filter"] += "|x"
            add("%s/%s/slice-%d-bad-%d" % (c, rel[:-5].replace("/", "."), start, j), c, lst(*bad),
                "rules %d.. of %s, rule %d given a disjunction" % (start, rel, j))
    return total


def gen_invalid_corpus():
    """The two lists under corpus/webkit/invalid, verbatim."""
    folder = os.path.join(CORPUS, "invalid")
    for fn in sorted(os.listdir(folder)):
        if fn.endswith(".json"):
            with open(os.path.join(folder, fn), "rb") as f:
                add("corpus/invalid/" + fn[:-5], "corpus", f.read(), "verbatim copy of invalid/" + fn)


def main():
    gen_toplevel()
    gen_limits()
    gen_json()
    gen_url_filter()
    gen_flags()
    gen_conditions()
    gen_regex()
    gen_actions()
    gen_ordering()
    gen_unknown_and_identifier()
    gen_mutations()
    gen_invalid_corpus()
    out = open(sys.argv[1], "w", encoding="utf-8") if len(sys.argv) > 1 else sys.stdout
    for key in sorted(cases):
        out.write(json.dumps(cases[key], ensure_ascii=True, sort_keys=True) + "\n")
    if out is not sys.stdout:
        out.close()
    counts = {}
    for case in cases.values():
        counts[case["category"]] = counts.get(case["category"], 0) + 1
    print("%d cases: %s" % (len(cases), ", ".join("%s %d" % kv for kv in sorted(counts.items()))), file=sys.stderr)


if __name__ == "__main__":
    main()
