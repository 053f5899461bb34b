"""Each player writes a bid face down; once every bid is in, the bids are shown and the highest wins."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..base import (OWN_SEAT, Action, Actor, Applied, GameKit, PlayerSpec, RuleError, Score, State, View, _,
                    fields, label, rank, spec)

BID = {"type": "integer", "minimum": 0, "maximum": 100}


def write_bid(state: State, action: Action, actor: Actor) -> Applied:
    """who=OWN_SEAT: only the bidder's own phone gets here; the label never says the bid."""
    player = state["players"][actor.seat]
    player["bid"] = action["bid"]
    return Applied(state, label("%(player)s wrote a bid face down", player=player["name"]))


def reveal(state: State, action: Action, actor: Actor) -> Applied:
    missing = [p["name"] for p in state["players"] if p["bid"] is None]
    if missing:
        raise RuleError("Waiting for the bids of: %(names)s", names=", ".join(missing))
    state["phase"] = "over"
    return Applied(state, label("The bids are shown"))


class ClosedBid(GameKit):
    key = "closed-bid"
    title = _("Closed bid")
    min_players, max_players = 2, 6
    options = ()
    quick_scorers: Mapping[str, Any] = {}
    actions = {
        "write_bid": spec(_("Write your bid face down (you may change it until the bids are shown)"), write_bid,
                          fields(["bid"], bid=BID), stale_ok=True, who=OWN_SEAT),
        "reveal": spec(_("Show every bid: the highest wins"), reveal),
    }

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any], library: Mapping[str, Any]) -> State:
        return {"phase": "bidding", "players": [{"name": p.name, "colour": p.colour, "bid": None} for p in players]}

    def view(self, state: State, seat: int | None) -> View:
        shown = state["phase"] == "over"
        return {"shown": shown, "players": [
            {"index": i, "name": p["name"], "colour": p["colour"], "written": p["bid"] is not None,
             # Face down: only on the bidder's own phone until the bids are shown.
             "bid": p["bid"] if shown or i == seat else None}
            for i, p in enumerate(state["players"])]}

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def final_scores(self, state: State) -> list[Score] | None:
        if not self.is_over(state):
            return None
        bids = [p["bid"] for p in state["players"]]
        return [Score(i, p["name"], bids[i], place) for i, (p, place) in enumerate(zip(state["players"], rank(bids)))]
