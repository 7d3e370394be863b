#!/bin/sh
# Builds the DocC documentation of every library product with public API worth a page — PasskeyVerifier (the
# WebAuthn core), PasskeyMetadata, PasskeyAppAttest, PasskeySignInWithApple, PasskeyAuthenticatorNames and
# PasskeyAccounts — with the toolchain's `docc`, without the swift-docc-plugin dependency: `swift build` builds the
# six modules (nothing
# when the debug build is done already), `swift-symbolgraph-extract` reads each one's public symbols from the built
# module (its own graph, and those of its extensions to the modules below it), and `docc convert` turns them and the
# catalog Sources/MODULE/MODULE.docc into a static website. Any warning fails the build. (`swift package
# dump-symbol-graph` would do the extraction too, but it builds every target of every trait first: NIO, BoringSSL,
# PostgreSQL and Hummingbird, about eight minutes of CPU on two cores, for six modules that need none of them.)
#
# Usage: Scripts/build-documentation.sh [OUTPUT_DIRECTORY]   (default: .build/documentation; one site per module in
#        OUTPUT_DIRECTORY/MODULE)
# Preview: python3 -m http.server --directory OUTPUT_DIRECTORY/PasskeyVerifier, then open
#          http://localhost:8000/documentation/passkeyverifier/
set -eu

cd "$(dirname "$0")/.."
output=${1:-.build/documentation}
mkdir -p "$output"
modules="PasskeyVerifier PasskeyMetadata PasskeyAppAttest PasskeySignInWithApple PasskeyAuthenticatorNames PasskeyAccounts"

for module in $modules; do
    swift build --target "$module" >/dev/null
done
bin_path=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | sed -n 's/.*"triple": *"\([^"]*\)".*/\1/p' | head -n 1)
# The C module of libcrypto: its module map, and OpenSSL's headers where pkg-config says they are.
clang_flags=""
for flag in $(pkg-config --cflags-only-I openssl 2>/dev/null); do clang_flags="$clang_flags -Xcc $flag"; done

for module in $modules; do
    symbol_graphs=.build/documentation-symbol-graphs/$module
    rm -rf "$symbol_graphs"
    mkdir -p "$symbol_graphs"
    # shellcheck disable=SC2086 # the clang flags are words
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin_path/Modules" \
        -I Sources/CPasskeyLibCrypto $clang_flags -minimum-access-level public -output-dir "$symbol_graphs"
    lowercased=$(echo "$module" | tr '[:upper:]' '[:lower:]')
    docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$symbol_graphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.passkeyverifier.$module" \
        --transform-for-static-hosting \
        --warnings-as-errors \
        --output-path "$output/$module"
    echo "== $module: $output/$module/documentation/$lowercased/"
done
