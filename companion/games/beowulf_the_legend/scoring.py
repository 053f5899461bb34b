"""Final scoring — one function shared by the tracked game and the quick scorer (quick.py).

"tous les joueurs révèlent leurs jetons gloire, trésor et alliance et additionnent leurs valeurs.
La valeur des jetons malheur est déduite de ce total (- 2 points par jeton malheur). Les joueurs
qui n'ont aucune tuile blessure reçoivent un bonus de cinq points. Les joueurs qui ont trois ou
plus de trois blessures déduisent 5 points de leur total pour chaque blessure. [...] Les
égratignures sont ignorées. [...] En cas d'égalité, tous les joueurs ayant le même nombre de
points se partagent la victoire ou la place."
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..base import _, rank

NO_WOUND_BONUS = 5
WOUND_PENALTY = 5
MISFORTUNE = 2
HEAVY_WOUNDS = 3


@dataclass(frozen=True)
class Holdings:
    """What a player reveals at the end: token face values and tile counts."""

    fame: tuple[int, ...] = ()
    treasure: tuple[int, ...] = ()
    alliance_fame: tuple[int, ...] = ()
    alliance_treasure: tuple[int, ...] = ()
    misfortune: int = 0
    wounds: int = 0
    double_wounds: int = 0
    scratches: int = 0

    @property
    def wound_count(self) -> int:
        # "La grande tuile avec deux blessures" (l.267) shows two wounds, so it counts 2 toward
        # "trois ou plus de trois blessures" (l.317): our reading, the rulebook says no more.
        return self.wounds + 2 * self.double_wounds


def holdings_of(player: Mapping[str, Any]) -> Holdings:
    """A tracked player's holdings as the scorer reads them (a token without a value counts 0)."""
    def values(kind: str, face: str | None = None) -> tuple[int, ...]:
        return tuple(t["value"] or 0 for t in player["tokens"] if t["kind"] == kind and t.get("face") == face)

    return Holdings(fame=values("fame"), treasure=values("treasure"), alliance_fame=values("alliance", "fame"),
                    alliance_treasure=values("alliance", "treasure"),
                    misfortune=sum(1 for t in player["tokens"] if t["kind"] == "misfortune"),
                    wounds=player["wounds"], double_wounds=player["double_wound"], scratches=player["scratches"])


def breakdown(h: Holdings, advanced: bool = False, harsh: bool = False) -> list[tuple[str, int]]:
    """The scoring lines (message id, points); they always add up to the total."""
    # Advanced rules: "seule la valeur des jetons gloire compte" — treasure scores nothing.
    treasure = 0 if advanced else sum(h.treasure)
    alliance_treasure = 0 if advanced else sum(h.alliance_treasure)
    lines = [
        (_("Fame tokens"), sum(h.fame)),
        (_("Alliance tokens showing fame"), sum(h.alliance_fame)),
        (_("Treasure tokens") if not advanced else _("Treasure tokens (advanced rules: no points)"), treasure),
        (_("Alliance tokens showing treasure") if not advanced
         else _("Alliance tokens showing treasure (advanced rules: no points)"), alliance_treasure),
        (_("Misfortune (−2 each)"), -MISFORTUNE * h.misfortune),
        (_("No-wound bonus"), NO_WOUND_BONUS if h.wound_count == 0 else 0),
        (_("3 or more wounds (−5 each)"), -WOUND_PENALTY * h.wound_count if h.wound_count >= HEAVY_WOUNDS else 0),
    ]
    if harsh and h.wound_count >= HEAVY_WOUNDS:
        # Variant: "chaque joueur ayant trois ou plus de trois blessures à la fin du jeu [...] ne marque aucun point."
        lines.append((_("Fallen in battle (harsh variant): scores 0"), -sum(points for _msg, points in lines)))
    return lines


def total(h: Holdings, advanced: bool = False, harsh: bool = False) -> int:
    return sum(points for _msg, points in breakdown(h, advanced, harsh))


def places(totals: Sequence[int]) -> list[int]:
    """1 + the number of players with a strictly higher total: tied players share the place."""
    return rank(totals)
