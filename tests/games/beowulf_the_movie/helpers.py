"""Test helpers: a board drawn as text, and a game driven through its actions.

A drawn board has one line per row, squares separated by spaces:
``.`` empty, ``#`` a printed Gorge, ``3`` / ``-4`` / ``+5`` a plain tile,
``horn`` / ``betrayal-2`` / ``treasure+1`` a special tile (ability, then its printed value if any),
``thane/brown`` a figure (kind/player).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from companion.games.base import PlayerSpec, RuleError
from companion.games.beowulf_the_movie import GAME
from companion.games.beowulf_the_movie.scoring import Figure, Grid, Tile
from tests.helpers import HOST

_SPECIAL = re.compile(r"^([a-z-]+?)([+-]\d+)?$")


def grid(text: str) -> Grid:
    lines = [line.split() for line in text.strip().splitlines()]
    pieces: dict[tuple[int, int], Any] = {}
    printed: set[tuple[int, int]] = set()
    for r, line in enumerate(lines):
        assert len(line) == len(lines[0]), f"row {r} has {len(line)} squares"
        for c, token in enumerate(line):
            if token == ".":
                continue
            if token == "#":
                printed.add((r, c))
            elif "/" in token:
                kind, player = token.split("/")
                pieces[(r, c)] = Figure(player, kind)
            elif re.fullmatch(r"[+-]?\d+", token):
                pieces[(r, c)] = Tile(int(token))
            else:
                ability, value = _SPECIAL.match(token).groups()
                pieces[(r, c)] = Tile(int(value or 0), ability)
    return Grid(len(lines), len(lines[0]), pieces, frozenset(printed))


def new_game(names=("Ann", "Bob", "Cid"), colours=("brown", "green", "grey"), library=None):
    return GAME.setup([PlayerSpec(n, c) for n, c in zip(names, colours)], {}, library or {})


def play(state, *actions, actor=HOST):
    """Applies each action (a dict, or (dict, actor)) in turn; returns the last Applied."""
    applied = None
    for action in actions:
        who = actor
        if isinstance(action, tuple):
            action, who = action
        applied = GAME.apply(state, action, who)
        state = applied.state
    return applied


def with_board(state, rows=3, cols=4, blocked=(), gorges=()):
    """Enters a board's shape the way a table does: size, then square by square, then save."""
    actions = [{"type": "set_board_size", "rows": rows, "cols": cols}]
    actions += [{"type": "set_square", "row": r, "col": c, "kind": "blocked"} for r, c in blocked]
    actions += [{"type": "set_square", "row": r, "col": c, "kind": "gorge"} for r, c in gorges]
    actions.append({"type": "confirm_board"})
    return play(state, *actions).state


def refused(state, action, actor=HOST, *, match: str) -> None:
    """The move is refused with this message, and the state it was given is untouched."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleError, match=match):
        GAME.apply(state, action, actor)
    assert json.dumps(state, sort_keys=True) == before
