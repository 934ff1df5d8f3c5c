#!/usr/bin/env bash
# Writes the production outputs (bundles, .map files, license files and the --metafile JSON) of the benchmark
# trees with one wkpack binary into a folder, or compares two such folders byte for byte.
#
#   scripts/bench/compare-outputs.sh write WKPACK OUTDIR [TREES]   (TREES: own,plain,firefox,large by default)
#   scripts/bench/compare-outputs.sh compare DIR_A DIR_B           (exit 1 and the differing files when they differ)
#
# The trees are those scripts/bench/run generates under .bench/ (run it once, or its generators, first).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
case "${1:-}" in
write)
    wkpack="$2" out="$3" trees="${4:-own,plain,firefox,large}"
    mkdir -p "$out"
    for tree in ${trees//,/ }; do
        config="$repo/.bench/$tree/wkpack.yml"
        [ "$tree" = own ] && config="$repo/wkpack.yml"
        [ -f "$config" ] || { echo "error: $config missing (run scripts/bench/run once to generate the trees)" >&2; exit 2; }
        # Written to the same place by every binary (the metafile names the outputs by path), then moved.
        work="$repo/.bench/compare-outputs/$tree"
        rm -rf "$work" "$out/$tree"
        mkdir -p "$work"
        (cd "$(dirname "$config")" && "$wkpack" bundle --config "$config" --out "$work/bundles" --mode production \
            --source-maps external --metafile "$work/metafile.json" >/dev/null)
        mv "$work" "$out/$tree"
        echo "$tree: $(find "$out/$tree" -type f | wc -l) files"
    done
    ;;
compare)
    if diff -r "$2" "$3" >/dev/null; then
        echo "identical: $(find "$2" -type f | wc -l) files"
    else
        diff -rq "$2" "$3" || true
        exit 1
    fi
    ;;
*)
    sed -n '2,8p' "$0"
    exit 2
    ;;
esac
