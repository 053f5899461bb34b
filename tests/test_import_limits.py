"""An imported game is checked before it is played, and its replay cannot hold the server
(issue #28, 1, 3 and 4): a history too long for one import is refused at once (413), a setup
must name the table's players, every time must be one the database can give back, and a long
game within the limits is played again in linear time, undos included, through the log's own
replay.
"""

from __future__ import annotations

import copy
import io
import json
import tracemalloc
from typing import Any

import pytest
from werkzeug.datastructures import FileStorage, MultiDict
from werkzeug.test import encode_multipart

from companion import log, records
from companion.extensions import db
from companion.models import Event, Table
from tests.helpers import act, claim, csrf_of, start_table
from tests.test_records import finished_game

COLOURS = ["red", "blue", "green", "yellow", "purple", "orange", "black", "white"]


def upload(client, data: Any, **dumps: Any):
    """The records page's import form, posted with ``data`` as the file (encoded here, in memory:
    the test client spools a body over 500 KB to a temporary file it never closes)."""
    page = client.get("/records").get_data(as_text=True)
    file = FileStorage(io.BytesIO(json.dumps(data, **dumps).encode()), "game.json", content_type="application/json")
    boundary, body = encode_multipart(MultiDict({"csrf_token": csrf_of(page), "file": file}))
    return client.post("/records/import", data=body, content_type=f"multipart/form-data; boundary={boundary}")


def stored(app) -> tuple[int, int]:
    with app.app_context():
        counts = (db.session.query(Table).count(), db.session.query(Event).count())
        db.session.remove()
    return counts


def score_pad_of_rounds(rounds: int, seats: int = 8) -> dict[str, Any]:
    """A score pad's export as the app writes it: ``rounds`` rounds ended by the host, then the
    end; nobody scored (the state still grows by a round per player each time)."""
    players = [{"name": f"P{i}", "colour": COLOURS[i]} for i in range(seats)]

    def state(played: int, over: bool) -> dict[str, Any]:
        return {"round": played + 1, "lowest_wins": False, "over": over,
                "players": [{**p, "rounds": [0] * (played + 1), "secret": None} for p in players]}

    def event(version: int, kind: str, move: str) -> dict[str, Any]:
        return {"version": version, "kind": kind, "action": {"type": move}, "label": {"msg": "x"}, "seat": None,
                "by_host": True, "undone": False, "undoes": None, "at": "2026-11-27T03:00:00+00:00"}

    events = [event(n, "action", "end_round") for n in range(1, rounds + 1)]
    return {"format": "companion-game", "format_version": 1, "game": "scorepad", "title": "Score pad",
            "options": {"lowest_wins": False}, "players": players, "setup": state(0, False),
            "events": [*events, event(rounds + 1, "finish", "finish")], "state": state(rounds, True), "scores": []}


def test_an_import_of_twelve_thousand_rounds_is_refused_at_once_and_stores_nothing(app, client):
    """The file that froze every table for 60 s (2.6 MB): refused before it is even read."""
    before = stored(app)
    response = upload(client, score_pad_of_rounds(12_000))
    assert response.status_code == 413
    assert "at most 2 MB" in response.get_data(as_text=True)
    assert stored(app) == before


