"""Starts and stops passkey-server instances for the end-to-end tests, makes a fresh PostgreSQL database per
run, and reads processes' CPU time from /proc.

Every instance serves the same relying party (`localhost`, origin `http://localhost:8080`) on its own loopback
port, over the one database given: an SQLite file or a `postgres://` URL.
"""

import http.client
import os
import secrets
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field

RELYING_PARTY_ID = "localhost"
ORIGIN = "http://localhost:8080"
CLOCK_TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")



def add_postgres_option(parser) -> None:
    """Adds `--postgres`: a server URL whose role may create databases, by default $PASSKEY_CLUSTER_POSTGRES_URL
    (what .ci/cluster-e2e.sh sets)."""
    parser.add_argument(
        "--postgres",
        default=os.environ.get("PASSKEY_CLUSTER_POSTGRES_URL"),
        help="a postgres:// URL whose role may create databases (default: $PASSKEY_CLUSTER_POSTGRES_URL)",
    )

def free_port() -> int:
    """A loopback TCP port nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of process `pid`, all its threads, from /proc/PID/stat (proc(5) fields 14, 15)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS_PER_SECOND


def cpu_seconds_of_command(name: str) -> float:
    """The summed CPU time of every process whose command name is `name` (such as the PostgreSQL backends)."""
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/comm", encoding="utf-8") as comm:
                if comm.read().strip() != name:
                    continue
            total += cpu_seconds(int(entry))
        except OSError:
            continue
    return total


@dataclass
class ServerInstance:
    """One running passkey-server: its process, port and log file."""

    process: subprocess.Popen
    port: int
    log_path: str

    def connection(self, timeout: float = 30) -> http.client.HTTPConnection:
        """A new keep-alive HTTP connection to the instance."""
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def cpu_seconds(self) -> float:
        """The instance's CPU time so far."""
        return cpu_seconds(self.process.pid)

    def log(self) -> str:
        """What the instance wrote so far."""
        with open(self.log_path, encoding="utf-8", errors="replace") as log:
            return log.read()


@dataclass
class ServerCluster:
    """Instances of passkey-server over one database; a context manager that stops them all."""

    binary: str
    database: str
    log_level: str = "info"
    extra_arguments: list[str] = field(default_factory=list)
    instances: list[ServerInstance] = field(default_factory=list)

    def start(self, count: int, timeout: float = 120) -> list[ServerInstance]:
        """Starts `count` instances one after the other (the first creates the tables) and waits until each
        answers HTTP."""
        for _ in range(count):
            port = free_port()
            log = tempfile.NamedTemporaryFile(prefix=f"passkey-server-{port}-", suffix=".log", delete=False)
            process = subprocess.Popen(
                [
                    self.binary, "serve",
                    "--host", "127.0.0.1", "--port", str(port),
                    "--rp-id", RELYING_PARTY_ID, "--origin", ORIGIN,
                    "--database", self.database,
                    "--log-level", self.log_level,
                    *self.extra_arguments,
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            log.close()
            instance = ServerInstance(process, port, log.name)
            self.instances.append(instance)
            wait_until_ready(instance, timeout)
        return self.instances

    def stop(self) -> None:
        """SIGTERM to every instance (a graceful shutdown), SIGKILL after 20 s; removes the logs."""
        for instance in self.instances:
            if instance.process.poll() is None:
                instance.process.send_signal(signal.SIGTERM)
        for instance in self.instances:
            try:
                instance.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                instance.process.kill()
                instance.process.wait()
            os.unlink(instance.log_path)
        self.instances = []

    def __enter__(self) -> "ServerCluster":
        return self

    def __exit__(self, *exception) -> None:
        self.stop()


def wait_until_ready(instance: ServerInstance, timeout: float) -> None:
    """Returns once `GET /` gets any HTTP answer; raises when the process exits or `timeout` passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if instance.process.poll() is not None:
            raise RuntimeError(f"passkey-server on port {instance.port} exited:\n{instance.log()}")
        connection = instance.connection(timeout=2)
        try:
            connection.request("GET", "/")
            connection.getresponse().read()
            return
        except OSError:
            time.sleep(0.1)
        finally:
            connection.close()
    raise RuntimeError(f"passkey-server on port {instance.port} did not answer in {timeout} s:\n{instance.log()}")


class PostgresDatabase:
    """A database created for one run on the server of `server_url` (whose role may create databases), and
    dropped when the run ends; `url` names it."""

    def __init__(self, server_url: str, prefix: str):
        self.server_url = server_url.rstrip("/").rsplit("/", 1)[0]
        self.name = f"{prefix}_{secrets.token_hex(4)}"
        self.url = f"{self.server_url}/{self.name}"

    def __enter__(self) -> "PostgresDatabase":
        self._psql(f"CREATE DATABASE {self.name}")
        return self

    def __exit__(self, *exception) -> None:
        self._psql(f"DROP DATABASE IF EXISTS {self.name} WITH (FORCE)")

    def _psql(self, statement: str) -> None:
        subprocess.run(
            ["psql", f"{self.server_url}/postgres", "-v", "ON_ERROR_STOP=1", "-qc", statement],
            check=True,
        )
