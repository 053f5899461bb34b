"""What every game module provides: the whole contract between a game and the platform.

A game module knows nothing about Flask, HTTP or the database. It is data plus pure
functions over a JSON-compatible ``State`` (plain dicts, lists, str, int, bool, None):
the platform stores states as JSON, so a state must survive ``json.loads(json.dumps(s))``
unchanged. ``apply`` must never mutate the state it is given (the platform keeps it as a
snapshot) and must be deterministic: replaying the same actions from ``setup`` gives the
same state, which is how undo and crash recovery rebuild a game.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence

from .move_fields import FieldError, read_fields

State = dict[str, Any]
Action = dict[str, Any]  # {"type": "<action name>", ...its fields}
View = dict[str, Any]


def _(msg: str) -> str:
    """Marks a string for translation without translating it here.

    Game modules stay free of Flask: they hand message ids to the web layer, which
    translates them for each phone's language at render time.
    """
    return msg


class RuleError(Exception):
    """A move the rules (or the box) do not allow: shown to the player, changes nothing.

    ``msg`` is an English message id with ``%(name)s`` placeholders, ``args`` the values;
    the web layer translates it for the phone that made the move.
    """

    def __init__(self, msg: str, **args: Any) -> None:
        super().__init__(english(msg, args))
        self.msg = msg
        self.args_ = args


class ScoreInputError(ValueError):
    """Bad input to a quick-score function (or a board data file): the message names the field.

    Shaped like RuleError: ``msg`` is an English message id with ``%(name)s`` placeholders,
    ``args`` the values (a value may be a Label, translated with it). ``str(error)`` is the
    English text, which the JSON endpoints answer as it is (scripts read it); the quick-score
    pages translate ``msg`` for the phone that posted the form.
    """

    def __init__(self, msg: str, **args: Any) -> None:
        super().__init__(english(msg, args))
        self.msg = msg
        self.args_ = args


@dataclass(frozen=True)
class Label:
    """A history line ("Mark took a wound"), kept as a message id plus public arguments.

    Arguments must be public: a label is shown to every phone, so it never carries a
    face-down value.
    """

    msg: str
    args: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None  # the English plural of msg, chosen by the count args["num"]

    def to_json(self) -> dict[str, Any]:
        data = {"msg": self.msg, "args": dict(self.args)}
        if self.plural is not None:
            data["plural"] = self.plural
        return data


def label(msg: str, **args: Any) -> Label:
    return Label(msg, args)


def nlabel(singular: str, plural: str, num: int, **args: Any) -> Label:
    """A label that names a count: ``nlabel("%(num)s scratch", "%(num)s scratches", 2)``.

    The web layer picks the form for the count under each phone's language (French and
    German have their own plural rules), so "1 scratches" never shows. ``%(num)s`` is the
    count, as in the templates' ``ngettext``, so both share their message ids.
    """
    return Label(singular, {"num": num, **args}, plural)


def nmsg(singular: str, plural: str, num: int, **args: Any) -> dict[str, Any]:
    """``nlabel`` as a plain message dict, for views and for lines nested in other messages."""
    return nlabel(singular, plural, num, **args).to_json()


def english(msg: str, args: Mapping[str, Any] | None = None, plural: str | None = None) -> str:
    """A message in English, the source language: its id filled in, nested messages included.

    What a refusal says where no phone's language applies (the JSON quick-score answers).
    """
    text = plural if plural is not None and abs((args or {}).get("num", 0)) != 1 else msg
    if not args:
        return text
    return text % {key: _english_arg(value) for key, value in args.items()}


def _english_arg(value: Any) -> Any:
    if isinstance(value, Label):
        return english(value.msg, value.args, value.plural)
    if isinstance(value, Mapping) and "msg" in value:
        return english(value["msg"], value.get("args"), value.get("plural"))
    return value


@dataclass(frozen=True)
class Actor:
    """Who makes a move: the phone's seat (None for a phone without one) and whether it hosts."""

    seat: int | None
    host: bool = False


@dataclass(frozen=True)
class Applied:
    """The result of a legal move.

    ``learned``: facts about the physical board that the table entered during play (an
    episode's icons, a board's shape). The platform stores them server-wide and hands
    them to ``setup`` of every later game as ``library``.
    """

    state: State
    label: Label
    learned: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    colour: str


