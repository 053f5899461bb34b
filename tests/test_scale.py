"""Scale: two server processes sharing live updates, a constant number of queries per move,
and the benchmark's least run (bench/run.py --check)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
from sqlalchemy import event, text

from companion.extensions import db
from tests.helpers import claim, csrf_of, start_table
from tests.test_live_server import read_versions, seated_phone, sse_lines

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = [{"name": f"P{i}", "colour": c} for i, c in enumerate(["red", "blue", "green", "yellow", "purple"])]


def test_a_phone_on_one_server_hears_a_move_made_on_another_within_two_seconds(request, backend):
    if backend != "postgresql":
        pytest.skip("several server processes share live updates through PostgreSQL (LISTEN/NOTIFY)")
    # Two gunicorn instances, two ports, one database: the run's shared server and another on its database.
    here, there = request.getfixturevalue("server"), request.getfixturevalue("other_process")
    token = requests.post(f"{there.url}/api/tables", json={"game": "scorepad", "players": PLAYERS[:2]},
                          timeout=10).json()["token"]
    player = seated_phone(there, token, 0)
    with requests.get(f"{here.url}/t/{token}/live", stream=True, timeout=10) as stream:
        lines = sse_lines(stream)
        assert read_versions(lines, 1) == [0]
        for version in (1, 2, 3):
            started = time.monotonic()
            moved = player.post(f"{there.url}/api/tables/{token}/actions", timeout=10,
                                json={"type": "add_points", "seat": 0, "points": version})
            assert moved.json()["version"] == version
            assert read_versions(lines, 1, seconds=2) == [version]
            assert time.monotonic() - started < 2.0
    # And the other way round: the board served by the first process shows the move.
    assert requests.get(f"{here.url}/api/tables/{token}", timeout=10).json()["version"] == 3


class QueryCounter:
    """Counts the SQL statements the app sends (commits and rollbacks are not statements)."""

    def __init__(self, engine) -> None:
        self.engine, self.statements = engine, []
        event.listen(engine, "before_cursor_execute", self.count)

    def count(self, conn, cursor, statement, parameters, context, executemany) -> None:
        self.statements.append(statement.split(None, 1)[0].upper())

    def close(self) -> None:
        event.remove(self.engine, "before_cursor_execute", self.count)


@pytest.fixture
def queries(app):
    with app.app_context():
        counter = QueryCounter(db.engine)
    yield counter
    counter.close()


def form_move(phone, token: str, csrf: str, n: int):
    """What a tap on "Add" sends from the page (htmx): the board fragment comes back."""
    return phone.post(f"/t/{token}/act", headers={"HX-Request": "true"}, data={
        "csrf_token": csrf, "request_id": f"tap-{n}", "type": "add_points", "seat": "0", "points": "1"})


def api_move(phone, token: str, csrf: str, n: int):
    return phone.post(f"/api/tables/{token}/actions", json={"type": "add_points", "seat": 0, "points": 1,
                                                            "request_id": f"call-{n}"})


@pytest.mark.parametrize("move", [form_move, api_move], ids=["page", "api"])
def test_a_move_costs_the_same_few_queries_at_the_first_and_the_300th(client, phone, queries, database_url, move,
                                                                      app):
    token = start_table(client, players=PLAYERS)["token"]
    player = phone()
    claim(player, token, 0)
    csrf = csrf_of(player.get(f"/t/{token}").get_data(as_text=True))
    per_move: list[list[str]] = []
    for n in range(300):
        queries.statements = []
        response = move(player, token, csrf, n)
        assert response.status_code == 200, response.get_data(as_text=True)
        per_move.append(queries.statements)
    every = app.config["SNAPSHOT_EVERY"]
    first, second, last = per_move[0], per_move[1], per_move[299]
    # The first move reads the table with its seats; the process then keeps the table as the
    # move wrote it (table_copies.py), and every later move is built on that copy: no read.
    # Then: write the state (only if still at the version and seating read), and insert the
    # event, which comes back as the newest history line. The lines before it are the version
    # read's, which the process kept from the board that showed them (recent_history.py); the
    # API answers with the table as the move left it, read nowhere else.
    # On PostgreSQL the version check, the state, the event, the NOTIFY and the history are one
    # statement.
    write = ["WITH"] if database_url.startswith("postgresql") else ["UPDATE", "INSERT"]
    assert first == ["SELECT", *write], first
    assert second == last == write, (second, last)
    for version, statements in enumerate(per_move, start=1):
        # Every move is the same, but for the snapshot written every SNAPSHOT_EVERY versions: its
        # INSERT, the read of the table's snapshots and, when some are due to go, their DELETE
        # (log.snapshot_if_due keeps the setup and a few, not every one).
        expected = per_move[0 if version == 1 else 1]
        if version % every == 0:
            extra = list(statements)
            for statement in expected:
                extra.remove(statement)
            assert sorted(extra) in (["INSERT", "SELECT"], ["DELETE", "INSERT", "SELECT"]), (version, statements)
        else:
            assert sorted(statements) == sorted(expected), (version, statements)


def test_a_tap_and_the_board_it_gets_back_are_one_transaction(client, phone, app, database_url):
    """The board a tap (or Undo) gets back is read inside the move's own transaction. On
    PostgreSQL a second one would cost three more round trips (BEGIN, the query, the ROLLBACK
    when the connection goes back to the pool): 7 per move instead of 5."""
    token = start_table(client, players=PLAYERS)["token"]
    player = phone()
    claim(player, token, 0)
    csrf = csrf_of(player.get(f"/t/{token}").get_data(as_text=True))
    with app.app_context():
        engine = db.engine
    begun: list[object] = []
    listener = lambda conn: begun.append(conn)  # noqa: E731
    event.listen(engine, "begin", listener)
    try:
        for n in range(3):
            begun.clear()
            response = form_move(player, token, csrf, n)
            assert response.status_code == 200 and "P0: +1 point" in response.get_data(as_text=True)
            assert len(begun) == 1, n
        begun.clear()
        response = player.post(f"/t/{token}/undo", headers={"HX-Request": "true"},
                               data={"csrf_token": csrf, "request_id": "undo-1"})
        answer = response.get_data(as_text=True)
        assert response.status_code == 200 and "Undone: P0: +1 point" in answer
        # The line it undid reads as undone in that same answer.
        assert re.search(r'<li class="undone action">P0: \+1 point \(round 1\)</li>', answer), answer
        assert len(begun) == 1
    finally:
        event.remove(engine, "begin", listener)


class InTransaction:
    """Each statement the app sends with whether it ran inside a transaction on PostgreSQL: off
    one, psycopg sends neither BEGIN nor COMMIT (each costs a round trip)."""

    def __init__(self, engine) -> None:
        self.engine, self.statements = engine, []
        event.listen(engine, "before_cursor_execute", self.note)

    def note(self, conn, cursor, statement, parameters, context, executemany) -> None:
        self.statements.append((statement.split(None, 1)[0].upper(), not conn.connection.driver_connection.autocommit))

    def close(self) -> None:
        event.remove(self.engine, "before_cursor_execute", self.note)


@pytest.fixture
def pg_app(database_url, tmp_path):
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite has no round trips to save: every change is a transaction there")
    from tests.conftest import dispose, make_app

    app = make_app(database_url, tmp_path, SNAPSHOT_EVERY=4)
    yield app
    dispose(app)


def seated_player(app):
    """A phone in the first seat of a new table, its page loaded: (phone, token, CSRF token)."""
    player = app.test_client()
    token = start_table(app.test_client(), players=PLAYERS)["token"]
    claim(player, token, 0)
    return player, token, csrf_of(player.get(f"/t/{token}").get_data(as_text=True))


def test_on_postgresql_a_move_is_one_statement_and_a_longer_change_one_transaction(pg_app):
    player, token, csrf = seated_player(pg_app)
    with pg_app.app_context():
        seen = InTransaction(db.engine)
    try:
        per_move = []
        for n in range(4):
            seen.statements = []
            response = form_move(player, token, csrf, n)
            assert response.status_code == 200 and f'data-version="{n + 1}"' in response.get_data(as_text=True)
            per_move.append(seen.statements)
        # A move: one statement writes it all (no BEGIN, no COMMIT), on the table as the
        # previous move left it (table_copies.py); the first move reads the table first.
        assert per_move[0] == [("SELECT", False), ("WITH", False)]
        assert per_move[1] == per_move[2] == [("WITH", False)]
        # Version 4 takes a snapshot too: the write, the snapshot and the read of which older
        # snapshots to thin out (log.snapshot_if_due) commit together.
        assert per_move[3] == [("WITH", True), ("INSERT", True), ("SELECT", True)]
        seen.statements = []
        undone = player.post(f"/t/{token}/undo", headers={"HX-Request": "true"},
                             data={"csrf_token": csrf, "request_id": "undo-1"})
        assert undone.status_code == 200 and "Undone: P0: +1 point" in undone.get_data(as_text=True)
        # An undo writes while it reads: all of it in one transaction.
        assert seen.statements and all(inside for _kind, inside in seen.statements), seen.statements
    finally:
        seen.close()


def test_on_postgresql_a_board_refresh_is_one_statement_and_keeps_the_moves_prepared(pg_app):
    """Four phones refresh their boards after each move. A refresh sends one statement and no
    transaction: a ROLLBACK would make psycopg forget the statements it prepared on that
    connection, and every move after a refresh would be parsed and planned again."""
    player, token, csrf = seated_player(pg_app)
    with pg_app.app_context():
        seen = InTransaction(db.engine)
    try:
        for n in range(8):  # psycopg prepares a statement at its fifth run
            assert form_move(player, token, csrf, n).status_code == 200
            seen.statements = []
            board = player.get(f"/t/{token}/board", headers={"HX-Request": "true"})
            assert board.status_code == 200 and f'data-version="{n + 1}"' in board.get_data(as_text=True)
            assert seen.statements == [("SELECT", False)]
    finally:
        seen.close()
    with pg_app.app_context():
        # The pool's one connection, the one every request above used.
        connection = db.engine.raw_connection()
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT statement FROM pg_prepared_statements")
                prepared = [row[0] for row in cursor.fetchall()]
        finally:
            connection.close()
    assert any(statement.startswith("WITH moved") for statement in prepared), prepared


def test_on_postgresql_a_change_of_several_statements_lands_whole_or_not_at_all(pg_app):
    """The snapshot a move takes (every SNAPSHOT_EVERY versions) cannot be written: the move's
    own write, sent before it, must not stay either."""
    client, player = pg_app.test_client(), pg_app.test_client()
    token = start_table(client, players=PLAYERS)["token"]
    claim(player, token, 0)
    csrf = csrf_of(player.get(f"/t/{token}").get_data(as_text=True))
    for n in range(3):
        assert form_move(player, token, csrf, n).status_code == 200
    with pg_app.app_context():
        table_id = db.session.scalar(text("SELECT id FROM tables WHERE token = :t"), {"t": token})
        # A snapshot already at version 4: the move's own snapshot there breaks the unique key.
        db.session.execute(text("INSERT INTO snapshots (table_id, version, state) SELECT table_id, 4, state "
                                "FROM snapshots WHERE table_id = :t AND version = 0"), {"t": table_id})
        db.session.commit()
    refused = form_move(player, token, csrf, 3)
    assert refused.status_code == 503, refused.get_data(as_text=True)
    with pg_app.app_context():
        assert db.session.scalar(text("SELECT version FROM tables WHERE id = :t"), {"t": table_id}) == 3
        assert db.session.scalar(text("SELECT max(version) FROM events WHERE table_id = :t"), {"t": table_id}) == 3
        db.session.remove()


@pytest.mark.parametrize("configured", [None, "on"])
def test_on_postgresql_commits_are_as_durable_as_on_sqlite_unless_the_host_asks_for_more(
        database_url, tmp_path, configured):
    """A move's commit does not wait for the disk by default (SQLite's synchronous=NORMAL, the
    same promise); PG_SYNCHRONOUS_COMMIT=on makes every connection of the pool wait for it."""
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite's durability is set by its pragmas")
    from tests.conftest import dispose, make_app

    app = make_app(database_url, tmp_path, **({"PG_SYNCHRONOUS_COMMIT": configured} if configured else {}))
    try:
        with app.app_context():
            # Two connections at once: the setting is each new connection's, not one session's.
            with db.engine.connect() as first, db.engine.connect() as second:
                seen = {conn.scalar(text("SHOW synchronous_commit")) for conn in (first, second)}
        assert seen == {configured or "off"}
    finally:
        dispose(app)


def test_a_mistyped_durability_setting_stops_the_server_at_start(tmp_path):
    from tests.conftest import make_app

    with pytest.raises(ValueError, match="PG_SYNCHRONOUS_COMMIT must be one of"):
        make_app("postgresql+psycopg://nobody@127.0.0.1:1/none", tmp_path, PG_SYNCHRONOUS_COMMIT="of")


@pytest.mark.slow
def test_the_benchmark_measures_and_reports_every_figure(tmp_path):
    """bench/run.py works end to end and reports every figure with its verdict, in its least
    run (--check: every figure measured, in seconds rather than the smoke run's minutes).

    Whether a goal is met is the benchmark's verdict (its exit status 1), not this test's: on a
    loaded 2-core CI machine timings are not a pass/fail unit test. Exit 2 — the run itself
    failed — is a failure here.
    """
    run = subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), "--check", "--json",
                          str(tmp_path / "figures.json")], cwd=ROOT, capture_output=True, text=True, timeout=600)
    print(run.stdout)
    assert run.returncode in (0, 1), run.stdout + run.stderr
    figures = json.loads((tmp_path / "figures.json").read_text())["figures"]
    # P9 (tap to paint) runs four phones in Chromium: measured where Chromium is, else skipped with a word why.
    browser = set() if "P9 skipped:" in run.stderr else {"P9"}
    assert {f["name"][:2] for f in figures} == {"P1", "P2", "P3", "P4", "P5", "P7", "P8"} | browser
    assert (run.returncode == 0) == all(f["passed"] for f in figures)
    # What does not depend on timing holds even here: no stream dropped, the page stays small.
    for dropped in (f for f in figures if "dropped" in f["name"]):
        assert dropped["passed"], dropped
    assert next(f for f in figures if f["name"].startswith("P4"))["passed"]
    # P10: after failed claims from one address, a free seat is still taken from it.
    assert next(f for f in figures if "free seat" in f["name"])["passed"]
