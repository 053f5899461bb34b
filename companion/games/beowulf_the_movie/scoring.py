"""End-of-act scoring: the one scorer behind the quick scorer, the live grid and act scoring.

Rulebook, "Fin d'un acte", step 1: "Pour marquer les points d'une figurine, ajoutez les valeurs de
toutes les tuiles dans sa rangée et colonne. [...] multipliez la somme avec le nombre de diamants
sur la base de la figurine."

Three special abilities change that arithmetic, and only they do:

- Gorge: "divise sa rangée et sa colonne en deux parts, qui seront pointées comme si elles étaient
  une rangée et une colonne entièrement séparée" and "Chaque partie [...] est entièrement séparée de
  l'autre partie pour tous les effets." A Gorge printed on the Act II board works the same way.
- Betrayal: "retournez faces cachées toutes les tuiles positives dans la rangée et la colonne d'une
  tuile avec l'icône Trahison; ces tuiles faces cachées ont maintenant une valeur de zéro" — done
  "avant de marquer les scores", so a cancelled tile is 0 for every figure that counts it.
- Royal Dragon Horn: "ajoute un diamant pour le marquage des points pour chaque figurine dans la
  rangée et la colonne où l'on place la tuile" and "Plusieurs tuiles [...] chaque tuile ajoutant
  un diamant".

Choices where the rulebook is silent (companion/games/beowulf_the_movie/README.md lists them):

- A Gorge square is the cut itself: it belongs to neither part, so a value printed on a Gorge tile
  is counted by no figure. Two Gorges in a line make three parts, and so on.
- Betrayal turns positive *values* to zero; a cancelled tile keeps its ability (a Horn still adds
  its diamond, a Betrayal still cancels), and all Betrayals act at once. A positive Betrayal tile
  lies in its own row and column, so it cancels its own value too.
- Unplayable squares of a board hold nothing and cut nothing: only Gorges cut lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable, Iterator, Literal, Mapping

from .box import FIGURES

Cell = tuple[int, int]
Axis = Literal["row", "col"]

GORGE, BETRAYAL, HORN = "gorge", "betrayal", "horn"


@dataclass(frozen=True)
class Tile:
    value: int  # the printed value; a special tile with none printed counts 0
    ability: str | None = None


@dataclass(frozen=True)
class Figure:
    player: Hashable  # a seat in a tracked game, a colour or name in the quick scorer
    kind: str  # "beowulf", "thane", "castle", "longship"


Piece = Tile | Figure


@dataclass(frozen=True)
class Grid:
    """An act's board as it lies at the end of the act (or now, for the live score)."""

    rows: int
    cols: int
    pieces: Mapping[Cell, Piece]
    printed_gorges: frozenset[Cell] = field(default_factory=frozenset)

    def is_gorge(self, cell: Cell) -> bool:
        if cell in self.printed_gorges:
            return True
        piece = self.pieces.get(cell)
        return isinstance(piece, Tile) and piece.ability == GORGE

    def tile(self, cell: Cell) -> Tile | None:
        piece = self.pieces.get(cell)
        return piece if isinstance(piece, Tile) else None


@dataclass(frozen=True)
class CountedTile:
    """A tile a figure counts: its printed value and what it is worth after Betrayal."""

    row: int
    col: int
    line: Axis  # reached through the figure's row or its column
    value: int
    ability: str | None
    counts: int
    cancelled_by: tuple[Cell, ...] = ()  # the Betrayal tiles that turned it to 0


@dataclass(frozen=True)
class CutOff:
    """A tile in the figure's row or column that a Gorge puts in another part."""

    row: int
    col: int
    line: Axis
    value: int
    ability: str | None
    gorge: Cell  # the Gorge between the figure and this tile


@dataclass(frozen=True)
class FigureScore:
    row: int
    col: int
    player: Hashable
    kind: str
    base_diamonds: int
    horns: tuple[Cell, ...]  # each adds one diamond
    diamonds: int
    sum: int
    points: int
    tiles: tuple[CountedTile, ...]
    cut_off: tuple[CutOff, ...]


@dataclass(frozen=True)
class ActScore:
    figures: tuple[FigureScore, ...]  # in board order: row by row, left to right
    totals: dict[Hashable, int]  # player → points, for every player with a figure on the board


