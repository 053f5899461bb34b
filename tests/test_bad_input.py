"""No input gives a server error or breaks a table (issue #12, section 3).

A corpus of bad input — JSON nested 1,000 deep, numbers with thousands of digits, malformed
and truncated bodies, wrong types, look-alike digits, oversize bodies, damaged game exports and
board files — sent to every endpoint the app has (read from its URL map, so a route added later
is covered), over the JSON API and over the page forms with their CSRF token. Every answer is
below 500. Afterwards every page of every table still answers 200 and each table's state equals
a replay of its log. Two tests: the bad JSON sent to the API (on SQLite only: nothing in it reaches
a column where the databases differ), and everything else, on both databases.

The app runs with TESTING, so an exception would not even become a 500: it would fail the test
at the request that raised it.
"""

from __future__ import annotations

import io
import json
from typing import Any, Iterator

import pytest

from companion import log
from companion.extensions import db
from companion.games import registry
from companion.models import Table
from tests.helpers import act, claim, csrf_of, start_table

PLAYERS = [{"name": n, "colour": c} for n, c in (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"),
                                                  ("Dot", "yellow"), ("Eve", "purple"))]
DEEP_LIST = "[" * 1000 + "]" * 1000
DEEP_OBJECT = '{"a":' * 1000 + "1" + "}" * 1000
HUGE = "9" * 5000  # past Python's 4,300-digit limit for turning an int into text

# Whole bodies, as raw text (some cannot be written by json.dumps at all).
BAD_BODIES: tuple[str | bytes, ...] = (
    DEEP_LIST, DEEP_OBJECT, '{"type": ' + DEEP_LIST + "}", HUGE, '{"type": "x", "n": ' + HUGE + "}",
    '{"type":', "", "null", "[]", '"text"', "5", "NaN", '{"n": 1e999}', '{"n": Infinity}', b"\xff\xfe{}",
    '{"type": 5}', '{"type": null}', '{"type": ["add_points"]}', '{"type": "' + "x" * 70000 + '"}',
)

# Values for one field of a move: the wrong kind, out of any range, or digits that are not ASCII.
BAD_VALUES_JSON: tuple[str, ...] = ("1" + "0" * 30, "-" + "9" * 30, '"1_000"', '"\uff15"', "{}", DEEP_LIST)
BAD_VALUES_FORM: tuple[str, ...] = ("1" + "0" * 30, "1_000", "\u0663", "\x00")


def move_bodies(game) -> Iterator[str]:
    """Every move of the game with one field at a time set to each bad value (raw JSON text)."""
    for move, spec in sorted(game.actions.items()):
        fields = list((spec.schema.get("properties") or {}))
        for name in fields or ["seat"]:
            for value in BAD_VALUES_JSON:
                yield '{"type": %s, %s: %s}' % (json.dumps(move), json.dumps(name), value)


def move_forms(game) -> Iterator[dict[str, str]]:
    for move, spec in sorted(game.actions.items()):
        for name in list((spec.schema.get("properties") or {})) or ["seat"]:
            for value in BAD_VALUES_FORM:
                yield {"type": move, name: value}


