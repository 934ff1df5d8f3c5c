#!/bin/sh
# Regenerate the WebKit conformance fixture from scratch.
# Usage: scripts/conformance/regenerate.sh [ORACLE]   (run from anywhere)
# Needs python3 and the WebKit oracle (default ../shared/tools/webkit-oracle relative to the package root).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
oracle=${1:-"$root/../shared/tools/webkit-oracle"}
fixtures="$root/Tests/BlockListCompilerTests/Fixtures/Conformance"
if [ ! -x "$oracle" ]; then
    echo "regenerate.sh: WebKit oracle not found at $oracle" >&2
    exit 1
fi
mkdir -p "$fixtures"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$root/scripts/conformance/generate.py" "$work/cases.in.jsonl"
python3 "$root/scripts/conformance/record.py" "$oracle" "$work/cases.in.jsonl" "$fixtures/cases.jsonl"
