#!/usr/bin/env python3
"""Lists the public symbols of a module's symbol graphs that have no documentation comment of their own.

usage: scripts/docs/coverage.py SYMBOL_GRAPH_DIR MODULE [--list]

Counted: every public symbol the compiler writes into MODULE.symbols.json and MODULE@*.symbols.json that has a
source location (a declaration in the module's sources). Not counted: symbols the compiler synthesizes (no source
location: Equatable's ==, Hashable's hash(into:), a raw-value enum's init(rawValue:), ...), and protocol
requirements' implementations whose comment DocC takes from the protocol (the symbol graph marks those by naming
the protocol's module in docComment). Exit status 1 when any counted symbol is undocumented.
"""
import glob
import json
import os
import sys


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
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
                uri = location["uri"].removeprefix("file://")
                line = location["position"]["line"] + 1
                name = ".".join(symbol["pathComponents"])
                undocumented.append(f"{os.path.relpath(uri)}:{line}: {symbol['kind']['identifier']} {name}")
    if "--list" in sys.argv:
        for entry in sorted(undocumented):
            print(entry)
    print(f"{module}: {counted} public symbols, {len(undocumented)} without documentation")
    return 1 if undocumented else 0


if __name__ == "__main__":
    sys.exit(main())
