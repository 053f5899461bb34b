"""Starts the app the way the Procfile says (release, then web), on loopback, for the benchmark.

The test suite's servers (tests/servers.py) are this class with a test's settings; the benchmark
does not depend on the test suite.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from companion.cli import procfile_command

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def environment(database_url: str, instance: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "DATABASE_URL": database_url, "COMPANION_INSTANCE": str(instance),
            "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}", **extra}


def release(database_url: str, instance: Path) -> None:
    """The Procfile's ``release`` step: bring the schema up to date."""
    subprocess.run(["sh", "-c", "exec " + procfile_command("release")], env=environment(database_url, instance),
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class Server:
    """The Procfile's ``web`` line (gunicorn, gevent) on 127.0.0.1 and a free port."""

    def __init__(self, database_url: str, instance: Path, log_path: Path, port: int | None = None,
                 **env: str) -> None:
        self.port = port or free_port()  # a given port: a restart at the address the phones know
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        environ = environment(database_url, instance, PORT=str(self.port), HOST="127.0.0.1", **env)
        with open(log_path, "w") as log:  # the child keeps its own descriptor
            self.process = subprocess.Popen(["sh", "-c", "exec " + procfile_command("web")], env=environ, cwd=ROOT,
                                            stdout=log, stderr=subprocess.STDOUT)
        self.wait_ready()

    def wait_ready(self, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited:\n{self.log_path.read_text()}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=5):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def pids(self) -> list[int]:
        """The gunicorn master (``exec`` made it the process we started) and its workers."""
        master = self.process.pid
        children: list[int] = []
        for task in Path(f"/proc/{master}/task").iterdir():
            children += [int(pid) for pid in (task / "children").read_text().split()]
        return [master, *children]

    def stop(self) -> None:
        """SIGKILL to the gunicorn master and its workers: no wait for live streams to close (a
        SIGTERM waits up to --graceful-timeout, 5 s, while one is open). Nothing is measured once a
        run is over, and no test checks a graceful shutdown."""
        if self.process.poll() is not None:
            return
        try:
            pids = self.pids()
        except FileNotFoundError:  # the master ended while we looked
            pids = [self.process.pid]
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:  # it ended while we looked
                pass
        self.process.wait(10)


def rss_bytes(pid: int) -> int:
    """Resident memory of one process, from /proc/<pid>/status (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for process {pid}")
