"""Minor episodes (beige): each player in turn, from the first player, takes part or passes.

"Tous les joueurs reçoivent la même possibilité, qu'ils peuvent accepter ou refuser. Le premier
joueur commence en décidant s'il accomplit ou non l'activité proposée. Le jeu se poursuit dans le
sens des aiguilles d'une montre."

Phones answer in whatever order people tap. An answer from a player whose turn has not come yet
is kept (``step["waiting"]``, by seat) and applied in turn order once every earlier player has
answered; until then its phone may change it. A player's choice is never replaced by a pass they
did not make: only the host passes for players who have not answered (``end_minor``).
"""

from __future__ import annotations

from typing import Any, Callable

from ..base import (Action, Actor, Applied, Label, RuleError, State, _, acting_seat, bool_field, evolve,
                    label, nlabel, nmsg, seat_field)
from .box import (add_scratch, give_back, heal, heal_choices, heal_terms, name, note, play_special, scratch_news,
                  scratch_taken, shows, take_token, told, token_of, why_not_take)
from .episode import current, finish, require_kind
from .seats import clockwise_from, list_field, require_owner

Notes = list[dict[str, Any]]
# One player's answer applied at their turn: changes the state, returns the history line.
Rule = Callable[[State, Action, Actor, int], Label]


def begin(state: State, kind: str) -> None:
    order = clockwise_from(state["first_player"], len(state["players"]))
    if kind == "recovery":
        # "Après que tous les joueurs aient choisi une carte, le premier joueur effectue un deuxième tour"
        order = order * 2
    state["phase"] = "minor"
    state["step"] = {"order": order, "turn": 0, "records": [], "waiting": {}, "returned": {}}


def walker(state: State) -> int | None:
    """Whose turn it is in the minor episode (None when everyone has had theirs)."""
    if state["phase"] != "minor":
        return None
    step = state["step"]
    return step["order"][step["turn"]] if step["turn"] < len(step["order"]) else None


def waiting_answers(state: State) -> dict[str, Action]:
    """Answers given before their turn, by seat (as a string): private to the player until applied."""
    return state["step"].get("waiting", {}) if state["phase"] == "minor" else {}


def _answer(state: State, action: Action, actor: Actor, kinds: tuple[str, ...], rule: Rule) -> Applied:
    """One player's answer: applied now if it is their turn, else kept until it is.

    "Le premier joueur commence en décidant [...] Le jeu se poursuit dans le sens des aiguilles
    d'une montre": the order matters (a token value may run out, l.124), so a later answer waits
    for the earlier ones; it never decides for them.
    """
    require_kind(state, *kinds)
    _check_episode(state, action)
    seat = acting_seat(state, action, actor)
    due = walker(state)
    state["step"].get("returned", {}).pop(str(seat), None)
    if seat == due:
        event = rule(state, action, actor, seat)
        return Applied(state, told(event, apply_waiting(state)))
    _check_may_wait(state, seat, due)
    rule(evolve(state), action, actor, seat)  # refused now if it could not stand as things are
    waiting = state["step"].setdefault("waiting", {})
    changed = str(seat) in waiting
    waiting[str(seat)] = {k: v for k, v in action.items() if k != "move_on"}
    line = WAITS_AGAIN_LINE if changed else WAITS_LINE
    return Applied(state, label(line, name=name(state, seat), due=name(state, due)))


WAITS_LINE = _("%(name)s has answered; the answer waits for %(due)s")
WAITS_AGAIN_LINE = _("%(name)s changes their answer; it waits for %(due)s")


def _check_episode(state: State, action: Action) -> None:
    """A phone names the episode its answer is for: an answer meant for a finished one is refused."""
    episode = action.get("episode")
    if episode not in (None, "") and str(episode) != str(state["position"]):
        raise RuleError("That answer was for episode %(n)s, which is over", n=episode)


def _check_may_wait(state: State, seat: int, due: int | None) -> None:
    step = state["step"]
    if seat not in step["order"][step["turn"]:]:
        raise RuleError("%(name)s has already had their turn", name=name(state, seat))
    if current(state)["kind"] == "recovery":  # the cards lie face up: each takes one as the turn comes
        raise RuleError("It is %(name)s's turn", name=name(state, due))


