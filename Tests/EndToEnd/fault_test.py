"""Faults under load (issue 21 §2): passkey-server keeps signing in and registering while one part breaks at a
time, then the database is checked against what the clients were told.

    python3 Tests/EndToEnd/fault_test.py --server .build/debug/passkey-server [--fault-seconds 10]

Loopback only, bounded (`--time-limit`, 15 minutes by default), and it stops by itself. PostgreSQL faults run on a
throwaway cluster the script creates with the machine's `initdb` on a free port in a temporary directory (as the
`postgres` user when run as root), so stopping it disturbs no other cluster; SQLite faults on a small tmpfs the
script mounts (as root; otherwise they are skipped with a message). The faults, each on fresh instances:

- `postgres-restart`, `postgres-stop`: PostgreSQL restarted, and stopped for `--fault-seconds`, under load: no 500,
  503 while it is away, every answer within the store deadline and a margin, 200 again within 5 s of its return,
  the server not restarted;
- `sigkill`: one of three instances killed with SIGKILL: the two others keep answering 200, and a registration and
  a sign-in begun on the dead one finish on another;
- `sigterm`: SIGTERM to one of two instances under load: every request sent to it before the signal is answered,
  and it exits 0;
- `lock`: `LOCK TABLE passkey_credentials IN ACCESS EXCLUSIVE MODE` held for `--fault-seconds`: 503 within the
  store deadline and a margin, at most the pool's connections wait on the lock, 200 within 5 s of its release;
- `concurrent-start`: three instances started at the same moment on an empty database all serve; a start against
  a port nobody listens on and with a wrong password each fail with an exit status and a message naming the
  cause;
- `sqlite-full`: the SQLite file on a full filesystem under load: 503 (never a crash or a 500), 200 again once
  space is freed, `PRAGMA integrity_check` ok; `sqlite-read-only`: a start on a read-only filesystem fails with a
  message, or serves 503, never a crash;
- `hostile-database`: a schema version that is negative, too large or not a number, and a credentials table with
  the wrong columns (SQLite and PostgreSQL): an exit status above 0 and a message naming the damage at start,
  never a trap;
- `kill-during-ceremony-sqlite`, `kill-during-ceremony-postgres` (both: `kill-during-ceremony`; issue 31): one
  instance on a fresh SQLite file or PostgreSQL database, under sign-ups, passkey additions and deletions (half of
  them raced by a sign-in with the passkey being deleted) and sign-ins, killed with SIGKILL `--kills` times at
  random moments and restarted on the same database each time. While it is down the workers wait; once it serves,
  the database is read directly (sqlite3, psql): no credential whose user handle has no account, no session whose
  credential is gone, no account without a credential (`apple:` ones aside). Then every finish request (an
  `/attestation/result` or `/assertion/result`) in flight at the kill or answered 200 in the half second before it
  is sent again: each is refused (4xx), except one in flight whose challenge is still pending, which may be honoured
  then, its first time; and the re-sends start no session and store no credential beyond those. Every answer is a
  2xx, a 4xx, a 503 or a connection error of a request in flight at a kill; at the end the invariants hold again,
  every passkey registered with a 200 and not deleted is stored, every deletion answered 200 is gone, no counter is
  behind. A table per kill follows the summary.

The load: `--concurrency` workers, each on a keep-alive connection to one instance (on a connection error it moves
to the next live instance, as a load balancer would), each registering a new user every fifth round and otherwise
signing in with one of its credentials (discoverable: empty allowCredentials), the signature counter going up by
one per assertion; every fourth sign-in answered 200 is posted again to another instance, and must be refused.
After each load fault the database is checked: every registration answered 200 is stored for its user, no
credential's counter or version is below what the 200 answers imply, and no challenge of an answered 200 is still
pending. The table printed at the end is the one in Docs/Robustness.md. The exit status is 1 when any check fails.
"""

import argparse
import asyncio
import glob
import hashlib
import json
import os
import pwd
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from load_test import HTTPConnection  # noqa: E402
from server_processes import (  # noqa: E402
    ORIGIN,
    RELYING_PARTY_ID,
    ServerCluster,
    ServerInstance,
    free_port,
    wait_until_ready,
)
from software_authenticator import (  # noqa: E402
    SoftwareAuthenticator,
    SoftwareCredential,
    base64url,
    from_base64url,
)

REQUEST_TIMEOUT = 30
RECOVERY_BOUND = 5.0
LATENCY_MARGIN = 2.0
SERVER_ARGUMENTS = ["--rate-limit", "off", "--username-rate-limit", "off"]


# The throwaway PostgreSQL cluster.


class ThrowawayPostgres:
    """A PostgreSQL cluster of its own in a temporary directory, on a free loopback port, password `postgres`
    for the superuser `postgres`; stopped and removed at the end."""

    def __init__(self) -> None:
        candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
        initdb = candidates[-1] if candidates else shutil.which("initdb")
        if not initdb:
            raise RuntimeError("no initdb: install PostgreSQL's server package (what .ci/postgres.sh does)")
        self.bin = os.path.dirname(initdb)
        self.directory = tempfile.mkdtemp(prefix="passkey-fault-pg-")
        self.data = os.path.join(self.directory, "data")
        self.port = free_port()
        self.user = "postgres" if os.geteuid() == 0 else None
        if self.user:
            os.chown(self.directory, pwd.getpwnam(self.user).pw_uid, pwd.getpwnam(self.user).pw_gid)
        password_file = os.path.join(self.directory, "password")
        with open(password_file, "w", encoding="ascii") as file:
            file.write("postgres\n")
        if self.user:
            os.chown(password_file, pwd.getpwnam(self.user).pw_uid, -1)
        self._run(
            "initdb", "-D", self.data, "-U", "postgres", "--pwfile", password_file, "-E", "UTF8",
            "--auth-local", "trust", "--auth-host", "scram-sha-256", "--no-sync",
        )
        self.start()

    def _run(self, program: str, *arguments: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [os.path.join(self.bin, program), *arguments], user=self.user, check=True, capture_output=True, text=True,
            cwd=self.directory,
        )

    def start(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -c port={self.port} -c unix_socket_directories={self.directory}"
        self._run("pg_ctl", "-D", self.data, "-w", "-t", "60", "-l", os.path.join(self.directory, "log"),
                  "-o", options, "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", self.data, "-w", "-t", "60", "-m", "fast", "stop")

    def restart(self) -> None:
        self._run("pg_ctl", "-D", self.data, "-w", "-t", "60", "-l", os.path.join(self.directory, "log"),
                  "-m", "fast", "restart")

    def url(self, database: str, password: str = "postgres") -> str:
        return f"postgres://postgres:{password}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        self.psql("postgres", f"CREATE DATABASE {name}")
        return self.url(name)

    def psql(self, database: str, statement: str) -> str:
        """Runs `statement` and returns psql's unaligned, tuple-only output."""
        return subprocess.run(
            ["psql", self.url(database), "-v", "ON_ERROR_STOP=1", "-tAc", statement],
            check=True, capture_output=True, text=True, timeout=60,
        ).stdout

    def close(self) -> None:
        try:
            self._run("pg_ctl", "-D", self.data, "-w", "-t", "60", "-m", "immediate", "stop")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.directory, ignore_errors=True)


# The load.


@dataclass
class Answer:
    """One request: its route, the instance's port, when it was sent and answered (monotonic seconds), and the
    HTTP status, or `None` with `error` for a connection error or a timeout."""

    route: str
    port: int
    sent: float
    answered: float
    status: int | None
    error: str = ""

    @property
    def seconds(self) -> float:
        return self.answered - self.sent


@dataclass
class TrackedCredential:
    """A credential registered with a 200: its user, the counter of its last assertion, the highest counter and
    the count of its sign-ins answered 200."""

    credential: SoftwareCredential
    username: str
    counter: int = 0
    acknowledged_counter: int = 0
    sign_ins: int = 0
    reserved: bool = False  # taken by a fault's own ceremony: the workers no longer sign in with it


@dataclass
class Load:
    """The workers' shared record."""

    instances: list[ServerInstance]
    authenticator: SoftwareAuthenticator = field(
        default_factory=lambda: SoftwareAuthenticator(RELYING_PARTY_ID, ORIGIN)
    )
    answers: list[Answer] = field(default_factory=list)
    credentials: list[TrackedCredential] = field(default_factory=list)
    uncertain_registrations: list[bytes] = field(default_factory=list)
    honoured_challenges: list[bytes] = field(default_factory=list)
    replays_honoured: list[str] = field(default_factory=list)
    dead_ports: set[int] = field(default_factory=set)
    stopping: bool = False
    registrations: int = 0

    def live_port(self, after: int) -> int:
        """The port of the next instance after index `after` that is not known to be dead."""
        ports = [instance.port for instance in self.instances]
        for step in range(1, len(ports) + 1):
            port = ports[(after + step) % len(ports)]
            if port not in self.dead_ports:
                return port
        return ports[after % len(ports)]


