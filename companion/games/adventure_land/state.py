"""A game's state read as the scorer's input, and its scores."""

from __future__ import annotations

from typing import Any

from ..base import Score, State, rank
from . import bands
from .box_limits import totals as totals_in_the_box
from .scoring import Holdings, breakdowns, totals


def bands_in_play(state: State, seat: int) -> list[dict[str, int]]:
    """A player's bands on the board, the one fighting right now included."""
    fight = state["fight"]
    fighting = [fight["band"]] if fight is not None and fight["seat"] == seat else []
    return state["players"][seat]["bands"] + fighting


def holdings(state: State, seat: int) -> Holdings:
    player: dict[str, Any] = state["players"][seat]
    in_play = bands_in_play(state, seat)
    cities = player["cities"] or {}
    return Holdings(
        creatures=tuple(player["creatures"]),
        gold=player["gold"],
        gold_taken=player["gold_taken"],
        # Adventure 1 has no groups, so a band's companions all joined its one adventurer;
        # bands lost later keep the points their companions scored.
        companions_joined=tuple(b["companions"] for b in in_play + player["lost"]),
        herbs=tuple(player["herbs"]),
        swords=tuple(player["swords"]),
        largest_group=max((bands.figures(b) for b in in_play), default=0),
        outside_cities=sum(bands.figures(b) for b in in_play) - sum(cities.values()),
        cities=dict(cities),
    )


def box_totals(state: State) -> list[tuple[str, int, int]]:
    """Every count the box limits, all players together (box_limits.totals)."""
    return totals_in_the_box([holdings(state, seat) for seat in range(len(state["players"]))],
                             state["creatures"]["on_board"])


def scores(state: State) -> list[Score]:
    """Everyone's score from the shared scorer: final once the game is over, provisional before."""
    lines = breakdowns(
        state["scenario"],
        [holdings(state, seat) for seat in range(len(state["players"]))],
        cities=state["cities"],
        creatures_left=state["creatures"]["on_board"],
    )
    total = totals(lines)
    places = rank(total)
    return [
        Score(seat=i, name=p["name"], total=total[i], place=places[i], breakdown=tuple(lines[i]))
        for i, p in enumerate(state["players"])
    ]


def track(state: State, seat: int) -> int:
    """Adventure 1's scoring track: every point is public and scored as it happens."""
    return totals(breakdowns(1, [holdings(state, seat)]))[0]


def own_provisional(state: State, seat: int) -> int:
    """Adventure 2, for the owner's eyes only: what their holdings would score now."""
    return totals(breakdowns(2, [holdings(state, seat)]))[0]
