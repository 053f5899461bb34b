"""Challenges through the game's moves: the winner's apprentice, concessions, penalties and their order,
the trilithon and the spell."""

from __future__ import annotations

import pytest

from companion.games.base import Actor, PlayerSpec, RuleError
from companion.games.stonehenge import GAME

from tests.games.stonehenge.helpers import (act, card_fields, new_game, occupant, play, stones_of,
                                        with_apprentices)
from tests.helpers import HOST


def test_a_new_game_starts_at_night_with_full_hands_and_every_apprentice_in_hand():
    state = new_game(4)
    view = GAME.view(state, None)
    assert view["trump"] == "night"
    assert [p["cards"] for p in view["players"]] == [6, 6, 6, 6]
    assert [p["in_hand"] for p in view["players"]] == [6, 6, 6, 6]
    assert [p["trilithon"] for p in view["players"]] == [False] * 4
    assert all(stone["seat"] is None for stone in view["ring"]["stones"])


def test_five_players_have_five_apprentices_each():
    assert [p["in_hand"] for p in GAME.view(new_game(5), None)["players"]] == [5] * 5


@pytest.mark.parametrize("players", [2, 6])
def test_the_game_is_for_three_to_five_players(players):
    with pytest.raises(RuleError, match="3 to 5 players"):
        GAME.setup([PlayerSpec(f"P{i}", "red") for i in range(players)], {}, {})


# --- the winner -----------------------------------------------------------------------------

def test_the_strongest_card_places_an_apprentice_on_its_stone():
    state = play(new_game(3), "n12", "d30", "n3")
    assert occupant(state, 12) == "Ann"
    assert state["supply"][0] == 5


def test_the_winner_goes_to_the_highest_free_stone_below_a_taken_one():
    state = play(with_apprentices(new_game(3), bob=[17]), "n17", "dolmen", "dolmen")
    assert occupant(state, 16) == "Ann"


def test_the_winner_places_nothing_when_no_stone_is_free_at_or_below_the_card():
    state = with_apprentices(new_game(3), bob=[1, 3], cid=[2])
    state = play(state, "n3", "dolmen", "dolmen")
    assert state["supply"][0] == 6
    assert state["last"]["stone"] is None


def test_a_winning_card_that_is_not_trump_draws_three_cards():
    # Bob keeps an apprentice on the ring so he is penalised and the round goes on.
    state = play(with_apprentices(new_game(3), bob=[20]), "d25", "d4", "dolmen")
    assert occupant(state, 25) == "Ann"
    assert state["last"]["bonus"] is True
    assert state["hand"][0] == 6 - 1 + 3


def test_a_winning_trump_card_draws_nothing():
    state = play(with_apprentices(new_game(3), bob=[20]), "n25", "d4", "dolmen")
    assert state["last"]["bonus"] is False
    assert state["hand"][0] == 5


def test_with_the_keep_option_the_winner_keeps_the_winning_card():
    state = play(with_apprentices(new_game(3, winner_card="keep"), bob=[20]), "n25", "d4", "dolmen")
    assert state["hand"][0] == 6


def test_only_dolmen_cards_place_nobody_and_end_the_round():
    state = play(with_apprentices(new_game(3), bob=[20]), "dolmen", "dolmen", "dolmen")
    assert state["last"]["winner"] is None
    assert occupant(state, 20) == "Bob"
    assert state["phase"] == "discard"  # 6 cards kept + 3 drawn: everyone discards 3
    assert state["round_end"]["need"] == [3, 3, 3]


# --- everyone else ----------------------------------------------------------------------------

def test_a_dolmen_card_concedes_without_penalty_and_goes_back_to_hand():
    state = play(with_apprentices(new_game(3), bob=[20], cid=[15]), "n25", "dolmen", "n2")
    assert occupant(state, 20) == "Bob"
    assert state["last"]["conceded"] == [1]
    assert state["hand"][1] == 6
    assert state["hand"][2] == 5


def test_a_player_without_apprentice_on_the_ring_just_discards():
    state = play(new_game(3), "n25", "n9", "d7")
    assert state["last"]["spared"] == [1, 2]
    assert state["last"]["penalised"] == []


def test_a_round_without_any_penalty_ends_even_if_cards_were_discarded():
    state = play(new_game(3), "n25", "n9", "d7")
    assert state["phase"] == "discard"
    assert state["round"] == 1


