"""Final scoring: the rulebook's example, the variants, and the quick scorer's checks."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.base import ScoreInputError
from companion.games.beowulf_the_legend import GAME
from companion.games.beowulf_the_legend.quick import EXAMPLE, quick_score
from companion.games.beowulf_the_legend.scoring import Holdings, breakdown, total


def quick(**changes):
    body = copy.deepcopy(EXAMPLE)
    body.update(changes)
    return body


def test_rulebook_final_scoring_example_sandra_12_martha_13_mark_12_peter_3():
    answer = quick_score(EXAMPLE)
    assert answer == {"players": [
        {"name": "Sandra", "total": 12, "place": 2},
        {"name": "Martha", "total": 13, "place": 1},
        {"name": "Mark", "total": 12, "place": 2},
        {"name": "Peter", "total": 3, "place": 4},
    ]}


def test_rulebook_example_through_holdings_matches_the_text():
    # "Sandra a récolté 9 points de gloire et 3 trésors [...] une blessure [...] 12 points."
    assert total(Holdings(fame=(9,), treasure=(3,), wounds=1)) == 12
    # "Martha n'a récolté que 8 points de gloire [...] aucune blessure [...] 13 points."
    assert total(Holdings(fame=(8,))) == 13
    # "Mark a 12 points de gloire et 2 trésors. Ses deux blessures ne comptent pas [...] 1 jeton malheur"
    assert total(Holdings(fame=(12,), treasure=(2,), misfortune=1, wounds=2)) == 12
    # "Peter a récolté 13 points de gloire et 5 trésors, mais a également 3 tuiles blessure [...] 3 points."
    assert total(Holdings(fame=(13,), treasure=(5,), wounds=3)) == 3


def test_harsh_variant_scores_a_player_with_three_wounds_zero():
    answer = quick_score(quick(harsh=True))
    assert [p["total"] for p in answer["players"]] == [12, 13, 12, 0]


def test_harsh_variant_leaves_two_wounds_alone():
    assert total(Holdings(fame=(10,), wounds=2), harsh=True) == 10


def test_advanced_rules_treasure_scores_nothing_not_even_on_alliance_tokens():
    h = Holdings(fame=(5,), treasure=(4, 3), alliance_fame=(2,), alliance_treasure=(3,), wounds=1)
    assert total(h, advanced=True) == 7
    assert total(h) == 17


def test_double_wound_counts_two_toward_the_three_wound_penalty():
    assert total(Holdings(fame=(20,), wounds=1, double_wounds=1)) == 20 - 15
    assert total(Holdings(fame=(20,), double_wounds=1)) == 20  # two wounds: no bonus, no penalty


def test_scratches_are_ignored_and_no_wound_earns_five():
    assert total(Holdings(fame=(4,), scratches=2)) == 9


def test_four_wounds_cost_twenty():
    assert total(Holdings(fame=(30,), wounds=4)) == 10


def test_misfortune_costs_two_each():
    assert total(Holdings(fame=(10,), misfortune=3, wounds=1)) == 4


@given(st.builds(Holdings, fame=st.lists(st.integers(1, 7), max_size=8).map(tuple),
                 treasure=st.lists(st.integers(1, 4), max_size=8).map(tuple),
                 misfortune=st.integers(0, 3), wounds=st.integers(0, 10), double_wounds=st.integers(0, 1)),
       st.booleans(), st.booleans())
def test_breakdown_lines_always_add_up_to_the_total(h, advanced, harsh):
    assert sum(points for _msg, points in breakdown(h, advanced, harsh)) == total(h, advanced, harsh)


def test_tied_players_share_the_place_and_the_next_place_is_skipped():
    body = quick(players=[
        {**EXAMPLE["players"][0], "name": "A"},
        {**EXAMPLE["players"][0], "name": "B"},
        {**EXAMPLE["players"][3], "name": "C"},
    ])
    assert [p["place"] for p in quick_score(body)["players"]] == [1, 1, 3]


@pytest.mark.parametrize("change, field", [
    (lambda b: b["players"].__setitem__(slice(1, None), []), "players"),
    (lambda b: b["players"].extend(copy.deepcopy(b["players"][:2])), "players"),
    (lambda b: b["players"][1].__setitem__("name", "sandra"), "players[1].name"),
    (lambda b: b["players"][0]["fame"].append(-1), "players[0].fame[3]"),
    (lambda b: b["players"][0]["fame"].append(2.5), "players[0].fame[3]"),
    (lambda b: b["players"][0]["treasure"].append(True), "players[0].treasure[1]"),
    (lambda b: b["players"][0].__setitem__("wounds", True), "players[0].wounds"),
    (lambda b: b["players"][0].__setitem__("misfortune", 4), "players[0].misfortune"),
    (lambda b: b["players"][0].__setitem__("wounds", 11), "players[0].wounds"),
    (lambda b: b["players"][0].__setitem__("double_wounds", 2), "players[0].double_wounds"),
    (lambda b: b["players"][0].__setitem__("scratches", 13), "players[0].scratches"),
    (lambda b: b["players"][2].pop("misfortune"), "players[2].misfortune"),
    (lambda b: b.pop("harsh"), "harsh"),
    (lambda b: b["players"][0].__setitem__("wound", 1), "players[0].wound"),
    (lambda b: [p.__setitem__("misfortune", 2) for p in b["players"][:2]], "misfortune"),
])
def test_bad_quick_score_input_names_the_field(change, field):
    body = copy.deepcopy(EXAMPLE)
    change(body)
    with pytest.raises(ScoreInputError) as error:
        quick_score(body)
    assert field in str(error.value)


def test_quick_scorer_is_served_under_the_empty_key_with_schemas():
    scorer = GAME.quick_scorers[""]
    assert scorer.score(EXAMPLE)["players"][1]["total"] == 13
    assert scorer.request_schema["properties"]["players"]["maxItems"] == 5
    assert set(scorer.response_schema["properties"]) == {"players"}
