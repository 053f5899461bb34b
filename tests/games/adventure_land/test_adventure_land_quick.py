"""POST /api/score/adventure-land: the quick scorer's answers and refusals."""

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.adventure_land import GAME
from companion.games.base import ScoreInputError

score = GAME.quick_scorers[""].score


def magnificent(**martin_overrides):
    martin = {"name": "Martin", "creatures": [5, 6], "gold": 2, "herbs": [3, 4], "swords": [0, 1, 3], "largest_group": 8}
    return {
        "scenario": 2,
        "players": [{**martin, **martin_overrides}, {"name": "Julie", "creatures": [], "gold": 0, "herbs": [], "swords": [], "largest_group": 1}],
    }


def escape():
    return {
        "scenario": 3,
        "creatures_left_on_board": 5,
        "cities": {"B5/B6/C6/C7": 4, "E5/F4/F5": 3, "K10": 12},
        "players": [
            {"name": "Martin", "creatures": [8, 7, 7], "gold": 2, "outside_cities": 3,
             "cities": {"B5/B6/C6/C7": 2, "E5/F4/F5": 2, "K10": 1}},
            {"name": "Julie", "creatures": [4], "gold": 5, "outside_cities": 0, "cities": {"B5/B6/C6/C7": 2, "K10": 3}},
            {"name": "Paul", "creatures": [], "gold": 1, "outside_cities": 0, "cities": {"E5/F4/F5": 1}},
        ],
    }


def test_rulebook_magnificent_example_scores_61_and_wins():
    players = score(magnificent())["players"]
    assert [(p["name"], p["total"], p["place"]) for p in players] == [("Martin", 61, 1), ("Julie", 3, 2)]
    # Rulebook: "(5 + 6) = 11 × 2 = 22", "8 figurines × 3 = 24", gold 2 × 2, herbs 3 + 4, swords 0 + 1 + 3.
    assert players[0]["breakdown"] == [
        {"line": "Creatures (laurels × 2)", "points": 22}, {"line": "Largest group (figures × 3)", "points": 24},
        {"line": "Gold (2 each)", "points": 4}, {"line": "Herbs", "points": 7},
        {"line": "Swords (extra values)", "points": 4}]
    assert all(sum(line["points"] for line in p["breakdown"]) == p["total"] for p in players)


def test_rulebook_escape_example_scores_34():
    assert score(escape())["players"][0]["total"] == 34


def test_escape_answers_every_player_in_input_order():
    # Julie: 4 + 3 (second-most creatures) + 10 + 7 (most gold) + 4 + 12 = 40; Paul: 2 + 1 + 1.
    assert [(p["name"], p["total"], p["place"]) for p in score(escape())["players"]] == [
        ("Martin", 34, 2), ("Julie", 40, 1), ("Paul", 4, 3)]


def test_fellowship_takes_the_events_that_moved_the_track():
    body = {"scenario": 1, "players": [
        {"name": "Martin", "creatures": [5], "gold_taken": 2, "companions": [2, 1]},
        {"name": "Julie", "creatures": [], "gold_taken": 0, "companions": []},
    ]}
    assert [p["total"] for p in score(body)["players"]] == [5 + 4 + 4, 0]


def test_tied_totals_share_a_place_and_the_next_is_skipped():
    body = magnificent()
    body["players"].append({**body["players"][0], "name": "Anne"})
    assert [p["place"] for p in score(body)["players"]] == [1, 3, 1]


