"""A tracked game: setup, and the handler of every move the table can make (see actions.py).

Who may make a move and in which phases are declared in its row (actions.py) and checked by the
kit before the handler runs; ``why_not`` words a move out of its phases.

The app does not deal tiles or enforce turns: tiles in hand are private and stay off the app.
The table enters what lies on the board (figures and tiles, by tapping squares), treasures cashed
during play and corrections; the app scores each act from the grid and keeps the saga ledger.

Phases of an act: "board" (the table enters or edits the board's shape), "play" (pieces go on
squares), "scored" (the act has been scored; the grid stays on show until the next act), and after
Act III, "over".

A handler is given the one copy of the state ``GameKit.apply`` made; once its checks pass it
changes that copy (``new = state``: from there on, the new state) and returns it.
"""

from __future__ import annotations

import copy
from typing import Any, Mapping, Sequence

from . import boards, specials, turn_pointer
from .box import ABILITIES, ACTS, FIGURES, LAST_ACT, MAX_TILE_VALUE, STARTING_SAGA, full_supply, square_name
from .state import act_score, key
from ..base import Action, Actor, Applied, PlayerSpec, RuleError, State, _, acting_seat, int_field, label, nlabel, seat_field

SQUARE_KINDS = ("open", "blocked", "gorge")
MAX_CORRECTION = 500


def setup(players: Sequence[PlayerSpec], options: Mapping[str, Any],
          library: Mapping[str, Any] | None) -> State:
    """Rulebook, "Mise en place du jeu": each player takes all the figures of their colour and
    50 saga points; the Act I board is turned face up."""
    known = boards.library_boards(library)
    state: State = {
        "players": [{"name": p.name, "colour": p.colour} for p in players],
        "act": 1,
        "known_boards": known,  # board shapes by act: from the library or entered in this game
        "board": None,
        "board_from_library": False,
        "phase": "board",
        "pieces": {},
        "ledger": [{"seat": seat, "points": STARTING_SAGA, "act": 0, "why": "start"}
                   for seat in range(len(players))],
        "supply": [full_supply() for _ in players],  # figures in front of each player
        "first_seat": None,  # who starts the current act ("Le plus jeune joueur commence")
        **turn_pointer.new_pointer(),  # whose turn it is: the next act starts with it
    }
    _open_act_board(state)
    return state


def _open_act_board(state: State) -> None:
    """Lays the current act's board: the known shape if any, else the table enters it."""
    known = state["known_boards"].get(str(state["act"]))
    state["board"] = copy.deepcopy(known) if known else None  # never two names for one dict
    state["board_from_library"] = bool(known)
    state["phase"] = "play" if known else "board"


# --- who may act ------------------------------------------------------------------------------

def _name(state: State, seat: int) -> str:
    return state["players"][seat]["name"]


def _named(msgid: str) -> dict[str, Any]:
    """A name from the data files as a nested label, so the web layer translates it in place."""
    return label(msgid).to_json()


def why_not(state: State, phases: tuple[str, ...]) -> RuleError:
    """What the table waits for when a move comes out of its phases (``BeowulfTheMovie.not_now``)."""
    numeral = ACTS[state["act"]].numeral
    if state["phase"] == "scored":
        return RuleError(_("Act %(act)s has been scored: start the next act"), act=numeral)
    if phases == ("scored",):
        return RuleError(_("Score Act %(act)s first"), act=numeral)
    if state["phase"] == "board":
        return RuleError(_("Finish the board's shape first"))
    return RuleError(_("Tap “Edit the board's shape” first"))


def _square(state: State, action: Action, suffix: str = "") -> tuple[int, int]:
    """A square from ``row``/``col`` (JSON), or ``square`` = "row,col" (the grid's radio buttons)."""
    board = state["board"]
    if board is None:
        raise RuleError(_("Set the board's number of rows and columns first"))
    fields = {"row": action.get("row" + suffix), "col": action.get("col" + suffix)}
    square = action.get("square" + suffix)
    if square not in (None, ""):
        parts = str(square).split(",")
        if len(parts) != 2:
            raise RuleError(_("Tap a square first"))
        fields = {"row": parts[0], "col": parts[1]}
    elif fields["row"] in (None, "") and fields["col"] in (None, ""):
        raise RuleError(_("Tap a square first"))
    return (int_field(fields, "row", 0, board["rows"] - 1), int_field(fields, "col", 0, board["cols"] - 1))


