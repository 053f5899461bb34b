"""Counts the box cannot hold are refused, by the quick scorer and the tracked game alike (box_limits.py).

Rulebook (FR), "CONTENU DU JEU": « 14 créatures maléfiques », « 18 pépites d'or », « 20 herbes »,
« 28 épées », « 30 frères d'armes », « aventuriers (10 de chaque couleur) ».
"""

from __future__ import annotations

import pytest

from companion.games.adventure_land.quick import score
from companion.games.base import RuleError, ScoreInputError
from tests.games.adventure_land.test_adventure_land_play import act, new_game, refused


def fellowship(ann, ben):
    """Adventure 1: Ann's and Ben's counts over defaults that the box allows."""
    base = {"creatures": [], "gold_taken": 0, "companions": []}
    return {"scenario": 1, "players": [{"name": "Ann", **base, **ann}, {"name": "Ben", **base, **ben}]}


def magnificent(ann, ben):
    base = {"creatures": [], "gold": 0, "herbs": [], "swords": [], "largest_group": 1}
    return {"scenario": 2, "players": [{"name": "Ann", **base, **ann}, {"name": "Ben", **base, **ben}]}


def escape(ann, ben, left=0):
    base = {"creatures": [], "gold": 0, "outside_cities": 0, "cities": {}}
    return {"scenario": 3, "cities": {}, "creatures_left_on_board": left,
            "players": [{"name": "Ann", **base, **ann}, {"name": "Ben", **base, **ben}]}


def test_two_players_cannot_have_taken_36_of_the_boxs_18_gold_pieces():
    """« 18 pépites d'or », each brought onto the board by one of the 18 river cards: spent or
    not, no more than 18 are ever taken, by all players together."""
    with pytest.raises(ScoreInputError, match=r"^gold_taken: 36 in all, but the box has only 18$"):
        score(fellowship({"gold_taken": 18}, {"gold_taken": 18}))
    assert score(fellowship({"gold_taken": 10}, {"gold_taken": 8}))["players"][0]["total"] == 20


@pytest.mark.parametrize("body, message", [
    # « 14 créatures maléfiques »: defeated ones and those still on the board
    (escape({"creatures": [5] * 7}, {"creatures": [5] * 6}, left=2), "creatures: 15 in all, but the box has only 14"),
    # « 18 pépites d'or », held at the end
    (magnificent({"gold": 10}, {"gold": 9}), "gold: 19 in all, but the box has only 18"),
    (escape({"gold": 18}, {"gold": 1}), "gold: 19 in all, but the box has only 18"),
    # « 20 herbes »
    (magnificent({"herbs": [2] * 11}, {"herbs": [3] * 10}), "herbs: 21 in all, but the box has only 20"),
    # « 28 épées »
    (magnificent({"swords": [0] * 15}, {"swords": [1] * 14}), "swords: 29 in all, but the box has only 28"),
    # « 30 frères d'armes »
    (fellowship({"companions": [16]}, {"companions": [15]}), "companions: 31 in all, but the box has only 30"),
    # 10 adventurers each and the 30 companions they share: two players field at most 50 figures
    (magnificent({"largest_group": 30}, {"largest_group": 25}), "figures: 55 in all, but the box has only 50"),
    (escape({"outside_cities": 26}, {"outside_cities": 25}), "figures: 51 in all, but the box has only 50"),
])
def test_every_count_the_quick_scorer_takes_is_held_to_the_box(body, message):
    with pytest.raises(ScoreInputError, match=f"^{message}$"):
        score(body)


def test_a_tracked_game_refuses_a_21st_herb_naming_the_kind():
    """« 20 herbes »: the table's phones cannot hold a 21st between them."""
    state = new_game(scenario=2)
    for seat, n in ((0, 11), (1, 9)):
        for _ in range(n):
            state = act(state, "take_herb", by=seat, value=2)
    assert refused(state, "take_herb", by=1, value=3) == "%(what)s: %(n)s in all, but the box has only %(most)s"
    act(state, "take_sword", by=1, value=3)  # a sword is still in the box


def test_a_tracked_adventure_1_counts_gold_taken_by_everyone_spent_or_not():
    """« 18 pépites d'or »: gold handed in during a fight goes to the reserve and still counts as
    taken (« Il conserve les 2 points de victoire, même s'il utilise cet or »)."""
    state = new_game(scenario=1)
    for _ in range(10):
        state = act(state, "take_gold")
    for _ in range(8):
        state = act(state, "take_gold", by=1)
    state = act(state, "start_fight", band="1+0", strength=1, laurel=3)
    state = act(state, "add_gold")  # Ann hands one in: 17 held, 18 taken
    state = act(state, "resolve_fight")
    with pytest.raises(RuleError) as refusal:
        act(state, "take_gold", by=1)
    assert refusal.value.args_["what"]["msg"] == "Gold pieces taken" and refusal.value.args_["n"] == 19


def test_a_table_recorded_over_the_box_before_the_check_still_plays_on():
    """A count the move does not raise is not held against it (old tables replay and undo)."""
    state = new_game(scenario=2)
    state["players"][0]["herbs"] = [2] * 21  # entered before the box was checked
    state = act(state, "take_sword", value=1)
    assert refused(state, "take_herb", value=2) == "%(what)s: %(n)s in all, but the box has only %(most)s"


def test_the_logs_replay_holds_an_imported_history_to_the_box_too():
    """An imported game is played again in place (log.play_history, GameKit.apply_in_place): the
    21st herb of a history sent in a file is refused there as on a phone."""
    from companion import log
    from companion.games.base import Actor
    from tests.games.adventure_land.test_adventure_land_play import GAME

    setup = new_game(scenario=2)
    herbs = [("action", {"type": "take_herb", "value": 2}, Actor(seat, False), None) for seat in [0] * 11 + [1] * 10]
    with pytest.raises(log.BrokenHistory) as broken:
        log.play_history(GAME, setup, herbs)
    assert broken.value.n == 21
    assert log.play_history(GAME, setup, herbs[:20]).state["players"][1]["herbs"] == [2] * 9
