"""What adventurers pick up on their way, and the bands the water sprite sweeps away.

Rulebook, "Avancer les aventuriers": "Fleuve : prendre l'or [...] Forêt, montagne : regarder la
valeur de la plaquette « herbes » ou « épée » et la poser devant soi face cachée. Ville : le
frère d'armes se joint à votre aventurier." The same happens when an item later appears on a
field where an adventurer stands: "le joueur obtient celle-ci/celui-ci directement".
"""

from __future__ import annotations

from typing import Any, Mapping

from ..base import Actor, Applied, RuleError, State, _, acting_seat, label
from . import bands
from .checks import player_name, require_not_fighting


def _holder(state: State, action: Mapping[str, Any], actor: Actor) -> int:
    seat = acting_seat(state, action, actor)
    require_not_fighting(state, seat)
    return seat


def take_gold(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """« 18 pépites d'or »: held and taken, all players together — checked with every count the
    box limits, after the move (AdventureLand.apply, box_limits.py)."""
    seat = _holder(state, action, actor)
    new = state
    player = new["players"][seat]
    player["gold"] += 1
    # Adventure 1: "Il conserve les 2 points de victoire, même s'il utilise cet or"
    player["gold_taken"] += 1
    return Applied(new, label("%(player)s takes a gold piece", player=player["name"]))


def _take_tile(state: State, action: Mapping[str, Any], actor: Actor, kind: str) -> State:
    """A face-down tile joins its owner's pile ("herbs" or "swords"), sorted so the state stays canonical.

    Entered by its owner (who=OWN_SEAT): nobody else has seen its value; the schema lists the values.
    """
    seat = actor.seat
    require_not_fighting(state, seat)
    value = action["value"]
    new = state
    new["players"][seat][kind] = sorted(new["players"][seat][kind] + [value])
    return new


def take_herb(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """The value stays private: the history only says a herb was taken."""
    new = _take_tile(state, action, actor, "herbs")
    return Applied(new, label("%(player)s takes a herb", player=player_name(state, actor.seat)))


def take_sword(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    new = _take_tile(state, action, actor, "swords")
    return Applied(new, label("%(player)s takes a sword", player=player_name(state, actor.seat)))


def companion_joins(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """ "Un aventurier peut être accompagné d'un nombre illimité de frères d'armes." """
    seat = _holder(state, action, actor)
    new = state
    player = new["players"][seat]
    joined, others = bands.take(player["bands"], action.get("band"))
    joined["companions"] += 1
    player["bands"] = bands.sort(others + [joined])
    if state["scenario"] == 1:
        # Adventure 1: the k-th companion of an adventurer scores k at once.
        msg = _("A companion joins %(player)s's band, now %(band)s: +%(points)s")
        return Applied(new, label(msg, player=player["name"], band=bands.describe(joined), points=joined["companions"]))
    msg = _("A companion joins %(player)s's band, now %(band)s")
    return Applied(new, label(msg, player=player["name"], band=bands.describe(joined)))


def swept_away(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """ "Tous les aventuriers et leurs frères d'armes qui se trouvent sur la partie du fleuve où passe
    l'Esprit du fleuve sont retirés du jeu !" """
    seat = _holder(state, action, actor)
    new = state
    player = new["players"][seat]
    lost, player["bands"] = bands.take(player["bands"], action.get("band"))
    player["lost"].append({**lost, "cause": "river"})
    msg = _("The water sprite sweeps away %(player)s's %(band)s")
    return Applied(new, label(msg, player=player["name"], band=bands.describe(lost)))


def merge_bands(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """Adventure 2 (English card): one player's adventurers may share a field and then travel as one group."""
    if state["scenario"] != 2:
        raise RuleError("Only adventure 2 lets your adventurers share a field")
    seat = _holder(state, action, actor)
    new = state
    player = new["players"][seat]
    moving, rest = bands.take(player["bands"], action.get("band"))
    staying, rest = bands.take(rest, action.get("into"))
    group = bands.band(moving["adventurers"] + staying["adventurers"], moving["companions"] + staying["companions"])
    player["bands"] = bands.sort(rest + [group])
    msg = _("%(player)s's adventurers join up: %(band)s")
    return Applied(new, label(msg, player=player["name"], band=bands.describe(group)))