def _free_square(state: State, row: int, col: int) -> None:
    """A piece goes on an empty, playable square (Rulebook: "une case libre du plateau")."""
    name = square_name(row, col)
    if [row, col] in state["board"]["blocked"]:
        raise RuleError(_("Square %(square)s is not part of the board"), square=name)
    if [row, col] in state["board"]["gorges"]:
        raise RuleError(_("Square %(square)s holds a printed Gorge"), square=name)
    if key(row, col) in state["pieces"]:
        raise RuleError(_("Square %(square)s is already taken"), square=name)


# --- the board's shape ---------------------------------------------------------------------------

def set_board_size(state: State, action: Action, actor: Actor) -> Applied:
    rows, cols = action["rows"], action["cols"]
    for square_key in state["pieces"]:
        r, c = (int(x) for x in square_key.split(","))
        if r >= rows or c >= cols:
            raise RuleError(_("Square %(square)s holds a piece: remove it before shrinking the board"),
                            square=square_name(r, c))
    new = state
    old = new["board"] or boards.empty_board(rows, cols)
    new["board"] = {**old, "rows": rows, "cols": cols,
                    "blocked": [p for p in old["blocked"] if p[0] < rows and p[1] < cols],
                    "gorges": [p for p in old["gorges"] if p[0] < rows and p[1] < cols]}
    return Applied(new, label(_("Act %(act)s board set to %(rows)s × %(cols)s squares"),
                              act=ACTS[state["act"]].numeral, rows=rows, cols=cols))


def set_square(state: State, action: Action, actor: Actor) -> Applied:
    """Marks a square of the physical board as playable, unplayable, or a printed Gorge.

    Rulebook, "Plateau de jeu": board graphics are decorative "excepté les icônes de gorge sur le
    plateau de l'acte II", which has "trois tuiles de gorge pré-imprimées".
    """
    row, col = _square(state, action)
    kind = action["kind"]
    name = square_name(row, col)
    if kind != "open" and key(row, col) in state["pieces"]:
        raise RuleError(_("Square %(square)s holds a piece: remove it first"), square=name)
    act = ACTS[state["act"]]
    gorges = [p for p in state["board"]["gorges"] if p != [row, col]]
    if kind == "gorge" and act.printed_gorges == 0:
        raise RuleError(_("Only the Act II board has printed Gorges; on this board they are decoration"))
    if kind == "gorge" and len(gorges) >= act.printed_gorges:
        raise RuleError(_("The Act %(act)s board has %(n)s printed Gorges: unmark one first"),
                        act=act.numeral, n=act.printed_gorges)
    new = state
    board = new["board"]
    board["blocked"] = sorted([p for p in board["blocked"] if p != [row, col]] + ([[row, col]] if kind == "blocked" else []))
    board["gorges"] = sorted(gorges + ([[row, col]] if kind == "gorge" else []))
    messages = {"open": _("Square %(square)s marked playable"),
                "blocked": _("Square %(square)s marked not part of the board"),
                "gorge": _("Square %(square)s marked as a printed Gorge")}
    return Applied(new, label(messages[kind], square=name))


def confirm_board(state: State, action: Action, actor: Actor) -> Applied:
    """Saves the shape for this game and, through ``learned``, for later games on this server."""
    if state["board"] is None:
        raise RuleError(_("Set the board's number of rows and columns first"))
    act = ACTS[state["act"]]
    if len(state["board"]["gorges"]) != act.printed_gorges:
        raise RuleError(_("Mark the %(n)s printed Gorges of the Act %(act)s board"),
                        n=act.printed_gorges, act=act.numeral)
    if not boards.playable(state["board"]):
        raise RuleError(_("The board needs at least one playable square"))
    new = state
    board = boards.validate_board(new["board"], act.number)
    new["board"] = board
    new["known_boards"][str(act.number)] = copy.deepcopy(board)
    new["phase"] = "play"
    return Applied(new, label(_("Act %(act)s board shape saved"), act=act.numeral),
                   learned={"boards": {str(act.number): board}})


def edit_board(state: State, action: Action, actor: Actor) -> Applied:
    new = state
    new["phase"] = "board"
    return Applied(new, label(_("Editing the Act %(act)s board shape"), act=ACTS[state["act"]].numeral))


# --- pieces on squares ---------------------------------------------------------------------------