class Worker:
    """One client: a keep-alive connection to an instance, its own credentials, sign-ins and registrations."""

    def __init__(self, load: Load, index: int, tag: str):
        self.load = load
        self.index = index
        self.tag = tag
        self.instance_index = index % len(load.instances)
        self.port = load.instances[self.instance_index].port
        self.connection: HTTPConnection | None = None
        self.own: list[TrackedCredential] = []
        self.rounds = 0

    async def post(self, route: str, body: bytes, port: int | None = None) -> tuple[int | None, bytes]:
        """POSTs over the worker's connection (or a new one to `port`), records the answer, and returns the status
        and body; `None` for a connection error or a timeout, after which the worker moves to the next instance."""
        sent = time.monotonic()
        own = port is None
        port = self.port if own else port
        connection = self.connection if own else None
        try:
            if connection is None:
                connection = HTTPConnection(port)
                await asyncio.wait_for(connection.open(), REQUEST_TIMEOUT)
                if own:
                    self.connection = connection
            status, answer = await asyncio.wait_for(connection.post(route.split("#")[0], body), REQUEST_TIMEOUT)
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError, IndexError) as error:
            self.load.answers.append(Answer(route, port, sent, time.monotonic(), None, type(error).__name__))
            if connection is not None:
                connection.close()
            if own:
                self.connection = None
                self.port = self.load.live_port(self.instance_index)
                self.instance_index = [instance.port for instance in self.load.instances].index(self.port)
                await asyncio.sleep(0.05)
            return None, b""
        self.load.answers.append(Answer(route, port, sent, time.monotonic(), status))
        if not own:
            connection.close()
        elif connection.closing:
            connection.close()
            self.connection = None
        return status, answer

    async def run(self) -> None:
        while not self.load.stopping:
            self.rounds += 1
            if not self.own or self.rounds % 5 == 0:
                await self.register()
            else:
                usable = [tracked for tracked in self.own if not tracked.reserved]
                if usable:
                    await self.sign_in(random.choice(usable))
                else:
                    await self.register()

    async def register(self) -> None:
        self.load.registrations += 1
        username = f"{self.tag}-{self.index}-{self.load.registrations}"
        status, body = await self.post("/attestation/options", json.dumps({"username": username}).encode())
        if status != 200:
            return
        options = json.loads(body)
        credential, response = self.load.authenticator.register(options)
        status, body = await self.post("/attestation/result", json.dumps(response).encode())
        if status == 200:
            tracked = TrackedCredential(credential, username)
            self.own.append(tracked)
            self.load.credentials.append(tracked)
            self.load.honoured_challenges.append(from_base64url(options["challenge"]))
        elif status is None:
            self.load.uncertain_registrations.append(credential.credential_id)

    async def sign_in(self, tracked: TrackedCredential) -> None:
        status, body = await self.post("/assertion/options", b"{}")
        if status != 200:
            return
        challenge = json.loads(body)["challenge"]
        if tracked.reserved:
            return
        tracked.counter += 1
        assertion = json.dumps(self.load.authenticator.authenticate(tracked.credential, challenge, tracked.counter))
        status, body = await self.post("/assertion/result", assertion.encode())
        if status != 200:
            return
        tracked.acknowledged_counter = tracked.counter
        tracked.sign_ins += 1
        self.load.honoured_challenges.append(from_base64url(challenge))
        if tracked.sign_ins % 4 == 0:
            other = self.load.live_port(self.instance_index)
            status, body = await self.post("/assertion/result#replay", assertion.encode(), port=other)
            if status == 200:
                self.load.replays_honoured.append(challenge)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()


async def run_load(load: Load, concurrency: int, tag: str, fault) -> None:
    """Runs the workers while the coroutine `fault(load)` breaks something, and stops them when it returns."""
    workers = [Worker(load, index, tag) for index in range(concurrency)]
    tasks = [asyncio.create_task(worker.run()) for worker in workers]
    try:
        await fault(load)
    finally:
        load.stopping = True
        await asyncio.wait(tasks, timeout=REQUEST_TIMEOUT * 2 + 5)
        for worker in workers:
            worker.close()
        for task in tasks:
            if not task.done():
                task.cancel()


# What the table reports, and the database checks.


@dataclass
class Outcome:
    """One fault's row of the table, and the failed checks."""

    name: str
    fault: str = ""
    answers: list[Answer] = field(default_factory=list)
    fault_at: float | None = None
    recovered_at: float | None = None
    first_ok_after: float | None = None
    notes: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    skipped: str = ""
    kill_rows: list = field(default_factory=list)  # kill-during-ceremony: one KillRow per kill

    def check(self, condition: bool, failure: str) -> None:
        if not condition:
            self.failures.append(failure)

    def counts(self) -> tuple[int, int, dict[int, int], int]:
        """200s, 503s, other statuses and connection errors, the refused replays and the re-sends after a restart
        aside."""
        answers = [a for a in self.answers if not a.route.endswith(("#replay", "#resend"))]
        ok = sum(1 for a in answers if a.status == 200)
        unavailable = sum(1 for a in answers if a.status == 503)
        others: dict[int, int] = {}
        for answer in answers:
            if answer.status not in (None, 200, 503):
                others[answer.status] = others.get(answer.status, 0) + 1
        errors = sum(1 for a in answers if a.status is None)
        return ok, unavailable, others, errors

    def longest(self) -> float:
        return max((a.seconds for a in self.answers), default=0.0)

    def measure_recovery(self) -> None:
        if self.recovered_at is not None:
            self.first_ok_after = first_ok_after(self.answers, self.recovered_at)


def first_ok_after(answers: list[Answer], moment: float) -> float | None:
    """Seconds from `moment` to the first 200 of a ceremony's result (which reads and writes the credentials)
    answered after it."""
    after = [
        a.answered for a in answers
        if a.status == 200 and a.answered >= moment and a.route in ("/assertion/result", "/attestation/result")
    ]
    return min(after) - moment if after else None


def check_answers(outcome: Outcome, load: Load, deadline: float | None) -> None:
    """The checks every load fault shares: no 5xx but 503, no replay honoured, and answers within the bound."""
    fives = [a for a in outcome.answers if a.status is not None and a.status >= 500 and a.status != 503]
    outcome.check(not fives, f"{len(fives)} answers 5xx other than 503: {sorted({a.status for a in fives})}")
    timeouts = [a for a in outcome.answers if a.error == "TimeoutError"]
    outcome.check(not timeouts, f"{len(timeouts)} requests unanswered after {REQUEST_TIMEOUT} s")
    outcome.check(not load.replays_honoured, f"replayed assertions answered 200: {load.replays_honoured[:3]}")
    replays = [a.status for a in outcome.answers if a.route.endswith("#replay")]
    outcome.notes.append(
        f"{replays.count(400)} replays of an assertion answered 200 refused with 400"
        + (f" (and {len(replays) - replays.count(400)} with {sorted(set(replays) - {400}, key=str)})"
           if len(replays) != replays.count(400) else "")
    )
    if deadline is not None:
        slow = sorted((a for a in outcome.answers if a.seconds > deadline + LATENCY_MARGIN), key=lambda a: -a.seconds)
        outcome.check(
            not slow,
            f"the longest answer took {outcome.longest():.2f} s (store deadline {deadline} s + {LATENCY_MARGIN} s): "
            + "; ".join(describe(outcome, a) for a in slow[:3]),
        )


def describe(outcome: Outcome, answer: Answer) -> str:
    """One answer for a failure message: route, instance, status, how long, and when, next to the fault's moments."""
    moments = [("the fault", outcome.fault_at), ("the recovery", outcome.recovered_at)]
    when = ", ".join(f"{answer.sent - moment:+.2f} s from {what}" for what, moment in moments if moment is not None)
    return (f"{answer.route} on :{answer.port} {answer.status or answer.error} in {answer.seconds:.2f} s, sent "
            + (when or f"{answer.sent - min(a.sent for a in outcome.answers):.2f} s into the load"))


def check_database(outcome: Outcome, load: Load, rows: dict[bytes, tuple[bytes, int, int]], pending: set[bytes],
                   user_handles: dict[str, bytes], used: set[bytes]) -> None:
    """Every registration answered 200 is stored for its user; no counter or version below what the 200 answers
    imply; no challenge answered 200 still pending, and each sealed one (a sign-in's, not 32 bytes long) recorded as
    used. `rows`: credential ID → (user handle, sign count, version); `used`: the digests of used challenges."""
    missing = [t for t in load.credentials if t.credential.credential_id not in rows]
    outcome.check(not missing, f"{len(missing)} registrations answered 200 are not stored, e.g. {missing[:1]}")
    wrong_user = [
        t.username for t in load.credentials
        if t.credential.credential_id in rows and rows[t.credential.credential_id][0] != t.credential.user_handle
    ]
    outcome.check(not wrong_user, f"credentials stored for another user handle: {wrong_user[:3]}")
    unknown_users = [t.username for t in load.credentials if user_handles.get(t.username) != t.credential.user_handle]
    outcome.check(not unknown_users, f"users answered 200 but not stored with their handle: {unknown_users[:3]}")
    backwards = [
        (t.username, rows[t.credential.credential_id][1:], t.acknowledged_counter, t.sign_ins)
        for t in load.credentials
        if t.credential.credential_id in rows
        and (rows[t.credential.credential_id][1] < t.acknowledged_counter
             or rows[t.credential.credential_id][2] < t.sign_ins)
    ]
    outcome.check(not backwards, f"counters or versions behind the 200 answers: {backwards[:3]}")
    still = [c for c in load.honoured_challenges if c in pending]
    outcome.check(not still, f"{len(still)} challenges answered 200 are still pending")
    unrecorded = [c for c in load.honoured_challenges if len(c) != 32 and hashlib.sha256(c).digest() not in used]
    outcome.check(not unrecorded, f"{len(unrecorded)} sealed challenges answered 200 are not recorded as used")
    uncertain_stored = sum(1 for c in load.uncertain_registrations if c in rows)
    outcome.notes.append(
        f"{len(load.credentials)} registrations answered 200 all stored; {sum(t.sign_ins for t in load.credentials)} "
        f"sign-ins answered 200; {len(load.uncertain_registrations)} registrations without an answer "
        f"({uncertain_stored} stored)"
    )


def postgres_rows(postgres: ThrowawayPostgres, database: str) -> tuple[dict, set, dict, set]:
    """The credentials, pending challenges, users and used-challenge digests of a PostgreSQL database, read with
    psql."""
    rows = {}
    for line in postgres.psql(
        database, "SELECT encode(credential_id, 'hex'), encode(user_handle, 'hex'), sign_count, version "
                  "FROM passkey_credentials").splitlines():
        credential_id, user_handle, sign_count, version = line.split("|")
        rows[bytes.fromhex(credential_id)] = (bytes.fromhex(user_handle), int(sign_count), int(version))
    pending = {
        bytes.fromhex(line)
        for line in postgres.psql(database, "SELECT encode(challenge, 'hex') FROM passkey_challenges").split()
    }
    users = {}
    for line in postgres.psql(
        database, "SELECT username, encode(user_handle, 'hex') FROM passkey_accounts").splitlines():
        username, handle = line.rsplit("|", 1)
        users[username] = bytes.fromhex(handle)
    used = {
        bytes.fromhex(line)
        for line in postgres.psql(database, "SELECT encode(digest, 'hex') FROM passkey_used_challenges").split()
    }
    return rows, pending, users, used


