"""A peer of passkey-server for the load test: the four ceremony routes over py_webauthn 3.0.1 on Flask, served by
gunicorn (gthread workers), on an SQLite file (WAL) or a PostgreSQL database.

The stack is the one of the Python tutorials for py_webauthn: Flask for the routes (the demo that py_webauthn's
own repository shipped before 1.0 was a Flask app), py_webauthn's four functions for the ceremonies, and the
database through its DB-API driver (the standard library's `sqlite3`, psycopg 3), served by gunicorn as Flask's
deployment guide shows. The routes answer what passkey-server answers for what `load_test.py` sends, with the same
semantics:

- `POST /attestation/options` `{"username", "displayName"?}`: a taken username is `400`; otherwise a new 64-byte
  user handle and a challenge, stored with the username, and `{"status": "ok", "errorMessage": "", ...}` with
  the `PublicKeyCredentialCreationOptionsJSON` members (WebAuthn Level 3 §5.4).
- `POST /attestation/result` (a `RegistrationResponseJSON`): the challenge named by `clientDataJSON` is taken
  (deleted, so at most once), the response verified (§7.1), then the account, the credential and a session are
  written in one transaction; the answer is the username and the session's token.
- `POST /assertion/options` `{}`: a challenge, stored, and the request options with an empty `allowCredentials`
  (a discoverable sign-in, §5.5).
- `POST /assertion/result` (an `AuthenticationResponseJSON`): the challenge is taken, the credential read, its
  user handle compared with the response's (§7.2 `#sctn-verifying-assertion` step "identify the user"), the
  assertion verified (§7.2), then in one transaction the counter and last use written with a compare-and-set on the
  row's version, the username read, a session inserted; the answer is the username and the session's token (in the
  body too when the request has no `Origin`, as passkey-server does) and a session cookie.

Every bad input is a `400` `{"status": "failed", "errorMessage": ...}`. Settings come from the environment:
`PEER_DATABASE` (a file path, or a `postgres://` URL), `PEER_RP_ID`, `PEER_ORIGIN`, `PEER_SQLITE_SYNCHRONOUS`
(`FULL` by default, as passkey-server's SQLite storage). Each gunicorn thread keeps one database connection of its
own (sqlite3's statement cache, psycopg's automatic server-side prepared statements).

    PEER_DATABASE=/tmp/p.sqlite PEER_RP_ID=localhost PEER_ORIGIN=http://localhost:8080 \\
        python -m gunicorn --worker-class gthread --workers 2 --threads 8 --preload \\
        --chdir Tests/EndToEnd/peer peer_server:app
"""

import base64
import binascii
import hashlib
import json
import os
import secrets
import sqlite3
import threading
import time

from flask import Flask, Response, request
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

DATABASE = os.environ.get("PEER_DATABASE", "peer.sqlite")
RP_ID = os.environ.get("PEER_RP_ID", "localhost")
RP_NAME = os.environ.get("PEER_RP_NAME", RP_ID)
ORIGIN = os.environ.get("PEER_ORIGIN", "http://localhost:8080")
SQLITE_SYNCHRONOUS = os.environ.get("PEER_SQLITE_SYNCHRONOUS", "FULL")
CHALLENGE_SECONDS = 300
SESSION_SECONDS = 7 * 24 * 3600
USER_HANDLE_BYTES = 64
MAXIMUM_USERNAME_LENGTH = 64
SESSION_COOKIE = "passkey_session"


class Rejected(Exception):
    """A request answered `400` with this message."""


def from_base64url(text: object) -> bytes:
    """The bytes of a base64url string (padding optional); `Rejected` for anything else."""
    if not isinstance(text, str):
        raise Rejected("a base64url string was expected")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as error:
        raise Rejected("not base64url") from error


def requested_challenge(body: dict) -> bytes:
    """The challenge `clientDataJSON` names (§5.8.1 `challenge`), to find the stored one."""
    response = body.get("response")
    if not isinstance(response, dict):
        raise Rejected("response is missing")
    try:
        client_data = json.loads(from_base64url(response.get("clientDataJSON")))
    except ValueError as error:
        raise Rejected("clientDataJSON is not JSON") from error
    if not isinstance(client_data, dict):
        raise Rejected("clientDataJSON is not an object")
    return from_base64url(client_data.get("challenge"))