def damaged_exports(good: dict[str, Any]) -> Iterator[bytes]:
    """A finished game's export, damaged in every way the review found, and then some."""
    def variant(**changes: Any) -> bytes:
        return json.dumps({**good, **changes}).encode()

    events = good["events"]
    first = dict(events[0])
    yield DEEP_LIST.encode()
    yield ('{"format": "companion-game", "players": ' + DEEP_LIST + "}").encode()
    yield ('{"format": "companion-game", "game": "scorepad", "players": [], "events": [' + HUGE + "]}").encode()
    yield b"\xff\xfe not json"
    yield b"{"
    yield variant(players="Ann")
    yield variant(players=["Ann", "Bob"])
    yield variant(players=[{"name": "A\x00nn", "colour": "red"}, {"name": "Bob", "colour": "blue"}])
    yield variant(players=[{"name": "A" * 41, "colour": "red"}, {"name": "Bob", "colour": "blue"}])
    yield variant(players=[{"name": 5, "colour": "red"}, {"name": "Bob", "colour": "blue"}])
    yield variant(options="x")
    yield variant(options={"lowest_wins": {"a": 1}, "unknown": 1})
    yield variant(setup=[])
    yield variant(setup={"players": "x"})
    yield variant(state={"players": 5})
    yield variant(events="x")
    yield variant(events=[5, "x", None])
    yield variant(events=[{**first, "seat": 10**30}, *events[1:]])
    yield variant(events=[{**first, "seat": "0"}, *events[1:]])
    yield variant(events=[*events, {"version": len(events) + 1, "kind": "undo", "action": {"type": "undo"},
                                    "label": {"msg": "x", "args": {}}, "seat": 0, "by_host": True,
                                    "undone": False, "undoes": 10**30}])
    yield variant(events=[{**first, "action": {"type": "add_points", "seat": 0, "points": 10**30}}, *events[1:]])
    yield variant(events=[{**first, "kind": "finish"}, *events[1:]])
    yield variant(events=[{**first, "version": 10**30}, *events[1:]])
    yield variant(events=[{**first, "at": 10**30}, *events[1:]])


def repairable_exports(good: dict[str, Any]) -> Iterator[bytes]:
    """Exports whose moves replay, with a history line or a clock that does not fit: imported,
    with the lines the replay gives and without the clock (the review's label with arguments
    that do not fit its text made every page of the table a 500, for good)."""
    first = dict(good["events"][0])
    for damage in ({"label": {"msg": "%(missing)s and %(d)d", "args": {"d": "text"}}}, {"label": {"msg": 5, "args": []}},
                   {"at": 12345}, {"at": "yesterday"}):
        yield json.dumps({**good, "events": [{**first, **damage}, *good["events"][1:]]}).encode()


DAMAGED_BOARD_FILES: tuple[bytes, ...] = (
    DEEP_LIST.encode(), DEEP_OBJECT.encode(), ('{"boards": {"1": ' + HUGE + "}}").encode(), b"\xff", b"[]",
    b'{"game": 5}', b'{"format": [], "boards": "x"}', b'{"episodes": {"99999999999999999999999": {}}}',
    b'{"tokens": {"fame": {"1": 100000000000000000000}}}', b'{"city_sizes": {"x": -1}}',
)


@pytest.fixture
def tables(app):
    """A table of every game (a host who also holds seat 0, another phone at seat 1), and one
    finished score pad."""
    host, other = app.test_client(), app.test_client()
    tokens = {}
    for key, game in sorted(registry().items()):
        token = start_table(host, key, PLAYERS[:max(game.min_players, 2)])["token"]
        claim(host, token, 0)
        claim(other, token, 1)
        tokens[key] = token
    finished = start_table(host)["token"]
    claim(host, finished, 0)
    assert act(host, finished, type="add_points", seat=1, points=7).status_code == 200
    assert act(host, finished, type="finish").status_code == 200
    tokens["finished"] = finished
    return host, other, tokens


