"""Minor episodes (beige): each player in turn, from the first player, takes part or passes.

"Tous les joueurs reçoivent la même possibilité, qu'ils peuvent accepter ou refuser. Le premier
joueur commence en décidant s'il accomplit ou non l'activité proposée. Le jeu se poursuit dans le
sens des aiguilles d'une montre."
"""

from __future__ import annotations

from typing import Any, Callable

from ..base import (Action, Actor, Applied, Label, RuleError, State, _, acting_seat, bool_field, choice_field, label,
                    nlabel, nmsg, seat_field)
from .box import (add_scratch, give_back, heal, heal_choices, heal_terms, name, note, play_special, scratch_news,
                  scratch_taken, shows, take_token, told, token_of, why_not_take)
from .episode import current, finish, require_kind, require_phase
from .seats import clockwise_from, list_field, require_owner

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


def _turn(state: State, action: Action, actor: Actor, *kinds: str) -> tuple[int, Notes]:
    """The seat that moves, and the history news of the players before it who passed.

    Players who pass are not asked one by one: a player who takes part while earlier players in
    the turn order have not moved shows that those passed ("Le premier joueur commence en
    décidant s'il accomplit ou non l'activité proposée" — deciding not to is passing). At a
    Recovery nobody passes, so turns there are taken in order.
    """
    require_phase(state, "minor")
    require_kind(state, *kinds)
    seat = acting_seat(state, action, actor)
    due = walker(state)
    if seat == due:
        return seat, []
    step = state["step"]
    if current(state)["kind"] == "recovery" or seat not in step["order"][step["turn"]:]:
        raise RuleError("It is %(name)s's turn", name=name(state, due))
    passed = []
    while walker(state) != seat:
        passed.append(walker(state))
        _record(state, walker(state), "passed", [note(_("Passed"))])
    return seat, [label(PASS_LINE, names=names_of(state, passed)).to_json()]


PASS_LINE = _("%(names)s passed")


def _record(state: State, seat: int, choice: str, notes: Notes, turn_over: bool = True) -> None:
    step = state["step"]
    step["records"].append({"seat": seat, "choice": choice, "notes": notes})
    if turn_over:
        step["turn"] += 1
        if step["turn"] == len(step["order"]):
            finish(state)


def names_of(state: State, seats: list[int]) -> str:
    return ", ".join(name(state, s) for s in seats)


# --- Risk --------------------------------------------------------------------------------

def take_risk(state: State, action: Action, actor: Actor) -> Applied:
    seat, passed = _turn(state, action, actor, "risk")
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
        return Applied(state, told(label("%(name)s takes a risk and keeps the matching cards", name=name(state, seat)),
                                   passed))
    if resolve:
        # "vous ne recevez aucune égratignure et vous pouvez décider soit de courir à nouveau un
        #  risque, soit de jouer sans recourir au risque" — the turn stays with this player.
        play_special(state, seat, "resolve")
        _record(state, seat, "resolved", notes + [note(_("Beowulf's Resolve: the failed risk is cancelled"))],
                turn_over=False)
        return Applied(state, told(label("%(name)s cancels a failed risk with Beowulf's Resolve",
                                         name=name(state, seat)), passed))
    # "le joueur place ces deux cartes sur la pile de défausse et reçoit une tuile égratignure"
    scratch = add_scratch(state, seat, warriors_rest=rest)
    _record(state, seat, "failed", notes + scratch)
    event = label("%(name)s fails a risk and takes a scratch", name=name(state, seat)) if scratch_taken(scratch) \
        else label("%(name)s fails a risk", name=name(state, seat))
    return Applied(state, told(event, passed + scratch_news(state, seat, scratch)))


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
    which = current(state).get("opportunity")
    if which == "break_ranks":  # checked before anyone is recorded as passing
        _owner_seat(state, action, actor)
    seat, passed = _turn(state, action, actor, "opportunity")
    notes = _break_ranks(state, action, actor, seat) if which == "break_ranks" else GAINS[which](state, seat)
    _record(state, seat, "took_part", notes)
    return Applied(state, told(label(OPPORTUNITY_LINES[which], name=name(state, seat)), passed))


