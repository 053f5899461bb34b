"""Reward spaces: status markers pick in order and the app applies what the icons show.

"Le joueur possédant le marqueur de position avec le chiffre 1 est le premier joueur à choisir un
emplacement d'icône [...] C'est ensuite au tour du joueur possédant le marqueur avec le chiffre 2,
et ainsi de suite. Le joueur qui possède le marqueur avec le chiffre le plus élevé ne dispose
d'aucun choix et doit prendre ce qui est indiqué dans le dernier emplacement disponible."
"""

from __future__ import annotations

from typing import Any, Mapping

from ..base import Action, Actor, Applied, RuleError, State, _, bool_field, int_field, label, nmsg
from .board import MAJOR
from .box import (KIND_NAMES, add_scratch, add_wound, card_names, give_special, heal, heal_choices, name, note,
                  play_special, scratch_news, take_token, term, told, why_not_take)
from .episode import current, finish, players, require_phase
from .icons import PENALTIES, Icon, parse_space
from .seats import acting_seat

GAINS = ("fame", "treasure", "alliance", "special")  # a pick is refused when these cannot be given


def start_picks(state: State, markers: list[int], outcome: Mapping[str, Any]) -> None:
    """``markers[seat]`` is the status marker each player holds; ``outcome`` is kept for the view."""
    state["phase"] = "picks"
    state["step"] = {"markers": markers, "picks": [], **outcome}


def spaces_in_play(state: State) -> int:
    """"il y a autant d'emplacements d'icône disponibles qu'il y a de joueurs" (one icon at a bid)."""
    return 1 if state["phase"] == "bid_reward" else players(state)


def picker(state: State) -> int | None:
    step = state["step"]
    if state["phase"] == "bid_reward":
        return None if step["picks"] else step["winner"]
    if state["phase"] != "picks" or len(step["picks"]) >= players(state):
        return None
    return step["markers"].index(len(step["picks"]) + 1)


def pick_space(state: State, action: Action, actor: Actor) -> Applied:
    require_phase(state, "picks", "bid_reward")
    seat = acting_seat(state, action, actor)
    due = picker(state)
    if seat != due:
        raise RuleError("It is %(name)s's turn to pick a reward space", name=name(state, due))
    in_play = spaces_in_play(state)
    space = int_field(action, "space", 1, in_play)
    taken = {p["space"] for p in state["step"]["picks"]}
    if space in taken:
        raise RuleError("Space %(space)s is already taken", space=space)
    codes = current(state)["spaces"]
    alternatives = parse_space(codes[space - 1])
    choice = _alternative(action, len(alternatives))
    others = [codes[i - 1] for i in range(1, in_play + 1) if i != space and i not in taken]
    strict = any(_deliverable(state, code) for code in others)
    notes = take_icons(state, seat, alternatives[choice], action, strict=strict)
    state["step"]["picks"].append({"seat": seat, "space": space, "alternative": choice, "notes": notes})
    news = scratch_news(state, seat, notes)
    if picker(state) is None:
        return _finish_picks(state, seat, space, news)
    return Applied(state, told(label("%(name)s takes reward space %(space)s", name=name(state, seat), space=space),
                               news))


def _deliverable(state: State, code: str) -> bool:
    """Whether the supply can give everything some alternative of this space gains."""
    return bool(code) and any(all(_can_give(state, icon) for icon in alt) for alt in parse_space(code))


def _can_give(state: State, icon: Icon) -> bool:
    if icon.kind in ("fame", "treasure"):
        return why_not_take(state, icon.kind, icon.n) is None
    if icon.kind == "alliance":
        return state["supply"]["alliance"] >= icon.n
    if icon.kind == "special":
        card = state["specials"].get(icon.card)
        if card is None:  # a card the rulebook does not name is given when first met; a named one is in the box
            return icon.card not in card_names()
        return card["holder"] is None and not card["used"]
    return True


def _alternative(action: Action, count: int) -> int:
    if count == 1:
        return 0
    if action.get("alternative") in (None, ""):
        raise RuleError("This space offers a choice: say which")
    return int_field(action, "alternative", 0, count - 1)


def _finish_picks(state: State, seat: int, space: int, news: list[dict[str, Any]]) -> Applied:
    kind = current(state)["kind"]
    markers = state["step"]["markers"] if state["phase"] == "picks" else None
    finish(state)
    if kind in MAJOR and markers:
        # "Le joueur qui a le marqueur avec le chiffre le plus élevé [...] devient le premier joueur"
        state["first_player"] = markers.index(len(markers))
        return Applied(state, told(label("%(name)s takes reward space %(space)s and becomes first player",
                                         name=name(state, seat), space=space), news))
    return Applied(state, told(label("%(name)s takes reward space %(space)s", name=name(state, seat), space=space),
                               news))


