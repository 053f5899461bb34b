"""Invariants over random games: purity, privacy of face-down tiles, figures and points kept."""

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.adventure_land import GAME
from companion.games.base import Actor, PlayerSpec, RuleError

# Biased towards moves that apply: most turns are Anna's, most bands are lone adventurers.
BANDS = st.sampled_from(["1+0", "1+0", "1+0", "1+1", "1+2", "2+0", "2+1", "3+2"])
SEATS = st.sampled_from([0, 0, 0, 0, 1, 2])
HERB, SWORD, DIE = st.sampled_from([2, 3, 4]), st.sampled_from([0, 1, 2, 3]), st.integers(1, 6)

MOVES = st.one_of(
    st.fixed_dictionaries({"type": st.just("take_herb"), "value": HERB}),
    st.fixed_dictionaries({"type": st.just("take_sword"), "value": SWORD}),
    st.fixed_dictionaries({"type": st.just("take_gold")}),
    st.fixed_dictionaries({"type": st.just("companion_joins"), "band": BANDS}),
    st.fixed_dictionaries({"type": st.just("swept_away"), "band": BANDS}),
    st.fixed_dictionaries({"type": st.just("merge_bands"), "band": BANDS, "into": BANDS}),
    st.fixed_dictionaries({
        "type": st.just("start_fight"), "band": BANDS, "strength": st.integers(0, 15),
        "laurel": st.integers(1, 8), "swords": st.lists(SWORD, max_size=3) | st.just([])}),
    st.fixed_dictionaries({"type": st.just("enter_dice"), "dice": st.lists(DIE, max_size=1) | st.lists(DIE, max_size=3)}),
    st.fixed_dictionaries({"type": st.just("add_herb"), "value": HERB}),
    st.fixed_dictionaries({"type": st.just("add_gold")}),
    st.fixed_dictionaries({"type": st.just("reroll"), "die": st.integers(0, 2), "value": DIE}),
    st.fixed_dictionaries({"type": st.sampled_from(["resolve_fight", "cancel_fight", "end_turn"])}),
    st.fixed_dictionaries({"type": st.just("reveal"), "terrain": st.sampled_from(["city", "forest", "mountain", "river", "fog"])}),
)


@st.composite
def whole_fights(draw):
    """A fight from start to end on one phone: swords, their dice, some spending, the outcome."""
    swords, herb = draw(st.lists(SWORD, max_size=3)), draw(HERB)
    steps = [{"type": "take_sword", "value": v} for v in swords] + [
        {"type": "take_gold"},
        {"type": "take_gold"},
        {"type": "take_herb", "value": herb},
        {"type": "start_fight", "band": draw(BANDS), "strength": draw(st.integers(0, 15)), "laurel": draw(st.integers(1, 8)), "swords": swords},
        {"type": "enter_dice", "dice": draw(st.lists(DIE, min_size=len(swords), max_size=len(swords)))},
    ]
    boosts = [
        {"type": "add_herb", "value": herb},
        {"type": "add_gold"},
        {"type": "reroll", "die": draw(st.integers(0, 2)), "value": draw(DIE)},
    ]
    steps += draw(st.lists(st.sampled_from(boosts), max_size=3))
    return steps + [{"type": draw(st.sampled_from(["resolve_fight", "resolve_fight", "cancel_fight"]))}]


TURNS = st.lists(
    st.tuples(SEATS, st.booleans(), MOVES.map(lambda m: [m]) | whole_fights()),
    max_size=30,
).map(lambda turns: [(seat, host, move) for seat, host, moves in turns for move in moves])


def new_game(scenario, players=3):
    specs = [PlayerSpec(n, "red") for n in ["Anna", "Ben", "Cleo"][:players]]
    return GAME.setup(specs, {"scenario": scenario}, {})


def figures(state, seat, key):
    player = state["players"][seat]
    fight = state["fight"]
    in_fight = fight["band"][key] if fight and fight["seat"] == seat else 0
    return sum(b[key] for b in player["bands"] + player["lost"]) + in_fight


