"""POST /api/score/beowulf-the-movie/act: the stateless act scorer and its input checks."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings, strategies as st

from companion.games.base import ScoreInputError
from companion.games.beowulf_the_movie import GAME

SCORER = GAME.quick_scorers["act"]


def score(body):
    return SCORER.score(body)


def cell(row, col, **what):
    return {"row": row, "col": col, **what}


def test_the_brief_example_scores_the_longship_after_betrayal():
    # The +1 beside the Betrayal is turned face down; the −2 Betrayal itself still counts.
    answer = score(SCORER.example)
    assert answer == {"figures": [{"row": 0, "col": 0, "player": "brown", "kind": "longship", "diamonds": 1,
                                   "sum": -2, "points": -2}],
                      "players": {"brown": -2}}


def test_answer_lists_every_figure_with_diamonds_including_horns_and_each_players_total():
    body = {"rows": 3, "cols": 3, "cells": [
        cell(0, 0, figure={"player": "brown", "kind": "castle"}),
        cell(0, 2, tile={"value": 3, "ability": "horn"}),
        cell(2, 0, tile={"value": -1}),
        cell(2, 2, figure={"player": "green", "kind": "beowulf"}),
        cell(1, 1, figure={"player": "brown", "kind": "longship"}),
    ]}
    answer = score(body)
    assert answer["figures"] == [
        {"row": 0, "col": 0, "player": "brown", "kind": "castle", "diamonds": 3, "sum": 2, "points": 6},
        {"row": 1, "col": 1, "player": "brown", "kind": "longship", "diamonds": 1, "sum": 0, "points": 0},
        {"row": 2, "col": 2, "player": "green", "kind": "beowulf", "diamonds": 5, "sum": 2, "points": 10},
    ]
    assert answer["players"] == {"brown": 6, "green": 10}


def test_a_gorge_given_as_a_tile_cuts_the_line():
    body = {"rows": 1, "cols": 4, "cells": [cell(0, 0, tile={"value": 5}), cell(0, 1, tile={"value": 0, "ability": "gorge"}),
                                            cell(0, 2, figure={"player": "grey", "kind": "thane"}),
                                            cell(0, 3, tile={"value": 2})]}
    assert score(body)["players"] == {"grey": 6}


def test_the_scorer_leaves_the_request_untouched():
    body = copy.deepcopy(SCORER.example)
    score(body)
    assert body == SCORER.example


VALID = {"rows": 2, "cols": 2, "cells": [cell(0, 0, figure={"player": "brown", "kind": "thane"}),
                                         cell(0, 1, tile={"value": 2})]}


def broken(change):
    body = copy.deepcopy(VALID)
    change(body)
    return body


@pytest.mark.parametrize("change,message", [
    (lambda b: b["cells"].append(cell(2, 0, tile={"value": 1})), r"cells\[2\].row must be between 0 and 1"),
    (lambda b: b["cells"].append(cell(0, 5, tile={"value": 1})), r"cells\[2\].col"),
    (lambda b: b["cells"].append(cell(0, 1, tile={"value": 1})), r"cells\[2\].*already taken"),
    (lambda b: b["cells"][1].update(figure={"player": "brown", "kind": "castle"}), "exactly one of figure or tile"),
    (lambda b: b["cells"].append(cell(1, 1)), "exactly one of figure or tile"),
    (lambda b: b["cells"][0]["figure"].update(kind="dragon"), "kind must be one of"),
    (lambda b: b["cells"][1]["tile"].update(ability="fire"), "ability must be one of"),
    (lambda b: b["cells"][1]["tile"].update(value=1.5), "value must be an integer"),
    (lambda b: b["cells"][1]["tile"].update(value="2"), "value must be an integer"),
    (lambda b: b["cells"][1]["tile"].update(value=True), "value must be an integer"),
    (lambda b: b.update(rows=True), "rows must be an integer"),
    (lambda b: b.update(rows=21), "rows must be between 1 and 20"),
    (lambda b: b.update(cols=0), "cols must be between 1 and 20"),
    (lambda b: b.pop("cells"), "cells is missing"),
    (lambda b: b.update(cells={}), "cells must be a list"),
    (lambda b: b["cells"][1]["tile"].pop("value"), r"cells\[1\].tile.value is missing"),
    (lambda b: b["cells"][0]["figure"].pop("player"), "player is missing"),
    (lambda b: b["cells"][0]["figure"].update(player=""), "player must be"),
    (lambda b: b["cells"][0].pop("col"), r"cells\[0\].col is missing"),
    (lambda b: b["cells"][0].update(colour="red"), "colour is not a known field"),
    (lambda b: b["cells"].extend(cell(1, c, figure={"player": "brown", "kind": "thane"}) for c in (0, 1)),
     "brown has 3 thane figures on the grid but owns only 2"),
])
def test_bad_input_is_refused_with_a_message_naming_the_field(change, message):
    with pytest.raises(ScoreInputError, match=message):
        score(broken(change))


@pytest.mark.parametrize("body", [None, [], "grid", 3])
def test_a_body_that_is_not_an_object_is_refused(body):
    with pytest.raises(ScoreInputError, match="must be an object"):
        score(body)


def test_two_players_may_each_own_a_full_set():
    cells = [cell(0, c, figure={"player": p, "kind": "longship"}) for c, p in
             enumerate(["brown"] * 4 + ["green"] * 4)]
    assert score({"rows": 1, "cols": 8, "cells": cells})["players"] == {"brown": 0, "green": 0}


def test_a_20_by_20_grid_is_accepted():
    assert score({"rows": 20, "cols": 20, "cells": []}) == {"figures": [], "players": {}}


def test_the_schemas_describe_the_request_and_answer():
    assert SCORER.request_schema["required"] == ["rows", "cols", "cells"]
    item = SCORER.request_schema["properties"]["cells"]["items"]
    assert set(item["properties"]["figure"]["properties"]["kind"]["enum"]) == {"longship", "castle", "thane", "beowulf"}
    assert "good-counsel" in item["properties"]["tile"]["properties"]["ability"]["enum"]
    assert SCORER.response_schema["properties"]["figures"]["items"]["required"] == [
        "row", "col", "player", "kind", "diamonds", "sum", "points"]


JSON = st.recursive(st.none() | st.booleans() | st.integers(-30, 30) | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
CELLS = st.lists(st.fixed_dictionaries({"row": st.integers(-1, 4), "col": st.integers(-1, 4)},
                                       optional={"figure": st.fixed_dictionaries(
                                           {"player": st.sampled_from(["brown", "grey", 3]),
                                            "kind": st.sampled_from(["thane", "longship", "dragon"])}),
                                           "tile": st.fixed_dictionaries({"value": JSON},
                                                                         optional={"ability": JSON})}), max_size=12)


@settings(max_examples=300, deadline=None)
@given(st.one_of(JSON, st.fixed_dictionaries({"rows": JSON, "cols": JSON, "cells": JSON}),
                 st.fixed_dictionaries({"rows": st.integers(0, 5), "cols": st.integers(0, 5), "cells": CELLS})))
def test_any_body_gets_an_answer_or_a_score_input_error(body):
    try:
        answer = score(body)
    except ScoreInputError as error:
        assert str(error)
        return
    assert sum(answer["players"].values()) == sum(f["points"] for f in answer["figures"])


@pytest.mark.parametrize("value", [10 ** 5000, 21, -21], ids=["5001 digits", "21", "-21"])
def test_a_tile_value_past_the_apps_bound_is_refused_not_scored(value):
    body = {"rows": 1, "cols": 2, "cells": [{"row": 0, "col": 0, "figure": {"player": "red", "kind": "castle"}},
                                            {"row": 0, "col": 1, "tile": {"value": value}}]}
    with pytest.raises(ScoreInputError, match="cells\\[1\\].tile.value must be between -20 and 20"):
        GAME.quick_scorers["act"].score(body)


@pytest.mark.parametrize("text", ["1_0", "٣", "５", "9" * 5000], ids=["underscore", "arabic", "fullwidth", "5000 digits"])
def test_the_quick_page_takes_only_ascii_digits(text):
    from companion.games.beowulf_the_movie.quick_form import from_form
    with pytest.raises(ScoreInputError, match="value"):
        from_form({"rows": ["2"], "cols": ["2"], "square": ["0,0"], "what": ["tile"], "value": [text]})