def _step(axis: Axis) -> Cell:
    return (0, 1) if axis == "row" else (1, 0)


def _inside(grid: Grid, cell: Cell) -> bool:
    return 0 <= cell[0] < grid.rows and 0 <= cell[1] < grid.cols


def _walk(grid: Grid, cell: Cell, axis: Axis, direction: int) -> Iterator[Cell]:
    """The squares from ``cell`` (excluded) to the edge of the board, in one direction."""
    dr, dc = _step(axis)
    r, c = cell
    while True:
        r, c = r + dr * direction, c + dc * direction
        if not _inside(grid, (r, c)):
            return
        yield (r, c)


def line_part(grid: Grid, cell: Cell, axis: Axis) -> list[Cell]:
    """The squares of ``cell``'s row or column on its side of every Gorge (``cell`` included).

    Rulebook, "Gorge": each part "est entièrement séparée de l'autre partie pour tous les effets".
    """
    part = [cell]
    for direction in (-1, 1):
        for other in _walk(grid, cell, axis, direction):
            if grid.is_gorge(other):
                break
            part.append(other)
    return sorted(part)


def cancellations(grid: Grid) -> dict[Cell, tuple[Cell, ...]]:
    """Every positive tile that a Betrayal turns face down, with the Betrayals that do it.

    Rulebook, "Trahison": before scoring, "retournez faces cachées toutes les tuiles positives dans
    la rangée et la colonne d'une tuile avec l'icône Trahison" — within its part of them (Gorge).
    """
    cancelled: dict[Cell, list[Cell]] = {}
    for b_cell, piece in sorted(grid.pieces.items()):
        if not (isinstance(piece, Tile) and piece.ability == BETRAYAL):
            continue
        reached = set(line_part(grid, b_cell, "row")) | set(line_part(grid, b_cell, "col"))
        for cell in sorted(reached):
            tile = grid.tile(cell)
            if tile is not None and tile.value > 0:
                cancelled.setdefault(cell, []).append(b_cell)
    return {cell: tuple(by) for cell, by in cancelled.items()}


def _cut_off(grid: Grid, cell: Cell, axis: Axis) -> list[CutOff]:
    """Tiles of the whole line that lie beyond the first Gorge on either side of ``cell``."""
    out: list[CutOff] = []
    for direction in (-1, 1):
        gorge: Cell | None = None
        for other in _walk(grid, cell, axis, direction):
            if gorge is None:
                if grid.is_gorge(other):
                    gorge = other
                continue
            tile = grid.tile(other)
            if tile is not None and not grid.is_gorge(other):
                out.append(CutOff(other[0], other[1], axis, tile.value, tile.ability, gorge))
    return out


def score_figure(grid: Grid, cell: Cell, cancelled: Mapping[Cell, tuple[Cell, ...]]) -> FigureScore:
    figure = grid.pieces[cell]
    assert isinstance(figure, Figure), cell
    tiles: list[CountedTile] = []
    horns: list[Cell] = []
    cut: list[CutOff] = []
    for axis in ("row", "col"):
        for other in line_part(grid, cell, axis):
            tile = grid.tile(other)
            if other == cell or tile is None:
                continue
            by = cancelled.get(other, ())
            tiles.append(CountedTile(other[0], other[1], axis, tile.value, tile.ability,
                                     0 if by else tile.value, by))
            if tile.ability == HORN:
                horns.append(other)
        cut.extend(_cut_off(grid, cell, axis))
    base = FIGURES[figure.kind].diamonds
    total = sum(t.counts for t in tiles)
    diamonds = base + len(horns)
    return FigureScore(cell[0], cell[1], figure.player, figure.kind, base, tuple(horns), diamonds,
                       total, total * diamonds, tuple(tiles), tuple(cut))


def score_grid(grid: Grid) -> ActScore:
    """Every figure's points, and each player's total, for this grid."""
    cancelled = cancellations(grid)
    figures = tuple(score_figure(grid, cell, cancelled)
                    for cell, piece in sorted(grid.pieces.items()) if isinstance(piece, Figure))
    totals: dict[Hashable, int] = {}
    for f in figures:
        totals[f.player] = totals.get(f.player, 0) + f.points
    return ActScore(figures, totals)