# What a player did at an opportunity, as every phone reads it.
OPPORTUNITY_LINES = {
    "hygelac": _("%(name)s exchanges 2 cards"),
    "great_rewards": _("%(name)s gives 2 Fighting symbols and takes a treasure token of value 3"),
    "peace_returns": _("%(name)s gives one symbol of each type and takes a fame token of value 5"),
    "many_friendships": _("%(name)s gives 2 Friendship symbols and takes a face-down alliance token"),
    "break_ranks": _("%(name)s gives back 2 fame tokens and heals"),
}


def _owner_seat(state: State, action: Action, actor: Actor) -> int:
    seat = acting_seat(state, action, actor)
    require_owner(state, actor, seat)
    return seat


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
        raise RuleError("Say what to give back: %(choices)s", choices=heal_terms(choices))
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
EARLIER_WORDINGS = (_("%(name)s chooses: %(option)s"), _("%(name)s takes the opportunity"))


def why_not_select(state: State, seat: int, option: str) -> dict[str, Any] | None:
    """"Dans le cas rare où tous les jetons d'une valeur particulière sont épuisés, l'option en
    question n'est plus disponible." """
    if option in _SELECTION_TOKENS:
        return why_not_take(state, *_SELECTION_TOKENS[option])
    if option == "scratches" and not state["players"][seat]["scratches"]:
        return note(_("No scratch to discard"))
    return None


def choose_selection(state: State, action: Action, actor: Actor) -> Applied:
    seat, passed = _turn(state, action, actor, "selection")
    option = choice_field(action, "option", SELECTION)
    reason = why_not_select(state, seat, option)
    if reason:
        msg, args = reason["msg"], reason["args"]
        raise RuleError(msg, **args)
    if option == "scratches":
        count = state["players"][seat]["scratches"]
        _record(state, seat, option, heal(state, seat, "scratches"))
        return Applied(state, told(nlabel("%(name)s gives back %(num)s scratch",
                                          "%(name)s gives back %(num)s scratches", count, name=name(state, seat)),
                                   passed))
    if option in _SELECTION_TOKENS:
        take_token(state, seat, *_SELECTION_TOKENS[option])
    _record(state, seat, option, [note(SELECTION_TEXTS[option])])
    return Applied(state, told(label(SELECTION_LABELS[option], name=name(state, seat)), passed))


# --- Recovery and passing ----------------------------------------------------------------

def take_recovery_card(state: State, action: Action, actor: Actor) -> Applied:
    seat, _passed = _turn(state, action, actor, "recovery")
    _record(state, seat, "card", [note(_("Took a card"))])
    return Applied(state, label("%(name)s takes one of the cards turned up", name=name(state, seat)))


def pass_minor(state: State, action: Action, actor: Actor) -> Applied:
    if current(state).get("kind") == "recovery" and state["phase"] == "minor":
        raise RuleError("At a Recovery everyone takes a card")
    seat, passed = _turn(state, action, actor, "risk", "opportunity", "selection")
    _record(state, seat, "passed", [note(_("Passed"))])
    return Applied(state, told(label("%(name)s passes", name=name(state, seat)), passed))


# --- one tap for the whole table ---------------------------------------------------------

