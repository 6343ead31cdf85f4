#!/usr/bin/env bash
# Type-checks the Apple-only code on Linux: GoogleCrypto, GoogleHTTP and GoogleAuth are compiled
# (type-checked, not built) with stub modules declaring the Apple APIs they call (Security,
# AuthenticationServices, UIKit, AppKit, SwiftUI: .ci/apple-stubs, each declaration citing the page
# of Apple's documentation it follows) and GOOGLE_APPLE_TYPECHECK set, which takes the Apple
# branches of the transport's `#if`s (URLSession's types come from FoundationNetworking here).
#
# One pass per declared platform: iOS, macOS, tvOS, watchOS, visionOS. Linux's compiler cannot
# target them, so a pass rewrites `os(<platform>)` in the checked files into a flag set for that
# pass only (GOOGLE_TYPECHECK_OS_<platform>), and builds the stubs with STUB_<PLATFORM> set, which
# leaves out what Apple does not offer there (no ASPresentationAnchor on watchOS, no presentation
# context provider on tvOS or watchOS, no UIKit window on watchOS). The Apple-only files are:
#   GoogleCrypto  PlatformKey+Security.swift           every platform, no platform branch
#   GoogleHTTP    URLSessionTransport+Apple.swift      every platform, no platform branch
#   GoogleAuth    KeychainTokenStore.swift             every platform, no platform branch
#   GoogleAuth    ASWebAuthenticationSessionUserAgent  iOS, macOS, visionOS; left out on tvOS and
#                                                      watchOS by its `#if` (device flow there)
# GoogleAuth imports AuthenticationServices, whose declarations differ per platform, and has an
# `os(...)` condition: it is checked on all five. GoogleCrypto and GoogleHTTP have no platform
# condition and import only Security, whose stub is the same on every platform (the Security
# calls they make exist on all five): they compile the same text against the same declarations
# everywhere, so one pass checks them (the script decides this from the sources, see
# varies_by_platform).
#
# Then the article "In an Apple app": its `swift apple` blocks (the other swift blocks are checked
# by DocumentationSnippetTests against the real modules) against the iOS stubs.
#
# Run after `swift build` (it reads the built dependencies' modules).
# Usage: .ci/typecheck-apple.sh [--self-test]
#   --self-test  after the check, misspells one Apple call in each Apple-only file (and in the
#                article) in a temporary copy and expects each platform that compiles the file to
#                fail, and each that leaves it out to pass.
set -euo pipefail
cd "$(dirname "$0")/.."

self_test=0
case "${1:-}" in
"") ;;
--self-test) self_test=1 ;;
*)
    echo "usage: $0 [--self-test]" >&2
    exit 2
    ;;
esac

swift build --target GoogleAuth >/dev/null
modules="$(swift build --show-bin-path)/Modules"
# SwiftPM's package name for `package` access: the root directory's name, as an identifier.
package_name=$(basename "$PWD" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9_]/_/g')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

platforms=(iOS macOS tvOS watchOS visionOS)
checked_modules=(GoogleCrypto GoogleHTTP GoogleAuth)

emit_stub() { # module, output directory, extra flags...
    local module=$1 out=$2
    shift 2
    swiftc -emit-module -parse-as-library -swift-version 6 -module-name "$module" -I "$out" "$@" \
        ".ci/apple-stubs/$module.swift" -emit-module-path "$out/$module.swiftmodule"
}

# The stubs of one platform, in $work/stubs/<platform>.
build_stubs() { # platform
    local platform=$1 out="$work/stubs/$1"
    local define
    define="STUB_$(echo "$platform" | tr 'a-z' 'A-Z')"
    mkdir -p "$out"
    case "$platform" in
    macOS) emit_stub AppKit "$out" ;;
    watchOS) ;;
    *) emit_stub UIKit "$out" ;;
    esac
    [ "$platform" = iOS ] && emit_stub SwiftUI "$out"
    emit_stub Security "$out"
    emit_stub AuthenticationServices "$out" -D "$define"
}

