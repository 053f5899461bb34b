"""The end of a round: draw three, discard down to six, rank the discards, Time and Spirit."""

from __future__ import annotations

import pytest

from companion.games.base import Actor, RuleError
from companion.games.stonehenge import GAME

from tests.games.stonehenge.helpers import act, new_game, play
from tests.helpers import HOST


def discard(state, seat, *cards, actor=None):
    suits = [{"n": "night", "d": "day"}.get(c[0], "dolmen") if c != "dolmen" else "dolmen" for c in cards]
    values = ["" if c == "dolmen" else c[1:] for c in cards]
    return act(state, {"type": "discard", "seat": str(seat), "suits": suits, "values": values},
               actor or Actor(seat))


def end_of_first_round(hands=(6, 6, 6)):
    """Round 1 ends after one challenge without penalty (nobody has an apprentice to lose)."""
    state = new_game(len(hands))
    state["hand"] = list(hands)
    return play(state, "n25", *["d1", "d2", "d3", "d4"][:len(hands) - 1])


def test_everyone_draws_three_and_whoever_holds_more_than_six_discards_down_to_six():
    state = end_of_first_round((6, 6, 4))  # after the challenge: 5, 5, 3 → after drawing: 8, 8, 6
    assert state["round_end"]["need"] == [2, 2, 0]
    assert state["hand"] == [6, 6, 6]
    assert GAME.view(state, None)["waiting_for"] == [0, 1]
    assert state["phase"] == "discard"


def test_a_player_discards_exactly_down_to_six():
    state = end_of_first_round()
    with pytest.raises(RuleError, match="exactly 2"):
        discard(state, 0, "n9")


def test_a_player_who_needs_not_discard_cannot_enter_discards():
    state = end_of_first_round((6, 6, 4))
    with pytest.raises(RuleError, match="no more than six"):
        discard(state, 2, "n9")


def test_highest_discarded_total_chooses_first_and_the_second_gets_the_other_conversion():
    state = end_of_first_round((6, 6, 4))
    state = discard(state, 0, "d9", "d8").state   # 17
    state = discard(state, 1, "n7", "d5").state   # 12
    assert (state["round_end"]["first"], state["round_end"]["second"]) == (0, 1)
    state = act(state, {"type": "choose_conversion", "conversion": "spirit"}, Actor(0)).state
    assert state["phase"] == "trump"
    assert state["round_end"]["time"] == 1
    state = act(state, {"type": "choose_trump", "trump": "day"}, Actor(1)).state
    assert state["trump"] == "day"
    assert (state["phase"], state["round"], state["challenge"]) == ("challenge", 2, 1)


def test_third_and_later_discarders_get_no_conversion():
    state = end_of_first_round((6, 6, 6))
    state = discard(state, 0, "d9", "d8").state
    state = discard(state, 1, "n7", "d5").state
    state = discard(state, 2, "d1", "d2").state
    state = act(state, {"type": "choose_conversion", "conversion": "time", "trump": "night"}, Actor(0)).state
    assert state["round_end"]["spirit"] == 1
    assert 2 not in (state["round_end"]["time"], state["round_end"]["spirit"])


def test_a_tie_goes_to_the_player_who_discarded_the_strongest_trump_card():
    state = end_of_first_round((6, 6, 4))
    state = discard(state, 0, "d10", "n2").state  # 12, trump night 2
    state = discard(state, 1, "d7", "n5").state   # 12, trump night 5
    assert state["round_end"]["first"] == 1


def test_a_tie_without_trump_cards_is_decided_by_the_host():
    state = end_of_first_round((6, 6, 4))
    state = discard(state, 0, "d10", "d2").state
    state = discard(state, 1, "d7", "d5").state
    assert state["phase"] == "tie"
    assert GAME.view(state, None)["round_end"]["tied"] == [0, 1]
    with pytest.raises(RuleError, match="^Only the host can do this$"):
        act(state, {"type": "break_tie", "seat": 0}, Actor(0))
    state = act(state, {"type": "break_tie", "seat": 1}, HOST).state
    assert (state["round_end"]["first"], state["round_end"]["second"]) == (1, 0)
    assert state["phase"] == "convert"


def test_a_tie_for_second_place_is_decided_by_the_host_too():
    state = end_of_first_round((6, 6, 6))
    state = discard(state, 0, "d10", "d9").state  # 19
    state = discard(state, 1, "d7", "d5").state   # 12
    state = discard(state, 2, "d8", "d4").state   # 12
    assert state["phase"] == "tie"
    with pytest.raises(RuleError, match="not among"):
        act(state, {"type": "break_tie", "seat": 0}, HOST)
    state = act(state, {"type": "break_tie", "seat": 2}, HOST).state
    assert (state["round_end"]["first"], state["round_end"]["second"]) == (0, 2)


