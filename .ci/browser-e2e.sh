#!/usr/bin/env bash
# The browser suite (Tests/EndToEnd/browser_test.py): headless Chromium with WebDriver virtual authenticators
# against a passkey-server on a temporary SQLite file. Installs what is missing (Debian chromium and
# chromium-driver, selenium from PyPI), builds passkey-server (an incremental build when .ci/run built it
# already), serves it on a free loopback port as RP ID localhost, and a second one with --conformance (open
# registration) on another, runs the suite and always stops the servers. The suite's screenshots of the page stay
# in an artifacts folder under the work directory (BROWSER_E2E_ARTIFACTS chooses another), printed at the end.
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
    echo "== building passkey-server (incremental after the all-traits step of .ci/run)"
    swift build --product passkey-server --enable-all-traits
    server_binary=.build/debug/passkey-server
fi
if [ ! -x "$server_binary" ]; then
    echo "no passkey-server at $server_binary" >&2
    exit 1
fi

work_directory=$(mktemp -d)
artifacts=${BROWSER_E2E_ARTIFACTS:-$work_directory/artifacts}
mkdir -p "$artifacts"
server_pids=()
stop_servers() {
    status=$?
    for pid in "${server_pids[@]}"; do
        if kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null || true
            wait "$pid" 2>/dev/null || true
        fi
    done
    for log in "$work_directory"/*.log; do
        if [ "$status" -ne 0 ] && [ -f "$log" ]; then
            echo "== $(basename "$log") (last 40 lines)" >&2
            tail -n 40 "$log" >&2
        fi
    done
    # The databases and logs go; the screenshots stay for CI to keep as artifacts.
    find "$work_directory" -mindepth 1 -maxdepth 1 ! -path "$artifacts" -exec rm -rf {} +
    if [ "$artifacts" != "$work_directory/artifacts" ]; then
        rm -rf "$work_directory"
    fi
    if [ -n "$(ls -A "$artifacts" 2>/dev/null)" ]; then
        echo "== screenshots of the page: $artifacts"
    elif [ "$artifacts" = "$work_directory/artifacts" ]; then
        rm -rf "$work_directory"
    fi
    exit "$status"
}
trap stop_servers EXIT
trap 'exit 130' INT TERM

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# start_server NAME PORT [ARGUMENT...]: passkey-server on 127.0.0.1:PORT as RP ID localhost with its own SQLite file,
# waited for until it answers.
start_server() {
    name=$1
    port=$2
    shift 2
    "$server_binary" serve --host 127.0.0.1 --port "$port" --rp-id localhost --origin "http://localhost:$port" \
        --database "$work_directory/$name.sqlite" "$@" >"$work_directory/$name.log" 2>&1 &
    server_pids+=($!)
    python3 .ci/wait_for_server.py "http://localhost:$port/" "$!"
}

port=$(free_port)
origin="http://localhost:$port"
echo "== passkey-server on $origin, database $work_directory/passkeys.sqlite"
start_server passkeys "$port"

export PASSKEY_SERVER_URL="$origin" PYTHONDONTWRITEBYTECODE=1
if [ "$mode" = record ]; then
    echo "== recording Chromium ceremonies into Fixtures/chromium/"
    python3 Tests/EndToEnd/browser_record.py
else
    conformance_port=$(free_port)
    echo "== passkey-server --conformance on http://localhost:$conformance_port (open registration)"
    start_server conformance "$conformance_port" --conformance
    echo "== browser suite (screenshots into $artifacts)"
    PASSKEY_CONFORMANCE_SERVER_URL="http://localhost:$conformance_port" BROWSER_E2E_ARTIFACTS="$artifacts" \
        python3 Tests/EndToEnd/browser_test.py -v
fi
