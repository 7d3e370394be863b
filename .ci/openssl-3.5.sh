#!/usr/bin/env bash
# Runs the already built test suite a second time against an OpenSSL 3.5 libcrypto, the version family that
# macOS Homebrew, Fedora, Alpine and Debian 13 hosts link (3.2 and later changed how one-shot verification
# contexts may be reused). The runtime comes from a PyPI wheel that ships OpenSSL 3.5 (psycopg-binary),
# unpacked into a temporary directory and put first on LD_LIBRARY_PATH; the suite checks that it really runs
# on 3.5 (PASSKEY_EXPECT_OPENSSL_VERSION) and prints the version.
set -euo pipefail
cd "$(dirname "$0")/.."

wheel_version=3.3.2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$work/wheel" "psycopg-binary==$wheel_version"
python3 -m zipfile -e "$work"/wheel/psycopg_binary-*.whl "$work/unpacked"
libs="$work/unpacked/psycopg_binary.libs"
runtime="$work/runtime"
mkdir -p "$runtime"
crypto=$(ls "$libs"/libcrypto-*.so.3)
ssl=$(ls "$libs"/libssl-*.so.3)
cp "$crypto" "$runtime/libcrypto.so.3"
cp "$ssl" "$runtime/libssl.so.3"
# The wheel's libssl names its libcrypto by the hashed file name.
ln -s libcrypto.so.3 "$runtime/$(basename "$crypto")"

echo "== tests on the libcrypto of psycopg-binary $wheel_version (the suite prints its version)"
LD_LIBRARY_PATH="$runtime" PASSKEY_EXPECT_OPENSSL_VERSION=3.5 swift test --skip-build
