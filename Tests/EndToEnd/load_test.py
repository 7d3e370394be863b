"""A bounded loopback load test of passkey-server: end-to-end sign-ins per second (POST /assertion/options, an
ES256 assertion signed by the client, POST /assertion/result), p50 and p99 latency, and the servers' CPU time,
on SQLite and on PostgreSQL with 1 and 2 instances over one database; then the ratio of sign-ins per server
CPU-second to the library's pre-decoded ES256 assertion rate per CPU-second, measured by passkey-bench in the
same run.

    python3 Tests/EndToEnd/load_test.py --server .build/release/passkey-server \\
        --postgres postgres://USER:PASSWORD@127.0.0.1:5432/postgres \\
        --bench Benchmarks/.build/release/passkey-bench --seconds 20

The servers run with `--rate-limit off` (every client here is one loopback address). Each configuration gets a
fresh database (a new SQLite file, or a new PostgreSQL database that `--postgres`'s
role creates and drops), registers one credential per client connection, warms up, then runs for `--seconds`
and stops. Sign-ins are discoverable (empty `allowCredentials`, as with autofill): the options write nothing (the
challenge is sealed; with `--server-argument=--stored-challenges` they store it); the result reads the credential,
verifies, then in one transaction records the challenge as used, writes the counter and last use with a
compare-and-set, reads the username and starts a session. Every answer must be 200 with the expected username; any
other makes the run fail (exit status 1).

The client is one Python process (asyncio, keep-alive connections, one per worker) on the same 2 cores as the
servers and PostgreSQL, so wall-clock sign-ins/s understate what the servers could do alone; the rate per
server CPU-second (from /proc/PID/stat) does not depend on that, and it is the one the ratio uses. A server's CPU
is counted over its whole process tree (a server that forked workers counts them, and children that exited count in
their parent), PostgreSQL's over the tree of the one postmaster that listens on `--postgres`'s port (other clusters
on the machine never count).

After the configurations, one more instance answers `GET /health/live` (no storage, a constant answer) to the same
client for as long: the static-GET floor, in answers per server CPU-second, against which each configuration's
server CPU per sign-in is set (a sign-in is two requests). `--no-floor` skips it; `--server-argument` passes an
argument to every instance (`--server-argument=--sqlite-synchronous --server-argument=normal`).

With `--peer PYTHON` (a Python that has `peer/requirements.txt`: `Tests/EndToEnd/peer/install.sh` makes one under
`.build-peer/` and prints its path), every configuration runs a second time right after passkey-server's, on the
py_webauthn peer (`peer/peer_server.py`: the same four routes over py_webauthn 3.0.1, Flask under gunicorn, the same
kind of database, started, driven and measured the same way), and a last table gives ours ÷ peer per configuration,
per server CPU-second and per server+PostgreSQL CPU-second.
"""

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import urllib.parse
import sys
import tempfile
import time
from dataclasses import dataclass, field

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from server_processes import (  # noqa: E402
    ORIGIN,
    RELYING_PARTY_ID,
    PostgresDatabase,
    ServerCluster,
    ServerInstance,
    add_postgres_option,
    cpu_seconds_of_tree,
    PeerCluster,
    listening_process,
)
from software_authenticator import SoftwareAuthenticator, SoftwareCredential  # noqa: E402

BENCHMARK_NAME = "ES256 assertion, pre-decoded"
REQUEST_TIMEOUT = 30


class HTTPConnection:
    """A minimal HTTP/1.1 keep-alive client for JSON POSTs (Content-Length or chunked answers); `closing` tells
    that the last answer said `Connection: close`."""

    def __init__(self, port: int):
        self.port = port
        self.reader: asyncio.StreamReader
        self.writer: asyncio.StreamWriter
        self.closing = False

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        ).encode("ascii")
        self.writer.write(head + body)
        return await self.answer()

    async def get(self, path: str) -> tuple[int, bytes]:
        self.writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode("ascii"))
        return await self.answer()

    async def answer(self) -> tuple[int, bytes]:
        """The status and body of the next answer."""
        header_block = await self.reader.readuntil(b"\r\n\r\n")
        lines = header_block.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                headers[name.strip().lower()] = value.strip()
        self.closing = headers.get("connection", "").lower() == "close"
        if "content-length" in headers:
            return status, await self.reader.readexactly(int(headers["content-length"]))
        if headers.get("transfer-encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                chunk = await self.reader.readexactly(size + 2)
                if size == 0:
                    return status, b"".join(chunks)
                chunks.append(chunk[:-2])
        raise RuntimeError(f"an answer with neither Content-Length nor chunked encoding: {headers}")

    def close(self) -> None:
        self.writer.close()


@dataclass
class Tally:
    """What the workers counted while the clock ran."""

    measuring: bool = False
    sign_ins: int = 0
    latencies: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)