def sqlite_rows(path: str) -> tuple[dict, set, dict, set]:
    """The credentials, pending challenges, users and used-challenge digests of an SQLite file."""
    with sqlite3.connect(path) as connection:
        rows = {
            bytes(credential_id): (bytes(user_handle or b""), sign_count, version)
            for credential_id, user_handle, sign_count, version in connection.execute(
                "SELECT credential_id, user_handle, sign_count, version FROM passkey_credentials")
        }
        pending = {bytes(c) for (c,) in connection.execute("SELECT challenge FROM passkey_challenges")}
        users = {u: bytes(h) for u, h in connection.execute("SELECT username, user_handle FROM passkey_accounts")}
        used = {bytes(d) for (d,) in connection.execute("SELECT digest FROM passkey_used_challenges")}
    return rows, pending, users, used


# The faults.


@dataclass
class Settings:
    server: str
    fault_seconds: float
    before_seconds: float
    after_seconds: float
    concurrency: int
    store_deadline: float
    kills: int = 8


def cluster_on(settings: Settings, database: str, extra: list[str] | None = None) -> ServerCluster:
    return ServerCluster(
        settings.server, database, log_level="warning",
        extra_arguments=[*SERVER_ARGUMENTS, "--store-deadline", str(settings.store_deadline), *(extra or [])],
    )


async def wait_for_recovery(load: Load, moment: float, bound: float) -> None:
    """Keeps the load going until a 200 comes after `moment` and then `bound`/2 more, or until `bound` + the
    request timeout pass."""
    limit = moment + bound + REQUEST_TIMEOUT
    while time.monotonic() < limit:
        if first_ok_after(load.answers, moment) is not None:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(bound / 2)


def postgres_stop(settings: Settings, postgres: ThrowawayPostgres, restart_only: bool) -> Outcome:
    name = "postgres-restart" if restart_only else "postgres-stop"
    outcome = Outcome(
        name,
        "PostgreSQL restarted (`pg_ctl restart -m fast`)" if restart_only
        else f"PostgreSQL stopped (`pg_ctl stop -m fast`) for {settings.fault_seconds:g} s, then started",
    )
    database = f"passkey_fault_{name.replace('-', '_')}"
    url = postgres.create_database(database)
    with cluster_on(settings, url) as cluster:
        instances = cluster.start(2)
        load = Load(instances)

        async def fault(load: Load) -> None:
            await asyncio.sleep(settings.before_seconds)
            outcome.fault_at = time.monotonic()
            if restart_only:
                await asyncio.to_thread(postgres.restart)
            else:
                await asyncio.to_thread(postgres.stop)
                await asyncio.sleep(settings.fault_seconds)
                await asyncio.to_thread(postgres.start)
            outcome.recovered_at = time.monotonic()
            await wait_for_recovery(load, outcome.recovered_at, settings.after_seconds)

        asyncio.run(run_load(load, settings.concurrency, name, fault))
        outcome.answers = load.answers
        outcome.measure_recovery()
        alive = [i.process.poll() is None for i in instances]
        outcome.check(all(alive), f"an instance exited: {[i.log()[-2000:] for i in instances]}")
    check_answers(outcome, load, settings.store_deadline)
    if not restart_only:
        outcome.check(any(a.status == 503 for a in outcome.answers), "no 503 while PostgreSQL was away")
    outcome.check(
        outcome.first_ok_after is not None and outcome.first_ok_after <= RECOVERY_BOUND,
        f"no 200 within {RECOVERY_BOUND} s of PostgreSQL's return (first after {outcome.first_ok_after})",
    )
    check_database(outcome, load, *postgres_rows(postgres, database))
    return outcome


def sigkill(settings: Settings, postgres: ThrowawayPostgres) -> Outcome:
    outcome = Outcome("sigkill", "one of three instances killed with SIGKILL")
    database = "passkey_fault_sigkill"
    url = postgres.create_database(database)
    with cluster_on(settings, url) as cluster:
        instances = cluster.start(3)
        victim = instances[0]
        load = Load(instances)
        authenticator = load.authenticator
        across: dict = {}

        async def fault(load: Load) -> None:
            await asyncio.sleep(settings.before_seconds)
            # Ceremonies begun on the victim, finished on the others after its death.
            worker = Worker(load, 0, "across")
            worker.port = victim.port
            status, body = await worker.post("/attestation/options", json.dumps({"username": "across"}).encode())
            outcome.check(status == 200, f"attestation/options on the victim: {status}")
            registration = authenticator.register(json.loads(body)) if status == 200 else None
            worker.close()
            known = load.credentials[0] if load.credentials else None
            request = None
            if known is not None:
                # Its owner signs in no more: an assertion of the owner with a higher counter answered first would
                # make this one's counter go backwards (400).
                known.reserved = True
                worker = Worker(load, 0, "across")
                worker.port = victim.port
                status, body = await worker.post("/assertion/options", b"{}")
                worker.close()
                request = json.loads(body)["challenge"] if status == 200 else None
            victim.process.kill()
            killed_at = outcome.fault_at = time.monotonic()
            load.dead_ports.add(victim.port)
            victim.process.wait()
            if registration is not None:
                credential, response = registration
                status, answer = await Worker(load, 1, "across").post(
                    "/attestation/result", json.dumps(response).encode(), port=instances[1].port)
                across["registration"] = status
                if status == 200:
                    load.credentials.append(TrackedCredential(credential, "across"))
                else:
                    across["registration answer"] = answer[:300].decode(errors="replace")
            if request is not None and known is not None:
                known.counter += 1
                assertion = authenticator.authenticate(known.credential, request, known.counter)
                status, answer = await Worker(load, 2, "across").post(
                    "/assertion/result", json.dumps(assertion).encode(), port=instances[2].port)
                across["sign-in"] = status
                if status == 200:
                    known.acknowledged_counter = known.counter
                    known.sign_ins += 1
                else:
                    across["sign-in answer"] = answer[:300].decode(errors="replace")
            await asyncio.sleep(settings.fault_seconds)
            across["killed_at"] = killed_at

        asyncio.run(run_load(load, settings.concurrency, "sigkill", fault))
        outcome.answers = load.answers
        killed_at = across.get("killed_at", time.monotonic())
        survivors_ok = sum(
            1 for a in load.answers if a.status == 200 and a.sent >= killed_at and a.port != victim.port
        )
        outcome.notes.append(f"{survivors_ok} answers 200 from the two others after the kill")
        outcome.check(survivors_ok > 0, "the two other instances answered no 200 after the kill")
        outcome.check(across.get("registration") == 200, f"registration begun on the dead one: {across}")
        outcome.check(across.get("sign-in") == 200, f"sign-in begun on the dead one: {across}")
        outcome.notes.append("a registration and a sign-in begun on the killed instance finished on another: "
                             f"{across.get('registration')}, {across.get('sign-in')}")
        outcome.check(all(i.process.poll() is None for i in instances[1:]), "a surviving instance exited")
        late_errors = [a for a in load.answers if a.status is None and a.port != victim.port]
        outcome.check(not late_errors, f"{len(late_errors)} connection errors from the surviving instances")
    check_answers(outcome, load, settings.store_deadline)
    check_database(outcome, load, *postgres_rows(postgres, database))
    return outcome


def sigterm(settings: Settings, postgres: ThrowawayPostgres) -> Outcome:
    outcome = Outcome("sigterm", "SIGTERM to one of two instances under load")
    database = "passkey_fault_sigterm"
    url = postgres.create_database(database)
    with cluster_on(settings, url) as cluster:
        instances = cluster.start(2)
        victim = instances[0]
        load = Load(instances)
        moment: dict = {}

        async def fault(load: Load) -> None:
            await asyncio.sleep(settings.before_seconds)
            outcome.fault_at = time.monotonic()
            moment["signal"] = time.monotonic()
            victim.process.send_signal(signal.SIGTERM)
            load.dead_ports.add(victim.port)
            deadline = time.monotonic() + 30
            while victim.process.poll() is None and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            moment["exited"] = time.monotonic()
            await asyncio.sleep(settings.after_seconds)

        asyncio.run(run_load(load, settings.concurrency, "sigterm", fault))
        outcome.answers = load.answers
        signalled = moment["signal"]
        in_flight = [a for a in load.answers if a.port == victim.port and a.sent < signalled < a.answered]
        unanswered = [a for a in in_flight if a.status is None]
        code = victim.process.poll()
        outcome.notes.append(
            f"{len(in_flight)} requests in flight at the signal, {len(in_flight) - len(unanswered)} answered; "
            f"exit status {code} after {moment['exited'] - signalled:.2f} s"
        )
        outcome.check(not unanswered, f"{len(unanswered)} requests in flight at SIGTERM got no answer")
        outcome.check(code == 0, f"the instance exited with {code}:\n{victim.log()[-2000:]}")
        other_ok = sum(1 for a in load.answers if a.status == 200 and a.sent > signalled and a.port != victim.port)
        outcome.check(other_ok > 0, "the other instance answered no 200 after the signal")
    check_answers(outcome, load, settings.store_deadline)
    check_database(outcome, load, *postgres_rows(postgres, database))
    return outcome


