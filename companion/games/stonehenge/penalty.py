"""Penalties, one player at a time in the sheet's order; forced moves apply themselves.

These functions change the state they are given: ``GameKit.apply`` hands the moves its own copy.
"""

from __future__ import annotations

from typing import Any

from ..base import State
from .ring import move_back, penalty_choices


def current(state: State) -> dict[str, Any] | None:
    """The penalty waiting to be applied ({"seat", "value"}), or None."""
    return state["penalties"][0] if state["penalties"] else None


def choices(state: State) -> list[int]:
    """The stones whose apprentice the penalised player may move back now."""
    penalty = current(state)
    if penalty is None:
        return []
    return penalty_choices(state["stones"], penalty["seat"], penalty["value"])


def apply_penalty(state: State, stone: int) -> dict[str, Any]:
    """Moves the apprentice on ``stone`` back by the current penalty; returns the move made."""
    penalty = state["penalties"].pop(0)
    landing = move_back(state["stones"], stone, penalty["value"])
    if landing is None:
        # "retiré du plateau de jeu et rendu à son propriétaire"
        state["supply"][penalty["seat"]] += 1
    move = {"seat": penalty["seat"], "value": penalty["value"], "from": stone, "to": landing}
    state["last"]["moves"].append(move)
    return move


def apply_forced(state: State) -> bool:
    """Applies every penalty that leaves no choice, in order; True once none is left waiting."""
    while state["penalties"]:
        allowed = choices(state)
        if not allowed:
            raise RuntimeError("a penalised player has no apprentice on the board")
        if len(allowed) > 1:
            return False
        apply_penalty(state, allowed[0])
    return True
