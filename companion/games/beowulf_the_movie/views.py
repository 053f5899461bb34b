"""What a phone (or the table display) shows: the act's grid with live scores, players, ledger.

Everything the app tracks is public at the table: the board, the saga points and the figures in
front of each player. Tiles in hand (private) are not tracked, so every seat gets the same view;
``seat`` only tells the template which phone is looking.
"""

from __future__ import annotations

from typing import Any

from . import boards, turn_pointer
from .box import ABILITIES, ACTS, FIGURES, LAST_ACT, MAX_TILE_VALUE, square_name
from ..owed import Owed, owed, waiting
from .scoring import CountedTile, CutOff, FigureScore, cancellations, score_grid
from .saga import breakdown, final_view, tie_broken
from .specials import counsel_destinations, tiles_of
from .state import cell_of, empty_squares, grid_of, key, saga, unused_diamonds
from ..base import State, View, _, label


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _counted(t: CountedTile) -> dict[str, Any]:
    return {"square": square_name(t.row, t.col), "line": t.line, "value": t.value, "value_text": _signed(t.value),
            "counts": t.counts, "ability": t.ability,
            "ability_name": ABILITIES[t.ability].name if t.ability else None,
            "cancelled_by": [square_name(*b) for b in t.cancelled_by]}


def _cut(c: CutOff) -> dict[str, Any]:
    return {"square": square_name(c.row, c.col), "line": c.line, "value_text": _signed(c.value),
            "ability_name": ABILITIES[c.ability].name if c.ability else None,
            "gorge": square_name(*c.gorge)}


def _figure(state: State, f: FigureScore) -> dict[str, Any]:
    kind = FIGURES[f.kind]
    player = state["players"][f.player]
    return {"seat": f.player, "player": player["name"], "colour": player["colour"], "kind": f.kind,
            "name": kind.name, "letter": kind.letter, "square": square_name(f.row, f.col),
            "base_diamonds": f.base_diamonds, "horns": [square_name(*h) for h in f.horns],
            "diamonds": f.diamonds, "sum": f.sum, "points": f.points,
            "tiles": [_counted(t) for t in f.tiles], "cut_off": [_cut(c) for c in f.cut_off],
            # Good Counsel: the empty squares beside it (none: it cannot be chosen)
            "counsel_to": [{"name": square_name(r, c), "square": f"{r},{c}"}
                           for r, c in counsel_destinations(state, f.row, f.col)]}


def _tile(entry: dict[str, Any], cancelled_by: list[str]) -> dict[str, Any]:
    ability = entry["ability"]
    return {"value": entry["value"], "value_text": _signed(entry["value"]), "ability": ability,
            "ability_name": ABILITIES[ability].name if ability else None,
            "ability_effect": ABILITIES[ability].effect if ability else None,
            "cancelled_by": cancelled_by}


def _grid(state: State, figures: dict[str, dict[str, Any]], cancelled: dict[str, list[str]]) -> list[list[dict]]:
    board = state["board"]
    blocked, gorges = boards.squares(board, "blocked"), boards.squares(board, "gorges")
    grid = []
    for r in range(board["rows"]):
        row = []
        for c in range(board["cols"]):
            square: dict[str, Any] = {"row": r, "col": c, "name": square_name(r, c), "state": "empty"}
            entry = state["pieces"].get(key(r, c))
            if (r, c) in blocked:
                square["state"] = "blocked"
            elif (r, c) in gorges:
                square["state"] = "gorge"
            elif entry and "figure" in entry:
                square.update(state="figure", figure=figures[key(r, c)])
            elif entry:
                square.update(state="tile", tile=_tile(entry["tile"], cancelled.get(key(r, c), [])))
            row.append(square)
        grid.append(row)
    return grid


def _players(state: State, live: dict[int, int]) -> list[dict[str, Any]]:
    totals = saga(state)
    out = []
    for seat, p in enumerate(state["players"]):
        supply = state["supply"][seat]
        out.append({
            "seat": seat, "name": p["name"], "colour": p["colour"], "saga": totals[seat],
            "act_points": live.get(seat, 0),
            "supply": [{"kind": k, "name": f.name, "letter": f.letter, "diamonds": f.diamonds,
                        "count": supply[k]} for k, f in FIGURES.items()],
            "unused_diamonds": unused_diamonds(state, seat),
            "breakdown": [{"label": msg, "points": pts} for msg, pts in breakdown(state, seat)],
        })
    return out