def lock(settings: Settings, postgres: ThrowawayPostgres) -> Outcome:
    outcome = Outcome(
        "lock", f"`LOCK TABLE passkey_credentials IN ACCESS EXCLUSIVE MODE` held for {settings.fault_seconds:g} s"
    )
    database = "passkey_fault_lock"
    url = postgres.create_database(database)
    with cluster_on(settings, url) as cluster:
        instances = cluster.start(2)
        load = Load(instances)
        waiting: list[int] = []

        async def fault(load: Load) -> None:
            await asyncio.sleep(settings.before_seconds)
            outcome.fault_at = time.monotonic()
            holder = await asyncio.create_subprocess_exec(
                "psql", url, "-v", "ON_ERROR_STOP=1", "-qAtc",
                "BEGIN; LOCK TABLE passkey_credentials IN ACCESS EXCLUSIVE MODE; "
                f"SELECT pg_sleep({settings.fault_seconds}); COMMIT;",
                stdout=asyncio.subprocess.DEVNULL,
            )
            started = time.monotonic()
            while holder.returncode is None and time.monotonic() < started + settings.fault_seconds + 30:
                count = await asyncio.to_thread(
                    postgres.psql, "postgres",
                    f"SELECT count(*) FROM pg_stat_activity WHERE datname = '{database}' AND wait_event_type = 'Lock'",
                )
                waiting.append(int(count.strip()))
                try:
                    await asyncio.wait_for(holder.wait(), 0.5)
                except asyncio.TimeoutError:
                    pass
            await holder.wait()
            outcome.recovered_at = time.monotonic()
            await wait_for_recovery(load, outcome.recovered_at, settings.after_seconds)

        asyncio.run(run_load(load, settings.concurrency, "lock", fault))
        outcome.answers = load.answers
        outcome.measure_recovery()
        outcome.notes.append(f"at most {max(waiting, default=0)} sessions waited on the lock at once")
        outcome.check(all(i.process.poll() is None for i in instances), "an instance exited")
    check_answers(outcome, load, settings.store_deadline)
    outcome.check(any(a.status == 503 for a in outcome.answers), "no 503 while the table was locked")
    outcome.check(max(waiting, default=0) <= 2 * 20 + 1, f"{max(waiting)} sessions waited on the lock")
    outcome.check(
        outcome.first_ok_after is not None and outcome.first_ok_after <= RECOVERY_BOUND,
        f"no 200 within {RECOVERY_BOUND} s of the lock's release (first after {outcome.first_ok_after})",
    )
    check_database(outcome, load, *postgres_rows(postgres, database))
    return outcome


def start_once(settings: Settings, database: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """Runs `passkey-server serve` on `database` expecting it to stop by itself (a start-up failure)."""
    try:
        return subprocess.run(
            [
                settings.server, "serve", "--host", "127.0.0.1", "--port", str(free_port()),
                "--rp-id", RELYING_PARTY_ID, "--origin", ORIGIN, "--database", database,
            ],
            capture_output=True, text=True, timeout=timeout,
        )
    except subprocess.TimeoutExpired as expired:
        def text(output: bytes | str | None) -> str:
            return output.decode(errors="replace") if isinstance(output, bytes) else output or ""

        return subprocess.CompletedProcess(expired.cmd, None, text(expired.stdout), text(expired.stderr))


def concurrent_start(settings: Settings, postgres: ThrowawayPostgres) -> Outcome:
    outcome = Outcome("concurrent-start", "three instances started at the same moment on an empty database")
    url = postgres.create_database("passkey_fault_concurrent")
    cluster = cluster_on(settings, url)
    with cluster:
        processes = []
        for _ in range(3):
            port = free_port()
            log = tempfile.NamedTemporaryFile(prefix=f"passkey-server-{port}-", suffix=".log", delete=False)
            log.close()
            processes.append((port, log.name))
        started = time.monotonic()
        for port, log_path in processes:
            with open(log_path, "w", encoding="utf-8") as log:
                process = subprocess.Popen(
                    [
                        settings.server, "serve", "--host", "127.0.0.1", "--port", str(port),
                        "--rp-id", RELYING_PARTY_ID, "--origin", ORIGIN, "--database", url,
                        "--log-level", "warning", *SERVER_ARGUMENTS,
                    ],
                    stdout=log, stderr=subprocess.STDOUT,
                )
            cluster.instances.append(ServerInstance(process, port, log_path))
        for instance in cluster.instances:
            try:
                wait_until_ready(instance, 60)
            except RuntimeError as error:
                outcome.failures.append(f"an instance did not start: {str(error)[-1500:]}")
        ready = time.monotonic() - started
        load = Load(cluster.instances)

        async def fault(load: Load) -> None:
            # The load goes on until every instance has answered a 200, for at most 30 s: on a busy machine an
            # instance's first connections may take longer than the usual second of load.
            await asyncio.sleep(settings.before_seconds)
            deadline = time.monotonic() + 30
            while len({a.port for a in load.answers if a.status == 200}) < 3 and time.monotonic() < deadline:
                await asyncio.sleep(0.1)

        if not outcome.failures:
            asyncio.run(run_load(load, settings.concurrency, "concurrent", fault))
            outcome.answers = load.answers
            served = {a.port for a in load.answers if a.status == 200}
            outcome.check(len(served) == 3, f"only {len(served)} of the three instances answered 200")
            outcome.notes.append(f"all three ready {ready:.2f} s after the start and answered 200")
            check_answers(outcome, load, settings.store_deadline)
            check_database(outcome, load, *postgres_rows(postgres, "passkey_fault_concurrent"))

    refused_port = free_port()
    expectations = [
        ("nobody listens", f"postgres://postgres:postgres@127.0.0.1:{refused_port}/postgres",
         [f"127.0.0.1:{refused_port}", "refused"]),
        ("a wrong password", postgres.url("passkey_fault_concurrent", password="wrong"),
         ["28P01", "authentication"]),
        ("a database that does not exist", postgres.url("passkey_fault_missing"), ["3D000"]),
    ]
    for what, database, expected in expectations:
        result = start_once(settings, database)
        text = (result.stdout + result.stderr).replace("\n", " ")
        outcome.check(result.returncode not in (None, 0) and result.returncode > 0,
                      f"a start with {what} ended with exit status {result.returncode}")
        missing = [word for word in expected if word.lower() not in text.lower()]
        outcome.check(not missing, f"the start-up error with {what} does not name {missing}: {text[-600:]}")
        outcome.notes.append(f"with {what}: exit {result.returncode}, {startup_message(text)}")
    return outcome


def startup_message(text: str) -> str:
    """The server's start-up error line, shortened for the table."""
    for line in text.split("  "):
        if "cannot be opened" in line or "Error:" in line:
            return "`" + line.strip()[:220].replace("|", "/") + "`"
    return "`" + text.strip()[-220:].replace("|", "/") + "`"


class SmallFilesystem:
    """A tmpfs of `megabytes` mounted on a temporary directory (root only)."""

    def __init__(self, megabytes: int):
        self.path = tempfile.mkdtemp(prefix="passkey-fault-fs-")
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={megabytes}m", "tmpfs", self.path], check=True)

    def remount(self, mode: str) -> None:
        subprocess.run(["mount", "-o", f"remount,{mode}", self.path], check=True)

    def fill(self) -> str:
        """Writes a file until the filesystem is full; returns its path."""
        filler = os.path.join(self.path, "filler")
        # Unbuffered: a buffered file would raise ENOSPC again when closed, with what it could not write.
        with open(filler, "wb", buffering=0) as file:
            try:
                while True:
                    file.write(b"\0" * 65536)
            except OSError:
                pass
        return filler

    def close(self) -> None:
        subprocess.run(["umount", "-l", self.path], check=False)
        os.rmdir(self.path)


def can_mount() -> str:
    """Why the SQLite faults cannot run here, or an empty string."""
    if os.geteuid() != 0:
        return "skipped: mounting a small tmpfs needs root"
    try:
        SmallFilesystem(1).close()
    except (subprocess.CalledProcessError, OSError) as error:
        return f"skipped: a tmpfs cannot be mounted here ({error})"
    return ""


def sqlite_full(settings: Settings) -> Outcome:
    outcome = Outcome("sqlite-full", f"SQLite's filesystem full for {settings.fault_seconds:g} s, then space freed")
    reason = can_mount()
    if reason:
        outcome.skipped = reason
        return outcome
    filesystem = SmallFilesystem(16)
    try:
        path = os.path.join(filesystem.path, "passkeys.sqlite")
        with cluster_on(settings, path) as cluster:
            instances = cluster.start(1)
            load = Load(instances)

            async def fault(load: Load) -> None:
                await asyncio.sleep(settings.before_seconds)
                outcome.fault_at = time.monotonic()
                filler = await asyncio.to_thread(filesystem.fill)
                await asyncio.sleep(settings.fault_seconds)
                os.unlink(filler)
                outcome.recovered_at = time.monotonic()
                await wait_for_recovery(load, outcome.recovered_at, settings.after_seconds)

            asyncio.run(run_load(load, min(settings.concurrency, 4), "full", fault))
            outcome.answers = load.answers
            outcome.measure_recovery()
            code = instances[0].process.poll()
            outcome.check(code is None, f"the server exited ({code}) on a full disk:\n{instances[0].log()[-2000:]}")
        check_answers(outcome, load, settings.store_deadline)
        outcome.check(any(a.status == 503 for a in outcome.answers), "no 503 while the disk was full")
        outcome.check(
            outcome.first_ok_after is not None and outcome.first_ok_after <= RECOVERY_BOUND,
            f"no 200 within {RECOVERY_BOUND} s of freeing space (first after {outcome.first_ok_after})",
        )
        with sqlite3.connect(path) as connection:
            integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
        outcome.check(integrity == "ok", f"PRAGMA integrity_check: {integrity}")
        outcome.notes.append(f"PRAGMA integrity_check: {integrity}")
        check_database(outcome, load, *sqlite_rows(path))
    finally:
        filesystem.close()
    return outcome


def sqlite_read_only(settings: Settings) -> Outcome:
    outcome = Outcome("sqlite-read-only", "an SQLite file on a filesystem mounted read-only, at start")
    reason = can_mount()
    if reason:
        outcome.skipped = reason
        return outcome
    filesystem = SmallFilesystem(16)
    try:
        path = os.path.join(filesystem.path, "passkeys.sqlite")
        with cluster_on(settings, path) as cluster:
            cluster.start(1)
        filesystem.remount("ro")
        with cluster_on(settings, path) as cluster:
            try:
                instances = cluster.start(1, timeout=60)
            except RuntimeError as error:
                text = str(error)
                crashed = any(word in text for word in ("Fatal error", "Illegal instruction", "Segmentation"))
                outcome.check(not crashed, f"the server crashed on a read-only file: {text[-1500:]}")
                outcome.notes.append(f"start-up refused: {startup_message(text.replace(chr(10), '  '))}")
            else:
                load = Load(instances)

                async def fault(load: Load) -> None:
                    await asyncio.sleep(settings.before_seconds)

                asyncio.run(run_load(load, 2, "read-only", fault))
                outcome.answers = load.answers
                check_answers(outcome, load, settings.store_deadline)
                outcome.check(instances[0].process.poll() is None, "the server exited on a read-only file")
                outcome.notes.append("the server started on the read-only file and answered while it ran")
        filesystem.remount("rw")
        with sqlite3.connect(path) as connection:
            integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
        outcome.check(integrity == "ok", f"PRAGMA integrity_check: {integrity}")
    finally:
        filesystem.close()
    return outcome


def hostile_database(settings: Settings, postgres: ThrowawayPostgres) -> Outcome:
    outcome = Outcome("hostile-database", "damaged databases at start (SQLite and PostgreSQL)")
    sqlite_cases = [
        ("schema version -1", "UPDATE passkey_schema_version SET version = -1", "schema version is -1"),
        ("schema version 2147483647", "UPDATE passkey_schema_version SET version = 2147483647", "2147483647"),
        ("schema version 'abc'", "UPDATE passkey_schema_version SET version = 'abc'", "not an integer"),
        ("credentials table with the wrong columns",
         "DROP TABLE passkey_credentials; CREATE TABLE passkey_credentials (x TEXT)", "passkey_credentials"),
    ]
    postgres_cases = [
        ("schema version -1", "UPDATE passkey_schema_version SET version = -1", "schema version is -1"),
        ("schema version 2147483647", "UPDATE passkey_schema_version SET version = 2147483647", "2147483647"),
        ("schema version 'abc'",
         "ALTER TABLE passkey_schema_version ALTER COLUMN version TYPE TEXT; "
         "UPDATE passkey_schema_version SET version = 'abc'", "not an integer"),
        ("credentials table with the wrong columns",
         "DROP TABLE passkey_credentials; CREATE TABLE passkey_credentials (x TEXT)", "passkey_credentials"),
    ]
    with tempfile.TemporaryDirectory(prefix="passkey-fault-hostile-") as directory:
        for index, (what, statement, expected) in enumerate(sqlite_cases):
            path = os.path.join(directory, f"{index}.sqlite")
            with cluster_on(settings, path) as cluster:
                cluster.start(1)
            with sqlite3.connect(path) as connection:
                connection.executescript(statement)
            hostile_start(outcome, settings, f"SQLite, {what}", path, expected)
    for index, (what, statement, expected) in enumerate(postgres_cases):
        database = f"passkey_fault_hostile_{index}"
        url = postgres.create_database(database)
        with cluster_on(settings, url) as cluster:
            cluster.start(1)
        postgres.psql(database, statement)
        hostile_start(outcome, settings, f"PostgreSQL, {what}", url, expected)
    return outcome


def hostile_start(outcome: Outcome, settings: Settings, what: str, database: str, expected: str) -> None:
    """Starts on a damaged database: a start-up error, with `expected` in it, an exit status above 0 and no
    trap."""
    result = start_once(settings, database, timeout=15)
    text = (result.stdout or "") + (result.stderr or "")
    crashed = result.returncode is not None and result.returncode < 0 or any(
        word in text for word in ("Fatal error", "Illegal instruction", "Segmentation fault")
    )
    outcome.check(not crashed, f"{what}: a crash (exit {result.returncode}): {text[-1500:]}")
    if result.returncode is None:
        outcome.failures.append(f"{what}: the server started and served")
        return
    outcome.check(result.returncode > 0, f"{what}: exit status {result.returncode}")
    outcome.check(expected.lower() in text.lower(), f"{what}: the error does not say '{expected}': {text[-800:]}")
    outcome.notes.append(f"{what}: exit {result.returncode}, {startup_message(text.replace(chr(10), '  '))}")


# Killed during a ceremony (issue 31).


KEPT_200_SECONDS = 0.5  # a finish answered 200 within this long before a kill (or after it) is sent again


class CeremonyConnection(HTTPConnection):
    """A keep-alive connection that also sends a method other than POST and headers of its own."""

    async def send(self, method: str, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}"]
        if method != "DELETE":
            lines.append("Content-Type: application/json")
        lines += [f"{name}: {value}" for name, value in headers.items()]
        lines.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("ascii") + body)
        return await self.answer()


