"""Real server processes for the tests: bench/launcher.py's ``Server`` (the Procfile's ``web``
line, read by ``companion.cli.procfile_command``, on loopback), with a test's settings.

Stopping does not wait: gunicorn's SIGTERM waits up to ``--graceful-timeout`` (5 s) for open
live streams, and a test has always finished with its server when it stops it. No test checks
a graceful shutdown; tests/test_crash.py checks the harder case, a kill -9 mid-burst.
"""

from __future__ import annotations

from pathlib import Path

from bench.launcher import Server as ProcfileServer

SECRET_KEY = "test-secret"


class Server(ProcfileServer):
    def __init__(self, database_url: str, tmp_path: Path, threads: int = 64, port: int | None = None,
                 **env: str) -> None:
        self.tmp_path, self.database_url = tmp_path, database_url
        log_path = tmp_path / f"server-{len(list(tmp_path.glob('server-*.log'))) + 1}.log"  # a restart keeps the first log
        super().__init__(database_url, tmp_path / "instance", log_path, port=port, SECRET_KEY=SECRET_KEY,
                         WEB_THREADS=str(threads), **env)