def _ledger(state: State) -> list[dict[str, Any]]:
    """Newest first, with figure names and squares for act scoring lines."""
    lines = []
    for entry in reversed(state["ledger"]):
        line = dict(entry, name=state["players"][entry["seat"]]["name"],
                    colour=state["players"][entry["seat"]]["colour"],
                    act_numeral=ACTS[entry["act"]].numeral if entry["act"] else "")
        if entry["why"] == "figure":
            line["figure_name"] = FIGURES[entry["kind"]].name
        lines.append(line)
    return lines


def _suggested_size(state: State) -> dict[str, int] | None:
    """Rulebook: the Act I and Act II boards are the same size, so each starts from the other's
    when this server knows it (Act II from Act I's in a game; Act I from an Act II in the library);
    Act III "est deux fois plus grand que les plateaux pour les actes I et II" (boards.remembered_size)."""
    twin_or_double = {k: v for k, v in state["known_boards"].items() if k != str(state["act"])}
    size = boards.remembered_size(state["act"], twin_or_double)
    return {"rows": size[0], "cols": size[1]} if size else None


def proposed_first_seat(state: State) -> int | None:
    """Rulebook, "Le commencement des actes II et III": "le premier tour est commencé par le joueur
    qui aurait eu le prochain tour dans l'acte précédent" — whose turn the pointer shows
    (turn_pointer.py). A table recorded before the pointer keeps its old guess: the seat after
    whoever's phone placed the last piece."""
    if turn_pointer.tracked(state):
        return turn_pointer.whose_turn(state)
    last = state.get("last_seat")
    return None if last is None else (last + 1) % len(state["players"])


def _turn(state: State) -> dict[str, Any] | None:
    """Whose turn it is, for every phone and the display; None when nobody said who started."""
    seat = turn_pointer.whose_turn(state)
    if seat is None:
        return None
    player = state["players"][seat]
    return {"seat": seat, "name": player["name"], "colour": player["colour"], "turns_played": state["turns_played"]}


def _act_hint(state: State) -> str | dict[str, Any]:
    """What the table does with this act's board. Act I is entered first: "same size as the Act II
    board" helps only once this server knows the Act II board; before that, the table counts."""
    act = ACTS[state["act"]]
    if act.number == 3 and _suggested_size(state):
        size = _suggested_size(state)
        return label(_("Twice as large as the Act I and II boards (rulebook): %(rows)s rows, %(cols)s columns is suggested; "
                       "the rulebook does not say which side doubles, so count yours."),
                     rows=size["rows"], cols=size["cols"]).to_json()
    if act.number != 1:
        return act.hint
    act_two = state["known_boards"].get("2")
    if act_two:
        return label(_("Same size as the Act II board this server knows: %(rows)s rows, %(cols)s columns."),
                     rows=act_two["rows"], cols=act_two["cols"]).to_json()
    return _("Count the rows and columns of squares on the Act I side of your board. The Act II board is the same size: Act II will start from the size you enter here.")


def _board(state: State) -> dict[str, Any] | None:
    board = state["board"]
    if board is None:
        return None
    act = ACTS[state["act"]]
    return {"rows": board["rows"], "cols": board["cols"], "from_library": state["board_from_library"],
            "printed_gorges_expected": act.printed_gorges, "printed_gorges_marked": len(board["gorges"]),
            "row_names": [chr(ord("A") + r) for r in range(board["rows"])],
            "col_names": [str(c + 1) for c in range(board["cols"])]}


# The printed values the placement palette offers as one-tap chips: the rulebook's example shows
# tiles from −6 to +6 (the API takes up to ±MAX_TILE_VALUE).
PALETTE_VALUES = range(-6, 7)
# A rarer printed value (no source lists every tile) is one more tap away, up to what the API takes.
MORE_PALETTE_VALUES = [v for v in range(-MAX_TILE_VALUE, MAX_TILE_VALUE + 1) if v not in PALETTE_VALUES]


def _named_squares(cells: list[tuple[int, int]]) -> list[dict[str, str]]:
    return [{"name": square_name(r, c), "square": f"{r},{c}"} for r, c in cells]


