"""The score pad as a Game: its players and option, its move table, what each seat sees, the ranking."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..base import FOR_ITSELF, OWN_SEAT, GameKit, OptionSpec, PlayerSpec, QuickScorer, Score, State, View, _, fields, rank, spec
from .moves import POINTS_LIMIT, add_points, end_round, finish, write_secret
from ..owed import Owed, names, owed, waiting

POINTS = {"type": "integer", "minimum": -POINTS_LIMIT, "maximum": POINTS_LIMIT}
SEAT = {"type": "integer", "minimum": 0}


class ScorePad(GameKit):
    key = "scorepad"
    title = _("Score pad")
    min_players = 2
    max_players = 8
    options = (
        OptionSpec("lowest_wins", _("Lowest total wins"), "bool", False, help=_("For golf-like games.")),
    )
    actions = {
        # A player enters their own points; the host keeps the pad for anyone.
        "add_points": spec(_("Add (or subtract) points for a player this round"), add_points,
                           fields(["seat", "points"], seat=SEAT, points=POINTS), stale_ok=True, who=FOR_ITSELF),
        "write_secret": spec(_("Write your own points face down; revealed when the round ends"), write_secret,
                             fields(["points"], points=POINTS), stale_ok=True, who=OWN_SEAT),
        "end_round": spec(_("Reveal the face-down points and start the next round"), end_round),
        "finish": spec(_("End the game and show the final ranking"), finish),
    }
    quick_scorers: Mapping[str, QuickScorer] = {}

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any], library: Mapping[str, Any]) -> State:
        return {
            "round": 1,
            "lowest_wins": bool(options.get("lowest_wins", False)),
            "over": False,
            "players": [{"name": p.name, "colour": p.colour, "rounds": [0], "secret": None} for p in players],
        }

    def view(self, state: State, seat: int | None) -> View:
        return {
            "round": state["round"],
            "lowest_wins": state["lowest_wins"],
            "players": [
                {"index": i, "name": p["name"], "colour": p["colour"], "total": sum(p["rounds"]),
                 "this_round": p["rounds"][-1], "rounds": list(p["rounds"]),
                 "secret_written": p["secret"] is not None,
                 # Face-down points: only on the writer's own phone.
                 "secret": p["secret"] if i == seat else None}
                for i, p in enumerate(state["players"])
            ],
            "owed": owed_by(state, seat) if seat is not None else None,
        }

    def progress(self, state: State) -> list[list[int]]:
        """Each player's running total after each round (for the chart of a finished game)."""
        running = []
        for p in state["players"]:
            total, points = 0, []
            for round_points in p["rounds"]:
                total += round_points
                points.append(total)
            running.append(points)
        return running

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def final_scores(self, state: State) -> list[Score] | None:
        if not state["over"]:
            return None
        totals = [sum(p["rounds"]) for p in state["players"]]
        keys = [-t for t in totals] if state["lowest_wins"] else totals
        places = rank(keys)
        return [Score(i, p["name"], totals[i], places[i], [(_("Rounds"), totals[i])])
                for i, p in enumerate(state["players"])]


def owed_by(state: State, seat: int) -> Owed | None:
    """The phone's "your move" bar: this seat's points for the round first, then whom the round
    waits for, then the round's end (points of 0 count as not entered yet: a pad cannot tell)."""
    if state["over"]:
        return None
    missing = [i for i, p in enumerate(state["players"]) if p["rounds"][-1] == 0 and p["secret"] is None]
    if seat in missing:
        return owed(_("Enter your points for round %(n)s"), f"add-points-{seat}", n=state["round"])
    if missing:
        return waiting(_("Waiting for points from: %(names)s"), names=names(state["players"], missing))
    return owed(_("Everyone has points: end round %(n)s when it is over"), "end-round", n=state["round"])
