#!/usr/bin/env bash
# Records the oracle measurements the cost model is fitted to and tested against
# (Tests/BlockListCompilerTests/Cost/Fixtures/oracle-measurements.jsonl): every valid corpus list, the lists of the
# packed corpus the issue names, and the generated lists; 3 oracle runs each (median). Takes 20-60 minutes on a
# loaded 2-core machine.
# With --large, measures only the lists above 1 MB (the converted EasyList + EasyPrivacy and the corpus lists) into
# oracle-measurements-large.jsonl, the lists the model must each estimate within 25% (fit.py --within); run the oracle
# alone, as CPU time under load drifts.
# Usage: scripts/cost/record.sh [--runs N] [--large]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
runs=3
large=0
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --large) large=1; shift ;;
    *) echo "usage: scripts/cost/record.sh [--runs N] [--large]" >&2; exit 2 ;;
  esac
done
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
"$root/scripts/cost/lists.sh" "$dir"
cd "$dir"
fixtures="$root/Tests/BlockListCompilerTests/Cost/Fixtures"
if [ "$large" = 1 ]; then
  lists=$(cd "$dir" && { find converted -name '*.json'; find -L corpus/webkit extra -name '*.json' -size +1M -not -path '*invalid*' | sort; })
  out="$fixtures/oracle-measurements-large.jsonl"
else
  lists=$(cd "$dir" && { find -L corpus/webkit -name '*.json' -not -path '*invalid*' | sort; find extra generated -name '*.json' | sort; })
  out="$fixtures/oracle-measurements.jsonl"
fi
# shellcheck disable=SC2086
"$root/scripts/cost/measure.py" --runs "$runs" --name-root "$dir" $lists > "$out"
