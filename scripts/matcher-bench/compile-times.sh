#!/usr/bin/env bash
# For every corpus list: optimize it with wkpack (release build), then compile the original and the optimized
# list with the real WebKit (../shared/tools/webkit-oracle) and print a Markdown table row each:
# list | rules before/after | bytes before/after | WebKit compile s before/after | compiles.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
corpus="$root/../shared/corpus/webkit"
oracle="$root/../shared/tools/webkit-oracle"
wkpack="${WKPACK:-$root/.build/release/wkpack}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "| list | rules | bytes | WebKit compile (s) | optimized compiles |"
echo "|---|---|---|---|---|"
for list in $(cd "$corpus" && ls */*.json | grep -v '^invalid/'); do
  out="$work/$(echo "$list" | tr / _)"
  "$wkpack" rules optimize "$corpus/$list" -o "$out" > /dev/null
  before="$("$oracle" "$corpus/$list")"
  after="$("$oracle" "$out")"
  python3 - "$list" "$corpus/$list" "$out" "$before" "$after" <<'PY'
import json, sys
name, original, optimized, before, after = sys.argv[1:]
b, a = json.loads(before), json.loads(after)
rb, ra = len(json.load(open(original))), len(json.load(open(optimized)))
sb, sa = len(open(original, "rb").read()), len(open(optimized, "rb").read())
print("| %s | %d -> %d | %d -> %d | %.2f -> %.2f | %s |" % (name, rb, ra, sb, sa, b["seconds"], a["seconds"],
      "yes" if a["ok"] else "NO: %s" % a["error"]))
PY
done