# A module's sources as one platform compiles them: files with an `os(...)` condition are copied
# with the condition rewritten into a flag; the others are used where they are.
sources_for() { # module, platform, source root -> prints one path per line
    local module=$1 platform=$2 root=$3 file relative
    find "$root/Sources/$module" -name '*.swift' | sort | while IFS= read -r file; do
        if grep -q 'os(\(iOS\|macOS\|tvOS\|watchOS\|visionOS\))' "$file"; then
            relative=${file#"$root"/}
            mkdir -p "$work/rewritten/$platform/$(dirname "$relative")"
            sed -E 's/os\((iOS|macOS|tvOS|watchOS|visionOS)\)/GOOGLE_TYPECHECK_OS_\1/g' "$file" >"$work/rewritten/$platform/$relative"
            echo "$work/rewritten/$platform/$relative"
        else
            echo "$file"
        fi
    done
}

typecheck() { # module, platform, sources...
    local module=$1 platform=$2
    shift 2
    swiftc -typecheck -parse-as-library -swift-version 6 -module-name "$module" -package-name "$package_name" \
        -D GOOGLE_APPLE_TYPECHECK -D "GOOGLE_TYPECHECK_OS_$platform" -I "$work/stubs/$platform" -I "$modules" \
        -Xcc -fmodule-map-file=Sources/CCurl/module.modulemap "$@"
}

# Only `primary`'s bodies, the module's other files read for their declarations (the compiler
# frontend's -primary-file): what the self-test needs, in a fraction of the time.
check_file() { # module, platform, source root, primary file (relative)
    local module=$1 platform=$2 root=$3 primary=$4 sources file args=()
    mapfile -t sources < <(sources_for "$module" "$platform" "$root")
    for file in "${sources[@]}"; do
        case "$file" in
        */"$primary") args+=(-primary-file "$file") ;;
        *) args+=("$file") ;;
        esac
    done
    swiftc -frontend -typecheck -parse-as-library -swift-version 6 -module-name "$module" -package-name "$package_name" \
        -D GOOGLE_APPLE_TYPECHECK -D "GOOGLE_TYPECHECK_OS_$platform" -I "$work/stubs/$platform" -I "$modules" \
        -Xcc -fmodule-map-file=Sources/CCurl/module.modulemap "${args[@]}"
}

check_module() { # module, platform, source root
    local sources
    mapfile -t sources < <(sources_for "$1" "$2" "$3")
    typecheck "$1" "$2" "${sources[@]}"
}

# Whether a module compiles differently per platform: an `os(...)` condition in its sources, or
# an import of a stub whose declarations differ per platform (all but Security). A module that
# does neither compiles the same text against the same declarations everywhere, so one pass (iOS)
# checks it for all five.
varies_by_platform() { # module
    grep -rqE 'os\((iOS|macOS|tvOS|watchOS|visionOS)\)|^(public |internal |package )?import (AuthenticationServices|UIKit|AppKit|SwiftUI)$' \
        "Sources/$1" --include='*.swift'
}

for platform in "${platforms[@]}"; do
    build_stubs "$platform"
done
for module in "${checked_modules[@]}"; do
    if varies_by_platform "$module"; then
        for platform in "${platforms[@]}"; do
            check_module "$module" "$platform" .
        done
        echo "typecheck-apple: $module passes as on ${platforms[*]}"
    else
        check_module "$module" iOS .
        echo "typecheck-apple: $module passes (no platform condition, Security only: the same on ${platforms[*]})"
    fi
done

# The article's Apple blocks, each against the iOS stubs and the built GoogleAuth, with
# GoogleAuth's Apple-only files type-checked into a module of their own first (GoogleAuth as
# built here lacks them; that module imports the built GoogleAuth into each of its files).
check_article() { # article path
    local article=$1 dir block
    dir=$(mktemp -d -p "$work")
    awk -v dir="$dir" '
        /^```swift apple/ { n++; file = dir "/block" n ".swift"; print "import AuthenticationServices\nimport GoogleAuth\nimport SwiftUI\nimport UIKit\nimport AppleOnlyGoogleAuth" > file; inside = 1; next }
        /^```/ && inside { inside = 0; next }
        inside { print >> file }
    ' "$article"
    ls "$dir"/block*.swift >/dev/null
    for block in "$dir"/block*.swift; do
        swiftc -typecheck -swift-version 6 -I "$work/stubs/iOS" -I "$modules" -Xcc -fmodule-map-file=Sources/CCurl/module.modulemap "$block" || return 1
    done
}
swiftc -emit-module -parse-as-library -swift-version 6 -module-name AppleOnlyGoogleAuth -D GOOGLE_APPLE_TYPECHECK \
    -Xfrontend -testable-import-module -Xfrontend GoogleAuth \
    -I "$work/stubs/iOS" -I "$modules" -Xcc -fmodule-map-file=Sources/CCurl/module.modulemap \
    Sources/GoogleAuth/Flow/ASWebAuthenticationSessionUserAgent.swift Sources/GoogleAuth/Storage/KeychainTokenStore.swift \
    -emit-module-path "$work/stubs/iOS/AppleOnlyGoogleAuth.swiftmodule"