def apply_waiting(state: State) -> Notes:
    """Applies the kept answers whose turn has come, in turn order; returns their history lines.

    An answer that can no longer stand (the token value it asked for ran out: "l'option en
    question n'est plus disponible") goes back to its player, whose turn it now is.
    """
    news: Notes = []
    while (seat := walker(state)) is not None and str(seat) in state["step"].get("waiting", {}):
        answer = state["step"]["waiting"].pop(str(seat))
        trial = evolve(state)
        try:
            event = RULES[answer["type"]](trial, answer, Actor(seat), seat)
        except RuleError as error:
            # Which tokens Break Ranks? gives back is the owner's secret, and so is why they no
            # longer do (a face corrected since, say): the table hears only that they changed.
            why = note(_("the tokens it gives back have changed")) if answer.get("tokens") \
                else note(error.msg, **error.args_)
            state["step"].setdefault("returned", {})[str(seat)] = why
            news.append(label(RETURNED_LINE, name=name(state, seat), why=why).to_json())
            break
        state.clear()
        state.update(trial)
        news.append(event.to_json())
    return news


RETURNED_LINE = _("%(name)s's answer can no longer be applied (%(why)s): %(name)s answers again")
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
    return _answer(state, action, actor, ("risk",), _risk)


def _risk(state: State, action: Action, actor: Actor, seat: int) -> Label:
    outcome = action["outcome"]  # "kept" or "failed": the row's schema, also for an answer kept for its turn
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
        return label("%(name)s takes a risk and keeps the matching cards", name=name(state, seat))
    if resolve:
        # "vous ne recevez aucune égratignure et vous pouvez décider soit de courir à nouveau un
        #  risque, soit de jouer sans recourir au risque" — the turn stays with this player.
        play_special(state, seat, "resolve")
        _record(state, seat, "resolved", notes + [note(_("Beowulf's Resolve: the failed risk is cancelled"))],
                turn_over=False)
        return label("%(name)s cancels a failed risk with Beowulf's Resolve", name=name(state, seat))
    # "le joueur place ces deux cartes sur la pile de défausse et reçoit une tuile égratignure"
    scratch = add_scratch(state, seat, warriors_rest=rest)
    _record(state, seat, "failed", notes + scratch)
    event = label("%(name)s fails a risk and takes a scratch", name=name(state, seat)) if scratch_taken(scratch) \
        else label("%(name)s fails a risk", name=name(state, seat))
    return told(event, scratch_news(state, seat, scratch))


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
    if current(state).get("opportunity") == "break_ranks":  # the owner's secret, checked before anything
        _owner_seat(state, action, actor)
    return _answer(state, action, actor, ("opportunity",), _opportunity)


