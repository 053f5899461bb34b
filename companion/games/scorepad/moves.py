"""Score pad moves: add points in the open, or write them face down until the round ends.

Each handler changes the copy of the state the platform hands it (``GameKit.apply``) and
says what happened in a label every phone may read.
"""

from __future__ import annotations

from ..base import Action, Actor, Applied, RuleError, State, int_field, label, nlabel

POINTS_LIMIT = 100_000


def add_points(state: State, action: Action, actor: Actor) -> Applied:
    seat = int_field(action, "seat", 0, len(state["players"]) - 1)
    points = int_field(action, "points", -POINTS_LIMIT, POINTS_LIMIT)
    if points == 0:
        raise RuleError("Enter some points first.")
    player = state["players"][seat]
    player["rounds"][-1] += points
    return Applied(state, nlabel("%(player)s: %(num)+d point (round %(round)s)",
                                 "%(player)s: %(num)+d points (round %(round)s)",
                                 points, player=player["name"], round=state["round"]))


def write_secret(state: State, action: Action, actor: Actor) -> Applied:
    if actor.seat is None:
        raise RuleError("Only a player can write face-down points, from their own phone.")
    points = int_field(action, "points", -POINTS_LIMIT, POINTS_LIMIT)
    player = state["players"][actor.seat]
    player["secret"] = points
    # The label says that something was written, never what: it is shown to everyone.
    return Applied(state, label("%(player)s wrote points face down", player=player["name"]))


def end_round(state: State, action: Action, actor: Actor) -> Applied:
    ended = state["round"]
    for player in state["players"]:
        player["rounds"][-1] += player["secret"] or 0
        player["secret"] = None
        player["rounds"].append(0)
    state["round"] += 1
    return Applied(state, label("Round %(round)s ended", round=ended))


def finish(state: State, action: Action, actor: Actor) -> Applied:
    for player in state["players"]:
        player["rounds"][-1] += player["secret"] or 0
        player["secret"] = None
    state["over"] = True
    return Applied(state, label("The game ended"))