@dataclass
class Finish:
    """A ceremony's last request (`/attestation/result` or `/assertion/result`), kept so that it can be sent again
    after a restart: what it was for, its body and headers, its challenge, and how it was answered (`status` `None`
    with `answered` set: a connection error; `answered` `None`: not answered yet)."""

    kind: str  # "sign-up", "addition", "sign-in"
    route: str
    body: bytes
    headers: dict[str, str]
    challenge: bytes
    credential: SoftwareCredential
    username: str
    tracked: TrackedCredential | None = None  # the credential a sign-in used
    counter: int = 0  # the counter a sign-in's assertion reports
    sent: float = 0.0
    answered: float | None = None
    status: int | None = None


@dataclass
class CeremonyAccount:
    """An account a worker signed up: its credentials registered with a 200 and not being deleted, and the
    session it last started (the token and the credential it was started with)."""

    username: str
    user_handle: bytes
    credentials: list[TrackedCredential]
    token: str | None
    token_credential: bytes | None


@dataclass
class CeremonyLoad(Load):
    """The workers' shared record for the kill-during-ceremony case; `open` is cleared while the server is down
    and its kept requests are sent again, and the workers wait on it before each request."""

    open: asyncio.Event = field(default_factory=asyncio.Event)
    finishes: list[Finish] = field(default_factory=list)
    accounts: dict[str, bytes] = field(default_factory=dict)  # sign-ups answered 200: username → user handle
    live: dict[bytes, TrackedCredential] = field(default_factory=dict)  # registered with 200, no delete sent
    deleted: set[bytes] = field(default_factory=set)  # deletions answered 200
    uncertain_deletes: set[bytes] = field(default_factory=set)  # deletions unanswered, or answered 503
    deletions: dict[bytes, list[Answer]] = field(default_factory=dict)  # credential ID → its DELETE's answer
    operations: dict[str, int] = field(default_factory=dict)  # ceremony → count begun
    refused: dict[str, int] = field(default_factory=dict)  # "route status" → count of 4xx during the load
    kills: list[tuple[float, float]] = field(default_factory=list)  # (killed, serving again) moments


