"""``POST /api/score/adventure-land``: final scores from a table's counts, no game needed.

Each adventure takes exactly its own fields (an unknown field is refused, so a typo never scores
silently):

- adventure 1 — the track rebuilt from what happened: ``creatures`` (laurel values),
  ``gold_taken`` (gold pieces taken during the game, spent ones included) and ``companions`` (for
  each adventurer that ever had companions, how many joined it; lost adventurers included);
- adventure 2: ``creatures``, ``gold`` (held), ``herbs`` and ``swords`` (values),
  ``largest_group`` (figures in the biggest group);
- adventure 3: ``creatures``, ``gold``, ``outside_cities`` (figures), ``cities`` (city name →
  figures), plus top-level ``cities`` (name → size in fields) and ``creatures_left_on_board``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..base import QuickScorer, ScoreInputError, rank
from ..quick_names import distinct_names, player_name
from .box import cities as box_cities, count, herb_values, limit, max_city_size, sword_values
from .box_limits import OVER_THE_BOX, beyond_the_box, totals as box_totals
from .quick_form import from_form
from .scoring import Holdings, breakdowns, totals
from .setup import MAX_PLAYERS, MIN_PLAYERS, SCENARIOS

TOP_FIELDS = {1: {"scenario", "players"}, 2: {"scenario", "players"}}
TOP_FIELDS[3] = TOP_FIELDS[1] | {"cities", "creatures_left_on_board"}
PLAYER_FIELDS = {
    1: {"name", "creatures", "gold_taken", "companions"},
    2: {"name", "creatures", "gold", "herbs", "swords", "largest_group"},
    3: {"name", "creatures", "gold", "outside_cities", "cities"},
}


def whole(value: Any, where: str, lo: int = 0, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoreInputError("%(where)s must be a whole number", where=where)
    if value < lo:
        raise ScoreInputError("%(where)s must be at least %(lo)s", where=where, lo=lo)
    if hi is not None and value > hi:
        raise ScoreInputError("%(where)s must be at most %(hi)s", where=where, hi=hi)
    return value


def values(value: Any, where: str, allowed: tuple[int, ...] | None = None, hi: int | None = None,
           most: int | None = None) -> tuple[int, ...]:
    """A list of whole numbers, each at most ``hi``, at most ``most`` of them (the box's count)."""
    if not isinstance(value, list):
        raise ScoreInputError("%(where)s must be a list of whole numbers", where=where)
    if most is not None and len(value) > most:
        raise ScoreInputError("%(where)s has %(n)s entries, but the box has only %(most)s", where=where,
                              n=len(value), most=most)
    out = tuple(whole(v, f"{where}[{i}]", hi=hi) for i, v in enumerate(value))
    for i, v in enumerate(out):
        if allowed is not None and v not in allowed:
            raise ScoreInputError("%(where)s must be one of %(choices)s", where=f"{where}[{i}]",
                                  choices=", ".join(map(str, allowed)))
    return out


def fields(obj: Any, expected: set[str], where: str) -> Mapping[str, Any]:
    if not isinstance(obj, dict):
        raise ScoreInputError("%(where)s must be an object", where=where)
    for name in sorted(expected - obj.keys()):
        raise ScoreInputError("%(where)s is missing", where=f"{where}.{name}")
    for name in sorted(obj.keys() - expected):
        raise ScoreInputError("%(where)s is not a field of this adventure", where=f"{where}.{name}")
    return obj


def figures_by_city(value: Any, where: str, cities: Mapping[str, int]) -> dict[str, int]:
    if not isinstance(value, dict):
        raise ScoreInputError("%(where)s must be an object: city name → figures", where=where)
    for city in value:
        if city not in cities:
            raise ScoreInputError("%(where)s: unknown city %(city)r", where=where, city=city)
    most = count("adventurers_per_colour") + count("companions")
    return {city: whole(n, f"{where}.{city}", hi=most) for city, n in value.items()}


def city_sizes(value: Any) -> dict[str, int]:
    if not isinstance(value, dict):
        raise ScoreInputError("cities must be an object: city name → size in fields")
    if len(value) > len(CITY_KEYS):
        raise ScoreInputError("cities: the board has %(most)s cities", most=len(CITY_KEYS))
    return {str(city): whole(size, f"cities.{city}", lo=1, hi=max_city_size()) for city, size in value.items()}


def player_holdings(scenario: int, raw: Any, where: str, cities: Mapping[str, int]) -> Holdings:
    p = fields(raw, PLAYER_FIELDS[scenario], where)
    # A laurel within what the cards print (box.toml [limits]); no more creatures than the box's 14.
    creatures = values(p["creatures"], f"{where}.creatures", hi=limit("laurel"), most=count("fog_creatures"))
    most_figures = count("adventurers_per_colour") + count("companions")
    if scenario == 1:
        if isinstance(p["companions"], list) and len(p["companions"]) > count("adventurers_per_colour"):
            raise ScoreInputError("%(where)s has more entries than a player has adventurers",
                                  where=f"{where}.companions")
        # "30 frères d'armes": no adventurer was joined by more than the box holds.
        companions = values(p["companions"], f"{where}.companions", hi=count("companions"))
        # "18 pépites d'or": a player takes each piece at most once (spent gold goes to the reserve).
        gold_taken = whole(p["gold_taken"], f"{where}.gold_taken", hi=count("gold"))
        return Holdings(creatures=creatures, gold_taken=gold_taken, companions_joined=companions)
    gold = whole(p["gold"], f"{where}.gold", hi=count("gold"))
    if scenario == 2:
        return Holdings(
            creatures=creatures,
            gold=gold,
            herbs=values(p["herbs"], f"{where}.herbs", herb_values(), most=count("herbs")),
            swords=values(p["swords"], f"{where}.swords", sword_values(), most=count("swords")),
            largest_group=whole(p["largest_group"], f"{where}.largest_group", hi=most_figures),
        )
    held = Holdings(
        creatures=creatures,
        gold=gold,
        outside_cities=whole(p["outside_cities"], f"{where}.outside_cities", hi=most_figures),
        cities=figures_by_city(p["cities"], f"{where}.cities", cities),
    )
    if held.outside_cities + sum(held.cities.values()) > most_figures:
        raise ScoreInputError("%(where)s has more figures than a player can have (%(most)s)", where=where,
                              most=most_figures)
    return held


def check_box(players: list[Holdings], creatures_left: int) -> None:
    """What all players hold together cannot exceed what the box contains (box_limits.py)."""
    excess = beyond_the_box(box_totals(players, creatures_left))
    if excess is not None:
        raise ScoreInputError(OVER_THE_BOX, what=excess.what, n=excess.n, most=excess.most)


def score(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise ScoreInputError("the body must be a JSON object")
    scenario = body.get("scenario")
    if type(scenario) is not int or scenario not in SCENARIOS:
        raise ScoreInputError("scenario must be 1, 2 or 3")
    fields(body, TOP_FIELDS[scenario], "body")
    raw_players = body["players"]
    if not isinstance(raw_players, list) or not MIN_PLAYERS <= len(raw_players) <= MAX_PLAYERS:
        raise ScoreInputError("players must be a list of %(lo)s to %(hi)s players", lo=MIN_PLAYERS, hi=MAX_PLAYERS)
    names = [player_name(p, f"players[{i}]") for i, p in enumerate(raw_players)]
    distinct_names(names)
    cities = city_sizes(body["cities"]) if scenario == 3 else {}
    creatures_left = (whole(body["creatures_left_on_board"], "creatures_left_on_board", hi=count("fog_creatures"))
                      if scenario == 3 else 0)
    players = [player_holdings(scenario, p, f"players[{i}]", cities) for i, p in enumerate(raw_players)]
    check_box(players, creatures_left)
    lines = breakdowns(scenario, players, cities, creatures_left)
    total = totals(lines)
    places = rank(total)
    return {"players": [{"name": n, "total": t, "place": pl,
                         "breakdown": [{"line": msg, "points": points} for msg, points in player_lines]}
                        for n, t, pl, player_lines in zip(names, total, places, lines)]}


_COUNT = {"type": "integer", "minimum": 0}
CITY_KEYS = tuple(c.key for c in box_cities())
_COUNTS = {"type": "array", "items": _COUNT}
_NAME = {"type": "string", "minLength": 1}


def _player_schema(props: dict[str, Any]) -> dict[str, Any]:
    props = {"name": _NAME, "creatures": {**_COUNTS, "description": "laurel values of the creatures defeated"}, **props}
    return {"type": "object", "required": sorted(props), "additionalProperties": False, "properties": props}


def _request_schema(scenario: int, players: dict[str, Any], extra: dict[str, Any] | None = None) -> dict[str, Any]:
    props = {
        "scenario": {"const": scenario},
        "players": {"type": "array", "minItems": MIN_PLAYERS, "maxItems": MAX_PLAYERS, "items": _player_schema(players)},
        **(extra or {}),
    }
    return {"type": "object", "required": sorted(props), "additionalProperties": False, "properties": props}


REQUEST_SCHEMA = {
    "oneOf": [
        _request_schema(1, {
            "gold_taken": {**_COUNT, "description": "gold pieces taken during the game, spent ones included"},
            "companions": {**_COUNTS, "description": "per adventurer, the companions that joined it (lost ones included)"},
        }),
        _request_schema(2, {
            "gold": {**_COUNT, "description": "gold pieces held"},
            "herbs": {"type": "array", "items": {"enum": list(herb_values())}},
            "swords": {"type": "array", "items": {"enum": list(sword_values())}, "description": "extra values"},
            "largest_group": {**_COUNT, "description": "figures (adventurers + companions) in the biggest group"},
        }),
        _request_schema(3, {
            "gold": {**_COUNT, "description": "gold pieces held"},
            "outside_cities": {**_COUNT, "description": "figures outside every city, start area included"},
            "cities": {"type": "object", "additionalProperties": _COUNT, "description": "city name → figures there"},
        }, {
            "cities": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1}, "description": "city name → size in fields"},
            "creatures_left_on_board": _COUNT,
        }),
    ]
}

