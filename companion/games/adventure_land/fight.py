"""A fight, step by step on the fighter's phone; the calculator (fight_strength.py) shows where it stands.

Rulebook, "Combat contre une créature maléfique": the fight happens "sur-le-champ" when an
adventurer reaches a creature's field, or when a creature appears where an adventurer stands.
Steps, as the rulebook orders them: choose up to 3 swords and roll a die for each ("Avant le
combat, vous décidez combien d'épées"), then, if short, herbs and gold ("Si vos points de
combativité ne suffisent pas [...] herbes et/ou de l'or"), then the outcome.

Everything committed is spent, win or lose: "Les plaquettes utilisées sont replacées dans la
boîte" (won) and "les épées, les herbes et l'or utilisés sortent du jeu" (lost).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..base import Actor, Applied, RuleError, State, _, label, nmsg
from . import bands
from .fight_strength import Fight, wins
from .checks import player_name, remove_values, require_no_fight


def calculator(fight: Mapping[str, Any]) -> Fight:
    """The pure calculator's view of a fight in progress."""
    return Fight(
        adventurers=fight["band"]["adventurers"],
        companions=fight["band"]["companions"],
        dice=tuple(fight["dice"] or ()),
        sword_bonuses=tuple(fight["swords"]),
        herbs=tuple(fight["herbs"]),
        gold_points=fight["gold_points"],
    )


