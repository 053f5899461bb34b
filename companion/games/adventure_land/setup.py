"""A new game: the adventure, the sort-out by player count, everyone's adventurers in the start area."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..base import PlayerSpec, RuleError, State
from . import bands
from .box import FLAT, PER_PLAYER, cities, count, sort_out

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # the sort-out table has rows for 2, 3 and 4 players
SCENARIOS = (1, 2, 3)
LEARNED_CITY_SIZES = "city_sizes"  # a library entry: city key → size a table confirmed


def scenario_option(raw: Any) -> int:
    try:
        scenario = int(raw)
    except (TypeError, ValueError):
        scenario = 0
    if scenario not in SCENARIOS or isinstance(raw, bool):
        raise RuleError("Choose adventure 1, 2 or 3")
    return scenario


def sort_out_option(raw: Any) -> str:
    if raw in (None, ""):
        return PER_PLAYER
    if raw not in (PER_PLAYER, FLAT):
        raise RuleError("sort_out must be one of: %(choices)s", choices=f"{PER_PLAYER}, {FLAT}")
    return raw


def city_sizes(library: Mapping[str, Any]) -> dict[str, int]:
    """The box's cities, with any size an earlier table confirmed from its board."""
    learned = library.get(LEARNED_CITY_SIZES) or {}
    sizes = {}
    for city in cities():
        size = learned.get(city.key) if isinstance(learned, Mapping) else None
        ok = isinstance(size, int) and not isinstance(size, bool) and size >= 1
        sizes[city.key] = size if ok else city.size
    return sizes


def new_player(spec: PlayerSpec, adventurers: int) -> dict[str, Any]:
    return {
        "name": spec.name,
        "colour": spec.colour,
        "bands": [bands.band() for _ in range(adventurers)],
        "lost": [],  # bands removed from the game: {"adventurers", "companions", "cause"}
        "creatures": [],  # laurel values, in the order won
        "gold": 0,
        "gold_taken": 0,
        "herbs": [],  # face down: values seen by the owner only
        "swords": [],  # face down: extra values seen by the owner only
        "cities": None,  # adventure 3, at the count: city key → figures there
    }


def new_game(players: Sequence[PlayerSpec], options: Mapping[str, Any], library: Mapping[str, Any]) -> State:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleError("Adventure Land is played by 2 to 4 players")
    scenario = scenario_option(options.get("scenario", 1))
    reading = sort_out_option(options.get("sort_out"))
    plan = sort_out(len(players), reading)
    return {
        "scenario": scenario,
        "sort_out": reading,
        "players": [new_player(p, plan.adventurers_each) for p in players],
        # "Le jeu s'achève dès qu'il n'y a plus ni épée ni frère d'armes dans la réserve."
        "supply": {"companions": plan.companions_in_play, "swords": plan.swords_in_play},
        "creatures": {"stack": count("fog_creatures"), "on_board": 0},
        "turn": {"seat": 0, "first": 0, "round": 1},
        "last_round": False,
        "phase": "play",  # play → (adventure 3: counting) → over
        "fight": None,
        "last_fight": None,
        "cities": city_sizes(library) if scenario == 3 else {},
    }
