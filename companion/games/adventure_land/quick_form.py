"""The quick-score page (``/score/adventure-land``): the table's counts for one adventure, typed
into a form, turned into the JSON request ``quick.score`` takes; and the page's layout.

Form fields: ``scenario``; per player slot ``i`` (0–3): ``p{i}_name`` and the adventure's own
counts — lists ("5 6 7": laurels, herbs, swords, companions per adventurer) or whole numbers;
adventure 3 adds ``p{i}_city_{key}`` (figures in each city), ``city_{key}`` (its size in fields)
and ``creatures_left_on_board``. A slot with no name is left out. Numbers are ASCII digits only.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from ..base import ScoreInputError, _
from .box import cities
from .setup import MAX_PLAYERS, SCENARIOS

LIST_FIELDS = {"creatures", "companions", "herbs", "swords"}
# The fields each adventure asks of a player, with their labels and hints, in the card's order.
PLAYER_INPUTS: dict[int, tuple[tuple[str, str, str], ...]] = {
    1: (("creatures", _("Creatures defeated: their laurels"), "5 7"),
        ("companions", _("Companions that joined each adventurer"), "3 1"),
        ("gold_taken", _("Gold pieces taken (spent ones too)"), "0")),
    2: (("creatures", _("Creatures defeated: their laurels"), "5 7"),
        ("largest_group", _("Figures in the largest group"), "0"),
        ("gold", _("Gold pieces held"), "0"),
        ("herbs", _("Herbs: their values"), "2 4"),
        ("swords", _("Swords: their extra values"), "0 3")),
    3: (("creatures", _("Creatures defeated: their laurels"), "5 7"),
        ("gold", _("Gold pieces held"), "0"),
        ("outside_cities", _("Figures outside every city"), "0")),
}
CITY_NAMES = {"large": _("The large city"), "six": _("The 6-field city"), "five": _("The 5-field city"),
              "four": _("The 4-field city (B5, B6, C6, C7)"), "three": _("The 3-field city (E5, F4, F5)")}
_NUMBER = re.compile(r"[0-9]{1,6}")


def _first(form: Mapping[str, Sequence[str]], name: str) -> str:
    values = form.get(name) or [""]
    return str(values[0]).strip()


def _number(text: str, where: str) -> int:
    """A whole number typed at the table: ASCII digits only ("1_000", "٣" and "５" are not)."""
    if not _NUMBER.fullmatch(text):
        raise ScoreInputError("%(where)s must be a whole number", where=where)
    return int(text)


def _numbers(text: str, where: str) -> list[int]:
    """A list typed as "5 6 7" (spaces, commas or plus signs between the numbers)."""
    parts = [p for p in re.split(r"[\s,+;]+", text) if p]
    if len(parts) > 60:
        raise ScoreInputError("%(where)s has too many numbers", where=where)
    return [_number(p, where) for p in parts]


def scenario_of(form: Any, args: Any = None) -> int:
    for source in (form, args):
        raw = str((source or {}).get("scenario") or "").strip()
        if raw in {str(s) for s in SCENARIOS}:
            return int(raw)
    return 1


def from_form(form: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    scenario = scenario_of({k: _first(form, k) for k in ("scenario",)})
    players = []
    for i in range(MAX_PLAYERS):
        name = _first(form, f"p{i}_name")
        if not name:
            continue
        player: dict[str, Any] = {"name": name}
        for field, _label, _hint in PLAYER_INPUTS[scenario]:
            text = _first(form, f"p{i}_{field}")
            where = f"{name}: {field}"
            if field in LIST_FIELDS:
                player[field] = _numbers(text, where)
            else:
                player[field] = _number(text or "0", where)
        if scenario == 3:
            player["cities"] = {c.key: n for c in cities()
                                if (n := _number(_first(form, f"p{i}_city_{c.key}") or "0", f"{name}: {c.key}"))}
        players.append(player)
    body: dict[str, Any] = {"scenario": scenario, "players": players}
    if scenario == 3:
        body["cities"] = {c.key: _number(_first(form, f"city_{c.key}") or str(c.size), f"{c.key} size")
                          for c in cities()}
        body["creatures_left_on_board"] = _number(_first(form, "creatures_left_on_board") or "0",
                                                  "creatures_left_on_board")
    return body


def page_view(payload: Mapping[str, Any] | None, result: Mapping[str, Any] | None, form: Any = None,
              args: Any = None) -> dict[str, Any]:
    """What quick.html shows: the adventure's inputs per player slot (as typed), the city sizes,
    and each player's scoring lines, total and place."""
    scenario = scenario_of(form, args)
    get = (lambda name: str(form.get(name) or "")) if form else (lambda name: "")
    slots = [{"slot": i, "number": i + 1, "name": get(f"p{i}_name"),
              "inputs": [{"field": field, "name": f"p{i}_{field}", "label": label, "hint": hint,
                          "value": get(f"p{i}_{field}"), "list": field in LIST_FIELDS}
                         for field, label, hint in PLAYER_INPUTS[scenario]],
              "cities": [{"key": c.key, "name": f"p{i}_city_{c.key}", "label": CITY_NAMES.get(c.key, c.key),
                          "value": get(f"p{i}_city_{c.key}")} for c in cities()] if scenario == 3 else []}
             for i in range(MAX_PLAYERS)]
    results = [{"name": p["name"], "total": p["total"], "place": p["place"],
                "lines": [{"msg": line["line"], "points": line["points"]} for line in p["breakdown"]]}
               for p in (result or {}).get("players", [])]
    return {"scenario": scenario, "scenarios": SCENARIOS, "slots": slots, "results": results,
            "cities": [{"key": c.key, "label": CITY_NAMES.get(c.key, c.key), "name": f"city_{c.key}",
                        "value": get(f"city_{c.key}") or str(c.size)} for c in cities()],
            "creatures_left": get("creatures_left_on_board")}