def start_fight(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """On the fighter's own phone (who=OWN_SEAT): the swords are their face-down tiles."""
    require_no_fight(state)
    seat = actor.seat
    strength, laurel, swords = action["strength"], action["laurel"], action.get("swords", [])
    new = state
    player = new["players"][seat]
    fighter, player["bands"] = bands.take(player["bands"], action.get("band"))
    player["swords"] = remove_values(player["swords"], swords, _("You hold no sword with extra value %(value)s"))
    new["fight"] = {
        "seat": seat,
        "band": fighter,
        "strength": strength,
        "laurel": laurel,
        "swords": sorted(swords),
        "dice": None if swords else [],  # None: the dice are still to be rolled
        "herbs": [],
        "gold_points": 0,
        "rerolls": 0,
    }
    msg = _("%(player)s's %(band)s fights a creature of strength %(strength)s with %(swords)s")
    return Applied(new, label(msg, player=player["name"], band=bands.describe(fighter), strength=strength,
                              swords=nmsg("%(num)s sword", "%(num)s swords", len(swords))))


def _fight_of(state: State, actor: Actor, host_may: bool = False) -> Mapping[str, Any]:
    fight = state["fight"]
    if fight is None:
        raise RuleError("No fight is going on")
    if actor.seat != fight["seat"] and not (host_may and actor.host):
        raise RuleError("This is %(player)s's fight", player=player_name(state, fight["seat"]))
    return fight


def _rolled(state: State, actor: Actor) -> Mapping[str, Any]:
    fight = _fight_of(state, actor)
    if fight["dice"] is None:
        raise RuleError("Enter the dice first")
    return fight


def enter_dice(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """ "Pour chaque épée utilisée, vous obtenez un dé et le lancez." """
    fight = _fight_of(state, actor)
    if fight["dice"] is not None:
        raise RuleError("The dice are already entered: a re-roll costs a gold piece")
    dice = action["dice"]
    if len(dice) != len(fight["swords"]):
        raise RuleError("Enter one die per sword: %(n)s", n=len(fight["swords"]))
    new = state
    new["fight"]["dice"] = dice
    return Applied(new, label("%(player)s rolls %(dice)s", player=player_name(state, fight["seat"]), dice=", ".join(map(str, dice))))


def add_herb(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """ "Vous pouvez utiliser autant de plaquettes « herbes » que vous le souhaitez." """
    fight = _rolled(state, actor)
    value = action["value"]
    new = state
    player = new["players"][fight["seat"]]
    player["herbs"] = remove_values(player["herbs"], [value], _("You hold no herb of value %(value)s"))
    new["fight"]["herbs"].append(value)
    return Applied(new, label("%(player)s adds a herb", player=player["name"]))


def _pay_gold(new: State, seat: int) -> None:
    player = new["players"][seat]
    if player["gold"] < 1:
        raise RuleError("You have no gold left")
    player["gold"] -= 1  # "que vous remettez dans la réserve"


def add_gold(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """ "Vous obtenez 1 point de combativité par pépite d'or que vous remettez dans la réserve." """
    fight = _rolled(state, actor)
    new = state
    _pay_gold(new, fight["seat"])
    new["fight"]["gold_points"] += 1
    return Applied(new, label("%(player)s hands in a gold piece: +1", player=player_name(state, fight["seat"])))


def reroll(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """ "vous pouvez relancer un dé quand vous reposez une pépite d'or [...] A chaque lancer, le
    résultat obtenu remplace le précédent." """
    fight = _rolled(state, actor)
    if not fight["dice"]:
        raise RuleError("There is no die to re-roll: no sword was used")
    die, value = action["die"], action["value"]
    if die >= len(fight["dice"]):  # which die: the schema says from 0, the fight says how many
        raise RuleError("%(field)s must be at most %(hi)s", field="die", hi=len(fight["dice"]) - 1)
    new = state
    _pay_gold(new, fight["seat"])
    before = new["fight"]["dice"][die]
    new["fight"]["dice"][die] = value
    new["fight"]["rerolls"] += 1
    msg = _("%(player)s pays a gold piece to re-roll a %(before)s: %(after)s")
    return Applied(new, label(msg, player=player_name(state, fight["seat"]), before=before, after=value))


def resolve_fight(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """Win: "Retirez la créature maléfique du plateau et posez-la devant vous face cachée. Votre
    aventurier et [...] ses frères d'armes restent sur la case." Lose: "L'aventurier, ses frères
    d'armes [...] sortent du jeu [...] La créature maléfique reste sur sa case." """
    fight = _fight_of(state, actor, host_may=True)
    if fight["dice"] is None:
        raise RuleError("Enter the dice first")
    won = wins(calculator(fight), fight["strength"])
    new = state
    player = new["players"][fight["seat"]]
    if won:
        player["bands"] = bands.sort(player["bands"] + [dict(fight["band"])])
        player["creatures"].append(fight["laurel"])
        new["creatures"]["on_board"] = max(0, new["creatures"]["on_board"] - 1)
        msg = _("%(player)s's %(band)s defeats the creature of strength %(strength)s (laurel %(laurel)s)")
    else:
        player["lost"].append({**fight["band"], "cause": "fight"})
        msg = _("%(player)s's %(band)s loses to the creature of strength %(strength)s")
    new["fight"] = None
    new["last_fight"] = {
        "seat": fight["seat"],
        "won": won,
        "band": dict(fight["band"]),
        "strength": fight["strength"],
        "laurel": fight["laurel"],
        "spent": spent(fight),
    }
    return Applied(new, label(msg, player=player["name"], band=bands.describe(fight["band"]), strength=fight["strength"], laurel=fight["laurel"]))


def spent(fight: Mapping[str, Any]) -> dict[str, int]:
    """What a fight costs, as counts anyone may see."""
    return {
        "swords": len(fight["swords"]),
        "herbs": len(fight["herbs"]),
        "gold": fight["gold_points"] + fight["rerolls"],
    }


def cancel_fight(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """For a fight entered by mistake: everything committed goes back to its owner."""
    fight = _fight_of(state, actor, host_may=True)
    new = state
    player = new["players"][fight["seat"]]
    player["bands"] = bands.sort(player["bands"] + [dict(fight["band"])])
    player["swords"] = sorted(player["swords"] + fight["swords"])
    player["herbs"] = sorted(player["herbs"] + fight["herbs"])
    player["gold"] += fight["gold_points"] + fight["rerolls"]
    new["fight"] = None
    return Applied(new, label("%(player)s's fight is cancelled: everything goes back", player=player["name"]))
