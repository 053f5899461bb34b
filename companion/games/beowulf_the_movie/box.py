"""The box's fixed facts, read from ``data/*.toml``: figures, special abilities, acts.

The message ids here (names, effects, hints) are English and translated by the web layer.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True)
class FigureKind:
    kind: str
    name: str
    letter: str
    diamonds: int
    count: int
    returns_after_act: bool


@dataclass(frozen=True)
class Ability:
    key: str
    name: str
    fr: str
    scoring: bool
    effect: str


@dataclass(frozen=True)
class Act:
    number: int
    numeral: str
    foe: str
    printed_gorges: int
    hint: str


def _load(name: str) -> dict:
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)


FIGURES: dict[str, FigureKind] = {
    f["kind"]: FigureKind(**f) for f in _load("figures.toml")["figure"]
}
ABILITIES: dict[str, Ability] = {
    a["key"]: Ability(**a) for a in _load("abilities.toml")["ability"]
}
ACTS: dict[int, Act] = {a["number"]: Act(**a) for a in _load("acts.toml")["act"]}

FIGURE_KINDS: tuple[str, ...] = tuple(FIGURES)
ABILITY_KEYS: tuple[str, ...] = tuple(ABILITIES)
LAST_ACT = max(ACTS)

# Rulebook, "Mise en place du jeu": "chaque joueur prend 50 points de saga."
STARTING_SAGA = 50

# The app's own bounds (no source gives them): a board is at most 20 × 20 squares; printed tile
# values seen in the rulebook run from −6 to +6, so ±20 leaves room without letting typos through.
MAX_SIDE = 20
MAX_TILE_VALUE = 20


def full_supply() -> dict[str, int]:
    """The figures a player has in front of them at the start of the game."""
    return {kind: f.count for kind, f in FIGURES.items()}


def diamonds_of(supply: dict[str, int]) -> int:
    """Total diamonds on the bases of these figures (the final tie-break)."""
    return sum(FIGURES[kind].diamonds * n for kind, n in supply.items())


def square_name(row: int, col: int) -> str:
    """A square as people say it: row letter, column number (row 0, col 0 → "A1")."""
    return f"{chr(ord('A') + row)}{col + 1}"
