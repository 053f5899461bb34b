"""Setup, moving Beowulf along the path, and entering what the board shows.

"Le plateau de jeu est divisé en 36 épisodes. [...] la figurine de Beowulf avance d'un épisode à
la fois." "Les épisodes de couleur dorée sont uniquement utilisés dans le jeu avancé et ne sont
pas utilisés dans le jeu de base."
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..base import (Action, Actor, Applied, Label, PlayerSpec, RuleError, State, bool_field, label, nlabel,
                    seat_field)
from .board import (GOLD, LAST, MINOR, SPACE_COUNT, check_board, episode_name, is_gold, known_board,
                    library_token_mix, merged, missing)
from .box import BOX, name, new_specials, setup_cards
from .episode import current, players, untouched
from .minor import begin as begin_minor
from .treasure import begin_bid
from .seats import list_field

TEXT_FIELDS = ("name", "key", "kind", "opportunity")
# The phone's entry form: one choice per reward space, tapped ("other": its codes are typed in
# spaces_other[]). The API's spaces[] list does the same in one field.
FORM_SPACES = ("space1", "space2", "space3", "space4", "space5")
OTHER, NOT_KNOWN = "other", "unknown"


def new_game(specs: Sequence[PlayerSpec], options: Mapping[str, Any], library: Mapping[str, Any] | None) -> State:
    advanced = bool_field(options, "advanced")
    return {
        "options": {"advanced": advanced, "harsh": bool_field(options, "harsh")},
        "players": [{"name": p.name, "colour": p.colour, "tokens": [], "scratches": 0, "wounds": 0,
                     "double_wound": 0} for p in specs],
        "supply": dict(BOX),
        # Fame/treasure tokens per value, once THIS table entered them: only these limit a gain or an
        # entry. What earlier tables entered is a suggestion that fills the form (one tap to confirm):
        # a wrong or malicious entry must never stop a player entering the token they hold (issue #28).
        "token_mix": None,
        "token_mix_suggested": library_token_mix(library),
        "board": known_board(library),  # episodes by position: the rulebook's, then what tables entered
        "position": 0,  # beside the board "à l'endroit où le chemin vert débute"
        "first_player": 0,  # "Le joueur le plus jeune [...] devient le premier joueur" (set_first_player)
        "phase": "start",
        "step": {},
        "recent": None,  # what happened at the last finished episode, for the view
        "skipped": [],  # gold episodes passed by in the base game
        "specials": new_specials(advanced, library_specials(library, len(specs), advanced)),
        "specials_told": library_specials(library, len(specs), advanced) is not None,
        # What earlier tables said: the base list suggests the ticks of an advanced game (the shield
        # still to be told), and the other player counts show when a choice contradicts them.
        "specials_suggested": library_specials(library, len(specs), False),
        "specials_known": specials_known(library, len(specs), advanced),
        "next_token": 1,
    }


def set_first_player(state: State, action: Action, actor: Actor) -> Applied:
    seat = seat_field(action, "seat", state["players"])
    state["first_player"] = seat
    return Applied(state, label("%(name)s is the first player (the youngest)", name=name(state, seat)))


def advance(state: State, action: Action, actor: Actor) -> Applied:
    """The first player moves Beowulf on to the next episode."""
    if state["position"] >= LAST:
        raise RuleError("Beowulf's journey is over")
    move_on(state)
    return Applied(state, moved_label(state))


def moved_label(state: State) -> Label:
    record = current(state)
    if record.get("name"):
        return label("Beowulf moves on to episode %(n)s, %(episode)s", n=state["position"],
                     episode=episode_name(record))
    return label("Beowulf moves on to episode %(n)s", n=state["position"])


def move_on_label(state: State) -> dict[str, Any]:
    """Moves Beowulf on (the state is changed) and returns the history news for it."""
    if state["position"] >= LAST:
        raise RuleError("Beowulf's journey is over")
    move_on(state)
    return moved_label(state).to_json()


def move_on(state: State) -> None:
    while True:
        state["position"] += 1
        if is_gold(current(state)) and not state["options"]["advanced"]:
            state["skipped"].append(state["position"])  # base game: the gold episodes are skipped
            continue
        break
    begin_episode(state)


def begin_episode(state: State) -> None:
    """Sets up the current episode's phase — or asks the table for what the board shows."""
    record = current(state)
    if missing(record, players(state), state["options"]["advanced"]):
        state["phase"], state["step"] = "enter", {}
        return
    kind = record["kind"]
    if kind in GOLD and not state["options"]["advanced"]:
        state["skipped"].append(state["position"])
        move_on(state)
    elif kind in MINOR:
        begin_minor(state, kind)
    elif kind == "turn_order":
        state["phase"], state["step"] = "contest", {"drops": []}
    elif kind == "treasure":
        begin_bid(state)
    else:  # simultaneous, death, recover_treasures: one outcome entered for everyone
        state["phase"], state["step"] = "contest", {"counts": None}


