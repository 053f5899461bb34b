"""The log's two paths answer every move alike: the plain one (log.py ``PlainPath``: read the table,
ask the game, write with the version guard, one transaction) is the reference, and the fast one
(fast/path.py: a copy of the table instead of the read, one statement for the write, kept history
lines) must match it move for move — same answers to every phone, same versions, same history,
same rows in the database. And a tap resolves the phone, its game and the move's row once.

The same games are played on an app of each path, each on a database of its own (a board one
game teaches the library would make the next one start differently).
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, select

from companion import log
from companion.extensions import db
from companion.games import base, registry
from companion.models import Event, Snapshot, Table
from companion.web import context
from tests.conftest import dispose, make_app
from tests.e2e import mid_game
from tests.helpers import csrf_of

PATHS = ("plain", "fast")
TWO = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]


@pytest.fixture
def apps(backend, databases, tmp_path):
    """An app on each path, each on a database of its own."""
    made, urls = {}, []
    for name in PATHS:
        urls.append(databases.fresh(backend, tmp_path / name))
        made[name] = make_app(urls[-1], tmp_path / name, LOG_PATH=name)
    yield made
    for app in made.values():
        dispose(app)
    for url in urls:
        databases.give_back(url)


class Answer:
    """A test client's answer with the face of a ``requests`` response (mid_game builds with requests)."""

    def __init__(self, response) -> None:
        self.status_code, self.text = response.status_code, response.get_data(as_text=True)
        self.ok = self.status_code < 400

    def json(self) -> Any:
        return json.loads(self.text)


class Played:
    """What a table's phones were answered on one app, written down in order, each table's token
    left out (the two apps make different ones)."""

    def __init__(self, app) -> None:
        self.app, self.tokens, self.answers = app, [], []
        self.last_move: dict[str, Any] | None = None  # the last move sent over the API

    def write_down(self, *what: Any) -> None:
        text = json.dumps(what, sort_keys=True, default=str)
        for n, token in enumerate(self.tokens):
            text = text.replace(token, f"<table {n}>")
        self.answers.append(text)

    def phone(self) -> Phone:
        return Phone(self)


class Phone:
    """A phone (a test client of its own) that writes down every answer it gets; ``post`` and
    ``get`` as a ``requests.Session`` has them, for mid_game's tables."""

    def __init__(self, played: Played) -> None:
        self.played, self.client = played, played.app.test_client()

    def post(self, url: str, json: Any = None, timeout: float | None = None) -> Answer:
        answer = Answer(self.client.post(url, json=json))
        if url == "/api/tables" and answer.status_code == 201:
            self.played.tokens.append(answer.json()["token"])
        if url.endswith("/actions"):
            self.played.last_move = json
        self.played.write_down("POST", url, json, answer.status_code, _without_moments(answer.json()))
        return answer

    def get(self, url: str, timeout: float | None = None) -> Answer:
        answer = Answer(self.client.get(url))
        self.played.write_down("GET", url, answer.status_code, _without_moments(answer.json()))
        return answer

    def tap(self, token: str, **fields: Any) -> str:
        """A move's form posted from the seat page, as htmx sends it: what the answer shows."""
        csrf = csrf_of(self.client.get(f"/t/{token}").get_data(as_text=True))
        response = self.client.post(f"/t/{token}/act", headers={"HX-Request": "true"},
                                    data={"csrf_token": csrf, **fields})
        board = response.get_data(as_text=True)
        shown = (response.status_code, _notice(board), _version(board), _history(board))
        self.played.write_down("TAP", fields, *shown)
        return board


def _without_moments(body: Any) -> Any:
    """An answer without the moments events were written at (each database writes its own)."""
    if isinstance(body, dict):
        return {key: _without_moments(value) for key, value in body.items() if key != "at"}
    if isinstance(body, list):
        return [_without_moments(value) for value in body]
    return body


def _notice(board: str) -> str | None:
    found = re.search(r'<p class="notice ([a-z]+)" role="alert">([^<]*)</p>', board)
    return found and found.group(1, 2)


def _version(board: str) -> str | None:
    found = re.search(r'<div id="board" data-version="(\d+)"', board)
    return found and found.group(1)


def _history(board: str) -> list[str]:
    section = re.search(r'<section class="card history".*?</section>', board, re.S)
    return re.findall(r'<li class="([^"]*)">(?:<svg.*?</svg>)?([^<]*)</li>', section.group(0)) if section else []


