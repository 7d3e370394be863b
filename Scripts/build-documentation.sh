#!/bin/sh
# Builds the DocC documentation of the PasskeyVerifier module with the toolchain's `docc`, without the
# swift-docc-plugin dependency: SwiftPM dumps the symbol graphs, `docc convert` turns them and the catalog in
# Sources/PasskeyVerifier/PasskeyVerifier.docc into a static website. Any warning fails the build.
#
# Usage: Scripts/build-documentation.sh [OUTPUT_DIRECTORY]   (default: .build/documentation/PasskeyVerifier)
# Preview: python3 -m http.server --directory OUTPUT_DIRECTORY, then open
#          http://localhost:8000/documentation/passkeyverifier/
set -eu

cd "$(dirname "$0")/.."
output=${1:-.build/documentation/PasskeyVerifier}
symbol_graphs=.build/documentation/symbol-graphs

swift package dump-symbol-graph --minimum-access-level public >/dev/null
rm -rf "$symbol_graphs"
mkdir -p "$symbol_graphs"
cp "$(swift build --show-bin-path)/../symbolgraph/PasskeyVerifier.symbols.json" "$symbol_graphs/"

docc convert Sources/PasskeyVerifier/PasskeyVerifier.docc \
    --additional-symbol-graph-dir "$symbol_graphs" \
    --fallback-display-name PasskeyVerifier \
    --fallback-bundle-identifier org.passkeyverifier.PasskeyVerifier \
    --transform-for-static-hosting \
    --warnings-as-errors \
    --output-path "$output"