async def register(
    connection: HTTPConnection, authenticator: SoftwareAuthenticator, username: str
) -> SoftwareCredential:
    """Registers a new credential for `username` through the instance of `connection`."""
    status, body = await connection.post("/attestation/options", json.dumps({"username": username}).encode())
    if status != 200:
        raise RuntimeError(f"attestation/options: {status} {body!r}")
    credential, response = authenticator.register(json.loads(body))
    status, body = await connection.post("/attestation/result", json.dumps(response).encode())
    if status != 200:
        raise RuntimeError(f"attestation/result: {status} {body!r}")
    return credential


def without_session_token(answer: dict) -> dict:
    """`answer` without the new session's token (random for each sign-in), checked to be there."""
    token = answer.pop("sessionToken", None)
    if not isinstance(token, str) or len(token) != 43:
        answer["sessionToken"] = token
    return answer


async def worker(
    connection: HTTPConnection,
    authenticator: SoftwareAuthenticator,
    credential: SoftwareCredential,
    expected: dict,
    tally: Tally,
    stop_at: float,
) -> None:
    """Signs in again and again until `stop_at`, counting only while `tally.measuring`."""
    while time.monotonic() < stop_at:
        started = time.perf_counter()
        status, body = await asyncio.wait_for(connection.post("/assertion/options", b"{}"), REQUEST_TIMEOUT)
        if status != 200:
            tally.failures.append(f"assertion/options: {status} {body[:200]!r}")
            continue
        challenge = json.loads(body)["challenge"]
        assertion = json.dumps(authenticator.authenticate(credential, challenge)).encode()
        status, body = await asyncio.wait_for(connection.post("/assertion/result", assertion), REQUEST_TIMEOUT)
        elapsed = time.perf_counter() - started
        if status != 200 or without_session_token(json.loads(body)) != expected:
            tally.failures.append(f"assertion/result: {status} {body[:200]!r}")
            continue
        if tally.measuring:
            tally.sign_ins += 1
            tally.latencies.append(elapsed)


@dataclass
class Measurement:
    """One configuration's result."""

    name: str
    instances: int
    seconds: float
    sign_ins: int
    latencies: list[float]
    server_cpu: float
    postgres_cpu: float
    client_cpu: float
    failures: list[str]
    server_log_excerpt: list[str] = field(default_factory=list)
    peer: bool = False

    @property
    def label(self) -> str:
        return f"{self.name} (peer)" if self.peer else self.name

    @property
    def rate(self) -> float:
        return self.sign_ins / self.seconds

    @property
    def per_server_cpu_second(self) -> float:
        return self.sign_ins / self.server_cpu if self.server_cpu else 0.0

    @property
    def per_server_and_database_cpu_second(self) -> float:
        total = self.server_cpu + self.postgres_cpu
        return self.sign_ins / total if total else 0.0

    def percentile(self, fraction: float) -> float:
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000


