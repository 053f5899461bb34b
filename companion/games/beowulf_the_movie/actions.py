"""Every move a tracked game accepts: what it does, who may make it and in which phases, its handler
(moves.py) and the JSON Schema of its fields.

The kit checks who, the phase and the schema before a handler runs (form posts send numbers as digit
strings: the kit reads them as the schema says), so the handlers hold only the rules.
"""

from __future__ import annotations

from .box import ABILITY_KEYS, FIGURE_KINDS, MAX_SIDE, MAX_TILE_VALUE
from . import moves
from .moves import MAX_CORRECTION, SQUARE_KINDS
from ..base import ANY_SEAT, HOST, ActionSpec, _, fields as _object, spec

_ROW = {"type": "integer", "minimum": 0, "maximum": MAX_SIDE - 1, "description": "Row, from 0 (top)"}
_COL = {"type": "integer", "minimum": 0, "maximum": MAX_SIDE - 1, "description": "Column, from 0 (left)"}
_SQUARE = {"type": "string", "pattern": r"^\d+,\d+$", "x-refusal": _("%(field)s must be a square given as row,col"),
           "description": "Instead of row and col: the square as \"row,col\" (the grid form's radio buttons)"}
_TARGET = {"type": "string", "pattern": r"^\d+,\d+$", "x-refusal": _("%(field)s must be a square given as row,col")}
_FOLLOW_UP = {
    "remove": {**_TARGET, "description": "Temptation: a Courage tile in play to send back to the box; "
                                         "Courage: a Temptation tile (\"row,col\")"},
    "swap": {**_TARGET, "description": "Golden Statue: the first of two other tiles to swap (\"row,col\")"},
    "swap2": {**_TARGET, "description": "Golden Statue: the second tile to swap (\"row,col\")"},
}
_SEAT = {"type": "integer", "minimum": 0, "description": "A seat; omitted: the acting phone's own seat"}
# An act's phases: the board's shape is entered, pieces go on squares, the act has been scored.
BOARD, PLAY, SCORED = ("board",), ("play",), ("scored",)



def _on_a_square(required: list[str], **properties: object) -> dict[str, object]:
    """A move on one square: ``square`` ("row,col", the grid's radio buttons) or ``row`` and ``col``."""
    return {**_object(required, square=_SQUARE, row=_ROW, col=_COL, **properties),
            "anyOf": [{"required": ["square"]}, {"required": ["row", "col"]}],
            "x-refusal": _("Tap a square first")}


