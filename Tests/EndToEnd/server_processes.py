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


def _stat_fields(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command name (proc(5): field 4, the parent, is index 1)."""
    with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
        return stat.read().rsplit(")", 1)[1].split()


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of process `pid`, all its threads, from /proc/PID/stat (proc(5) fields 14, 15)."""
    fields = _stat_fields(pid)
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS_PER_SECOND


def cpu_seconds_of_tree(root: int) -> float:
    """The CPU time of process `root` and every descendant: each live process's own time (proc(5) fields 14, 15)
    plus the time of the children it has reaped (fields 16, 17), so that a worker that exits between two readings
    still counts, in its parent."""
    children: dict[int, list[int]] = {}
    times: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = _stat_fields(int(entry))
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
        times[int(entry)] = int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
    total, pending = 0, [root]
    while pending:
        pid = pending.pop()
        total += times.get(pid, 0)
        pending.extend(children.get(pid, []))
    return total / CLOCK_TICKS_PER_SECOND


def listening_process(port: int) -> int | None:
    """The process that listens on TCP `port` (IPv4 or IPv6), found through its socket's inode in
    /proc/net/tcp{,6} and /proc/PID/fd; `None` when no process of this user's view holds it."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table, encoding="ascii") as rows:
                for row in list(rows)[1:]:
                    columns = row.split()
                    if columns[3] == "0A" and int(columns[1].rsplit(":", 1)[1], 16) == port:
                        inodes.add(f"socket:[{columns[9]}]")
        except OSError:
            continue
    holders = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            descriptors = os.listdir(f"/proc/{entry}/fd")
            if any(os.readlink(f"/proc/{entry}/fd/{fd}") in inodes for fd in descriptors):
                holders.append(int(entry))
        except OSError:
            continue
    # A listening socket is inherited by children; the holder whose parent does not hold it is the listener.
    for pid in holders:
        try:
            if int(_stat_fields(pid)[1]) not in holders:
                return pid
        except OSError:
            continue
    return None


@dataclass
class ServerInstance:
    """One running passkey-server: its process, port and log file."""

    process: subprocess.Popen
    port: int
    log_path: str
    metrics_port: int | None = None

    def connection(self, timeout: float = 30) -> http.client.HTTPConnection:
        """A new keep-alive HTTP connection to the instance."""
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def metrics_connection(self, timeout: float = 30) -> http.client.HTTPConnection:
        """A new HTTP connection to the instance's metrics port (started with `metrics=True`)."""
        assert self.metrics_port is not None, "the instance was started without --metrics-port"
        return http.client.HTTPConnection("127.0.0.1", self.metrics_port, timeout=timeout)

    def cpu_seconds(self) -> float:
        """The instance's CPU time so far, over its whole process tree."""
        return cpu_seconds_of_tree(self.process.pid)

    def log(self) -> str:
        """What the instance wrote so far."""
        with open(self.log_path, encoding="utf-8", errors="replace") as log:
            return log.read()


@dataclass
class ServerCluster:
    """Instances of passkey-server over one database, each with a metrics port of its own when `metrics` is set; a
    context manager that stops them all."""

    binary: str
    database: str
    log_level: str = "info"
    metrics: bool = False
    extra_arguments: list[str] = field(default_factory=list)
    instances: list[ServerInstance] = field(default_factory=list)

    def start(self, count: int, timeout: float = 120) -> list[ServerInstance]:
        """Starts `count` instances one after the other (the first creates the tables) and waits until each
        answers HTTP."""
        for _ in range(count):
            port = free_port()
            metrics_port = free_port() if self.metrics else None
            log = tempfile.NamedTemporaryFile(prefix=f"passkey-server-{port}-", suffix=".log", delete=False)
            process = subprocess.Popen(
                self.command(port, metrics_port), stdout=log, stderr=subprocess.STDOUT, env=self.environment()
            )
            log.close()
            instance = ServerInstance(process, port, log.name, metrics_port)
            self.instances.append(instance)
            wait_until_ready(instance, timeout)
        return self.instances

    def command(self, port: int, metrics_port: int | None) -> list[str]:
        """The command line of one instance on `port`."""
        return [
            self.binary, "serve",
            "--host", "127.0.0.1", "--port", str(port),
            "--rp-id", RELYING_PARTY_ID, "--origin", ORIGIN,
            "--database", self.database,
            "--log-level", self.log_level,
            *(["--metrics-port", str(metrics_port)] if metrics_port else []),
            *self.extra_arguments,
        ]

    def environment(self) -> dict[str, str] | None:
        """The environment of every instance; `None` for this process's own."""
        return None

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


PEER_SERVER_DIRECTORY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer")


@dataclass
class PeerCluster(ServerCluster):
    """Instances of the py_webauthn peer (`peer/peer_server.py`: Flask under gunicorn) over one database, started,
    waited for and stopped like passkey-server's; `binary` is a Python that has `peer/requirements.txt`
    (`peer/install.sh` makes one). Each instance is one gunicorn master with `workers` gthread workers of `threads`
    threads (one worker per core by default); its CPU is counted over the master and its workers."""

    workers: int = os.cpu_count() or 1
    threads: int = 8

    def command(self, port: int, metrics_port: int | None) -> list[str]:
        return [
            self.binary, "-m", "gunicorn",
            "--bind", f"127.0.0.1:{port}",
            "--worker-class", "gthread", "--workers", str(self.workers), "--threads", str(self.threads),
            "--keep-alive", "5", "--preload", "--log-level", self.log_level,
            "--chdir", PEER_SERVER_DIRECTORY, "peer_server:app",
        ]

    def environment(self) -> dict[str, str] | None:
        return {
            **os.environ,
            "PEER_DATABASE": self.database, "PEER_RP_ID": RELYING_PARTY_ID, "PEER_ORIGIN": ORIGIN,
            "PYTHONDONTWRITEBYTECODE": "1",
        }


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
