"""Shared fixtures: a real database (SQLite file, and PostgreSQL when TEST_POSTGRES_URL is set),
built by the real migrations; the Flask test client; a real server started as the Procfile
says; phones (clients with their own cookie jars)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parent.parent
POSTGRES = os.environ.get("TEST_POSTGRES_URL", "")
BACKENDS = ["sqlite"] + (["postgresql"] if POSTGRES else [])


def _reset_postgres(url: str) -> None:
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1), poolclass=None)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture(scope="session")
def postgres_url():
    """A database of this test run's own, so two runs on one server never share tables."""
    if not POSTGRES:
        return None
    base, _, _ = POSTGRES.rpartition("/")
    name = f"companion_test_{os.getpid()}"
    admin = create_engine(POSTGRES.replace("postgresql://", "postgresql+psycopg://", 1), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield f"{base}/{name}"
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(params=BACKENDS)
def database_url(request, tmp_path) -> str:
    if request.param == "postgresql":
        url = request.getfixturevalue("postgres_url")
        _reset_postgres(url)
        return url.replace("postgresql://", "postgresql+psycopg://", 1)
    return f"sqlite:///{tmp_path / 'companion.db'}"


def make_app(database_url: str, tmp_path: Path, **config):
    from flask_migrate import upgrade

    from companion import create_app

    os.environ["COMPANION_INSTANCE"] = str(tmp_path / "instance")
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "test-secret", "TESTING": True,
                      "RATELIMIT_ENABLED": False, **config})
    with app.app_context():
        upgrade(directory=str(ROOT / "companion" / "migrations"))
    return app


def dispose(app) -> None:
    """Closes an app's pooled connections now, rather than whenever the garbage collector
    gets to them (psycopg warns about a connection deleted while open, and warnings are errors)."""
    from companion.extensions import db

    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def app(database_url, tmp_path):
    app = make_app(database_url, tmp_path)
    yield app
    dispose(app)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def phone(app):
    """A factory of phones: each is a test client with its own device cookie."""
    return lambda: app.test_client()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def procfile_web() -> str:
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line.startswith("web:"):
            return line.split(":", 1)[1].strip()
    raise AssertionError("Procfile has no web line")


class Server:
    """A real server process, started as the Procfile says, on loopback."""

    def __init__(self, database_url: str, tmp_path: Path, threads: int = 64, port: int | None = None,
                 **env: str) -> None:
        self.port = port or free_port()  # a given port: a restart at the address the phones know
        self.url = f"http://127.0.0.1:{self.port}"
        self.tmp_path = tmp_path
        environ = {**os.environ, "PORT": str(self.port), "HOST": "127.0.0.1", "DATABASE_URL": database_url,
                   "COMPANION_INSTANCE": str(tmp_path / "instance"), "SECRET_KEY": "test-secret",
                   "WEB_THREADS": str(threads), "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}", **env}
        self.log_path = tmp_path / f"server-{self.port}.log"
        if self.log_path.exists():  # a restart on the same port keeps the first server's log
            self.log_path = tmp_path / f"server-{self.port}-{len(list(tmp_path.glob('server-*.log')))}.log"
        with open(self.log_path, "w") as log:  # the child keeps its own descriptor
            self.process = subprocess.Popen(["sh", "-c", "exec " + procfile_web()], env=environ, cwd=ROOT,
                                            stdout=log, stderr=subprocess.STDOUT)
        self.wait_ready()

    def wait_ready(self, seconds: float = 20) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"server exited: {self.log_path.read_text()}")
            try:
                requests.get(self.url + "/api/games", timeout=5)
                return
            except requests.RequestException:
                time.sleep(0.1)
        raise AssertionError("server did not start")

    def stop(self, kill: bool = False) -> None:
        if self.process.poll() is None:
            self.process.kill() if kill else self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


@pytest.fixture
def server_factory(database_url, tmp_path):
    dispose(make_app(database_url, tmp_path))  # the schema, by the migrations
    servers: list[Server] = []

    def start(**kwargs) -> Server:
        server = Server(database_url, tmp_path, **kwargs)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def server(server_factory) -> Server:
    return server_factory()
