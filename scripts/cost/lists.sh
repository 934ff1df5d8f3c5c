#!/usr/bin/env bash
# Lays out every list the cost fixtures name, under one folder: DIR/corpus -> ../shared/corpus (the valid WebKit
# lists), DIR/extra/ (the lists of the packed corpus the issue names, unpacked), DIR/generated/ (scripts/cost/generate.py),
# DIR/converted/ (EasyList + EasyPrivacy as `wkpack rules convert` wrote them on 2026-11-29, kept compressed beside the
# fixtures so that the measured file stays the same when the converter changes).
# Usage: scripts/cost/lists.sh DIR
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${1:?usage: scripts/cost/lists.sh DIR}"
mkdir -p "$dir/extra"
ln -sfn "$root/../shared/corpus" "$dir/corpus"
tar -xJf "$root/../shared/corpus/extra/corpus-extra.tar.xz" -C "$dir/extra" --wildcards \
  'firefox-ios-2019/*.json' 'ghostery-browser-ios/disconnect-*.json' \
  ghostery-user-agent-ios/safari-ads-cosmetic.json ghostery-user-agent-ios/safari-popups-cosmetic.json \
  ghostery-user-agent-ios/safari-popups-network.json ghostery-browser-ios/ghostery_content_blocker.json \
  kittytail-BlockerRules/japanese_parts.nocomment.json
/usr/bin/python3 "$root/scripts/cost/generate.py" "$dir/generated" > /dev/null
mkdir -p "$dir/converted"
xz -dc "$root/Tests/BlockListCompilerTests/Cost/Fixtures/easylist-easyprivacy-converted.json.xz" \
  > "$dir/converted/easylist-easyprivacy.json"