def end_minor(state: State, action: Action, actor: Actor) -> Applied:
    """Closes a minor episode in one tap for everyone still to play.

    Only the outcomes the app scores are asked: at a Risk, who failed (and which special cards
    were played); at Great Rewards, Peace Returns and Many Friendships, who took part. Everyone
    else kept their cards or passed, which changes nothing the app tracks. At a Recovery
    ("Après que tous les joueurs aient choisi une carte, le premier joueur effectue un deuxième
    tour") and at King Hygelac's Court (an exchange of cards) nothing changes the app's state:
    one "done" tap.
    """
    require_phase(state, "minor")
    record = current(state)
    kind, which = record["kind"], record.get("opportunity", "")
    step = state["step"]
    remaining = list(dict.fromkeys(step["order"][step["turn"]:]))
    chosen = {field: _seats(state, action, field, remaining) for field in ("failed", "daring", "resolve",
                                                                             "warriors_rest", "took_part")}
    if kind != "risk" and any(chosen[f] for f in ("failed", "daring", "resolve", "warriors_rest")):
        raise RuleError("Only a Risk asks who failed")
    if chosen["took_part"] and (kind != "opportunity" or which not in GAINS or which == "hygelac"):
        raise RuleError("Here each player who takes part does so on their own turn")
    if not chosen["warriors_rest"] <= chosen["failed"]:
        raise RuleError("The Warrior's Rest is played here only as a scratch arrives")
    news: Notes = []
    for seat in remaining:
        news += _close_turn(state, seat, kind, which, chosen)
    step["turn"] = len(step["order"])
    finish(state)
    return Applied(state, told(_closing_line(state, kind, which, chosen, remaining), news))


def _seats(state: State, action: Action, field: str, remaining: list[int]) -> set[int]:
    seats = set()
    for raw in list_field(action, field):
        seat = seat_field({"seat": raw}, "seat", state["players"])
        if seat not in remaining:
            raise RuleError("%(name)s has already had their turn", name=name(state, seat))
        seats.add(seat)
    return seats


def _close_turn(state: State, seat: int, kind: str, which: str, chosen: dict[str, set[int]]) -> Notes:
    """One player's turn inside the closing tap; returns history news (scratch consequences)."""
    news: Notes = []
    notes: Notes = []
    if kind == "risk":
        for card in ("daring", "resolve"):
            if seat in chosen[card]:
                play_special(state, seat, card)
                notes.append(note(CARD_PLAYED[card]))
        if seat in chosen["failed"]:
            scratch = add_scratch(state, seat, warriors_rest=seat in chosen["warriors_rest"])
            news += scratch_news(state, seat, scratch)
            _record(state, seat, "failed", notes + scratch, turn_over=False)
        else:
            _record(state, seat, "kept", notes + [note(_("Kept the matching cards, or passed"))], turn_over=False)
    elif kind == "recovery":
        _record(state, seat, "card", [note(_("Took a card"))], turn_over=False)
    elif kind == "opportunity" and which == "hygelac":
        _record(state, seat, "took_part", [note(_("Exchanged 2 cards, or kept their hand"))], turn_over=False)
    elif seat in chosen["took_part"]:
        _record(state, seat, "took_part", GAINS[which](state, seat), turn_over=False)
    else:
        _record(state, seat, "passed", [note(_("Passed"))], turn_over=False)
    return news


CARD_PLAYED = {"daring": _("Beowulf's Daring: 5 cards turned over"),
               "resolve": _("Beowulf's Resolve: a failed risk cancelled")}


def _closing_line(state: State, kind: str, which: str, chosen: dict[str, set[int]], remaining: list[int]) -> Label:
    ordered = [s for s in remaining]
    if kind == "recovery":
        return label("Recovery: everyone has taken their cards")
    if kind == "opportunity" and which == "hygelac":
        return label("King Hygelac's Court: the card exchanges are done")
    if kind == "risk":
        failed = [s for s in ordered if s in chosen["failed"]]
        if failed:
            return label("Risk: %(names)s failed and took a scratch; the others kept their cards or passed",
                         names=names_of(state, failed))
        return label("Risk: nobody failed")
    took = [s for s in ordered if s in chosen["took_part"]]
    if took:
        return label("%(names)s took the opportunity; the others passed", names=names_of(state, took))
    return label("%(names)s passed", names=names_of(state, ordered))
