#!/usr/bin/env bash
# Shows that the core stays lean: a fresh host package in a temporary directory depends on this checkout by
# path with the default traits (neither SQLite, PostgreSQL nor Hummingbird), resolves, and must not pull any
# SwiftNIO, SQLite, PostgreSQL, Hummingbird or swift-log package. Prints the host's dependency tree; exits 1 when a forbidden package appears.
# Then builds that host, which imports only PasskeyVerifier, and exits 1 when the build compiled any module beside
# the core (PasskeyMetadata, PasskeyAppAttest, PasskeySignInWithApple, PasskeyAuthenticatorNames) or the testing
# module. Then the same host, still without traits, uses SQLiteStorage and PostgresStorage: its build must fail with
# errors that name the package traits SQLite and PostgreSQL (exits 1 otherwise).
#
#   Scripts/check-lean-core.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
identity=$(basename "$root")
host=$(mktemp -d "${TMPDIR:-/tmp}/passkey-lean-host.XXXXXX")
trap 'rm -rf "$host"' EXIT

# write_host TRAITS: the host's manifest, depending on this checkout with `traits: [TRAITS]` (empty: defaults).
write_host() {
    local traits_argument=""
    if [ -n "$1" ]; then traits_argument=", traits: [$1]"; fi
    mkdir -p "$host/Sources/Host"
    cat >"$host/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Host",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "$root"$traits_argument)],
    targets: [
        .executableTarget(
            name: "Host",
            dependencies: [.product(name: "PasskeyVerifier", package: "$identity")]
        )
    ]
)
MANIFEST
    cat >"$host/Sources/Host/main.swift" <<'SOURCE'
import PasskeyVerifier

print(RelyingParty.challengeLength)
SOURCE
}

cd "$host"
write_host ""
swift package resolve >/dev/null
tree=$(swift package show-dependencies)
echo "$tree"
if grep -Eiq 'swift-nio|sqlite|postgres|hummingbird|swift-log|service-lifecycle|prometheus|swift-metrics' <<<"$tree"; then
    echo "a host with the default traits resolves a NIO, SQLite, PostgreSQL, Hummingbird or logging package" >&2
    exit 1
fi
echo "== the default traits pull no NIO, SQLite, PostgreSQL, Hummingbird or logging package"

# A host that imports only PasskeyVerifier compiles the core and what is below it, and none of the modules beside it.
swift build >/dev/null
# SwiftPM makes a directory per target of the graph; a module was compiled when its directory holds object files.
built=$(
    cd "$(swift build --show-bin-path)"
    for directory in *.build; do
        if [ -n "$(find "$directory" -name '*.o' -print -quit)" ]; then echo "${directory%.build}"; fi
    done | sort
)
echo "== modules the host built: $(echo "$built" | tr '\n' ' ')"
if ! grep -qx 'PasskeyVerifier' <<<"$built"; then
    echo "the host did not build PasskeyVerifier: the check below proves nothing" >&2
    exit 1
fi
if echo "$built" | grep -Ex 'PasskeyMetadata|PasskeyAppAttest|PasskeySignInWithApple|PasskeyAuthenticatorNames|PasskeyAccounts|PasskeyVerifierTesting'; then
    echo "a host that imports only PasskeyVerifier built a module beside the core" >&2
    exit 1
fi
echo "== a host importing only PasskeyVerifier builds none of the modules beside it"

# Without their traits the store products are empty, and using one of their types says which trait to enable.
cat >"$host/Package.swift" <<MANIFEST
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Host",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "$root")],
    targets: [
        .executableTarget(
            name: "Host",
            dependencies: [
                .product(name: "PasskeyVerifierSQLite", package: "$identity"),
                .product(name: "PasskeyVerifierPostgres", package: "$identity"),
            ]
        )
    ]
)
MANIFEST
cat >"$host/Sources/Host/main.swift" <<'SOURCE'
import PasskeyVerifierPostgres
import PasskeyVerifierSQLite

func storages(_ sqlite: SQLiteStorage, _ postgres: PostgresStorage) {}
SOURCE
if untraited=$(swift build 2>&1); then
    echo "a host without the SQLite and PostgreSQL traits compiled a use of SQLiteStorage and PostgresStorage" >&2
    exit 1
fi
for trait in SQLite PostgreSQL; do
    if ! echo "$untraited" | grep -E "error: .*is unavailable: .*enable the package trait $trait:" >/dev/null; then
        echo "$untraited" >&2
        echo "without the $trait trait, the compiler's error does not name the trait" >&2
        exit 1
    fi
done
echo "$untraited" | grep -E 'error: .*is unavailable' | sed 's/^.*error: /error: /' | sort -u
echo "== without their traits, SQLiteStorage and PostgresStorage are errors that name the trait to enable"

# The checks are not vacuous: with a trait, the same host does resolve that trait's packages.
# expect_trait_brings TRAIT PACKAGE: exits 1 unless a host with `traits: ["TRAIT"]` resolves PACKAGE.
expect_trait_brings() {
    write_host "\"$1\""
    swift package resolve >/dev/null
    tree=$(swift package show-dependencies)
    if ! grep -q "$2" <<<"$tree"; then
        echo "the $1 trait did not bring $2: the check above proves nothing" >&2
        exit 1
    fi
    echo "== with the $1 trait, $2 is resolved"
}
expect_trait_brings SQLite sqlite-nio
expect_trait_brings Hummingbird hummingbird-auth
expect_trait_brings Server swift-prometheus