RESPONSE_SCHEMA = {
    "type": "object",
    "required": ["players"],
    "properties": {
        "players": {
            "type": "array",
            "description": "in input order; place = 1 + the number of players with a strictly higher total",
            "items": {
                "type": "object",
                "required": ["name", "total", "place", "breakdown"],
                "properties": {"name": {"type": "string"}, "total": {"type": "integer"}, "place": {"type": "integer", "minimum": 1},
                               "breakdown": {"type": "array", "description": "the scoring lines (English); their points add up to total",
                                             "items": {"type": "object", "required": ["line", "points"],
                                                       "properties": {"line": {"type": "string"}, "points": {"type": "integer"}}}}},
            },
        }
    },
}

EXAMPLE = {
    "scenario": 2,
    "players": [
        # The rulebook's example: 22 + 24 + 4 + 7 + 4 = 61.
        {"name": "Martin", "creatures": [5, 6], "gold": 2, "herbs": [3, 4], "swords": [0, 1, 3], "largest_group": 8},
        {"name": "Julie", "creatures": [7], "gold": 3, "herbs": [2], "swords": [2], "largest_group": 5},
    ],
}

QUICK_SCORER = QuickScorer(
    summary="Final scores of one Adventure Land adventure from the table's counts",
    request_schema=REQUEST_SCHEMA,
    response_schema=RESPONSE_SCHEMA,
    score=score,
    example=EXAMPLE,
    from_form=from_form,
)
