"""Bad input: the JSON API fuzzed from its own OpenAPI document, random bodies, damaged forms.

Whatever arrives, the answer is a 2xx or a 4xx with a message a person can read — never a
5xx — and a refused request changes nothing at the table.
"""

from __future__ import annotations

import json
import math
import zlib
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from sqlalchemy import bindparam, func, select

from companion import log
from companion.devices import digest
from companion.extensions import db
from companion.games import registry
from companion.models import Event, Seat, Table
from tests.conftest import dispose, make_app
from tests.databases import BACKENDS
from tests.helpers import claim, csrf_of, start_table
from tests.test_web import board_form

# The fuzzing client is a phone with a known device secret: it hosts every table and sits
# in seat 0, so generated moves reach the rules instead of stopping at "claim a seat".
DEVICE = "fuzz-phone-" + "0123456789abcdef" * 3
NAMES = ["Ann", "Bob", "Cid", "Dot", "Eve", "Fay", "Gus", "Hal"]
COLOURS = ["red", "blue", "green", "yellow", "purple", "black", "white", "orange"]

# Bounded so that the file runs in under a minute with both databases (on an idle machine).
# Each generated request is sent to every database, so the figures below count per database.
EXAMPLES_PER_OPERATION = 8
EXAMPLES_FOR_MOVES = 25  # POST /api/tables/{token}/actions: where the games' rules are
RANDOM_BODIES = 120
RANDOM_FORMS = 40
BOUNDED = dict(deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck),
               phases=[Phase.explicit, Phase.generate, Phase.shrink])
CHECKS = [schemathesis.checks.not_a_server_error, schemathesis.checks.status_code_conformance,
          schemathesis.checks.content_type_conformance, schemathesis.checks.response_schema_conformance]
# Every POST that reaches a table: a refusal of one of them must leave the table as it was.
TABLE_WRITES = ("/api/tables/{token}/actions", "/api/tables/{token}/undo",
                "/api/tables/{token}/seats/{index}/claim", "/api/tables/{token}/seats/{index}/release")


# --- tables to fuzz --------------------------------------------------------------------------

def fuzz_phone(app):
    phone = app.test_client()
    phone.set_cookie("companion_device", DEVICE)
    return phone


def players_for(game) -> list[dict[str, str]]:
    count = min(max(3, game.min_players), game.max_players)
    return [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(count)]


def new_table(phone, game) -> str:
    token = start_table(phone, game.key, players_for(game))["token"]
    claim(phone, token, 0)
    return token


# The reads below run once or twice for each of the hundreds of requests these tests send, on
# each database: plain statements on a connection of the app's pool. Through the ORM (a session,
# a Table with its seats loaded, a query for each part) they cost more than the requests did.
# The tests' own functions (given to hypothesis) are left as they were: CI's derandomized draw
# comes from their source text, so the same examples are tried.
TABLE_ROW = select(Table.id, Table.version, Table.state,
                   select(func.count(Event.id)).where(Event.table_id == Table.id).scalar_subquery()
                   ).where(Table.token == bindparam("token"))
SEAT_HOLDERS = select(Seat.device).where(Seat.table_id == bindparam("table_id")).order_by(Seat.index)
PLAYABLE = (select(Table.finished, Seat.device).outerjoin(Seat, (Seat.table_id == Table.id) & (Seat.index == 0))
            .where(Table.token == bindparam("token")))


def engine_of(app):
    with app.app_context():
        return db.engine


def table_row(app, token: str) -> tuple[int, Any, int, list] | None:
    """(version, state, number of events, seat holders) straight from the database."""
    with engine_of(app).connect() as conn:
        row = conn.execute(TABLE_ROW, {"token": token}).one_or_none()
        if row is None:
            return None
        table_id, version, state, events = row
        return version, state, events, list(conn.scalars(SEAT_HOLDERS, {"table_id": table_id}))


def assert_state_equals_replay(app, token: str) -> None:
    with app.app_context():
        table = db.session.scalar(select(Table).where(Table.token == token))
        assert log.replay(table) == table.state
        db.session.remove()


