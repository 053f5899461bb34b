"""The holes issue #12 found around ordinary moves, one test each (each failed before its fix).

Bad input (§3), the server library (§2), and the smaller findings (§5): cookies, the language
switch's redirect, CSV formulas, rate limits (in test_access.py), undo under contention and the
history's cursor.
"""

from __future__ import annotations

import csv
import io
import json
import threading
import time

import pytest

from companion import log
from companion.extensions import db
from companion.games import registry
from companion.games.base import Actor, RuleError, int_field
from companion.models import Event, Table
from tests.helpers import act, claim, csrf_of, start_table
from tests.test_records import finished_game

HOST = Actor(None, host=True)
DEEP = "[" * 1000 + "]" * 1000


def upload(client, url: str, raw: bytes, page: str = "/records"):
    csrf = csrf_of(client.get(page).get_data(as_text=True))
    return client.post(url, data={"csrf_token": csrf, "file": (io.BytesIO(raw), "file.json")}, follow_redirects=True)


def count(app, model) -> int:
    with app.app_context():
        number = db.session.query(model).count()
        db.session.remove()
    return number


# --- §3 bad input ---------------------------------------------------------------------------------

@pytest.mark.parametrize("raw", ["1_000", "\u0663", "\uff15", "1e3", "0x10", "", " ", "+-1", "1" + "0" * 30])
def test_a_whole_number_field_takes_only_ascii_digits_within_a_range(raw):
    with pytest.raises(RuleError, match="must be|whole number"):
        int_field({"n": raw}, "n")
    with pytest.raises(RuleError, match="at most 1000000000"):
        int_field({"n": 10**30}, "n")
    assert int_field({"n": " 12 "}, "n") == 12 and int_field({"n": "-3"}, "n") == -3


