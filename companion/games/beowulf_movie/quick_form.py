"""The quick-score page (templates/games/beowulf-the-movie/quick.html): a form, not a tracked game.

The page carries the grid from one post to the next as hidden ``cell`` fields
("row,col,figure,<kind>,<player>" or "row,col,tile,<value>,<ability>"), plus at most one edit:
the picked ``square`` and ``what`` goes there (a figure kind, "tile", or "empty"). ``from_form``
turns that into the JSON request the act scorer takes; ``page_view`` lays it out for the template.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .box import ABILITIES, ABILITY_KEYS, FIGURE_KINDS, FIGURES, MAX_SIDE, MAX_TILE_VALUE, square_name
from ..base import ScoreInputError

COLOURS = ("red", "blue", "green", "yellow", "purple", "black", "white", "orange", "brown", "grey")
DEFAULT_SIDE = 6  # where the page starts before the table sets its board's size


def _first(form: Mapping[str, Sequence[str]], name: str) -> str:
    values = form.get(name) or form.get(name + "[]") or [""]
    return str(values[0]).strip()


def _int(text: str, name: str, lo: int, hi: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ScoreInputError("%(where)s must be a whole number", where=name) from None
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
            return square, {"tile": {"value": int(parts[3]), "ability": parts[4] or None}}
    except (IndexError, ValueError):
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


def page_view(payload: Mapping[str, Any] | None, result: Mapping[str, Any] | None,
              form: Any = None) -> dict[str, Any]:
    """The grid for quick.html: each square's content, what it carries, and a figure's score."""
    payload = payload or _without_edit(form) or {"rows": DEFAULT_SIDE, "cols": DEFAULT_SIDE, "cells": []}
    scores = {(f["row"], f["col"]): f for f in (result or {}).get("figures", [])}
    cells = {(c["row"], c["col"]): c for c in payload["cells"]}
    grid = []
    for r in range(payload["rows"]):
        row = []
        for c in range(payload["cols"]):
            cell = cells.get((r, c))
            square: dict[str, Any] = {"row": r, "col": c, "name": square_name(r, c), "carry": None}
            if cell:
                square["carry"] = _carry(cell)
                if "figure" in cell:
                    square["figure"] = {**cell["figure"], "letter": FIGURES[cell["figure"]["kind"]].letter,
                                        "score": scores.get((r, c))}
                else:
                    value, ability = cell["tile"]["value"], cell["tile"].get("ability")
                    square["tile"] = {"value_text": f"{value:+d}" if value else "0",
                                      "ability_name": ABILITIES[ability].name if ability else None}
            row.append(square)
        grid.append(row)
    return {"rows": payload["rows"], "cols": payload["cols"], "grid": grid,
            "row_names": [chr(ord("A") + r) for r in range(payload["rows"])],
            "col_names": [str(c + 1) for c in range(payload["cols"])],
            "colours": COLOURS,
            "figure_kinds": [{"kind": f.kind, "name": f.name, "letter": f.letter} for f in FIGURES.values()],
            "abilities": [{"key": a.key, "name": a.name, "effect": a.effect, "scoring": a.scoring}
                          for a in ABILITIES.values()],
            "players": sorted((result or {}).get("players", {}).items(), key=lambda kv: -kv[1])}