article=Sources/GoogleAuth/GoogleAuth.docc/InAnAppleApp.md
check_article "$article"
echo "typecheck-apple: the Apple blocks of InAnAppleApp.md pass"

[ "$self_test" = 1 ] || exit 0

# Self-test: each Apple-only file with one Apple call misspelled, in a copy of the sources, must
# fail on every platform that compiles it and pass on those its `#if` leaves it out of.
# file | text to misspell | platforms that compile the file
cases=(
    "Sources/GoogleCrypto/PlatformKey+Security.swift|SecKeyCreateSignature(|iOS macOS tvOS watchOS visionOS"
    "Sources/GoogleHTTP/URLSession/URLSessionTransport+Apple.swift|SecTrustSetAnchorCertificates(|iOS macOS tvOS watchOS visionOS"
    "Sources/GoogleAuth/Storage/KeychainTokenStore.swift|SecItemCopyMatching(|iOS macOS tvOS watchOS visionOS"
    "Sources/GoogleAuth/Flow/ASWebAuthenticationSessionUserAgent.swift|prefersEphemeralWebBrowserSession|iOS macOS visionOS"
)
failures=0
for entry in "${cases[@]}"; do
    IFS='|' read -r file call compiled_on <<<"$entry"
    module=$(echo "$file" | cut -d/ -f2)
    if ! grep -qF "$call" "$file"; then
        echo "typecheck-apple self-test: $file no longer calls $call; update the self-test" >&2
        failures=$((failures + 1))
        continue
    fi
    copy="$work/misspelled/$module"
    rm -rf "$copy"
    mkdir -p "$copy"
    cp -R "Sources" "$copy/Sources"
    # The first occurrence only, with a letter dropped from its name.
    misspelled=$(echo "$call" | sed -E 's/([A-Za-z])([A-Za-z])([^A-Za-z]*)$/\2\3/')
    awk -v call="$call" -v wrong="$misspelled" '!done && index($0, call) { i = index($0, call); $0 = substr($0, 1, i - 1) wrong substr($0, i + length(call)); done = 1 } { print }' \
        "$file" >"$copy/$file"
    checked_on=("${platforms[@]}")
    varies_by_platform "$module" || checked_on=(iOS)
    for platform in "${checked_on[@]}"; do
        if check_file "$module" "$platform" "$copy" "$file" >/dev/null 2>&1; then outcome=passes; else outcome=fails; fi
        case " $compiled_on " in *" $platform "*) expected=fails ;; *) expected=passes ;; esac
        if [ "$outcome" != "$expected" ]; then
            echo "typecheck-apple self-test: $file with $call misspelled $outcome on $platform (expected: $expected)" >&2
            failures=$((failures + 1))
        fi
    done
    echo "typecheck-apple self-test: $(basename "$file") misspelled: checked on ${checked_on[*]}, fails where compiled ($compiled_on)"
done
# The article: a misspelled UIKit member in a block must fail.
sed 's/view\.window/view.windw/' "$article" >"$work/misspelled-article.md"
if grep -q 'view\.windw' "$work/misspelled-article.md" && check_article "$work/misspelled-article.md" >/dev/null 2>&1; then
    echo "typecheck-apple self-test: a misspelled UIKit call in the article was not caught" >&2
    failures=$((failures + 1))
elif ! grep -q 'view\.windw' "$work/misspelled-article.md"; then
    echo "typecheck-apple self-test: the article no longer uses view.window; update the self-test" >&2
    failures=$((failures + 1))
else
    echo "typecheck-apple self-test: a misspelled UIKit call in the article fails"
fi
[ "$failures" = 0 ] || exit 1
