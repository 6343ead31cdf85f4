#!/usr/bin/env bash
# Compile time of generated modules: the generator of a baseline commit (default b45d8ce, before
# issue 22) against this tree's, in ONE run, old and new interleaved, so that the ratios hold on a
# busy machine (absolute times do not). Each side's output is compiled against its own runtime.
#
# Usage: Codegen/Scripts/measure-generated-build-time.sh [--baseline COMMIT] [--baseline-tree DIR]
#            [--work DIR] [--documents DIR] [--rounds N] [--old-timeout SECONDS] [--quick]
#   --baseline COMMIT     the old generator's commit (default b45d8ce)
#   --baseline-tree DIR   an already built checkout of it (else: git archive + build into --work)
#   --work DIR            where to put trees, generated sources and logs (default: a temp dir)
#   --documents DIR       Discovery documents holding compute.v1.json (else: pip download)
#   --rounds N            measurements per case and side (default 1)
#   --old-timeout S       give up on an old compile of a nesting document after S seconds
#                         (default 240; they take exponentially long with the old generator)
#   --quick               type-checks only (no release/debug builds)
#   --skip-build          use the generators and runtime modules already built in both trees
#
# Cases: GoogleYouTube and GoogleDrive (Specs/) clean release (-O, whole module) and debug (-Onone
# -g, batch mode) builds; compute v1 (the largest real document) and arrays nested 24 and 40 deep
# type-checked. Times are wall clock and CPU (user + sys, children included) per command; ratios
# new/old. Lines of generated code per module are counted too.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BASELINE=b45d8ce
BASE_TREE=""
WORK=""
DOCS=""
ROUNDS=1
OLD_TIMEOUT=240
QUICK=0
SKIP_BUILD=0
while [ $# -gt 0 ]; do
    case "$1" in
        --baseline) BASELINE="$2"; shift 2 ;;
        --baseline-tree) BASE_TREE="$(realpath "$2")"; shift 2 ;;
        --work) WORK="$(realpath -m "$2")"; shift 2 ;;
        --documents) DOCS="$(realpath "$2")"; shift 2 ;;
        --rounds) ROUNDS="$2"; shift 2 ;;
        --old-timeout) OLD_TIMEOUT="$2"; shift 2 ;;
        --quick) QUICK=1; shift ;;
        --skip-build) SKIP_BUILD=1; shift ;;
        -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 64 ;;
    esac
done
WORK="${WORK:-$(mktemp -d)}"
mkdir -p "$WORK"
echo "== work folder: $WORK"

build_tree() {
    local tree="$1" attempt
    for attempt in 1 2 3; do
        if ( cd "$tree" && swift build -c release --product google-api-codegen > "$WORK/build-$(basename "$tree").log" 2>&1 \
             && swift build --target GoogleAPIRuntime >> "$WORK/build-$(basename "$tree").log" 2>&1 ); then return 0; fi
        echo "   build attempt $attempt in $tree failed (see $WORK/build-$(basename "$tree").log)" >&2
        sleep 5
    done
    return 1
}

if [ -z "$BASE_TREE" ]; then
    BASE_TREE="$WORK/baseline-tree"
    rm -rf "$BASE_TREE" && mkdir -p "$BASE_TREE"
    git -C "$ROOT" archive "$BASELINE" | tar -x -C "$BASE_TREE"
fi
echo "== building the generator and runtime of $BASELINE in $BASE_TREE, and of this tree"
if [ "$SKIP_BUILD" = 0 ]; then
    build_tree "$BASE_TREE"
    build_tree "$ROOT"
fi

if [ -z "$DOCS" ]; then
    echo "== downloading Discovery documents (google-api-python-client wheel)"
    python3 -m pip download --no-deps --quiet -d "$WORK/wheel" google-api-python-client
    ( cd "$WORK/wheel" && python3 -m zipfile -e google_api_python_client-*.whl unpacked )
    DOCS="$WORK/wheel/unpacked/googleapiclient/discovery_cache/documents"
fi
python3 "$ROOT/Codegen/Scripts/make-nested-document.py" 24 > "$WORK/nested24.json"
python3 "$ROOT/Codegen/Scripts/make-nested-document.py" 40 > "$WORK/nested40.json"

declare -A DOC=(
    [youtube]="$ROOT/Specs/youtube.v3.json" [drive]="$ROOT/Specs/drive.v3.json"
    [compute]="$DOCS/compute.v1.json" [nested24]="$WORK/nested24.json" [nested40]="$WORK/nested40.json"
)
for side in old new; do
    tree="$ROOT"; [ "$side" = old ] && tree="$BASE_TREE"
    for name in "${!DOC[@]}"; do
        rm -rf "$WORK/$side/$name"
        "$tree/.build/release/google-api-codegen" generate "${DOC[$name]}" --output-directory "$WORK/$side/$name" \
            --module-name "Measured${name^}" --quiet
    done
done