def _palette(state: State) -> dict[str, Any]:
    """What the placement palette offers: value chips, the abilities placed on an empty square
    (Good Counsel moves a figure instead: its own button on the figure), and the tiles a
    Temptation, a Courage or a Golden Statue may act on."""
    tiles = sorted(cell_of(k) for k, v in state["pieces"].items() if "tile" in v)
    return {"values": [{"what": f"tile:{v}", "text": _signed(v)} for v in PALETTE_VALUES],
            "more_values": [{"what": f"tile:{v}", "text": _signed(v)} for v in MORE_PALETTE_VALUES],
            "abilities": [{"key": a.key, "name": a.name, "scoring": a.scoring}
                          for a in ABILITIES.values() if a.key != "good-counsel"],
            "removable": {"temptation": _named_squares(tiles_of(state, "courage")),
                          "courage": _named_squares(tiles_of(state, "temptation"))},
            "tiles": _named_squares(tiles)}


def view(state: State, seat: int | None) -> View:
    act = ACTS[state["act"]]
    figures: dict[str, dict[str, Any]] = {}
    cancelled: dict[str, list[str]] = {}
    live: dict[int, int] = {}
    if state["board"] is not None:
        grid = grid_of(state)
        result = score_grid(grid)
        figures = {key(f.row, f.col): _figure(state, f) for f in result.figures}
        cancelled = {key(*cell): [square_name(*b) for b in by] for cell, by in cancellations(grid).items()}
        live = dict(result.totals)
    empty = empty_squares(state) if state["board"] is not None else []
    return {
        "act": act.number, "act_numeral": act.numeral, "act_foe": act.foe, "act_hint": _act_hint(state),
        "last_act": act.number == LAST_ACT,
        "next_act_numeral": ACTS[act.number + 1].numeral if act.number < LAST_ACT else None,
        "phase": state["phase"],
        "seat": seat,
        "first_seat": state["first_seat"],
        "first_player": state["players"][state["first_seat"]]["name"] if state["first_seat"] is not None else None,
        "proposed_first_seat": proposed_first_seat(state),
        "turn": _turn(state),
        "turn_tracked": turn_pointer.tracked(state),
        "last_player": state["players"][state["last_seat"]]["name"] if state.get("last_seat") is not None else None,
        "board": _board(state),
        "grid": _grid(state, figures, cancelled) if state["board"] is not None else [],
        "suggested_size": _suggested_size(state),
        "tiles": [{"row": r, "col": c, "name": square_name(r, c)}
                  for r, c in sorted(cell_of(k) for k, v in state["pieces"].items() if "tile" in v)],
        "empty_squares": len(empty),
        "board_full": state["board"] is not None and not empty,
        "figures": list(figures.values()),
        "players": _players(state, live),
        "ledger": _ledger(state),
        "abilities": [{"key": a.key, "name": a.name, "effect": a.effect, "scoring": a.scoring}
                      for a in ABILITIES.values()],
        "palette": _palette(state),
        "figure_kinds": [{"kind": f.kind, "name": f.name, "letter": f.letter, "diamonds": f.diamonds}
                         for f in FIGURES.values()],
        "final": final_view(state),
        "tie_broken": state["phase"] == "over" and tie_broken(state),
        "owed": owed_by(state, seat, board_full=state["board"] is not None and not empty)
        if seat is not None else None,
    }



def owed_by(state: State, seat: int, board_full: bool) -> Owed | None:
    """The phone's "your move" bar: the act's board first, then who starts, then the player whose
    turn it is (the turn pointer, where the table keeps one) places a piece; the others wait."""
    phase, turn = state["phase"], state.get("turn")
    if phase == "over":
        return None
    if phase == "board":
        return owed(_("Enter this act's board: its rows and columns"), "bm-shape")
    if state["first_seat"] is None and phase == "play":
        return owed(_("Who starts this act? Tap their name"), "bm-controls")
    if turn is not None and seat != turn:
        return waiting(_("Waiting for %(names)s"), names=state["players"][turn]["name"])
    if phase == "scored":
        if ACTS[state["act"]].number == LAST_ACT:
            return owed(_("End the game: final scores"), "bm-controls")
        return owed(_("Start the next act"), "bm-controls")
    if board_full:
        return owed(_("The board is full: score the act"), "bm-controls")
    return owed(_("Your turn: place a piece"), "bm-palette") if turn is not None else None