def test_a_penalty_moves_the_apprentice_back_by_the_card_played_and_the_round_goes_on():
    state = play(with_apprentices(new_game(3), bob=[17]), "n20", "n6", "dolmen")
    assert stones_of(state, "Bob") == [11]
    assert state["phase"] == "challenge"
    assert (state["round"], state["challenge"]) == (1, 2)


def test_an_apprentice_pushed_past_stone_1_goes_back_to_its_owner():
    state = play(with_apprentices(new_game(3), bob=[4]), "n20", "n6", "dolmen")
    assert stones_of(state, "Bob") == []
    assert state["supply"][1] == 6
    assert state["last"]["moves"] == [{"seat": 1, "value": 6, "from": 4, "to": None}]
    assert state["phase"] == "challenge"  # Bob was penalised: the round goes on


def test_the_penalised_player_with_the_strongest_card_moves_back_first():
    # Bob (5) and Cid (3) both land on 15: Bob played the stronger card, so he gets it.
    state = with_apprentices(new_game(4), bob=[20], cid=[18])
    state = play(state, "n25", "n5", "n3", "dolmen")
    assert occupant(state, 15) == "Bob"
    assert occupant(state, 14) == "Cid"


def test_the_other_penalised_players_follow_clockwise_from_the_first():
    state = with_apprentices(new_game(4), ann=[10], cid=[12], dee=[14])
    state = play(state, "n2", "n30", "n9", "n5")  # Bob wins; Cid played the strongest penalty card
    assert state["last"]["penalised"] == [2, 3, 0]
    assert [move["seat"] for move in state["last"]["moves"]] == [2, 3, 0]


def test_trump_decides_which_penalised_card_is_strongest():
    # Night is trump: Cid's night 2 beats Bob's day 9, so Cid moves first and takes stone 10.
    state = with_apprentices(new_game(3), bob=[19], cid=[12])
    state = play(state, "n20", "d9", "n2")
    assert occupant(state, 10) == "Cid"
    assert occupant(state, 9) == "Bob"


# --- choosing which apprentice moves back --------------------------------------------------

def choice_state():
    """Bob has apprentices on 10 and 20 and is penalised 6: he must choose."""
    return play(with_apprentices(new_game(3), bob=[10, 20]), "n25", "n6", "dolmen")


def test_the_game_waits_for_a_player_who_has_a_real_choice():
    state = choice_state()
    view = GAME.view(state, 1)
    assert view["phase"] == "penalty"
    assert view["waiting_for"] == [1]
    assert view["penalty"]["choices"] == [{"stone": 10, "to": 4}, {"stone": 20, "to": 14}]


def test_the_penalised_player_chooses_the_apprentice():
    state = act(choice_state(), {"type": "move_back", "stone": "20"}, Actor(1)).state
    assert stones_of(state, "Bob") == [10, 14]
    assert state["phase"] == "challenge"


def test_another_player_cannot_choose_for_the_penalised_player():
    with pytest.raises(RuleError, match=r"^It is Bob's turn to move an apprentice back\.$"):
        act(choice_state(), {"type": "move_back", "seat": 1, "stone": 20}, Actor(2))


def test_the_host_can_apply_a_penalty_for_anyone():
    state = act(choice_state(), {"type": "move_back", "stone": 10}, HOST).state
    assert stones_of(state, "Bob") == [4, 20]


def test_an_apprentice_that_cannot_go_back_fully_is_refused_while_another_can():
    state = play(with_apprentices(new_game(3), bob=[4, 9, 20]), "n25", "n6", "dolmen")
    with pytest.raises(RuleError, match="cannot go back"):
        act(state, {"type": "move_back", "stone": 4}, Actor(1))


def test_a_stone_without_own_apprentice_is_refused():
    with pytest.raises(RuleError, match="Bob has no apprentice on stone 25"):
        act(choice_state(), {"type": "move_back", "stone": 25}, Actor(1))


def test_a_forced_penalty_applies_itself():
    # Bob's only apprentice: no choice, nothing to wait for.
    state = play(with_apprentices(new_game(3), bob=[9]), "n25", "n6", "dolmen")
    assert state["phase"] == "challenge"
    assert stones_of(state, "Bob") == [3]