class Answers:
    """Every bad request sent and the status it was answered with. The app runs with TESTING, so
    an exception is not even a 500: it fails the test at the request that raised it."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str, int]] = []

    def send(self, phone, method: str, url: str, **kwargs: Any) -> int:
        try:
            status = phone.open(url, method=method, **kwargs).status_code
        except Exception as error:  # TESTING: an exception is what a 500 would have been
            raise AssertionError(f"{method} {url} {str(kwargs)[:200]} raised {error!r}") from error
        self.sent.append((method, url, status))
        return status

    def assert_none_failed(self, at_least: int, refused_at_least: int) -> None:
        errors = [answer for answer in self.sent if answer[2] >= 500]
        assert not errors, errors[:10]
        assert len(self.sent) > at_least and sum(1 for _, _, status in self.sent if 400 <= status < 500) > refused_at_least
        print(f"\n{len(self.sent)} bad requests: 0 answers >= 500")


@pytest.mark.slow
@pytest.mark.any_database
def test_no_bad_json_sent_to_the_api_gives_a_server_error_or_breaks_a_table(app, tables):
    """Bad bodies to every API route, and each move's fields set to bad JSON values: the JSON parser
    and the moves' schemas refuse them, and what a few moves take (a string where a string goes)
    every database stores alike (no NUL byte, no integer one database's columns hold and the
    other's refuse): on SQLite only. What reaches a database's columns (form fields with a NUL,
    names, integers in query strings, imports, board files) goes to both, in the test below."""
    host, other, tokens = tables
    answers = Answers()
    # The JSON API: every POST route, with every bad body.
    api_posts = [rule for rule in app.url_map.iter_rules() if "POST" in rule.methods and rule.rule.startswith("/api/")]
    assert len(api_posts) >= 6
    for url in each_url_once(api_posts, tokens.values()):
        for body in BAD_BODIES:
            answers.send(host, "POST", url, data=body, content_type="application/json")
    # Every move of every game, one bad field at a time.
    for key, token in tokens.items():
        game = registry()["scorepad" if key == "finished" else key]
        for body in move_bodies(game):
            answers.send(host, "POST", f"/api/tables/{token}/actions", data=body, content_type="application/json")
    answers.assert_none_failed(at_least=1500, refused_at_least=1200)
    assert_every_table_whole(app, host, other)


@pytest.mark.slow
def test_no_bad_input_anywhere_gives_a_server_error_or_breaks_a_table(app, tables):
    host, other, tokens = tables
    answers = Answers()
    send = answers.send

    # The phone's CSRF token (one a session, good for every form): read from a page once, not
    # from each table's board, every page of which is loaded at the end.
    csrf = csrf_of(host.get("/new/scorepad").get_data(as_text=True))

    # Every move of every game, one bad field at a time, over the form.
    for key, token in tokens.items():
        game = registry()["scorepad" if key == "finished" else key]
        for form in move_forms(game):
            send(host, "POST", f"/t/{token}/act", data={**form, "csrf_token": csrf}, headers={"HX-Request": "true"})
        for version in BAD_VALUES_FORM:
            send(host, "POST", f"/t/{token}/undo", data={"csrf_token": csrf, "version": version})
            send(host, "POST", f"/t/{token}/undo", data={"csrf_token": csrf, "request_id": version})
    # Query strings and path arguments on every GET route.
    gets = [rule for rule in app.url_map.iter_rules() if "GET" in rule.methods and rule.endpoint != "static"]
    for url in each_url_once(gets, (tokens["scorepad"], tokens["stonehenge"], tokens["finished"])):
        for query in ("?since=-99999999999999999999&before=-1", "?since=" + HUGE + "&pick=%00",
                      "?since=\u0663&before=99999999999999999999", "?display=" + "x" * 3000):
            status = send(other, "GET", url + query)
            assert status != 413
    # New tables: names too long, with control characters, and numbers where names go.
    for key in registry():
        for name in ("A" * 41, "A\x00nn", "Ann\x1b[31m", "\u202eAnn", "   ", HUGE):
            send(host, "POST", f"/new/{key}", data={"csrf_token": csrf, "name": [name, "Bob"], "colour": ["red", "blue"]})
            send(host, "POST", "/api/tables", json={"game": key, "players": [{"name": name}, {"name": "Bob"}]})
        send(host, "POST", "/api/tables", data='{"game": "%s", "players": %s}' % (key, DEEP_LIST),
             content_type="application/json")
    # The language switch, with every way to write another site.
    for target in ("/\t/evil.example", "//evil.example", "/\\evil.example", "https://evil.example", "/%09/evil.example",
                   "/\n/evil.example", HUGE):
        send(host, "POST", "/lang", data={"csrf_token": csrf, "lang": "fr", "next": target})
    # Damaged game exports and board files.
    good = host.get(f"/t/{tokens['finished']}/export.json").get_json()
    before = table_count(app)
    for raw in damaged_exports(good):
        send(host, "POST", "/records/import", data={"csrf_token": csrf, "file": (io.BytesIO(raw), "game.json")})
    assert table_count(app) == before, "a refused import stored something"
    for raw in repairable_exports(good):
        send(host, "POST", "/records/import", data={"csrf_token": csrf, "file": (io.BytesIO(raw), "game.json")})
    assert table_count(app) == before + 4
    for key, game in registry().items():
        if getattr(game, "library_file", None) is not None:
            for raw in DAMAGED_BOARD_FILES:
                send(host, "POST", f"/games/{key}/library", data={"csrf_token": csrf, "file": (io.BytesIO(raw), "b.json")})
    # Oversize bodies: refused with 413 from their Content-Length, before they are read.
    for url, kind in ((f"/api/tables/{tokens['scorepad']}/actions", "application/json"),
                      ("/api/tables", "application/json"), (f"/t/{tokens['scorepad']}/act", FORM),
                      ("/records/import", "multipart/form-data; boundary=x"), ("/games/scorepad/library", FORM)):
        assert send(host, "POST", url, content_type=kind, environ_overrides=oversize()) == 413, url

    answers.assert_none_failed(at_least=1000, refused_at_least=600)
    assert_every_table_whole(app, host, other)


FORM = "application/x-www-form-urlencoded"


class Unreadable:
    """A request body that must not be read: the Content-Length alone must refuse it."""

    def read(self, *args: Any) -> bytes:
        raise AssertionError("an oversize body was read")

    readline = read


def oversize() -> dict[str, Any]:
    """A 100 MB body, as the server would be handed it (announced, not yet read)."""
    return {"wsgi.input": Unreadable(), "CONTENT_LENGTH": str(100_000_000)}


def each_url_once(rules, tokens) -> list[str]:
    """Each rule's URL at each table: a rule without a table in its path (/api/tables, /records)
    is the same URL at every table, and is listed once."""
    return list(dict.fromkeys(concrete(rule, token) for token in tokens for rule in rules))


def concrete(rule, token: str) -> str:
    samples = {"token": token, "index": 0, "game_key": "scorepad", "key": "scorepad", "path": "x"}
    url = rule.rule
    for argument in rule.arguments:
        url = url.replace(f"<int:{argument}>", str(samples.get(argument, 0))).replace(
            f"<path:{argument}>", "x").replace(f"<{argument}>", str(samples.get(argument, "x")))
    return url


def table_count(app) -> int:
    with app.app_context():
        count = db.session.query(Table).count()
        db.session.remove()
    return count


def assert_every_table_whole(app, host, other) -> None:
    """Every page of every table answers 200, and each state equals a replay of its log."""
    with app.app_context():
        tables = [(t.token, t.id) for t in db.session.query(Table).all()]
        for _, table_id in tables:
            table = db.session.get(Table, table_id)
            assert log.replay(table) == table.state, table.game
        db.session.remove()
    for token, _ in tables:
        for phone in (host, other):
            for url in (f"/t/{token}", f"/t/{token}/board", f"/t/{token}/display", f"/t/{token}/board?display=1",
                        f"/t/{token}/history", f"/t/{token}/invite", f"/t/{token}/join?pick=1",
                        f"/api/tables/{token}", f"/api/tables/{token}/history"):
                response = phone.get(url, follow_redirects=True)  # an onlooker is sent to the seat picker
                assert response.status_code == 200, (url, response.status_code)
    for url in ("/", "/records", "/records/export.json", "/records/export.csv"):
        assert host.get(url).status_code == 200, url
