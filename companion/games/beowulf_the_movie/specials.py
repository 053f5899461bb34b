"""The special tiles that change what lies where, each played as one move with the rulebook's checks.

Quotes are from the rulebook, "Capacités spéciales" (/work/shared/rules/…movie….rules.fr.txt).
The three tiles that only change the end-of-act arithmetic (Gorge, Betrayal, Horn) are placed as
ordinary tiles and handled by ``scoring``; Treasure cashed instead of placed is ``rules.cash_treasure``.

- Good Counsel (``good_counsel``): one of the player's own figures moves to an orthogonally adjacent
  empty square and the tile goes where it stood.
- Drunkenness (``drunkenness``): the tile replaces a Mead tile already on the board.
- Temptation / Courage (``place_tile`` with ``remove``): the placed tile may send one tile of the
  other kind, already in play, back to the box.
- Golden Statue (``place_tile`` with ``swap`` and ``swap2``): the placed tile may swap two other
  tiles already on the board.
"""

from __future__ import annotations

from typing import Any

from . import boards
from .box import ABILITIES, FIGURES, square_name
from .state import key
from ..base import Action, Actor, RuleError, State, _, int_field, label

# Rulebook, "Tentation": "il peut choisir une tuile de courage déjà en jeu et l'enlever du jeu";
# "Courage": "il peut choisir une tuile de tentation qui est déjà dans le jeu et l'enlever du jeu".
REMOVES = {"temptation": "courage", "courage": "temptation"}


def parse_square(state: State, raw: Any, field: str) -> tuple[int, int]:
    """A square given as "row,col" (a form's button or a JSON string), range-checked on this board."""
    parts = str(raw).split(",")
    if len(parts) != 2:
        raise RuleError(_("%(field)s must be a square given as row,col"), field=field)
    board = state["board"]
    cell = {"row": parts[0], "col": parts[1]}
    return int_field(cell, "row", 0, board["rows"] - 1), int_field(cell, "col", 0, board["cols"] - 1)


def optional_square(state: State, action: Action, field: str) -> tuple[int, int] | None:
    raw = action.get(field)
    return None if raw in (None, "") else parse_square(state, raw, field)


def tile_at(state: State, cell: tuple[int, int]) -> dict[str, Any] | None:
    entry = state["pieces"].get(key(*cell))
    return entry["tile"] if entry and "tile" in entry else None


def counsel_destinations(state: State, row: int, col: int) -> list[tuple[int, int]]:
    """Rulebook, "Bon conseil": the figure moves "sur une case vide adjacente (c.-à-d., non en
    diagonale)" — up, down, left or right, onto a playable square that holds nothing."""
    open_squares = set(boards.playable(state["board"]))
    out = []
    for r, c in ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col)):
        if (r, c) in open_squares and key(r, c) not in state["pieces"]:
            out.append((r, c))
    return out


def tile_value(action: Action) -> int:
    """Rulebook: "Une tuile spéciale sans valeur imprimée dessus est traitée en tant qu'ayant une
    valeur de zéro." — an empty value field is 0."""
    return action.get("value", 0)  # the schema bounds it; a form's empty field arrives left out


def good_counsel(state: State, action: Action, seat: int, actor: Actor) -> tuple[State, Any]:
    """Rulebook, "Bon conseil": "le joueur identifie une de ses figurines sur le plateau de jeu, et
    la déplace sur une case vide adjacente (c.-à-d., non en diagonale), ensuite, le joueur place la
    tuile Bon conseil à l'endroit (case vide) où se trouvait sa figurine avant de la déplacer. La
    tuile Bon conseil ne peut pas être employée pour déplacer une figurine s'il y a aucune place vide
    adjacente à côté de celle-ci"."""
    start = parse_square(state, action.get("square"), "square")
    entry = state["pieces"].get(key(*start))
    if not entry or "figure" not in entry:
        raise RuleError(_("Square %(square)s holds no figure"), square=square_name(*start))
    if entry["figure"]["seat"] != seat:
        raise RuleError(_("Good Counsel moves one of your own figures"))
    destinations = counsel_destinations(state, *start)
    if not destinations:
        raise RuleError(_("The figure on %(square)s has no empty square beside it: choose another figure"),
                        square=square_name(*start))
    to = parse_square(state, action.get("to"), "to")
    if to not in destinations:
        raise RuleError(_("Good Counsel moves a figure to an empty square beside it, not diagonally: "
                          "%(square)s is not one"), square=square_name(*to))
    value = tile_value(action)
    new_pieces = dict(state["pieces"])
    new_pieces[key(*to)] = entry
    new_pieces[key(*start)] = {"tile": {"value": value, "ability": "good-counsel"}}
    kind = entry["figure"]["kind"]
    text = label(_("%(player)s played Good Counsel: %(figure)s moved from %(start)s to %(to)s, the tile %(value)s "
                   "placed on %(start)s"), player=state["players"][seat]["name"],
                 figure=label(FIGURES[kind].name).to_json(), start=square_name(*start),
                 to=square_name(*to), value=f"{value:+d}")
    return new_pieces, text


