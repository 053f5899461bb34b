"""Act scoring without a tracked game: ``POST /api/score/beowulf-the-movie/act``.

The body describes an act's final grid; the answer gives every figure's points and each player's
total, from the same scorer a tracked game uses (scoring.score_grid).
"""

from __future__ import annotations

from typing import Any, Mapping

from .catalogue import ABILITY_KEYS, FIGURE_KINDS, FIGURES, MAX_SIDE
from .quick_form import from_form
from .scoring import Figure, Grid, Piece, Tile, score_grid
from ..base import QuickScorer, ScoreInputError, _

MAX_PLAYER_LENGTH = 40


def _int(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    # bool is a subclass of int in Python; JSON true/false is not a number of squares or points.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoreInputError(f"{where} must be an integer")
    if lo is not None and value < lo or hi is not None and value > hi:
        raise ScoreInputError(f"{where} must be between {lo} and {hi}")
    return value


def _object(value: Any, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> Mapping:
    if not isinstance(value, Mapping):
        raise ScoreInputError(f"{where} must be an object")
    for name in required:
        if name not in value:
            raise ScoreInputError(f"{where}.{name} is missing")
    unknown = sorted(set(value) - set(required) - set(optional))
    if unknown:
        raise ScoreInputError(f"{where}.{unknown[0]} is not a known field")
    return value


def _figure(raw: Any, where: str) -> Figure:
    data = _object(raw, where, ("player", "kind"))
    player, kind = data["player"], data["kind"]
    if not isinstance(player, str) or not player.strip() or len(player) > MAX_PLAYER_LENGTH:
        raise ScoreInputError(f"{where}.player must be a name or colour of 1 to {MAX_PLAYER_LENGTH} characters")
    if kind not in FIGURE_KINDS:
        raise ScoreInputError(f"{where}.kind must be one of {', '.join(FIGURE_KINDS)}, not {kind!r}")
    return Figure(player, kind)


def _tile(raw: Any, where: str) -> Tile:
    data = _object(raw, where, ("value",), ("ability",))
    value = _int(data["value"], f"{where}.value")
    ability = data.get("ability")
    if ability is not None and ability not in ABILITY_KEYS:
        raise ScoreInputError(f"{where}.ability must be one of {', '.join(ABILITY_KEYS)}, not {ability!r}")
    return Tile(value, ability)


def _piece(raw: Mapping, where: str) -> Piece:
    if ("figure" in raw) == ("tile" in raw):
        raise ScoreInputError(f"{where} must hold exactly one of figure or tile")
    if "figure" in raw:
        return _figure(raw["figure"], f"{where}.figure")
    return _tile(raw["tile"], f"{where}.tile")


def _check_figure_counts(pieces: Mapping[tuple[int, int], Piece]) -> None:
    """Rulebook, "Figurines": each player owns 1 Beowulf, 2 Thanes, 3 Castles, 4 Longships."""
    counts: dict[tuple[str, str], int] = {}
    for piece in pieces.values():
        if isinstance(piece, Figure):
            counts[(piece.player, piece.kind)] = counts.get((piece.player, piece.kind), 0) + 1
    for (player, kind), n in sorted(counts.items()):
        if n > FIGURES[kind].count:
            raise ScoreInputError(f"{player} has {n} {kind} figures on the grid but owns only {FIGURES[kind].count}")


def grid_from_request(body: Any) -> Grid:
    """The grid a request describes, or ScoreInputError naming the first bad field."""
    data = _object(body, "request", ("rows", "cols", "cells"))
    rows = _int(data["rows"], "rows", 1, MAX_SIDE)
    cols = _int(data["cols"], "cols", 1, MAX_SIDE)
    if not isinstance(data["cells"], list):
        raise ScoreInputError("cells must be a list")
    pieces: dict[tuple[int, int], Piece] = {}
    for i, raw in enumerate(data["cells"]):
        where = f"cells[{i}]"
        cell = _object(raw, where, ("row", "col"), ("figure", "tile"))
        square = (_int(cell["row"], f"{where}.row", 0, rows - 1), _int(cell["col"], f"{where}.col", 0, cols - 1))
        if square in pieces:
            raise ScoreInputError(f"{where}: square row {square[0]}, col {square[1]} is already taken")
        pieces[square] = _piece(cell, where)
    _check_figure_counts(pieces)
    return Grid(rows, cols, pieces)


def score_act_request(body: Any) -> dict[str, Any]:
    result = score_grid(grid_from_request(body))
    return {
        "figures": [{"row": f.row, "col": f.col, "player": f.player, "kind": f.kind, "diamonds": f.diamonds,
                     "sum": f.sum, "points": f.points} for f in result.figures],
        "players": dict(result.totals),
    }


_SQUARE = {"type": "integer", "minimum": 0, "maximum": MAX_SIDE - 1}
REQUEST_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["rows", "cols", "cells"],
    "additionalProperties": False,
    "properties": {
        "rows": {"type": "integer", "minimum": 1, "maximum": MAX_SIDE},
        "cols": {"type": "integer", "minimum": 1, "maximum": MAX_SIDE},
        "cells": {
            "type": "array",
            "description": "The squares that hold something; squares not listed are empty. "
                           "A Gorge printed on the board is given as a tile with ability gorge.",
            "items": {
                "type": "object",
                "required": ["row", "col"],
                "additionalProperties": False,
                "properties": {
                    "row": _SQUARE,
                    "col": _SQUARE,
                    "figure": {
                        "type": "object", "required": ["player", "kind"], "additionalProperties": False,
                        "properties": {"player": {"type": "string", "minLength": 1, "maxLength": MAX_PLAYER_LENGTH},
                                       "kind": {"type": "string", "enum": list(FIGURE_KINDS)}},
                    },
                    "tile": {
                        "type": "object", "required": ["value"], "additionalProperties": False,
                        "properties": {"value": {"type": "integer", "description": "Printed value; 0 if none"},
                                       "ability": {"type": ["string", "null"], "enum": [*ABILITY_KEYS, None]}},
                    },
                },
                "oneOf": [{"required": ["figure"]}, {"required": ["tile"]}],
            },
        },
    },
}

RESPONSE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["figures", "players"],
    "properties": {
        "figures": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["row", "col", "player", "kind", "diamonds", "sum", "points"],
                "properties": {
                    "row": {"type": "integer"}, "col": {"type": "integer"},
                    "player": {"type": "string"},
                    "kind": {"type": "string", "enum": list(FIGURE_KINDS)},
                    "diamonds": {"type": "integer", "description": "Diamonds on the base plus one per Horn"},
                    "sum": {"type": "integer", "description": "Row and column total after Gorges and Betrayal"},
                    "points": {"type": "integer", "description": "sum × diamonds"},
                },
            },
        },
        "players": {"type": "object", "additionalProperties": {"type": "integer"},
                    "description": "Each player's points for the act"},
    },
}

EXAMPLE: dict[str, Any] = {
    "rows": 5, "cols": 6,
    "cells": [{"row": 0, "col": 0, "figure": {"player": "brown", "kind": "longship"}},
              {"row": 0, "col": 1, "tile": {"value": 1}},
              {"row": 0, "col": 2, "tile": {"value": -2, "ability": "betrayal"}},
              {"row": 2, "col": 3, "tile": {"value": 0, "ability": "gorge"}}],
}

ACT_SCORER = QuickScorer(
    summary=_("Score an act's final grid: every figure's points and each player's total"),
    request_schema=REQUEST_SCHEMA,
    response_schema=RESPONSE_SCHEMA,
    score=score_act_request,
    example=EXAMPLE,
    from_form=from_form,
)
