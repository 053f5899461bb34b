"""What lets a phone keep a half-made choice while another phone's move re-renders its board
(static/app.js keeps open <details> and changed form fields, matched by id): the forms a player
fills in have stable ids, and each square's sheet names the piece it shows, so a sheet whose piece
changed closes instead of offering a move on the wrong piece."""

from __future__ import annotations

import re

from tests.games.beowulf_the_movie.test_beowulf_the_movie_web import table
from tests.helpers import act


def opened_for(html: str, square: str) -> str:
    sheet = re.search(r'<details[^>]*\bid="sq-%s"[^>]*>' % square, html)
    assert sheet, f"no sheet on {square}"
    return re.search(r'data-open-for="([^"]*)"', sheet.group(0)).group(1)


def test_a_squares_sheet_names_the_piece_it_shows_and_changes_when_the_piece_does(client):
    token = table(client)
    for action in ({"type": "place_tile", "row": 0, "col": 2, "value": 3, "ability": "horn"},
                   {"type": "place_tile", "row": 1, "col": 0, "value": 5},
                   {"type": "place_figure", "row": 0, "col": 0, "kind": "thane"}):
        assert act(client, token, **action).status_code == 200
    html = client.get(f"/t/{token}/board").get_data(as_text=True)
    assert opened_for(html, "0-2") == "tile 3 horn"
    assert opened_for(html, "1-0") == "tile 5"
    assert opened_for(html, "0-0") == "figure 0 thane"

    assert act(client, token, type="place_tile", row=2, col=2, value=0, ability="golden-statue",
               swap="0,2", swap2="1,0").status_code == 200
    html = client.get(f"/t/{token}/board").get_data(as_text=True)
    assert opened_for(html, "0-2") == "tile 5"
    assert opened_for(html, "1-0") == "tile 3 horn"


def test_every_form_a_player_fills_in_on_the_board_has_an_id(client):
    token = table(client)
    for square in ((0, 0), (0, 1)):
        act(client, token, type="place_tile", row=square[0], col=square[1], value=1)
    html = client.get(f"/t/{token}").get_data(as_text=True)
    board = html[html.index('<div id="board"'):]
    for form in re.findall(r"<form\b.*?</form>", board, re.S):
        fills_in = re.search(r'<(select|textarea)\b|<input\b(?![^>]*type="hidden")', form)
        if fills_in:
            assert re.match(r'<form\b[^>]*\bid="[^"]+"', form), form[:300]
    assert all(f'id="{form_id}"' in board for form_id in ("bm-palette", "bm-cash-treasure",
                                                            "bm-correct-form"))
