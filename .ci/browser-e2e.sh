#!/usr/bin/env bash
# The browser suite (Server/EndToEnd/browser_test.py): headless Chromium with WebDriver virtual authenticators
# against a passkey-server on a temporary SQLite file. Installs what is missing (Debian chromium and
# chromium-driver, selenium from PyPI), builds passkey-server (an incremental build when .ci/run built it
# already), serves it on a free loopback port as RP ID localhost, runs the suite and always stops the server.
#
#   .ci/browser-e2e.sh            run the suite
#   .ci/browser-e2e.sh --record   record the Chromium ceremonies again into Fixtures/chromium/
#
# PASSKEY_SERVER names a passkey-server binary to use instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=suite
case "${1:-}" in
    "") ;;
    --record) mode=record ;;
    *) echo "usage: $0 [--record]" >&2; exit 2 ;;
esac

python_packages=(selenium)
if [ "$mode" = record ]; then
    python_packages+=(cryptography)
fi
missing=()
command -v python3 >/dev/null 2>&1 || missing+=(python3)
command -v python3 >/dev/null 2>&1 && python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
if [ "${#missing[@]}" -gt 0 ]; then
    echo "== installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y --no-install-recommends "${missing[@]}"
fi
for package in "${python_packages[@]}"; do
    if ! python3 -c "import $package" >/dev/null 2>&1; then
        echo "== installing $package (PyPI)"
        # Debian's own Python refuses pip installs outside a virtual environment (PEP 668) unless told.
        python3 -m pip install --quiet "$package" || python3 -m pip install --quiet --break-system-packages "$package"
    fi
done

if [ -n "${PASSKEY_SERVER:-}" ]; then
    server_binary=$PASSKEY_SERVER
else
    echo "== building passkey-server (incremental after the Server step of .ci/run)"
    (cd Server && swift build --product passkey-server)
    server_binary=Server/.build/debug/passkey-server
fi
if [ ! -x "$server_binary" ]; then
    echo "no passkey-server at $server_binary" >&2
    exit 1
fi

work_directory=$(mktemp -d)
server_pid=""
stop_server() {
    status=$?
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    if [ "$status" -ne 0 ] && [ -f "$work_directory/server.log" ]; then
        echo "== passkey-server log (last 40 lines)" >&2
        tail -n 40 "$work_directory/server.log" >&2
    fi
    rm -rf "$work_directory"
    exit "$status"
}
trap stop_server EXIT
trap 'exit 130' INT TERM

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
origin="http://localhost:$port"
echo "== passkey-server on $origin, database $work_directory/passkeys.sqlite"
"$server_binary" serve --host 127.0.0.1 --port "$port" --rp-id localhost --origin "$origin" \
    --database "$work_directory/passkeys.sqlite" >"$work_directory/server.log" 2>&1 &
server_pid=$!

python3 - "$origin" "$server_pid" <<'EOF'
import os, sys, time, urllib.error, urllib.request
url, pid = sys.argv[1], int(sys.argv[2])
deadline = time.monotonic() + 60
while True:
    try:
        urllib.request.urlopen(url + "/", timeout=2).read()
        break
    except urllib.error.HTTPError:
        break
    except OSError:
        try:
            os.kill(pid, 0)
        except OSError:
            sys.exit("passkey-server exited before it answered")
        if time.monotonic() > deadline:
            sys.exit("passkey-server did not answer within 60 s")
        time.sleep(0.2)
EOF

export PASSKEY_SERVER_URL="$origin" PYTHONDONTWRITEBYTECODE=1
if [ "$mode" = record ]; then
    echo "== recording Chromium ceremonies into Fixtures/chromium/"
    python3 Server/EndToEnd/browser_record.py
else
    echo "== browser suite"
    python3 Server/EndToEnd/browser_test.py -v
fi