async def drive(
    instances: list[ServerInstance], concurrency: int, warmup: float, seconds: float, postgres_port: int | None
) -> Measurement:
    """Registers one credential per worker, then runs the workers for `warmup` + `seconds`."""
    authenticator = SoftwareAuthenticator(RELYING_PARTY_ID, ORIGIN)
    connections, credentials, expected = [], [], []
    for index in range(concurrency):
        connection = HTTPConnection(instances[index % len(instances)].port)
        await connection.open()
        username = f"load-{index}"
        credentials.append(await register(connection, authenticator, username))
        expected.append({"status": "ok", "errorMessage": "", "username": username})
        connections.append(connection)
    tally = Tally()
    stop_at = time.monotonic() + warmup + seconds
    tasks = [
        asyncio.create_task(worker(connections[i], authenticator, credentials[i], expected[i], tally, stop_at))
        for i in range(concurrency)
    ]
    await asyncio.sleep(warmup)
    postmaster = listening_process(postgres_port) if postgres_port else None
    server_cpu = sum(instance.cpu_seconds() for instance in instances)
    postgres_cpu = cpu_seconds_of_tree(postmaster) if postmaster else 0.0
    client_cpu = time.process_time()
    started = time.monotonic()
    tally.measuring = True
    await asyncio.sleep(seconds)
    tally.measuring = False
    elapsed = time.monotonic() - started
    server_cpu = sum(instance.cpu_seconds() for instance in instances) - server_cpu
    postgres_cpu = (cpu_seconds_of_tree(postmaster) if postmaster else 0.0) - postgres_cpu
    client_cpu = time.process_time() - client_cpu
    await asyncio.gather(*tasks)
    for connection in connections:
        connection.close()
    return Measurement(
        "", len(instances), elapsed, tally.sign_ins, tally.latencies, server_cpu, postgres_cpu, client_cpu,
        tally.failures,
    )


async def drive_static_get(instance: ServerInstance, concurrency: int, warmup: float, seconds: float) -> tuple[int, float]:
    """`GET /health/live` (no storage, a constant answer) on `concurrency` connections for `warmup` + `seconds`:
    the answers counted while measuring and the server's CPU seconds meanwhile."""
    counted = [0]
    measuring = [False]
    stop_at = time.monotonic() + warmup + seconds

    async def getter(connection: HTTPConnection) -> None:
        while time.monotonic() < stop_at:
            status, body = await asyncio.wait_for(connection.get("/health/live"), REQUEST_TIMEOUT)
            if status != 200:
                raise RuntimeError(f"GET /health/live: {status} {body[:200]!r}")
            if measuring[0]:
                counted[0] += 1

    connections = [HTTPConnection(instance.port) for _ in range(concurrency)]
    for connection in connections:
        await connection.open()
    tasks = [asyncio.create_task(getter(connection)) for connection in connections]
    await asyncio.sleep(warmup)
    cpu = instance.cpu_seconds()
    measuring[0] = True
    await asyncio.sleep(seconds)
    measuring[0] = False
    cpu = instance.cpu_seconds() - cpu
    await asyncio.gather(*tasks)
    for connection in connections:
        connection.close()
    return counted[0], cpu


def static_get_floor(arguments: argparse.Namespace) -> float:
    """Answers per server CPU-second of one passkey-server instance (SQLite) to a `GET` that touches no storage,
    driven by the same client: what a request costs the server before any work of its own."""
    with tempfile.TemporaryDirectory(prefix="passkey-load-") as directory:
        with ServerCluster(
            arguments.server,
            os.path.join(directory, "passkeys.sqlite"),
            log_level="warning",
            extra_arguments=["--rate-limit", "off", "--username-rate-limit", "off", *arguments.server_argument],
        ) as cluster:
            (instance,) = cluster.start(1)
            answers, cpu = asyncio.run(
                drive_static_get(instance, arguments.concurrency, arguments.warmup, arguments.seconds)
            )
    return answers / cpu if cpu else 0.0


