"""What phones see: the grid, the breakdown, the ledger; and the quick page's form handling."""

from __future__ import annotations

import json

import pytest

from companion.games.base import ScoreInputError
from companion.games.beowulf_the_movie import GAME
from companion.games.beowulf_the_movie.quick_form import from_form, page_view
from tests.games.beowulf_the_movie.helpers import new_game, play, with_board


def test_every_seat_sees_the_same_board_since_nothing_tracked_is_private():
    state = play(with_board(new_game()), {"type": "place_tile", "row": 0, "col": 0, "value": 2},
                 {"type": "cash_treasure", "seat": 1, "points": 4}).state
    views = [GAME.view(state, seat) for seat in (None, 0, 1, 2)]
    # Beside the seat, only what that seat owes the table now (the "your move" bar) differs.
    per_seat = ("seat", "owed")
    assert all({k: v for k, v in view.items() if k not in per_seat} == {k: v for k, v in views[0].items()
                                                                          if k not in per_seat}
               for view in views)
    json.dumps(views[0])


def test_a_tile_turned_face_down_shows_it_even_when_no_figure_counts_it():
    state = play(with_board(new_game()), {"type": "place_tile", "row": 0, "col": 0, "value": 2},
                 {"type": "place_tile", "row": 0, "col": 3, "value": 0, "ability": "betrayal"}).state
    assert GAME.view(state, None)["grid"][0][0]["tile"]["cancelled_by"] == ["A4"]


def test_the_breakdown_names_tiles_beyond_a_gorge():
    state = play(with_board(new_game()), {"type": "place_figure", "seat": 0, "row": 0, "col": 0, "kind": "castle"},
                 {"type": "place_tile", "row": 0, "col": 1, "value": 0, "ability": "gorge"},
                 {"type": "place_tile", "row": 0, "col": 2, "value": 6}).state
    figure = GAME.view(state, None)["grid"][0][0]["figure"]
    assert figure["cut_off"] == [{"square": "A3", "line": "row", "value_text": "+6", "ability_name": None, "gorge": "A2"}]
    assert figure["points"] == 0


def test_the_ledger_lists_newest_first_with_the_figure_and_square():
    state = play(with_board(new_game()), {"type": "place_figure", "seat": 2, "row": 1, "col": 1, "kind": "beowulf"},
                 {"type": "place_tile", "row": 1, "col": 2, "value": 2}, {"type": "score_act"}).state
    line = GAME.view(state, None)["ledger"][0]
    assert (line["name"], line["figure_name"], line["square"], line["points"], line["act_numeral"]) == (
        "Cid", "Beowulf", "B2", 8, "I")


def test_act_ii_suggests_the_act_i_boards_size():
    state = play(with_board(new_game(), rows=5, cols=7), {"type": "score_act"},
                 {"type": "next_act", "first_seat": 0}).state
    assert GAME.view(state, None)["suggested_size"] == {"rows": 5, "cols": 7}


ACT_II_BOARD = {"rows": 5, "cols": 7, "blocked": [], "gorges": [[0, 3], [2, 3], [4, 3]]}


def test_act_i_asks_the_table_to_count_its_board_while_no_act_ii_board_is_known():
    view = GAME.view(new_game(), None)
    assert view["act_hint"].startswith("Count the rows and columns of squares on the Act I side")
    assert "Same size as the Act II board" not in view["act_hint"]
    assert view["suggested_size"] is None


def test_act_i_starts_from_the_act_ii_boards_size_once_the_server_knows_it():
    view = GAME.view(new_game(library={"boards": {"2": ACT_II_BOARD}}), None)
    assert view["act_hint"] == {"msg": "Same size as the Act II board this server knows: %(rows)s rows, %(cols)s columns.",
                                "args": {"rows": 5, "cols": 7}}
    assert view["suggested_size"] == {"rows": 5, "cols": 7}


# --- the quick page's form -------------------------------------------------------------------

def test_the_quick_form_carries_the_grid_and_applies_one_edit():
    form = {"rows": ["3"], "cols": ["3"], "cell": ["0,0,figure,thane,brown", "2,2,tile,-1,"],
            "square": ["0,2"], "what": ["tile"], "value": ["4"], "ability": ["horn"]}
    assert from_form(form) == {"rows": 3, "cols": 3, "cells": [
        {"row": 0, "col": 0, "figure": {"player": "brown", "kind": "thane"}},
        {"row": 0, "col": 2, "tile": {"value": 4, "ability": "horn"}},
        {"row": 2, "col": 2, "tile": {"value": -1, "ability": None}}]}


