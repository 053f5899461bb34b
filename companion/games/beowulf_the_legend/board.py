"""What is known about the 36 episodes of the board, and what the table enters from it.

No source lists the episodes (see the reference's "Known unknowns"), so the app ships only what
the rulebook states (``data/board.toml``) and lets the table enter the rest the first time
Beowulf reaches an episode. Table entries are returned as ``Applied.learned`` —
``{"episodes": {"12": record}}`` — which the platform stores server-wide and hands back to
``setup`` as ``library``; they can be exported and imported as a data file.

An episode record is a JSON dict::

    {"name": "Grendel's Attack", "kind": "turn_order", "opportunity": "",
     "symbols": ["courage", "fighting"],
     "spaces": ["fame5", "special:daring", "alliance", "wound", "scratch"],
     "source": "table"}

``spaces`` are the icon spaces clockwise from the one carrying the title (icons.py); "" is a
space not known yet. Unknown text fields are "", unknown symbols [].
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any, Mapping

from ..base import RuleError, ScoreInputError, _, check_file_header, library_section, nmsg
from .icons import normalise_space, parse_space
from .reference import NAMED_EPISODES, SYMBOLS

GAME_KEY = "beowulf-the-legend"
FILE_FORMAT = 1
EPISODES = 36
LAST = EPISODES  # "le dernier épisode, Death of Beowulf"
MINOR = ("risk", "opportunity", "selection", "recovery")
MAJOR = ("simultaneous", "turn_order")
GOLD = ("treasure", "recover_treasures")  # "Les épisodes de couleur dorée sont uniquement utilisés dans le jeu avancé"
KINDS = MINOR + MAJOR + GOLD + ("death",)
OPPORTUNITIES = ("hygelac", "great_rewards", "peace_returns", "many_friendships", "break_ranks")
SPACE_COUNT = {"simultaneous": 5, "turn_order": 5, "recover_treasures": 5, "death": 5, "treasure": 1}
# "Chaque épisode risque possède deux symboles"; simultaneous majors require "un seul type de
# symbole, tandis que d'autres autorisent deux types"; turn-order majors "toujours deux types".
SYMBOL_COUNT = {"risk": (2, 2), "simultaneous": (1, 2), "turn_order": (2, 2)}
DRAGON_BATTLE = "dragon_battle"  # a key of NAMED_EPISODES
MAX_NAME = 60
FIELDS = ("name", "key", "kind", "opportunity", "symbols", "spaces", "source")
SOURCE_NOTE = ("Episodes entered by tables from their physical boards; no published source lists them. "
               "Spaces run clockwise from the space carrying the title.")
TOKEN_BOX = {"fame": 36, "treasure": 24}  # "36 jetons carrés gloire, 24 jetons carrés trésor"
TOKEN_KIND_WORDS = {"fame": _("fame"), "treasure": _("treasure")}  # words inside a sentence, translated
MAX_TOKEN_VALUE = 10


class BoardFileError(ScoreInputError):
    """A board data file (or library entry) that cannot be read: the message names the field."""


# --- shipped data ------------------------------------------------------------------------

@cache
def _data() -> dict[str, Any]:
    with resources.files(__package__).joinpath("data/board.toml").open("rb") as f:
        return tomllib.load(f)


def shipped_episodes() -> dict[str, dict[str, Any]]:
    """The positions the rulebook places, as records (source "rulebook")."""
    return {str(pos): episode(raw, int(pos), source="rulebook") for pos, raw in _data()["positions"].items()}


@cache
def catalogue() -> tuple[dict[str, Any], ...]:
    """Episodes the rulebook names without a position: suggestions the table confirms (read-only)."""
    out = []
    for raw in _data()["catalogue"]:
        record = episode({k: v for k, v in raw.items() if k in FIELDS}, None, source="rulebook")
        record["first_major"] = bool(raw.get("first_major"))
        out.append(record)
    return tuple(out)


# --- records -----------------------------------------------------------------------------

def empty_episode() -> dict[str, Any]:
    return {"name": "", "key": "", "kind": "", "opportunity": "", "symbols": [], "spaces": [], "source": ""}


def episode(raw: Mapping[str, Any], position: int | None, source: str = "table") -> dict[str, Any]:
    """A checked, canonical episode record; raises RuleError naming what is wrong."""
    unknown = sorted(set(raw) - set(FIELDS))
    if unknown:
        raise RuleError("Unknown episode field: %(field)s", field=unknown[0])
    record = empty_episode()
    record["name"] = _name(raw.get("name"))
    record["key"] = _key(raw.get("key"), record["name"])
    if record["key"] and not record["name"]:
        record["name"] = NAMED_EPISODES[record["key"]]
    record["kind"] = _choice(raw.get("kind"), KINDS, "kind")
    if position is not None:
        _check_kind_at(record["kind"], position)
    if record["kind"] == "opportunity":
        record["opportunity"] = _choice(raw.get("opportunity"), OPPORTUNITIES, "opportunity")
    if record["kind"] in SYMBOL_COUNT:
        record["symbols"] = _symbols(raw.get("symbols"), record["kind"])
    if record["kind"] in SPACE_COUNT:
        record["spaces"] = _spaces(raw.get("spaces"), SPACE_COUNT[record["kind"]])
    record["source"] = source
    return record


def merged(old: Mapping[str, Any] | None, changes: Mapping[str, Any], position: int) -> dict[str, Any]:
    """An episode record with the table's changes laid over what was known."""
    base = {k: v for k, v in (old or empty_episode()).items() if k in FIELDS and k != "source"}
    if "name" in changes and "key" not in changes:
        base["key"] = ""  # a new name typed: recognised afresh
    base.update({k: v for k, v in changes.items() if v is not None})
    return episode(base, position, source="table")