class Store:
    """The tables, over one DB-API connection per thread; `placeholder` and the SQL types differ between SQLite
    and PostgreSQL, the statements do not."""

    placeholder = "?"
    blob = "BLOB"

    def __init__(self):
        self.local = threading.local()

    def schema(self) -> list[str]:
        b = self.blob
        return [
            f"""CREATE TABLE IF NOT EXISTS peer_accounts (
                username TEXT PRIMARY KEY NOT NULL, user_handle {b} NOT NULL UNIQUE, display_name TEXT)""",
            f"""CREATE TABLE IF NOT EXISTS peer_credentials (
                credential_id {b} PRIMARY KEY NOT NULL, user_handle {b} NOT NULL, public_key {b} NOT NULL,
                sign_count BIGINT NOT NULL, backed_up BOOLEAN NOT NULL, transports TEXT NOT NULL,
                registered_at DOUBLE PRECISION NOT NULL, last_used_at DOUBLE PRECISION,
                version BIGINT NOT NULL)""",
            "CREATE INDEX IF NOT EXISTS peer_credentials_user_handle ON peer_credentials (user_handle)",
            f"""CREATE TABLE IF NOT EXISTS peer_challenges (
                challenge {b} PRIMARY KEY NOT NULL, ceremony TEXT NOT NULL, user_handle {b}, username TEXT,
                display_name TEXT, expires_at DOUBLE PRECISION NOT NULL)""",
            "CREATE INDEX IF NOT EXISTS peer_challenges_expires_at ON peer_challenges (expires_at)",
            f"""CREATE TABLE IF NOT EXISTS peer_sessions (
                token_hash {b} PRIMARY KEY NOT NULL, user_handle {b} NOT NULL, credential_id {b} NOT NULL,
                created_at DOUBLE PRECISION NOT NULL, expires_at DOUBLE PRECISION NOT NULL,
                user_agent TEXT NOT NULL)""",
            "CREATE INDEX IF NOT EXISTS peer_sessions_user_handle ON peer_sessions (user_handle)",
        ]

    def sql(self, statement: str) -> str:
        return statement.replace("?", self.placeholder)

    def connection(self):
        """This thread's connection, opened at its first use."""
        connection = getattr(self.local, "connection", None)
        if connection is None:
            connection = self.open()
            self.local.connection = connection
        return connection

    def execute(self, statement: str, parameters: tuple = ()):
        return self.connection().execute(self.sql(statement), parameters)

    def put_challenge(self, challenge: bytes, ceremony: str, user_handle=None, username=None, display_name=None):
        self.execute(
            "INSERT INTO peer_challenges (challenge, ceremony, user_handle, username, display_name, expires_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (challenge, ceremony, user_handle, username, display_name, time.time() + CHALLENGE_SECONDS),
        )

    def take_challenge(self, challenge: bytes, ceremony: str):
        """Deletes the challenge and returns its row `(user_handle, username, display_name)`, or `None` when it
        is unknown, of another ceremony, taken already or expired: a challenge is honoured at most once."""
        rows = self.execute(
            "DELETE FROM peer_challenges WHERE challenge = ? AND ceremony = ? "
            "RETURNING user_handle, username, display_name, expires_at",
            (challenge, ceremony),
        ).fetchall()
        if not rows or rows[0][3] <= time.time():
            return None
        row = rows[0]
        return bytes(row[0]) if row[0] is not None else None, row[1], row[2]

    def username_taken(self, username: str) -> bool:
        return self.execute("SELECT 1 FROM peer_accounts WHERE username = ?", (username,)).fetchone() is not None

    def credential(self, credential_id: bytes):
        """`(user_handle, public_key, sign_count, version)` of the credential, or `None`."""
        row = self.execute(
            "SELECT user_handle, public_key, sign_count, version FROM peer_credentials WHERE credential_id = ?",
            (credential_id,),
        ).fetchone()
        return None if row is None else (bytes(row[0]), bytes(row[1]), row[2], row[3])

    def insert_session(self, token: str, user_handle: bytes, credential_id: bytes, user_agent: str) -> None:
        now = time.time()
        self.execute(
            "INSERT INTO peer_sessions (token_hash, user_handle, credential_id, created_at, expires_at, user_agent) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (hashlib.sha256(token.encode()).digest(), user_handle, credential_id, now, now + SESSION_SECONDS,
             user_agent[:256]),
        )

    def register(self, username, user_handle, display_name, verified, transports, token, user_agent) -> None:
        """Creates the account, its credential and a session in one transaction; `Rejected` when the username or
        the credential ID was taken meanwhile."""
        with self.transaction():
            created = self.execute(
                "INSERT INTO peer_accounts (username, user_handle, display_name) VALUES (?, ?, ?) "
                "ON CONFLICT DO NOTHING",
                (username, user_handle, display_name),
            ).rowcount
            if created != 1:
                raise Rejected("another registration of this username finished first")
            stored = self.execute(
                "INSERT INTO peer_credentials (credential_id, user_handle, public_key, sign_count, backed_up, "
                "transports, registered_at, last_used_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 0) "
                "ON CONFLICT DO NOTHING",
                (verified.credential_id, user_handle, verified.credential_public_key, verified.sign_count,
                 verified.credential_backed_up, json.dumps(transports), time.time()),
            ).rowcount
            if stored != 1:
                raise Rejected("this credential is registered already")
            self.insert_session(token, user_handle, verified.credential_id, user_agent)

    def signed_in(self, credential_id, version, new_sign_count, user_handle, token, user_agent) -> str:
        """Writes the counter and last use if the row is still at `version`, reads the username and inserts the
        session, in one transaction; returns the username."""
        with self.transaction():
            updated = self.execute(
                "UPDATE peer_credentials SET sign_count = ?, last_used_at = ?, version = version + 1 "
                "WHERE credential_id = ? AND version = ?",
                (new_sign_count, time.time(), credential_id, version),
            ).rowcount
            if updated != 1:
                raise Rejected("the credential changed meanwhile: sign in again")
            row = self.execute("SELECT username FROM peer_accounts WHERE user_handle = ?", (user_handle,)).fetchone()
            if row is None:
                raise Rejected("the credential belongs to no account")
            self.insert_session(token, user_handle, credential_id, user_agent)
            return row[0]


