"""The quick-score page (companion/games/beowulf_the_legend/templates/quick.html): a finished table counted
without tracking the game.

The page has five player slots; a slot with a name takes part, an empty one is left out. Each
slot counts its face-up tokens by value with steppers (``p0-fame-5`` = how many fame tokens of
value 5 Sandra turned over), plus its misfortune tokens and tiles (``p0-wounds``). ``from_form``
turns the posted form into the JSON request of ``POST /api/score/beowulf-the-legend``;
``page_view`` lays out the slots (from the raw form, so a refused post keeps what was entered)
and each player's scoring lines.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..base import Label, ScoreInputError, _, label
from .board import MAX_TOKEN_VALUE
from .quick import COUNT_LIMITS, MAX_PLAYERS, MAX_SCRATCHES, TOKEN_LIMITS
from .scoring import Holdings, breakdown

SLOTS = MAX_PLAYERS
VALUES = tuple(range(1, MAX_TOKEN_VALUE + 1))
MAX_NAME = 40
TOKEN_FIELDS = {  # request field → (page title, the box's kind that limits it)
    "fame": (_("Fame tokens"), "fame"),
    "treasure": (_("Treasure tokens"), "treasure"),
    "alliance_fame": (_("Alliance tokens showing fame"), "alliance"),
    "alliance_treasure": (_("Alliance tokens showing treasure"), "alliance"),
}
COUNT_FIELDS = {
    "misfortune": _("Misfortune tokens"),
    "wounds": _("Wound tiles"),
    "double_wounds": _("Double wound tile"),
    "scratches": _("Scratches"),
}
IN_A_SENTENCE = {  # each field's name inside a refusal: "Ann, wound tiles: must not be negative"
    "fame": _("fame tokens"),
    "treasure": _("treasure tokens"),
    "alliance_fame": _("alliance tokens showing fame"),
    "alliance_treasure": _("alliance tokens showing treasure"),
    "misfortune": _("misfortune tokens"),
    "wounds": _("wound tiles"),
    "double_wounds": _("double wound tile"),
    "scratches": _("scratches"),
}


def field(slot: int, name: str, value: int | None = None) -> str:
    """A form field's name: ``p0-name``, ``p0-wounds``, ``p0-fame-5``."""
    return f"p{slot}-{name}" if value is None else f"p{slot}-{name}-{value}"


def _raw(form: Any, name: str) -> str:
    """One posted value as text, from a request's form or a ``{field: [values]}`` mapping."""
    if not form:
        return ""
    value = form.get(name, "")
    if isinstance(value, (list, tuple)):
        value = value[0] if value else ""
    return str(value).strip()


def _count(text: str, where: Label, limit: int) -> int:
    if text == "":
        return 0
    try:
        count = int(text)
    except ValueError:
        raise ScoreInputError("%(where)s: must be a whole number", where=where) from None
    if count < 0:
        raise ScoreInputError("%(where)s: must not be negative", where=where)
    if count > limit:
        raise ScoreInputError("%(where)s: the box holds only %(limit)s", where=where, limit=limit)
    return count


def _who(name: str, slot: int) -> str | Label:
    return name or label("Player %(n)s", n=slot + 1)


def field_in_a_sentence(who: str | Label, key: str) -> Label:
    """"Ann, wound tiles": a player's field, as a refusal names it."""
    return label("%(who)s, %(what)s", who=who, what=label(IN_A_SENTENCE[key]))


def _slot(form: Mapping[str, Sequence[str]], slot: int) -> dict[str, Any] | None:
    """One player's request entry, or None for an empty slot."""
    name = _raw(form, field(slot, "name"))[:MAX_NAME]
    who = _who(name, slot)
    player: dict[str, Any] = {"name": name}
    entered = False
    for key, (_title, kind) in TOKEN_FIELDS.items():
        values: list[int] = []
        for value in reversed(VALUES):
            where = label("%(who)s, %(what)s of value %(value)s", who=who, what=label(IN_A_SENTENCE[key]),
                          value=value)
            values += [value] * _count(_raw(form, field(slot, key, value)), where, TOKEN_LIMITS[kind])
        player[key] = values
        entered = entered or bool(values)
    for key in COUNT_FIELDS:
        # The scorer refuses a count beyond the box and names the field; the cap here only keeps
        # a typed number sane.
        where = field_in_a_sentence(who, key)
        player[key] = _count(_raw(form, field(slot, key)), where, 99)
        entered = entered or bool(player[key])
    if not name:
        if entered:
            raise ScoreInputError("%(who)s: enter a name, or set their counts back to 0", who=who)
        return None
    return player


