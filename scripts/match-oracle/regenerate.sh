#!/usr/bin/env bash
# Regenerates the matcher's golden fixtures from the real WebKit (../shared/tools/webkit-match-oracle).
# Needs xvfb and openssl (apt-get install -y xvfb openssl). Takes a few minutes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
oracle="$root/../shared/tools/webkit-match-oracle"
out="$root/Tests/BlockListCompilerTests/Fixtures/Matching/oracle-cases.jsonl"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$here/generate.py" > "$work/cases.jsonl"
PYTHONUNBUFFERED=1 "$oracle" --cases "$work/cases.jsonl" --stats > "$work/answers.jsonl"
mkdir -p "$(dirname "$out")"
python3 "$here/record.py" "$work/cases.jsonl" "$work/answers.jsonl" > "$out.tmp"
mv "$out.tmp" "$out"
python3 - "$out" <<'PY'
import json, sys
total = blocked = unknown = 0
for line in open(sys.argv[1]):
    case = json.loads(line)
    for r in case["results"]:
        total += 1
        blocked += r["blocked"] is True
        unknown += r["blocked"] is None
print("%d requests: %d blocked, %d without a verdict" % (total, blocked, unknown))
PY
