"""The icons on an episode's reward spaces, written as short codes the table enters from the board.

One icon per code: ``fame5``, ``treasure1``, ``misfortune``, ``alliance`` (``alliance2`` is the
double scroll: two tokens), ``cards2``, ``special:daring``, ``scratch``, ``wound``,
``double_wound``, ``heal`` (the crossed-out wound: give back one wound tile or any scratches),
``heal_wound`` (discard one large wound tile), ``nothing``. ``fame`` or ``treasure`` without a
value means the board's value was not entered: the owner enters the token's value on their phone.

A space showing several icons joins them with "+" (``fame3+wound``); a space offering a choice
joins the alternatives with "|" (``fame5|heal_wound``: at Death of Beowulf "vous pouvez utiliser
l'emplacement d'icône qui vous permet de prendre un jeton gloire de valeur 5 ou de vous défausser
d'une grande tuile blessure").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..base import RuleError, _, nmsg

PLAIN = ("misfortune", "scratch", "wound", "double_wound", "heal", "heal_wound", "nothing")
COUNTED = {"fame": (1, 10), "treasure": (1, 10), "alliance": (1, 3), "cards": (1, 5)}
PENALTIES = ("misfortune", "scratch", "wound", "double_wound")  # what Queen Wealhtheow's Inspiration avoids
_COUNTED_RE = re.compile(r"(fame|treasure|alliance|cards)(\d{1,2})?")
_SPECIAL_RE = re.compile(r"special:([a-z][a-z0-9_]{0,29})")
MAX_CODE = 80


@dataclass(frozen=True)
class Icon:
    kind: str
    n: int = 0  # fame/treasure: the token's value (0 = to be entered); alliance/cards: how many
    card: str = ""  # special: the card's key

    @property
    def code(self) -> str:
        if self.kind == "special":
            return f"special:{self.card}"
        if self.kind in COUNTED and self.n and not (self.kind == "alliance" and self.n == 1):
            return f"{self.kind}{self.n}"
        return self.kind


Alternative = tuple[Icon, ...]


def parse_icon(text: str) -> Icon:
    code = text.strip().lower()
    if code in PLAIN:
        return Icon(code)
    if match := _SPECIAL_RE.fullmatch(code):
        return Icon("special", card=match[1])
    if match := _COUNTED_RE.fullmatch(code):
        kind, digits = match[1], match[2]
        if digits is None:
            if kind == "cards":
                raise RuleError("Say how many cards the icon shows, e.g. cards2")
            return Icon(kind, 1 if kind == "alliance" else 0)
        lo, hi = COUNTED[kind]
        if not lo <= int(digits) <= hi:
            raise RuleError("%(icon)s: the number must be between %(lo)s and %(hi)s", icon=code, lo=lo, hi=hi)
        return Icon(kind, int(digits))
    raise RuleError("%(icon)s is not an icon code", icon=text.strip() or "?")


def parse_space(code: str) -> tuple[Alternative, ...]:
    """The alternatives a space offers, each a tuple of icons taken together."""
    if not isinstance(code, str) or not code.strip():
        raise RuleError("This space is not known yet")
    if len(code) > MAX_CODE:
        raise RuleError("An icon code is at most %(n)s characters long", n=MAX_CODE)
    return tuple(tuple(parse_icon(part) for part in alt.split("+")) for alt in code.split("|"))


def normalise_space(code: Any) -> str:
    """A space code in its canonical spelling ("" stays "": not known); raises RuleError if malformed."""
    if code is None or (isinstance(code, str) and not code.strip()):
        return ""
    if not isinstance(code, str):
        raise RuleError("An icon code must be text")
    return "|".join("+".join(icon.code for icon in alt) for alt in parse_space(code))


def icon_text(icon: Icon, card_names: dict[str, str]) -> dict[str, Any]:
    """What the icon means, as a message for the phone: {"msg", "args"}."""
    if icon.kind in ("fame", "treasure"):
        if not icon.n:
            return {"msg": _("A fame token") if icon.kind == "fame" else _("A treasure token"), "args": {}}
        return {"msg": _("Fame %(n)s") if icon.kind == "fame" else _("Treasure %(n)s"), "args": {"n": icon.n}}
    if icon.kind == "alliance":
        if icon.n == 1:
            return {"msg": _("An alliance token"), "args": {}}
        return nmsg("%(num)s alliance token", "%(num)s alliance tokens", icon.n)
    if icon.kind == "cards":
        return nmsg("Draw %(num)s card", "Draw %(num)s cards", icon.n)
    if icon.kind == "special":
        from .reference import CARD_NAMES
        card = {"msg": CARD_NAMES[icon.card], "args": {}} if icon.card in CARD_NAMES else \
            card_names.get(icon.card, icon.card.replace("_", " "))
        return {"msg": _("Special card: %(card)s"), "args": {"card": card}}
    return {"msg": PLAIN_TEXTS[icon.kind], "args": {}}


PLAIN_TEXTS = {
    "misfortune": _("Misfortune (−2)"),
    "scratch": _("Scratch"),
    "wound": _("Wound (+2 cards)"),
    "double_wound": _("Double wound"),
    "heal": _("Heal: give back a wound tile or any scratches"),
    "heal_wound": _("Discard one large wound tile"),
    "nothing": _("Nothing"),
}

# What the entry form offers per space (codes); anything else can be typed.
COMMON_CODES = (
    "fame1", "fame2", "fame3", "fame4", "fame5", "fame6", "fame7",
    "treasure1", "treasure2", "treasure3", "treasure4",
    "alliance", "alliance2", "cards1", "cards2", "cards3",
    "misfortune", "scratch", "wound", "double_wound", "heal", "fame5|heal_wound", "nothing",
)
