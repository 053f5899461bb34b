"""Final scores of the three adventures: the one scorer behind the quick scorer and the game.

Sources: the French rulebook's worked examples ("FIN DE LA PARTIE") and the adventure overview
cards as the reference digest gives them (secondary source: the English cards).

- Adventure 1, "Frères d'armes": points are scored as they happen, so the final score is the
  track. It is rebuilt here from what happened: "Martin déplace un aventurier sur une case
  contenant un frère d'armes et reçoit aussitôt 1 point [...] jusqu'à un autre frère d'armes et
  reçoit pour cela 2 points"; "Dès que Martin obtient une pépite d'or, il avance sa pierre de
  classement de 2 cases. Il conserve les 2 points de victoire, même s'il utilise cet or";
  "il avance sa pierre [...] du nombre figurant dans la couronne de laurier".
- Adventure 2, "Les glorieux": "(5 + 6) × 2", "8 figurines × 3", "2 × 2" for gold, herbs and
  swords at their values.
- Adventure 3, "Fuite vers les villes": laurels, 7/3/1 for most creatures and most gold, each
  city's majorities, and "Points négatifs pour 2 aventuriers + 1 frère d'armes en dehors des
  villes avec 5 créatures se trouvant encore sur le plateau = 5 × 3 = -15".

Where the sources are silent (companion/games/adventure_land/README.md):
- Places follow the platform's ranking: place = 1 + the number of players with strictly more,
  so after two players tie for first, the next one is third ("the next place is skipped").
- A bonus or a city place needs at least one item there: nobody is "first" with 0 creatures,
  0 gold or 0 figures in a city.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ..base import _, rank

Line = tuple[str, int]  # (message id, points)

GOLD_POINTS = 2  # "Or : 2 plaquettes = 2 × 2 = 4 points de victoire" (every adventure)
MAGNIFICENT_LAUREL_FACTOR = 2  # "(5 + 6) = 11 × 2 = 22"
MAGNIFICENT_FIGURE_POINTS = 3  # "8 figurines × 3 = 24"
MAJORITY_BONUSES = (7, 3, 1)  # "Supplément = 7 points" (most), "= 3 points" (second); third: the card


@dataclass(frozen=True)
class Holdings:
    """What one player scores with. Each adventure reads only its own fields."""

    creatures: tuple[int, ...] = ()  # laurel values of the creatures defeated
    gold: int = 0  # gold held at the end (adventures 2 and 3)
    gold_taken: int = 0  # gold taken during the game, spent or not (adventure 1)
    companions_joined: tuple[int, ...] = ()  # per adventurer, companions that joined it (adventure 1)
    herbs: tuple[int, ...] = ()
    swords: tuple[int, ...] = ()  # extra values
    largest_group: int = 0  # figures in the player's biggest group (adventure 2)
    outside_cities: int = 0  # figures outside every city, start area included (adventure 3)
    cities: Mapping[str, int] = field(default_factory=dict)  # city → figures there (adventure 3)


def joining_points(companions: int) -> int:
    """Adventure 1: the k-th companion joining an adventurer scores k, so k companions scored 1 + … + k."""
    return companions * (companions + 1) // 2


def fellowship(player: Holdings) -> list[Line]:
    return [
        (_("Creatures (laurels)"), sum(player.creatures)),
        (_("Companions joining (1, 2, 3… each)"), sum(joining_points(k) for k in player.companions_joined)),
        (_("Gold taken (2 each)"), GOLD_POINTS * player.gold_taken),
    ]


def magnificent(player: Holdings) -> list[Line]:
    return [
        (_("Creatures (laurels × 2)"), MAGNIFICENT_LAUREL_FACTOR * sum(player.creatures)),
        (_("Largest group (figures × 3)"), MAGNIFICENT_FIGURE_POINTS * player.largest_group),
        (_("Gold (2 each)"), GOLD_POINTS * player.gold),
        (_("Herbs"), sum(player.herbs)),
        (_("Swords (extra values)"), sum(player.swords)),
    ]


def majority_awards(counts: Sequence[int], prizes: Sequence[int]) -> list[int]:
    """Prizes by place; tied players each get the prize of the place they share.

    Place = 1 + the number of players with strictly more; a player with 0 gets nothing.
    """
    places = rank(counts)
    return [
        prizes[place - 1] if held > 0 and place <= len(prizes) else 0
        for held, place in zip(counts, places)
    ]


def city_prizes(size: int) -> tuple[int, int, int]:
    """First = the city's size in fields; second = half of it, rounded down; third = half of that."""
    return size, size // 2, size // 2 // 2


def escape(players: Sequence[Holdings], cities: Mapping[str, int], creatures_left: int) -> list[list[Line]]:
    most_creatures = majority_awards([len(p.creatures) for p in players], MAJORITY_BONUSES)
    most_gold = majority_awards([p.gold for p in players], MAJORITY_BONUSES)
    city_points = [0] * len(players)
    for city, size in cities.items():
        awards = majority_awards([p.cities.get(city, 0) for p in players], city_prizes(size))
        city_points = [a + b for a, b in zip(city_points, awards)]
    return [
        [
            (_("Creatures (laurels)"), sum(p.creatures)),
            (_("Most creatures (7 / 3 / 1)"), most_creatures[i]),
            (_("Gold (2 each)"), GOLD_POINTS * p.gold),
            (_("Most gold (7 / 3 / 1)"), most_gold[i]),
            (_("Cities"), city_points[i]),
            (_("Figures outside cities × creatures on the board"), -p.outside_cities * creatures_left),
        ]
        for i, p in enumerate(players)
    ]


def breakdowns(
    scenario: int,
    players: Sequence[Holdings],
    cities: Mapping[str, int] | None = None,
    creatures_left: int = 0,
) -> list[list[Line]]:
    """Each player's scoring lines, in input order; a player's total is the sum of their lines."""
    if scenario == 1:
        return [fellowship(p) for p in players]
    if scenario == 2:
        return [magnificent(p) for p in players]
    if scenario == 3:
        return escape(players, cities or {}, creatures_left)
    raise ValueError(f"unknown adventure {scenario!r}")


def totals(lines: Sequence[Sequence[Line]]) -> list[int]:
    return [sum(points for _msg, points in player) for player in lines]
