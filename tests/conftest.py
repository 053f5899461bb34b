"""Shared fixtures: a real database (SQLite file, and PostgreSQL when TEST_POSTGRES_URL is set),
copied from one built by the real migrations (tests/databases.py); the Flask test client; real
servers started as the Procfile says (tests/servers.py); phones (clients with their own cookie jars)."""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from jinja2 import BytecodeCache
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from companion.models import LibraryEntry
from tests.databases import BACKENDS, Databases
from tests.servers import SECRET_KEY, Server

# Hypothesis fails an example slower than 200 ms and a generator it finds slow: on a loaded
# 2-core machine (two xdist workers, a browser, servers) that is the machine, not the code.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
# CI (.ci/run sets CI): the same examples on every run, so that a landing is not decided by the
# draw; new examples are explored on developers' machines, where a find is kept and replayed.
settings.register_profile("ci", parent=settings.get_profile("suite"), derandomize=True, database=None)
settings.load_profile("ci" if os.environ.get("CI") else "suite")


# The fixtures that start a real server (a gunicorn as the Procfile says): their tests are
# marked ``server`` and left out of the fast tier.
SERVER_FIXTURES = {"server", "shared_server", "shared_servers", "server_factory", "other_process"}


def pytest_addoption(parser):
    parser.addoption("--fast", action="store_true",
                     help="the fast tier for the edit-test loop: rules, kit and web through the Flask test client, "
                          "on SQLite; no browser, no PostgreSQL, no real server, nothing marked slow")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if SERVER_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.server)
    if config.getoption("fast"):
        _leave_out(config, items, [item for item in items if not _in_the_fast_tier(item)])
    _order(config, items)


def pytest_collection_finish(session):
    """Python's cycle collector, told what lives for the whole run. After collection a worker holds
    every module, test and fixture definition; each collection of the oldest generation walked
    them all again, and a worker spent a sixth of its CPU so. Frozen, they are never walked; and a
    collection every 50,000 allocations rather than 700 (the tests make garbage by the million:
    pages, boards, ORM rows) leaves less to do. The fast tier: 68.6 s of CPU before, 58.3 after."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def _in_the_fast_tier(item) -> bool:
    if any(item.get_closest_marker(name) for name in ("browser", "slow", "server")):
        return False
    return getattr(item, "callspec", None) is None or item.callspec.params.get("backend", "sqlite") == "sqlite"


def _leave_out(config, items, left_out) -> None:
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        gone = set(map(id, left_out))
        items[:] = [item for item in items if id(item) not in gone]


def _same_on_any_database(item) -> bool:
    return bool(item.get_closest_marker("looks") or item.get_closest_marker("any_database")
                or item.get_closest_marker("browser"))


def _order(config, items):
    """What runs, and in which order, to keep the suite's time down (issue #13):

    - Everything a database can change (moves, live updates, concurrency, crash safety, privacy)
      is checked on both, by the server-side tests. A browser test checks what a phone's page
      does with what the server sends, the same from either database, and runs on SQLite only;
      so does a test marked ``looks`` (layout, contrast, what fits a screen) or ``any_database``
      (something else no database changes: a quick scorer's page, the access log).
    - The longest tests start first (marked ``slow``, then the browser tests): with two xdist
      workers, a long test that starts last leaves one worker idle while it runs.
    - A test marked ``waits`` (a keepalive, a poll, a restart) uses no core while it waits: they
      go out spread among the long busy ones, one at a time. Sent out together, they left a
      core idle for 10–20 s, twice in a run.
    """
    _leave_out(config, items, [item for item in items if _same_on_any_database(item) and getattr(item, "callspec", None)
                               and item.callspec.params.get("backend", "sqlite") != "sqlite"])
    items.sort(key=lambda item: 0 if item.get_closest_marker("slow") else 1 if item.get_closest_marker("browser") else 2)
    items[:] = _spread(items, lambda item: bool(item.get_closest_marker("waits")),
                       lambda item: bool(item.get_closest_marker("slow") or item.get_closest_marker("browser")))


def _spread(items: list, waits, long) -> list:
    """``items`` with the waiting ones taken out and put back at even steps among the long ones."""
    waiting = [item for item in items if waits(item)]
    busy = [item for item in items if not waits(item)]
    if not waiting:
        return busy
    step = max(1, sum(map(long, busy)) // (len(waiting) + 1))
    spread = []
    for n, item in enumerate(busy, start=1):
        spread.append(item)
        if waiting and n % step == 0:
            spread.append(waiting.pop(0))
    return spread + waiting


@pytest.fixture(scope="session", autouse=True)
def templates_compiled_once_for_the_servers(tmp_path_factory):
    """The servers a worker starts (about a dozen) share one folder of compiled templates, as a
    server's processes and its next start do (web/compiled_templates.py): each compiled every
    template again before, about half a second of CPU for its first Legend page."""
    os.environ["TEMPLATE_CACHE_DIR"] = str(tmp_path_factory.mktemp("compiled-templates"))


@pytest.fixture(scope="session")
def databases(tmp_path_factory):
    databases = Databases(tmp_path_factory.mktemp("databases"))
    yield databases
    databases.close()


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    return request.param


@pytest.fixture
def database_url(backend, databases, tmp_path) -> str:
    """A database of this test's own at the latest schema."""
    url = databases.fresh(backend, tmp_path)
    yield url
    databases.give_back(url)


@pytest.fixture
def empty_database_url(backend, databases, tmp_path) -> str:
    """A database of this test's own with no tables, for the migrations to build."""
    url = databases.empty(backend, tmp_path)
    yield url
    databases.give_back(url)


class CompiledTemplates(BytecodeCache):
    """Templates compiled once for the whole run, in memory: every test gets a new app, and a new
    app compiles each template again on its first render (about 150 ms for a game's page, where
    rendering it takes 7). Jinja checks each entry against its template's source."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()


def _url_builders_compiled_once() -> None:
    """Werkzeug writes and compiles a Python function to build each URL rule's links as the rule
    is added: about 50 rules, 10 of the 15 ms each new app took, and the suite makes thousands of
    apps. The function depends only on the rule's parts, its defaults and converters, so a rule
    added again, to the next test's app, reuses the one compiled before (an app: 4.5 ms)."""
    from werkzeug.routing.rules import Rule

    compile_builder = Rule._compile_builder
    compiled: dict[tuple, object] = {}

    def once(rule: Rule, append_unknown: bool = True):
        converters = tuple((name, type(converter), repr({k: v for k, v in vars(converter).items() if k != "map"}))
                           for name, converter in rule._converters.items())
        key = (tuple(rule._trace), append_unknown, repr(sorted((rule.defaults or {}).items())), converters)
        if key not in compiled:
            compiled[key] = compile_builder(rule, append_unknown)
        return compiled[key]

    Rule._compile_builder = once


_url_builders_compiled_once()


def make_app(database_url: str, tmp_path: Path, **config):
    """The app on a database the fixtures have already migrated."""
    from companion import create_app

    os.environ["COMPANION_INSTANCE"] = str(tmp_path / "instance")
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": SECRET_KEY, "TESTING": True,
                      "RATELIMIT_ENABLED": False, **config})
    app.jinja_env.bytecode_cache = COMPILED_TEMPLATES
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
def limited_app(database_url, tmp_path, request):
    """The app as served: rate limiting on (the `app` fixture turns it off), with the wrong-token and
    join limit lowered to the test module's ``LIMIT`` per minute, so a test reaches it in a few requests."""
    app = make_app(database_url, tmp_path, RATELIMIT_ENABLED=True, JOIN_RATE_LIMIT=f"{request.module.LIMIT} per minute")
    yield app
    dispose(app)


