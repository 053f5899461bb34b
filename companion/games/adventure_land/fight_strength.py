"""The combat calculator: pure arithmetic over what a fighter commits.

Rulebook, "Combat contre une créature maléfique": "l'aventurier doit faire preuve d'une
combativité au moins égale à celle de la créature (chiffre rouge)."

- "A chaque aventurier correspond 1 point de combativité" (a group of adventurers, adventure 2,
  counts each of them);
- "Ajoutez 1 point de combativité par frère d'armes de l'aventurier";
- swords: "combien d'épées vous voulez utiliser (3 au maximum). Pour chaque épée utilisée, vous
  obtenez un dé [...] la somme totale des dés [...] La valeur additionnelle des épées remises
  (chiffre bleu) s'ajoute";
- herbs: "Vous ajoutez leur force totale [...] Les points « herbes » en trop ne sont pas restitués";
- gold: "1 point de combativité par pépite d'or", or "relancer un dé quand vous reposez une
  pépite d'or [...] le résultat obtenu remplace le précédent".
"""

from __future__ import annotations

from dataclasses import dataclass

from ..base import _

MAX_SWORDS = 3
DIE_FACES = 6


@dataclass(frozen=True)
class Fight:
    """What one fighter brings: its figures, the dice as they lie now, and what it spent."""

    adventurers: int
    companions: int
    dice: tuple[int, ...] = ()
    sword_bonuses: tuple[int, ...] = ()
    herbs: tuple[int, ...] = ()
    gold_points: int = 0  # gold handed in for +1 each (gold spent on re-rolls shows in ``dice``)

    def lines(self) -> list[tuple[str, int]]:
        return [
            (_("Adventurers"), self.adventurers),
            (_("Companions"), self.companions),
            (_("Dice"), sum(self.dice)),
            (_("Sword extra values"), sum(self.sword_bonuses)),
            (_("Herbs"), sum(self.herbs)),
            (_("Gold (+1 each)"), self.gold_points),
        ]

    def strength(self) -> int:
        return sum(points for _msg, points in self.lines())


def wins(fight: Fight, creature_strength: int) -> bool:
    """ "au moins égale": a tie is a win."""
    return fight.strength() >= creature_strength


def shortfall(fight: Fight, creature_strength: int) -> int:
    return max(0, creature_strength - fight.strength())


def best_gold_gain(dice: tuple[int, ...], gold: int) -> int:
    """The most ``gold`` pieces can add: each gives +1 or re-rolls a die, at best to a 6.

    Re-rolling the same die again never beats its first best case, so each die is worth at most
    one re-roll here; the lowest dice are re-rolled first.
    """
    reroll_gains = sorted((DIE_FACES - d for d in dice), reverse=True)
    return sum(max(1, reroll_gains[i]) if i < len(reroll_gains) else 1 for i in range(gold))


def best_reachable(fight: Fight, spare_herbs: tuple[int, ...], spare_gold: int) -> int:
    """The strength reached in the best case if every spare herb and gold piece went in."""
    return fight.strength() + sum(spare_herbs) + best_gold_gain(fight.dice, spare_gold)


def hopeless(fight: Fight, creature_strength: int, spare_herbs: tuple[int, ...], spare_gold: int) -> bool:
    """ "Si vous voyez qu'un combat ne peut être gagné, n'utilisez pas d'herbes ni d'or." """
    return best_reachable(fight, spare_herbs, spare_gold) < creature_strength