def test_later_penalties_wait_behind_a_pending_choice():
    state = with_apprentices(new_game(3), bob=[10, 20], cid=[16])
    state = play(state, "n25", "n6", "n5")  # Bob (6) chooses first; Cid's penalty waits
    assert stones_of(state, "Cid") == [16]
    state = act(state, {"type": "move_back", "stone": 20}, Actor(1)).state
    assert stones_of(state, "Bob") == [10, 14]
    assert stones_of(state, "Cid") == [11]


# --- trilithon and spell ----------------------------------------------------------------------

def test_placing_the_last_apprentice_erects_a_trilithon_and_brings_the_apprentices_back():
    state = with_apprentices(new_game(4), ann=[1, 2, 3, 4, 5])  # sixth apprentice still in hand
    state = play(state, "n20", "dolmen", "dolmen", "dolmen")
    assert state["trilithon"][0] is True
    assert stones_of(state, "Ann") == []
    assert state["supply"][0] == 6
    assert state["winner"] is None


def test_with_five_players_the_fifth_apprentice_erects_the_trilithon():
    state = with_apprentices(new_game(5), ann=[1, 2, 3, 4])
    state = play(state, "n20", "dolmen", "dolmen", "dolmen", "dolmen")
    assert state["trilithon"][0] is True


def test_the_trilithon_counts_apprentices_on_the_ring_not_placements():
    # Three players: five on the ring and one still in hand after one was pushed off earlier.
    state = with_apprentices(new_game(3), ann=[1, 2, 3, 4])
    state = play(state, "n20", "dolmen", "dolmen")
    assert state["trilithon"][0] is False
    assert state["supply"][0] == 1


def test_stones_freed_by_the_trilithon_are_free_for_the_penalties_that_follow():
    state = with_apprentices(new_game(3), ann=[10, 11, 12, 13, 14], bob=[16])
    state = play(state, "n20", "n3", "dolmen")
    assert occupant(state, 13) == "Bob"


def spell_state():
    state = with_apprentices(new_game(3), ann=[1, 2, 3, 4, 5], bob=[16])
    state["trilithon"] = [True, False, False]
    return play(state, "n20", "n3", "dolmen")


def test_placing_the_last_apprentice_again_casts_the_spell_and_wins():
    state = spell_state()
    assert GAME.is_over(state)
    view = GAME.view(state, None)
    assert view["winner"] == 0
    assert view["title"] == "Great and Mighty Beard"
    scores = GAME.final_scores(state)
    assert [(s.seat, s.place) for s in scores] == [(0, 1), (1, 2), (2, 2)]


def test_nothing_moves_after_the_spell_is_cast():
    state = spell_state()
    assert stones_of(state, "Bob") == [16]
    with pytest.raises(RuleError, match="over"):
        act(state, {"type": "reveal", "seat": 0, **card_fields("n3")})


def test_no_final_scores_before_the_spell():
    assert GAME.final_scores(new_game(3)) is None


# --- entering cards -------------------------------------------------------------------------

def test_a_player_enters_their_own_card_and_may_change_it_before_all_are_in():
    state = act(new_game(3), {"type": "reveal", "suit": "night", "value": "5"}, Actor(0)).state
    state = act(state, {"type": "reveal", "suit": "day", "value": "9"}, Actor(0)).state
    assert GAME.view(state, 0)["my_card"]["value"] == 9


def test_a_player_cannot_enter_another_players_card():
    with pytest.raises(RuleError, match=r"Only Bob or the host can enter this\."):
        act(new_game(3), {"type": "reveal", "seat": 1, "suit": "night", "value": 5}, Actor(0))


def test_a_card_for_a_finished_challenge_is_refused():
    state = play(with_apprentices(new_game(3), bob=[17]), "n20", "n6", "dolmen")
    with pytest.raises(RuleError, match="challenge is over"):
        act(state, {"type": "reveal", "suit": "night", "value": 5, "challenge_id": 1}, Actor(0))
    act(state, {"type": "reveal", "suit": "night", "value": 5, "challenge_id": 2}, Actor(0))


