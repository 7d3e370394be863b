"""Waits until a passkey-server answers: `wait_for_server.py URL PID` returns once URL answers any HTTP status, and
fails when the process PID exits first or nothing answers within 60 s."""
import os
import sys
import time
import urllib.error
import urllib.request

url, pid = sys.argv[1], int(sys.argv[2])
deadline = time.monotonic() + 60
while True:
    try:
        urllib.request.urlopen(url, timeout=2).read()
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