def rows(app, token: str) -> dict[str, Any]:
    """The table as its database holds it: its row, every event, which snapshots are kept, and
    whether replaying its log gives its state."""
    with app.app_context():
        table = db.session.scalar(select(Table).where(Table.token == token))
        events = db.session.scalars(select(Event).where(Event.table_id == table.id).order_by(Event.version))
        written = {
            "table": [table.version, table.seating, table.finished, table.state],
            "events": [[e.version, e.kind, e.action, e.label, e.seat, e.by_host, e.request_id, e.undone, e.undoes]
                       for e in events],
            "snapshots": list(db.session.scalars(select(Snapshot.version).where(Snapshot.table_id == table.id)
                                                 .order_by(Snapshot.version))),
            "replayed as written": log.replay(table) == table.state,
        }
        db.session.remove()
    return written


def on_each_path(apps, play) -> dict[str, tuple[list[str], list[dict[str, Any]]]]:
    """``play(played)`` on each app: what its phones were answered, and what its database holds."""
    seen = {}
    for name, app in apps.items():
        played = Played(app)
        play(played)
        seen[name] = (played.answers, [rows(app, token) for token in played.tokens])
    return seen


def assert_alike(seen) -> None:
    (plain_answers, plain_rows), (fast_answers, fast_rows) = seen["plain"], seen["fast"]
    for n, (plain, fast) in enumerate(zip(plain_answers, fast_answers)):
        assert fast == plain, f"answer {n}"
    assert len(fast_answers) == len(plain_answers)
    assert fast_rows == plain_rows
    assert all(table["replayed as written"] for table in plain_rows)


# --- the score pad, by the page and the API, with every way a move can go ---------------------

def score_pad_evening(played: Played) -> None:
    host, ann, bob, watcher = played.phone(), played.phone(), played.phone(), played.phone()
    token = host.post("/api/tables", json={"game": "scorepad", "players": TWO}).json()["token"]
    actions = f"/api/tables/{token}/actions"
    host.post(f"/api/tables/{token}/undo", json={})  # nothing to undo yet
    for seat, phone in enumerate((ann, bob)):
        phone.post(f"/api/tables/{token}/seats/{seat}/claim", json={})
    ann.tap(token, type="add_points", seat="0", points="3", request_id="ann-1")
    ann.tap(token, type="add_points", seat="0", points="3", request_id="ann-1")  # a double tap
    ann.tap(token, type="add_points", seat="0", points="0", request_id="ann-2")  # refused by the rules
    ann.tap(token, type="add_points", seat="1", points="2", request_id="ann-3")  # not hers to enter
    ann.tap(token, version="x", type="add_points", seat="0", points="1")  # a damaged form
    watcher.post(actions, json={"type": "add_points", "seat": 0, "points": 5})  # holds no seat
    bob.post(actions, json={"type": "add_points", "seat": 1, "points": 4, "request_id": "bob-1"})
    bob.post(actions, json={"type": "add_points", "seat": 1, "points": 4, "request_id": "bob-1"})
    bob.post(actions, json={"type": "write_secret", "points": 7})  # face down: Bob's phone alone shows it
    for phone in (host, ann, bob, watcher):
        phone.get(f"/api/tables/{token}")
    host.post(actions, json={"type": "end_round", "version": 1})  # a stale screen
    ann.tap(token, type="add_points", seat="0", points="2", version="1")  # stale, but it does not depend on it
    ann.post(f"/api/tables/{token}/undo", json={})
    bob.tap(token, type="add_points", seat="1", points="1")
    host.post(f"/api/tables/{token}/undo", json={"version": 2})  # stale
    with elsewhere_first(played.app, host, token, {"type": "add_points", "seat": 0, "points": 10}):
        ann.tap(token, type="add_points", seat="0", points="5")  # lost the race to the host's move elsewhere
    host.post(actions, json={"type": "end_round"})
    bob.post(f"/api/tables/{token}/seats/1/release", json={})
    bob.post(actions, json={"type": "add_points", "seat": 1, "points": 1})  # released: a watcher now
    for n in range(1, 40):  # past a snapshot and its thinning
        host.post(actions, json={"type": "add_points", "seat": n % 2, "points": n})
    for _ in range(3):
        host.post(f"/api/tables/{token}/undo", json={})
    host.post(actions, json={"type": "finish", "request_id": "the-end"})
    host.post(actions, json={"type": "finish", "request_id": "the-end"})  # a double tap on Finish
    ann.tap(token, type="add_points", seat="0", points="1")  # over: read-only
    host.post(f"/api/tables/{token}/undo", json={})
    host.get(f"/api/tables/{token}/history")


