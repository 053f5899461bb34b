"""Adventure 3's final count: what only the board shows, entered by the table.

The city map is in no source, so the app never works out where a figure stands: for each player
the table enters how many of their figures (adventurers and companions) stand in each city; the
rest stand outside ("en dehors des villes", the start area included). The table also confirms
each city's size and the number of creatures still on the board.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..base import Actor, Applied, RuleError, State, acting_seat, label, nlabel, nmsg
from . import bands
from .box import count
from .checks import player_name
from .setup import LEARNED_CITY_SIZES


def _city(state: State, raw: Any) -> str:
    if not isinstance(raw, str) or raw not in state["cities"]:
        raise RuleError("There is no city %(city)s", city=str(raw))
    return raw


def enter_city_figures(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """Fields ``city`` and ``figures``: two lists of the same length; a city left out holds none."""
    seat = acting_seat(state, action, actor)
    raw_cities, figures = action["city"], action["figures"]
    if len(raw_cities) != len(figures):
        raise RuleError("Give one number of figures per city")
    entered: dict[str, int] = {}
    for raw, n in zip(raw_cities, figures):
        city = _city(state, raw)
        if city in entered:
            raise RuleError("City %(city)s is given twice", city=city)
        if n:
            entered[city] = n
    in_play = sum(bands.figures(b) for b in state["players"][seat]["bands"])
    if sum(entered.values()) > in_play:
        raise RuleError("%(player)s has only %(figures)s on the board", player=player_name(state, seat),
                        figures=nmsg("%(num)s figure", "%(num)s figures", in_play))
    new = state
    new["players"][seat]["cities"] = entered
    return Applied(new, label("The figures of %(player)s in cities are entered", player=player_name(state, seat)))


def set_city_size(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """The table confirms a size from its board; later games start from it (``learned``)."""
    city = _city(state, action.get("city"))
    size = action["size"]
    new = state
    new["cities"][city] = size
    return Applied(
        new,
        nlabel("A city's size is set to %(num)s field", "A city's size is set to %(num)s fields", size),
        learned={LEARNED_CITY_SIZES: {city: size}},
    )


def set_creatures_on_board(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """The penalty counts "créatures se trouvant encore sur le plateau": the table confirms the number."""
    defeated = sum(len(p["creatures"]) for p in state["players"])
    left = action["count"]
    if left > count("fog_creatures") - defeated:  # the box's creatures less those the players hold
        raise RuleError("%(field)s must be at most %(hi)s", field="count", hi=count("fog_creatures") - defeated)
    new = state
    new["creatures"]["on_board"] = left
    return Applied(new, nlabel("%(num)s creature is still on the board", "%(num)s creatures are still on the board", left))


def finish_scoring(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    missing = [p["name"] for p in state["players"] if p["cities"] is None]
    if missing:
        raise RuleError("Enter the figures in cities of: %(players)s", players=", ".join(missing))
    new = state
    new["phase"] = "over"
    return Applied(new, label("Final count done"))
