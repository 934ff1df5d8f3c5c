#!/usr/bin/env bash
# Records the oracle measurements the cost model is fitted to and tested against
# (Tests/BlockListCompilerTests/Cost/Fixtures/oracle-measurements.jsonl): every valid corpus list, the lists of the
# packed corpus the issue names, and the generated lists; 3 oracle runs each (median). Takes 20-60 minutes on a
# loaded 2-core machine.
# Usage: scripts/cost/record.sh [--runs N]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
runs=3
[ "${1:-}" = "--runs" ] && runs="$2"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
"$root/scripts/cost/lists.sh" "$dir"
cd "$dir"
lists=$(cd "$dir" && { find -L corpus/webkit -name '*.json' -not -path '*invalid*' | sort; find extra generated -name '*.json' | sort; })
# shellcheck disable=SC2086
"$root/scripts/cost/measure.py" --runs "$runs" --name-root "$dir" $lists \
  > "$root/Tests/BlockListCompilerTests/Cost/Fixtures/oracle-measurements.jsonl"
