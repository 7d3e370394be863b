"""A bounded loopback flood of passkey-server, and a slow-client check (issue 19, "Abuse limits and timeouts").

    python3 Tests/EndToEnd/flood_test.py --server .build/release/passkey-server --requests 100000

One server on a fresh SQLite file, with its default rate limits. Loopback has many addresses (127.0.0.0/8), so
each simulated client binds its own source address and the server sees distinct peers without trusting any
header:

- the flood: `--requests` `POST /assertion/options` from 127.0.0.2 over `--flood-connections` keep-alive
  connections, as fast as the client can send them; the server seals sign-in challenges, so neither a 200 nor a 429
  stores anything;
- meanwhile, `--users` other clients (127.0.0.10, .11, ...) each sign in by username once a second with an ES256
  credential registered before the flood; every sign-in must succeed, and their latencies give p50 and p99;
- after the flood: no challenge row is left in the database (with stored challenges, `--stored-challenges`, the
  burst plus the rate times the flood's duration would be the bound of one address);
- the slow clients: `--slow-clients` connections from 127.0.0.3 each send a request head and half its body; the
  connections past the per-address cap are closed at once, the others when the body deadline passes, and a sign-in
  from another address succeeds meanwhile.

Prints the figures as JSON and exits 1 when a check fails. Every request has a timeout, so the run is bounded.
"""

import argparse
import http.client
import json
import os
import selectors
import socket
import sqlite3
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from server_processes import ORIGIN, RELYING_PARTY_ID, ServerCluster  # noqa: E402
from software_authenticator import SoftwareAuthenticator  # noqa: E402

FLOOD_ADDRESS = "127.0.0.2"
SLOW_ADDRESS = "127.0.0.3"
REQUEST_TIMEOUT = 30
RATE, BURST = 10, 50
BODY_DEADLINE = 2
CONNECTIONS_PER_CLIENT = 32


def connect(port: int, source: str) -> http.client.HTTPConnection:
    """A keep-alive connection to the server from the loopback address `source`."""
    return http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT, source_address=(source, 0))