def run_configuration(name: str, arguments: argparse.Namespace, peer: bool = False) -> Measurement:
    """Runs one configuration on passkey-server, or on the py_webauthn peer when `peer` is set."""
    database_kind, count = name.split("-")
    with tempfile.TemporaryDirectory(prefix="passkey-load-") as directory:
        if database_kind == "sqlite":
            database = None
            location = os.path.join(directory, "passkeys.sqlite")
        else:
            database = PostgresDatabase(arguments.postgres, "passkey_load").__enter__()
            location = database.url
        try:
            if peer:
                cluster = PeerCluster(
                    arguments.peer, location, log_level="warning",
                    workers=arguments.peer_workers, threads=arguments.peer_threads,
                )
            else:
                cluster = ServerCluster(
                    arguments.server,
                    location,
                    log_level="warning",
                    extra_arguments=["--rate-limit", "off", "--username-rate-limit", "off", *arguments.server_argument],
                )
            with cluster:
                instances = cluster.start(int(count))
                postgres_port = urllib.parse.urlsplit(arguments.postgres).port or 5432 if database else None
                measurement = asyncio.run(
                    drive(instances, arguments.concurrency, arguments.warmup, arguments.seconds, postgres_port)
                )
                if measurement.failures:
                    measurement.server_log_excerpt = [
                        line for instance in instances for line in instance.log().splitlines() if line.strip()
                    ][-10:]
        finally:
            if database is not None:
                database.__exit__(None, None, None)
    measurement.name = name
    measurement.peer = peer
    return measurement


def pre_decoded_es256_rate(bench: str, seconds: float) -> float:
    """passkey-bench's pre-decoded ES256 assertion rate, single-threaded, per CPU-second (`--cpu-time`)."""
    output = subprocess.run(
        [
            bench, "--filter", BENCHMARK_NAME, "--no-parallel", "--cpu-time",
            "--seconds", str(seconds), "--repetitions", "5", "--warmup", "0.5",
        ],
        check=True, capture_output=True, text=True,
    ).stdout
    match = re.search(r"^\| " + re.escape(BENCHMARK_NAME) + r" \| (\d+) \|", output, re.MULTILINE)
    if match is None:
        raise RuntimeError(f"passkey-bench printed no '{BENCHMARK_NAME}' row:\n{output}")
    return float(match.group(1))