def drunkenness(state: State, action: Action) -> tuple[dict[str, Any], Any]:
    """Rulebook, "Ivresse": "La deuxième option est de remplacer une tuile Bière qui est déjà placée
    sur le plateau. Une tuile Bière qui est remplacée est retournée dans la boîte"."""
    cell = parse_square(state, action.get("square"), "square")
    tile = tile_at(state, cell)
    if tile is None or tile["ability"] != "mead":
        raise RuleError(_("Drunkenness replaces a Mead tile: square %(square)s holds none"),
                        square=square_name(*cell))
    value = tile_value(action)
    new_pieces = dict(state["pieces"])
    new_pieces[key(*cell)] = {"tile": {"value": value, "ability": "drunkenness"}}
    text = label(_("Drunkenness tile %(value)s replaced the Mead tile on %(square)s (back to the box)"),
                 value=f"{value:+d}", square=square_name(*cell))
    return new_pieces, text


def check_follow_up(state: State, action: Action, ability: str | None, placed: tuple[int, int]) -> dict[str, Any]:
    """What a Temptation, Courage or Golden Statue tile does as it is placed, checked against the
    board *before* the tile is placed; returns {"remove": cell} or {"swap": (a, b)} or {}."""
    remove = optional_square(state, action, "remove")
    swap = (optional_square(state, action, "swap"), optional_square(state, action, "swap2"))
    if remove is not None:
        if ability not in REMOVES:
            raise RuleError(_("Only a Temptation or a Courage tile removes a tile from the board"))
        wanted = REMOVES[ability]
        tile = tile_at(state, remove)
        if tile is None or tile["ability"] != wanted:
            raise RuleError(_("A %(placed)s tile removes only a %(wanted)s tile already in play: "
                              "square %(square)s holds none"),
                            placed=label(ABILITIES[ability].name).to_json(),
                            wanted=label(ABILITIES[wanted].name).to_json(), square=square_name(*remove))
        return {"remove": remove}
    if swap != (None, None):
        if ability != "golden-statue":
            raise RuleError(_("Only a Golden Statue tile swaps two tiles"))
        if None in swap:
            raise RuleError(_("Choose the two tiles to swap"))
        a, b = swap
        # Rulebook, "Statue d'or": "permuter les positions de deux autres tuiles quelconques qui
        # sont déjà sur le plateau. Cependant, des figurines ne peuvent pas être déplacées."
        if placed in swap:
            raise RuleError(_("The Golden Statue swaps two other tiles, not itself"))
        for cell in swap:
            if tile_at(state, cell) is None:
                raise RuleError(_("Square %(square)s holds no tile"), square=square_name(*cell))
        if a == b:
            raise RuleError(_("Choose two different tiles"))
        return {"swap": (a, b)}
    return {}


def apply_follow_up(pieces: dict[str, Any], follow_up: dict[str, Any]) -> None:
    if "remove" in follow_up:
        del pieces[key(*follow_up["remove"])]
    if "swap" in follow_up:
        a, b = (key(*cell) for cell in follow_up["swap"])
        pieces[a], pieces[b] = pieces[b], pieces[a]


def follow_up_label(follow_up: dict[str, Any], ability: str, value: int, square: str) -> Any | None:
    if "remove" in follow_up:
        return label(_("%(ability)s tile %(value)s placed on %(square)s; the %(removed_kind)s tile on "
                       "%(removed)s goes back to the box"),
                     ability=label(ABILITIES[ability].name).to_json(), value=f"{value:+d}", square=square,
                     removed_kind=label(ABILITIES[REMOVES[ability]].name).to_json(),
                     removed=square_name(*follow_up["remove"]))
    if "swap" in follow_up:
        a, b = follow_up["swap"]
        return label(_("Golden Statue tile %(value)s placed on %(square)s; tiles on %(a)s and %(b)s swapped"),
                     value=f"{value:+d}", square=square, a=square_name(*a), b=square_name(*b))
    return None


def tiles_of(state: State, ability: str) -> list[tuple[int, int]]:
    """The squares holding a tile with this ability, in reading order."""
    cells = []
    for square_key, entry in state["pieces"].items():
        if "tile" in entry and entry["tile"]["ability"] == ability:
            r, c = square_key.split(",")
            cells.append((int(r), int(c)))
    return sorted(cells)
