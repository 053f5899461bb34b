"""Act scoring without a tracked game: ``POST /api/score/beowulf-the-movie/act``.

The body describes an act's final grid; the answer gives every figure's points and each player's
total, from the same scorer a tracked game uses (scoring.score_grid).
"""

from __future__ import annotations

from typing import Any, Mapping

from .box import ABILITY_KEYS, FIGURE_KINDS, FIGURES, MAX_SIDE, MAX_TILE_VALUE
from .quick_form import from_form
from .scoring import Figure, Grid, Piece, Tile, score_grid
from ..base import QuickScorer, ScoreInputError, _, table_name

MAX_PLAYER_LENGTH = 40
# A player with more figures of a kind than they own: one message per kind, so that each
# language names the figure in its own words (the English, the JSON answer, names the kind key).
TOO_MANY_FIGURES = {
    "beowulf": _("%(player)s has %(n)s beowulf figures on the grid but owns only %(most)s"),
    "thane": _("%(player)s has %(n)s thane figures on the grid but owns only %(most)s"),
    "castle": _("%(player)s has %(n)s castle figures on the grid but owns only %(most)s"),
    "longship": _("%(player)s has %(n)s longship figures on the grid but owns only %(most)s"),
}


def _int(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    # bool is a subclass of int in Python; JSON true/false is not a number of squares or points.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoreInputError("%(where)s must be an integer", where=where)
    if lo is not None and value < lo or hi is not None and value > hi:
        raise ScoreInputError("%(where)s must be between %(lo)s and %(hi)s", where=where, lo=lo, hi=hi)
    return value


def _object(value: Any, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> Mapping:
    if not isinstance(value, Mapping):
        raise ScoreInputError("%(where)s must be an object", where=where)
    for name in required:
        if name not in value:
            raise ScoreInputError("%(where)s is missing", where=f"{where}.{name}")
    unknown = sorted(set(value) - set(required) - set(optional))
    if unknown:
        raise ScoreInputError("%(where)s is not a known field", where=f"{where}.{unknown[0]}")
    return value


def _figure(raw: Any, where: str) -> Figure:
    data = _object(raw, where, ("player", "kind"))
    player, kind = data["player"], data["kind"]
    if table_name(player, MAX_PLAYER_LENGTH) is None:
        raise ScoreInputError("%(where)s must be a name or colour of 1 to %(most)s characters",
                              where=f"{where}.player", most=MAX_PLAYER_LENGTH)
    if kind not in FIGURE_KINDS:
        raise ScoreInputError("%(where)s must be one of %(choices)s, not %(value)r", where=f"{where}.kind",
                              choices=", ".join(FIGURE_KINDS), value=kind)
    return Figure(player, kind)


def _tile(raw: Any, where: str) -> Tile:
    data = _object(raw, where, ("value",), ("ability",))
    # A printed value within the app's bound (box.MAX_TILE_VALUE), as in a tracked game.
    value = _int(data["value"], f"{where}.value", -MAX_TILE_VALUE, MAX_TILE_VALUE)
    ability = data.get("ability")
    if ability is not None and ability not in ABILITY_KEYS:
        raise ScoreInputError("%(where)s must be one of %(choices)s, not %(value)r", where=f"{where}.ability",
                              choices=", ".join(ABILITY_KEYS), value=ability)
    return Tile(value, ability)


def _piece(raw: Mapping, where: str) -> Piece:
    if ("figure" in raw) == ("tile" in raw):
        raise ScoreInputError("%(where)s must hold exactly one of figure or tile", where=where)
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
            raise ScoreInputError(TOO_MANY_FIGURES[kind], player=player, n=n, most=FIGURES[kind].count)


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
            raise ScoreInputError("%(where)s: square row %(row)s, col %(col)s is already taken", where=where,
                                  row=square[0], col=square[1])
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
                        "properties": {"value": {"type": "integer", "minimum": -MAX_TILE_VALUE, "maximum": MAX_TILE_VALUE,
                                                 "description": "Printed value; 0 if none"},
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
