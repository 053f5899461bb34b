"""Card order and the ring's geometry, including the rules sheet's own penalty example."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.stonehenge.cards import dolmen_card, numbered, read_card, strongest
from companion.games.stonehenge.ring import empty_ring, landing_stone, penalty_choices, placement_stone


def ring_with(**occupied: int) -> list[int | None]:
    """A ring where ``s17=0`` puts seat 0 on stone 17."""
    stones = empty_ring()
    for key, seat in occupied.items():
        stones[int(key[1:]) - 1] = seat
    return stones


# --- card order ---------------------------------------------------------------------------

def test_night_1_beats_day_30_while_night_is_trump():
    assert strongest([numbered("night", 1), numbered("day", 30)], "night") == 0


def test_day_1_beats_night_30_while_day_is_trump():
    assert strongest([numbered("night", 30), numbered("day", 1)], "day") == 1


def test_higher_card_of_the_same_suit_wins():
    assert strongest([numbered("day", 4), numbered("day", 9), numbered("day", 2)], "night") == 1


def test_any_numbered_card_beats_a_dolmen_card():
    assert strongest([dolmen_card(), numbered("day", 1), dolmen_card()], "night") == 1


def test_only_dolmen_cards_give_no_strongest_card():
    assert strongest([dolmen_card(), dolmen_card(), dolmen_card()], "night") is None


def test_a_card_entered_from_a_form_arrives_as_strings():
    assert read_card("day", "17") == {"suit": "day", "value": 17}


def test_a_dolmen_card_needs_no_number():
    assert read_card("dolmen", "") == {"suit": "dolmen", "value": None}


@pytest.mark.parametrize("suit, value, message", [
    ("night", "31", "value must be at most 30"), ("night", "0", "value must be at least 1"),
    ("day", "x", "value must be a whole number"), ("moon", "3", "suit must be one of: night, day, dolmen")])
def test_a_card_outside_the_deck_is_refused(suit, value, message):
    with pytest.raises(RuleError, match=message):
        read_card(suit, value)


# --- placing the winner's apprentice ------------------------------------------------------

def test_winner_places_on_the_stone_of_the_card():
    assert placement_stone(empty_ring(), 17) == 17


def test_winner_places_on_the_highest_free_stone_below_a_taken_one():
    assert placement_stone(ring_with(s17=1), 17) == 16


def test_winner_skips_every_taken_stone_below():
    assert placement_stone(ring_with(s17=1, s16=2, s15=0), 17) == 14


def test_winner_cannot_place_when_every_lower_stone_is_taken():
    assert placement_stone(ring_with(s1=1, s2=2, s3=1), 3) is None


# --- moving back: the rules sheet's example -----------------------------------------------

def test_rulebook_example_apprentice_on_17_penalised_6_goes_to_11():
    assert landing_stone(ring_with(s17=0), 17, 6) == 11


def test_rulebook_example_stone_11_taken_goes_to_10():
    assert landing_stone(ring_with(s17=0, s11=1), 17, 6) == 10


def test_rulebook_example_10_taken_too_goes_further_down():
    assert landing_stone(ring_with(s17=0, s11=1, s10=2), 17, 6) == 9


def test_going_back_past_stone_1_leaves_the_board():
    assert landing_stone(ring_with(s4=0), 4, 6) is None


def test_no_free_stone_below_leaves_the_board():
    assert landing_stone(ring_with(s8=0, s2=1, s1=2), 8, 6) is None


def test_landing_exactly_on_stone_1_stays_on_the_board():
    assert landing_stone(ring_with(s7=0), 7, 6) == 1


# --- which apprentice moves back --------------------------------------------------------

def test_an_apprentice_that_can_go_back_fully_must_be_chosen():
    # Own apprentices on 4 and 9, penalty 6: 4 could not go back 6, so 9 must (to 3).
    stones = ring_with(s4=0, s9=0)
    assert penalty_choices(stones, 0, 6) == [9]
    assert landing_stone(stones, 9, 6) == 3


def test_with_no_choice_the_apprentice_on_the_highest_stone_moves():
    # Own apprentices on 2 and 4, penalty 6: neither can go back 6; the one on 4 leaves the board.
    stones = ring_with(s2=0, s4=0)
    assert penalty_choices(stones, 0, 6) == [4]
    assert landing_stone(stones, 4, 6) is None


def test_the_player_chooses_among_apprentices_that_can_go_back_fully():
    assert penalty_choices(ring_with(s10=0, s20=0, s25=1), 0, 6) == [10, 20]


def test_only_own_apprentices_can_be_chosen():
    assert penalty_choices(ring_with(s10=1, s20=0), 0, 6) == [20]
