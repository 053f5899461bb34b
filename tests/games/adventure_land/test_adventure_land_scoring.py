"""Final scores of the three adventures, starting from the rulebook's worked examples."""

from hypothesis import given
from hypothesis import strategies as st

from companion.games.adventure_land.scoring import (
    Holdings,
    breakdowns,
    city_prizes,
    joining_points,
    majority_awards,
    totals,
)


def total(scenario, players, **kw):
    return totals(breakdowns(scenario, players, **kw))


# --- adventure 1: the track ------------------------------------------------------------------

def test_fellowship_example_lone_adventurer_then_its_band_then_another_lone_adventurer():
    # "reçoit aussitôt 1 point [...] reçoit pour cela 2 points [...] un autre aventurier
    # solitaire jusqu'à un troisième frère d'armes, ce qui lui vaut 1 point"
    martin = Holdings(companions_joined=(2, 1))
    assert total(1, [martin]) == [1 + 2 + 1]


def test_fellowship_gold_scores_two_each_and_a_creature_its_laurel():
    assert total(1, [Holdings(gold_taken=3, creatures=(5,))]) == [3 * 2 + 5]


def test_fellowship_herbs_and_swords_score_nothing():
    assert total(1, [Holdings(herbs=(4, 4), swords=(3,), gold=2)]) == [0]


def test_joining_points_are_one_plus_two_plus_up_to_the_band_size():
    assert [joining_points(k) for k in range(5)] == [0, 1, 3, 6, 10]


# --- adventure 2 ------------------------------------------------------------------------------

RULEBOOK_MAGNIFICENT = Holdings(creatures=(5, 6), largest_group=8, gold=2, herbs=(3, 4), swords=(0, 1, 3))


def test_magnificent_rulebook_example_scores_61():
    assert total(2, [RULEBOOK_MAGNIFICENT]) == [61]


def test_magnificent_breakdown_matches_each_line_of_the_rulebook_example():
    points = [p for _msg, p in breakdowns(2, [RULEBOOK_MAGNIFICENT])[0]]
    assert points == [22, 24, 4, 7, 4]


def test_magnificent_ignores_gold_spent_during_the_game():
    assert total(2, [Holdings(gold=1, gold_taken=5)]) == [2]


# --- adventure 3 ------------------------------------------------------------------------------

CITIES = {"B5": 4, "E5": 3, "K10": 12}


def rulebook_escape_table():
    """The rulebook's player (first) and two opponents that make its bonuses and places true."""
    example = Holdings(
        creatures=(8, 7, 7),  # 3 creatures: the most
        gold=2,  # second-most gold
        cities={"B5": 2, "E5": 2, "K10": 1},
        outside_cities=3,  # "2 aventuriers + 1 frère d'armes en dehors des villes"
    )
    rich = Holdings(creatures=(4,), gold=5, cities={"B5": 2, "K10": 3})  # ties B5, leads K10
    poor = Holdings(creatures=(), gold=1, cities={"E5": 1})
    return [example, rich, poor]


def test_escape_rulebook_example_scores_34():
    assert total(3, rulebook_escape_table(), cities=CITIES, creatures_left=5)[0] == 34


def test_escape_breakdown_matches_each_line_of_the_rulebook_example():
    lines = breakdowns(3, rulebook_escape_table(), cities=CITIES, creatures_left=5)[0]
    # laurels 22, most creatures +7, gold 4, second-most gold +3, cities 4 + 3 + 6, penalty 3 × 5
    assert [p for _msg, p in lines] == [22, 7, 4, 3, 13, -15]


def test_escape_players_tied_for_a_city_each_get_its_size():
    a, b = Holdings(cities={"X": 3}), Holdings(cities={"X": 3})
    assert total(3, [a, b], cities={"X": 5}) == [5, 5]


def test_escape_after_a_tie_for_first_the_next_player_is_third():
    # 4 / 4 / 2 figures in a 5-field city: 5, 5, and third place = half of half = 1.
    players = [Holdings(cities={"X": n}) for n in (4, 4, 2)]
    assert total(3, players, cities={"X": 5}) == [5, 5, 1]


def test_escape_a_player_with_no_figure_in_a_city_scores_nothing_there():
    players = [Holdings(cities={"X": 1}), Holdings()]
    assert total(3, players, cities={"X": 12}) == [12, 0]


def test_escape_most_gold_and_creatures_pay_seven_three_one_and_nothing_to_a_fourth():
    players = [Holdings(gold=g) for g in (4, 3, 2, 1)]
    assert total(3, players) == [8 + 7, 6 + 3, 4 + 1, 2]


def test_escape_nobody_is_first_with_no_creatures():
    assert total(3, [Holdings(), Holdings()]) == [0, 0]


def test_escape_penalty_counts_figures_outside_times_creatures_left():
    assert total(3, [Holdings(outside_cities=4), Holdings()], creatures_left=2) == [-8, 0]


def test_escape_herbs_and_swords_score_nothing():
    assert total(3, [Holdings(herbs=(4,), swords=(3,)), Holdings()]) == [0, 0]


def test_city_prizes_halve_and_round_down():
    assert city_prizes(12) == (12, 6, 3)
    assert city_prizes(3) == (3, 1, 0)


# --- properties -------------------------------------------------------------------------------

counts = st.lists(st.integers(0, 20), min_size=2, max_size=4)


@given(counts)
def test_majority_tied_players_get_the_same_award(held):
    awards = majority_awards(held, (7, 3, 1))
    for i in range(len(held)):
        for j in range(len(held)):
            if held[i] == held[j]:
                assert awards[i] == awards[j]


@given(counts)
def test_majority_more_never_earns_less(held):
    awards = majority_awards(held, (7, 3, 1))
    for i in range(len(held)):
        for j in range(len(held)):
            if held[i] > held[j]:
                assert awards[i] >= awards[j]


@given(counts, st.integers(1, 15))
def test_city_points_never_exceed_its_size_per_player_and_need_a_figure(held, size):
    awards = majority_awards(held, city_prizes(size))
    assert all(0 <= a <= size for a in awards)
    assert all(a == 0 for a, n in zip(awards, held) if n == 0)