PLACED = {
    "beowulf": _("%(player)s placed Beowulf on %(square)s"),
    "thane": _("%(player)s placed a Thane on %(square)s"),
    "castle": _("%(player)s placed a Castle on %(square)s"),
    "longship": _("%(player)s placed a Longship on %(square)s"),
}
TAKEN_BACK = {
    "beowulf": _("%(player)s's Beowulf taken back from %(square)s"),
    "thane": _("%(player)s's Thane taken back from %(square)s"),
    "castle": _("%(player)s's Castle taken back from %(square)s"),
    "longship": _("%(player)s's Longship taken back from %(square)s"),
}


def place_figure(state: State, action: Action, actor: Actor) -> Applied:
    """Rulebook, "Tour de jeu": "Placez une figurine. Le joueur place une figurine sur une case
    libre du plateau." — one of the figures still in front of them."""
    seat = acting_seat(state, action, actor)
    row, col = _square(state, action)
    kind = action["kind"]
    _free_square(state, row, col)
    if state["supply"][seat][kind] <= 0:
        raise RuleError(_("%(player)s has no %(figure)s left"), player=_name(state, seat),
                        figure=_named(FIGURES[kind].name))
    new = state
    new["pieces"][key(row, col)] = {"figure": {"seat": seat, "kind": kind}}
    new["supply"][seat][kind] -= 1
    _turn_played(new, seat)
    return Applied(new, label(PLACED[kind], player=_name(state, seat), square=square_name(row, col)))


def _ability(action: Action) -> str | None:
    return action.get("ability") or None  # "" or null: a tile without a special ability


def _turn_played(new: State, seat: int | None) -> None:
    """One turn played: the turn pointer moves on (turn_pointer.py) whoever tapped.

    ``last_seat`` belongs to tables recorded before the pointer: kept up to date there, the way
    it always was, so that their logs replay to the same states."""
    turn_pointer.turn_taken(new)
    if "last_seat" in new and seat is not None:
        new["last_seat"] = seat


def _tile_played_by(new: State, action: Action, actor: Actor) -> None:
    """A tile's turn: the pointer moves on; for an old table, the seat the phone sent (its old guess)."""
    seat = None
    if action.get("seat") not in (None, ""):
        seat = seat_field(action, "seat", new["players"])
    elif actor.seat is not None:
        seat = actor.seat
    _turn_played(new, seat)


def place_tile(state: State, action: Action, actor: Actor) -> Applied:
    """A tile with its printed value and special ability, as it lies on the board.

    Rulebook: "Une tuile spéciale sans valeur imprimée dessus est traitée en tant qu'ayant une
    valeur de zéro." Whoever is at the table may enter a tile (tiles in hand are not tracked).
    A Temptation or Courage tile may name a tile to ``remove``, a Golden Statue two tiles to
    ``swap`` (see specials.check_follow_up): the tile and its effect are one move.
    """
    row, col = _square(state, action)
    value = action["value"]
    ability = _ability(action)
    _free_square(state, row, col)
    follow_up = specials.check_follow_up(state, action, ability, (row, col))
    new = state
    new["pieces"][key(row, col)] = {"tile": {"value": value, "ability": ability}}
    specials.apply_follow_up(new["pieces"], follow_up)
    _tile_played_by(new, action, actor)
    square = square_name(row, col)
    if ability is None:
        return Applied(new, label(_("Tile %(value)s placed on %(square)s"), value=f"{value:+d}", square=square))
    done = specials.follow_up_label(follow_up, ability, value, square)
    if done is not None:
        return Applied(new, done)
    return Applied(new, label(_("%(ability)s tile %(value)s placed on %(square)s"),
                              ability=_named(ABILITIES[ability].name), value=f"{value:+d}", square=square))


def good_counsel(state: State, action: Action, actor: Actor) -> Applied:
    """One move: a figure of the acting seat steps to an orthogonally adjacent empty square and the
    Good Counsel tile goes where it stood (checks and rulebook quote: specials.good_counsel)."""
    seat = acting_seat(state, action, actor)
    pieces, text = specials.good_counsel(state, action, seat, actor)
    new = state
    new["pieces"] = copy.deepcopy(pieces)
    _turn_played(new, seat)
    return Applied(new, text)