class SQLiteStore(Store):
    """The tables in an SQLite file in WAL mode; autocommit, and `BEGIN IMMEDIATE` around the transactions so
    that a writer waits for the write lock (busy timeout 10 s, as passkey-server's) instead of failing on a
    stale read snapshot."""

    def __init__(self, path: str):
        super().__init__()
        self.path = path

    def open(self):
        connection = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=False)
        connection.execute(f"PRAGMA synchronous = {SQLITE_SYNCHRONOUS}")
        return connection

    def create_schema(self) -> None:
        connection = self.open()
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("BEGIN IMMEDIATE")
        for statement in self.schema():
            connection.execute(statement)
        connection.execute("COMMIT")
        connection.close()

    def transaction(self):
        return SQLiteTransaction(self.connection())


class SQLiteTransaction:
    def __init__(self, connection):
        self.connection = connection

    def __enter__(self):
        self.connection.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, value, traceback):
        self.connection.execute("COMMIT" if kind is None else "ROLLBACK")


class PostgresStore(Store):
    """The tables in a PostgreSQL database through psycopg 3, autocommit outside `transaction()`."""

    placeholder = "%s"
    blob = "BYTEA"

    def __init__(self, url: str):
        super().__init__()
        self.url = url

    def open(self):
        import psycopg

        return psycopg.connect(self.url, autocommit=True)

    def create_schema(self) -> None:
        with self.open() as connection:
            with connection.transaction():
                connection.execute("SELECT pg_advisory_xact_lock(4242)")
                for statement in self.schema():
                    connection.execute(statement)

    def transaction(self):
        return self.connection().transaction()


def open_store() -> Store:
    store = PostgresStore(DATABASE) if DATABASE.startswith(("postgres://", "postgresql://")) else SQLiteStore(DATABASE)
    store.create_schema()
    return store


store = open_store()
app = Flask(__name__)


def answer(members: dict, status: int = 200) -> Response:
    return Response(json.dumps(members), status=status, mimetype="application/json")


