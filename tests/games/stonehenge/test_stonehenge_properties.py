"""Invariants over random games played through the moves a table can enter."""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import Actor, RuleError
from companion.games.stonehenge import GAME

from tests.games.stonehenge.helpers import new_game
from tests.helpers import HOST

SUITS = ("night", "day")


@st.composite
def starting_positions(draw):
    """A game at any point of the race: some apprentices already on the ring, some trilithons up."""
    players = draw(st.integers(3, 5))
    state = new_game(players, winner_card=draw(st.sampled_from(["discard", "keep"])))
    free = list(range(1, 31))
    for seat in range(players):
        count = draw(st.integers(0, state["apprentices"] - 1))
        for _ in range(count):
            stone = draw(st.sampled_from(free))
            free.remove(stone)
            state["stones"][stone - 1] = seat
            state["supply"][seat] -= 1
        state["trilithon"][seat] = draw(st.booleans())
    state["trump"] = draw(st.sampled_from(SUITS))
    return state


ALL_CARDS = [(suit, value) for suit in SUITS for value in range(1, 31)]


def fresh_card(draw, taken, dolmen=True):
    """A card no one else entered for this challenge (or these discards); sometimes a dolmen card."""
    if dolmen and draw(st.integers(0, 5)) == 0:
        return {"suit": "dolmen"}
    card = draw(st.sampled_from([card for card in ALL_CARDS if card not in taken]))
    taken.add(card)
    return {"suit": card[0], "value": card[1]}


@st.composite
def legal_move(draw, state):
    """One move the table could enter now, and who enters it."""
    phase = state["phase"]
    if phase == "challenge":
        seat = draw(st.sampled_from([s for s, c in enumerate(state["cards"]) if c is None]))
        taken = {(c["suit"], c["value"]) for c in state["cards"] if c and c["suit"] != "dolmen"}
        # The dolmen card always comes back to hand: the last card held is the dolmen card.
        card = {"suit": "dolmen"} if state["hand"][seat] <= 1 else fresh_card(draw, taken)
        return {"type": "reveal", "seat": seat, **card}, Actor(seat)
    if phase == "penalty":
        view = GAME.view(state, None)["penalty"]
        stone = draw(st.sampled_from([c["stone"] for c in view["choices"]]))
        return {"type": "move_back", "stone": stone}, Actor(view["seat"])
    end = state["round_end"]
    if phase == "discard":
        seat = draw(st.sampled_from([s for s, n in enumerate(end["need"]) if n and end["entries"][s] is None]))
        taken = {(c["suit"], c["value"]) for e in end["entries"] if e for c in e if c["suit"] != "dolmen"}
        cards = [fresh_card(draw, taken, dolmen=False) for _ in range(end["need"][seat])]
        return {"type": "discard", "seat": seat, "suits": [c["suit"] for c in cards],
                "values": [c["value"] for c in cards]}, Actor(seat)
    if phase == "tie":
        return {"type": "break_tie", "seat": draw(st.sampled_from(GAME.view(state, None)["round_end"]["tied"]))}, HOST
    if phase == "convert":
        return {"type": "choose_conversion", "conversion": draw(st.sampled_from(["time", "spirit"])),
                "trump": draw(st.sampled_from(SUITS))}, Actor(end["first"])
    assert phase == "trump"
    return {"type": "choose_trump", "trump": draw(st.sampled_from(SUITS))}, Actor(end["time"])


def check_invariants(state):
    assert json.loads(json.dumps(state)) == state
    assert len(state["stones"]) == 30
    for seat in range(len(state["players"])):
        on_ring = sum(1 for occupant in state["stones"] if occupant == seat)
        # Apprentices leaving the ring go back to their owner: none is ever lost or made.
        assert on_ring + state["supply"][seat] == state["apprentices"]
        assert state["supply"][seat] >= 1 or state["winner"] == seat
        assert state["hand"][seat] >= 0
    if state["last"]:
        for move in state["last"]["moves"]:
            assert move["to"] is None or move["to"] < move["from"]


def with_other_secrets_changed(state, seat):
    """The same state with every face-down entry of the other seats replaced by another card."""
    changed = copy.deepcopy(state)
    for other, card in enumerate(changed["cards"]):
        if other != seat and card is not None:
            changed["cards"][other] = {"suit": "day", "value": 30 if card.get("value") != 30 else 29}
    end = changed["round_end"]
    if end and end["entries"] is not None and end["groups"] is None:
        for other, entry in enumerate(end["entries"]):
            if other != seat and entry is not None:
                end["entries"][other] = [{"suit": "night", "value": 1} for _ in entry]
    return changed


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), starting_positions())
def test_random_games_keep_every_invariant(data, state):
    check_invariants(state)
    for _ in range(40):
        if GAME.is_over(state):
            break
        action, actor = data.draw(legal_move(state))
        before = json.loads(json.dumps(state))
        try:
            applied = GAME.apply(state, action, actor)
        except RuleError:
            assert state == before  # a refused move changes nothing
            continue
        assert state == before, "apply must not change the state it is given"
        assert GAME.apply(state, action, actor).state == applied.state, "apply must be deterministic"
        json.dumps(applied.label.to_json())
        state = applied.state
        check_invariants(state)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), starting_positions())
def test_a_seat_never_sees_the_face_down_entries_of_others(data, state):
    for _ in range(20):
        if GAME.is_over(state):
            break
        action, actor = data.draw(legal_move(state))
        state = GAME.apply(state, action, actor).state
        for seat in [None, *range(len(state["players"]))]:
            assert GAME.view(state, seat) == GAME.view(with_other_secrets_changed(state, seat), seat)


@settings(max_examples=60, deadline=None)
@given(starting_positions())
def test_views_are_plain_json(state):
    for seat in [None, 0]:
        view = GAME.view(state, seat)
        assert json.loads(json.dumps(view)) == view
