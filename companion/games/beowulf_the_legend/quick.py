"""``POST /api/score/beowulf-the-legend``: a finished table's final scores, no tracked game needed.

The request names each player's revealed tokens and tile counts; the answer is the same
breakdown and places as a tracked game's (scoring.py). The page's form is in quick_form.py.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..base import ScoreInputError, _
from ..quick_names import distinct_names, player_name
from .board import MAX_TOKEN_VALUE
from .scoring import Holdings, places, total

TOKEN_LISTS = ("fame", "treasure", "alliance_fame", "alliance_treasure")
# Counts beyond the box are impossible: 3 misfortune tokens, 10 wounds, 1 double wound, 12 scratches.
COUNT_LIMITS = {"misfortune": 3, "wounds": 10, "double_wounds": 1, "scratches": 12}
# "Si un joueur reçoit une troisième égratignure, il retourne ses trois tuiles égratignure et prend
#  une grande tuile blessure": nobody ends with 3 scratches.
MAX_SCRATCHES = 2
# The values printed on the box's fame, treasure and alliance tokens (as the tracked game takes them).
MIN_VALUE, MAX_VALUE = 1, MAX_TOKEN_VALUE
TOKEN_LIMITS = {"fame": 36, "treasure": 24, "alliance": 36}
PLAYER_FIELDS = ("name",) + TOKEN_LISTS + tuple(COUNT_LIMITS)
MIN_PLAYERS, MAX_PLAYERS = 2, 5

# The whole table holds more than the box: one message per kind, so that each language names the
# kind in its own words (the English, the JSON answer, names the request's field).
TOO_MANY_IN_ALL = {
    "fame": _("players: %(n)s fame in all, but the box holds only %(limit)s"),
    "treasure": _("players: %(n)s treasure in all, but the box holds only %(limit)s"),
    "alliance": _("players: %(n)s alliance in all, but the box holds only %(limit)s"),
    "misfortune": _("players: %(n)s misfortune in all, but the box holds only %(limit)s"),
    "wounds": _("players: %(n)s wounds in all, but the box holds only %(limit)s"),
    "double_wounds": _("players: %(n)s double_wounds in all, but the box holds only %(limit)s"),
    "scratches": _("players: %(n)s scratches in all, but the box holds only %(limit)s"),
}

_VALUES = {"type": "array", "items": {"type": "integer", "minimum": MIN_VALUE, "maximum": MAX_VALUE}}
REQUEST_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "required": ["advanced", "harsh", "players"],
    "additionalProperties": False,
    "properties": {
        "advanced": {"type": "boolean", "description": "Advanced rules: treasure scores nothing."},
        "harsh": {"type": "boolean", "description": "Variant: a player with 3 or more wounds scores 0."},
        "players": {
            "type": "array", "minItems": MIN_PLAYERS, "maxItems": MAX_PLAYERS,
            "items": {
                "type": "object", "required": list(PLAYER_FIELDS), "additionalProperties": False,
                "properties": {
                    "name": {"type": "string", "minLength": 1},
                    "fame": {**_VALUES, "description": "Face values of the fame tokens held."},
                    "treasure": {**_VALUES, "description": "Face values of the treasure tokens held."},
                    "alliance_fame": {**_VALUES, "description": "Values of alliance tokens showing fame."},
                    "alliance_treasure": {**_VALUES, "description": "Values of alliance tokens showing treasure."},
                    **{field: {"type": "integer", "minimum": 0,
                               "maximum": MAX_SCRATCHES if field == "scratches" else limit}
                       for field, limit in COUNT_LIMITS.items()},
                },
            },
        },
    },
}
RESPONSE_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "required": ["players"],
    "properties": {"players": {"type": "array", "items": {
        "type": "object", "required": ["name", "total", "place"],
        "properties": {"name": {"type": "string"}, "total": {"type": "integer"},
                       "place": {"type": "integer", "minimum": 1}}}}},
}
EXAMPLE = {  # the rulebook's final-scoring example
    "advanced": False, "harsh": False,
    "players": [
        {"name": "Sandra", "fame": [5, 2, 2], "treasure": [3], "alliance_fame": [], "alliance_treasure": [],
         "misfortune": 0, "wounds": 1, "double_wounds": 0, "scratches": 0},
        {"name": "Martha", "fame": [5, 3], "treasure": [], "alliance_fame": [], "alliance_treasure": [],
         "misfortune": 0, "wounds": 0, "double_wounds": 0, "scratches": 0},
        {"name": "Mark", "fame": [5, 5], "treasure": [2], "alliance_fame": [2], "alliance_treasure": [],
         "misfortune": 1, "wounds": 2, "double_wounds": 0, "scratches": 0},
        {"name": "Peter", "fame": [5, 5, 3], "treasure": [3], "alliance_fame": [], "alliance_treasure": [2],
         "misfortune": 0, "wounds": 3, "double_wounds": 0, "scratches": 1},
    ],
}


def quick_score(body: Any) -> dict[str, Any]:
    """Scores a table without tracking a game; answers the players in input order."""
    if not isinstance(body, Mapping):
        raise ScoreInputError("the request must be a JSON object")
    _check_fields(body, ("advanced", "harsh", "players"), "")
    advanced, harsh = _flag(body, "advanced"), _flag(body, "harsh")
    players = body["players"]
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ScoreInputError("players: give %(lo)s to %(hi)s players", lo=MIN_PLAYERS, hi=MAX_PLAYERS)
    names, holdings = [], []
    for i, raw in enumerate(players):
        name, h = _player(raw, f"players[{i}]")
        names.append(name)
        holdings.append(h)
    distinct_names(names)
    _check_box(holdings)
    totals = [total(h, advanced, harsh) for h in holdings]
    return {"players": [{"name": n, "total": t, "place": p} for n, t, p in zip(names, totals, places(totals))]}


def _check_fields(raw: Mapping[str, Any], required: Sequence[str], where: str) -> None:
    prefix = f"{where}." if where else ""
    for field in required:
        if field not in raw:
            raise ScoreInputError("%(where)s: missing", where=prefix + field)
    for field in raw:
        if field not in required:
            raise ScoreInputError("%(where)s: unknown field", where=prefix + field)


def _flag(body: Mapping[str, Any], field: str) -> bool:
    if not isinstance(body[field], bool):
        raise ScoreInputError("%(where)s: must be true or false", where=field)
    return body[field]


def _count(raw: Any, where: str, hi: int | None = None) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise ScoreInputError("%(where)s: must be a whole number", where=where)
    if raw < 0:
        raise ScoreInputError("%(where)s: must not be negative", where=where)
    if hi is not None and raw > hi:
        raise ScoreInputError("%(where)s: the box holds only %(limit)s", where=where, limit=hi)
    return raw


def _value(raw: Any, where: str) -> int:
    """A token's printed value: the box holds values %(lo)s to %(hi)s only."""
    value = _count(raw, where)
    if not MIN_VALUE <= value <= MAX_VALUE:
        raise ScoreInputError("%(where)s: a token shows a value from %(lo)s to %(hi)s", where=where, lo=MIN_VALUE,
                              hi=MAX_VALUE)
    return value