def print_peer_ratios(measurements: list[Measurement]) -> None:
    """Ours ÷ peer per configuration: sign-ins per server CPU-second and per server+PostgreSQL CPU-second."""
    print(
        "\n| configuration | passkey-server sign-ins per server CPU-s | peer | ours ÷ peer "
        "| passkey-server per server+PostgreSQL CPU-s | peer | ours ÷ peer |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    ours = {m.name: m for m in measurements if not m.peer}
    for peer in (m for m in measurements if m.peer):
        m = ours[peer.name]
        server_ratio = m.per_server_cpu_second / peer.per_server_cpu_second if peer.per_server_cpu_second else 0.0
        total_ratio = (
            m.per_server_and_database_cpu_second / peer.per_server_and_database_cpu_second
            if peer.per_server_and_database_cpu_second
            else 0.0
        )
        print(
            f"| {m.name} | {m.per_server_cpu_second:.0f} | {peer.per_server_cpu_second:.0f} | {server_ratio:.2f} "
            f"| {m.per_server_and_database_cpu_second:.0f} | {peer.per_server_and_database_cpu_second:.0f} "
            f"| {total_ratio:.2f} |"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True, help="the passkey-server binary (a release build for numbers)")
    add_postgres_option(parser)
    parser.add_argument("--bench", help="the passkey-bench binary; without it no ratio is printed")
    parser.add_argument("--seconds", type=float, default=10, help="measured seconds per configuration")
    parser.add_argument("--warmup", type=float, default=2, help="unmeasured seconds before them")
    parser.add_argument("--concurrency", type=int, default=16, help="client connections (one credential each)")
    parser.add_argument(
        "--server-argument",
        action="append",
        default=[],
        help="one more argument of every passkey-server instance, such as --server-argument=--sqlite-synchronous "
        "--server-argument=normal (repeat it)",
    )
    parser.add_argument(
        "--no-floor",
        action="store_true",
        help="skip the static-GET floor (GET /health/live per server CPU-second, measured after the configurations)",
    )
    parser.add_argument(
        "--peer",
        help="a Python with Tests/EndToEnd/peer/requirements.txt (Tests/EndToEnd/peer/install.sh makes one): each "
        "configuration then runs on the py_webauthn peer too, right after passkey-server, and ours ÷ peer is printed",
    )
    parser.add_argument(
        "--peer-workers", type=int, default=os.cpu_count() or 1, help="gunicorn workers per peer instance"
    )
    parser.add_argument("--peer-threads", type=int, default=8, help="threads per gunicorn worker")
    parser.add_argument(
        "--configurations",
        default="sqlite-1,sqlite-2,postgres-1,postgres-2",
        help="comma-separated DATABASE-INSTANCES among sqlite-1, sqlite-2, postgres-1, postgres-2",
    )
    arguments = parser.parse_args()
    arguments.server = os.path.abspath(arguments.server)
    if arguments.peer:
        arguments.peer = os.path.abspath(arguments.peer) if os.sep in arguments.peer else arguments.peer
    names = arguments.configurations.split(",")
    for name in names:
        if not re.fullmatch(r"(sqlite|postgres)-[12]", name):
            parser.error(f"unknown configuration {name}")
        if name.startswith("postgres") and not arguments.postgres:
            parser.error("the PostgreSQL configurations need --postgres or PASSKEY_CLUSTER_POSTGRES_URL")

    bench_rates = []
    if arguments.bench:
        bench_rates.append(pre_decoded_es256_rate(arguments.bench, 1))
    measurements = []
    for name in names:
        for peer in (False, True) if arguments.peer else (False,):
            measurements.append(run_configuration(name, arguments, peer))
            m = measurements[-1]
            print(f"{m.label}: {m.sign_ins} sign-ins in {m.seconds:.1f} s", file=sys.stderr)
    if arguments.bench:
        bench_rates.append(pre_decoded_es256_rate(arguments.bench, 1))
    bench_rate = statistics.mean(bench_rates) if bench_rates else None
    floor = None if arguments.no_floor else static_get_floor(arguments)

    print(
        f"\n{arguments.concurrency} client connections, {arguments.warmup:g} s warm-up, "
        f"{arguments.seconds:g} s measured per configuration, {os.cpu_count()} cores\n"
    )
    print(
        "| configuration | sign-ins/s | p50 ms | p99 ms | server CPU s (cores) | sign-ins per server CPU-s "
        "| PostgreSQL CPU s | sign-ins per server+PostgreSQL CPU-s | client CPU s | ratio to pre-decoded ES256 |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for m in measurements:
        ratio = f"{m.per_server_cpu_second / bench_rate:.3f}" if bench_rate else "—"
        postgres = f"{m.postgres_cpu:.2f}" if m.name.startswith("postgres") else "—"
        print(
            f"| {m.label} | {m.rate:.0f} | {m.percentile(0.5):.2f} | {m.percentile(0.99):.2f} "
            f"| {m.server_cpu:.2f} ({m.server_cpu / m.seconds:.2f}) | {m.per_server_cpu_second:.0f} | {postgres} "
            f"| {m.per_server_and_database_cpu_second:.0f} | {m.client_cpu:.2f} | {ratio} |"
        )
    if bench_rate:
        rates = ", ".join(f"{rate:.0f}" for rate in bench_rates)
        print(f"\npre-decoded ES256 assertion (passkey-bench --cpu-time, before and after): {rates} per CPU-second")
    if floor:
        print(
            f"\nstatic-GET floor (GET /health/live, one instance, same client): {floor:.0f} answers per server "
            f"CPU-second ({1e6 / floor:.0f} µs each; a sign-in is two requests)"
        )
        for m in measurements:
            if not m.peer and m.per_server_cpu_second:
                print(
                    f"- {m.name}: {1e6 / m.per_server_cpu_second:.0f} µs of server CPU per sign-in, "
                    f"{1e6 / m.per_server_cpu_second - 2e6 / floor:.0f} µs above two static GETs"
                )
    if arguments.peer:
        print_peer_ratios(measurements)
    failed = []
    for m in measurements:
        if m.failures:
            failed.append(f"{m.label}: {len(m.failures)} failed sign-ins, first: {m.failures[0]}")
            print(f"\n{m.label}: the servers' last log lines:\n" + "\n".join(m.server_log_excerpt), file=sys.stderr)
        if m.sign_ins == 0:
            failed.append(f"{m.label}: no sign-in completed")
    # The reasons last, after the table (stdout) and the log lines (stderr).
    sys.stdout.flush()
    for failure in failed:
        print(f"FAILED {failure}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