def test_the_quick_form_empties_a_square_and_drops_squares_outside_a_smaller_grid():
    form = {"rows": ["2"], "cols": ["2"], "cell": ["0,0,tile,3,", "2,2,tile,1,"], "square": ["0,0"], "what": ["empty"]}
    assert from_form(form)["cells"] == []


@pytest.mark.parametrize("form,message", [
    ({"rows": ["x"]}, "rows must be a whole number"),
    ({"rows": ["3"], "cols": ["3"], "square": ["0,0"], "what": ["thane"], "player": ["pink"]}, "player"),
    ({"rows": ["3"], "cols": ["3"], "square": ["0,0"], "what": ["tile"], "value": ["99"]}, "value"),
    ({"rows": ["3"], "cols": ["3"], "square": ["0,0"], "what": ["dragon"]}, "what must be"),
])
def test_the_quick_form_refuses_a_bad_edit(form, message):
    with pytest.raises(ScoreInputError, match=message):
        from_form(form)


def test_the_quick_page_shows_each_figures_points_on_its_square():
    payload = {"rows": 1, "cols": 2, "cells": [{"row": 0, "col": 0, "figure": {"player": "red", "kind": "castle"}},
                                               {"row": 0, "col": 1, "tile": {"value": 3}}]}
    page = page_view(payload, GAME.quick_scorers["act"].score(payload))
    assert page["grid"][0][0]["figure"]["points"] == 6
    assert page["players"] == [("red", 6)]


# --- the table's memory ----------------------------------------------------------------------------

def test_act_iii_suggests_twice_the_act_i_board():
    """Rulebook: "l'acte III emploie la surface entière d'un double plateau, et est deux fois plus
    grand que les plateaux pour les actes I et II"."""
    state = with_board(new_game(), rows=5, cols=7)
    state = play(state, {"type": "score_act"}, {"type": "next_act", "first_seat": 0}).state
    state = with_board(state, rows=5, cols=7, gorges=[(0, 3), (2, 3), (4, 3)])
    state = play(state, {"type": "score_act"}, {"type": "next_act", "first_seat": 0}).state
    view = GAME.view(state, None)
    assert view["act"] == 3 and view["phase"] == "board"
    assert view["suggested_size"] == {"rows": 5, "cols": 14}
    assert "Twice as large" in json.dumps(view["act_hint"])


def test_the_quick_page_starts_each_act_at_the_size_this_server_remembers():
    library = {"boards": {"1": {"rows": 5, "cols": 6, "blocked": [[4, 5]], "gorges": []},
                          "2": {"rows": 5, "cols": 6, "blocked": [], "gorges": [[0, 2], [2, 2], [4, 2]]}}}
    act_i = page_view(None, None, None, library, {"act": "1"})
    assert (act_i["rows"], act_i["cols"], act_i["grid"][4][5]["state"]) == (5, 6, "blocked")
    act_ii = page_view(None, None, None, library, {"act": "2"})
    assert [sq["tile"]["ability"] for row in act_ii["grid"] for sq in row if sq["state"] == "tile"] == ["gorge"] * 3
    act_iii = page_view(None, None, None, library, {"act": "3"})
    assert (act_iii["rows"], act_iii["cols"]) == (5, 12)  # "deux fois plus grand"
    assert (page_view(None, None, None, {}, {"act": "3"})["rows"]) == 6  # nothing remembered: 6 × 6


def test_the_quick_page_strikes_through_what_a_betrayal_cancels():
    payload = {"rows": 1, "cols": 3, "cells": [{"row": 0, "col": 0, "tile": {"value": 4}},
                                               {"row": 0, "col": 1, "tile": {"value": 0, "ability": "betrayal"}},
                                               {"row": 0, "col": 2, "tile": {"value": -2}}]}
    grid = page_view(payload, None)["grid"][0]
    assert [sq["tile"]["cancelled_by"] for sq in grid] == [["A2"], [], []]
