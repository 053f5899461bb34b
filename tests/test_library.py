"""Board facts entered by tables travel between servers as a data file."""

from __future__ import annotations

import io
import json

from tests.helpers import csrf_of


def upload(client, key, data):
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