def take_icons(state: State, seat: int, icons: tuple[Icon, ...], action: Action, strict: bool) -> list[dict]:
    """Applies a space's icons to ``seat``: with Inspiration avoiding one penalty if asked.

    ``strict``: a gain the supply cannot give refuses the pick (another free space can be taken
    in full); otherwise the player takes what is left, and the app says what could not be given.
    """
    avoid = _avoid(state, seat, icons, action)
    rest = bool_field(action, "warriors_rest")
    if rest and not any(icon.kind == "scratch" for icon in icons):
        raise RuleError("The Warrior's Rest is played here only as a scratch arrives")
    notes: list[dict] = []
    for icon in icons:
        if avoid == icon.kind:
            # "A la place de prendre le jeton ou la tuile, vous vous défaissez de la carte spéciale"
            play_special(state, seat, "inspiration")
            notes.append(note(_("Queen Wealhtheow's Inspiration: %(what)s avoided"), what=term(PENALTY_NAMES[avoid])))
            avoid = None
            continue
        notes += _take_icon(state, seat, icon, action, strict, rest)
        rest = rest and icon.kind != "scratch"
    return notes


PENALTY_NAMES = {"misfortune": _("misfortune"), "scratch": _("scratch"), "wound": _("wound"),
                 "double_wound": _("double wound")}


def _avoid(state: State, seat: int, icons: tuple[Icon, ...], action: Action) -> str | None:
    avoid = action.get("avoid") or None
    if avoid is None:
        return None
    if avoid not in PENALTIES or not any(icon.kind == avoid for icon in icons):
        raise RuleError("This space shows no such penalty to avoid")
    return avoid


def _take_icon(state: State, seat: int, icon: Icon, action: Action, strict: bool, rest: bool) -> list[dict]:
    try:
        return _apply_icon(state, seat, icon, action, rest)
    except RuleError as error:
        if strict or icon.kind not in GAINS:
            raise
        return [note(error.msg, **error.args_)]


def _apply_icon(state: State, seat: int, icon: Icon, action: Action, rest: bool) -> list[dict]:
    kind = icon.kind
    if kind in ("fame", "treasure"):
        take_token(state, seat, kind, icon.n)
        if not icon.n:
            return [note(_("A %(kind)s token: enter its value on your phone"),
                         kind=term(KIND_NAMES[kind]))]
        return [note(_("Fame %(n)s") if kind == "fame" else _("Treasure %(n)s"), n=icon.n)]
    if kind == "alliance":
        for _i in range(icon.n):
            take_token(state, seat, "alliance")
        return [nmsg("%(num)s alliance token: enter what it shows on your phone",
                     "%(num)s alliance tokens: enter what they show on your phone", icon.n)]
    if kind == "misfortune":
        reason = why_not_take(state, "misfortune")
        if reason:  # a penalty the box cannot give is not taken (the rules are silent)
            return [reason]
        take_token(state, seat, "misfortune")
        return [note(_("Misfortune (−2)"))]
    if kind == "special":
        return give_special(state, seat, icon.card)
    if kind == "cards":
        return [nmsg("Draw %(num)s card", "Draw %(num)s cards", icon.n)]
    if kind == "scratch":
        return add_scratch(state, seat, warriors_rest=rest)
    if kind in ("wound", "double_wound"):
        return add_wound(state, seat, double=kind == "double_wound")
    if kind in ("heal", "heal_wound"):
        return _heal(state, seat, action, wounds_only=kind == "heal_wound")
    return [note(_("Nothing"))]


def _heal(state: State, seat: int, action: Action, wounds_only: bool) -> list[dict]:
    """The crossed-out wound: "retourner une de vos tuiles blessure (en ce compris la tuile double
    blessure) ou n'importe quel nombre d'égratignures"; at Death of Beowulf, a large wound tile."""
    choices = heal_choices(state, seat, wounds_only)
    if not choices:
        return [note(_("Nothing to heal"))]
    what = action.get("heal") or (choices[0] if len(choices) == 1 else None)
    if what not in choices:
        raise RuleError("Say what to give back: %(choices)s", choices=", ".join(choices))
    return heal(state, seat, what)

