#!/usr/bin/env bash
# Generates Swift for every Discovery document shipped in Google's google-api-python-client
# wheel and type-checks EVERY generated module (no sample) against the built GoogleAPIRuntime.
# Not part of `swift test` (type-checking ~600 modules takes a long while: ~1 h on 2 busy cores).
#
# Usage: Codegen/Scripts/check-all-discovery-documents.sh [--jobs N] [--scratch-path DIR]
#                                                         [--keep DIR] [--only PATTERN]
#   --jobs N           parallel type-checks (default 2)
#   --scratch-path DIR SwiftPM scratch path to build into (default .build)
#   --keep DIR         keep generated sources and logs in DIR (default: a temp dir, removed)
#   --only PATTERN     only documents whose file name matches the shell glob (e.g. 'drive*')
#   --extra-source F   add F to every type-check (for checking against an unfinished runtime)
#   --documents DIR    use the Discovery documents in DIR instead of downloading the wheel
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
JOBS=2
SCRATCH="$ROOT/.build"
KEEP=""
ONLY="*"
EXTRA=""
DOCS=""
SCRIPT_START=$(date +%s)
while [ $# -gt 0 ]; do
    case "$1" in
        --jobs) JOBS="$2"; shift 2 ;;
        --scratch-path) SCRATCH="$(cd "$ROOT" && realpath -m "$2")"; shift 2 ;;
        --keep) KEEP="$(realpath -m "$2")"; shift 2 ;;
        --only) ONLY="$2"; shift 2 ;;
        --extra-source) EXTRA="$(realpath "$2")"; shift 2 ;;
        --documents) DOCS="$(realpath "$2")"; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 64 ;;
    esac
done

WORK="${KEEP:-$(mktemp -d)}"
mkdir -p "$WORK"
[ -n "$KEEP" ] || trap 'rm -rf "$WORK"' EXIT

if [ -z "$DOCS" ]; then
    echo "== fetching google-api-python-client with pip into $WORK/wheel"
    python3 -m pip download --no-deps --quiet -d "$WORK/wheel" google-api-python-client
    ( cd "$WORK/wheel" && python3 -m zipfile -e google_api_python_client-*.whl unpacked )
    DOCS="$WORK/wheel/unpacked/googleapiclient/discovery_cache/documents"
fi
ALL=$(ls "$DOCS"/*.json | wc -l)

echo "== building google-api-codegen (release) and GoogleAPIRuntime (debug)"
build() {
    # Other work in the tree can race a build ("modified during the build"); retry a few times.
    local attempt
    for attempt in 1 2 3; do
        if ( cd "$ROOT" && swift build "$@" > "$WORK/build.log" 2>&1 ); then return 0; fi
        echo "   build attempt $attempt failed; see $WORK/build.log" >&2
        sleep 10
    done
    tail -20 "$WORK/build.log" >&2
    return 1
}
build -c release --scratch-path "$SCRATCH" --product google-api-codegen
build --scratch-path "$SCRATCH" --target GoogleAPIRuntime
CODEGEN="$SCRATCH/release/google-api-codegen"

# index.json is the directory list of APIs, not a REST description: the generator must reject
# it with a diagnostic; everything else must generate.
mapfile -t REST < <(cd "$DOCS" && ls $ONLY.json | grep -v '^index\.json$' | sed "s|^|$DOCS/|")
# The golden-test fixtures are checked the same way (they cover every naming/format rule).
FIXTURES=("$ROOT"/Codegen/Tests/GoogleAPICodegenKitTests/Fixtures/*.json)
echo "== generating ${#REST[@]} REST descriptions ($ALL files in the wheel)"
rm -rf "$WORK/generated"
START=$(date +%s.%N)
set +e
"$CODEGEN" generate "${REST[@]}" --output-directory "$WORK/generated" --quiet 2> "$WORK/generate.log"
GEN_STATUS=$?
"$CODEGEN" generate "${FIXTURES[@]}" --output-directory "$WORK/generated" --quiet 2>> "$WORK/generate.log"
set -e
END=$(date +%s.%N)
GEN_TIME=$(python3 -c "print(f'{$END - $START:.2f}')")
GEN_FAILED=$(grep -c ': error: ' "$WORK/generate.log" || true)
INDEX_RESULT="not checked"
if [ "$ONLY" = "*" ]; then
    if "$CODEGEN" generate "$DOCS/index.json" --output-directory "$WORK/index-out" --quiet 2> "$WORK/index.log"; then
        INDEX_RESULT="WRONGLY ACCEPTED"
    else
        INDEX_RESULT="rejected: $(head -c 200 "$WORK/index.log")"
    fi
fi

echo "== type-checking with $JOBS jobs"
check() {
    local dir="$1" name
    name="$(basename "$dir")"
    if swiftc -typecheck -swift-version 6 -module-name "GeneratedCheck" \
        -I "$SCRATCH/debug/Modules" -I "$ROOT/Sources/CCurl" \
        "$dir"/*.swift ${EXTRA:+"$EXTRA"} > "$WORK/logs/$name.log" 2>&1; then
        if grep -q 'warning:' "$WORK/logs/$name.log"; then echo "WARN $name"; else echo "PASS $name"; fi
    else
        echo "FAIL $name"
    fi
}
export -f check
export SCRATCH ROOT WORK EXTRA
mkdir -p "$WORK/logs"
TC_START=$(date +%s)
find "$WORK/generated" -mindepth 1 -maxdepth 1 -type d | sort \
    | xargs -P "$JOBS" -I{} bash -c 'check "$@"' _ {} | tee "$WORK/results.txt"
TC_END=$(date +%s)

PASS=$(grep -c '^PASS' "$WORK/results.txt" || true)
WARN=$(grep -c '^WARN' "$WORK/results.txt" || true)
FAIL=$(grep -c '^FAIL' "$WORK/results.txt" || true)
echo
echo "== summary"
echo "files in wheel:            $ALL"
echo "REST descriptions:         ${#REST[@]} (+ ${#FIXTURES[@]} test fixtures)"
echo "generation failures:       $GEN_FAILED (exit status $GEN_STATUS)"
echo "generation time (all):     ${GEN_TIME}s"
echo "index.json:                $INDEX_RESULT"
echo "type-check passed:         $((PASS + WARN)) / $((${#REST[@]} + ${#FIXTURES[@]})) ($WARN with warnings)"
echo "type-check failed:         $FAIL"
echo "type-check time:           $((TC_END - TC_START))s with $JOBS jobs"
echo "whole run:                 $(( $(date +%s) - SCRIPT_START ))s"
[ "$FAIL" -eq 0 ] || { echo "failed modules:"; grep '^FAIL' "$WORK/results.txt" | sed 's/^/  /'; }
[ "$FAIL" -eq 0 ] && [ "$GEN_FAILED" -eq 0 ]