class Tables:
    """One live table per game on one app, each fuzzed with its own game's moves."""

    def __init__(self, app) -> None:
        self.app = app
        self.phone = fuzz_phone(app)
        self.games = list(registry().values())
        self.tokens = {game.key: new_table(self.phone, game) for game in self.games}
        self.played: list[str] = list(self.tokens.values())

    def for_body(self, body: Any) -> str:
        """The table of a game that has this move (several games may share a move's name)."""
        kind = body.get("type") if isinstance(body, dict) else None
        games = [g for g in self.games if isinstance(kind, str) and kind in g.actions] or self.games
        pick = zlib.crc32(json.dumps(body, sort_keys=True, default=str).encode()) % len(games)
        return self.tokens[games[pick].key]

    def refresh(self, token: str) -> None:
        """Back to a playable table: the phone in seat 0 again, a new table when one has ended.
        Read from the database (a phone holds at most one seat of a table): asking the API, which
        renders the table's whole view, cost as much as the request under test."""
        game_key = next(key for key, t in self.tokens.items() if t == token)
        with engine_of(self.app).connect() as conn:
            finished, seat_0 = conn.execute(PLAYABLE, {"token": token}).one()
        if finished:
            self.tokens[game_key] = new_table(self.phone, registry()[game_key])
            self.played.append(self.tokens[game_key])
        elif seat_0 != digest(DEVICE):
            claim(self.phone, token, 0)


@pytest.fixture
def apps(databases, tmp_path):
    """One app per database (SQLite, and PostgreSQL when configured): each generated request goes to all."""
    urls = [databases.fresh(backend, tmp_path / backend) for backend in BACKENDS]
    built = [make_app(url, tmp_path / backend) for url, backend in zip(urls, BACKENDS)]
    yield built
    for app, url in zip(built, urls):
        dispose(app)
        databases.give_back(url)


def assert_a_clear_answer(status: int, content_type: str, payload: Any, text: str) -> None:
    """2xx, or a 4xx with {"error": "<a message>"}; never a 5xx."""
    assert status < 500, text
    if status >= 400:
        assert content_type.startswith("application/json"), text
        assert isinstance(payload, dict) and isinstance(payload.get("error"), str) and payload["error"].strip(), text


# --- the OpenAPI document, fuzzed by schemathesis -------------------------------------------

def fuzz_operation(everywhere: list[Tables], operation, mode: GenerationMode, examples: int) -> int:
    """Sends one operation's generated cases to every database; returns how many were generated."""
    generated = 0

    @settings(max_examples=examples, **BOUNDED)
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case) -> None:
        nonlocal generated
        generated += 1
        for tables in everywhere:
            token = None
            if "{token}" in operation.path:
                token = tables.for_body(case.body) if operation.path.endswith("/actions") else tables.tokens["scorepad"]
                case.path_parameters = {**(case.path_parameters or {}), "token": token}
            before = table_row(tables.app, token) if token else None
            # identity: the in-process transport hands over raw bytes, and Flask-Compress would brotli them.
            response = case.call(app=tables.app, cookies={"companion_device": DEVICE},
                                 headers={"Accept-Encoding": "identity"})
            content_type = response.headers.get("content-type", [""])[0]
            payload = response.json() if content_type.startswith("application/json") else None
            assert_a_clear_answer(response.status_code, content_type, payload, response.text)
            case.validate_response(response, checks=CHECKS)
            if token and operation.path in TABLE_WRITES and response.status_code >= 400:
                assert table_row(tables.app, token) == before, f"a refused {operation.path} changed the table"
            if token:
                tables.refresh(token)

    run()
    return generated


@pytest.mark.slow
def test_the_api_answers_whatever_its_openapi_document_allows_or_forbids_without_a_5xx(apps):
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", apps[0])
    everywhere = [Tables(app) for app in apps]
    operations = [result.ok() for result in schema.get_all_operations()]  # .ok(): the document is valid
    assert {"/api/tables/{token}/actions", "/api/tables/{token}/undo", "/api/tables"} <= {o.path for o in operations}
    generated = 0
    for operation in operations:
        examples = EXAMPLES_FOR_MOVES if operation.path.endswith("/actions") else EXAMPLES_PER_OPERATION
        has_input = any(len(part) for part in (operation.body, operation.path_parameters, operation.query))
        modes = (GenerationMode.POSITIVE, GenerationMode.NEGATIVE) if has_input else (GenerationMode.POSITIVE,)
        for mode in modes:
            generated += fuzz_operation(everywhere, operation, mode, examples)
    print(f"schemathesis: {len(operations)} operations, {generated} requests on each of {len(apps)} databases, 0 5xx")
    assert generated >= len(operations) * EXAMPLES_PER_OPERATION
    for tables in everywhere:  # whatever was accepted, the log still tells the truth
        for token in tables.played:
            assert_state_equals_replay(tables.app, token)


