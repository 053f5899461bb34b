"""Reading a tracked game's state: squares, the grid to score, saga points, figures.

The state is a JSON-compatible dict (see ``moves.setup``). Squares on the board are keyed
``"row,col"`` (from 0) in ``state["pieces"]``, each holding either
``{"figure": {"seat": 0, "kind": "thane"}}`` or ``{"tile": {"value": 3, "ability": None}}``.
"""

from __future__ import annotations

from typing import Any, Mapping

from . import boards
from .box import diamonds_of
from .scoring import ActScore, Figure, Grid, Tile, score_grid

State = dict[str, Any]


def key(row: int, col: int) -> str:
    return f"{row},{col}"


def cell_of(square_key: str) -> tuple[int, int]:
    r, c = square_key.split(",")
    return int(r), int(c)


def piece_of(entry: Mapping[str, Any]) -> Figure | Tile:
    if "figure" in entry:
        return Figure(entry["figure"]["seat"], entry["figure"]["kind"])
    return Tile(entry["tile"]["value"], entry["tile"]["ability"])


def grid_of(state: State) -> Grid:
    """The current act's board as the scorer sees it (printed Gorges included)."""
    board = state["board"]
    return Grid(board["rows"], board["cols"],
                {cell_of(k): piece_of(v) for k, v in state["pieces"].items()},
                frozenset(boards.squares(board, "gorges")))


def act_score(state: State) -> ActScore:
    return score_grid(grid_of(state))


def saga(state: State) -> list[int]:
    """Each seat's saga points: the sum of its ledger (which opens with the starting 50)."""
    totals = [0] * len(state["players"])
    for entry in state["ledger"]:
        totals[entry["seat"]] += entry["points"]
    return totals


def unused_diamonds(state: State, seat: int) -> int:
    """Rulebook, "Score final": the tie-break counts "le plus grand nombre de diamants totaux sur
    les bases de ses figurines inutilisées" — the figures still in front of the player."""
    return diamonds_of(state["supply"][seat])


def figures_on_board(state: State, seat: int) -> dict[str, int]:
    counts: dict[str, int] = {}
    for entry in state["pieces"].values():
        if "figure" in entry and entry["figure"]["seat"] == seat:
            kind = entry["figure"]["kind"]
            counts[kind] = counts.get(kind, 0) + 1
    return counts


def empty_squares(state: State) -> list[tuple[int, int]]:
    return [cell for cell in boards.playable(state["board"]) if key(*cell) not in state["pieces"]]

