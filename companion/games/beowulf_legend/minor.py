"""Minor episodes (beige): each player in turn, from the first player, takes part or passes.

"Tous les joueurs reçoivent la même possibilité, qu'ils peuvent accepter ou refuser. Le premier
joueur commence en décidant s'il accomplit ou non l'activité proposée. Le jeu se poursuit dans le
sens des aiguilles d'une montre."
"""

from __future__ import annotations

from typing import Any, Callable

from ..base import Action, Actor, Applied, RuleError, State, _, bool_field, choice_field, label, nlabel, nmsg
from .box import (add_scratch, give_back, heal, heal_choices, name, note, play_special, scratch_news, scratch_taken,
                  shows, take_token, told, token_of, why_not_take)
from .episode import current, finish, require_kind, require_phase
from .seats import acting_seat, clockwise_from, list_field, require_owner

Notes = list[dict[str, Any]]


def begin(state: State, kind: str) -> None:
    order = clockwise_from(state["first_player"], len(state["players"]))
    if kind == "recovery":
        # "Après que tous les joueurs aient choisi une carte, le premier joueur effectue un deuxième tour"
        order = order * 2
    state["phase"] = "minor"
    state["step"] = {"order": order, "turn": 0, "records": []}


def walker(state: State) -> int | None:
    """Whose turn it is in the minor episode (None when everyone has had theirs)."""
    if state["phase"] != "minor":
        return None
    step = state["step"]
    return step["order"][step["turn"]] if step["turn"] < len(step["order"]) else None


def _turn(state: State, action: Action, actor: Actor, *kinds: str) -> int:
    require_phase(state, "minor")
    require_kind(state, *kinds)
    seat = acting_seat(state, action, actor)
    due = walker(state)
    if seat != due:
        raise RuleError("It is %(name)s's turn", name=name(state, due))
    return seat


def _record(state: State, seat: int, choice: str, notes: Notes, turn_over: bool = True) -> None:
    step = state["step"]
    step["records"].append({"seat": seat, "choice": choice, "notes": notes})
    if turn_over:
        step["turn"] += 1
        if step["turn"] == len(step["order"]):
            finish(state)


# --- Risk --------------------------------------------------------------------------------

def take_risk(state: State, action: Action, actor: Actor) -> Applied:
    seat = _turn(state, action, actor, "risk")
    outcome = choice_field(action, "outcome", ("kept", "failed"))
    resolve, rest = bool_field(action, "resolve"), bool_field(action, "warriors_rest")
    if outcome == "kept" and (resolve or rest):
        raise RuleError("Beowulf's Resolve and The Warrior's Rest only help when a risk fails")
    notes: Notes = []
    if bool_field(action, "daring"):
        # "retournez cinq cartes de la pioche à la place de deux" — declared before turning any card
        play_special(state, seat, "daring")
        notes.append(note(_("Beowulf's Daring: 5 cards turned over")))
    if outcome == "kept":
        _record(state, seat, "kept", notes + [note(_("Kept the matching cards"))])
        return Applied(state, label("%(name)s takes a risk and keeps the matching cards", name=name(state, seat)))
    if resolve:
        # "vous ne recevez aucune égratignure et vous pouvez décider soit de courir à nouveau un
        #  risque, soit de jouer sans recourir au risque" — the turn stays with this player.
        play_special(state, seat, "resolve")
        _record(state, seat, "resolved", notes + [note(_("Beowulf's Resolve: the failed risk is cancelled"))],
                turn_over=False)
        return Applied(state, label("%(name)s cancels a failed risk with Beowulf's Resolve", name=name(state, seat)))
    # "le joueur place ces deux cartes sur la pile de défausse et reçoit une tuile égratignure"
    scratch = add_scratch(state, seat, warriors_rest=rest)
    _record(state, seat, "failed", notes + scratch)
    event = label("%(name)s fails a risk and takes a scratch", name=name(state, seat)) if scratch_taken(scratch) \
        else label("%(name)s fails a risk", name=name(state, seat))
    return Applied(state, told(event, scratch_news(state, seat, scratch)))


# --- Opportunity -------------------------------------------------------------------------

def _exchange_cards(state: State, seat: int) -> Notes:
    # "Vous ne pouvez pas ne défausser qu'une seule carte, vous pouvez défausser 2 cartes ou aucune."
    return [note(_("Discarded 2 cards and drew 2"))]


def _great_rewards(state: State, seat: int) -> Notes:
    take_token(state, seat, "treasure", 3)
    return [note(_("Gave 2 Fighting symbols")), note(_("Treasure %(n)s"), n=3)]


def _peace_returns(state: State, seat: int) -> Notes:
    take_token(state, seat, "fame", 5)
    return [note(_("Gave one symbol of each of the five types")), note(_("Fame %(n)s"), n=5)]


def _many_friendships(state: State, seat: int) -> Notes:
    take_token(state, seat, "alliance")
    return [note(_("Gave 2 Friendship symbols")),
            nmsg("%(num)s alliance token: enter what it shows on your phone",
                 "%(num)s alliance tokens: enter what they show on your phone", 1)]