@contextmanager
def elsewhere_first(app, host: Phone, token: str, action: dict[str, Any]):
    """The first write of a move on ``app`` inside this block finds ``action`` written in between
    by another server on the same database (an app of its own, as the host's phone): it lost the
    race, and tries again on the table as it now is."""
    other = make_app(app.config["SQLALCHEMY_DATABASE_URI"], Path(app.instance_path), LOG_PATH="plain")
    phone = other.test_client()
    phone.set_cookie("companion_device", host.client.get_cookie("companion_device").value)
    with app.app_context():
        engine = db.engine
    raced = []

    def first_write(conn, cursor, statement, parameters, context_, executemany) -> None:
        if not raced and re.match(r"(WITH moved AS\s*\()?UPDATE tables SET", statement):
            raced.append(phone.post(f"/api/tables/{token}/actions", json=action).status_code)

    event.listen(engine, "before_cursor_execute", first_write)
    try:
        yield
    finally:
        event.remove(engine, "before_cursor_execute", first_write)
        dispose(other)
    assert raced == [200]


def test_a_score_pad_evening_is_answered_alike_on_both_paths(apps):
    assert_alike(on_each_path(apps, score_pad_evening))


# --- every game, in the middle of play, then undone, repeated and stale -------------------------

@pytest.mark.parametrize("game", sorted(registry()))
def test_every_game_s_moves_are_answered_alike_on_both_paths(apps, monkeypatch, game):
    assert game in mid_game.GAMES, "tests/e2e/mid_game.py builds no table of this game"

    def middle_of_a_game(played: Played) -> None:
        monkeypatch.setattr(mid_game.requests, "Session", played.phone)
        table = mid_game.GAMES[game]("")
        last = played.last_move
        for _ in range(2):
            table.host.post(f"/api/tables/{table.token}/undo", json={})
        for _ in range(2):  # sent twice: once applied (or refused), then already done
            table.host.post(f"/api/tables/{table.token}/actions", json={**last, "request_id": "again"})
        table.host.post(f"/api/tables/{table.token}/actions", json={**last, "version": 0})
        table.host.get(f"/api/tables/{table.token}/history")
        for phone in (*table.seats, table.host):
            phone.get(f"/api/tables/{table.token}")

    assert_alike(on_each_path(apps, middle_of_a_game))


# --- a tap resolves the phone, its game and the move's row once --------------------------------

@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("door", ["page", "api"])
def test_a_tap_resolves_its_phone_its_game_and_its_move_once(apps, monkeypatch, path, door):
    app = apps[path]
    played = Played(app)
    host, ann = played.phone(), played.phone()
    token = host.post("/api/tables", json={"game": "scorepad", "players": TWO}).json()["token"]
    ann.post(f"/api/tables/{token}/seats/0/claim", json={})
    csrf = csrf_of(ann.client.get(f"/t/{token}").get_data(as_text=True))
    counted: dict[str, int] = {}
    for module, name in ((context, "actor_for"), (log, "game_of"), (log, "move_spec"), (base, "move_spec")):
        monkeypatch.setattr(module, name, counting(getattr(module, name), name, counted))

    def tap(points: int) -> Any:
        counted.clear()
        if door == "page":
            return ann.client.post(f"/t/{token}/act", headers={"HX-Request": "true"}, data={
                "csrf_token": csrf, "type": "add_points", "seat": "0", "points": str(points)})
        return ann.client.post(f"/api/tables/{token}/actions", json={"type": "add_points", "seat": 0, "points": points})

    for points in (1, 2):  # the first builds on the table read; on the fast path the second on its copy
        assert tap(points).status_code == 200
        assert counted == {"actor_for": 1, "game_of": 1, "move_spec": 1}, (points, counted)
    # Refused: the fast path does it again on the table read anew (its copy is not trusted with a
    # refusal), and resolves the phone there once more; the plain path once.
    assert tap(0).status_code == 422
    once = {"actor_for": 1, "game_of": 1, "move_spec": 1}
    assert counted == (once if path == "plain" else {name: 2 for name in once}), counted


def counting(function, name: str, counted: dict[str, int]):
    def counted_call(*args, **kwargs):
        counted[name] = counted.get(name, 0) + 1
        return function(*args, **kwargs)

    return counted_call
