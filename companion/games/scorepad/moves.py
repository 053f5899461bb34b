"""Score pad moves: add points in the open, or write them face down until the round ends.

Each handler changes the copy of the state the platform hands it (``GameKit.apply``) and
says what happened in a label every phone may read. Who may make each move and the bounds of
its fields are the move table's (``game.py``), checked by the kit before a handler runs.
"""

from __future__ import annotations

from ..base import Action, Actor, Applied, RuleError, State, label, nlabel, seat_field

POINTS_LIMIT = 100_000


def add_points(state: State, action: Action, actor: Actor) -> Applied:
    seat = seat_field(action, "seat", state["players"])  # the schema cannot know the table's size
    points = action["points"]
    if points == 0:
        raise RuleError("Enter some points first.")
    player = state["players"][seat]
    player["rounds"][-1] += points
    return Applied(state, nlabel("%(player)s: %(num)+d point (round %(round)s)",
                                 "%(player)s: %(num)+d points (round %(round)s)",
                                 points, player=player["name"], round=state["round"]))


def write_secret(state: State, action: Action, actor: Actor) -> Applied:
    player = state["players"][actor.seat]  # who=OWN_SEAT: only the owner's phone gets here
    player["secret"] = action["points"]
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