def _name(raw: Any) -> str:
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise RuleError("The episode name must be text")
    name = " ".join(raw.split())
    if len(name) > MAX_NAME:
        raise RuleError("An episode name is at most %(n)s characters long", n=MAX_NAME)
    return name


def _key(raw: Any, name: str) -> str:
    """The named episode this is: chosen from the list, or recognised from its English name."""
    if raw not in (None, ""):
        if not isinstance(raw, str) or raw not in NAMED_EPISODES:
            raise RuleError("Choose the episode's name from the list, or leave it empty")
        return raw
    return next((key for key, english in NAMED_EPISODES.items() if same_name(name, english)), "")


def _choice(raw: Any, choices: tuple[str, ...], field: str) -> str:
    if raw in (None, ""):
        return ""
    if raw not in choices:
        raise RuleError("%(field)s must be one of: %(choices)s", field=field, choices=", ".join(choices))
    return raw


def _check_kind_at(kind: str, position: int) -> None:
    if not 1 <= position <= EPISODES:
        raise RuleError("The board has episodes 1 to %(n)s", n=EPISODES)
    if (kind == "death") != (position == LAST) and kind:
        raise RuleError("Death of Beowulf is the last episode, number %(n)s", n=LAST)


def _symbols(raw: Any, kind: str) -> list[str]:
    if raw is not None and not isinstance(raw, list):
        raise RuleError("%(field)s must be a list", field="symbols")
    given = [s for s in (raw or []) if s not in ("", None)]
    if not given:
        return []
    for symbol in given:
        if not isinstance(symbol, str) or symbol not in SYMBOLS:
            raise RuleError("%(field)s must be one of: %(choices)s", field="symbols", choices=", ".join(SYMBOLS))
    if len(set(given)) != len(given):
        raise RuleError("Choose different symbols")
    lo, hi = SYMBOL_COUNT[kind]
    if not lo <= len(given) <= hi:
        if lo == hi:
            raise RuleError("This kind of episode shows exactly %(n)s symbol types", n=lo)
        raise RuleError("This kind of episode shows %(lo)s to %(hi)s symbol types", lo=lo, hi=hi)
    return list(given)


def _spaces(raw: Any, count: int) -> list[str]:
    if raw is not None and not isinstance(raw, list):
        raise RuleError("%(field)s must be a list", field="spaces")
    given = list(raw or [])
    if len(given) > count:
        if any(normalise_space(code) for code in given[count:]):
            raise RuleError("This kind of episode has %(spaces)s",
                            spaces=nmsg("%(num)s reward space", "%(num)s reward spaces", count))
        given = given[:count]
    return [normalise_space(code) for code in given] + [""] * (count - len(given))


# --- what the game needs -----------------------------------------------------------------

