"""What each seat's view holds: the ring's drawing, the players, and nothing face down of others."""

from __future__ import annotations

import json

from companion.games.base import Actor
from companion.games.stonehenge import GAME

from tests.games.stonehenge.helpers import act, new_game, play, with_apprentices


def test_the_ring_has_thirty_numbered_stones_at_distinct_places_inside_the_drawing():
    ring = GAME.view(new_game(3), None)["ring"]
    assert [s["number"] for s in ring["stones"]] == list(range(1, 31))
    places = {(s["x"], s["y"]) for s in ring["stones"]}
    assert len(places) == 30
    margin = ring["radius"]
    assert all(margin <= x <= ring["size"] - margin and margin <= y <= ring["size"] - margin for x, y in places)


def test_stone_1_is_drawn_at_the_top_and_the_numbers_run_clockwise():
    stones = GAME.view(new_game(3), None)["ring"]["stones"]
    assert stones[0]["y"] == min(s["y"] for s in stones)
    assert stones[7]["x"] > stones[0]["x"]  # stone 8 is to the right: clockwise


def test_a_taken_stone_carries_its_owners_seat_and_colour():
    state = with_apprentices(new_game(3), cid=[7])
    stone = GAME.view(state, None)["ring"]["stones"][6]
    assert (stone["seat"], stone["colour"]) == (2, "green")


def test_players_show_apprentices_in_hand_on_the_ring_trilithon_and_card_count():
    state = with_apprentices(new_game(3), bob=[3, 9])
    bob = GAME.view(state, 0)["players"][1]
    assert (bob["in_hand"], bob["on_board"], bob["stones"], bob["trilithon"], bob["cards"]) == (4, 2, [3, 9], False, 6)


def test_the_view_says_who_the_game_waits_for():
    state = act(new_game(3), {"type": "reveal", "suit": "night", "value": 4}, Actor(1)).state
    view = GAME.view(state, None)
    assert view["waiting_for"] == [0, 2]
    assert view["entered"] == [False, True, False]


def test_an_entered_card_is_seen_by_its_owner_only_until_all_are_in():
    state = act(new_game(3), {"type": "reveal", "suit": "night", "value": 4}, Actor(1)).state
    assert GAME.view(state, 1)["my_card"]["value"] == 4
    for seat in (None, 0, 2):
        view = GAME.view(state, seat)
        assert view["my_card"] is None
        assert '"value": 4' not in json.dumps(view)


def test_the_last_challenge_shows_every_revealed_card_and_what_happened():
    state = play(with_apprentices(new_game(3), bob=[17]), "n20", "n6", "dolmen")
    last = GAME.view(state, None)["last"]
    assert [c["text"]["msg"] for c in last["cards"]] == ["Night %(value)s", "Night %(value)s", "Dolmen card"]
    assert (last["winner"], last["stone"], last["conceded"]) == (0, 20, [2])
    assert last["moves"] == [{"seat": 1, "value": 6, "from": 17, "to": 11}]
