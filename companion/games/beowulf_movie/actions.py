"""Every move a tracked game accepts, with the JSON Schema of its fields (for the OpenAPI document).

Form posts send numbers as digit strings; the rules coerce them (base.int_field), so the schemas
describe the JSON form of a move.
"""

from __future__ import annotations

from typing import Any

from .box import ABILITY_KEYS, FIGURE_KINDS, MAX_SIDE, MAX_TILE_VALUE
from .moves import MAX_CORRECTION, SQUARE_KINDS
from ..base import ActionSpec, _

_ROW = {"type": "integer", "minimum": 0, "maximum": MAX_SIDE - 1, "description": "Row, from 0 (top)"}
_COL = {"type": "integer", "minimum": 0, "maximum": MAX_SIDE - 1, "description": "Column, from 0 (left)"}
_SQUARE = {"type": "string", "pattern": r"^\d+,\d+$",
           "description": "Instead of row and col: the square as \"row,col\" (the grid form's radio buttons)"}
_TARGET = {"type": "string", "pattern": r"^\d+,\d+$"}
_FOLLOW_UP = {
    "remove": {**_TARGET, "description": "Temptation: a Courage tile in play to send back to the box; "
                                         "Courage: a Temptation tile (\"row,col\")"},
    "swap": {**_TARGET, "description": "Golden Statue: the first of two other tiles to swap (\"row,col\")"},
    "swap2": {**_TARGET, "description": "Golden Statue: the second tile to swap (\"row,col\")"},
}
_SEAT = {"type": "integer", "minimum": 0, "description": "A seat; omitted: the acting phone's own seat"}


def _object(required: list[str], **properties: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": required}


ACTIONS: dict[str, ActionSpec] = {
    "set_board_size": ActionSpec(
        _("Set the rows and columns of this act's board (while entering its shape)"),
        _object(["rows", "cols"],
                rows={"type": "integer", "minimum": 1, "maximum": MAX_SIDE},
                cols={"type": "integer", "minimum": 1, "maximum": MAX_SIDE})),
    "set_square": ActionSpec(
        _("Mark a square of the board playable, not part of the board, or a printed Gorge (Act II)"),
        _object(["row", "col", "kind"], row=_ROW, col=_COL,
                kind={"type": "string", "enum": list(SQUARE_KINDS)})),
    "confirm_board": ActionSpec(
        _("Save the board's shape: pieces can be placed; later games on this server reuse it"),
        _object([])),
    "edit_board": ActionSpec(_("Go back to editing this act's board shape"), _object([])),
    "place_figure": ActionSpec(
        _("Place one of your figures on an empty square (the host may place anyone's)"),
        _object(["row", "col", "kind"], row=_ROW, col=_COL, seat=_SEAT,
                kind={"type": "string", "enum": list(FIGURE_KINDS)}),
        stale_ok=True),
    "place_tile": ActionSpec(
        _("Place a tile with its printed value (0 if none) and special ability on an empty square"),
        _object(["row", "col", "value"], row=_ROW, col=_COL,
                value={"type": "integer", "minimum": -MAX_TILE_VALUE, "maximum": MAX_TILE_VALUE},
                ability={"type": ["string", "null"], "enum": [*ABILITY_KEYS, "", None]}, **_FOLLOW_UP),
        stale_ok=True),
    "place": ActionSpec(
        _("The grid form's move: place a figure (what = its kind) or a tile (what = tile) on a square"),
        {**_object(["what"], square=_SQUARE, row=_ROW, col=_COL, seat=_SEAT,
                   what={"type": "string", "enum": [*FIGURE_KINDS, "tile"]},
                   value={"type": "integer", "minimum": -MAX_TILE_VALUE, "maximum": MAX_TILE_VALUE},
                   ability={"type": ["string", "null"], "enum": [*ABILITY_KEYS, "", None]}, **_FOLLOW_UP),
         "anyOf": [{"required": ["square"]}, {"required": ["row", "col"]}]},
        stale_ok=True),
    "remove_piece": ActionSpec(
        _("Take a figure (back to its owner) or a tile (to the box) off a square"),
        _object(["row", "col"], row=_ROW, col=_COL)),
    "good_counsel": ActionSpec(
        _("Good Counsel: move one of your figures to an empty square beside it (not diagonally) "
          "and place the tile where it stood"),
        _object(["square", "to"], seat=_SEAT,
                square={**_TARGET, "description": "The figure's square (\"row,col\")"},
                to={**_TARGET, "description": "The empty square beside it (\"row,col\")"},
                value={"type": "integer", "minimum": -MAX_TILE_VALUE, "maximum": MAX_TILE_VALUE,
                       "description": "The Good Counsel tile's printed value (0 if none)"}),
        stale_ok=True),
    "drunkenness": ActionSpec(
        _("Drunkenness: replace a Mead tile on the board (the Mead tile goes back to the box)"),
        _object(["square"], square={**_TARGET, "description": "The Mead tile's square (\"row,col\")"},
                value={"type": "integer", "minimum": -MAX_TILE_VALUE, "maximum": MAX_TILE_VALUE,
                       "description": "The Drunkenness tile's printed value (0 if none)"}),
        stale_ok=True),
    "cash_treasure": ActionSpec(
        _("Cash a Treasure tile instead of placing it: its treasure value in saga points at once"),
        _object(["points"], seat=_SEAT,
                points={"type": "integer", "minimum": 1, "maximum": MAX_TILE_VALUE}),
        stale_ok=True),
    "correct_saga": ActionSpec(
        _("Correct a player's saga points by hand (kept in the ledger with a note)"),
        _object(["points"], seat=_SEAT,
                points={"type": "integer", "minimum": -MAX_CORRECTION, "maximum": MAX_CORRECTION,
                        "not": {"const": 0}},
                note={"type": "string", "maxLength": 80}),
        stale_ok=True),
    "set_first_player": ActionSpec(
        _("Record who starts this act (Act I: the youngest player)"),
        _object(["seat"], seat={"type": "integer", "minimum": 0})),
    "score_act": ActionSpec(
        _("Score every figure on the board: saga points, Longships back, other figures retired"),
        _object([])),
    "next_act": ActionSpec(
        _("Start the next act, naming who would have played next"),
        _object(["first_seat"], first_seat={"type": "integer", "minimum": 0})),
    "end_game": ActionSpec(_("End the game after Act III and show the final scores"), _object([])),
}
