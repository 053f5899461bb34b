"""Who sits where and who may move: seats are numbered clockwise around the table.

Public moves for a player (took part, passed, dropped out, picked a space) come from that
player's phone or the host's. Private ones (a face-down token's value, which tokens to give or
reveal) come only from the owner's phone.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..base import Actor, RuleError, State, seat_field


def clockwise_from(first: int, players: int) -> list[int]:
    """Every seat once, starting with ``first`` and going clockwise."""
    return [(first + k) % players for k in range(players)]


def distance(first: int, seat: int, players: int) -> int:
    """How far clockwise ``seat`` sits from ``first`` (0 for the first player)."""
    return (seat - first) % players


def require_seated(actor: Actor) -> None:
    if actor.seat is None and not actor.host:
        raise RuleError("Only a player at the table or the host can do that")


def require_for(state: State, actor: Actor, seat: int) -> None:
    """A public move for ``seat``: that player's phone or the host's."""
    if not (actor.host or actor.seat == seat):
        raise RuleError("Only %(name)s or the host can do that for %(name)s", name=state["players"][seat]["name"])


def require_owner(state: State, actor: Actor, seat: int) -> None:
    """A private move: only from the owner's own phone (the host cannot see their tokens)."""
    if actor.seat != seat:
        raise RuleError("Only %(name)s can do that, from their own phone", name=state["players"][seat]["name"])


def acting_seat(state: State, action: Mapping[str, Any], actor: Actor) -> int:
    """The ``seat`` field of a public move, defaulting to the phone's own seat."""
    if action.get("seat") in (None, "") and actor.seat is not None:
        return actor.seat
    seat = seat_field(action, "seat", state["players"])
    require_for(state, actor, seat)
    return seat


def list_field(action: Mapping[str, Any], name: str) -> list[Any]:
    """A list field from JSON (a list) or a form ("x[]" arrives as a list; one value may arrive bare)."""
    raw = action.get(name)
    if raw is None:
        return []
    if isinstance(raw, list):
        return raw
    return [raw]
