"""Checks every move shares: whose holdings a move touches, and what the table waits for.

Who may make a move and in which phase are declared in the move table (actions.py) and
checked by the kit before a handler runs; ``why_not`` words a move out of its phase.
"""

from __future__ import annotations

from ..base import RuleError, State


def player_name(state: State, seat: int) -> str:
    return state["players"][seat]["name"]


def why_not(state: State, phases: tuple[str, ...]) -> RuleError:
    """What the table waits for when a move comes out of its phase (``AdventureLand.not_now``)."""
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


def remove_values(held: list[int], wanted: list[int], missing: str) -> list[int]:
    """``held`` without one tile per value in ``wanted``; RuleError(missing) if a value is not held."""
    left = list(held)
    for value in wanted:
        if value not in left:
            raise RuleError(missing, value=value)
        left.remove(value)
    return left
