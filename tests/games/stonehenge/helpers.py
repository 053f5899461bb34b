"""Helpers for the Stonehenge tests: a table of 3–5 druids, cards written "n12" / "d30" / "dolmen"."""

from __future__ import annotations

from typing import Any, Mapping

from companion.games.base import Actor, Applied, PlayerSpec, State
from companion.games.stonehenge import GAME
from tests.helpers import HOST

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
COLOURS = ["red", "blue", "green", "yellow", "white"]


def new_game(players: int = 3, **options: Any) -> State:
    return GAME.setup([PlayerSpec(NAMES[i], COLOURS[i]) for i in range(players)], options, {})


def card_fields(card: str) -> dict[str, Any]:
    """ "n12" → night 12, "d30" → day 30, "dolmen" → the dolmen card."""
    if card == "dolmen":
        return {"suit": "dolmen"}
    return {"suit": {"n": "night", "d": "day"}[card[0]], "value": int(card[1:])}


def act(state: State, action: Mapping[str, Any], actor: Actor = HOST) -> Applied:
    return GAME.apply(state, dict(action), actor)


def play(state: State, *cards: str) -> State:
    """Every seat's revealed card for the current challenge, entered by the host in seat order."""
    for seat, card in enumerate(cards):
        state = act(state, {"type": "reveal", "seat": seat, **card_fields(card)}).state
    return state


def with_apprentices(state: State, **stones_by_seat: list[int]) -> State:
    """A copy of ``state`` with apprentices put on stones, e.g. with_apprentices(s, ann=[17], bob=[11])."""
    state = {**state, "stones": list(state["stones"]), "supply": list(state["supply"])}
    for name, stones in stones_by_seat.items():
        seat = NAMES.index(name.capitalize())
        for stone in stones:
            assert state["stones"][stone - 1] is None
            state["stones"][stone - 1] = seat
            state["supply"][seat] -= 1
    return state


def occupant(state: State, stone: int) -> str | None:
    seat = state["stones"][stone - 1]
    return None if seat is None else NAMES[seat]


def stones_of(state: State, name: str) -> list[int]:
    seat = NAMES.index(name)
    return [n for n, s in enumerate(state["stones"], start=1) if s == seat]
