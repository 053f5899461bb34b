"""The quick-score page (companion/games/beowulf_the_movie/templates/quick.html): a form, not a tracked game.

The page carries the grid from one post to the next as hidden ``cell`` fields
("row,col,figure,<kind>,<player>" or "row,col,tile,<value>,<ability>"), plus at most one edit:
the tapped ``square`` and the palette's ``what`` goes there (a figure kind, "tile" with ``value``,
a value chip "tile:<value>", or "empty"). ``from_form`` turns that into the JSON request the act
scorer takes; ``page_view`` lays it out for the template with the same marks as a tracked game's
grid, keeps the palette's pick for the next tap, and starts at the board size this server
remembers for the act (the library's board shapes).
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from . import boards
from .box import ABILITIES, ABILITY_KEYS, ACTS, FIGURE_KINDS, FIGURES, MAX_SIDE, MAX_TILE_VALUE, square_name
from .scoring import Figure, Grid, Tile, cancellations
from ..base import ScoreInputError

COLOURS = ("red", "blue", "green", "yellow", "purple", "black", "white", "orange", "brown", "grey")
DEFAULT_SIDE = 6  # where the page starts before the table sets its board's size


def _first(form: Mapping[str, Sequence[str]], name: str) -> str:
    values = form.get(name) or form.get(name + "[]") or [""]
    return str(values[0]).strip()


_WHOLE = re.compile(r"[+-]?[0-9]{1,6}")


def _int(text: str, name: str, lo: int, hi: int) -> int:
    # ASCII digits only: int() would also take "1_000", "٣" or "５"
    if not _WHOLE.fullmatch(text):
        raise ScoreInputError("%(where)s must be a whole number", where=name)
    value = int(text)
    if not lo <= value <= hi:
        raise ScoreInputError("%(where)s must be between %(lo)s and %(hi)s", where=name, lo=lo, hi=hi)
    return value


def _carried(text: str) -> tuple[tuple[int, int], dict[str, Any]] | None:
    """A cell the page wrote itself; anything else is skipped."""
    parts = text.split(",")
    try:
        square = (int(parts[0]), int(parts[1]))
        if parts[2] == "figure" and parts[3] in FIGURE_KINDS and parts[4] in COLOURS:
            return square, {"figure": {"player": parts[4], "kind": parts[3]}}
        if parts[2] == "tile" and (parts[4] in ABILITY_KEYS or parts[4] == ""):
            value = _int(parts[3], "cell", -MAX_TILE_VALUE, MAX_TILE_VALUE)
            return square, {"tile": {"value": value, "ability": parts[4] or None}}
    except (IndexError, ValueError, ScoreInputError):
        pass
    return None


def _edit(form: Mapping[str, Sequence[str]]) -> tuple[tuple[int, int], dict[str, Any] | None] | None:
    square, what = _first(form, "square"), _first(form, "what")
    if not square or not what:
        return None
    try:
        cell = tuple(int(x) for x in square.split(","))
    except ValueError:
        raise ScoreInputError("square must be row,col") from None
    if len(cell) != 2:
        raise ScoreInputError("square must be row,col")
    if what == "empty":
        return cell, None
    if what in FIGURE_KINDS:
        player = _first(form, "player")
        if player not in COLOURS:
            raise ScoreInputError("player must be one of %(choices)s", choices=", ".join(COLOURS))
        return cell, {"figure": {"player": player, "kind": what}}
    if what.startswith("tile:"):  # a value chip
        what, form = "tile", {**form, "value": [what[len("tile:"):].lstrip("+")]}
    if what == "tile":
        value = _int(_first(form, "value") or "0", "value", -MAX_TILE_VALUE, MAX_TILE_VALUE)
        ability = _first(form, "ability")
        if ability and ability not in ABILITY_KEYS:
            raise ScoreInputError("ability must be one of %(choices)s", choices=", ".join(ABILITY_KEYS))
        return cell, {"tile": {"value": value, "ability": ability or None}}
    raise ScoreInputError("what must be a figure kind, tile or empty")


def from_form(form: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    rows = _int(_first(form, "rows") or str(DEFAULT_SIDE), "rows", 1, MAX_SIDE)
    cols = _int(_first(form, "cols") or str(DEFAULT_SIDE), "cols", 1, MAX_SIDE)
    cells: dict[tuple[int, int], dict[str, Any]] = {}
    for text in list(form.get("cell", [])) + list(form.get("cell[]", [])):
        carried = _carried(str(text))
        if carried:
            cells[carried[0]] = carried[1]
    edit = _edit(form)
    if edit:
        cell, content = edit
        cells.pop(cell, None)
        if content:
            cells[cell] = content
    return {"rows": rows, "cols": cols,
            "cells": [{"row": r, "col": c, **content} for (r, c), content in sorted(cells.items())
                      if r < rows and c < cols]}


def _carry(cell: Mapping[str, Any]) -> str:
    if "figure" in cell:
        return f"{cell['row']},{cell['col']},figure,{cell['figure']['kind']},{cell['figure']['player']}"
    return f"{cell['row']},{cell['col']},tile,{cell['tile']['value']},{cell['tile'].get('ability') or ''}"


def _without_edit(form: Any) -> dict[str, Any] | None:
    """The grid a refused post carried, so a bad edit does not wipe the table's work."""
    if not form:
        return None
    fields = {k: form.getlist(k) for k in form} if hasattr(form, "getlist") else dict(form)
    fields.pop("what", None)
    try:
        return from_form(fields)
    except ScoreInputError:
        return None


