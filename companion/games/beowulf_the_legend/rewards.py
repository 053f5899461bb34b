"""Reward spaces: status markers pick in order and the app applies what the icons show.

"Le joueur possédant le marqueur de position avec le chiffre 1 est le premier joueur à choisir un
emplacement d'icône [...] C'est ensuite au tour du joueur possédant le marqueur avec le chiffre 2,
et ainsi de suite. Le joueur qui possède le marqueur avec le chiffre le plus élevé ne dispose
d'aucun choix et doit prendre ce qui est indiqué dans le dernier emplacement disponible."
"""

from __future__ import annotations

from typing import Any, Mapping

from ..base import Action, Actor, Applied, Label, RuleError, State, _, acting_seat, bool_field, int_field, label, nmsg
from .board import MAJOR
from .box import (KIND_NAMES, add_scratch, add_wound, give_special, heal, heal_choices, heal_terms, holds,
                  name, note, play_special, scratch_news, take_token, term, told, why_not_take)
from .episode import current, finish, players
from .icons import PENALTIES, Icon, parse_space

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
    seat = acting_seat(state, action, actor)
    due = picker(state)
    if seat != due:
        raise RuleError("It is %(name)s's turn to pick a reward space", name=name(state, due))
    in_play = spaces_in_play(state)
    space = int_field(action, "space", 1, in_play)
    if space in _taken(state):
        raise RuleError("Space %(space)s is already taken", space=space)
    event = _take_space(state, seat, space, action)
    last = _last_space(state)
    if last is not None:
        # "Le joueur qui possède le marqueur avec le chiffre le plus élevé ne dispose d'aucun choix
        #  et doit prendre ce qui est indiqué dans le dernier emplacement disponible." No tap needed,
        #  unless the space still asks something of that player (a choice, what to heal, a card).
        seat, space = last
        event = label("%(event)s. %(more)s", event=event.to_json(), more=_take_space(state, seat, space, {}).to_json())
    if picker(state) is None:
        return _finish_picks(state, seat, event)
    return Applied(state, event)


def _taken(state: State) -> set[int]:
    return {p["space"] for p in state["step"]["picks"]}


def _take_space(state: State, seat: int, space: int, action: Action) -> Label:
    """Applies one pick; the history line says what the player gained, paid or healed."""
    alternatives = parse_space(current(state)["spaces"][space - 1])
    choice = _alternative(action, len(alternatives))
    notes = take_icons(state, seat, alternatives[choice], action)
    state["step"]["picks"].append({"seat": seat, "space": space, "alternative": choice, "notes": notes})
    what = joined(notes)
    event = label("%(name)s takes reward space %(space)s: %(what)s", name=name(state, seat), space=space,
                  what=what) if what else label("%(name)s takes reward space %(space)s", name=name(state, seat),
                                                space=space)
    return told(event, scratch_news(state, seat, notes))


def joined(notes: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Several notes as one message ("Fame 5, Scratch"), each translated on the phone."""
    shown = list(notes)
    if not shown:
        return None
    out = shown[0]
    for more in shown[1:]:
        out = label("%(a)s, %(b)s", a=out, b=more).to_json()
    return out


def _last_space(state: State) -> tuple[int, int] | None:
    """The last picker and the one space left, when nothing is left to choose."""
    seat = picker(state)
    if seat is None or state["phase"] != "picks" or len(state["step"]["picks"]) != players(state) - 1:
        return None
    free = [i for i in range(1, spaces_in_play(state) + 1) if i not in _taken(state)]
    if len(free) != 1:
        return None
    code = current(state)["spaces"][free[0] - 1]
    if asks_something(state, seat, code):
        return None
    return seat, free[0]


def asks_something(state: State, seat: int, code: str) -> bool:
    """Whether picking this space asks the picker a question (so it cannot be taken for them)."""
    alternatives = parse_space(code)
    kinds = {icon.kind for alt in alternatives for icon in alt}
    heals = heal_choices(state, seat, wounds_only="heal" not in kinds) if kinds & {"heal", "heal_wound"} else []
    return (len(alternatives) > 1 or len(heals) > 1
            or (bool(kinds & set(PENALTIES)) and holds(state, seat, "inspiration"))
            or ("scratch" in kinds and holds(state, seat, "warriors_rest")))


def _alternative(action: Action, count: int) -> int:
    if count == 1:
        return 0
    if action.get("alternative") in (None, ""):
        raise RuleError("This space offers a choice: say which")
    return int_field(action, "alternative", 0, count - 1)


def _finish_picks(state: State, seat: int, event: Label) -> Applied:
    kind = current(state)["kind"]
    markers = state["step"]["markers"] if state["phase"] == "picks" else None
    finish(state)
    if kind in MAJOR and markers:
        # "Le joueur qui a le marqueur avec le chiffre le plus élevé [...] devient le premier joueur"
        state["first_player"] = markers.index(len(markers))
        first = label("%(name)s becomes first player", name=name(state, state["first_player"]))
        return Applied(state, told(event, [first.to_json()]))
    return Applied(state, event)


def take_icons(state: State, seat: int, icons: tuple[Icon, ...], action: Action) -> list[dict]:
    """Applies a space's icons to ``seat``: with Inspiration avoiding one penalty if asked.

    A gain the supply cannot give never refuses the pick: the player takes the space they chose,
    gets what the supply can give, and the app says what it could not. (Refusing would push a
    player onto another space — a penalty, perhaps — for a token that happens to be gone; the
    rulebook never does that: "Dans le cas rare où tous les jetons d'une valeur particulière sont
    épuisés, l'option en question n'est plus disponible" speaks of the Selection only.)
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
        notes += _take_icon(state, seat, icon, action, rest)
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


def _take_icon(state: State, seat: int, icon: Icon, action: Action, rest: bool) -> list[dict]:
    try:
        return _apply_icon(state, seat, icon, action, rest)
    except RuleError as error:
        if icon.kind not in GAINS:
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
        raise RuleError("Say what to give back: %(choices)s", choices=heal_terms(choices))
    return heal(state, seat, what)



# Earlier history lines keep their message ids in the log: kept here so that they still translate.
EARLIER_WORDINGS = (_("%(name)s takes reward space %(space)s and becomes first player"),)