GAINS: dict[str, Callable[[State, int], Notes]] = {
    "hygelac": _exchange_cards,
    "great_rewards": _great_rewards,
    "peace_returns": _peace_returns,
    "many_friendships": _many_friendships,
}


def take_opportunity(state: State, action: Action, actor: Actor) -> Applied:
    seat = _turn(state, action, actor, "opportunity")
    which = current(state)["opportunity"]
    notes = _break_ranks(state, action, actor, seat) if which == "break_ranks" else GAINS[which](state, seat)
    _record(state, seat, "took_part", notes)
    return Applied(state, label("%(name)s takes the opportunity", name=name(state, seat)))


def _break_ranks(state: State, action: Action, actor: Actor, seat: int) -> Notes:
    """"retourner deux jetons gloire ou deux jetons gloire/alliance pour pouvoir défausser un tuile
    blessure ou toutes vos tuiles égratignure" — which tokens go back is the owner's secret."""
    require_owner(state, actor, seat)
    ids = {str(i) for i in list_field(action, "tokens")}
    if len(ids) != 2:
        raise RuleError("Choose exactly 2 fame tokens to give back")
    tokens = [token_of(state, seat, i) for i in sorted(ids)]
    if not all(shows(t, "fame") and t["value"] is not None for t in tokens):
        raise RuleError("Only fame tokens, or alliance tokens showing fame, can be given back")
    choices = heal_choices(state, seat)
    if not choices:
        raise RuleError("%(name)s has no wound or scratch to discard", name=name(state, seat))
    what = action.get("heal") or (choices[0] if len(choices) == 1 else None)
    if what not in choices:
        raise RuleError("Say what to give back: %(choices)s", choices=", ".join(choices))
    for token in tokens:
        give_back(state, seat, token)
    return [note(_("Gave back 2 fame tokens"))] + heal(state, seat, what)


# --- Selection ---------------------------------------------------------------------------

SELECTION = ("treasure2", "alliance", "fame2", "cards2", "scratches")
SELECTION_TEXTS = {
    "treasure2": _("Treasure 2"),
    "alliance": _("An alliance token"),
    "fame2": _("Fame 2"),
    "cards2": _("Draw 2 cards"),
    "scratches": _("Discard all your scratches"),
}
_SELECTION_TOKENS = {"treasure2": ("treasure", 2), "alliance": ("alliance", 0), "fame2": ("fame", 2)}
# The history line, read on every phone (SELECTION_TEXTS speak to the player choosing).
SELECTION_LABELS = {
    "treasure2": _("%(name)s takes a treasure token of value 2"),
    "alliance": _("%(name)s takes a face-down alliance token"),
    "fame2": _("%(name)s takes a fame token of value 2"),
    "cards2": _("%(name)s draws 2 cards"),
}
# Earlier history lines keep their message ids in the log: kept here so that they still translate.
EARLIER_WORDINGS = (_("%(name)s chooses: %(option)s"),)


def why_not_select(state: State, seat: int, option: str) -> dict[str, Any] | None:
    """"Dans le cas rare où tous les jetons d'une valeur particulière sont épuisés, l'option en
    question n'est plus disponible." """
    if option in _SELECTION_TOKENS:
        return why_not_take(state, *_SELECTION_TOKENS[option])
    if option == "scratches" and not state["players"][seat]["scratches"]:
        return note(_("No scratch to discard"))
    return None


def choose_selection(state: State, action: Action, actor: Actor) -> Applied:
    seat = _turn(state, action, actor, "selection")
    option = choice_field(action, "option", SELECTION)
    reason = why_not_select(state, seat, option)
    if reason:
        msg, args = reason["msg"], reason["args"]
        raise RuleError(msg, **args)
    if option == "scratches":
        count = state["players"][seat]["scratches"]
        _record(state, seat, option, heal(state, seat, "scratches"))
        return Applied(state, nlabel("%(name)s gives back %(num)s scratch", "%(name)s gives back %(num)s scratches",
                                     count, name=name(state, seat)))
    if option in _SELECTION_TOKENS:
        take_token(state, seat, *_SELECTION_TOKENS[option])
    _record(state, seat, option, [note(SELECTION_TEXTS[option])])
    return Applied(state, label(SELECTION_LABELS[option], name=name(state, seat)))


# --- Recovery and passing ----------------------------------------------------------------

def take_recovery_card(state: State, action: Action, actor: Actor) -> Applied:
    seat = _turn(state, action, actor, "recovery")
    _record(state, seat, "card", [note(_("Took a card"))])
    return Applied(state, label("%(name)s takes one of the cards turned up", name=name(state, seat)))


def pass_minor(state: State, action: Action, actor: Actor) -> Applied:
    if current(state).get("kind") == "recovery" and state["phase"] == "minor":
        raise RuleError("At a Recovery everyone takes a card")
    seat = _turn(state, action, actor, "risk", "opportunity", "selection")
    _record(state, seat, "passed", [note(_("Passed"))])
    return Applied(state, label("%(name)s passes", name=name(state, seat)))