def post(connection: http.client.HTTPConnection, path: str, body: dict) -> tuple[int, dict]:
    """POSTs `body` as JSON and returns the status and the decoded answer."""
    connection.request("POST", path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    response = connection.getresponse()
    return response.status, json.loads(response.read() or b"{}")


def percentile(values: list[float], fraction: float) -> float:
    """The `fraction` quantile of `values` (nearest rank), in milliseconds."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000, 1)


class User:
    """A client with its own address, account and credential, signing in by username."""

    def __init__(self, port: int, index: int):
        self.address = f"127.0.0.{10 + index}"
        self.username = f"flood-user-{index}"
        self.port = port
        self.authenticator = SoftwareAuthenticator(RELYING_PARTY_ID, ORIGIN)
        self.latencies: list[float] = []
        self.failures: list[str] = []
        connection = connect(port, self.address)
        status, options = post(connection, "/attestation/options", {"username": self.username})
        if status != 200:
            raise RuntimeError(f"registration options for {self.username}: {status} {options}")
        self.credential, response = self.authenticator.register(options)
        status, answer = post(connection, "/attestation/result", response)
        if status != 200:
            raise RuntimeError(f"registration of {self.username}: {status} {answer}")
        connection.close()

    def sign_in(self, connection: http.client.HTTPConnection) -> None:
        """One sign-in by username, timed; a failure is recorded."""
        started = time.perf_counter()
        status, options = post(connection, "/assertion/options", {"username": self.username})
        if status != 200:
            self.failures.append(f"assertion/options: {status} {options}")
            return
        status, answer = post(
            connection, "/assertion/result", self.authenticator.authenticate(self.credential, options["challenge"])
        )
        if status != 200 or answer.get("username") != self.username:
            self.failures.append(f"assertion/result: {status} {answer}")
            return
        self.latencies.append(time.perf_counter() - started)

    def run(self, stop: threading.Event, interval: float) -> None:
        """Signs in every `interval` seconds until `stop`."""
        connection = connect(self.port, self.address)
        try:
            while not stop.is_set():
                try:
                    self.sign_in(connection)
                except (OSError, http.client.HTTPException) as error:
                    self.failures.append(f"connection: {error!r}")
                    connection.close()
                    connection = connect(self.port, self.address)
                stop.wait(interval)
        finally:
            connection.close()


def flood(port: int, requests: int, connections: int) -> dict:
    """Sends `requests` `POST /assertion/options` from the flood address; counts the answers by status."""
    counts: dict[int, int] = {}
    errors: list[str] = []
    remaining = [requests]
    lock = threading.Lock()

    def worker() -> None:
        connection = connect(port, FLOOD_ADDRESS)
        body = b"{}"
        headers = {"Content-Type": "application/json"}
        while True:
            with lock:
                if remaining[0] <= 0:
                    break
                remaining[0] -= 1
            try:
                connection.request("POST", "/assertion/options", body, headers)
                response = connection.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException) as error:
                status = 0
                with lock:
                    if len(errors) < 5:
                        errors.append(repr(error))
                connection.close()
                connection = connect(port, FLOOD_ADDRESS)
            with lock:
                counts[status] = counts.get(status, 0) + 1
        connection.close()

    started = time.monotonic()
    threads = [threading.Thread(target=worker) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.monotonic() - started
    return {"seconds": round(seconds, 2), "statuses": counts, "errors": errors,
            "requestsPerSecond": round(requests / seconds)}


def slow_clients(port: int, count: int, user: User) -> dict:
    """Opens `count` connections from the slow address, each sending a head and half a body; measures which are
    closed at once (over the cap), which by the body deadline, and whether a sign-in still succeeds meanwhile."""
    sockets = []
    for _ in range(count):
        client = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        client.settimeout(BODY_DEADLINE * 5)
        client.bind((SLOW_ADDRESS, 0))
        client.connect(("127.0.0.1", port))
        client.sendall(
            b"POST /assertion/options HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{\"username\": "
        )
        sockets.append(client)
    started = time.monotonic()
    failures_before = len(user.failures)

    def sign_in() -> None:
        connection = connect(port, user.address)
        try:
            user.sign_in(connection)
        except (OSError, http.client.HTTPException) as error:
            user.failures.append(f"connection: {error!r}")
        finally:
            connection.close()

    meanwhile = threading.Thread(target=sign_in)
    meanwhile.start()
    closed_at = [float("inf")] * len(sockets)
    waiting = {client.fileno(): index for index, client in enumerate(sockets)}
    with selectors.DefaultSelector() as selector:
        for client in sockets:
            selector.register(client, selectors.EVENT_READ)
        deadline = time.monotonic() + BODY_DEADLINE * 5
        while waiting and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=0.05):
                index = waiting[key.fd]
                try:
                    if key.fileobj.recv(4096):
                        continue
                except ConnectionResetError:
                    pass  # the server closed with the request's bytes unread, which the kernel answers with a reset
                closed_at[index] = time.monotonic() - started
                selector.unregister(key.fileobj)
                del waiting[key.fd]
    for client in sockets:
        client.close()
    meanwhile.join()
    sign_in_succeeded = len(user.failures) == failures_before
    immediately = sum(1 for seconds in closed_at if seconds < BODY_DEADLINE * 0.5)
    by_deadline = sum(1 for seconds in closed_at if BODY_DEADLINE * 0.5 <= seconds <= BODY_DEADLINE * 3)
    return {
        "connections": count,
        "closedAtOnce": immediately,
        "closedByTheBodyDeadline": by_deadline,
        "latestCloseSeconds": round(max(closed_at), 2) if closed_at else 0,
        "signInMeanwhile": sign_in_succeeded,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True, help="the passkey-server binary")
    parser.add_argument("--requests", type=int, default=100_000, help="flood requests (default 100000)")
    parser.add_argument("--flood-connections", type=int, default=4, help="flood connections (default 4)")
    parser.add_argument("--users", type=int, default=4, help="clients signing in during the flood (default 4)")
    parser.add_argument("--slow-clients", type=int, default=40, help="half-sent requests (default 40)")
    arguments = parser.parse_args()

    checks: list[str] = []
    with tempfile.TemporaryDirectory(prefix="passkey-flood-") as directory:
        database = os.path.join(directory, "passkeys.sqlite")
        with ServerCluster(
            arguments.server,
            database,
            log_level="warning",
            extra_arguments=[
                "--rate-limit", f"{RATE}/{BURST}",
                "--body-deadline", str(BODY_DEADLINE),
                "--max-connections-per-client", str(CONNECTIONS_PER_CLIENT),
            ],
        ) as cluster:
            [instance] = cluster.start(1)
            users = [User(instance.port, index) for index in range(arguments.users)]
            stop = threading.Event()
            threads = [threading.Thread(target=user.run, args=(stop, 1.5)) for user in users]
            for thread in threads:
                thread.start()
            flooded = flood(instance.port, arguments.requests, arguments.flood_connections)
            stop.set()
            for thread in threads:
                thread.join()
            with sqlite3.connect(database) as rows:
                challenge_rows = rows.execute("SELECT COUNT(*) FROM passkey_challenges").fetchone()[0]
            slow = slow_clients(instance.port, arguments.slow_clients, users[0])

        latencies = [latency for user in users for latency in user.latencies]
        failures = [failure for user in users for failure in user.failures]
        bound = BURST + RATE * flooded["seconds"] + arguments.users
        figures = {
            "flood": flooded,
            "challengeRows": challenge_rows,
            "otherClients": {
                "signIns": len(latencies),
                "failures": len(failures),
                "firstFailures": failures[:3],
                "p50Milliseconds": percentile(latencies, 0.5),
                "p99Milliseconds": percentile(latencies, 0.99),
                "maxMilliseconds": percentile(latencies, 1.0),
            },
            "slowClients": slow,
        }
        print(json.dumps(figures, indent=2))

        accepted = flooded["statuses"].get(200, 0)
        if accepted > bound:
            checks.append(f"{accepted} flood requests were accepted; the rate limit allows {bound:.0f}")
        if flooded["statuses"].get(429, 0) + accepted != arguments.requests:
            checks.append(f"the flood's answers were not all 200 or 429: {flooded['statuses']}")
        if challenge_rows:
            checks.append(f"{challenge_rows} challenge rows are left; sealed sign-in challenges store none")
        if failures or not latencies:
            checks.append(f"other clients' sign-ins failed during the flood: {failures[:3]}")
        expected_at_once = max(0, arguments.slow_clients - CONNECTIONS_PER_CLIENT)
        if slow["closedAtOnce"] < expected_at_once:
            checks.append(f"only {slow['closedAtOnce']} connections over the cap were closed at once")
        if slow["closedAtOnce"] + slow["closedByTheBodyDeadline"] != arguments.slow_clients:
            checks.append(f"half-sent requests were not all cut off by the body deadline: {slow}")
        if not slow["signInMeanwhile"]:
            checks.append("a sign-in failed while the slow clients held their connections")
    sys.stdout.flush()  # the figures first, the failed checks last
    for check in checks:
        print(f"FAILED: {check}", file=sys.stderr)
    return 1 if checks else 0


if __name__ == "__main__":
    sys.exit(main())