def missing(record: Mapping[str, Any] | None, players: int, advanced: bool = True) -> list[str]:
    """What must still be entered before this episode can be played with ``players`` players.

    In the base game a gold episode is passed on its kind alone ("Les épisodes de couleur dorée
    [...] ne sont pas utilisés dans le jeu de base"): nobody enters rewards that are not played."""
    if not record or not record.get("kind"):
        return ["kind"]
    kind = record["kind"]
    if kind in GOLD and not advanced:
        return []
    gaps = []
    if kind == "opportunity" and not record.get("opportunity"):
        gaps.append("opportunity")
    if kind in SYMBOL_COUNT and not record.get("symbols"):
        gaps.append("symbols")
    if kind in SPACE_COUNT:
        needed = 1 if kind == "treasure" else players
        if not all(record["spaces"][:needed]):
            gaps.append("spaces")
    return gaps


def episode_name(record: Mapping[str, Any]) -> Any:
    """An episode's name for a history line or a page: a named episode as a message translated on
    each phone; a name the table typed as it is."""
    key = record.get("key")
    if key in NAMED_EPISODES:
        return {"msg": NAMED_EPISODES[key], "args": {}}
    return record.get("name", "")


def is_gold(record: Mapping[str, Any] | None) -> bool:
    return bool(record) and record.get("kind") in GOLD


def same_name(a: str, b: str) -> bool:
    return bool(a) and a.casefold() == b.casefold()


def position_named(board: Mapping[str, Mapping[str, Any]], key: str) -> int | None:
    """Where the named episode with this key lies (NAMED_EPISODES), if the table entered it."""
    for pos, record in board.items():
        if record.get("key") == key or (not record.get("key") and same_name(record.get("name", ""),
                                                                              NAMED_EPISODES.get(key, ""))):
            return int(pos)
    return None


def check_board(board: Mapping[str, Mapping[str, Any]]) -> None:
    """Facts that involve several episodes: unique names; the double wound not before the Dragon Battle."""
    seen: dict[str, str] = {}
    for pos, record in sorted(board.items(), key=lambda kv: int(kv[0])):
        for key in {record.get("name", "").casefold(), "key:" + record.get("key", "")} - {"", "key:"}:
            if key in seen:
                raise RuleError("%(name)s is already episode %(pos)s", name=episode_name(record), pos=seen[key])
            seen[key] = pos
    dragon = position_named(board, DRAGON_BATTLE)
    if dragon is None:
        return
    for pos, record in board.items():
        if int(pos) < dragon and any(has_icon(code, "double_wound") for code in record.get("spaces", [])):
            # "La grande tuile avec deux blessures n'est pas utilisée avant que vous n'atteigniez
            #  l'épisode Dragon Battle."
            raise RuleError("The double wound is not used before the Dragon Battle (episode %(pos)s)", pos=dragon)


def has_icon(code: str, kind: str) -> bool:
    return bool(code) and any(icon.kind == kind for alt in parse_space(code) for icon in alt)


# --- the server's library ----------------------------------------------------------------

