"""What a visitor sees when the database cannot answer (issue #28): a token the database
cannot even hold, a database that went away, a disk that is full or read-only. A clear answer
every time — 404, or 503 with ``Retry-After`` while the database is away — never a bare 500,
and the app recovers by itself once the database or the disk is back.
"""

from __future__ import annotations

import sqlite3
import subprocess

import pytest
from sqlalchemy import create_engine, event, text
from sqlalchemy.pool import NullPool

from companion.extensions import db
from tests.conftest import dispose, make_app
from tests.databases import BACKENDS, migrate
from tests.helpers import act, claim, start_table

LIMIT = 3



def test_a_token_with_a_nul_byte_is_a_404_counted_as_a_wrong_token(limited_app):
    """PostgreSQL refuses a NUL in a text outright: sent to it, the token was a 500 on every request."""
    host = limited_app.test_client()
    token = start_table(host)["token"]
    guesser = limited_app.test_client()
    urls = [f"/t/%00{token[1:]}/board", f"/api/tables/%00{token[1:]}", "/t/%00abc/board", f"/t/{token[:-1]}%00/join"]
    answers = [guesser.get(url) for url in urls]
    assert [answer.status_code for answer in answers[:LIMIT]] == [404] * LIMIT
    assert answers[LIMIT].status_code == 429  # each was a wrong guess, counted as any other
    assert answers[1].get_json()["error"]  # the API's answer is JSON
    assert host.get(f"/t/{token}/board").status_code == 200


# --- the database away ---------------------------------------------------------------------------

def assert_database_away(response, api: bool) -> None:
    """A 503 a person can read, and a client told when to try again."""
    assert response.status_code == 503, response.get_data(as_text=True)[:300]
    assert response.headers["Retry-After"] == "5"
    if api:
        assert "try again in a few seconds" in response.get_json()["error"].lower()
    else:
        assert response.mimetype == "text/html"
        assert "try again in a few seconds" in response.get_data(as_text=True).lower()


def new_table(client):
    return client.post("/api/tables", json={"game": "scorepad", "players": [{"name": "Ann"}, {"name": "Bob"}]})


SQLITE_ONLY = pytest.mark.parametrize("backend", ["sqlite"])  # a disk of the app's own: PostgreSQL keeps its own
POSTGRESQL_ONLY = pytest.mark.parametrize("backend", [backend for backend in BACKENDS if backend == "postgresql"])


@SQLITE_ONLY
def test_a_full_sqlite_disk_is_a_503_and_the_app_writes_again_once_there_is_room(app, client):
    token = new_table(client).get_json()["token"]

    def no_room_to_grow(dbapi_connection, _record) -> None:
        size = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
        dbapi_connection.execute(f"PRAGMA max_page_count = {size}")  # SQLITE_FULL, as on a full disk

    with app.app_context():
        event.listen(db.engine, "connect", no_room_to_grow)
        db.engine.dispose()
    answers = [new_table(client) for _ in range(60)]
    full = [answer for answer in answers if answer.status_code != 201]
    assert full, "the database never filled up"
    assert_database_away(full[0], api=True)
    with app.app_context():
        event.remove(db.engine, "connect", no_room_to_grow)
    assert new_table(client).status_code == 201  # room again: no restart needed
    claim(client, token, 0)
    assert act(client, token, type="add_points", seat=0, points=2).status_code == 200


def mount(*arguments: str) -> None:
    subprocess.run(["mount", *arguments], check=True, capture_output=True)


@pytest.fixture
def read_only_disk(tmp_path):
    """A file system of its own for the database, to be made read-only and writable again."""
    folder = tmp_path / "disk"
    folder.mkdir()
    try:
        mount("-t", "tmpfs", "-o", "size=8m", "tmpfs", str(folder))
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("needs to mount a file system (root, as in the project's container)")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


def test_a_server_started_on_a_read_only_disk_answers_503_and_recovers_once_it_is_writable(read_only_disk, tmp_path):
    database = read_only_disk / "companion.db"
    migrate(f"sqlite:///{database}", tmp_path / "instance")
    # As a server stopped hard leaves it: the write-ahead log beside the database.
    kept = sqlite3.connect(database)
    kept.execute("PRAGMA journal_mode=WAL")
    kept.execute("CREATE TABLE was_running (x)")
    kept.commit()
    files = {suffix: (read_only_disk / f"companion.db{suffix}").read_bytes() for suffix in ("", "-wal", "-shm")}
    kept.close()
    for suffix, content in files.items():
        (read_only_disk / f"companion.db{suffix}").write_bytes(content)
    mount("-o", "remount,ro", str(read_only_disk))
    app = make_app(f"sqlite:///{database}", tmp_path)
    try:
        client = app.test_client()
        assert client.get("/records").status_code == 200  # reading still works
        assert_database_away(new_table(client), api=True)
        mount("-o", "remount,rw", str(read_only_disk))
        created = new_table(client)
        assert created.status_code == 201, created.get_data(as_text=True)[:300]
        token = created.get_json()["token"]
        claim(client, token, 0)
        assert act(client, token, type="add_points", seat=0, points=2).status_code == 200
    finally:
        dispose(app)


@POSTGRESQL_ONLY
def test_a_postgresql_server_that_cannot_be_reached_is_a_503_page_and_json(backend, tmp_path):
    app = make_app("postgresql+psycopg://companion:companion@127.0.0.1:1/companion", tmp_path)
    try:
        client = app.test_client()
        assert_database_away(client.get("/records"), api=False)
        assert_database_away(client.get(f"/t/{'a' * 32}"), api=False)
        assert_database_away(client.get(f"/api/tables/{'a' * 32}"), api=True)
        assert_database_away(new_table(client), api=True)
    finally:
        dispose(app)


@POSTGRESQL_ONLY
def test_a_postgresql_restart_is_a_503_then_the_app_carries_on_by_itself(app, client, database_url):
    token = new_table(client).get_json()["token"]
    claim(client, token, 0)
    assert act(client, token, type="add_points", seat=0, points=1).status_code == 200
    # What a restart does to the app's connections: the server ends each of them.
    admin = create_engine(database_url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        ended = connection.execute(text(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()")).scalar_one()
    admin.dispose()
    assert ended >= 1
    assert_database_away(act(client, token, type="add_points", seat=0, points=2), api=True)
    moved = act(client, token, type="add_points", seat=0, points=3)
    assert moved.status_code == 200, moved.get_data(as_text=True)[:300]
    assert client.get(f"/api/tables/{token}").get_json()["view"]["players"][0]["total"] == 4  # 1 + 3: nothing doubled
