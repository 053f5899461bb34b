"""The score pad's rules, directly (no Flask, no database): points in the open, points written
face down until the round ends, and the final ranking."""

from __future__ import annotations

import pytest

from companion.games.base import Actor, PlayerSpec, RuleError, english
from companion.games.scorepad import GAME
from tests.helpers import HOST

ANN, BOB = Actor(0), Actor(1)


def new_game(lowest_wins: bool = False):
    players = [PlayerSpec("Ann", "red"), PlayerSpec("Bob", "blue"), PlayerSpec("Cid", "green")]
    return GAME.setup(players, {"lowest_wins": lowest_wins}, {})


def play(state, *moves):
    """Applies (actor, move) pairs in turn; returns the last state."""
    for actor, move in moves:
        state = GAME.apply(state, move, actor).state
    return state


def totals(state, seat=None):
    return [p["total"] for p in GAME.view(state, seat)["players"]]


def test_points_added_for_a_player_count_in_this_round_and_the_log_says_so():
    applied = GAME.apply(new_game(), {"type": "add_points", "seat": 1, "points": 7}, HOST)
    assert totals(applied.state) == [0, 7, 0]
    assert GAME.view(applied.state, None)["players"][1]["this_round"] == 7
    label = applied.label
    assert english(label.msg, label.args, label.plural) == "Bob: +7 points (round 1)"


def test_negative_points_subtract_and_zero_points_are_refused():
    state = play(new_game(), (HOST, {"type": "add_points", "seat": 0, "points": 5}),
                 (HOST, {"type": "add_points", "seat": 0, "points": -8}))
    assert totals(state) == [-3, 0, 0]
    with pytest.raises(RuleError, match="Enter some points first"):
        GAME.apply(state, {"type": "add_points", "seat": 0, "points": 0}, HOST)


def test_a_seat_or_points_outside_the_pad_are_refused():
    with pytest.raises(RuleError, match="seat must be at most 2"):
        GAME.apply(new_game(), {"type": "add_points", "seat": 3, "points": 1}, HOST)
    with pytest.raises(RuleError, match="points must be at most 100000"):
        GAME.apply(new_game(), {"type": "add_points", "seat": 0, "points": 100_001}, HOST)


def test_face_down_points_are_seen_by_their_writer_only_until_the_round_ends():
    state = play(new_game(), (ANN, {"type": "write_secret", "points": 9}))
    mine, theirs, table = (GAME.view(state, seat)["players"][0] for seat in (0, 1, None))
    assert mine["secret"] == 9 and mine["secret_written"]
    assert theirs["secret"] is None and theirs["secret_written"]  # Bob sees that Ann wrote, not what
    assert table["secret"] is None and totals(state) == [0, 0, 0]

    state = play(state, (HOST, {"type": "end_round"}))
    view = GAME.view(state, 1)
    assert view["round"] == 2 and view["players"][0]["rounds"] == [9, 0] and totals(state) == [9, 0, 0]
    assert not view["players"][0]["secret_written"]


def test_the_log_line_of_face_down_points_never_holds_the_points():
    applied = GAME.apply(new_game(), {"type": "write_secret", "points": 86421}, BOB)
    assert "86421" not in repr(applied.label)


def test_only_a_seated_player_writes_face_down_points_and_only_their_own():
    """write_secret is declared who=OWN_SEAT: the kit refuses the host, and a phone naming
    another seat, before the handler runs."""
    only_own = "^Only the player themselves can do this, from their own phone.$"
    with pytest.raises(RuleError, match=only_own):
        GAME.apply(new_game(), {"type": "write_secret", "points": 3}, HOST)
    with pytest.raises(RuleError, match=only_own):
        GAME.apply(new_game(), {"type": "write_secret", "points": 3, "seat": 1}, Actor(0))
    assert GAME.apply(new_game(), {"type": "write_secret", "points": "3"}, Actor(1)).state["players"][1]["secret"] == 3


def test_a_player_adds_their_own_points_and_the_host_anyones():
    """add_points is declared who=FOR_ITSELF: a player's phone enters its own seat (named or
    not); the host keeps the pad for everyone."""
    with pytest.raises(RuleError, match="^Only Bob or the host can enter this.$"):
        GAME.apply(new_game(), {"type": "add_points", "seat": 1, "points": 3}, Actor(0))
    mine = GAME.apply(new_game(), {"type": "add_points", "points": "4"}, Actor(2)).state
    assert [p["rounds"] for p in mine["players"]] == [[0], [0], [4]]
    assert GAME.apply(new_game(), {"type": "add_points", "seat": 1, "points": 5}, HOST).state["players"][1]["rounds"] == [5]


def test_the_highest_total_wins_and_a_tie_shares_the_place():
    state = play(new_game(), (HOST, {"type": "add_points", "seat": 0, "points": 10}),
                 (HOST, {"type": "add_points", "seat": 1, "points": 10}),
                 (HOST, {"type": "add_points", "seat": 2, "points": 4}), (HOST, {"type": "finish"}))
    assert [(s.name, s.total, s.place) for s in GAME.final_scores(state)] == [("Ann", 10, 1), ("Bob", 10, 1),
                                                                            ("Cid", 4, 3)]


def test_with_lowest_wins_the_lowest_total_wins_and_face_down_points_count_at_the_end():
    state = play(new_game(lowest_wins=True), (HOST, {"type": "add_points", "seat": 0, "points": 3}),
                 (HOST, {"type": "add_points", "seat": 1, "points": 5}), (BOB, {"type": "write_secret", "points": -4}),
                 (HOST, {"type": "add_points", "seat": 2, "points": 2}), (HOST, {"type": "finish"}))
    assert [(s.name, s.total, s.place) for s in GAME.final_scores(state)] == [("Ann", 3, 3), ("Bob", 1, 1),
                                                                            ("Cid", 2, 2)]


def test_a_finished_game_takes_no_more_moves_and_an_unknown_move_is_refused():
    assert GAME.final_scores(new_game()) is None
    finished = play(new_game(), (HOST, {"type": "finish"}))
    assert GAME.is_over(finished)
    with pytest.raises(RuleError, match="game is over"):
        GAME.apply(finished, {"type": "add_points", "seat": 0, "points": 1}, HOST)
    with pytest.raises(RuleError, match="Unknown move.*shuffle"):
        GAME.apply(new_game(), {"type": "shuffle"}, HOST)


def test_the_chart_follows_each_players_running_total_round_by_round():
    state = play(new_game(), (HOST, {"type": "add_points", "seat": 0, "points": 4}), (HOST, {"type": "end_round"}),
                 (HOST, {"type": "add_points", "seat": 0, "points": 6}),
                 (HOST, {"type": "add_points", "seat": 2, "points": 1}), (HOST, {"type": "end_round"}))
    assert GAME.progress(state) == [[4, 10, 10], [0, 0, 0], [0, 1, 1]]