def drunkenness(state: State, action: Action, actor: Actor) -> Applied:
    """One move: a Drunkenness tile takes a Mead tile's place (specials.drunkenness). Placed as an
    ordinary peril instead, it is a ``place_tile`` with ability drunkenness."""
    pieces, text = specials.drunkenness(state, action)
    new = state
    new["pieces"] = copy.deepcopy(pieces)
    _tile_played_by(new, action, actor)
    return Applied(new, text)


def place(state: State, action: Action, actor: Actor) -> Applied:
    """The palette's one move: ``what`` is a figure kind, "tile" (with ``value``), or "tile:<value>"
    (a value chip), placed on ``square`` (the tapped square's button): place_figure / place_tile."""
    what = action["what"]
    if what.startswith("tile:"):  # the palette's value chips: "tile:-3", its bounds the tiles' own
        value = int_field({"value": what[len("tile:"):]}, "value", -MAX_TILE_VALUE, MAX_TILE_VALUE)
        action, what = {**action, "what": "tile", "value": value}, "tile"
    if what == "tile":
        if "value" not in action:
            raise RuleError(_("%(where)s is missing"), where="value")
        return place_tile(state, action, actor)
    return place_figure(state, {**action, "kind": what}, actor)


def remove_piece(state: State, action: Action, actor: Actor) -> Applied:
    """Takes a piece entered by mistake off a square (Temptation, Courage, Drunkenness and the
    Golden Statue each act with their tile, as one move). A figure goes back in front of its
    owner; the turn the piece stood for was not played, so the turn pointer steps back one seat."""
    row, col = _square(state, action)
    square = square_name(row, col)
    entry = state["pieces"].get(key(row, col))
    if entry is None:
        raise RuleError(_("Square %(square)s is empty"), square=square)
    new = state
    del new["pieces"][key(row, col)]
    turn_pointer.turn_withdrawn(new)  # "a mistake": the turn it stood for was not played
    if "tile" in entry:
        return Applied(new, label(_("Tile removed from %(square)s"), square=square))
    seat, kind = entry["figure"]["seat"], entry["figure"]["kind"]
    if seat != actor.seat and not actor.host:
        raise RuleError(_("Only the host can take back another player's figure"))
    new["supply"][seat][kind] += 1
    return Applied(new, label(TAKEN_BACK[kind], player=_name(state, seat), square=square))


def swap_tiles(state: State, action: Action, actor: Actor) -> Applied:
    """Kept to replay tables recorded before the Golden Statue became one move (``place_tile``
    with ``swap``/``swap2``); no longer offered (not in ``actions.ACTIONS``). Rulebook, "Statue d'or": the player "peut immédiatement permuter les positions de deux autres
    tuiles quelconques qui sont déjà sur le plateau. Cependant, des figurines ne peuvent pas être
    déplacées." """
    a = _square(state, action)
    b = _square(state, action, suffix="2")
    for cell in (a, b):
        entry = state["pieces"].get(key(*cell))
        if entry is None or "tile" not in entry:
            raise RuleError(_("Square %(square)s holds no tile"), square=square_name(*cell))
    if a == b:
        raise RuleError(_("Choose two different tiles"))
    new = state
    pieces = new["pieces"]
    pieces[key(*a)], pieces[key(*b)] = pieces[key(*b)], pieces[key(*a)]
    return Applied(new, label(_("Tiles on %(a)s and %(b)s swapped"), a=square_name(*a), b=square_name(*b)))


# --- saga points ---------------------------------------------------------------------------------

def cash_treasure(state: State, action: Action, actor: Actor) -> Applied:
    """Rulebook, "Trésor": the player may "retourner la tuile dans la boîte (en l'enlevant du jeu)
    et immédiatement marquer un certain nombre de points de saga égal à la valeur du trésor"."""
    seat = acting_seat(state, action, actor)
    points = action["points"]
    new = state
    new["ledger"].append({"seat": seat, "points": points, "act": state["act"], "why": "treasure"})
    turn_pointer.turn_taken(new)  # cashing the tile is how it was played: that player's turn
    return Applied(new, nlabel("%(player)s cashed a Treasure: %(num)+d saga point",
                               "%(player)s cashed a Treasure: %(num)+d saga points", points, player=_name(state, seat)))