@dataclass(frozen=True)
class OptionSpec:
    """A setup option shown on the new-game form. ``kind`` is "bool" or "choice"."""

    key: str
    label: str
    kind: str = "bool"
    default: Any = False
    choices: tuple[tuple[str, str], ...] = ()  # (value, label) for kind "choice"
    help: str = ""


Handler = Callable[[State, Action, Actor], Applied]


# Who may make a move: each row of a move table says one of these (``spec(..., who=...)``), and the
# kit checks it before the handler runs, the same way for every game.
FOR_ITSELF = "for_itself"  # a seated phone for its own seat, the host for any seat (the default)
ACTING = "acting"          # the seat the game waits for (``Game.acting_seats``), or the host
OWN_SEAT = "own_seat"      # only the owner's own phone: a private holding; not even the host
HOST = "host"              # only the host: a correction, a tie the rules leave to the table
ANY_SEAT = "any_seat"      # any phone at the table, for any seat: a shared pad anyone keeps
WHO = (FOR_ITSELF, ACTING, OWN_SEAT, HOST, ANY_SEAT)


@dataclass(frozen=True)
class ActionSpec:
    """One kind of move: what it does, its JSON Schema (fields besides "type") and its handler.

    A game's ``actions`` table is the one list of its moves: the OpenAPI document, the stale
    check and ``GameKit.apply`` all read it, so a move cannot be documented without being
    playable or the other way round. Write entries with ``spec``.
    """

    summary: str
    schema: Mapping[str, Any] = field(default_factory=lambda: {"type": "object", "properties": {}})
    # A move that stays valid on a screen one version behind (a player's own private entry,
    # adding points): applied to the newest state instead of being refused as stale.
    stale_ok: bool = False
    # Called with a copy of the state to change (the platform made it), the action and the actor.
    handler: Handler | None = None
    # False for a retired move: replayed from old logs, refused as unknown when a phone sends it,
    # left out of the OpenAPI document.
    offered: bool = True
    # Who may make it (one of WHO) and the phases it belongs to (empty: any phase). The kit
    # checks both, and the schema, before the handler runs (GameKit.apply).
    who: str = FOR_ITSELF
    phases: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.who not in WHO:
            raise ValueError(f"who must be one of {WHO}, not {self.who!r}")


def spec(summary: str, handler: Handler, schema: Mapping[str, Any] | None = None,
         stale_ok: bool = False, offered: bool = True, *, who: str = FOR_ITSELF,
         phases: Sequence[str] = ()) -> ActionSpec:
    """One row of a game's move table: ``"end_round": spec(_("..."), end_round, schema(...), who=HOST)``."""
    return ActionSpec(summary, schema if schema is not None else fields(), stale_ok, handler, offered,
                      who, tuple(phases))


def fields(required: Sequence[str] = (), **properties: Any) -> dict[str, Any]:
    """A move's JSON Schema: an object with these ``properties``, the ``required`` ones listed."""
    return {"type": "object", "required": list(required), "properties": properties}


@dataclass(frozen=True)
class Score:
    seat: int
    name: str
    total: int
    place: int
    breakdown: Sequence[tuple[str, int]] = ()  # (message id, points) lines shown under the total
    tiebreak: int | None = None


@dataclass(frozen=True)
class QuickScorer:
    """A stateless scorer served at ``POST /api/score/<game key>[/<path>]``.

    ``score`` takes the decoded JSON body and returns the JSON answer, or raises
    ScoreInputError (answered 422 with the message).
    """

    summary: str
    request_schema: Mapping[str, Any]
    response_schema: Mapping[str, Any]
    score: Callable[[Any], dict[str, Any]]
    example: Mapping[str, Any] | None = None
    # For the quick-score page (templates/games/<key>/quick.html): turns the posted form
    # ({field: [values]}) into the JSON request above; raises ScoreInputError.
    from_form: Callable[[Mapping[str, list[str]]], Any] | None = None


@dataclass(frozen=True)
class LibraryFile:
    """How a game's table-entered board facts travel between servers as a data file.

    ``export(library) -> dict`` writes the file; ``load(data) -> dict`` validates one and
    returns the entries to merge into the library (raises ScoreInputError naming the field).
    """

    export: Callable[[Mapping[str, Any]], dict[str, Any]]
    load: Callable[[Any], dict[str, Any]]