@pytest.fixture
def phone(app):
    """A factory of phones: each is a test client with its own device cookie."""
    return lambda: app.test_client()


class SharedServers:
    """Servers that every test of a run may use, one per backend and setting, each on a database of
    its own: a test that starts a table of its own and looks only at it needs no server of its own.
    What a server keeps across tables, its library (board facts tables entered, handed to every
    later game), is emptied before each test, as on a new server.

    All the suite's phones come from 127.0.0.1, where at a real table each phone has its own
    address: the per-address join limit is raised here (tests/test_access.py checks the limit)."""

    THREADS = 128  # streams of finished tests linger until their next keepalive finds them gone
    ENV = {"JOIN_RATE_LIMIT": "100000 per minute"}

    def __init__(self, databases: Databases, workdir: Path) -> None:
        self.databases, self.workdir = databases, workdir
        self.running: dict[tuple, Server] = {}

    def get(self, backend: str, **env: str) -> Server:
        key = (backend, *sorted(env.items()))
        if key not in self.running:
            folder = self.workdir / f"{backend}-{len(self.running) + 1}"
            folder.mkdir()
            self.running[key] = Server(self.databases.fresh(backend, folder), folder, threads=self.THREADS,
                                       **self.ENV, **env)
        server = self.running[key]
        engine = create_engine(server.database_url, poolclass=NullPool)
        with engine.begin() as conn:
            conn.execute(text(f"DELETE FROM {LibraryEntry.__tablename__}"))
        engine.dispose()
        return server

    def stop(self) -> None:
        for server in self.running.values():
            server.stop()


@pytest.fixture(scope="session")
def shared_servers(databases, tmp_path_factory):
    servers = SharedServers(databases, tmp_path_factory.mktemp("servers"))
    yield servers
    servers.stop()


@pytest.fixture
def shared_server(backend, shared_servers):
    """shared_server(**env): the run's server with these settings on this test's backend."""
    return lambda **env: shared_servers.get(backend, **env)


@pytest.fixture
def server(shared_server) -> Server:
    """A real server other tests use too: start a table of the test's own on it."""
    return shared_server()


@pytest.fixture
def other_process(server, tmp_path) -> Server:
    """A second server process on the shared server's database (a port of its own, the same
    tables), for a test of what two processes share: start a table of the test's own."""
    other = Server(server.database_url, tmp_path, **SharedServers.ENV)
    yield other
    other.stop()


@pytest.fixture
def server_factory(database_url, tmp_path):
    """Servers of the test's own, on its own database: for a test that stops or restarts one, or
    reads what spans every table (the records, the library, the access log)."""
    servers: list[Server] = []

    def start(**kwargs) -> Server:
        server = Server(database_url, tmp_path, **kwargs)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()
