"""What the box holds, checked in one place for the quick scorer and the tracked game alike.

Rulebook, "CONTENU DU JEU" (data/box.toml): « 14 créatures maléfiques », « 18 pépites d'or »,
« 20 herbes », « 28 épées », « 30 frères d'armes », « aventuriers (10 de chaque couleur) ». Every
piece reaches the board by its own terrain card (110 cards: 30 city, 20 forest, 18 river, 28
mountain, 14 fog — the reference digest), so all players together never take more of a kind than
the box holds: 18 gold pieces taken in the whole game, spent ones included, not 18 each.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..base import _
from .box import count
from .scoring import Holdings


@dataclass(frozen=True)
class Excess:
    what: str  # the field, as the quick scorer's JSON names it
    n: int  # all players together
    most: int  # what the box holds


def figures(p: Holdings) -> int:
    """A player's figures on the board, as far as the holdings say (a group, or in and out of cities)."""
    return max(p.largest_group, p.outside_cities + sum(p.cities.values()))


def totals(players: Sequence[Holdings], creatures_left: int = 0) -> list[tuple[str, int, int]]:
    """(field, all players together, what the box holds) for every count the scorers take."""
    adventurers = count("adventurers_per_colour")
    return [
        ("creatures", sum(len(p.creatures) for p in players) + creatures_left, count("fog_creatures")),
        ("gold", sum(p.gold for p in players), count("gold")),
        ("gold_taken", sum(p.gold_taken for p in players), count("gold")),
        ("herbs", sum(len(p.herbs) for p in players), count("herbs")),
        ("swords", sum(len(p.swords) for p in players), count("swords")),
        ("companions", sum(sum(p.companions_joined) for p in players), count("companions")),
        # each player's own adventurers, and the companions they share out
        ("figures", sum(figures(p) for p in players), adventurers * len(players) + count("companions")),
    ]


def beyond_the_box(now: Sequence[tuple[str, int, int]],
                   before: Sequence[tuple[str, int, int]] | None = None) -> Excess | None:
    """The first of ``totals`` that exceeds the box, or None. With ``before`` (the tracked game's
    totals before a move), only a count the move raised: a table recorded with an impossible
    count before this check existed can still play on, undo and replay."""
    earlier = {name: n for name, n, _ in before} if before is not None else {}
    for name, n, most in now:
        if n > most and n > earlier.get(name, -1):
            return Excess(name, n, most)
    return None


# The refusal, one wording for both scorers (each raises its own error kind with it): the JSON
# quick scorer names the field, a table's phone the kind in its language (KINDS).
OVER_THE_BOX = _("%(what)s: %(n)s in all, but the box has only %(most)s")
KINDS = {
    "creatures": _("Creatures (defeated and on the board)"),
    "gold": _("Gold pieces held"),
    "gold_taken": _("Gold pieces taken"),
    "herbs": _("Herbs"),
    "swords": _("Swords"),
    "companions": _("Companions"),
    "figures": _("Figures"),
}
