#!/usr/bin/env bash
# Builds every library's DocC documentation with the toolchain's `docc` into one static site, and
# fails on any warning (an unresolved symbol link, a missing article, a malformed directive).
# Symbol graphs come from the built modules (`swift-symbolgraph-extract`), so no plugin is needed.
# Modules are converted bottom-up, each against the archives below it, so an article may link to
# another module's symbol (``GoogleAuth/OAuthError``); then the archives are merged into one site.
#
#   bash .ci/build-docs.sh [OUTPUT]      # default .build/docs; the site is OUTPUT/site, served
#                                        # by any static file server (its pages load JSON)
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(GoogleJSON GoogleHTTPTypes GoogleHTTP LocalHTTPServer GoogleAuth GoogleAPIRuntime GoogleEmulator GoogleDrive GoogleYouTube)
out=${1:-.build/docs}

targets=()
for module in "${modules[@]}"; do targets+=(--target "$module"); done
swift build "${targets[@]}" >/dev/null
bin=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')

rm -rf "$out"
mkdir -p "$out/graphs" "$out/archives" "$out/logs"
dependencies=()
archives=()
failed=0
for module in "${modules[@]}"; do
    graphs="$out/graphs/$module"
    mkdir -p "$graphs"
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" -I Sources/CCurl \
        -minimum-access-level public -skip-synthesized-members -output-dir "$graphs"
    # Only the module's own graph: extensions of other modules' types are documented with those.
    find "$graphs" -name "*@*.symbols.json" -delete
    archive="$out/archives/$module.doccarchive"
    if docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "io.github.google-api-swift.$module" \
        --output-path "$archive" --enable-experimental-external-link-support "${dependencies[@]}" \
        --warnings-as-errors >"$out/logs/$module.log" 2>&1; then
        echo "docs: $module"
    else
        echo "docc: $module has warnings or errors:" >&2
        grep -E "^(error|warning)" "$out/logs/$module.log" | head -40 >&2
        echo "(all of them: $out/logs/$module.log)" >&2
        failed=1
    fi
    dependencies+=(--dependency "$archive")
    archives+=("$archive")
done
[ "$failed" -eq 0 ] || exit 1
docc merge "${archives[@]}" --synthesized-landing-page-name google-api-swift \
    --output-path "$out/google-api-swift.doccarchive" >"$out/logs/merge.log" 2>&1
docc process-archive transform-for-static-hosting "$out/google-api-swift.doccarchive" --output-path "$out/site" \
    >"$out/logs/static.log" 2>&1
echo "docs: site in $out/site"
