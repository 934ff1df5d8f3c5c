#!/usr/bin/env bash
# Regenerates the matcher's golden fixtures from the real WebKit (../shared/tools/webkit-match-oracle).
# Needs xvfb, gir1.2-webkit-6.0, python3-gi and openssl (apt-get install -y xvfb gir1.2-webkit-6.0 python3-gi openssl).
#   regenerate.sh [golden|classes|reports|all]   (default all)
#   golden:  generate.py  -> Tests/BlockListCompilerTests/Fixtures/Matching/oracle-cases.jsonl    (~520 requests, a few minutes)
#   classes: classes.py   -> Tests/BlockListCompilerTests/Fixtures/Matching/oracle-classes.jsonl  (~3,400 requests, ~30 minutes)
#   reports: reports.py   -> Tests/BlockListCompilerTests/Fixtures/Matching/oracle-reports.jsonl  (620 requests, ~15 seconds)
# WKPACK_ORACLE_TIMEOUT sets the oracle's seconds per page (default 60: a busy machine is slow to start pages).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
oracle="$root/../shared/tools/webkit-match-oracle"
fixtures="$root/Tests/BlockListCompilerTests/Fixtures/Matching"
which="${1:-all}"
timeout="${WKPACK_ORACLE_TIMEOUT:-60}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

record() { # generator, fixture name
  python3 "$here/$1" > "$work/cases.jsonl"
  python3 "$here/oracle-run.py" "$oracle" "$work/cases.jsonl" "$work/answers.jsonl" --timeout "$timeout"
  mkdir -p "$fixtures"
  python3 "$here/record.py" "$work/cases.jsonl" "$work/answers.jsonl" > "$fixtures/$2.tmp"
  mv "$fixtures/$2.tmp" "$fixtures/$2"
  python3 - "$fixtures/$2" <<'PY'
import json, sys
total = blocked = unknown = 0
for line in open(sys.argv[1]):
    case = json.loads(line)
    for r in case["results"]:
        total += 1
        blocked += r["blocked"] is True
        unknown += r["blocked"] is None
print("%s: %d requests: %d blocked, %d without a verdict" % (sys.argv[1], total, blocked, unknown))
PY
}

case "$which" in
  golden) record generate.py oracle-cases.jsonl ;;
  classes) record classes.py oracle-classes.jsonl ;;
  reports) record reports.py oracle-reports.jsonl ;;
  all) record generate.py oracle-cases.jsonl; record classes.py oracle-classes.jsonl; record reports.py oracle-reports.jsonl ;;
  *) echo "usage: regenerate.sh [golden|classes|reports|all]" >&2; exit 2 ;;
esac