def _opportunity(state: State, action: Action, actor: Actor, seat: int) -> Label:
    which = current(state)["opportunity"]
    notes = _break_ranks(state, action, actor, seat) if which == "break_ranks" else GAINS[which](state, seat)
    _record(state, seat, "took_part", notes)
    return label(OPPORTUNITY_LINES[which], name=name(state, seat))


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
    blessure ou toutes vos tuiles égratignure" — which tokens go back is the owner's secret
    (take_opportunity checked the owner's phone)."""
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
    return _answer(state, action, actor, ("selection",), _selection)


def _selection(state: State, action: Action, actor: Actor, seat: int) -> Label:
    option = action["option"]  # one of SELECTION: the row's schema
    reason = why_not_select(state, seat, option)
    if reason:
        msg, args = reason["msg"], reason["args"]
        raise RuleError(msg, **args)
    if option == "scratches":
        count = state["players"][seat]["scratches"]
        _record(state, seat, option, heal(state, seat, "scratches"))
        return nlabel("%(name)s gives back %(num)s scratch", "%(name)s gives back %(num)s scratches", count,
                      name=name(state, seat))
    if option in _SELECTION_TOKENS:
        take_token(state, seat, *_SELECTION_TOKENS[option])
    _record(state, seat, option, [note(SELECTION_TEXTS[option])])
    return label(SELECTION_LABELS[option], name=name(state, seat))


# --- Recovery and passing ----------------------------------------------------------------

def take_recovery_card(state: State, action: Action, actor: Actor) -> Applied:
    return _answer(state, action, actor, ("recovery",), _recovery_card)


def _recovery_card(state: State, action: Action, actor: Actor, seat: int) -> Label:
    _record(state, seat, "card", [note(_("Took a card"))])
    return label("%(name)s takes one of the cards turned up", name=name(state, seat))


def pass_minor(state: State, action: Action, actor: Actor) -> Applied:
    if current(state).get("kind") == "recovery" and state["phase"] == "minor":
        raise RuleError("At a Recovery everyone takes a card")
    return _answer(state, action, actor, ("risk", "opportunity", "selection"), _pass)


def _pass(state: State, action: Action, actor: Actor, seat: int) -> Label:
    _record(state, seat, "passed", [note(_("Passed"))])
    return label("%(name)s passes", name=name(state, seat))


# The answers a phone may give before its turn, by move: applied in turn order (apply_waiting).
RULES: dict[str, Rule] = {"take_risk": _risk, "take_opportunity": _opportunity, "choose_selection": _selection,
                          "pass": _pass}



def answer_text(answer: Action) -> dict[str, Any]:
    """What a kept answer says, for its own player's phone (it stays private until applied)."""
    kind = answer.get("type")
    if kind == "choose_selection" and answer.get("option") in SELECTION_TEXTS:
        return note(SELECTION_TEXTS[answer["option"]])
    if kind == "take_opportunity":
        return note(_("Take part"))
    if kind == "take_risk":
        return note(_("Failed the risk: a scratch") if answer.get("outcome") == "failed" else _("Kept the matching cards"))
    return note(_("Pass"))


# --- one tap for the whole table ---------------------------------------------------------

def end_minor(state: State, action: Action, actor: Actor) -> Applied:
    """Closes a minor episode in one tap for everyone still to play.

    Only the outcomes the app scores are asked: at a Risk, who failed (and which special cards
    were played); at Great Rewards, Peace Returns and Many Friendships, who took part. Everyone
    else kept their cards or passed, which changes nothing the app tracks. At a Recovery
    ("Après que tous les joueurs aient choisi une carte, le premier joueur effectue un deuxième
    tour") and at King Hygelac's Court (an exchange of cards) nothing changes the app's state:
    one "done" tap.

    Answers players gave on their own phones stand: they are applied at their turn, and the form
    cannot decide for those players. At a Selection and at Break Ranks?, where each player answers
    for themselves, only the host may pass for the players who have not answered.
    """
    record = current(state)
    kind, which = record["kind"], record.get("opportunity", "")
    _check_episode(state, action)
    step = state["step"]
    remaining = unanswered(state)
    chosen = {field: _seats(state, action, field, remaining) for field in ("failed", "daring", "resolve",
                                                                             "warriors_rest", "took_part")}
    if kind != "risk" and any(chosen[f] for f in ("failed", "daring", "resolve", "warriors_rest")):
        raise RuleError("Only a Risk asks who failed")
    if chosen["took_part"] and (kind != "opportunity" or which not in GAINS or which == "hygelac"):
        raise RuleError("Here each player who takes part does so on their own turn")
    if not chosen["warriors_rest"] <= chosen["failed"]:
        raise RuleError("The Warrior's Rest is played here only as a scratch arrives")
    if kind == "selection" or which == "break_ranks":
        # Each player answers for themselves here: a pass for someone else is the host's, named.
        if not actor.host:
            raise RuleError("Only the host can pass for players who have not answered: %(names)s",
                            names=names_of(state, remaining))
    step.setdefault("waiting", {})
    news, closed = _close_all(state, kind, which, chosen)
    return Applied(state, told(_closing_line(state, kind, which, chosen, closed), news))


def unanswered(state: State) -> list[int]:
    """The players still to play who have not answered on their own phones, in turn order."""
    step = state["step"]
    waiting = waiting_answers(state)
    return [s for s in dict.fromkeys(step["order"][step["turn"]:]) if str(s) not in waiting]


def _close_all(state: State, kind: str, which: str, chosen: dict[str, set[int]]) -> tuple[Notes, list[int]]:
    """Every turn left, in order: a kept answer at its player's turn, the form's outcome for the rest."""
    news: Notes = []
    closed: list[int] = []
    while (seat := walker(state)) is not None:
        step = state["step"]
        if str(seat) in step["waiting"]:
            step.setdefault("returned", {}).pop(str(seat), None)
            news += apply_waiting(state)
            why = state["step"].get("returned", {}).get(str(seat)) if state["phase"] == "minor" else None
            if why:
                raise RuleError("%(name)s's answer can no longer be applied (%(why)s): %(name)s answers again first",
                                name=name(state, seat), why=why)
            continue
        if seat not in closed:
            news += _close_turn(state, seat, kind, which, chosen)
            closed.append(seat)
        step["turn"] += 1
        if step["turn"] == len(step["order"]):
            finish(state)
    return news, closed


def _seats(state: State, action: Action, field: str, remaining: list[int]) -> set[int]:
    seats = set()
    for raw in list_field(action, field):
        seat = seat_field({"seat": raw}, "seat", state["players"])
        if str(seat) in waiting_answers(state):
            raise RuleError("%(name)s has answered on their own phone", name=name(state, seat))
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