class Game(Protocol):
    key: str  # "beowulf-the-legend": the URL and registry name
    title: str
    min_players: int
    max_players: int
    options: Sequence[OptionSpec]
    actions: Mapping[str, ActionSpec]
    quick_scorers: Mapping[str, QuickScorer]  # "" → /api/score/<key>, "act" → /api/score/<key>/act

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any], library: Mapping[str, Any]) -> State: ...

    def apply(self, state: State, action: Action, actor: Actor, row: ActionSpec | None = None) -> Applied:
        """Every game gets this from ``GameKit``: the platform's one dispatch of a move."""
        ...

    def apply_in_place(self, state: State, action: Action, actor: Actor, row: ActionSpec | None = None) -> Applied:
        """``apply`` changing ``state`` itself (``GameKit``): the log's replay owns the state it plays."""
        ...

    def view(self, state: State, seat: int | None) -> View:
        """What one seat may see (seat None: the table display and any phone without a seat).

        Must contain no private value of any other seat: the platform renders it as is.
        """
        ...

    def is_over(self, state: State) -> bool: ...

    def final_scores(self, state: State) -> list[Score] | None: ...

    # Optional: ``library_file: LibraryFile`` — export/import of what tables entered about
    # the physical board (served at /games/<key>/library.json).
    # Optional: ``quick_page_view(payload, result, form)`` — whatever the game's quick.html needs.
    # Optional: ``progress(state) -> list[list[int]]`` — each seat's running score after each
    # step (round, act, episode), drawn as a chart once the game is over.


# --- the kit: one dispatch of a move, for every game ---------------------------------------

# The platform's refusals that are the same in every game: one message each.
NOT_AT_TABLE = _("Take a seat at this table to make moves")
UNKNOWN_MOVE = _("Unknown move: %(type)s")
GAME_OVER = _("The game is over.")
HOST_ONLY = _("Only the host can do this")
NOT_NOW = _("Not now: the table is at another step.")
NOT_YOUR_TURN = _("It is not your turn.")
OWN_PHONE_ONLY = _("Only the player themselves can do this, from their own phone.")


def at_table(actor: Actor) -> bool:
    """Seated or the host: a phone without a seat that does not host only watches."""
    return actor.seat is not None or actor.host


def require_at_table(actor: Actor) -> None:
    if not at_table(actor):
        raise RuleError(NOT_AT_TABLE)


def require_host(actor: Actor) -> None:
    """A move only the host makes (a correction, a tie the rules leave to the table)."""
    if not actor.host:
        raise RuleError(HOST_ONLY)


def move_spec(game: "Game", action: Mapping[str, Any], *, new: bool = True) -> ActionSpec:
    """The row of the game's move table this action names; an unknown move is refused.

    A retired move (``offered=False``) is unknown to a phone making a new move, and still
    known when the log replays an old one (``new=False``).
    """
    found = game.actions.get(str(action.get("type")))
    if found is None or (new and not found.offered):
        raise RuleError(UNKNOWN_MOVE, type=str(action.get("type")))
    return found