def _flag(form: Mapping[str, Sequence[str]], name: str) -> bool:
    return _raw(form, name) in ("1", "on", "true", "yes")


def from_form(form: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The JSON request the quick scorer takes, from the page's form; raises ScoreInputError."""
    players = [p for p in (_slot(form, slot) for slot in range(SLOTS)) if p is not None]
    return {"advanced": _flag(form, "advanced"), "harsh": _flag(form, "harsh"), "players": players}


# --- the page ----------------------------------------------------------------------------

def _slot_view(form: Any, slot: int) -> dict[str, Any]:
    kinds = []
    for key, (title, kind) in TOKEN_FIELDS.items():
        steppers = [{"value": v, "field": field(slot, key, v), "count": _raw(form, field(slot, key, v)) or "0"}
                    for v in VALUES]
        counts = [(s["value"], _int_or_zero(s["count"])) for s in steppers]
        kinds.append({"key": key, "title": title, "steppers": steppers, "max": TOKEN_LIMITS[kind],
                      "tokens": sum(n for _v, n in counts), "sum": sum(v * n for v, n in counts)})
    counts = [{"key": key, "title": title, "field": field(slot, key), "count": _raw(form, field(slot, key)) or "0",
               "max": MAX_SCRATCHES if key == "scratches" else COUNT_LIMITS[key]}
              for key, title in COUNT_FIELDS.items()]
    name = _raw(form, field(slot, "name"))
    entered = bool(name) or any(k["tokens"] for k in kinds) or any(_int_or_zero(c["count"]) for c in counts)
    return {"slot": slot, "number": slot + 1, "name_field": field(slot, "name"), "name": name,
            "kinds": kinds, "counts": counts, "open": entered or slot < 2}


def _int_or_zero(text: str) -> int:
    try:
        return max(0, int(text))
    except ValueError:
        return 0


def _results(payload: Mapping[str, Any], result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each player's total, place and scoring lines, best first (input order among equals)."""
    rows = []
    for entry, scored in zip(payload["players"], result["players"]):
        h = Holdings(**{key: tuple(entry[key]) for key in TOKEN_FIELDS},
                     **{key: entry[key] for key in COUNT_FIELDS})
        lines = [{"msg": msg, "points": points}
                 for msg, points in breakdown(h, payload["advanced"], payload["harsh"]) if points]
        rows.append({**scored, "lines": lines})
    return sorted(rows, key=lambda row: row["place"])


def page_view(payload: Mapping[str, Any] | None, result: Mapping[str, Any] | None,
              form: Any = None) -> dict[str, Any]:
    """What quick.html shows: the five slots as entered, the options, and the results."""
    entered = [p["name"] for p in (payload or {}).get("players", [])]
    return {
        "slots": [_slot_view(form, slot) for slot in range(SLOTS)],
        "advanced": _flag(form, "advanced"),
        "harsh": _flag(form, "harsh"),
        "results": _results(payload, result) if payload and result else None,
        # The scorer's refusal names JSON fields: "players[1].misfortune: …" reads better as
        # "Martha, misfortune tokens: …" (a label, in the phone's language), "players[1].name"
        # as "Martha"; any other field of that player: "players[1].x" → "Martha, x".
        "where": [(f"players[{i}].{key}", field_in_a_sentence(name, key)) for i, name in enumerate(entered)
                  for key in COUNT_FIELDS]
                 + [(f"players[{i}].name", name) for i, name in enumerate(entered)]
                 + [(f"players[{i}].", f"{name}, ") for i, name in enumerate(entered)],
    }
