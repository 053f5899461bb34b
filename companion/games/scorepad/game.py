"""Score pad rules: add points in the open, or write them face down until the round ends."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..base import (ActionSpec, Actor, Applied, OptionSpec, PlayerSpec, QuickScorer, RuleError, Score, State,
                    View, _, evolve, int_field, label, nlabel, rank)

POINTS_LIMIT = 100_000
POINTS = {"type": "integer", "minimum": -POINTS_LIMIT, "maximum": POINTS_LIMIT}
SEAT = {"type": "integer", "minimum": 0}


class ScorePad:
    key = "scorepad"
    title = _("Score pad")
    min_players = 2
    max_players = 8
    options = (
        OptionSpec("lowest_wins", _("Lowest total wins"), "bool", False, help=_("For golf-like games.")),
    )
    actions = {
        "add_points": ActionSpec(_("Add (or subtract) points for a player this round"),
                                 {"type": "object", "required": ["seat", "points"],
                                  "properties": {"seat": SEAT, "points": POINTS}}, stale_ok=True),
        "write_secret": ActionSpec(_("Write your own points face down; revealed when the round ends"),
                                   {"type": "object", "required": ["points"], "properties": {"points": POINTS}},
                                   stale_ok=True),
        "end_round": ActionSpec(_("Reveal the face-down points and start the next round")),
        "finish": ActionSpec(_("End the game and show the final ranking")),
    }
    quick_scorers: Mapping[str, QuickScorer] = {}

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any], library: Mapping[str, Any]) -> State:
        return {
            "round": 1,
            "lowest_wins": bool(options.get("lowest_wins", False)),
            "over": False,
            "players": [{"name": p.name, "colour": p.colour, "rounds": [0], "secret": None} for p in players],
        }

    def apply(self, state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
        if state["over"]:
            raise RuleError("The game is over.")
        kind = action.get("type")
        if kind == "add_points":
            return self._add_points(state, action, actor)
        if kind == "write_secret":
            return self._write_secret(state, action, actor)
        if kind == "end_round":
            return self._end_round(state)
        if kind == "finish":
            return self._finish(state)
        raise RuleError("Unknown move: %(type)s", type=str(kind))

    def _add_points(self, state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
        seat = int_field(action, "seat", 0, len(state["players"]) - 1)
        points = int_field(action, "points", -POINTS_LIMIT, POINTS_LIMIT)
        if points == 0:
            raise RuleError("Enter some points first.")
        new = evolve(state)
        player = new["players"][seat]
        player["rounds"][-1] += points
        return Applied(new, nlabel("%(player)s: %(num)+d point (round %(round)s)",
                                   "%(player)s: %(num)+d points (round %(round)s)",
                                   points, player=player["name"], round=new["round"]))

    def _write_secret(self, state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
        if actor.seat is None:
            raise RuleError("Only a player can write face-down points, from their own phone.")
        points = int_field(action, "points", -POINTS_LIMIT, POINTS_LIMIT)
        new = evolve(state)
        player = new["players"][actor.seat]
        player["secret"] = points
        # The label says that something was written, never what: it is shown to everyone.
        return Applied(new, label("%(player)s wrote points face down", player=player["name"]))

    def _end_round(self, state: State) -> Applied:
        new = evolve(state)
        for player in new["players"]:
            player["rounds"][-1] += player["secret"] or 0
            player["secret"] = None
            player["rounds"].append(0)
        new["round"] += 1
        return Applied(new, label("Round %(round)s ended", round=state["round"]))

    def _finish(self, state: State) -> Applied:
        new = evolve(state)
        for player in new["players"]:
            player["rounds"][-1] += player["secret"] or 0
            player["secret"] = None
        new["over"] = True
        return Applied(new, label("The game ended"))

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
