"""Board facts entered by tables travel between servers as a data file."""

from __future__ import annotations

import io
import json

from tests.helpers import csrf_of


def upload(client, key, data, as_host=True):
    """``as_host``: the phone first starts a table of the game, as only a host may import."""
    if as_host:
        assert client.post("/api/tables", json={"game": key, "players": [{"name": "Ann"}, {"name": "Bob"}]}
                           ).status_code == 201
    page = client.get(f"/games/{key}/library").get_data(as_text=True)
    return client.post(f"/games/{key}/library", follow_redirects=True, data={
        "csrf_token": csrf_of(page), "file": (io.BytesIO(json.dumps(data).encode()), "board.json")})


def test_an_imported_board_shape_is_served_back_and_used_by_the_next_game(client):
    board = {"rows": 5, "cols": 6, "blocked": [[0, 5]], "gorges": [], "source": "table"}
    response = upload(client, "beowulf-the-movie", {"boards": {"1": board}})
    assert "Board data imported" in response.get_data(as_text=True)
    exported = client.get("/games/beowulf-the-movie/library.json").get_json()
    assert exported["boards"]["1"]["rows"] == 5 and exported["boards"]["1"]["blocked"] == [[0, 5]]
    table = client.post("/api/tables", json={"game": "beowulf-the-movie", "players": [
        {"name": "Ann", "colour": "brown"}, {"name": "Bob", "colour": "green"}]}).get_json()
    board_view = table["view"]["board"]
    assert (board_view["rows"], board_view["cols"], board_view["from_library"]) == (5, 6, True)


def test_a_bad_board_file_is_refused_with_a_message_and_changes_nothing(client):
    response = upload(client, "beowulf-the-movie", {"boards": {"1": {"rows": 500, "cols": 6}}})
    assert response.status_code == 200 and 'class="notice error"' in response.get_data(as_text=True)
    assert client.get("/games/beowulf-the-movie/library.json").get_json()["boards"] == {}


def test_a_game_without_board_data_has_no_library_page(client):
    assert client.get("/games/scorepad/library").status_code == 404


# --- what tables teach the library (issue #12 §2) ------------------------------------------------

from tests.helpers import act, claim, start_table  # noqa: E402

LEGEND = "beowulf-the-legend"
PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]


def mix(fame: list[int]) -> dict:
    return {"type": "set_token_mix", "fame": fame, "treasure": [8, 8, 6, 2]}


def library_fame(client) -> list[int] | None:
    tokens = client.get(f"/games/{LEGEND}/library.json").get_json().get("tokens")
    return None if tokens is None else [tokens["fame"].get(str(v), 0) for v in range(1, 5)]


def suggested_fame(client) -> dict | None:
    """The fame counts a new Legend table is offered (a suggestion: no limit until it confirms them)."""
    view = start_table(client, LEGEND, PLAYERS)["view"]
    assert view["supply"]["token_mix_known"] is False
    suggested = view["setup"]["token_mix_suggested"]
    return None if suggested is None else suggested["fame"]


def legend_table(client) -> str:
    token = start_table(client, LEGEND, PLAYERS)["token"]
    claim(client, token, 0)
    return token


def test_a_refused_move_teaches_nothing_and_undo_takes_a_fact_back(client):
    table = legend_table(client)
    assert act(client, table, **mix([12, 12, 8, 5])).status_code == 422  # 37 fame tokens: refused
    assert library_fame(client) is None
    assert act(client, table, **mix([12, 12, 8, 4])).status_code == 200
    assert library_fame(client) == [12, 12, 8, 4]
    assert suggested_fame(client) == {"1": 12, "2": 12, "3": 8, "4": 4}
    assert client.post(f"/api/tables/{table}/undo", json={}).status_code == 200
    assert library_fame(client) is None  # a probe taken back teaches the next table nothing
    assert suggested_fame(client) is None


def test_the_newest_word_wins_and_undo_returns_to_the_one_before(client):
    first, second = legend_table(client), legend_table(client)
    act(client, first, **mix([12, 12, 8, 4]))
    act(client, second, **mix([10, 14, 8, 4]))  # this box, or a correction: the later entry wins
    assert library_fame(client) == [10, 14, 8, 4]
    client.post(f"/api/tables/{second}/undo", json={})
    assert library_fame(client) == [12, 12, 8, 4]


def test_an_imported_file_corrects_what_a_table_taught(client):
    table = legend_table(client)
    act(client, table, **mix([12, 12, 8, 4]))
    corrected = {"game": LEGEND, "tokens": {"fame": {"1": 20, "2": 10, "3": 6}, "treasure": {"1": 24}}}
    assert "Board data imported" in upload(client, LEGEND, corrected).get_data(as_text=True)
    assert library_fame(client) == [20, 10, 6, 0]
    assert suggested_fame(client) == {"1": 20, "2": 10, "3": 6}


# --- who the library learns from (issue #28, item 8) -------------------------------------------------

def test_an_anonymous_board_file_is_refused_and_changes_nothing(client):
    """A file uploaded by a phone hosting no table of the game once rewrote what later tables start from."""
    stranger_file = {"game": LEGEND, "tokens": {"fame": {"1": 36}, "treasure": {"1": 24}}}
    page = client.get(f"/games/{LEGEND}/library").get_data(as_text=True)
    assert "Only the host of a table" in page and 'type="file"' not in page
    refused = upload(client, LEGEND, stranger_file, as_host=False)
    assert refused.status_code == 403 and "Only the host of a table" in refused.get_data(as_text=True)
    assert library_fame(client) is None


def test_a_seated_player_teaches_later_tables_only_once_the_game_has_finished(app, client, phone):
    """Any seated phone's entry once rewrote what later tables start from; now the host's does,
    or anyone's once that table's game has finished."""
    from companion.extensions import db
    from companion.models import Table

    table = legend_table(client)
    bob = phone()
    claim(bob, table, 1)
    assert act(bob, table, **mix([36, 0, 0, 0])).status_code == 200  # Bob's phone: not the host's
    assert library_fame(client) is None
    assert suggested_fame(client) is None
    with app.app_context():  # the table's game ends (by whatever moves): its facts now teach
        db.session.query(Table).filter_by(token=table).update({"finished": True})
        db.session.commit()
    assert library_fame(client) == [36, 0, 0, 0]
    host_table = legend_table(client)
    act(client, host_table, **mix([12, 12, 8, 4]))  # the host's word teaches at once
    assert library_fame(client) == [12, 12, 8, 4]


def test_a_wrong_token_mix_in_the_library_never_stops_an_owner_entering_her_token(client, phone):
    """After set_token_mix {"fame": {"1": 36}, …} the next game's owner entering the fame token of
    value 3 she really holds got 422 "The box has no other fame token of value 3"."""
    poisoned = legend_table(client)
    assert act(client, poisoned, **{"type": "set_token_mix", "fame": [36], "treasure": [24]}).status_code == 200
    table = legend_table(client)
    ann = client
    assert act(ann, table, type="take_token", seat=0, kind="fame").status_code == 200  # face down
    token = next(t for t in table_view_of(ann, table)["me"]["tokens"] if t["kind"] == "fame")
    entered = ann.post(f"/api/tables/{table}/actions", json={"type": "enter_token", "token": token["id"], "value": 3})
    assert entered.status_code == 200, entered.get_json()


def table_view_of(phone, token: str) -> dict:
    return phone.get(f"/api/tables/{token}").get_json()["view"]