def _act(form: Any, args: Any) -> int:
    for source in (form, args):
        raw = str((source or {}).get("act") or "").strip()
        if raw in {str(n) for n in ACTS}:
            return int(raw)
    return 1


def _fresh(act: int, library: Mapping[str, Any] | None) -> dict[str, Any]:
    """A new page for ``act``: the remembered size, Act II's printed Gorges already on it."""
    rows, cols = boards.remembered_size(act, boards.library_boards(library)) or (DEFAULT_SIDE, DEFAULT_SIDE)
    known = boards.library_boards(library).get(str(act))
    gorges = known["gorges"] if known else []
    return {"rows": rows, "cols": cols,
            "cells": [{"row": r, "col": c, "tile": {"value": 0, "ability": "gorge"}} for r, c in gorges]}


def _blocked(act: int, payload: Mapping[str, Any], library: Mapping[str, Any] | None) -> set[tuple[int, int]]:
    """The squares not part of the act's board, while the page has the board's remembered size."""
    known = boards.library_boards(library).get(str(act))
    if known and (known["rows"], known["cols"]) == (payload["rows"], payload["cols"]):
        return boards.squares(known, "blocked")
    return set()


def _cancelled(payload: Mapping[str, Any]) -> dict[tuple[int, int], list[str]]:
    """Rulebook, "Trahison": the positive tiles a Betrayal turns face down, struck through as on
    a tracked game's grid."""
    pieces = {(c["row"], c["col"]): (Figure(c["figure"]["player"], c["figure"]["kind"]) if "figure" in c
                                     else Tile(c["tile"]["value"], c["tile"].get("ability")))
              for c in payload["cells"]}
    grid = Grid(payload["rows"], payload["cols"], pieces)
    return {cell: [square_name(*b) for b in by] for cell, by in cancellations(grid).items()}


def _size_note(act: int, payload: Mapping[str, Any], form: Any,
               library: Mapping[str, Any] | None) -> dict[str, Any]:
    """What the page says about its starting size: remembered (a table entered it), or inferred
    (boards.size_origin) until the table confirms it with one tap; the confirmation travels in the
    form (``size_confirmed`` = "<rows>x<cols>") and lapses when the size changes."""
    known = boards.library_boards(library)
    size = (payload["rows"], payload["cols"])
    if boards.remembered_size(act, known) != size:
        return {"size_origin": None, "size_confirmed": False}
    confirmed = str((form or {}).get("size_confirmed") or "") == f"{size[0]}x{size[1]}"
    return {"size_origin": boards.size_origin(act, known), "size_confirmed": confirmed,
            "size_key": f"{size[0]}x{size[1]}"}