def test_look_alike_digits_are_refused_over_the_api_and_change_nothing(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    for points in ("1_000", "\u0663", "\uff15"):
        response = act(client, token, type="add_points", seat=0, points=points)
        assert response.status_code == 422 and response.get_json()["error"] == "points must be a whole number"
    assert client.get(f"/api/tables/{token}").get_json()["version"] == 0


def test_json_nested_a_thousand_deep_is_a_400_on_every_json_endpoint(app, client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    posts = [rule.rule for rule in app.url_map.iter_rules() if "POST" in rule.methods and rule.rule.startswith("/api/")]
    for rule in posts:
        url = (rule.replace("<token>", token).replace("<int:index>", "1").replace("<game_key>", "adventure-land")
               .replace("/<path:path>", ""))
        response = client.post(url, data=DEEP, content_type="application/json")
        assert response.status_code == 400, (url, response.status_code)
        assert response.get_json()["error"] == "The JSON is nested too deeply.", url
    start_table(client, "beowulf-the-movie")  # only a host of a table of the game imports its board file
    for url, page in (("/records/import", "/records"), ("/games/beowulf-the-movie/library", "/games/beowulf-the-movie/library")):
        before = (count(app, Table), count(app, Event))
        html = upload(client, url, DEEP.encode(), page).get_data(as_text=True)
        assert "The JSON is nested too deeply." in html
        assert (count(app, Table), count(app, Event)) == before


def test_a_number_with_thousands_of_digits_is_refused_before_it_reaches_a_game(client):
    token = start_table(client, "adventure-land")["token"]
    claim(client, token, 0)
    response = client.post(f"/api/tables/{token}/actions", content_type="application/json",
                           data='{"type": "set_creatures_on_board", "count": %s}' % ("9" * 5000))
    assert response.status_code == 400 and response.get_json()["error"] == "A number is too large."
    assert client.get(f"/t/{token}").status_code == 200


def test_away_since_a_version_beyond_any_integer_is_answered(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    act(client, token, type="add_points", seat=0, points=2)
    response = client.get(f"/t/{token}/away?since=-99999999999999999999")
    assert response.status_code == 200 and "+2" in response.get_data(as_text=True)
    assert client.get(f"/t/{token}/away?since=99999999999999999999").status_code == 204
    assert client.get(f"/t/{token}/board?since=-99999999999999999999").status_code == 200


class Unreadable:
    def read(self, *args):
        raise AssertionError("the body was read")

    readline = read


@pytest.mark.parametrize("url, kind", [("/api/tables", "application/json"),
                                       ("/records/import", "multipart/form-data; boundary=x")])
def test_a_body_over_the_limit_is_a_413_before_it_is_read(client, url, kind):
    response = client.post(url, content_type=kind,
                           environ_overrides={"wsgi.input": Unreadable(), "CONTENT_LENGTH": "100000000"})
    assert response.status_code == 413


def test_a_move_body_is_limited_far_below_an_import(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    padding = "x" * 70_000
    response = client.post(f"/api/tables/{token}/actions", json={"type": "end_round", "note": padding})
    assert response.status_code == 413 and response.get_json()["error"] == "That is too large."


def import_variant(client, good: dict, **changes) -> str:
    return upload(client, "/records/import", json.dumps({**good, **changes}).encode()).get_data(as_text=True)


def test_a_damaged_export_is_refused_whole_and_stores_nothing(app, client):
    token = finished_game(client)
    good = client.get(f"/t/{token}/export.json").get_json()
    first, rest = good["events"][0], good["events"][1:]
    before = (count(app, Table), count(app, Event))
    damaged = {
        "a player given as text": {"players": ["Ann", "Bob", "Cid"]},
        "a seat past any table": {"events": [{**first, "seat": 10**15}, *rest]},
        "an undo of a version past any table": {"events": [*good["events"][:-1], {
            **first, "version": len(good["events"]), "kind": "undo", "undoes": 10**15}]},
        "a move the rules refuse": {"events": [{**first, "action": {"type": "add_points", "seat": 9, "points": 1}},
                                               *rest]},
        "a name with a control character": {"players": [{"name": "A\x07nn", "colour": "red"}, *good["players"][1:]]},
        "a name too long": {"players": [{"name": "A" * 41, "colour": "red"}, *good["players"][1:]]},
        "an unknown option": {"options": {"sudden_death": True}},
        "an undone flag the log never set": {"events": [{**first, "undone": True}, *rest]},
    }
    for why, changes in damaged.items():
        html = import_variant(client, good, **changes)
        assert "Game imported." not in html and 'class="notice error"' in html, why
        assert (count(app, Table), count(app, Event)) == before, why


def test_an_imported_label_that_does_not_fit_its_text_cannot_break_the_table(client):
    token = finished_game(client)
    good = client.get(f"/t/{token}/export.json").get_json()
    broken = {**good["events"][0], "label": {"msg": "%(missing)s scored %(d)d", "args": {"d": "text"}}}
    response = client.post("/records/import", data={
        "csrf_token": csrf_of(client.get("/records").get_data(as_text=True)),
        "file": (io.BytesIO(json.dumps({**good, "events": [broken, *good["events"][1:]]}).encode()), "g.json")})
    new_token = response.location.split("/t/")[1]
    for url in (f"/t/{new_token}", f"/t/{new_token}/history", f"/api/tables/{new_token}/history"):
        assert client.get(url).status_code == 200, url
    history = client.get(f"/api/tables/{new_token}/history").get_json()["events"]
    assert history[-1]["label"] == "Ann: +5 points (round 1)"  # the line the replay gives


@pytest.mark.parametrize("game_key", sorted(registry()))
@pytest.mark.parametrize("name", ["A" * 41, "Ann\x00", "Ann\x1b[31m", "Ann\u202e", "\u200b"])
def test_names_have_a_length_limit_and_no_control_characters_in_every_game(client, game_key, name):
    game = registry()[game_key]
    players = [{"name": name}] + [{"name": f"P{i}"} for i in range(1, game.min_players)]
    response = client.post("/api/tables", json={"game": game_key, "players": players})
    assert response.status_code == 422 and "Player 1" in response.get_json()["error"]


# --- §5 smaller findings ----------------------------------------------------------------------------

def test_over_https_the_session_and_language_cookies_are_secure(client):
    token = start_table(client)["token"]
    # A browser sends its own page as the Referer to this site (Referrer-Policy: same-origin),
    # which the CSRF check requires over HTTPS.
    https = {"base_url": "https://localhost",
             "headers": {"Referer": f"https://localhost/t/{token}/join"}}
    page = client.get(f"/t/{token}/join", **https).get_data(as_text=True)
    responses = [client.post(f"/t/{token}/seats/9/claim", data={"csrf_token": csrf_of(page)}, **https),
                 client.post("/lang", data={"csrf_token": csrf_of(page), "lang": "de", "next": "/"}, **https)]
    cookies = [c for r in responses for c in r.headers.getlist("Set-Cookie")]
    names = {c.split("=", 1)[0] for c in cookies}
    assert {"session", "companion_lang"} <= names
    assert all("Secure" in cookie for cookie in cookies), cookies
    plain = client.post("/lang", data={"csrf_token": csrf_of(page), "lang": "fr", "next": "/"})
    assert "Secure" not in plain.headers["Set-Cookie"]  # plain HTTP on the home Wi-Fi: it could not be sent back


@pytest.mark.parametrize("target", ["/\t/evil.example", "/\n/evil.example", "/\\evil.example", "//evil.example",
                                    "https://evil.example", "/\u3000/evil.example", "evil.example"])
@pytest.mark.any_database
def test_the_language_switch_only_goes_back_to_a_page_of_this_site(client, target):
    csrf = csrf_of(client.get("/new/scorepad").get_data(as_text=True))
    response = client.post("/lang", data={"csrf_token": csrf, "lang": "fr", "next": target})
    assert response.status_code == 302 and response.location == "/"
    back = client.post("/lang", data={"csrf_token": csrf, "lang": "fr", "next": "/records?x=1"})
    assert back.location == "/records?x=1"


def test_a_name_that_looks_like_a_formula_reaches_the_spreadsheet_as_text(client):
    players = [{"name": "=HYPERLINK(\"http://x\")", "colour": "red"}, {"name": "@SUM(1+1)", "colour": "blue"},
               {"name": "-2+3", "colour": "green"}]
    token = finished_game(client, (5, 1, 2), players=players)
    for url in (f"/t/{token}/export.csv", "/records/export.csv"):
        rows = list(csv.DictReader(io.StringIO(client.get(url).get_data(as_text=True))))
        assert [row["player"] for row in rows] == ["'=HYPERLINK(\"http://x\")", "'@SUM(1+1)", "'-2+3"]
        assert [row["total"] for row in rows] == ["9", "1", "2"]


def test_the_api_history_pages_back_with_a_cursor(app, client):
    token = start_table(client)["token"]
    with app.app_context():
        table_id = db.session.query(Table).filter_by(token=token).one().id
        for n in range(1050):
            log.append(table_id, {"type": "add_points", "seat": n % 3, "points": 1}, HOST)
        db.session.remove()
    first = client.get(f"/api/tables/{token}/history").get_json()
    assert len(first["events"]) == 1000 and first["events"][0]["version"] == 1050 and first["version"] == 1050
    assert first["before"] == 51
    second = client.get(f"/api/tables/{token}/history?before={first['before']}").get_json()
    assert [e["version"] for e in second["events"]] == list(range(50, 0, -1)) and second["before"] is None
    assert client.get(f"/api/tables/{token}/history?since=1040").get_json()["before"] is None


def test_undo_under_contention_retries_and_never_gives_up(app, client, monkeypatch):
    """Six phones adding points and two undoing, all at once (issue #12: on PostgreSQL undo
    answered 503 12 times out of 19). Every undo lands, or is refused with a reason.

    And no change is tried more than twice: a lost race is retried holding the table (a row
    lock on PostgreSQL, the write lock on SQLite), so it cannot lose again. Before, a move or
    an undo could lose dozens of times in a row — on a loaded two-core CI machine an undo gave
    up after all 60 tries — and two undos on PostgreSQL deadlocked, a second's wait each."""
    token = start_table(client)["token"]
    with app.app_context():
        table_id = db.session.query(Table).filter_by(token=token).one().id
        for _ in range(40):
            log.append(table_id, {"type": "add_points", "seat": 0, "points": 1}, HOST)
        db.session.remove()
    outcomes: dict[str, int] = {"moves": 0, "undos": 0, "refused": 0, "busy": 0}
    most_tries = [0]
    retrying = log.retrying

    def counting_tries(attempt_write):
        tries = 0

        def counted(first: bool):
            nonlocal tries
            tries += 1
            return attempt_write(first)

        try:
            return retrying(counted)
        finally:
            with lock:
                most_tries[0] = max(most_tries[0], tries)

    monkeypatch.setattr(log, "retrying", counting_tries)
    # Two seconds of it at least (dozens of each land even on a loaded machine), and on until ten
    # of each landed: on a machine busy with other work, two seconds may hold fewer (what is under
    # test is that none gives up, not a pace).
    started = time.monotonic()
    lock = threading.Lock()

    def going() -> bool:
        elapsed = time.monotonic() - started
        with lock:
            enough = outcomes["undos"] >= 10 and outcomes["moves"] >= 10
        return elapsed < 2 or (not enough and elapsed < 60)

    def phone(undoing: bool) -> None:
        with app.app_context():
            while going():
                try:
                    if undoing:
                        log.undo(table_id, HOST)
                    else:
                        log.append(table_id, {"type": "add_points", "seat": 1, "points": 1}, HOST)
                    outcome = "undos" if undoing else "moves"
                except RuleError:  # the undos caught up with the moves: nothing left to undo
                    outcome = "refused"
                except log.Busy:
                    outcome = "busy"
                with lock:
                    outcomes[outcome] += 1
            db.session.remove()

    threads = [threading.Thread(target=phone, args=(i >= 6,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(f"\n{outcomes}, at most {most_tries[0]} tries")
    assert outcomes["busy"] == 0 and outcomes["undos"] >= 10 and outcomes["moves"] >= 10, outcomes
    assert most_tries[0] <= 2
    with app.app_context():
        table = db.session.get(Table, table_id)
        assert log.replay(table) == table.state
        db.session.remove()


@pytest.mark.parametrize("game_key, path", [("adventure-land", ""), ("beowulf-the-legend", ""), ("beowulf-the-movie", "act")])
@pytest.mark.any_database
def test_quick_scores_refuse_a_name_with_a_control_character(client, game_key, path):
    scorer = registry()[game_key].quick_scorers[path]
    body = json.loads(json.dumps(scorer.example))
    if game_key == "beowulf-the-movie":
        body["cells"][0]["figure"]["player"] = "br\x1bown"
    else:
        body["players"][0]["name"] = "Mar\x00tin"
    url = f"/api/score/{game_key}" + (f"/{path}" if path else "")
    assert client.post(url, json=scorer.example).status_code == 200
    response = client.post(url, json=body)
    assert response.status_code == 422, response.get_json()


def test_a_refused_undo_says_why_with_the_table_as_it_stands(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    response = client.post(f"/api/tables/{token}/undo", json={})
    assert response.status_code == 422 and response.get_json()["error"] == "Nothing to undo."
    assert response.get_json()["table"]["version"] == 0
    act(client, token, type="add_points", seat=0, points=1)
    stale = client.post(f"/api/tables/{token}/undo", json={"version": 0})
    assert stale.status_code == 409 and stale.get_json()["table"]["version"] == 1