@pytest.mark.parametrize("rounds, seats", [(records.MAX_IMPORT_EVENTS, 2), (records.MAX_IMPORT_SEAT_MOVES // 8, 8)])
def test_a_history_longer_than_one_import_may_be_is_refused_before_a_move_is_played(app, client, monkeypatch,
                                                                                    rounds, seats):
    """Within the file's size, but more events (or events × players) than one import may
    replay: refused from the count alone, before the rules see a move."""
    monkeypatch.setattr(log, "play_history", None)  # called, it would fail the test with a 500
    before = stored(app)
    response = upload(client, score_pad_of_rounds(rounds, seats), separators=(",", ":"))
    assert response.status_code == 413
    assert f"too long to import here: {rounds + 1} events for {seats} players" in response.get_data(as_text=True)
    assert stored(app) == before


def values_in(document: Any) -> int:
    count, stack = 0, [document]
    while stack:
        node = stack.pop()
        if isinstance(node, (dict, list)):
            children = list(node.values()) if isinstance(node, dict) else node
            count += len(children)
            stack.extend(children)
    return count


def test_a_long_game_within_the_limits_is_played_again_in_linear_time(app, client, monkeypatch):
    """2,499 rounds for 8 players, each adding a column to every player's row: a copy of the
    state at each move copied about 25 million values; played in place, the import copies no
    more than a few times the final state (counted, not timed: the machine's load cannot
    decide it)."""
    data = score_pad_of_rounds(records.MAX_IMPORT_SEAT_MOVES // 8 - 1)
    most = 5 * values_in(data["state"])
    copied = 0
    deepcopy = copy.deepcopy

    def counted(document, memo=None):
        nonlocal copied
        copied += values_in(document)
        if copied > most:
            raise AssertionError(f"more than {most} values copied")
        return deepcopy(document, memo)

    monkeypatch.setattr(copy, "deepcopy", counted)
    response = upload(client, data)
    monkeypatch.undo()
    assert response.status_code == 302, response.get_data(as_text=True)[-2000:]
    assert copied <= most
    token = response.location.split("/t/")[1]
    assert client.get(f"/t/{token}").status_code == 200
    assert client.get(f"/t/{token}/export.json").get_json()["state"] == data["state"]


def test_an_import_that_runs_past_its_time_is_refused_and_stores_nothing(app, client, monkeypatch):
    monkeypatch.setattr(records, "IMPORT_REPLAY_SECONDS", 0.0)
    before = stored(app)
    response = upload(client, score_pad_of_rounds(100))
    assert response.status_code == 413
    assert "took too long to check" in response.get_data(as_text=True)
    assert stored(app) == before


def test_a_setup_naming_a_player_the_seats_lack_is_refused(app, client):
    """It was accepted, and the table's page and display answered 500."""
    token = finished_game(client)
    data = client.get(f"/t/{token}/export.json").get_json()
    dan = {"name": "Dan", "colour": "yellow", "rounds": [0], "secret": None}
    data["setup"]["players"].append(dan)
    data["state"]["players"].append(dan)
    before = stored(app)
    response = upload(client, data)
    assert response.status_code == 422
    assert "players do not match the players its game was set up with" in response.get_data(as_text=True)
    assert stored(app) == before
    renamed = client.get(f"/t/{token}/export.json").get_json()
    renamed["setup"]["players"][1]["name"] = "Eve"  # the same count, another player
    assert upload(client, renamed).status_code == 422


@pytest.mark.parametrize("at", ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+14:00", "1899-12-31T23:00:00",
                                "2100-01-01T00:00:00+00:00"])
def test_an_event_time_the_database_cannot_give_back_is_refused(app, client, at):
    """Year 10000 in UTC was stored by PostgreSQL, and then every records export, and the
    table's page, history and export, answered 500 for good."""
    token = finished_game(client)
    data = client.get(f"/t/{token}/export.json").get_json()
    data["events"][1]["at"] = at
    response = upload(client, data)
    assert response.status_code == 422
    assert "event 2): its time is not one this server keeps" in response.get_data(as_text=True)
    assert client.get("/records/export.json").status_code == 200
    assert len(client.get("/records/export.json").get_json()["games"]) == 1


def test_an_event_time_with_its_zone_is_kept_as_that_moment(client):
    token = finished_game(client)
    data = client.get(f"/t/{token}/export.json").get_json()
    data["events"][0]["at"] = "2026-11-27T23:30:00-02:00"
    data["events"][1]["at"] = "2026-11-28T01:31:00"  # no zone: UTC
    new_token = upload(client, data).location.split("/t/")[1]
    events = client.get(f"/t/{new_token}/export.json").get_json()["events"]
    assert events[0]["at"].startswith("2026-11-28T01:30:00") and events[1]["at"].startswith("2026-11-28T01:31:00")


def test_a_game_with_undos_across_many_moves_imports_as_it_was_played(client):
    """Undos reverting 70 moves in a row, past two of the replay's checkpoints (every 64 moves),
    then more moves: the import plays them through the log's undo and ends where the table did."""
    token = start_table(client)["token"]
    claim(client, token, 0)
    for n in range(150):
        assert act(client, token, type="add_points", seat=n % 3, points=n + 1).status_code == 200
    for _ in range(70):
        assert client.post(f"/api/tables/{token}/undo", json={}).status_code == 200
    assert act(client, token, type="add_points", seat=1, points=7).status_code == 200
    assert client.post(f"/api/tables/{token}/undo", json={}).status_code == 200
    assert act(client, token, type="add_points", seat=2, points=9).status_code == 200
    assert act(client, token, type="finish").status_code == 200
    data = client.get(f"/t/{token}/export.json").get_json()
    response = upload(client, data)
    assert response.status_code == 302, response.get_data(as_text=True)[-2000:]
    imported = client.get(f"/t/{response.location.split('/t/')[1]}/export.json").get_json()
    assert imported["state"] == data["state"]
    assert [(e["kind"], e["undone"], e["undoes"], e["label"]) for e in imported["events"]] == [
        (e["kind"], e["undone"], e["undoes"], e["label"]) for e in data["events"]]


def test_an_undo_after_the_game_ended_is_refused(client):
    token = finished_game(client)
    data = client.get(f"/t/{token}/export.json").get_json()
    last = data["events"][-1]
    data["events"].append({**last, "version": last["version"] + 1, "kind": "undo", "action": {"type": "undo"},
                           "undoes": last["version"]})
    response = upload(client, data)
    assert response.status_code == 422 and "history is damaged" in response.get_data(as_text=True)


# --- exports: paged and streamed (issue #28, 2) ------------------------------------------------------

def test_the_records_export_keeps_its_shape_and_comes_in_pages(client):
    tokens = [finished_game(client, (n + 1, 2, 3)) for n in range(3)]
    whole = client.get("/records/export.json")
    assert whole.is_streamed and whole.status_code == 200
    assert "attachment" in whole.headers["Content-Disposition"]
    document = whole.get_json()
    assert document["format"] == "companion-records" and "next" not in document and "Link" not in whole.headers
    assert len(document["games"]) == 3
    assert document["games"][0] == client.get(f"/t/{tokens[-1]}/export.json").get_json()  # newest first, whole
    first = client.get("/records/export.json?limit=2")
    assert [g["players"] for g in first.get_json()["games"]] == [g["players"] for g in document["games"][:2]]
    following = first.get_json()["next"]
    assert first.headers["Link"] == f'<{following}>; rel="next"'
    rest = client.get(following).get_json()
    assert rest["games"] == document["games"][2:] and "next" not in rest
    csv_first = client.get("/records/export.csv?limit=2")
    lines = csv_first.get_data(as_text=True).strip().splitlines()
    assert lines[0] == "ended,game,table,seat,player,total,place,winner" and len(lines) == 1 + 2 * 3
    csv_rest = client.get(csv_first.headers["Link"][1:].split(">")[0]).get_data(as_text=True).strip().splitlines()
    assert len(csv_rest) == 1 + 3
    for bad in ("limit=0", "limit=x", "offset=-1", "limit=1_0", "offset=99999999999999999999"):
        assert client.get(f"/records/export.json?{bad}").status_code == 400, bad
    assert client.get("/records/export.json?limit=999999").get_json()["games"] == document["games"]


@pytest.mark.slow
def test_a_records_export_holds_one_game_in_memory_not_the_whole_body(app, client):
    """100 score pads of 100 rounds (about 1.3 MB of JSON): the export's peak memory stays a
    fraction of its size, where building the whole body at once took several times it (150
    such requests at once took the worker's memory from 119 to 367 MB, then the worker)."""
    game = score_pad_of_rounds(100)
    with app.app_context():
        for _ in range(100):
            records.import_game(game, "host")
        db.session.remove()
    tracemalloc.start()
    try:
        response = client.get("/records/export.json?limit=500")
        size = sum(len(chunk) for chunk in response.response)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert size > 1_000_000
    assert peak < size / 2, (peak, size)
