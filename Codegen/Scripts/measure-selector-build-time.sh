#!/usr/bin/env bash
# What the typed field-mask selectors cost the build of the generated modules: GoogleYouTube and
# GoogleDrive as this tree generates them, compiled clean with and without their
# `extension GoogleAPIRuntime.GoogleFieldSelection …` blocks, in ONE run, the two sides
# interleaved (so the ratios hold on a busy machine, where absolute times do not).
#
# Usage: Codegen/Scripts/measure-selector-build-time.sh [--rounds N] [--work DIR]
# Needs `swift build` done in this tree (the plugin's generated sources and the debug modules,
# copied first, so that building the tree meanwhile does not disturb the measurement).
# Prints wall and CPU seconds per case and side, the median over rounds, and new/old ratios.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
ROUNDS=1
WORK=""
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) ROUNDS="$2"; shift 2 ;;
        --work) WORK="$(realpath -m "$2")"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 64 ;;
    esac
done
WORK="${WORK:-$(mktemp -d)}"
mkdir -p "$WORK"
MODULES="$WORK/Modules"
rm -rf "$MODULES" && cp -R "$ROOT/.build/debug/Modules" "$MODULES"

for module in GoogleYouTube GoogleDrive; do
    generated="$(find "$ROOT/.build/plugins/outputs" -path "*/$module/*/GeneratedSources" -type d | head -1)"
    [ -n "$generated" ] || { echo "no generated sources for $module: run swift build first" >&2; exit 1; }
    rm -rf "$WORK/with/$module" "$WORK/without/$module"
    mkdir -p "$WORK/with/$module" "$WORK/without/$module"
    cp "$generated"/*.swift "$WORK/with/$module/"
    for file in "$generated"/*.swift; do
        # A selection extension starts with its doc comment and ends at the first `}` in column 0.
        awk '/^\/\/\/ The members of ``.*`` a field mask selects\.$/ { skip = 1; next }
             skip && /^}$/ { skip = 0; next }
             !skip' "$file" > "$WORK/without/$module/$(basename "$file")"
    done
    echo "$module: $(cat "$WORK/with/$module"/*.swift | wc -l) lines with selectors, $(cat "$WORK/without/$module"/*.swift | wc -l) without"
done

# run SIDE MODULE MODE: prints "wall cpu".
run() {
    local side="$1" module="$2" mode="$3" dir flags
    dir="$WORK/objects/$side-$module-$mode"
    rm -rf "$dir" && mkdir -p "$dir"
    case "$mode" in
        debug) flags=(-c -Onone -g -enable-testing -enable-batch-mode -j 2) ;;
        release) flags=(-c -O -whole-module-optimization -num-threads 2) ;;
    esac
    TIMEFORMAT='%R %U %S'
    { time ( cd "$dir" && swiftc "${flags[@]}" -swift-version 6 -parse-as-library -module-name "Measured$module" \
        -I "$MODULES" -I "$ROOT/Sources/CCurl" "$WORK/$side/$module"/*.swift > "$dir.log" 2>&1 ) ; } 2> "$dir.time" \
        || { echo "compile failed: $dir.log" >&2; exit 1; }
    rm -rf "$dir"
    awk '{ printf "%.1f %.1f\n", $1, $2 + $3 }' "$dir.time"
}

RESULTS="$WORK/results.txt"
: > "$RESULTS"
for round in $(seq 1 "$ROUNDS"); do
    for case in "GoogleYouTube release" "GoogleYouTube debug" "GoogleDrive release" "GoogleDrive debug"; do
        set -- $case
        for side in without with; do
            echo "$1 $2 $side $(run "$side" "$1" "$2")" | tee -a "$RESULTS"
        done
    done
done

echo "== median over $ROUNDS round(s): module mode  without(wall cpu)  with(wall cpu)  ratio(wall cpu)"
for case in "GoogleYouTube release" "GoogleYouTube debug" "GoogleDrive release" "GoogleDrive debug"; do
    set -- $case
    median() { grep "^$1 $2 $3 " "$RESULTS" | awk -v f="$4" '{ print $f }' | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
    ow=$(median "$1" "$2" without 4); oc=$(median "$1" "$2" without 5)
    nw=$(median "$1" "$2" with 4); nc=$(median "$1" "$2" with 5)
    awk -v m="$1 $2" -v ow="$ow" -v oc="$oc" -v nw="$nw" -v nc="$nc" \
        'BEGIN { printf "%-22s %6.1f %6.1f   %6.1f %6.1f   %.3f %.3f\n", m, ow, oc, nw, nc, nw / ow, nc / oc }'
done