def library_episodes(library: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    """The valid table-entered episodes in the server's library, by position ("1".."36")."""

    def valid(key: str, record: Any) -> tuple[str, dict[str, Any]]:
        position = _position(key, "episodes")
        if not isinstance(record, Mapping):
            raise BoardFileError(f"episodes.{key} must be an object")
        return str(position), episode({k: v for k, v in record.items() if k != "source"}, position)

    return library_section(library, "episodes", valid)


def known_board(library: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    """The rulebook's episodes, with what tables entered (and corrected) laid over them."""
    board = shipped_episodes()
    board.update(library_episodes(library))
    return board


def library_token_mix(library: Mapping[str, Any] | None) -> dict[str, dict[str, int]] | None:
    raw = (library or {}).get("tokens")
    if raw is None:
        return None
    try:
        return token_mix(raw)
    except RuleError:
        return None


def token_mix(raw: Any) -> dict[str, dict[str, int]]:
    """How many fame and treasure tokens of each value the box holds (the table counts them once).

    ``{"fame": {"1": 12, "2": 10, ...}, "treasure": {...}}``; each kind must add up to the box.
    """
    if not isinstance(raw, Mapping):
        raise RuleError("The token mix must list fame and treasure tokens by value")
    mix = {}
    for kind, total in TOKEN_BOX.items():
        counts = raw.get(kind)
        if not isinstance(counts, Mapping):
            raise RuleError("%(field)s must list how many tokens of each value", field=f"tokens.{kind}")
        clean = {}
        for value, count in counts.items():
            v = _int(value, f"tokens.{kind} value", 1, MAX_TOKEN_VALUE)
            n = _int(count, f"tokens.{kind}.{value}", 0, total)
            if n:
                clean[str(v)] = n
        if sum(clean.values()) != total:
            raise RuleError("The box holds %(total)s %(kind)s tokens; these add up to %(sum)s",
                            total=total, kind={"msg": TOKEN_KIND_WORDS[kind], "args": {}}, sum=sum(clean.values()))
        mix[kind] = dict(sorted(clean.items(), key=lambda kv: int(kv[0])))
    return mix


def _int(raw: Any, field: str, lo: int, hi: int) -> int:
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = int(raw)
    if isinstance(raw, bool) or not isinstance(raw, int) or not lo <= raw <= hi:
        raise RuleError("%(field)s must be a whole number from %(lo)s to %(hi)s", field=field, lo=lo, hi=hi)
    return raw


def _position(key: Any, where: str) -> int:
    try:
        position = int(str(key))
    except ValueError:
        raise BoardFileError(f"{where}: {key!r} is not an episode number") from None
    if not 1 <= position <= EPISODES:
        raise BoardFileError(f"{where}: episode {position} is not between 1 and {EPISODES}")
    return position


# --- data file ---------------------------------------------------------------------------

def export_board(library: Mapping[str, Any] | None) -> dict[str, Any]:
    """The table-entered episodes (and token mix) of the library as a data file."""
    episodes = library_episodes(library)
    data: dict[str, Any] = {"game": GAME_KEY, "format": FILE_FORMAT, "note": SOURCE_NOTE,
                            "episodes": dict(sorted(episodes.items(), key=lambda kv: int(kv[0])))}
    mix = library_token_mix(library)
    if mix:
        data["tokens"] = mix
    specials = _specials_in_play((library or {}).get("specials_in_play"), lenient=True)
    if specials:
        data["specials_in_play"] = specials
    return data


def _specials_in_play(raw: Any, lenient: bool = False) -> dict[str, list[str]]:
    """Which special cards tables said are in play, by player count (2–4) and rules: {"3-base": ["daring", …]}."""
    from .box import setup_cards  # box imports this module

    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        if lenient:
            return {}
        raise BoardFileError("specials_in_play must be an object: {\"3\": [\"daring\", ...]}")
    out = {}
    for count, keys in raw.items():
        ok = str(count) in SPECIALS_KEYS and isinstance(keys, list) and all(k in setup_cards() for k in keys) \
            and not (str(count).endswith("-base") and "all_iron_shield" in keys)
        if not ok:
            if lenient:
                continue
            raise BoardFileError(f"specials_in_play.{count}: a player count 2 to 4 (and the rules: \"3-base\", "
                                 "\"3-advanced\") and a list of special card keys (no All-Iron Shield in the base game)")
        out[str(count)] = [k for k in setup_cards() if k in keys]
    return out


# By player count and rule set ("3-advanced"); a count alone ("3") is what earlier versions kept.
SPECIALS_KEYS = tuple(f"{n}{rules}" for n in (2, 3, 4) for rules in ("", "-base", "-advanced"))


def import_board(data: Any) -> dict[str, Any]:
    """Validates a data file written by ``export_board``; returns the library entries to merge.

    ``{"episodes": {...}}`` (and ``"tokens"`` when the file has them). A bad field raises
    BoardFileError (a ScoreInputError) naming it; nothing is half-imported.
    """
    data = check_file_header(data, GAME_KEY, FILE_FORMAT, BoardFileError)
    raw = data.get("episodes", {})
    if not isinstance(raw, Mapping):
        raise BoardFileError("episodes must be an object: {\"12\": {...}}")
    out: dict[str, Any] = {"episodes": {}}
    for key, record in raw.items():
        position = _position(key, "episodes")
        where = f"episodes.{position}"
        if not isinstance(record, Mapping):
            raise BoardFileError(f"{where} must be an object")
        try:
            out["episodes"][str(position)] = episode({k: v for k, v in record.items() if k != "source"}, position)
        except RuleError as error:
            raise BoardFileError(f"{where}: {error}") from None
    try:
        check_board({**shipped_episodes(), **out["episodes"]})
    except RuleError as error:
        raise BoardFileError(f"episodes: {error}") from None
    if "tokens" in data:
        try:
            out["tokens"] = token_mix(data["tokens"])
        except RuleError as error:
            raise BoardFileError(f"tokens: {error}") from None
    specials = _specials_in_play(data.get("specials_in_play"))
    if specials:
        out["specials_in_play"] = specials
    if not out["episodes"] and "tokens" not in out and not specials:
        raise BoardFileError("episodes: the file holds no episode")
    return out