class GameKit(ABC):
    """What every game inherits: ``apply`` dispatches a move through the game's ``actions``.

    Refused here, once for every game: a phone that is neither seated nor the host, a move
    after the game is over, a move the table does not list, a move out of its phases, a phone
    its row's ``who`` does not admit, fields its JSON Schema refuses. The state is copied once,
    here: a handler changes the copy it is given and returns ``Applied`` (a RuleError drops the
    copy, so a refused move changes nothing). A handler gets the action as the schema reads it
    (a form's "3" as 3, an empty optional field left out) and holds only its rule.
    """

    actions: Mapping[str, ActionSpec]

    @abstractmethod
    def is_over(self, state: State) -> bool:
        """Whether the game has ended. Every game must say (a game without it cannot be made):
        no default could be right, and a game that forgot would never end."""

    def apply(self, state: State, action: Action, actor: Actor, row: ActionSpec | None = None) -> Applied:
        """``row``: the action's row of the move table, when the caller found it already (the log,
        for its stale check: ``move_spec``)."""
        return self.apply_in_place(evolve(state), action, actor, row)

    def apply_in_place(self, state: State, action: Action, actor: Actor, row: ActionSpec | None = None) -> Applied:
        """``apply`` on a state the caller owns and lets the move change: the log's replay, which
        copies once before its first move (a copy per move of a state that grows with the game
        made a long replay quadratic). A refused move may leave it half changed."""
        require_at_table(actor)
        if self.is_over(state):
            raise RuleError(GAME_OVER)
        if row is None:
            row = move_spec(self, action, new=False)
        assert row.handler is not None, f"{action.get('type')} has no handler"
        # Who first (a phone that may never make this move is told so, whatever it sent),
        # then when, then the fields; whose turn it is only means something in the move's phases.
        if row.who != ACTING:
            self.check_who(row.who, state, action, actor)
        if row.phases and self.phase_of(state) not in row.phases:
            raise self.not_now(state, row.phases)
        if row.who == ACTING:
            self.check_who(row.who, state, action, actor)
        action = checked_fields(row, action, actor)
        return self.after_move(row.handler(state, action, actor), action, actor)

    def after_move(self, applied: Applied, action: Action, actor: Actor) -> Applied:
        """What follows every move of this game (the Legend ends once the last value is in)."""
        return applied

    # --- what the kit asks of a game to check who and when ---

    def phase_of(self, state: State) -> str | None:
        """The step the game is at, matched against a row's ``phases``."""
        return state.get("phase")

    def not_now(self, state: State, phases: tuple[str, ...]) -> RuleError:
        """Why a move is refused out of its phases: a game words what the table waits for."""
        return RuleError(NOT_NOW)

    def acting_seats(self, state: State) -> Sequence[int]:
        """The seats the game waits for now (``who=ACTING``); a game with such moves says."""
        return ()

    def not_your_turn(self, state: State, action: Action) -> RuleError:
        """Why a ``who=ACTING`` move from another seat is refused: a game may name whose turn it is."""
        return RuleError(NOT_YOUR_TURN)

    def check_who(self, who: str, state: State, action: Action, actor: Actor) -> None:
        """The row's ``who``, checked the same way for every game."""
        if who == HOST:
            require_host(actor)
        elif who == OWN_SEAT:
            named = action.get("seat")
            if actor.seat is None or named not in (None, "") and whole_number(named) != actor.seat:
                raise RuleError(OWN_PHONE_ONLY)
        elif who == ACTING:
            if not actor.host and actor.seat not in self.acting_seats(state):
                raise self.not_your_turn(state, action)
        elif who == FOR_ITSELF and not actor.host:
            seat = whole_number(action.get("seat"))  # read as the schema will, checked there
            players = state.get("players", ())
            # A seat the table lacks is the handler's to refuse (seat_field names the field).
            if isinstance(seat, int) and 0 <= seat < len(players) and seat != actor.seat:
                raise RuleError("Only %(player)s or the host can enter this.", player=players[seat]["name"])



def checked_fields(row: ActionSpec, action: Action, actor: Actor) -> Action:
    """The action as its row's JSON Schema reads it (a form's strings made numbers; a move a
    phone makes for itself names its seat), or the refusal naming the first field the schema
    does not admit."""
    own = row.who in (FOR_ITSELF, OWN_SEAT) and actor.seat is not None and "seat" in row.schema.get("properties", {})
    try:
        return read_fields(row.schema, action, {"seat": actor.seat} if own else None)
    except FieldError as refused:
        raise RuleError(refused.msg, **refused.args_) from None


def acting_seat(state: State, action: Mapping[str, Any], actor: Actor, default: int | None = None) -> int:
    """The seat a public move is for: its ``seat`` field, else the phone's own seat.

    A player enters a move for themselves; the host may enter it for anyone. ``default`` is
    the seat the host's move is for when it names none (the seat the game is waiting for).
    """
    if action.get("seat") not in (None, ""):
        seat = seat_field(action, "seat", state["players"])
    elif actor.seat is not None and (default is None or not actor.host):
        seat = actor.seat
    elif default is not None:
        seat = default
    else:
        raise RuleError("Say which player this is for.")
    if seat != actor.seat and not actor.host:
        raise RuleError("Only %(player)s or the host can enter this.", player=state["players"][seat]["name"])
    return seat


# --- helpers every game uses -------------------------------------------------------------

def evolve(state: State) -> State:
    """A deep copy to change: apply must leave the state it was given untouched."""
    return copy.deepcopy(state)