ACTIONS: dict[str, ActionSpec] = {
    "set_board_size": spec(
        _("Set the rows and columns of this act's board (while entering its shape)"), moves.set_board_size,
        _object(["rows", "cols"],
                rows={"type": "integer", "minimum": 1, "maximum": MAX_SIDE},
                cols={"type": "integer", "minimum": 1, "maximum": MAX_SIDE}), phases=BOARD),
    "set_square": spec(
        _("Mark a square of the board playable, not part of the board, or a printed Gorge (Act II)"), moves.set_square,
        _on_a_square(["kind"], kind={"type": "string", "enum": list(SQUARE_KINDS)}), phases=BOARD),
    "confirm_board": spec(
        _("Save the board's shape: pieces can be placed; later games on this server reuse it"), moves.confirm_board,
        _object([]), phases=BOARD),
    "edit_board": spec(_("Go back to editing this act's board shape"), moves.edit_board, _object([]), phases=PLAY),
    "place_figure": spec(
        _("Place one of your figures on an empty square (the host may place anyone's)"), moves.place_figure,
        _on_a_square(["kind"], seat=_SEAT, kind={"type": "string", "enum": list(FIGURE_KINDS)}),
        stale_ok=True, phases=PLAY),
    "place_tile": spec(
        _("Place a tile with its printed value (0 if none) and special ability on an empty square"), moves.place_tile,
        _on_a_square(["value"],
                value={"type": "integer", "minimum": -MAX_TILE_VALUE, "maximum": MAX_TILE_VALUE},
                ability={"type": ["string", "null"], "enum": [*ABILITY_KEYS, "", None]}, **_FOLLOW_UP),
        stale_ok=True, phases=PLAY),
    "place": spec(
        _("The grid form's move: place a figure (what = its kind) or a tile (what = tile) on a square"), moves.place,
        _on_a_square(["what"], seat=_SEAT,
                     what={"type": "string", "anyOf": [{"enum": [*FIGURE_KINDS, "tile"]},
                                                       {"pattern": r"^tile:[+-]?\d{1,2}$"}],
                           "x-refusal": _("Pick a figure or a tile's value first, then tap a square"),
                           "description": "A figure kind, \"tile\" (with value), or the palette's "
                                          "\"tile:<value>\"."},
                     value={"type": "integer", "minimum": -MAX_TILE_VALUE, "maximum": MAX_TILE_VALUE},
                     ability={"type": ["string", "null"], "enum": [*ABILITY_KEYS, "", None]}, **_FOLLOW_UP),
        stale_ok=True, phases=PLAY),
    "remove_piece": spec(
        _("Take a figure (back to its owner) or a tile (to the box) off a square"), moves.remove_piece,
        _on_a_square([]), phases=PLAY),
    "good_counsel": spec(
        _("Good Counsel: move one of your figures to an empty square beside it (not diagonally) "
          "and place the tile where it stood"), moves.good_counsel,
        _object(["square", "to"], seat=_SEAT,
                square={**_TARGET, "description": "The figure's square (\"row,col\")"},
                to={**_TARGET, "description": "The empty square beside it (\"row,col\")"},
                value={"type": "integer", "minimum": -MAX_TILE_VALUE, "maximum": MAX_TILE_VALUE,
                       "description": "The Good Counsel tile's printed value (0 if none)"}),
        stale_ok=True, phases=PLAY),
    "drunkenness": spec(
        _("Drunkenness: replace a Mead tile on the board (the Mead tile goes back to the box)"), moves.drunkenness,
        _object(["square"], square={**_TARGET, "description": "The Mead tile's square (\"row,col\")"},
                value={"type": "integer", "minimum": -MAX_TILE_VALUE, "maximum": MAX_TILE_VALUE,
                       "description": "The Drunkenness tile's printed value (0 if none)"}),
        stale_ok=True, phases=PLAY),
    "cash_treasure": spec(
        _("Cash a Treasure tile instead of placing it: its treasure value in saga points at once"), moves.cash_treasure,
        _object(["points"], seat=_SEAT,
                points={"type": "integer", "minimum": 1, "maximum": MAX_TILE_VALUE}),
        stale_ok=True, phases=BOARD + PLAY),
    "correct_saga": spec(
        _("Correct a player's saga points by hand (kept in the ledger with a note)"), moves.correct_saga,
        _object(["points"], seat=_SEAT,
                points={"type": "integer", "minimum": -MAX_CORRECTION, "maximum": MAX_CORRECTION,
                        "not": {"const": 0}, "x-refusal": _("A correction must change the saga points")},
                note={"type": "string", "maxLength": 80}),
        stale_ok=True, phases=BOARD + PLAY + SCORED),
    "set_first_player": spec(
        _("Record who starts this act (Act I: the youngest player)"), moves.set_first_player,
        # Any phone names the youngest player, as the table agrees (not a move for one's own seat).
        _object(["seat"], seat={"type": "integer", "minimum": 0}), who=ANY_SEAT, phases=BOARD + PLAY),
    "set_turn": spec(
        _("Host: correct whose turn it is (a player passed, or a turn was not entered)"), moves.set_turn,
        _object(["seat"], seat={"type": "integer", "minimum": 0}), who=HOST, phases=BOARD + PLAY + SCORED),
    "score_act": spec(
        _("Score every figure on the board: saga points, Longships back, other figures retired"), moves.score_act,
        _object([]), phases=PLAY),
    "next_act": spec(
        _("Start the next act with whoever would have played next (the turn pointer)"), moves.next_act,
        _object([], first_seat={"type": "integer", "minimum": 0,
                                "description": "Omitted: whose turn it is; another seat: the host's correction"}), phases=SCORED),
    "end_game": spec(_("End the game after Act III and show the final scores"), moves.end_game, _object([]), phases=SCORED),
    # Kept so tables recorded before the Golden Statue became one move (place_tile with swap/swap2)
    # still replay; not offered to phones or in the OpenAPI document.
    "swap_tiles": spec(_("Swap two tiles on the board (Golden Statue)"), moves.swap_tiles, offered=False, phases=PLAY),
}