# run SIDE NAME MODE: prints "wall cpu" (or "timeout" / "failed").
run() {
    local side="$1" name="$2" mode="$3" tree="$ROOT" limit=0 dir flags
    [ "$side" = old ] && tree="$BASE_TREE"
    # Only the nesting documents can take exponentially long (with the old generator).
    [ "$side" = old ] && [[ "$name" == nested* ]] && limit="$OLD_TIMEOUT"
    dir="$WORK/objects/$side-$name-$mode"
    rm -rf "$dir" && mkdir -p "$dir"
    case "$mode" in
        typecheck) flags=(-typecheck) ;;
        debug) flags=(-c -Onone -g -enable-testing -enable-batch-mode -j 2) ;;
        release) flags=(-c -O -whole-module-optimization -num-threads 2) ;;
    esac
    local start end status=0 times
    TIMEFORMAT='%R %U %S'
    { time ( cd "$dir" && if [ "$limit" -gt 0 ]; then timeout "$limit" swiftc "${flags[@]}" -swift-version 6 -parse-as-library \
            -module-name "Measured${name^}" -I "$tree/.build/debug/Modules" -I "$tree/Sources/CCurl" "$WORK/$side/$name"/*.swift \
            > "$dir.log" 2>&1; else swiftc "${flags[@]}" -swift-version 6 -parse-as-library \
            -module-name "Measured${name^}" -I "$tree/.build/debug/Modules" -I "$tree/Sources/CCurl" "$WORK/$side/$name"/*.swift \
            > "$dir.log" 2>&1; fi ) ; } 2> "$dir.time" || status=$?
    # `timeout` stops the swiftc driver, not the frontend jobs it started: without this, a timed-out
    # old compile kept a core busy for the rest of the run (seen: 22 minutes), skewing what followed.
    [ "$status" -eq 124 ] && pkill -f -- "$WORK/$side/$name/" 2>/dev/null || true
    rm -rf "$dir"
    if [ "$status" -eq 124 ]; then echo "timeout"; elif [ "$status" -ne 0 ]; then echo "failed"; else
        awk '{ printf "%.1f %.1f\n", $1, $2 + $3 }' "$dir.time"; fi
}

CASES=("compute typecheck" "nested24 typecheck" "nested40 typecheck")
[ "$QUICK" = 1 ] || CASES=("youtube release" "youtube debug" "drive release" "drive debug" "${CASES[@]}")
RESULTS="$WORK/results.txt"
: > "$RESULTS"
for round in $(seq 1 "$ROUNDS"); do
    for case in "${CASES[@]}"; do
        set -- $case
        order="old new"; [ $((round % 2)) = 0 ] && order="new old"
        for side in $order; do
            result="$(run "$side" "$1" "$2")"
            echo "$1 $2 $side $result" | tee -a "$RESULTS"
        done
    done
done

echo
echo "== generated lines per module (old → new)"
for name in youtube drive compute nested24 nested40; do
    old=$(cat "$WORK/old/$name"/*.swift | wc -l); new=$(cat "$WORK/new/$name"/*.swift | wc -l)
    printf "%-10s %8d → %8d  (%.2f×)\n" "$name" "$old" "$new" "$(echo "$new / $old" | bc -l)"
done
echo
echo "== compile times (median of $ROUNDS; wall and CPU seconds; ratio new/old; old limited to ${OLD_TIMEOUT}s)"
python3 - "$RESULTS" "$OLD_TIMEOUT" <<'PY'
import sys, statistics, collections
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    parts = line.split()
    rows[(parts[0], parts[1], parts[2])].append(parts[3:])
limit = float(sys.argv[2])
def summary(values):
    ok = [v for v in values if len(v) == 2]
    if not ok:
        return None, values[0][0]
    return (statistics.median(float(v[0]) for v in ok), statistics.median(float(v[1]) for v in ok)), None
print(f"{'case':22} {'old wall':>9} {'new wall':>9} {'ratio':>7} {'old cpu':>9} {'new cpu':>9} {'ratio':>7}")
for key in dict.fromkeys((name, mode) for name, mode, _ in rows):
    old, old_note = summary(rows[key + ('old',)])
    new, new_note = summary(rows[key + ('new',)])
    label = f"{key[0]} {key[1]}"
    def cell(value, note): return f"{value:9.1f}" if value is not None else f"{note:>9}"
    if old and new:
        print(f"{label:22} {cell(old[0],0)} {cell(new[0],0)} {new[0]/old[0]:7.2f} {cell(old[1],0)} {cell(new[1],0)} {new[1]/max(old[1],0.01):7.2f}")
    else:
        ow = cell(old[0], None) if old else (f">{limit:.0f}" if old_note == "timeout" else old_note).rjust(9)
        nw = cell(new[0], None) if new else new_note.rjust(9)
        ratio = f"<{new[0]/limit:.3f}" if new and old_note == "timeout" else "n/a"
        print(f"{label:22} {ow} {nw} {ratio:>7} {'':>9} {cell(new[1], None) if new else '':>9}")
PY