def correct_saga(state: State, action: Action, actor: Actor) -> Applied:
    """A manual change to a player's saga points, kept in the ledger with its note."""
    seat = acting_seat(state, action, actor)
    points = action["points"]  # never 0: the schema says "A correction must change the saga points"
    note = str(action.get("note") or "").strip()[:80]
    new = state
    new["ledger"].append({"seat": seat, "points": points, "act": state["act"], "why": "correction",
                          "note": note})
    return Applied(new, label(_("Saga points of %(player)s corrected by %(points)s"),
                              player=_name(state, seat), points=f"{points:+d}"))


# --- acts ----------------------------------------------------------------------------------------

def set_first_player(state: State, action: Action, actor: Actor) -> Applied:
    """Rulebook, "Jeu": "Le plus jeune joueur commence la partie." The turn pointer starts from
    this seat (moved on by any turns the table entered before naming the starter)."""
    seat = seat_field(action, "seat", state["players"])
    new = state
    new["first_seat"] = seat
    turn_pointer.act_started_by(new, seat)
    return Applied(new, label(_("%(player)s starts Act %(act)s"), player=_name(state, seat),
                              act=ACTS[state["act"]].numeral))


def set_turn(state: State, action: Action, actor: Actor) -> Applied:
    """The host corrects whose turn it is: a player passed (« il passe son tour », when they hold
    no tile and no figure) or a turn was never entered. Host-only: the pointer decides who starts
    the next act, so one phone cannot move it for the others."""
    if not turn_pointer.tracked(state):
        raise RuleError(_("This table was recorded before the app kept whose turn it is"))
    seat = seat_field(action, "seat", state["players"])
    new = state
    new["turn"] = seat
    return Applied(new, label(_("Corrected: it is %(player)s's turn"), player=_name(state, seat)))


def score_act(state: State, action: Action, actor: Actor) -> Applied:
    """Rulebook, "Fin d'un acte": each figure scores (sum of its row and column × diamonds); "les
    joueurs reprennent les Drakkars dans leur jeu [...] les Châteaux, Thanés, et Beowulf, sont
    enlevés définitivement du jeu une fois les points marqués"."""
    result = act_score(state)
    new = state
    for f in result.figures:
        new["ledger"].append({"seat": f.player, "points": f.points, "act": state["act"], "why": "figure",
                              "kind": f.kind, "square": square_name(f.row, f.col)})
        if FIGURES[f.kind].returns_after_act:
            new["supply"][f.player][f.kind] += 1
    new["phase"] = "scored"
    return Applied(new, label(_("Act %(act)s scored"), act=ACTS[state["act"]].numeral))


def next_act(state: State, action: Action, actor: Actor) -> Applied:
    """Rulebook, "Le commencement des actes II et III": "le premier tour est commencé par le joueur
    qui aurait eu le prochain tour dans l'acte précédent". The board is cleared ("il faut enlever
    toutes les tuiles du plateau") and turned to the next act."""
    if state["act"] >= LAST_ACT:
        raise RuleError(_("Act III was the last act: end the game"))
    seat = _next_starter(state, action, actor)
    new = state
    new["act"] += 1
    new["pieces"] = {}
    new["first_seat"] = seat
    turn_pointer.next_act_opens(new, seat)
    _open_act_board(new)
    return Applied(new, label(_("Act %(act)s begins: %(player)s starts"), act=ACTS[new["act"]].numeral,
                              player=_name(state, seat)))


def _next_starter(state: State, action: Action, actor: Actor) -> int:
    """Whose turn it is starts the next act. ``first_seat`` may be left out; naming someone else
    is the host's correction. A table recorded before the pointer (or one that never said who
    started) names the starter itself, as it always did."""
    pointer = turn_pointer.whose_turn(state)
    if action.get("first_seat") in (None, ""):
        if pointer is None:
            raise RuleError(_("Say who starts Act %(act)s"), act=ACTS[state["act"] + 1].numeral)
        return pointer
    seat = seat_field(action, "first_seat", state["players"])
    if pointer is not None and seat != pointer and not actor.host:
        raise RuleError(_("%(player)s would have played next, so %(player)s starts; only the host can change it"),
                        player=_name(state, pointer))
    return seat


def end_game(state: State, action: Action, actor: Actor) -> Applied:
    """Rulebook, "Score final": after Act III, the most saga points wins."""
    if state["act"] < LAST_ACT:
        raise RuleError(_("The game ends after Act III"))
    new = state
    new["phase"] = "over"
    return Applied(new, label(_("The game is over")))