def test_the_published_example_scores():
    example = GAME.quick_scorers[""].example
    assert score(copy.deepcopy(example))["players"][0]["total"] == 61


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda b: b.update(scenario=4), "scenario"),
        (lambda b: b.update(scenario="2"), "scenario"),
        (lambda b: b.update(scenario=True), "scenario"),
        (lambda b: b.update(players=b["players"][:1]), "players"),
        (lambda b: b.update(players=b["players"] * 3), "players"),
        (lambda b: b["players"][1].update(name="martin"), "twice"),
        (lambda b: b["players"][0].update(gold=-1), "players[0].gold"),
        (lambda b: b["players"][0].update(gold=1.5), "players[0].gold"),
        (lambda b: b["players"][0].update(gold=True), "players[0].gold"),
        (lambda b: b["players"][0].update(herbs=[5]), "players[0].herbs[0]"),
        (lambda b: b["players"][0].update(swords=[4]), "players[0].swords[0]"),
        (lambda b: b["players"][0].pop("largest_group"), "players[0].largest_group is missing"),
        (lambda b: b["players"][0].update(gld=2), "players[0].gld"),
        (lambda b: b["players"][0].update(creatures=[1] * 15), "creatures"),
        (lambda b: b["players"][0].update(name=""), "players[0].name"),
        (lambda b: b.pop("players"), "body.players is missing"),
    ],
)
def test_bad_magnificent_input_is_refused_naming_the_field(change, words):
    body = magnificent()
    change(body)
    with pytest.raises(ScoreInputError, match=words.replace("[", r"\[").replace("]", r"\]")):
        score(body)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda b: b["players"][0]["cities"].update(Atlantis=1), "unknown city 'Atlantis'"),
        (lambda b: b["cities"].update(K10=0), "cities.K10"),
        (lambda b: b.pop("creatures_left_on_board"), "creatures_left_on_board is missing"),
        (lambda b: b.update(creatures_left_on_board=11), "creatures"),  # 4 defeated + 11 > 14
        (lambda b: b["players"][2].update(herbs=[]), "players[2].herbs"),
        (lambda b: b["players"][0]["cities"].update(K10=-1), "K10"),
    ],
)
def test_bad_escape_input_is_refused_naming_the_field(change, words):
    body = escape()
    change(body)
    with pytest.raises(ScoreInputError, match=words.replace("[", r"\[").replace("]", r"\]")):
        score(body)


def test_a_body_that_is_not_an_object_is_refused():
    with pytest.raises(ScoreInputError, match="the body must be a JSON object"):
        score([1, 2])


players = st.lists(
    st.fixed_dictionaries({
        "creatures": st.lists(st.integers(1, 9), max_size=3),
        "gold": st.integers(0, 4),
        "herbs": st.lists(st.sampled_from([2, 3, 4]), max_size=4),
        "swords": st.lists(st.sampled_from([0, 1, 2, 3]), max_size=5),
        "largest_group": st.integers(0, 15),
    }),
    min_size=2, max_size=4,
)


@given(players)
def test_place_is_one_plus_the_players_strictly_ahead(raw):
    body = {"scenario": 2, "players": [{"name": f"P{i}", **p} for i, p in enumerate(raw)]}
    answer = score(body)["players"]
    assert [a["name"] for a in answer] == [p["name"] for p in body["players"]]
    for a in answer:
        assert a["place"] == 1 + sum(other["total"] > a["total"] for other in answer)


@given(players, st.randoms())
def test_reordering_players_does_not_change_anyones_total(raw, rnd):
    body = {"scenario": 2, "players": [{"name": f"P{i}", **p} for i, p in enumerate(raw)]}
    shuffled = {**body, "players": rnd.sample(body["players"], len(raw))}
    by_name = {a["name"]: a for a in score(body)["players"]}
    assert all(by_name[a["name"]] == a for a in score(shuffled)["players"])


def fellowship(**ann):
    player = {"name": "Ann", "creatures": [5], "gold_taken": 2, "companions": [3, 1], **ann}
    return {"scenario": 1, "players": [player, {"name": "Ben", "creatures": [], "gold_taken": 0, "companions": []}]}


@pytest.mark.parametrize("ann, words", [
    ({"companions": [20, 20]}, "companions: 40 in all, but the box has only 30"),  # would be 420 points
    ({"companions": [10 ** 9]}, "players[0].companions[0] must be at most 30"),
    ({"gold_taken": 10 ** 4000}, "players[0].gold_taken must be at most 18"),
    ({"creatures": [11]}, "players[0].creatures[0] must be at most 10"),
    ({"creatures": [5] * 15}, "players[0].creatures has 15 entries, but the box has only 14"),
])
def test_numbers_past_what_the_box_holds_are_refused_with_a_clear_message(ann, words):
    """Rulebook, "Contenu du jeu": "30 frères d'armes", "18 pépites d'or", "14 créatures maléfiques";
    laurels: the examples show 5 to 8 (box.toml [limits])."""
    with pytest.raises(ScoreInputError) as refused:
        score(fellowship(**ann))
    assert words in str(refused.value)


def test_a_city_larger_than_all_city_fields_is_refused():
    body = escape()
    body["cities"]["K10"] = 10 ** 9
    with pytest.raises(ScoreInputError, match="cities.K10 must be at most 30"):
        score(body)


def test_the_box_limits_still_score_a_full_fellowship():
    assert score(fellowship(companions=[10, 10, 10], gold_taken=18, creatures=[10, 8]))["players"][0]["total"] \
        == 18 + 3 * 55 + 36
