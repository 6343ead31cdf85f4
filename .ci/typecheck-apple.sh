#!/usr/bin/env bash
# Type-checks the Apple-only code on Linux: GoogleCrypto, GoogleHTTP and GoogleAuth are compiled
# (type-checked, not built) with stub modules declaring the Apple APIs they call (Security,
# AuthenticationServices, UIKit, AppKit: .ci/apple-stubs, each declaration citing the page of
# Apple's documentation it follows) and GOOGLE_APPLE_TYPECHECK set, which takes the Apple branches
# of the transport's `#if`s (URLSession's types come from FoundationNetworking here). Two passes: as
# on iOS (UIKit) and as on macOS (AppKit). A misspelled Apple call or a wrong argument type fails
# it; a self-test at the end checks that it does.
#
# Run after `swift build` (it reads the built dependencies' modules). Usage: .ci/typecheck-apple.sh
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --target GoogleAuth >/dev/null
modules="$(swift build --show-bin-path)/Modules"
# SwiftPM's package name for `package` access: the root directory's name, as an identifier.
package_name=$(basename "$PWD" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9_]/_/g')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

emit_stub() {  # module, output directory, extra flags...
    local module=$1 out=$2
    shift 2
    swiftc -emit-module -parse-as-library -swift-version 6 -module-name "$module" -I "$out" "$@" \
        ".ci/apple-stubs/$module.swift" -emit-module-path "$out/$module.swiftmodule"
}

typecheck() {  # module, stub directory, sources...
    local module=$1 stubs=$2
    shift 2
    swiftc -typecheck -parse-as-library -swift-version 6 -module-name "$module" -package-name "$package_name" \
        -D GOOGLE_APPLE_TYPECHECK -I "$stubs" -I "$modules" -Xcc -fmodule-map-file=Sources/CCurl/module.modulemap "$@"
}

for platform in iOS macOS; do
    stubs="$work/$platform"
    mkdir -p "$stubs"
    if [ "$platform" = iOS ]; then emit_stub UIKit "$stubs"; else emit_stub AppKit "$stubs"; fi
    emit_stub Security "$stubs"
    emit_stub AuthenticationServices "$stubs"
    for module in GoogleCrypto GoogleHTTP GoogleAuth; do
        mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
        typecheck "$module" "$stubs" "${sources[@]}"
    done
    echo "typecheck-apple: $platform passes (GoogleCrypto, GoogleHTTP, GoogleAuth)"
done

# The article "In an Apple app": its `swift apple` blocks (the other swift blocks are checked by
# DocumentationSnippetTests against the real modules), each against the iOS stubs and the built
# GoogleAuth, with GoogleAuth's Apple-only file type-checked into a module of its own first.
article=Sources/GoogleAuth/GoogleAuth.docc/InAnAppleApp.md
mkdir -p "$work/article"
awk -v dir="$work/article" '
    /^```swift apple/ { n++; file = dir "/block" n ".swift"; print "import AuthenticationServices\nimport GoogleAuth\nimport UIKit\nimport AppleOnlyGoogleAuth" > file; inside = 1; next }
    /^```/ && inside { inside = 0; next }
    inside { print >> file }
' "$article"
# GoogleAuth as built here lacks its Apple-only types; they become a module of their own that
# imports the built GoogleAuth into each of its files.
swiftc -emit-module -parse-as-library -swift-version 6 -module-name AppleOnlyGoogleAuth -D GOOGLE_APPLE_TYPECHECK \
    -Xfrontend -testable-import-module -Xfrontend GoogleAuth \
    -I "$work/iOS" -I "$modules" -Xcc -fmodule-map-file=Sources/CCurl/module.modulemap \
    Sources/GoogleAuth/Flow/ASWebAuthenticationSessionUserAgent.swift Sources/GoogleAuth/Storage/KeychainTokenStore.swift \
    -emit-module-path "$work/iOS/AppleOnlyGoogleAuth.swiftmodule"
for block in "$work"/article/block*.swift; do
    swiftc -typecheck -swift-version 6 -I "$work/iOS" -I "$modules" -Xcc -fmodule-map-file=Sources/CCurl/module.modulemap "$block"
done
echo "typecheck-apple: the Apple blocks of InAnAppleApp.md pass"

# Self-test: the same check with one Apple call misspelled must fail.
mkdir -p "$work/misspelled"
mapfile -t sources < <(find Sources/GoogleCrypto -name '*.swift' ! -name 'PlatformKey+Security.swift' | sort)
sed 's/SecKeyCreateSignature(/SecKeyCreateSignatur(/' Sources/GoogleCrypto/PlatformKey+Security.swift >"$work/misspelled/PlatformKey+Security.swift"
if typecheck GoogleCrypto "$work/macOS" "${sources[@]}" "$work/misspelled/PlatformKey+Security.swift" 2>/dev/null; then
    echo "typecheck-apple: a misspelled Apple call was not caught" >&2
    exit 1
fi
echo "typecheck-apple: a misspelled Apple call fails the check, as it should"
