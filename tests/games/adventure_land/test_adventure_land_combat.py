"""The combat calculator, from the rulebook's example: a creature of strength 12."""

from hypothesis import given
from hypothesis import strategies as st

from companion.games.adventure_land.fight_strength import Fight, best_gold_gain, best_reachable, hopeless, shortfall, wins

# "Vous avancez un aventurier (1 point) et ses 2 frères d'armes (+2 points) [...] deux épées,
# l'une d'une valeur additionnelle de 2 points, l'autre de 1 point [...] 3 et 2 au lancer."
RULEBOOK = Fight(adventurers=1, companions=2, dice=(3, 2), sword_bonuses=(2, 1))


def test_rulebook_fight_reaches_11_and_loses_against_12():
    assert RULEBOOK.strength() == 11
    assert not wins(RULEBOOK, 12)
    assert shortfall(RULEBOOK, 12) == 1


def test_rulebook_fight_wins_with_a_herb_of_4_and_the_surplus_is_lost():
    with_herb = Fight(1, 2, (3, 2), (2, 1), herbs=(4,))
    assert with_herb.strength() == 15 and wins(with_herb, 12)


def test_rulebook_fight_wins_with_one_gold_for_plus_one():
    assert wins(Fight(1, 2, (3, 2), (2, 1), gold_points=1), 12)


def test_rulebook_reroll_of_the_2_wins_on_3_or_more_and_loses_on_1_or_2():
    for new_die, won in [(1, False), (2, False), (3, True), (6, True)]:
        assert wins(Fight(1, 2, (3, new_die), (2, 1)), 12) is won


def test_a_lone_adventurer_without_anything_fights_with_1():
    assert Fight(1, 0).strength() == 1


def test_a_tie_with_the_creature_is_a_win():
    assert wins(Fight(1, 0), 1)


def test_calculator_lines_name_each_source_in_the_rulebook_order():
    assert [p for _msg, p in RULEBOOK.lines()] == [1, 2, 5, 3, 0, 0]


def test_best_gold_rerolls_the_lowest_die_first_then_adds_one_per_piece():
    assert best_gold_gain((1, 6), 1) == 5
    assert best_gold_gain((1, 6), 2) == 6  # the 6 is not worth a re-roll: +1 instead
    assert best_gold_gain((), 3) == 3


def test_a_fight_out_of_reach_is_flagged_so_nothing_is_wasted():
    # "Si vous voyez qu'un combat ne peut être gagné, n'utilisez pas d'herbes ni d'or."
    assert hopeless(Fight(1, 0), 10, spare_herbs=(4,), spare_gold=2)
    assert not hopeless(Fight(1, 0), 7, spare_herbs=(4,), spare_gold=2)


fights = st.builds(
    Fight,
    adventurers=st.integers(1, 4),
    companions=st.integers(0, 10),
    dice=st.lists(st.integers(1, 6), max_size=3).map(tuple),
    sword_bonuses=st.lists(st.integers(0, 3), max_size=3).map(tuple),
    herbs=st.lists(st.integers(2, 4), max_size=4).map(tuple),
    gold_points=st.integers(0, 5),
)


@given(fights, st.integers(0, 40))
def test_win_exactly_when_strength_reaches_the_creature(fight, creature):
    assert wins(fight, creature) == (fight.strength() >= creature)
    assert wins(fight, creature) == (shortfall(fight, creature) == 0)


@given(fights, st.integers(0, 40), st.integers(2, 4))
def test_adding_a_herb_never_turns_a_win_into_a_loss(fight, creature, herb):
    stronger = Fight(fight.adventurers, fight.companions, fight.dice, fight.sword_bonuses, fight.herbs + (herb,), fight.gold_points)
    assert stronger.strength() == fight.strength() + herb
    assert wins(stronger, creature) or not wins(fight, creature)


@given(fights, st.lists(st.integers(2, 4), max_size=4).map(tuple), st.integers(0, 5), st.data())
def test_no_way_of_spending_spares_beats_the_best_reachable(fight, herbs, gold, data):
    """Spend any herbs and each gold piece as +1 or as a re-roll: never above the bound."""
    dice = list(fight.dice)
    points = 0
    for _ in range(gold):
        if dice and data.draw(st.booleans()):
            dice[data.draw(st.integers(0, len(dice) - 1))] = data.draw(st.integers(1, 6))
        else:
            points += 1
    used = [h for h in herbs if data.draw(st.booleans())]
    spent = Fight(fight.adventurers, fight.companions, tuple(dice), fight.sword_bonuses, fight.herbs + tuple(used), fight.gold_points + points)
    assert spent.strength() <= best_reachable(fight, herbs, gold)