class CeremonyWorker:
    """One client: sign-ups, passkey additions and deletions with its accounts' sessions, and sign-ins, one request
    at a time on a keep-alive connection; a deletion now and then races a sign-in with the passkey it deletes, on a
    connection of its own."""

    def __init__(self, load: CeremonyLoad, index: int, tag: str):
        self.load = load
        self.index = index
        self.tag = tag
        self.connection: CeremonyConnection | None = None
        self.accounts: list[CeremonyAccount] = []
        self.sign_ups = 0

    async def request(self, method: str, route: str, body: bytes = b"", headers: dict[str, str] | None = None,
                      own: bool = True, finish: Finish | None = None) -> tuple[int | None, bytes]:
        """Waits until the server is open, then sends; records the answer (and the finish's); `None` for a
        connection error or a timeout."""
        await self.load.open.wait()
        port = self.load.instances[0].port
        connection = self.connection if own else None
        sent = time.monotonic()
        if finish is not None:
            finish.sent = sent
            self.load.finishes.append(finish)
        try:
            if connection is None:
                connection = CeremonyConnection(port)
                await asyncio.wait_for(connection.open(), REQUEST_TIMEOUT)
                if own:
                    self.connection = connection
            status, answer = await asyncio.wait_for(
                connection.send(method, route.split("#")[0], body, headers or {}), REQUEST_TIMEOUT)
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError, IndexError) as error:
            answered = time.monotonic()
            self.load.answers.append(Answer(route, port, sent, answered, None, type(error).__name__))
            if finish is not None:
                finish.answered = answered
            if connection is not None:
                connection.close()
            if own:
                self.connection = None
            await asyncio.sleep(0.05)
            return None, b""
        answered = time.monotonic()
        self.load.answers.append(Answer(route, port, sent, answered, status))
        if finish is not None:
            finish.answered, finish.status = answered, status
        if 400 <= status < 500:
            key = f"{method} {'/credentials/{id}' if method == 'DELETE' else route.replace('#', ' ')} {status}"
            self.load.refused[key] = self.load.refused.get(key, 0) + 1
        if not own:
            connection.close()
        elif connection.closing:
            connection.close()
            self.connection = None
        return status, answer

    def drop_connection(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def count(self, operation: str) -> None:
        self.load.operations[operation] = self.load.operations.get(operation, 0) + 1

    async def run(self) -> None:
        while not self.load.stopping:
            choice = random.random()
            if not self.accounts or choice < 0.2:
                await self.sign_up()
                continue
            account = random.choice(self.accounts)
            if account.token is None or choice < 0.55:
                await self.sign_in(account)
            elif choice < 0.8 and len(account.credentials) < 6 or len(account.credentials) < 2:
                await self.add_passkey(account)
            else:
                await self.delete_passkey(account)

    async def sign_up(self) -> None:
        self.count("sign-up")
        self.sign_ups += 1
        username = f"{self.tag}-{self.index}-{self.sign_ups}"
        status, body = await self.request("POST", "/attestation/options", json.dumps({"username": username}).encode())
        if status != 200:
            return
        options = json.loads(body)
        credential, response = self.load.authenticator.register(options)
        finish = Finish("sign-up", "/attestation/result", json.dumps(response).encode(), {},
                        from_base64url(options["challenge"]), credential, username)
        status, body = await self.request("POST", finish.route, finish.body, finish=finish)
        if status == 200:
            tracked = TrackedCredential(credential, username)
            self.load.accounts[username] = credential.user_handle
            self.load.live[credential.credential_id] = tracked
            self.load.credentials.append(tracked)
            self.load.honoured_challenges.append(finish.challenge)
            self.accounts.append(CeremonyAccount(
                username, credential.user_handle, [tracked], json.loads(body).get("sessionToken"),
                credential.credential_id,
            ))

    async def add_passkey(self, account: CeremonyAccount) -> None:
        self.count("addition")
        bearer = {"Authorization": f"Bearer {account.token}"}
        status, body = await self.request(
            "POST", "/attestation/options", json.dumps({"username": ""}).encode(), bearer)
        if status == 401:
            account.token = None
        if status != 200:
            return
        options = json.loads(body)
        credential, response = self.load.authenticator.register(options)
        finish = Finish("addition", "/attestation/result", json.dumps(response).encode(), bearer,
                        from_base64url(options["challenge"]), credential, account.username)
        status, body = await self.request("POST", finish.route, finish.body, bearer, finish=finish)
        if status == 401:
            account.token = None
        if status == 200:
            tracked = TrackedCredential(credential, account.username)
            account.credentials.append(tracked)
            self.load.live[credential.credential_id] = tracked
            self.load.credentials.append(tracked)
            self.load.honoured_challenges.append(finish.challenge)

    async def sign_in(self, account: CeremonyAccount, tracked: TrackedCredential | None = None,
                      own: bool = True) -> int | None:
        """A discoverable sign-in with `tracked` (one of the account's credentials by default); a racing sign-in
        (`own` false) neither keeps its session nor counts its counter as acknowledged."""
        self.count("sign-in" if own else "sign-in racing a deletion (#race)")
        tracked = tracked or random.choice(account.credentials)
        status, body = await self.request("POST", "/assertion/options", b"{}", own=own)
        if status != 200:
            return status
        challenge = json.loads(body)["challenge"]
        tracked.counter += 1
        assertion = self.load.authenticator.authenticate(tracked.credential, challenge, tracked.counter)
        route = "/assertion/result" if own else "/assertion/result#race"
        finish = Finish("sign-in", route, json.dumps(assertion).encode(), {}, from_base64url(challenge),
                        tracked.credential, account.username, tracked, tracked.counter)
        status, body = await self.request("POST", finish.route, finish.body, own=own, finish=finish)
        if status == 200:
            self.load.honoured_challenges.append(finish.challenge)
            tracked.acknowledged_counter = max(tracked.acknowledged_counter, finish.counter)
            tracked.sign_ins += 1
            if own:
                account.token = json.loads(body).get("sessionToken")
                account.token_credential = tracked.credential.credential_id
        return status

    async def delete_passkey(self, account: CeremonyAccount) -> None:
        """Deletes one of the account's passkeys other than its session's; half the time a sign-in with that passkey
        races the deletion."""
        candidates = [t for t in account.credentials if t.credential.credential_id != account.token_credential]
        if not candidates:
            await self.sign_in(account)
            return
        self.count("deletion")
        victim = random.choice(candidates)
        account.credentials.remove(victim)
        victim.reserved = True
        credential_id = victim.credential.credential_id
        self.load.live.pop(credential_id, None)
        route = f"/credentials/{base64url(credential_id)}"
        deletion = self.request("DELETE", route, headers={"Authorization": f"Bearer {account.token}"})
        if random.random() < 0.5:
            (status, _), _ = await asyncio.gather(deletion, self.sign_in(account, victim, own=False))
        else:
            status, _ = await deletion
        self.load.deletions.setdefault(credential_id, []).append(
            next(a for a in reversed(self.load.answers) if a.route == route))
        if status == 200:
            self.load.deleted.add(credential_id)
        elif status is None or status >= 500:
            self.load.uncertain_deletes.add(credential_id)
        else:  # refused (401: the session ended; 409 or 404 would be a defect the checks below report), kept
            if status == 401:
                account.token = None
            victim.reserved = False
            account.credentials.append(victim)
            self.load.live[credential_id] = victim

    def close(self) -> None:
        self.drop_connection()


@dataclass
class DatabaseState:
    """What the database holds, read directly: credentials (ID → user handle, counter, version), accounts
    (username → user handle), sessions per credential ID, credentials per user handle, the pending challenges, the
    digests of the used sealed ones, and the three invariants' counts with a few examples."""

    credentials: dict[bytes, tuple[bytes, int, int]]
    accounts: dict[str, bytes]
    sessions: dict[bytes, int]
    pending: set[bytes]
    used: set[bytes]
    orphan_credentials: list[str]
    orphan_sessions: list[str]
    empty_accounts: list[str]

    def is_pending(self, challenge: bytes) -> bool:
        """Whether `challenge` can still finish a ceremony: a stored one (32 bytes) while its row is there, a sealed
        one (a sign-in's) while its digest is not recorded as used."""
        if len(challenge) == 32:
            return challenge in self.pending
        return hashlib.sha256(challenge).digest() not in self.used

    @property
    def credentials_per_user(self) -> dict[bytes, int]:
        counts: dict[bytes, int] = {}
        for user_handle, _, _ in self.credentials.values():
            counts[user_handle] = counts.get(user_handle, 0) + 1
        return counts


# The invariants as SQL, the same in SQLite and PostgreSQL: a credential whose user handle has no account; a
# session whose credential is gone; an account (other than `apple:`, which Sign in with Apple opens) without a
# credential. Each selects a hex key of the offending row.
INVARIANT_QUERIES = {
    "orphan_credentials": "SELECT {hex}(c.credential_id) FROM passkey_credentials c WHERE NOT EXISTS "
                          "(SELECT 1 FROM passkey_accounts a WHERE a.user_handle = c.user_handle)",
    "orphan_sessions": "SELECT {hex}(s.credential_id) FROM passkey_server_sessions s WHERE NOT EXISTS "
                       "(SELECT 1 FROM passkey_credentials c WHERE c.credential_id = s.credential_id)",
    "empty_accounts": "SELECT a.username FROM passkey_accounts a WHERE a.username NOT LIKE 'apple:%' AND NOT EXISTS "
                      "(SELECT 1 FROM passkey_credentials c WHERE c.user_handle = a.user_handle)",
}


class CeremonyDatabase:
    """Reads a DatabaseState from the SQLite file or the throwaway cluster's database, with sqlite3 or psql."""

    def __init__(self, sqlite_path: str | None = None, postgres: ThrowawayPostgres | None = None,
                 database: str = ""):
        self.sqlite_path, self.postgres, self.database = sqlite_path, postgres, database

    def rows(self, statements: list[str]) -> list[list[list[str]]]:
        """The rows of each statement (`{hex}(column)` is the column in hexadecimal), every value as text; on
        PostgreSQL in one psql run, one transaction."""
        if self.sqlite_path is not None:
            with sqlite3.connect(self.sqlite_path, timeout=30) as connection:
                return [[[("" if v is None else str(v)) for v in row]
                         for row in connection.execute(statement.replace("{hex}(", "hex("))]
                        for statement in statements]
        assert self.postgres is not None
        separator = "-- next statement --"
        script = f"\\echo {separator}\n".join(
            re.sub(r"\{hex\}\(([^)]*)\)", r"encode(\1, 'hex')", statement) + ";\n" for statement in statements)
        output = subprocess.run(
            ["psql", self.postgres.url(self.database), "-v", "ON_ERROR_STOP=1", "-tA", "-1", "-f", "-"],
            input=script, check=True, capture_output=True, text=True, timeout=60,
        ).stdout
        return [[line.split("|") for line in part.splitlines() if line] for part in output.split(separator)]

    def state(self) -> DatabaseState:
        credential_rows, account_rows, session_rows, challenge_rows, used_rows, *invariant_rows = self.rows([
            "SELECT {hex}(credential_id), {hex}(user_handle), sign_count, version FROM passkey_credentials",
            "SELECT username, {hex}(user_handle) FROM passkey_accounts",
            "SELECT {hex}(credential_id) FROM passkey_server_sessions",
            "SELECT {hex}(challenge) FROM passkey_challenges",
            "SELECT {hex}(digest) FROM passkey_used_challenges",
            *INVARIANT_QUERIES.values(),
        ])
        credentials = {bytes.fromhex(c): (bytes.fromhex(u), int(n), int(v)) for c, u, n, v in credential_rows}
        accounts = {name: bytes.fromhex(handle) for name, handle in account_rows}
        sessions: dict[bytes, int] = {}
        for (credential_id,) in session_rows:
            sessions[bytes.fromhex(credential_id)] = sessions.get(bytes.fromhex(credential_id), 0) + 1
        pending = {bytes.fromhex(c) for (c,) in challenge_rows}
        used = {bytes.fromhex(d) for (d,) in used_rows}
        found = {name: [row[0].lower() for row in rows] for name, rows in zip(INVARIANT_QUERIES, invariant_rows)}
        return DatabaseState(credentials, accounts, sessions, pending, used, **found)


@dataclass
class KillRow:
    """One kill: when, what was in flight, the re-sends, and what the database held once the server served again."""

    number: int
    at: float
    in_flight: int = 0
    in_flight_finishes: int = 0
    restart_seconds: float = 0.0
    resent_200: int = 0
    resent_in_flight: int = 0
    resends_refused: int = 0
    resends_honoured: int = 0  # in flight, challenge still pending: its first honouring
    orphan_credentials: int = 0
    orphan_sessions: int = 0
    empty_accounts: int = 0
    first_ok_after: float | None = None  # from the reopening to the first 200 of a ceremony's result
    failures: list[str] = field(default_factory=list)


def check_invariants(outcome: Outcome, load: CeremonyLoad, state: DatabaseState, when: str,
                     earlier: DatabaseState | None = None) -> list[str]:
    """Invariants 1, 2 and 4 on `state`, counting only the rows not already found in `earlier` (the state after
    the previous kill), each example with what the clients did with it; returns the failures (also added to
    `outcome`)."""
    failures = []
    for name, what in (("orphan_credentials", "credentials whose user handle has no account"),
                       ("orphan_sessions", "sessions whose credential is gone"),
                       ("empty_accounts", "accounts without a credential")):
        new = [key for key in getattr(state, name) if earlier is None or key not in getattr(earlier, name)]
        if new:
            examples = "; ".join(f"{key} ({history(load, key)})" for key in new[:2])
            failures.append(f"{when}: {len(new)} {'new ' if earlier is not None else ''}{what}, e.g. {examples}")
    outcome.failures.extend(failures)
    return failures


def history(load: CeremonyLoad, key: str) -> str:
    """What the clients sent for a credential ID in hex, or a username: its finish requests and deletions, each
    with its answer and, when it was in flight at a kill, which one."""

    def moment(sent: float, answered: float | None, status: int | None) -> str:
        for number, (killed, _) in enumerate(load.kills, 1):
            if sent <= killed <= (answered or killed) + (0.05 if status is None else 0):
                return f"{status or 'no answer'}, in flight at kill {number}"
        return f"{status}"

    events = [
        (f.sent, f"{f.kind}{' (race)' if f.route.endswith('#race') else ''} {moment(f.sent, f.answered, f.status)}")
        for f in load.finishes if f.credential.credential_id.hex() == key or f.username == key
    ]
    events += [(a.sent, f"deletion {moment(a.sent, a.answered, a.status)}")
               for credential_id, answers in load.deletions.items() if credential_id.hex() == key for a in answers]
    return ", then ".join(text for _, text in sorted(events)) or "no request of the clients names it"


async def resend(load: CeremonyLoad, kept: list[Finish], before: DatabaseState, row: KillRow) \
        -> dict[str, dict[bytes, int]]:
    """Sends each kept finish again, one at a time on one connection, while the workers wait. A finish answered
    200 must now be refused (4xx); so must one in flight at the kill whose challenge is no longer pending (the
    killed server took it). One whose challenge is still pending may be honoured now, once: that is its first.
    Returns how many sessions and credentials the honoured ones may have added, per credential ID and user
    handle."""
    allowed: dict[str, dict[bytes, int]] = {"sessions": {}, "credentials": {}}
    connection: CeremonyConnection | None = None
    for finish in kept:
        port = load.instances[0].port
        sent = time.monotonic()
        try:
            if connection is None:
                connection = CeremonyConnection(port)
                await asyncio.wait_for(connection.open(), REQUEST_TIMEOUT)
            status, body = await asyncio.wait_for(
                connection.send("POST", finish.route.split("#")[0], finish.body, finish.headers),
                REQUEST_TIMEOUT,
            )
        except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError) as error:
            load.answers.append(Answer(finish.route + "#resend", port, sent, time.monotonic(), None,
                                       type(error).__name__))
            row.failures.append(f"a re-sent {finish.kind} got no answer ({type(error).__name__})")
            if connection is not None:
                connection.close()
            connection = None
            continue
        load.answers.append(Answer(finish.route + "#resend", port, sent, time.monotonic(), status))
        if connection.closing:
            connection.close()
            connection = None
        was = "answered 200" if finish.status == 200 else "in flight at the kill"
        pending = before.is_pending(finish.challenge)
        if 400 <= status < 500:
            row.resends_refused += 1
            continue
        if status == 200 and finish.status is None and pending:
            row.resends_honoured += 1
            load.honoured_challenges.append(finish.challenge)
            key = finish.credential.credential_id
            if finish.kind in ("sign-up", "sign-in"):
                allowed["sessions"][key] = allowed["sessions"].get(key, 0) + 1
            if finish.kind in ("sign-up", "addition"):
                handle = finish.credential.user_handle
                allowed["credentials"][handle] = allowed["credentials"].get(handle, 0) + 1
                tracked = TrackedCredential(finish.credential, finish.username, reserved=True)
                load.live[key] = tracked
                load.credentials.append(tracked)
                if finish.kind == "sign-up":
                    load.accounts[finish.username] = handle
            elif finish.tracked is not None and not finish.tracked.reserved:
                finish.tracked.acknowledged_counter = max(finish.tracked.acknowledged_counter, finish.counter)
                finish.tracked.sign_ins += 1
            continue
        reason = (f"its challenge was {'still' if pending else 'no longer'} pending" if finish.status is None
                  else "a challenge honoured twice" if status == 200 else "neither refused nor honoured")
        row.failures.append(f"a {finish.kind} {was}, sent again after the restart: {status} ({reason}): "
                            f"{body[:200].decode(errors='replace')}")
    if connection is not None:
        connection.close()
    return allowed


