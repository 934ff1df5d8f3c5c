#!/usr/bin/env python3
"""Lists the public symbols of a module's symbol graphs that have no documentation comment of their own.

usage: scripts/docs/coverage.py SYMBOL_GRAPH_DIR MODULE [--list] [--exceptions FILE]

Counted: every public symbol the compiler writes into MODULE.symbols.json and MODULE@*.symbols.json that has a
source location (a declaration in the module's sources). Not counted: symbols the compiler synthesizes (no source
location: Equatable's ==, Hashable's hash(into:), a raw-value enum's init(rawValue:), ...), and protocol
requirements' implementations whose comment DocC takes from the protocol (the symbol graph marks those by naming
the protocol's module in docComment), and symbols declared in a file the --exceptions file lists (one path a line,
relative to the repository, `#` comments). Exit status 1 when any counted symbol is undocumented.
"""
import glob
import json
import os
import sys


def main():
    argv = sys.argv[1:]
    excepted = set()
    if "--exceptions" in argv:
        at = argv.index("--exceptions")
        with open(argv[at + 1]) as f:
            excepted = {line.split("#")[0].strip() for line in f if line.split("#")[0].strip()}
        del argv[at:at + 2]
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    directory, module = args
    files = [os.path.join(directory, f"{module}.symbols.json")]
    files += sorted(glob.glob(os.path.join(directory, f"{module}@*.symbols.json")))
    counted, undocumented = 0, []
    seen = set()
    for path in files:
        if not os.path.exists(path):
            continue
        with open(path) as f:
            graph = json.load(f)
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            location = symbol.get("location")
            if location is None:
                continue
            uri = location["uri"].removeprefix("file://")
            if os.path.relpath(uri, root) in excepted:
                continue
            key = symbol["identifier"]["precise"]
            if key in seen:
                continue
            seen.add(key)
            comment = symbol.get("docComment")
            if comment is not None and comment.get("module") not in (None, module):
                continue  # the protocol's comment, which DocC shows
            counted += 1
            text = "".join(line.get("text", "") for line in (comment or {}).get("lines", [])).strip()
            if not text:
                line = location["position"]["line"] + 1
                name = ".".join(symbol["pathComponents"])
                undocumented.append(f"{os.path.relpath(uri, root)}:{line}: {symbol['kind']['identifier']} {name}")
    if "--list" in argv:
        for entry in sorted(undocumented):
            print(entry)
    print(f"{module}: {counted} public symbols, {len(undocumented)} without documentation")
    return 1 if undocumented else 0


if __name__ == "__main__":
    sys.exit(main())
