"""Moves on a player's holdings outside the episode walk-through.

The private one: entering the value printed on a face-down token (only its owner). The rest are
for what the app does not walk through itself — a penalty or gain the table applies by hand, a
special card played, a slip to correct — so that the tracked holdings always match the table.
"""

from __future__ import annotations

from ..base import Action, Actor, Applied, Label, RuleError, State, _, acting_seat, bool_field, label
from .board import token_mix
from .box import (FACES, KIND_NAMES, add_scratch, add_wound, card_name, enter_value, give_back,
                  give_special, heal, held, name, play_special, rest, scratch_news, scratch_taken, take_token, term,
                  token_of, told)
from .icons import parse_icon


def enter_token(state: State, action: Action, actor: Actor) -> Applied:
    """The owner enters what a face-down token shows; "le regarde et le pose face caché devant lui"."""
    seat = actor.seat  # who=OWN_SEAT: the owner's own phone; the token must be among their own
    token = token_of(state, seat, action["token"])
    value = action["value"]
    face = action.get("face") if token["kind"] == "alliance" else None
    enter_value(state, seat, token, value, face)
    # The label says that a value was entered, never which: every phone sees it.
    entered = ENTERED[token["kind"]]
    return Applied(state, label(entered, name=name(state, seat)))


def take_token_by_hand(state: State, action: Action, actor: Actor) -> Applied:
    seat = acting_seat(state, action, actor)
    kind = action["kind"]
    value = action.get("value", 0) if kind in FACES else 0  # 0: the owner enters it later
    take_token(state, seat, kind, value)
    return Applied(state, by_hand(label(TAKEN[kind], name=name(state, seat))))


def by_hand(event: Label) -> Label:
    """A move the walk-through did not ask for: the history says it was made by hand (a correction,
    or what the app does not walk through), so that nobody mistakes it for an episode's reward."""
    return label("By hand: %(event)s", event=event.to_json())


def return_token(state: State, action: Action, actor: Actor) -> Applied:
    seat = actor.seat  # who=OWN_SEAT: the owner's own phone; the token must be among their own
    token = token_of(state, seat, action["token"])
    if state["phase"] == "bid" and token["id"] in state["step"]["revealed"][seat]:
        raise RuleError("That token lies face up in the bid")
    give_back(state, seat, token)
    given_back = GIVEN_BACK[token["kind"]]
    # Only the "By hand" section offers this: the history files it as a correction, like the rest there.
    return Applied(state, by_hand(label(given_back, name=name(state, seat))))


# One history line per kind of token ("an alliance token", and each language its own grammar).
ENTERED = {
    "fame": _("%(name)s entered the value of a fame token"),
    "treasure": _("%(name)s entered the value of a treasure token"),
    "alliance": _("%(name)s entered the value of an alliance token"),
}
TAKEN = {
    "fame": _("%(name)s takes a fame token from the supply"),
    "treasure": _("%(name)s takes a treasure token from the supply"),
    "alliance": _("%(name)s takes an alliance token from the supply"),
    "misfortune": _("%(name)s takes a misfortune token from the supply"),
}
GIVEN_BACK = {
    "fame": _("%(name)s gives a fame token back to the supply"),
    "treasure": _("%(name)s gives a treasure token back to the supply"),
    "alliance": _("%(name)s gives an alliance token back to the supply"),
    "misfortune": _("%(name)s gives a misfortune token back to the supply"),
}
# Earlier history lines keep their message ids in the log: kept here so that they still translate.
EARLIER_WORDINGS = (_("%(name)s entered the value of a %(kind)s token"),
                    _("%(name)s takes a %(kind)s token from the supply"),
                    _("%(name)s gives a %(kind)s token back to the supply"))


def take_scratch(state: State, action: Action, actor: Actor) -> Applied:
    seat = acting_seat(state, action, actor)
    notes = add_scratch(state, seat, warriors_rest=bool_field(action, "warriors_rest"))
    event = label("%(name)s takes a scratch", name=name(state, seat)) if scratch_taken(notes) \
        else label("%(name)s takes no scratch", name=name(state, seat))
    return Applied(state, by_hand(told(event, scratch_news(state, seat, notes))))


def take_wound(state: State, action: Action, actor: Actor) -> Applied:
    seat = acting_seat(state, action, actor)
    double = bool_field(action, "double")
    add_wound(state, seat, double=double, compensation=bool_field(action, "compensation", True))
    if double:
        return Applied(state, by_hand(label("%(name)s takes the double wound", name=name(state, seat))))
    return Applied(state, by_hand(label("%(name)s takes a wound", name=name(state, seat))))


def heal_by_hand(state: State, action: Action, actor: Actor) -> Applied:
    seat = acting_seat(state, action, actor)
    what = action["what"]
    heal(state, seat, what)
    return Applied(state, by_hand(label("%(name)s heals: %(what)s given back", name=name(state, seat),
                                        what=term(HEAL_NAMES[what]))))


HEAL_NAMES = {"wound": _("a wound tile"), "double_wound": _("the double wound tile"), "scratches": _("all scratches")}


def use_special(state: State, action: Action, actor: Actor) -> Applied:
    """A special card played; it leaves the game. The Warrior's Rest discards 1 or 2 scratches."""
    seat = acting_seat(state, action, actor)
    card = str(action.get("card") or "")
    if card == "warriors_rest":
        rest(state, seat, action.get("scratches", 2))
    else:
        play_special(state, seat, card)
    return Applied(state, label("%(name)s plays %(card)s", name=name(state, seat), card=card_name(card)))


def take_special(state: State, action: Action, actor: Actor) -> Applied:
    seat = acting_seat(state, action, actor)
    icon = parse_icon(f"special:{action.get('card') or ''}")
    if icon.kind != "special":
        raise RuleError("Say which special card")
    card = icon.card
    give_special(state, seat, card)
    return Applied(state, by_hand(label("%(name)s takes %(card)s", name=name(state, seat), card=card_name(card))))


def set_token_mix(state: State, action: Action, actor: Actor) -> Applied:
    """How many fame and treasure tokens of each value the box holds: counted once, remembered.

    ``fame`` / ``treasure``: a list of counts for values 1, 2, 3 … or an object {"1": 12, …}.
    """
    mix = token_mix({kind: _by_value(action.get(kind)) for kind in FACES})
    # Checked against what the whole table has seen taken (public values) only: a refusal is read
    # by every phone, so it must not depend on a value another player entered face down. A hidden
    # value the mix contradicts is told to its owner alone (their phone's token list).
    for kind, counts in mix.items():
        values = {t["value"] for p in state["players"] for t in p["tokens"]
                  if t["kind"] == kind and t["value"] and t.get("public")}
        for value in sorted(values):
            if held(state, kind, value) > counts.get(str(value), 0):
                raise RuleError("The players already took more %(kind)s tokens of value %(value)s than that",
                                kind=term(KIND_NAMES[kind]), value=value)
    state["token_mix"] = mix
    return Applied(state, label("The token values in the box were entered"), learned={"tokens": mix})


def _by_value(raw: object) -> object:
    if isinstance(raw, list):
        return {str(i + 1): count for i, count in enumerate(raw) if count not in ("", None, 0, "0")}
    return raw
