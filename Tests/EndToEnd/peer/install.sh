#!/usr/bin/env bash
# Makes the Python of the py_webauthn peer (Tests/EndToEnd/peer/peer_server.py) that `load_test.py --peer` runs:
# a virtual environment with the pinned packages of requirements.txt (webauthn 3.0.1, Flask, gunicorn, psycopg),
# from PyPI. Prints the Python's path last.
#
#   Tests/EndToEnd/peer/install.sh [VENV]        default: .build-peer/venv at the repository's root
#
# Does nothing when VENV already holds these requirements (a stamp file records their hash).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
venv=${1:-$root/.build-peer/venv}
requirements="$here/requirements.txt"
stamp="$venv/requirements.sha256"
wanted=$(sha256sum "$requirements" | cut -d' ' -f1)
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
    echo "== installing the py_webauthn peer's packages into $venv" >&2
    # A venv without its own pip, filled by this Python's pip (`--python`, pip >= 22.3): ensurepip alone can take
    # a minute on a busy machine. A full venv when that pip is older or missing.
    python3 -m venv --without-pip "$venv"
    if ! python3 -m pip --python "$venv/bin/python" install --quiet --disable-pip-version-check -r "$requirements"
    then
        python3 -m venv "$venv"
        "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
    fi
    echo "$wanted" >"$stamp"
fi
echo "$venv/bin/python"