def kill_during_ceremony(settings: Settings, postgres: ThrowawayPostgres, backend: str) -> Outcome:
    name = f"kill-during-ceremony-{backend}"
    outcome = Outcome(
        name,
        f"passkey-server on {'SQLite' if backend == 'sqlite' else 'PostgreSQL'} killed with SIGKILL "
        f"{settings.kills} times during sign-ups, passkey additions and deletions and sign-ins, restarted each time "
        "on the same database",
    )
    with tempfile.TemporaryDirectory(prefix="passkey-fault-kill-") as directory:
        if backend == "sqlite":
            path = os.path.join(directory, "passkeys.sqlite")
            target, database = path, CeremonyDatabase(sqlite_path=path)
        else:
            database_name = "passkey_fault_kill_during_ceremony"
            target = postgres.create_database(database_name)
            database = CeremonyDatabase(postgres=postgres, database=database_name)
        with cluster_on(settings, target) as cluster:
            cluster.start(1)
            load = CeremonyLoad(list(cluster.instances))
            rows: list[KillRow] = []
            workers = [CeremonyWorker(load, index, "kill") for index in range(settings.concurrency)]

            async def served_since(moment: float) -> None:
                """Waits until a ceremony's result is answered 200 after `moment` (the last reopening), for at
                most RECOVERY_BOUND s, and notes how long that took on the last kill's row."""
                limit = moment + RECOVERY_BOUND
                while first_ok_after(load.answers, moment) is None and time.monotonic() < limit:
                    await asyncio.sleep(0.02)
                if rows:
                    rows[-1].first_ok_after = first_ok_after(load.answers, moment)
                    if rows[-1].first_ok_after is None:
                        rows[-1].failures.append(f"no 200 of a ceremony's result within {RECOVERY_BOUND} s of "
                                                 "the restart")
                        outcome.failures.append(f"kill {rows[-1].number}: {rows[-1].failures[-1]}")

            previous: list[DatabaseState | None] = [None]  # the state read after the previous kill

            async def kills() -> None:
                started = reopened = time.monotonic()
                for number in range(1, settings.kills + 1):
                    wait = random.uniform(0.2, 1.2) + (settings.before_seconds if number == 1 else 0.3)
                    await asyncio.sleep(wait)
                    await served_since(reopened)
                    victim = load.instances[0]
                    load.open.clear()
                    killed_at = time.monotonic()
                    victim.process.kill()
                    load.kills.append((killed_at, killed_at))
                    await asyncio.to_thread(victim.process.wait)
                    row = KillRow(number, killed_at - started)
                    # The requests in flight see the connection close; wait until each has its answer or error.
                    limit = time.monotonic() + 5
                    while (any(f.answered is None for f in load.finishes if f.sent <= killed_at)
                           and time.monotonic() < limit):
                        await asyncio.sleep(0.01)
                    row.in_flight = sum(1 for a in load.answers if a.sent <= killed_at <= a.answered)
                    in_flight = [f for f in load.finishes if f.sent <= killed_at and f.status is None
                                 and f.answered is not None and f.answered >= killed_at]
                    honoured = [f for f in load.finishes if f.status == 200 and f.answered is not None
                                and f.answered >= killed_at - KEPT_200_SECONDS]
                    row.in_flight_finishes = len(in_flight)
                    row.resent_in_flight, row.resent_200 = len(in_flight), len(honoured)
                    load.dead_ports.add(victim.port)
                    restarted = time.monotonic()
                    await asyncio.to_thread(cluster.start, 1, 60)
                    load.instances = [cluster.instances[-1]]
                    row.restart_seconds = time.monotonic() - restarted
                    for worker in workers:
                        worker.drop_connection()
                    before = await asyncio.to_thread(database.state)
                    found = check_invariants(outcome, load, before, f"after kill {number}", previous[0])
                    previous[0] = before
                    row.failures.extend(found)
                    row.orphan_credentials = len(before.orphan_credentials)
                    row.orphan_sessions = len(before.orphan_sessions)
                    row.empty_accounts = len(before.empty_accounts)
                    still = [f for f in honoured if before.is_pending(f.challenge)]
                    if still:
                        row.failures.append(f"{len(still)} challenges answered 200 are pending after the restart")
                    allowed = await resend(load, in_flight + honoured, before, row)
                    after = await asyncio.to_thread(database.state)
                    grown_sessions = [
                        key.hex() for key, count in after.sessions.items()
                        if count - before.sessions.get(key, 0) > allowed["sessions"].get(key, 0)
                    ]
                    if grown_sessions:
                        row.failures.append(f"re-sent finishes started sessions a second time for "
                                            f"{len(grown_sessions)} credentials, e.g. {grown_sessions[:2]}")
                    before_counts = before.credentials_per_user
                    grown_credentials = [
                        key.hex() for key, count in after.credentials_per_user.items()
                        if count - before_counts.get(key, 0) > allowed["credentials"].get(key, 0)
                    ]
                    if grown_credentials:
                        row.failures.append(f"re-sent finishes stored credentials a second time for "
                                            f"{len(grown_credentials)} users, e.g. {grown_credentials[:2]}")
                    outcome.failures.extend(f"kill {number}: {f}" for f in row.failures if f not in found)
                    rows.append(row)
                    reopened = time.monotonic()
                    load.kills[-1] = (killed_at, reopened)
                    load.open.set()
                await asyncio.sleep(settings.after_seconds / 2)
                await served_since(reopened)

            async def run() -> None:
                load.open.set()
                tasks = [asyncio.create_task(worker.run()) for worker in workers]
                try:
                    await kills()
                finally:
                    load.stopping = True
                    load.open.set()
                    await asyncio.wait(tasks, timeout=REQUEST_TIMEOUT * 2 + 5)
                    for worker in workers:
                        worker.close()
                    for task in tasks:
                        if not task.done():
                            task.cancel()

            asyncio.run(run())
            outcome.answers = load.answers
            outcome.kill_rows = rows
            firsts = [r.first_ok_after for r in rows if r.first_ok_after is not None]
            outcome.first_ok_after = max(firsts) if firsts else None
            outcome.check(load.instances[0].process.poll() is None,
                          f"the last instance exited:\n{load.instances[0].log()[-2000:]}")
        final = database.state()
        kill_checks(outcome, load, final, settings.store_deadline)
        if backend == "sqlite":
            with sqlite3.connect(path) as connection:
                integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
            outcome.check(integrity == "ok", f"PRAGMA integrity_check: {integrity}")
            outcome.notes.append(f"PRAGMA integrity_check: {integrity}")
    return outcome