def play(state, turns, check):
    for seat, host, move in turns:
        before = copy.deepcopy(state)
        try:
            done = GAME.apply(state, move, Actor(seat, host))
        except RuleError:
            assert state == before, "a refused move changed the state"
            continue
        assert state == before, "apply mutated the state it was given"
        check(state, done.state)
        state = done.state
    return state


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([1, 2, 3]), TURNS)
def test_random_play_keeps_states_json_and_every_adventurer_accounted_for(scenario, turns):
    def check(old, new):
        assert json.loads(json.dumps(new)) == new
        for seat in range(3):
            # adventurers are in play, fighting or lost: never created nor destroyed
            assert figures(new, seat, "adventurers") == 8
            # a companion, once joined, stays counted (in play, fighting or lost)
            assert figures(new, seat, "companions") >= figures(old, seat, "companions")

    play(new_game(scenario), turns, check)


@settings(max_examples=150, deadline=None)
@given(TURNS)
def test_fellowship_track_never_goes_down(turns):
    """Adventure 1: "Il conserve les 2 points de victoire, même s'il utilise cet or"; lost bands keep theirs."""
    def check(old, new):
        for seat in range(3):
            assert GAME.view(new, None)["players"][seat]["track"] >= GAME.view(old, None)["players"][seat]["track"]

    play(new_game(1), turns, check)


def flip_private_values(state, seat):
    """The same game, except every face-down value of ``seat`` (held or committed to a fight) is different."""
    twin = copy.deepcopy(state)
    player = twin["players"][seat]
    player["herbs"] = [2 + (v - 1) % 3 for v in player["herbs"]]
    player["swords"] = [(v + 1) % 4 for v in player["swords"]]
    fight = twin["fight"]
    if fight and fight["seat"] == seat:
        fight["swords"] = [(v + 1) % 4 for v in fight["swords"]]
        fight["herbs"] = [2 + (v - 1) % 3 for v in fight["herbs"]]
    return twin


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([1, 2, 3]), TURNS, st.integers(0, 2))
def test_nobody_else_sees_a_players_herb_and_sword_values(scenario, turns, owner):
    state = play(new_game(scenario), turns, lambda old, new: None)
    twin = flip_private_values(state, owner)
    for seat in [None, 0, 1, 2]:
        if seat != owner:
            assert GAME.view(twin, seat) == GAME.view(state, seat)
    if state["players"][owner]["herbs"] or state["players"][owner]["swords"]:
        assert GAME.view(twin, owner) != GAME.view(state, owner)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=4) | st.sampled_from(["1+0", "large", "city", "3"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=2),
    max_leaves=6,
)
FIELDS = ["seat", "band", "into", "value", "terrain", "strength", "laurel", "swords", "dice", "die", "city", "figures", "size", "count"]


def at_stage(scenario, stage):
    """A game at a point where most moves are legal: fresh, mid-fight (dice to roll or rolled), or counting."""
    state = new_game(scenario)
    setup = {
        "fresh": [],
        "rolling": [{"type": "take_sword", "value": 1}, {"type": "take_gold"}, {"type": "take_herb", "value": 2},
                    {"type": "start_fight", "band": "1+0", "strength": 5, "laurel": 2, "swords": [1]}],
        "counting": [{"type": "end_game"}],
    }
    moves = setup["rolling"] + [{"type": "enter_dice", "dice": [2]}] if stage == "rolled" else setup[stage]
    for move in moves:
        state = GAME.apply(state, move, Actor(0, host=True)).state
    return state


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([1, 2, 3]), st.sampled_from(["fresh", "rolling", "rolled", "counting"]),
       st.sampled_from(sorted(GAME.actions)), st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=4),
       st.sampled_from([None, 0, 1]), st.booleans())
def test_any_payload_is_applied_or_refused_with_a_message_never_a_crash(scenario, stage, move, fields, seat, host):
    state = at_stage(scenario, stage)
    try:
        GAME.apply(state, {**fields, "type": move}, Actor(seat, host))
    except RuleError:
        pass