# --- random JSON bodies sent as moves -----------------------------------------------------------

def every_move_and_field() -> tuple[list[str], list[str]]:
    moves, fields = set(), {"seat", "points", "version", "request_id"}
    for game in registry().values():
        moves |= set(game.actions)
        for spec in game.actions.values():
            fields |= set(spec.schema.get("properties", {}))
    return sorted(moves), sorted(fields)


MOVES, FIELDS = every_move_and_field()
SCALARS = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.integers(-3, 12)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
           | st.sampled_from(["", "0", "1", "-1", "99", "1e3", " 7 ", "\x00", "☃", "x" * 80, math.nan, math.inf]))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                        max_size=3), max_leaves=8)
MOVE_BODIES = st.builds(lambda kind, fields: {**fields, "type": kind},
                        st.sampled_from(MOVES) | JSON, st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=4))
# A legal move with something odd beside it: the odd part must not slip into the log unchecked.
NEARLY_LEGAL = st.fixed_dictionaries(
    {"type": st.just("add_points"), "seat": st.integers(0, 2), "points": st.integers(1, 9), "note": SCALARS},
    optional={"request_id": st.text(max_size=70) | SCALARS, "version": SCALARS})
BODIES = NEARLY_LEGAL | MOVE_BODIES | JSON


def encode(body: Any) -> bytes:
    """JSON as a careless client might send it: NaN and Infinity included."""
    return json.dumps(body, allow_nan=True).encode()


def test_random_json_moves_are_answered_clearly_and_a_refused_one_changes_nothing(app):
    tables = Tables(app)
    seen = {"accepted": 0, "refused": 0}

    @settings(max_examples=RANDOM_BODIES, **BOUNDED)
    @given(body=BODIES, raw=st.none() | st.binary(max_size=20))
    def send(body, raw) -> None:
        token = tables.for_body(body)
        before = table_row(app, token)
        data = raw if raw is not None else encode(body)
        response = tables.phone.post(f"/api/tables/{token}/actions", data=data, content_type="application/json")
        assert_a_clear_answer(response.status_code, response.content_type, response.get_json(silent=True),
                              response.get_data(as_text=True))
        after = table_row(app, token)
        if response.status_code >= 400:
            seen["refused"] += 1
            assert after == before, f"refused with {response.status_code} but the table changed: {data!r}"
        else:
            seen["accepted"] += 1
            assert after[0] in (before[0], before[0] + 1)  # one move, or a duplicate of one
        tables.refresh(token)

    send()
    assert seen["refused"] > RANDOM_BODIES / 2  # mostly junk, as intended
    for token in tables.played:
        assert_state_equals_replay(app, token)


def test_random_form_fields_are_answered_clearly_and_a_refused_move_changes_nothing(app):
    tables = Tables(app)
    csrf = csrf_of(tables.phone.get(f"/t/{tables.tokens['scorepad']}").get_data(as_text=True))
    texts = st.text(max_size=10) | st.sampled_from(["", "0", "-1", "2", "99", "100001", "1.5", "x", " 3"])

    @settings(max_examples=RANDOM_FORMS, **BOUNDED)
    @given(kind=st.sampled_from(MOVES), fields=st.dictionaries(st.sampled_from(FIELDS), texts, max_size=4))
    def send(kind, fields) -> None:
        token = tables.tokens["scorepad"]
        before = table_row(app, token)
        form = {**fields, "type": kind, "csrf_token": csrf}
        response = tables.phone.post(f"/t/{token}/act", data=form, headers={"HX-Request": "true"})
        assert response.status_code < 500
        if response.status_code >= 400:
            text = response.get_data(as_text=True)
            assert 'role="alert"' in text, text
            assert table_row(app, token) == before
        tables.refresh(token)

    send()


