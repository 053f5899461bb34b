"""Who sits where and who may move: seats are numbered clockwise around the table.

Public moves for a player (took part, passed, dropped out, picked a space) come from that
player's phone or the host's. Private ones (a face-down token's value, which tokens to give or
reveal) come only from the owner's phone.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..base import Actor, RuleError, State


def clockwise_from(first: int, players: int) -> list[int]:
    """Every seat once, starting with ``first`` and going clockwise."""
    return [(first + k) % players for k in range(players)]


def distance(first: int, seat: int, players: int) -> int:
    """How far clockwise ``seat`` sits from ``first`` (0 for the first player)."""
    return (seat - first) % players


def require_owner(state: State, actor: Actor, seat: int) -> None:
    """A private move: only from the owner's own phone (the host cannot see their tokens)."""
    if actor.seat != seat:
        raise RuleError("Only %(name)s can do that, from their own phone", name=state["players"][seat]["name"])


def list_field(action: Mapping[str, Any], name: str) -> list[Any]:
    """A list field from JSON (a list) or a form ("x[]" arrives as a list; one value may arrive bare)."""
    raw = action.get(name)
    if raw is None:
        return []
    if isinstance(raw, list):
        return raw
    return [raw]
