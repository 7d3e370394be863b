"""Three passkey-server processes on one PostgreSQL database (issue 9 §3, "many instances, one database").

    python3 Tests/EndToEnd/cluster_test.py --server .build/debug/passkey-server \\
        --postgres postgres://USER:PASSWORD@127.0.0.1:5432/postgres [unittest arguments]

The role of `--postgres` must be allowed to create databases: each run works in a database of its own, dropped
at the end. What is checked, each over several rounds so that the requests really race:

- the same assertion posted to all three instances at the same moment succeeds exactly once (200 and the
  username); the two others are 400 `challengeNotFound` (the challenge is taken once, WebAuthn Level 3 §13.4.3);
- two registrations that carry the same credential ID, posted at the same moment to two instances: one is 200,
  the other 400 `credentialAlreadyRegistered` (§7.1 `#sctn-registering-a-new-credential` step "credentialId not
  yet registered"), one row is stored, and it is the winner's key;
- a registration and a sign-in started on one instance finish on another, for every ordered pair, and the
  session the sign-in started is honoured by the third instance.

And what operations rely on (issue 19 §2), on the same instances, each started with `--metrics-port`:

- `GET /health/live` and `GET /health/ready` answer 200 on the main port, which does not serve `/metrics` (404 with
  the JSON body); `X-Request-ID` is echoed; the metrics port serves the Prometheus text with the ceremonies, the
  requests per route and the gauges;
- a database whose stored schema version is -1 (SQLite and PostgreSQL) stops the server at start with the message
  and a non-zero exit, instead of a trap.
"""

import argparse
import http.client
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import threading
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from server_processes import (  # noqa: E402
    ORIGIN,
    RELYING_PARTY_ID,
    PostgresDatabase,
    ServerCluster,
    ServerInstance,
    add_postgres_option,
    free_port,
)
from software_authenticator import SoftwareAuthenticator, SoftwareCredential, base64url  # noqa: E402
from summary_runner import SummaryRunner  # noqa: E402

ROUNDS = 20
SETTINGS: dict = {}


def post(instance: ServerInstance, path: str, body: dict) -> tuple[int, dict]:
    """POSTs `body` as JSON and returns the status and the decoded answer."""
    connection = instance.connection()
    try:
        connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def get(instance: ServerInstance, path: str, session_token: str) -> tuple[int, dict]:
    """GETs `path` with the session as a bearer token and returns the status and the decoded answer."""
    connection = instance.connection()
    try:
        connection.request("GET", path, headers={"Authorization": f"Bearer {session_token}"})
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def fetch(
    connection: http.client.HTTPConnection, path: str, headers: dict | None = None
) -> tuple[int, str, http.client.HTTPMessage]:
    """GETs `path` over `connection` and returns the status, the body as text and the headers."""
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read().decode(), response.headers
    finally:
        connection.close()


def sample(text: str, name: str, labels: dict[str, str]) -> float | None:
    """The value of the first sample of `name` in Prometheus text whose labels include `labels`, else `None`."""
    for line in text.splitlines():
        match = re.fullmatch(r"([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)", line)
        if not match or match.group(1) != name:
            continue
        if all(f'{key}="{value}"' in (match.group(2) or "") for key, value in labels.items()):
            return float(match.group(3))
    return None


def signed_in(answer: dict) -> str | None:
    """The username of a successful sign-up or sign-in answer that carries a new session token, else `None`."""
    token = answer.get("sessionToken")
    if answer.get("status") != "ok" or not isinstance(token, str) or len(token) != 43:
        return None
    return answer.get("username")


def third_of(first: int, second: int) -> int:
    """The index of the instance that is neither `first` nor `second` (of 0, 1, 2)."""
    return 3 - first - second


