"""Checks every move shares: whose holdings a move touches, who may make it, and when."""

from __future__ import annotations

from typing import Any, Mapping

from .. import base
from ..base import Actor, RuleError, State, int_field


def player_name(state: State, seat: int) -> str:
    return state["players"][seat]["name"]


def require_phase(state: State, *phases: str) -> None:
    base.require_phase(state, *phases, why_not=_why_not)


def _why_not(state: State, phases: tuple[str, ...]) -> RuleError:
    if state["phase"] == "counting":
        return RuleError("The game has ended: only the final count is left")
    return RuleError("This is for the final count, after the game has ended")


def require_no_fight(state: State) -> None:
    if state["fight"] is not None:
        raise RuleError("Finish %(player)s's fight first", player=player_name(state, state["fight"]["seat"]))


def require_not_fighting(state: State, seat: int) -> None:
    """A fighter's holdings wait until the fight is over; other players carry on."""
    if state["fight"] is not None and state["fight"]["seat"] == seat:
        require_no_fight(state)


def own_seat(state: State, actor: Actor) -> int:
    """A face-down tile is entered by its owner: nobody else has seen its value."""
    if actor.seat is None or not 0 <= actor.seat < len(state["players"]):
        raise RuleError("Only a seated player can enter their own face-down tiles")
    return actor.seat


def int_list(action: Mapping[str, Any], name: str, lo: int | None = None, hi: int | None = None) -> list[int]:
    """A repeated whole-number field ("x[]" in a form, a JSON list); missing means empty."""
    raw = action.get(name)
    if raw in (None, ""):
        return []
    if not isinstance(raw, list):
        raw = [raw]
    return [int_field({name: item}, name, lo, hi) for item in raw]


def remove_values(held: list[int], wanted: list[int], missing: str) -> list[int]:
    """``held`` without one tile per value in ``wanted``; RuleError(missing) if a value is not held."""
    left = list(held)
    for value in wanted:
        if value not in left:
            raise RuleError(missing, value=value)
        left.remove(value)
    return left