def kill_checks(outcome: Outcome, load: CeremonyLoad, final: DatabaseState, deadline: float) -> None:
    """The answers (2xx, 4xx, 503, or a connection error of a request in flight at a kill; never a 500), and the
    database once the server stopped: the invariants, and what the 200 answers imply."""
    check_answers(outcome, load, deadline)
    outcome.notes.pop()  # check_answers' count of the replays, which this case does not send
    strange = [a for a in load.answers if a.status is not None and not (200 <= a.status < 300
                                                                         or 400 <= a.status < 500
                                                                         or a.status == 503)]
    outcome.check(not strange, f"{len(strange)} answers neither 2xx, 4xx nor 503: "
                               + "; ".join(describe(outcome, a) for a in strange[:3]))
    at_kill = [a for a in load.answers if a.status is None
               and not any(a.sent <= killed <= a.answered + 0.05 for killed, _ in load.kills)]
    outcome.check(not at_kill, f"{len(at_kill)} connection errors of requests not in flight at a kill: "
                               + "; ".join(describe(outcome, a) for a in at_kill[:3]))
    check_invariants(outcome, load, final, "at the end")
    missing = [t.username for t in load.live.values() if t.credential.credential_id not in final.credentials]
    outcome.check(not missing, f"{len(missing)} passkeys registered with a 200 and never deleted are not stored: "
                               f"{missing[:3]}")
    wrong = [t.username for t in load.live.values() if t.credential.credential_id in final.credentials
             and final.credentials[t.credential.credential_id][0] != t.credential.user_handle]
    outcome.check(not wrong, f"passkeys stored for another user handle: {wrong[:3]}")
    accounts = [u for u, handle in load.accounts.items() if final.accounts.get(u) != handle]
    outcome.check(not accounts, f"{len(accounts)} sign-ups answered 200 have no account: {accounts[:3]}")
    still = [c for c in load.deleted if c in final.credentials]
    outcome.check(not still, f"{len(still)} passkeys deleted with a 200 are still stored")
    behind = [
        (t.username, final.credentials[t.credential.credential_id][1:], t.acknowledged_counter, t.sign_ins)
        for t in load.live.values() if t.credential.credential_id in final.credentials
        and (final.credentials[t.credential.credential_id][1] < t.acknowledged_counter
             or final.credentials[t.credential.credential_id][2] < t.sign_ins)
    ]
    outcome.check(not behind, f"counters or versions behind the 200 answers: {behind[:3]}")
    pending = [c for c in load.honoured_challenges if final.is_pending(c)]
    outcome.check(not pending, f"{len(pending)} challenges answered 200 are still pending")
    rows = outcome.kill_rows
    operations = ", ".join(f"{what}: {count}" for what, count in load.operations.items())
    outcome.notes.append(
        f"ceremonies begun: {operations}; {sum(r.resent_200 + r.resent_in_flight for r in rows)} finishes sent "
        f"again after the restarts ({sum(r.resent_200 for r in rows)} answered 200 before, "
        f"{sum(r.resent_in_flight for r in rows)} in flight), {sum(r.resends_refused for r in rows)} refused, "
        f"{sum(r.resends_honoured for r in rows)} in flight with their challenge still pending honoured once; "
        f"at the end {len(final.accounts)} accounts, {len(final.credentials)} passkeys, "
        f"{sum(final.sessions.values())} sessions; {len(load.deleted)} deletions answered 200, "
        f"{len(load.uncertain_deletes)} unanswered; refusals during the load: "
        + (", ".join(f"{key}: {count}" for key, count in sorted(load.refused.items())) or "none")
    )


def print_kill_rows(outcome: Outcome) -> None:
    print(f"\n{outcome.name}, per kill (the database read once the server served again, before the re-sends):\n")
    print("| kill | at | requests in flight | finishes in flight | restart | finishes re-sent (200 before + in "
          "flight) | re-sends refused | honoured once (challenge pending) | credentials without account | sessions "
          "without credential | accounts without credential | first 200 after | result |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in outcome.kill_rows:
        result = "pass" if not r.failures else "**FAIL**"
        print(f"| {r.number} | {r.at:.2f} s | {r.in_flight} | {r.in_flight_finishes} | {r.restart_seconds:.2f} s | "
              f"{r.resent_200 + r.resent_in_flight} ({r.resent_200} + {r.resent_in_flight}) | {r.resends_refused} | "
              f"{r.resends_honoured} | {r.orphan_credentials} | {r.orphan_sessions} | {r.empty_accounts} | "
              f"{'—' if r.first_ok_after is None else f'{r.first_ok_after:.2f} s'} | {result} |")
    for r in outcome.kill_rows:
        for failure in r.failures:
            print(f"  - kill {r.number} FAILED: {failure}")


# The run.


FAULTS = [
    "postgres-restart", "postgres-stop", "sigkill", "sigterm", "lock", "concurrent-start", "sqlite-full",
    "sqlite-read-only", "hostile-database", "kill-during-ceremony-sqlite", "kill-during-ceremony-postgres",
]
# Names that stand for several faults.
FAULT_GROUPS = {"kill-during-ceremony": ["kill-during-ceremony-sqlite", "kill-during-ceremony-postgres"]}


def run_fault(name: str, settings: Settings, postgres: ThrowawayPostgres) -> Outcome:
    if name == "postgres-restart":
        return postgres_stop(settings, postgres, restart_only=True)
    if name == "postgres-stop":
        return postgres_stop(settings, postgres, restart_only=False)
    if name == "sigkill":
        return sigkill(settings, postgres)
    if name == "sigterm":
        return sigterm(settings, postgres)
    if name == "lock":
        return lock(settings, postgres)
    if name == "concurrent-start":
        return concurrent_start(settings, postgres)
    if name == "sqlite-full":
        return sqlite_full(settings)
    if name == "sqlite-read-only":
        return sqlite_read_only(settings)
    if name.startswith("kill-during-ceremony-"):
        return kill_during_ceremony(settings, postgres, name.rsplit("-", 1)[1])
    return hostile_database(settings, postgres)


def print_table(outcomes: list[Outcome], settings: Settings) -> None:
    print(
        f"\n{settings.concurrency} workers, store deadline {settings.store_deadline:g} s, "
        f"{settings.before_seconds:g} s of load before each fault, faults of {settings.fault_seconds:g} s, "
        f"{os.cpu_count()} cores\n"
    )
    print(
        "| fault | 200 | 503 | other codes | connection errors | longest answer | first 200 after recovery "
        "| result |"
    )
    print("|---|---:|---:|---|---:|---:|---:|---|")
    for o in outcomes:
        if o.skipped:
            print(f"| {o.name} | | | | | | | {o.skipped} |")
            continue
        ok, unavailable, others, errors = o.counts()
        other_text = ", ".join(f"{code}: {count}" for code, count in sorted(others.items())) or "—"
        recovery = f"{o.first_ok_after:.2f} s" if o.first_ok_after is not None else "—"
        longest = f"{o.longest():.2f} s" if o.answers else "—"
        result = "pass" if not o.failures else "**FAIL**"
        print(f"| {o.name} | {ok} | {unavailable} | {other_text} | {errors} | {longest} | {recovery} | {result} |")
    print()
    for o in outcomes:
        if o.skipped:
            continue
        print(f"- {o.name}: {o.fault}. " + "; ".join(o.notes))
        for failure in o.failures:
            print(f"  - FAILED: {failure}")
    for o in outcomes:
        if o.kill_rows:
            print_kill_rows(o)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True, help="the passkey-server binary")
    parser.add_argument("--fault-seconds", type=float, default=10, help="how long a fault lasts")
    parser.add_argument("--before-seconds", type=float, default=2, help="load before each fault")
    parser.add_argument("--after-seconds", type=float, default=4, help="load after the first 200 of the recovery")
    parser.add_argument("--concurrency", type=int, default=8, help="client workers")
    parser.add_argument("--store-deadline", type=float, default=3, help="the servers' --store-deadline")
    parser.add_argument("--faults", default=",".join(FAULTS),
                        help="comma-separated, among " + ", ".join([*FAULTS, *FAULT_GROUPS]))
    parser.add_argument("--kills", type=int, default=8, help="SIGKILLs in each kill-during-ceremony case")
    parser.add_argument("--time-limit", type=float, default=900, help="seconds after which the run is abandoned")
    arguments = parser.parse_args()
    names = [member for name in arguments.faults.split(",") for member in FAULT_GROUPS.get(name, [name])]
    for name in names:
        if name not in FAULTS:
            parser.error(f"unknown fault {name}")
    settings = Settings(
        os.path.abspath(arguments.server), arguments.fault_seconds, arguments.before_seconds,
        arguments.after_seconds, arguments.concurrency, arguments.store_deadline, arguments.kills,
    )

    def give_up(*_: object) -> None:
        raise TimeLimitReached(f"the fault run took more than {arguments.time_limit:g} s")

    signal.signal(signal.SIGALRM, give_up)
    signal.alarm(int(arguments.time_limit))
    started = time.monotonic()
    outcomes = []
    postgres = ThrowawayPostgres()
    try:
        for name in names:
            print(f"== {name}", file=sys.stderr, flush=True)
            try:
                outcome = run_fault(name, settings, postgres)
            except Exception as error:  # noqa: BLE001 - a fault that raises is a failed row, reported with the others
                traceback.print_exc()
                outcome = Outcome(name, failures=[f"{type(error).__name__}: {error}"])
            outcomes.append(outcome)
            for failure in outcome.failures:
                print(f"   FAILED: {failure}", file=sys.stderr, flush=True)
            if any(failure.startswith(TimeLimitReached.__name__) for failure in outcome.failures):
                break
    finally:
        postgres.close()
        signal.alarm(0)
    print_table(outcomes, settings)
    print(f"\n{time.monotonic() - started:.0f} s in all")
    print_failures(outcomes)
    return 1 if any(o.failures for o in outcomes) else 0


class TimeLimitReached(Exception):
    """`--time-limit` passed (not an OSError, so that no request's error handling takes it for a timeout)."""


def print_failures(outcomes: list[Outcome]) -> None:
    """The failed rows last, each check with the first line of its reason (the full text is in the list above)."""
    failed = [(o.name, failure) for o in outcomes for failure in o.failures]
    if not failed:
        return
    print(f"\n{len(failed)} failed checks in {len({name for name, _ in failed})} of {len(outcomes)} rows:")
    for name, failure in failed:
        lines = failure.strip().splitlines() or [""]
        reason = lines[0][:400] + (" [...]" if len(lines) > 1 or len(lines[0]) > 400 else "")
        print(f"FAILED {name}: {reason}")
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