# --- forms: the refusals a person can run into ----------------------------------------------

def seated(client, phone, seat: int = 0):
    token = start_table(client)["token"]
    player = phone()
    claim(player, token, seat)
    return token, player


def api_table(client, token):
    return client.get(f"/api/tables/{token}").get_json()


def post_move(player, token, html, move, **fields):
    return player.post(f"/t/{token}/act", data=board_form(html, move) | fields, headers={"HX-Request": "true"})


@pytest.mark.parametrize("points, message", [("100001", "points must be at most 100000"),
                                             ("-100001", "points must be at least -100000"),
                                             ("1e9", "points must be a whole number"),
                                             ("", "points must be a whole number")])
def test_a_number_out_of_range_in_a_form_is_refused_with_its_limit(client, phone, points, message):
    token, player = seated(client, phone)
    html = player.get(f"/t/{token}").get_data(as_text=True)
    response = post_move(player, token, html, "add_points", points=points)
    assert response.status_code == 422 and message in response.get_data(as_text=True)
    assert api_table(client, token)["version"] == 0


@pytest.mark.parametrize("seat", ["3", "-1", "99", "Bob"])
def test_a_form_naming_a_seat_the_table_does_not_have_is_refused(client, phone, seat):
    token, player = seated(client, phone)
    html = player.get(f"/t/{token}").get_data(as_text=True)
    response = post_move(player, token, html, "add_points", seat=seat, points="5")
    body = response.get_data(as_text=True)
    assert response.status_code == 422 and "seat must be" in body
    assert api_table(client, token)["version"] == 0


def test_claiming_an_unknown_seat_through_the_join_page_is_refused_clearly(client, phone):
    token = start_table(client)["token"]
    stranger = phone()
    page = stranger.get(f"/t/{token}/join").get_data(as_text=True)
    response = stranger.post(f"/t/{token}/seats/7/claim", data={"csrf_token": csrf_of(page)}, follow_redirects=True)
    assert "This table has no seat 8." in response.get_data(as_text=True)
    assert [s["claimed"] for s in api_table(client, token)["seats"]] == [False, False, False]


def test_a_form_of_one_table_posted_to_another_is_refused_and_neither_changes(client, phone):
    token_a, player = seated(client, phone)
    token_b = start_table(client)["token"]  # the player has no seat here
    html_a = player.get(f"/t/{token_a}").get_data(as_text=True)
    for move, extra in (("add_points", {"points": "5"}), ("end_round", {})):
        fields = board_form(html_a, move) | extra
        response = player.post(f"/t/{token_b}/act", data=fields, headers={"HX-Request": "true"})
        assert response.status_code == 403 and "Claim a seat to play." in response.get_data(as_text=True)
    refused_undo = player.post(f"/t/{token_b}/undo", data={"csrf_token": csrf_of(html_a)},
                               headers={"HX-Request": "true"})
    assert refused_undo.status_code == 403
    assert "Only the players at this table can undo." in refused_undo.get_data(as_text=True)
    assert api_table(client, token_a)["version"] == 0 and api_table(client, token_b)["version"] == 0


def test_a_form_carrying_another_tables_version_is_stale_here(client, phone):
    """A phone seated at two tables posts table A's form (version 0) to table B (version 2)."""
    token_a, player = seated(client, phone)
    token_b = start_table(client)["token"]
    claim(player, token_b, 0)
    for points in (1, 2):
        client.post(f"/api/tables/{token_b}/actions", json={"type": "add_points", "seat": 1, "points": points})
    form_a = board_form(player.get(f"/t/{token_a}").get_data(as_text=True), "end_round")
    response = player.post(f"/t/{token_b}/act", data=form_a, headers={"HX-Request": "true"})
    assert response.status_code == 409 and "The table changed" in response.get_data(as_text=True)
    assert api_table(client, token_b)["view"]["round"] == 1 and api_table(client, token_a)["version"] == 0