def test_a_single_discarder_chooses_a_conversion_without_entering_cards():
    state = end_of_first_round((6, 3, 3))
    assert state["phase"] == "convert"
    assert (state["round_end"]["first"], state["round_end"]["second"]) == (0, None)
    state = act(state, {"type": "choose_conversion", "conversion": "spirit"}, Actor(0)).state
    assert (state["phase"], state["round"]) == ("challenge", 2)


def test_nobody_discarding_means_no_conversion_and_a_new_round():
    state = end_of_first_round((3, 3, 3))
    assert (state["phase"], state["round"]) == ("challenge", 2)
    assert state["round_end"]["first"] is None
    assert state["hand"] == [5, 5, 5]


def test_time_conversion_sets_the_trump():
    state = end_of_first_round((6, 3, 3))
    state = act(state, {"type": "choose_conversion", "conversion": "time", "trump": "day"}, Actor(0)).state
    assert state["trump"] == "day"


def test_time_conversion_may_keep_the_trump():
    state = end_of_first_round((6, 3, 3))
    state = act(state, {"type": "choose_conversion", "conversion": "time", "trump": "night"}, Actor(0)).state
    assert state["trump"] == "night"
    assert state["round"] == 2


def test_time_conversion_needs_a_trump():
    state = end_of_first_round((6, 3, 3))
    with pytest.raises(RuleError, match="trump"):
        act(state, {"type": "choose_conversion", "conversion": "time"}, Actor(0))


def test_only_the_first_chooser_or_the_host_chooses_the_conversion():
    state = end_of_first_round((6, 3, 3))
    with pytest.raises(RuleError, match="chooses the conversion first"):
        act(state, {"type": "choose_conversion", "conversion": "spirit"}, Actor(1))
    act(state, {"type": "choose_conversion", "conversion": "spirit"}, HOST)


def test_discards_stay_hidden_until_everyone_has_entered_them():
    state = discard(end_of_first_round((6, 6, 4)), 0, "d9", "d8").state
    other = GAME.view(state, 1)["round_end"]
    assert other["entries"] is None
    assert "d9" not in str(other) and "'value': 9" not in str(other)
    assert other["entered"] == [True, False, False]
    assert [c["value"] for c in GAME.view(state, 0)["round_end"]["mine"]] == [9, 8]


def test_discards_are_revealed_to_everyone_once_all_are_in():
    state = discard(end_of_first_round((6, 6, 4)), 0, "d9", "d8").state
    state = discard(state, 1, "n7", "d5").state
    entries = GAME.view(state, None)["round_end"]["entries"]
    assert [c["value"] for c in entries[0]] == [9, 8]


def test_the_history_line_of_a_discard_does_not_say_which_cards():
    applied = discard(end_of_first_round((6, 6, 4)), 0, "d29", "d28")
    assert "29" not in str(applied.label.to_json())


def test_the_same_card_cannot_be_discarded_twice():
    state = end_of_first_round((6, 6, 4))
    with pytest.raises(RuleError, match="twice"):
        discard(state, 0, "d9", "d9")
    state = discard(state, 0, "d9", "d8").state
    with pytest.raises(RuleError, match="twice"):
        discard(state, 1, "d9", "n1")


def test_a_discarded_dolmen_card_adds_no_value():
    state = end_of_first_round((6, 6, 4))
    state = discard(state, 0, "dolmen", "d8").state  # 8
    state = discard(state, 1, "n7", "d2").state      # 9
    assert state["round_end"]["first"] == 1


def test_discards_for_an_earlier_round_are_refused():
    state = end_of_first_round((6, 6, 4))
    with pytest.raises(RuleError, match="earlier round"):
        act(state, {"type": "discard", "suits": ["day", "day"], "values": [1, 2], "round": 0}, Actor(0))


def test_the_host_corrects_a_hand_count_and_nobody_else_can():
    state = new_game(3)
    with pytest.raises(RuleError, match="^Only the host can do this$"):
        act(state, {"type": "set_hand", "seat": 1, "cards": 4}, Actor(1))
    state = act(state, {"type": "set_hand", "seat": 1, "cards": "4"}, HOST).state
    assert GAME.view(state, None)["players"][1]["cards"] == 4