def test_a_card_entered_face_down_by_another_player_cannot_be_detected_by_entering_it():
    """Issue #12: "Night 5 is already entered for another player" told Bob Ann's face-down card.
    The cards are turned over together; until then, Bob's entry is taken like any other."""
    state = act(new_game(3), {"type": "reveal", "seat": 0, **card_fields("n5")}).state
    same = act(state, {"type": "reveal", "seat": 1, **card_fields("n5")})
    other = act(state, {"type": "reveal", "seat": 1, **card_fields("n6")})
    assert same.label == other.label
    assert GAME.view(same.state, 1) == GAME.view(other.state, 1) | {"my_card": GAME.view(same.state, 1)["my_card"]}
    assert GAME.view(same.state, 2) == GAME.view(other.state, 2)


def test_once_all_cards_are_in_a_clash_sends_its_players_back_without_naming_the_card():
    state = act(new_game(3), {"type": "reveal", "seat": 0, **card_fields("n5")}).state
    state = act(state, {"type": "reveal", "seat": 1, **card_fields("d30")}).state
    clash = act(state, {"type": "reveal", "seat": 2, **card_fields("n5")})
    assert clash.label.msg == "Two entries name the same card: %(players)s, check your card and enter it again."
    assert clash.label.args == {"players": "Ann, Cid"}
    assert "5" not in str(clash.label.to_json())
    assert clash.state["phase"] == "challenge" and clash.state["cards"] == [None, {"suit": "day", "value": 30}, None]
    state = act(clash.state, {"type": "reveal", "seat": 0, **card_fields("n5")}).state
    resolved = act(state, {"type": "reveal", "seat": 2, **card_fields("n4")})
    assert resolved.label.args["player"] == "Ann"


def test_several_players_can_play_their_dolmen_cards():
    state = act(new_game(3), {"type": "reveal", "seat": 0, **card_fields("dolmen")}).state
    act(state, {"type": "reveal", "seat": 1, **card_fields("dolmen")})


def test_the_history_line_of_an_entered_card_does_not_say_which_card():
    applied = act(new_game(3), {"type": "reveal", "suit": "night", "value": 27}, Actor(0))
    assert "27" not in str(applied.label.to_json())


def test_the_history_line_of_a_resolved_challenge_names_the_winning_card():
    state = act(new_game(3), {"type": "reveal", "seat": 0, **card_fields("n12")}).state
    state = act(state, {"type": "reveal", "seat": 1, **card_fields("d30")}).state
    applied = act(state, {"type": "reveal", "seat": 2, **card_fields("n3")})
    assert applied.label.args["player"] == "Ann"
    assert applied.label.args["card"] == {"msg": "Night %(value)s", "args": {"value": 12}}
    assert applied.label.args["stone"] == 12


def test_a_player_with_no_card_in_hand_cannot_enter_one():
    state = new_game(3)
    state["hand"] = [0, 6, 6]
    with pytest.raises(RuleError, match="no card"):
        act(state, {"type": "reveal", "suit": "night", "value": 5}, Actor(0))


def test_an_unknown_move_is_refused():
    with pytest.raises(RuleError, match="Unknown move.*shuffle"):
        act(new_game(3), {"type": "shuffle"})


def test_a_move_of_another_step_is_refused_and_says_what_the_game_waits_for():
    with pytest.raises(RuleError, match="revealed cards"):
        act(new_game(3), {"type": "move_back", "stone": 3})


def test_a_later_penalised_players_early_answer_is_refused_and_nobodys_penalty_is_skipped():
    """Sheet (l.119–122): « celui d'entre eux qui a joué la plus forte carte le fait en premier, les
    autres suivant en sens horaire ». Cid answers before Bob: refused, nothing recorded for Bob."""
    state = with_apprentices(new_game(3), bob=[10, 20], cid=[16, 25])
    state = play(state, "n30", "n6", "n5")  # Bob (6) first, then Cid (5); both have a choice
    with pytest.raises(RuleError, match="It is Bob's turn to move an apprentice back"):
        act(state, {"type": "move_back", "stone": 25}, Actor(2))
    assert [p["seat"] for p in state["penalties"]] == [1, 2] and state["last"]["moves"] == []
    state = act(state, {"type": "move_back", "stone": 10}, Actor(1)).state
    state = act(state, {"type": "move_back", "stone": 25}, Actor(2)).state
    assert (stones_of(state, "Bob"), stones_of(state, "Cid")) == ([4, 20], [16, 19])  # 25 − 5 = 20 is Bob's