def options_answer(options) -> Response:
    """`status` and `errorMessage` followed by the options' members, as the conformance-test server API sends them."""
    members = options_to_json(options)
    response = Response('{"status":"ok","errorMessage":"",' + members[1:], mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


def request_object() -> dict:
    body = request.get_json(force=True, silent=True)
    if not isinstance(body, dict):
        raise Rejected("the body is not a JSON object")
    return body


def signed_in_answer(username: str, token: str) -> Response:
    """The username, the session's token for a client without `Origin` (a native app), and the cookie."""
    members = {"status": "ok", "errorMessage": "", "username": username}
    if "Origin" not in request.headers:
        members["sessionToken"] = token
    response = answer(members)
    response.set_cookie(SESSION_COOKIE, token, max_age=SESSION_SECONDS, path="/", httponly=True, samesite="Lax")
    return response


@app.errorhandler(Rejected)
def rejected(error: Rejected) -> Response:
    return answer({"status": "failed", "errorMessage": str(error)}, 400)


@app.errorhandler(WebAuthnException)
def invalid(error: Exception) -> Response:
    return answer({"status": "failed", "errorMessage": str(error)}, 400)


@app.post("/attestation/options")
def attestation_options() -> Response:
    body = request_object()
    username, display_name = body.get("username"), body.get("displayName") or body.get("username")
    if not isinstance(username, str) or not 0 < len(username.strip()) <= MAXIMUM_USERNAME_LENGTH:
        raise Rejected(f"username must be 1 to {MAXIMUM_USERNAME_LENGTH} characters")
    if not isinstance(display_name, str) or len(display_name) > MAXIMUM_USERNAME_LENGTH:
        raise Rejected("displayName is too long")
    username = username.strip().lower()
    if store.username_taken(username):
        raise Rejected("this username is taken")
    user_handle = secrets.token_bytes(USER_HANDLE_BYTES)
    options = generate_registration_options(
        rp_id=RP_ID,
        rp_name=RP_NAME,
        user_name=username,
        user_id=user_handle,
        user_display_name=display_name,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
    )
    store.put_challenge(options.challenge, "registration", user_handle, username, display_name)
    return options_answer(options)


@app.post("/attestation/result")
def attestation_result() -> Response:
    body = request_object()
    challenge = requested_challenge(body)
    taken = store.take_challenge(challenge, "registration")
    if taken is None:
        raise Rejected("the challenge is unknown, used or expired")
    user_handle, username, display_name = taken
    verified = verify_registration_response(
        credential=body, expected_challenge=challenge, expected_rp_id=RP_ID, expected_origin=ORIGIN
    )
    transports = body["response"].get("transports") or []
    token = secrets.token_urlsafe(32)
    store.register(
        username, user_handle, display_name, verified, transports, token, request.headers.get("User-Agent", "")
    )
    return signed_in_answer(username, token)


@app.post("/assertion/options")
def assertion_options() -> Response:
    request_object()
    options = generate_authentication_options(
        rp_id=RP_ID, allow_credentials=[], user_verification=UserVerificationRequirement.PREFERRED
    )
    store.put_challenge(options.challenge, "authentication")
    return options_answer(options)


@app.post("/assertion/result")
def assertion_result() -> Response:
    body = request_object()
    challenge = requested_challenge(body)
    if store.take_challenge(challenge, "authentication") is None:
        raise Rejected("the challenge is unknown, used or expired")
    credential_id = from_base64url(body.get("rawId"))
    found = store.credential(credential_id)
    if found is None:
        raise Rejected("no such credential")
    user_handle, public_key, sign_count, version = found
    response = body.get("response")
    if not isinstance(response, dict) or from_base64url(response.get("userHandle")) != user_handle:
        raise Rejected("the user handle is not the credential's")
    verified = verify_authentication_response(
        credential=body,
        expected_challenge=challenge,
        expected_rp_id=RP_ID,
        expected_origin=ORIGIN,
        credential_public_key=public_key,
        credential_current_sign_count=sign_count,
    )
    token = secrets.token_urlsafe(32)
    username = store.signed_in(
        credential_id, version, verified.new_sign_count, user_handle, token, request.headers.get("User-Agent", "")
    )
    return signed_in_answer(username, token)