def next_position(state: State) -> int | None:
    """Where Beowulf goes next (gold episodes known to be skipped in the base game are passed by)."""
    position = state["position"] + 1
    while position <= LAST:
        if not (is_gold(state["board"].get(str(position))) and not state["options"]["advanced"]):
            return position
        position += 1
    return None


SHIELD = "all_iron_shield"  # "La carte All-Iron Shield est uniquement utilisée avec les règles avancées."
# "En fonction du nombre de joueurs, il y a de 4 à 9 cartes spéciales utilisées dans le jeu."
FEWEST_SPECIALS, SPECIALS_IN_BOX = 4, 10


def specials_key(players: int, advanced: bool) -> str:
    """Where the library keeps the cards in play: per player count AND rule set ("3-advanced")."""
    return f"{players}-{'advanced' if advanced else 'base'}"


def library_specials(library: Mapping[str, Any] | None, players: int, advanced: bool = False) -> list[str] | None:
    """Which named special cards an earlier table said are in play with this many players and rules.

    The circled numbers are the same whatever the rules, but a base game's list cannot say whether
    the All-Iron Shield carries one (it lies in the box then): an advanced game never takes a base
    list, while a base game takes an advanced one without the shield. A list kept by player count
    alone (before rule sets were told apart) counts as advanced only if it holds the shield."""
    if players >= 5:
        return None  # "dans une partie à cinq joueurs, toutes les cartes sont utilisées"
    remembered = (library or {}).get("specials_in_play") or {}
    legacy = _card_list(remembered.get(str(players)))
    if advanced:
        found = _card_list(remembered.get(specials_key(players, True)))
        return found if found is not None else (legacy if legacy and SHIELD in legacy else None)
    for raw in (remembered.get(specials_key(players, False)), remembered.get(specials_key(players, True))):
        found = _card_list(raw)
        if found is not None:
            return [k for k in found if k != SHIELD]
    return [k for k in legacy if k != SHIELD] if legacy is not None else None


def _card_list(raw: Any) -> list[str] | None:
    if not isinstance(raw, list) or not all(isinstance(k, str) for k in raw):
        return None
    return [k for k in setup_cards() if k in raw]


def specials_known(library: Mapping[str, Any] | None, players: int, advanced: bool) -> dict[str, list[str]]:
    """The lists remembered for the other player counts (same rules): a card with a circled number
    up to 2 is in play with 3 players too, so the guide can say when a choice contradicts them."""
    out = {}
    for count in range(2, 5):
        if count != players:
            found = library_specials(library, count, advanced)
            if found is not None:
                out[str(count)] = found
    return out


def set_specials_in_play(state: State, action: Action, actor: Actor) -> Applied:
    """The setup guide: which special cards carry a circled number up to the player count.

    "n'utilisez que les cartes contenant un chiffre dans un cercle dont la valeur est inférieure ou
    égale au nombre de joueurs [...] Les cartes non utilisées sont remises dans la boîte." The
    sources do not say which card carries which number: the table says so once, remembered for
    this player count and these rules."""
    n, advanced = players(state), state["options"]["advanced"]
    if n >= 5:
        raise RuleError("With 5 players every special card is used")
    keys = [str(k) for k in list_field(action, "cards")]
    unknown = [k for k in keys if k not in setup_cards()]
    if unknown:
        raise RuleError("Choose the special cards from the list")
    if SHIELD in keys and not advanced:
        raise RuleError("The All-Iron Shield is used only with the advanced rules (« uniquement utilisée avec les "
                        "règles avancées »): it stays in the box")
    in_play = [k for k in setup_cards() if k in keys]
    least = least_named_specials()
    if len(in_play) < least:
        raise RuleError("« Il y a de 4 à 9 cartes spéciales utilisées »: tick at least %(least)s of these cards "
                        "(the box's %(others)s other special cards are not listed here)",
                        least=least, others=SPECIALS_IN_BOX - len(setup_cards()))
    state["specials"] = new_specials(advanced, in_play)
    state["specials_told"] = True
    return Applied(state, nlabel("%(num)s special card is in play with %(players)s players",
                                 "%(num)s special cards are in play with %(players)s players",
                                 len(state["specials"]), players=n),
                   learned={"specials_in_play": {specials_key(n, advanced): in_play}})


