#!/usr/bin/env python3
"""Prints BENCHMARKS.md's one-screen summary from the tables of its generated run.

usage: scripts/docs/benchmark-summary.py [BENCHMARKS.md]   (default: the repository's)

Every ratio divides two numbers of the same generated run (the sections `scripts`, `sizes`, `paired`, `watch` and
`rules` at the top of the file, written by `scripts/bench/run --markdown`): a peer's median time by wkpack's
(above 1.00x: wkpack is faster), a peer's total bytes by wkpack's (above 1.00x: wkpack's bundles are smaller).
Paste the output under the file's title; scripts/bench/run can call it after writing the tables.
"""
import os
import re
import sys

PEERS = ["esbuild", "bun", "webpack"]


def section(text, title):
    start = text.find("## " + title)
    if start < 0:
        return ""
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def milliseconds(value):
    number, unit = value.split()
    return float(number) * (1000.0 if unit == "s" else 1.0)


def timings(block, pattern):
    rows = {}
    for line in block.splitlines():
        match = re.match(pattern, line)
        if match:
            rows.setdefault(match.group("case"), {})[match.group("tool")] = milliseconds(match.group("time"))
    return rows


def ratio(peer, own):
    return "%.2fx" % (peer / own)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "BENCHMARKS.md")
    with open(path) as f:
        text = f.read()
    date = re.search(r"^- date: (.*)$", text, re.M).group(1)
    machine = re.search(r"^- machine: (.*)$", text, re.M).group(1)
    tools = re.search(r"^- tools: (.*)$", text, re.M).group(1)
    time = r"(?P<time>[\d.]+ m?s)"
    out = ["## Summary", "",
           "One run, %s, on %s (tools: %s); each cell is the peer's figure divided by wkpack's, so above"
           " 1.00x wkpack is faster (smaller). Medians of hyperfine runs, wall time, the static release build. The"
           " `scripts` rows were measured with the detached exit the binary had then; the `paired` rows are CPU"
           " time (user + sys) from the separate run their section names, with the ordinary exit the binary has now. The full tables follow; the last column names the section of each"
           " row." % (date, machine, tools), "",
           "| job | wkpack | esbuild | Bun | webpack | WebKit | from |", "|---|---|---|---|---|---|---|"]
    scripts = timings(section(text, "scripts: cold bundle"),
                      r"(?P<case>\w+ (dev|prod))\s+(?P<tool>wkpack|esbuild|bun|webpack)\s+" + time)
    for case, row in scripts.items():
        own = row["wkpack"]
        cells = [ratio(row[p], own) if p in row else "—" for p in PEERS]
        out.append("| bundle %s tree, %s | %s | %s | — | `scripts` |" % (
            case.split()[0], "production" if case.endswith("prod") else "development", "%g ms" % own,
            " | ".join(cells)))
    paired = timings(section(text, "paired:"),
                     r"(?P<case>\w+ prod paired)\s+(?P<tool>wkpack swiftpm|wkpack|bun)\s+" + time)
    for case, row in paired.items():
        # CPU time (user + sys) of the whole process, wkpack's two release binaries and Bun in turn.
        for tool, label in (("wkpack", "static release binary"), ("wkpack swiftpm", "swift build -c release binary")):
            if tool in row and "bun" in row:
                out.append("| bundle %s tree, production, CPU time, %s, alternating with Bun | %g ms | — | %s | — | — | `paired` |" % (
                    case.split()[0], label, row[tool], ratio(row["bun"], row[tool])))
    sizes = section(text, "sizes:")
    for line in sizes.splitlines():
        match = re.match(r"(\w+)\s+total\s+(.*)$", line)
        if match:
            values = [int(v.replace(",", "")) for v in re.findall(r"([\d,]+) \(", match.group(2))]
            own = values[0]
            cells = [ratio(v, own) for v in values[1:]] + ["—"] * (4 - len(values))
            out.append("| production bytes, %s tree (total) | %s B | %s | — | `sizes` |" % (
                match.group(1), format(own, ","), " | ".join(cells[:3])))
    watch = timings(section(text, "watch:"), r"(?P<case>\w+ watch)\s+(?P<tool>wkpack|esbuild|bun|webpack)\s+" + time)
    for case, row in watch.items():
        own = row["wkpack"]
        out.append("| watch: save to rewritten bundle, %s tree | %g ms | %s | — | `watch` |" % (
            case.split()[0], own, " | ".join(ratio(row[p], own) if p in row else "—" for p in PEERS)))
    rules = timings(section(text, "rules: wkpack rules check")+section(text, "scaling:"),
                    r"(?P<case>\S+)\s+(?P<tool>wkpack|webkit-oracle)\s+" + time)
    for case in ["ghostery-user-agent-ios/safari-ads-network.json", "kittytail/japanese_annoyances.json",
                 "brave-ios/block-ads.json", "rules-150000"]:
        row = rules.get(case)
        if row and "wkpack" in row and "webkit-oracle" in row:
            source = "scaling" if case.startswith("rules-") else "rules"
            out.append("| `rules check` vs WebKit's compile, %s | %g ms | — | — | — | %s | `%s` |" % (
                case, row["wkpack"], ratio(row["webkit-oracle"], row["wkpack"]), source))
    print("\n".join(out))


if __name__ == "__main__":
    main()