def test_a_stale_form_without_javascript_lands_on_the_new_state_with_the_message(client, phone):
    token, player = seated(client, phone)
    old = player.get(f"/t/{token}").get_data(as_text=True)
    client.post(f"/api/tables/{token}/actions", json={"type": "add_points", "seat": 2, "points": 4})
    response = player.post(f"/t/{token}/act", data=board_form(old, "end_round"), follow_redirects=True)
    body = response.get_data(as_text=True)
    assert response.status_code == 200 and "The table changed" in body and 'data-version="1"' in body
    assert api_table(client, token)["view"]["round"] == 1


def test_a_damaged_version_field_is_refused_clearly_by_a_move_and_by_undo(client, phone):
    token, player = seated(client, phone)
    client.post(f"/api/tables/{token}/actions", json={"type": "add_points", "seat": 0, "points": 3})
    html = player.get(f"/t/{token}").get_data(as_text=True)
    response = post_move(player, token, html, "end_round", version="yesterday")
    assert response.status_code == 400 and "The form was damaged" in response.get_data(as_text=True)
    undo = player.post(f"/t/{token}/undo", data={"csrf_token": csrf_of(html), "version": "yesterday"},
                       headers={"HX-Request": "true"})
    assert undo.status_code == 400 and "The form was damaged" in undo.get_data(as_text=True)
    assert api_table(client, token)["version"] == 1


def test_a_refused_api_move_names_the_problem_and_keeps_the_version(client, phone):
    token, player = seated(client, phone)
    for body, status, words in [
        ({"type": "add_points", "seat": 0, "points": math.inf}, 400, "Infinity is not a JSON number"),
        ({"type": "add_points", "seat": 0, "points": 1, "note": math.nan}, 400, "NaN is not a JSON number"),
        ({"type": "add_points", "seat": 0, "points": 2.5}, 422, "points must be a whole number"),
        ({"type": "add_points", "seat": 5, "points": 1}, 422, "seat must be at most 2"),
        ({"type": "add_points", "seat": 0, "points": 1, "request_id": "x" * 65}, 422, "request_id must be"),
        ({"type": "end_round", "version": 7}, 409, "The table changed"),
        ({"type": ["end_round"]}, 422, "type"),
    ]:
        response = player.post(f"/api/tables/{token}/actions", data=encode(body), content_type="application/json")
        assert response.status_code == status and words in response.get_json()["error"], response.get_json()
    assert api_table(client, token)["version"] == 0


# --- what the fuzzing found (each was a 500 on PostgreSQL, or on both databases) -----------------

def test_a_player_name_with_a_control_character_is_refused_not_a_500(client):
    response = client.post("/api/tables", json={"game": "scorepad", "players": [{"name": "A\x00n"}, {"name": "Bob"}]})
    assert response.status_code == 422 and "cannot be shown" in response.get_json()["error"]
    page = client.get("/new/scorepad").get_data(as_text=True)
    form = client.post("/new/scorepad", data={"csrf_token": csrf_of(page), "name": ["Ann", "B\x07b"],
                                              "colour": ["red", "blue"]})
    assert form.status_code == 422 and "cannot be shown" in form.get_data(as_text=True)


@pytest.mark.parametrize("request_id", ["x" * 65, "tap\x00", "line\nbreak"])
def test_a_damaged_request_id_is_refused_by_the_api_and_the_form(client, phone, request_id):
    token, player = seated(client, phone)
    api = player.post(f"/api/tables/{token}/actions",
                      json={"type": "add_points", "seat": 0, "points": 1, "request_id": request_id})
    assert api.status_code == 422 and "request_id must be" in api.get_json()["error"]
    html = player.get(f"/t/{token}").get_data(as_text=True)
    for url, move in ((f"/t/{token}/act", board_form(html, "add_points") | {"points": "1"}),
                      (f"/t/{token}/undo", {"csrf_token": csrf_of(html)})):
        form = player.post(url, data=move | {"request_id": request_id}, headers={"HX-Request": "true"})
        assert form.status_code == 400 and "The form was damaged" in form.get_data(as_text=True)
    assert api_table(client, token)["version"] == 0


def test_asking_for_history_since_a_version_beyond_any_integer_is_answered(client):
    token = start_table(client)["token"]
    client.post(f"/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": 3})
    assert client.get(f"/api/tables/{token}/history?since={10**30}").get_json()["events"] == []
    assert len(client.get(f"/api/tables/{token}/history?since={-10**30}").get_json()["events"]) == 1