def least_named_specials() -> int:
    """At least 4 special cards are used (l.275); the box's cards no source names may make up the rest."""
    return max(1, FEWEST_SPECIALS - (SPECIALS_IN_BOX - len(setup_cards())))


# --- entering the board ------------------------------------------------------------------

def enter_episode(state: State, action: Action, actor: Actor) -> Applied:
    """Enters (or corrects) what the board shows for one episode; remembered for later games."""
    position = _position(state, action)
    here = position == state["position"]
    old = state["board"].get(str(position))
    record = merged(old, _changes(action, old or {}), position)
    if here and not (untouched(state) or state["phase"] in ("done", "final", "over")):
        _check_correction_under_way(state, old or {}, record)
    board = {**state["board"], str(position): record}
    check_board(board)
    state["board"] = board
    if here and untouched(state):
        begin_episode(state)
    learned = {"episodes": {str(position): record}}
    return Applied(state, label("Episode %(n)s entered from the board", n=position), learned=learned)


def _check_correction_under_way(state: State, old: dict[str, Any], record: dict[str, Any]) -> None:
    """While spaces are being picked, a space not yet taken may be corrected; nothing else."""
    taken = {p["space"] for p in state["step"].get("picks", [])}
    same = all(record[f] == old.get(f) for f in ("kind", "opportunity")) and sorted(record["symbols"]) == sorted(
        old.get("symbols", [])) and all(record["spaces"][i - 1] == old["spaces"][i - 1] for i in taken)
    if state["phase"] not in ("picks", "bid_reward") or not same or missing(record, players(state)):
        raise RuleError("Episode %(n)s is under way: undo its moves before correcting it", n=state["position"])


def _position(state: State, action: Action) -> int:
    if action.get("position") in (None, ""):
        if state["position"] < 1:
            raise RuleError("Say which episode (1 to %(n)s)", n=LAST)
        return state["position"]
    return action["position"]


def _changes(action: Action, old: Mapping[str, Any]) -> dict[str, Any]:
    changes: dict[str, Any] = {field: action[field] for field in TEXT_FIELDS if field in action}
    if "symbols" in action:
        changes["symbols"] = list_field(action, "symbols")
    if any(field in action for field in FORM_SPACES):
        changes["spaces"] = _form_spaces(action, changes.get("kind") or old.get("kind") or "")
    elif "spaces" in action or "spaces_other" in action:
        changes["spaces"] = _spaces(list_field(action, "spaces"), list_field(action, "spaces_other"))
    return changes


def _form_spaces(action: Action, kind: str) -> list[Any]:
    """The spaces as the phone's form sends them: a tapped icon per space, or "other" and the codes
    typed for it. The form lays out five spaces whatever the kind; only the kind's are read (a
    treasure episode has one)."""
    typed = list_field(action, "spaces_other")
    out = []
    for i, field in enumerate(FORM_SPACES):
        choice = action.get(field)
        if choice == OTHER:
            choice = typed[i] if i < len(typed) else ""
        out.append("" if choice in (None, NOT_KNOWN) else choice)
    return out[:SPACE_COUNT.get(kind if isinstance(kind, str) else "", len(FORM_SPACES))]


def _spaces(chosen: list[Any], typed: list[Any]) -> list[Any]:
    """Each space from its list choice, unless icons were typed for it (a combination, say)."""
    size = max(len(chosen), len(typed))
    out = []
    for i in range(size):
        other = typed[i] if i < len(typed) else ""
        out.append(other if isinstance(other, str) and other.strip() else (chosen[i] if i < len(chosen) else ""))
    return out
