#!/usr/bin/env bash
# Shows that the core stays lean: a fresh host package in a temporary directory depends on this checkout by
# path with the default traits (neither SQLite nor PostgreSQL), resolves, and must not pull any SwiftNIO,
# SQLite or PostgreSQL package. Prints the host's dependency tree; exits 1 when a forbidden package appears.
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
if echo "$tree" | grep -Eiq 'swift-nio|sqlite|postgres'; then
    echo "a host with the default traits resolves a NIO, SQLite or PostgreSQL package" >&2
    exit 1
fi
echo "== the default traits pull no NIO, SQLite or PostgreSQL package"

# The check is not vacuous: the same host with the SQLite trait does resolve sqlite-nio and SwiftNIO.
write_host '"SQLite"'
swift package resolve >/dev/null
if ! swift package show-dependencies | grep -q 'sqlite-nio'; then
    echo "the SQLite trait did not bring sqlite-nio: the check above proves nothing" >&2
    exit 1
fi
echo "== with the SQLite trait, sqlite-nio is resolved"
