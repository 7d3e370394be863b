#!/bin/sh
# Builds the DocC documentation of every library product with public API worth a page — PasskeyVerifier (the
# WebAuthn core), PasskeyMetadata, PasskeyAppAttest, PasskeySignInWithApple and PasskeyAuthenticatorNames — with
# the toolchain's `docc`, without the swift-docc-plugin dependency: SwiftPM dumps the symbol graphs, `docc convert`
# turns each module's graphs (its own, and those of its extensions to the modules below it) and its catalog
# Sources/MODULE/MODULE.docc into a static website. Any warning fails the build.
#
# Usage: Scripts/build-documentation.sh [OUTPUT_DIRECTORY]   (default: .build/documentation; one site per module in
#        OUTPUT_DIRECTORY/MODULE)
# Preview: python3 -m http.server --directory OUTPUT_DIRECTORY/PasskeyVerifier, then open
#          http://localhost:8000/documentation/passkeyverifier/
set -eu

cd "$(dirname "$0")/.."
output=${1:-.build/documentation}
mkdir -p "$output"
modules="PasskeyVerifier PasskeyMetadata PasskeyAppAttest PasskeySignInWithApple PasskeyAuthenticatorNames"

swift package dump-symbol-graph --minimum-access-level public >/dev/null
all_graphs="$(swift build --show-bin-path)/../symbolgraph"

for module in $modules; do
    symbol_graphs=.build/documentation-symbol-graphs/$module
    rm -rf "$symbol_graphs"
    mkdir -p "$symbol_graphs"
    cp "$all_graphs/$module.symbols.json" "$symbol_graphs/"
    for extension_graph in "$all_graphs/$module@"*.symbols.json; do
        if [ -f "$extension_graph" ]; then cp "$extension_graph" "$symbol_graphs/"; fi
    done
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