# No number a table enters comes near this (a score, a count, a city's fields): a bound for the
# fields whose rule gives none, so that a number with thousands of digits never reaches a state.
MAX_WHOLE_NUMBER = 10**9
_ASCII_DIGITS = frozenset("0123456789")


def whole_number(raw: Any) -> int | None:
    """An int from JSON, or a form's optional sign and ASCII digits; None for anything else.

    ``int()`` alone would also take "1_000", "٣" (Arabic-Indic) and "５" (full width): a phone
    never sends them, and each is a different way to write the same move.
    """
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if not isinstance(raw, str):
        return None
    text = raw.strip(" \t")
    digits = text[1:] if text[:1] in ("-", "+") else text
    if not digits or len(digits) > 18 or not set(digits) <= _ASCII_DIGITS:
        return None
    return int(text)


def int_field(action: Mapping[str, Any], name: str, lo: int | None = None, hi: int | None = None) -> int:
    """An integer field of an action, from JSON (int) or a form (ASCII digit string), range-checked.

    Without a bound from the rules, ±MAX_WHOLE_NUMBER applies.
    """
    raw = whole_number(action.get(name))
    if raw is None:
        raise RuleError("%(field)s must be a whole number", field=name)
    lo = -MAX_WHOLE_NUMBER if lo is None else lo
    hi = MAX_WHOLE_NUMBER if hi is None else hi
    if raw < lo:
        raise RuleError("%(field)s must be at least %(lo)s", field=name, lo=lo)
    if raw > hi:
        raise RuleError("%(field)s must be at most %(hi)s", field=name, hi=hi)
    return raw


MAX_NAME = 40  # the width of seats.name


def table_name(raw: Any, most: int = MAX_NAME) -> str | None:
    """A player's name as a table writes it: 1 to ``most`` characters once trimmed, every one
    printable (no control character, no invisible direction mark); None when it is not one."""
    if not isinstance(raw, str):
        return None
    name = raw.strip()
    return name if 1 <= len(name) <= most and name.isprintable() else None


def seat_field(action: Mapping[str, Any], name: str, state_players: Sequence[Any]) -> int:
    """A seat index field, checked against the table's seats."""
    return int_field(action, name, 0, len(state_players) - 1)


def choice_field(action: Mapping[str, Any], name: str, choices: Sequence[str]) -> str:
    raw = action.get(name)
    if raw not in choices:
        raise RuleError("%(field)s must be one of: %(choices)s", field=name, choices=", ".join(choices))
    return raw


def bool_field(action: Mapping[str, Any], name: str, default: bool = False) -> bool:
    raw = action.get(name, default)
    if isinstance(raw, bool):
        return raw
    if raw in ("1", "true", "on", "yes"):
        return True
    if raw in ("0", "false", "off", "no", "", None):
        return False
    raise RuleError("%(field)s must be true or false", field=name)


def check_file_header(data: Any, game_key: str, file_format: Any, error: type[ScoreInputError]) -> Mapping[str, Any]:
    """A board data file's envelope: a JSON object, for this game, in a format we read."""
    if not isinstance(data, Mapping):
        raise error("the board file must be a JSON object")
    if "game" in data and data["game"] != game_key:
        raise error(f"game: this file is for {data['game']!r}, not {game_key!r}")
    if "format" in data and data["format"] != file_format:
        raise error(f"format: unknown board file format {data['format']!r} (expected {file_format})")
    return data


def library_section(library: Mapping[str, Any] | None, section: str,
                    validate: Callable[[str, Any], tuple[str, Any]]) -> dict[str, Any]:
    """The entries of one section of the server's library that validate, re-keyed by ``validate``.

    An entry that does not validate is left out (the table will enter it again) rather than
    stopping a new game from starting.
    """
    raw = (library or {}).get(section)
    if not isinstance(raw, Mapping):
        return {}
    valid: dict[str, Any] = {}
    for key, value in raw.items():
        try:
            new_key, new_value = validate(str(key), value)
        except (RuleError, ScoreInputError):
            continue
        valid[new_key] = new_value
    return valid


def rank(totals: Sequence[int], tiebreaks: Sequence[int] | None = None) -> list[int]:
    """Places: 1 + the number of players strictly ahead (equal players share the place).

    With tie-breaks, a player is ahead if their total is higher, or equal with a higher
    tie-break.
    """
    keys = [(t, tiebreaks[i] if tiebreaks else 0) for i, t in enumerate(totals)]
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]
