"""The box: component counts, the sort-out table and the known cities, read from ``data/``."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"

PER_PLAYER, FLAT = "per_player", "flat"


@dataclass(frozen=True)
class City:
    key: str
    size: int
    fields: tuple[str, ...]  # the fields a source names; may be fewer than ``size``


@dataclass(frozen=True)
class SortOut:
    """What goes back into the box before play, and what is left to play with."""

    adventurers_each: int
    adventurers_put_back_per_colour: int
    companions_put_back: int
    swords_put_back: int
    companions_in_play: int
    swords_in_play: int
    start_positions: tuple[str, ...]


def _load(name: str) -> dict[str, Any]:
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)


@cache
def components() -> dict[str, Any]:
    return _load("box.toml")["components"]


def count(component: str) -> int:
    return int(components()[component])


def limit(name: str) -> int:
    """An upper bound from ``[limits]`` in box.toml (laurel, creature_strength)."""
    return int(_load_cached()["limits"][name])


@cache
def _load_cached() -> dict[str, Any]:
    return _load("box.toml")


def max_city_size() -> int:
    """No city is larger than all the city fields together: 12 + 6 + 5 + 4 + 3 = 30 city cards
    (data/cities.toml)."""
    return sum(c.size for c in cities())


def sword_values() -> tuple[int, ...]:
    return tuple(components()["sword_values"])


def herb_values() -> tuple[int, ...]:
    return tuple(components()["herb_values"])


@cache
def cities() -> tuple[City, ...]:
    return tuple(City(c["key"], c["size"], tuple(c["fields"])) for c in _load("cities.toml")["cities"])


@cache
def sort_out(players: int, reading: str = PER_PLAYER) -> SortOut:
    """The setup table for ``players`` players.

    ``reading`` PER_PLAYER takes the French header literally ("Frères d'armes et épées (par
    joueur)": the count times the number of players); FLAT is the English edition's "number of
    each".
    """
    box = _load("box.toml")
    row = box["sort_out"][str(players)]
    removed = row["companions_and_swords"] * (players if reading == PER_PLAYER else 1)
    start = box["start"]
    positions = start["positions"] + (start["two_player_extra"] if players == 2 else [])
    adventurers = count("adventurers_per_colour") - row["adventurers_per_colour"]
    return SortOut(
        adventurers_each=adventurers,
        adventurers_put_back_per_colour=row["adventurers_per_colour"],
        companions_put_back=removed,
        swords_put_back=removed,
        companions_in_play=count("companions") - removed,
        swords_in_play=count("swords") - removed,
        start_positions=tuple(positions),
    )