def post_at_once(targets: list[tuple[ServerInstance, str, bytes]]) -> list[tuple[int, dict]]:
    """POSTs each body to its instance from its own thread, the connections opened beforehand and the requests
    released together by a barrier; returns the answers in the order of `targets`."""
    barrier = threading.Barrier(len(targets))
    answers: list = [None] * len(targets)

    def send(index: int, connection: http.client.HTTPConnection, path: str, body: bytes) -> None:
        try:
            connection.connect()
            barrier.wait(timeout=30)
            connection.request("POST", path, body, {"Content-Type": "application/json"})
            response = connection.getresponse()
            answers[index] = (response.status, json.loads(response.read()))
        except Exception as error:  # reported by the test as a missing answer
            answers[index] = (0, {"errorMessage": f"transport: {error!r}"})
        finally:
            connection.close()

    threads = [
        threading.Thread(target=send, args=(index, instance.connection(), path, body))
        for index, (instance, path, body) in enumerate(targets)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


def error_code(answer: dict) -> str:
    """The stable code that starts a failure's `errorMessage` (`"<code>: <message>"`)."""
    return answer.get("errorMessage", "").split(":", 1)[0]


class ClusterTests(unittest.TestCase):
    """The three properties, against three instances started once for the class."""

    cluster: ServerCluster
    database: PostgresDatabase
    instances: list[ServerInstance]

    @classmethod
    def setUpClass(cls) -> None:
        cls.database = PostgresDatabase(SETTINGS["postgres"], "passkey_cluster").__enter__()
        # Every client of this suite is 127.0.0.1: the per-address limit would answer its bursts 429 (the flood
        # test is the one that exercises the limits).
        cls.cluster = ServerCluster(
            SETTINGS["server"], cls.database.url, metrics=True,
            extra_arguments=["--rate-limit", "off", "--username-rate-limit", "off"],
        )
        try:
            cls.instances = cls.cluster.start(3)
        except Exception:
            cls.cluster.stop()
            cls.database.__exit__(None, None, None)
            raise

    @classmethod
    def tearDownClass(cls) -> None:
        cls.cluster.stop()
        cls.database.__exit__(None, None, None)

    def setUp(self) -> None:
        self.authenticator = SoftwareAuthenticator(RELYING_PARTY_ID, ORIGIN)

    def creation_options(self, instance: ServerInstance, username: str) -> dict:
        status, options = post(instance, "/attestation/options", {"username": username})
        self.assertEqual((status, options["status"]), (200, "ok"), options)
        return options

    def request_options(self, instance: ServerInstance, username: str | None = None) -> dict:
        status, options = post(instance, "/assertion/options", {"username": username} if username else {})
        self.assertEqual((status, options["status"]), (200, "ok"), options)
        return options

    def register(self, instance: ServerInstance, username: str) -> SoftwareCredential:
        credential, response = self.authenticator.register(self.creation_options(instance, username))
        status, answer = post(instance, "/attestation/result", response)
        self.assertEqual((status, signed_in(answer)), (200, username), answer)
        return credential

    def stored_credential_count(self, credential_id: bytes) -> int:
        output = subprocess.run(
            [
                "psql", self.database.url, "-tAc",
                f"SELECT count(*) FROM passkey_credentials WHERE credential_id = '\\x{credential_id.hex()}'",
            ],
            check=True, capture_output=True, text=True,
        ).stdout
        return int(output.strip())

    def test_the_same_assertion_posted_to_three_instances_at_once_succeeds_exactly_once(self) -> None:
        username = "race-assertion"
        credential = self.register(self.instances[0], username)
        for round_number in range(ROUNDS):
            starter = self.instances[round_number % 3]
            options = self.request_options(starter, username if round_number % 2 else None)
            body = json.dumps(self.authenticator.authenticate(credential, options["challenge"])).encode()
            answers = post_at_once([(instance, "/assertion/result", body) for instance in self.instances])
            successes = [answer for answer in answers if answer[0] == 200]
            failures = [answer for answer in answers if answer[0] != 200]
            self.assertEqual(
                [(status, signed_in(answer)) for status, answer in successes], [(200, username)], answers
            )
            self.assertEqual(
                [(status, answer["status"], error_code(answer)) for status, answer in failures],
                [(400, "failed", "challengeNotFound")] * 2,
                answers,
            )

    def test_the_same_registration_posted_to_three_instances_at_once_stores_one_credential(self) -> None:
        for round_number in range(ROUNDS // 2):
            options = self.creation_options(self.instances[round_number % 3], f"race-registration-{round_number}")
            credential, response = self.authenticator.register(options)
            answers = post_at_once(
                [(instance, "/attestation/result", json.dumps(response).encode()) for instance in self.instances]
            )
            self.assertEqual(sorted(status for status, _ in answers), [200, 400, 400], answers)
            self.assertEqual(
                sorted(error_code(answer) for status, answer in answers if status == 400),
                ["challengeNotFound", "challengeNotFound"],
                answers,
            )
            self.assertEqual(self.stored_credential_count(credential.credential_id), 1)

    def test_two_registrations_of_one_credential_id_race_and_one_wins(self) -> None:
        for round_number in range(ROUNDS // 2):
            first, second = self.instances[round_number % 3], self.instances[(round_number + 1) % 3]
            one_user = round_number % 2 == 0
            usernames = [f"same-id-{round_number}"] * 2 if one_user else [f"same-id-{round_number}-{n}" for n in "ab"]
            credential_id = os.urandom(16)
            contenders = [
                self.authenticator.register(self.creation_options(instance, username), credential_id=credential_id)
                for instance, username in zip((first, second), usernames)
            ]
            answers = post_at_once(
                [
                    (first, "/attestation/result", json.dumps(contenders[0][1]).encode()),
                    (second, "/attestation/result", json.dumps(contenders[1][1]).encode()),
                ]
            )
            self.assertEqual(sorted(status for status, _ in answers), [200, 400], answers)
            loser_answer = next(answer for status, answer in answers if status == 400)
            self.assertEqual(
                (loser_answer["status"], error_code(loser_answer)), ("failed", "credentialAlreadyRegistered")
            )
            self.assertEqual(self.stored_credential_count(credential_id), 1)

            winner_index = 0 if answers[0][0] == 200 else 1
            winner, loser = contenders[winner_index][0], contenders[1 - winner_index][0]
            options = self.request_options(self.instances[2])
            assertion = self.authenticator.authenticate(winner, options["challenge"])
            status, answer = post(self.instances[0], "/assertion/result", assertion)
            self.assertEqual((status, answer.get("username")), (200, usernames[winner_index]), answer)
            # The loser's key was not stored: it answers with its own user handle (each sign-up of a new username
            # has a user handle of its own, even for one name), so the credential is someone else's.
            options = self.request_options(self.instances[1])
            status, answer = post(
                self.instances[2], "/assertion/result", self.authenticator.authenticate(loser, options["challenge"])
            )
            self.assertEqual((status, error_code(answer)), (400, "credentialMismatch"), answer)

    def test_ceremonies_started_on_one_instance_finish_on_another(self) -> None:
        pairs = [(begin, finish) for begin in range(3) for finish in range(3) if begin != finish]
        for begin, finish in pairs:
            username = f"across-{begin}-{finish}"
            options = self.creation_options(self.instances[begin], username)
            credential, response = self.authenticator.register(options)
            status, answer = post(self.instances[finish], "/attestation/result", response)
            self.assertEqual((status, signed_in(answer)), (200, username), answer)

            named = self.request_options(self.instances[finish], username)
            self.assertEqual(
                [entry["id"] for entry in named["allowCredentials"]], [base64url(credential.credential_id)]
            )
            assertion = self.authenticator.authenticate(credential, named["challenge"])
            status, answer = post(self.instances[begin], "/assertion/result", assertion)
            self.assertEqual((status, signed_in(answer)), (200, username), answer)

            discoverable = self.request_options(self.instances[begin])
            assertion = self.authenticator.authenticate(credential, discoverable["challenge"])
            status, answer = post(self.instances[finish], "/assertion/result", assertion)
            self.assertEqual((status, signed_in(answer)), (200, username), answer)
            session = get(self.instances[third_of(begin, finish)], "/session", answer["sessionToken"])
            self.assertEqual((session[0], session[1].get("username")), (200, username), session)
            third = self.instances[third_of(begin, finish)]
            status, answer = post(third, "/assertion/result", assertion)
            self.assertEqual((status, answer["status"], error_code(answer)), (400, "failed", "challengeNotFound"))

    def test_health_routes_request_ids_and_the_metrics_port(self) -> None:
        instance = self.instances[0]
        for path in ("/health/live", "/health/ready"):
            status, body, _ = fetch(instance.connection(), path)
            self.assertEqual((status, json.loads(body)), (200, {"status": "ok", "errorMessage": ""}), path)
        status, body, _ = fetch(instance.connection(), "/metrics")
        self.assertEqual((status, error_code(json.loads(body))), (404, "notFound"), body)
        _, _, headers = fetch(instance.connection(), "/health/live", {"X-Request-ID": "ci-check.1"})
        self.assertEqual(headers.get("X-Request-ID"), "ci-check.1")
        _, _, headers = fetch(instance.connection(), "/health/live", {"X-Request-ID": "not allowed\u00e9"})
        self.assertRegex(headers.get("X-Request-ID", ""), r"^[A-Za-z0-9._-]{1,64}$")

        self.register(instance, "metrics-user")
        status, text, headers = fetch(instance.metrics_connection(), "/metrics")
        self.assertEqual(status, 200)
        self.assertTrue(headers.get("Content-Type", "").startswith("text/plain; version=0.0.4"), headers)
        self.assertGreaterEqual(
            sample(text, "passkey_ceremonies_total", {"kind": "registration", "step": "finish", "outcome": "ok"}) or 0,
            1,
            text,
        )
        self.assertGreaterEqual(
            sample(text, "passkey_http_requests_total", {"route": "/health/ready", "status": "200"}) or 0, 1, text
        )
        self.assertGreaterEqual(
            sample(text, "passkey_http_request_duration_seconds_count", {"route": "/attestation/result"}) or 0, 1
        )
        self.assertIsNotNone(sample(text, "passkey_active_sessions", {}), text)
        status, _, _ = fetch(instance.metrics_connection(), "/attestation/options")
        self.assertEqual(status, 404)

    def test_a_schema_version_below_zero_stops_the_server_at_start(self) -> None:
        def start_on(database: str) -> subprocess.CompletedProcess:
            return subprocess.run(
                [
                    SETTINGS["server"], "serve", "--host", "127.0.0.1", "--port", str(free_port()),
                    "--rp-id", RELYING_PARTY_ID, "--origin", ORIGIN, "--database", database,
                ],
                capture_output=True, text=True, timeout=120,
            )

        with tempfile.TemporaryDirectory() as directory, self.subTest("SQLite"):
            path = os.path.join(directory, "damaged.sqlite")
            with ServerCluster(SETTINGS["server"], path) as cluster:
                cluster.start(1)
            with sqlite3.connect(path) as connection:
                connection.execute("UPDATE passkey_schema_version SET version = -1")
            result = start_on(path)
            self.assertNotEqual(result.returncode, 0)
            self.assertIn("schema version is -1", result.stdout + result.stderr)
            self.assertNotIn("Illegal instruction", result.stdout + result.stderr)
        with PostgresDatabase(SETTINGS["postgres"], "passkey_schema") as database, self.subTest("PostgreSQL"):
            with ServerCluster(SETTINGS["server"], database.url) as cluster:
                cluster.start(1)
            subprocess.run(
                ["psql", database.url, "-qc", "UPDATE passkey_schema_version SET version = -1"], check=True
            )
            result = start_on(database.url)
            self.assertNotEqual(result.returncode, 0)
            self.assertIn("schema version is -1", result.stdout + result.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True, help="the passkey-server binary")
    add_postgres_option(parser)
    arguments, rest = parser.parse_known_args()
    if not arguments.postgres:
        parser.error("give --postgres or set PASSKEY_CLUSTER_POSTGRES_URL")
    SETTINGS.update(server=os.path.abspath(arguments.server), postgres=arguments.postgres)
    unittest.main(argv=[sys.argv[0], "-v", *rest], testRunner=SummaryRunner)


if __name__ == "__main__":
    main()