def _picked(form: Any) -> dict[str, str]:
    """The palette's pick stays for the next tap (placing the same again costs one tap); the
    ability does not."""
    get = (lambda name: str(form.get(name) or "")) if form else (lambda name: "")
    what = get("what")
    player = get("player")
    return {"what": what if what in (*FIGURE_KINDS, "empty") or what.startswith("tile:") else "",
            "player": player if player in COLOURS else COLOURS[0]}


# The printed values the palette offers as one-tap chips (the rulebook's example shows −6 to +6).
PALETTE_VALUES = range(-6, 7)
# A rarer printed value (no source lists every tile) is one more tap away, up to what the scorer takes.
MORE_PALETTE_VALUES = [v for v in range(-MAX_TILE_VALUE, MAX_TILE_VALUE + 1) if v not in PALETTE_VALUES]


def page_view(payload: Mapping[str, Any] | None, result: Mapping[str, Any] | None,
              form: Any = None, library: Mapping[str, Any] | None = None, args: Any = None) -> dict[str, Any]:
    """The grid for quick.html: each square's content in the tracked grid's shape (so the same
    macro draws it), what it carries, a figure's score; the palette and its pick."""
    act = _act(form, args)
    payload = payload or _without_edit(form) or _fresh(act, library)
    scores = {(f["row"], f["col"]): f for f in (result or {}).get("figures", [])}
    cells = {(c["row"], c["col"]): c for c in payload["cells"]}
    blocked = _blocked(act, payload, library)
    cancelled = _cancelled(payload)
    grid = []
    for r in range(payload["rows"]):
        row = []
        for c in range(payload["cols"]):
            cell = cells.get((r, c))
            square: dict[str, Any] = {"row": r, "col": c, "name": square_name(r, c), "carry": None,
                                      "state": "blocked" if (r, c) in blocked and not cell else "empty"}
            if cell:
                square["carry"] = _carry(cell)
                if "figure" in cell:
                    score = scores.get((r, c))
                    square.update(state="figure", figure={
                        **cell["figure"], "colour": cell["figure"]["player"],
                        "letter": FIGURES[cell["figure"]["kind"]].letter,
                        "points": score["points"] if score else None})
                else:
                    value, ability = cell["tile"]["value"], cell["tile"].get("ability")
                    square.update(state="tile", tile={
                        "value": value, "value_text": f"{value:+d}" if value else "0", "ability": ability,
                        "ability_name": ABILITIES[ability].name if ability else None,
                        "cancelled_by": cancelled.get((r, c), [])})
            row.append(square)
        grid.append(row)
    return {"act": act, "acts": [{"number": a.number, "numeral": a.numeral} for a in ACTS.values()],
            "rows": payload["rows"], "cols": payload["cols"], "grid": grid,
            "remembered": boards.remembered_size(act, boards.library_boards(library)),
            **_size_note(act, payload, form, library),
            "row_names": [chr(ord("A") + r) for r in range(payload["rows"])],
            "col_names": [str(c + 1) for c in range(payload["cols"])],
            "colours": COLOURS, "picked": _picked(form),
            "values": [{"what": f"tile:{v}", "text": f"{v:+d}" if v else "0"} for v in PALETTE_VALUES],
            "more_values": [{"what": f"tile:{v}", "text": f"{v:+d}"} for v in MORE_PALETTE_VALUES],
            "figure_kinds": [{"kind": f.kind, "name": f.name, "letter": f.letter} for f in FIGURES.values()],
            "abilities": [{"key": a.key, "name": a.name, "effect": a.effect, "scoring": a.scoring}
                          for a in ABILITIES.values()],
            "players": sorted((result or {}).get("players", {}).items(), key=lambda kv: -kv[1])}