def _player(raw: Any, where: str) -> tuple[str, Holdings]:
    if not isinstance(raw, Mapping):
        raise ScoreInputError("%(where)s: must be an object", where=where)
    _check_fields(raw, PLAYER_FIELDS, where)
    name = player_name(raw, where)
    lists = {}
    for field in TOKEN_LISTS:
        values = raw[field]
        if not isinstance(values, list):
            raise ScoreInputError("%(where)s: must be a list of token values", where=f"{where}.{field}")
        lists[field] = tuple(_value(v, f"{where}.{field}[{j}]") for j, v in enumerate(values))
    counts = {field: _count(raw[field], f"{where}.{field}", hi) for field, hi in COUNT_LIMITS.items()}
    if counts["scratches"] > MAX_SCRATCHES:
        raise ScoreInputError("%(where)s: a third scratch becomes a wound, so a player holds at most 2",
                              where=f"{where}.scratches")
    return name, Holdings(**lists, **counts)


def _check_box(holdings: Sequence[Holdings]) -> None:
    """The whole table cannot hold more than the box does."""
    in_all = {
        "fame": sum(len(h.fame) for h in holdings),
        "treasure": sum(len(h.treasure) for h in holdings),
        "alliance": sum(len(h.alliance_fame) + len(h.alliance_treasure) for h in holdings),
        "misfortune": sum(h.misfortune for h in holdings),
        "wounds": sum(h.wounds for h in holdings),
        "double_wounds": sum(h.double_wounds for h in holdings),
        "scratches": sum(h.scratches for h in holdings),
    }
    for field, limit in {**TOKEN_LIMITS, **COUNT_LIMITS}.items():
        if in_all[field] > limit:
            raise ScoreInputError(TOO_MANY_IN_ALL[field], n=in_all[field], limit=limit)
