"""What each seat sees. Herb and sword values are face down: only their owner's view holds them.

Everyone else (and the table display, seat None) sees how many tiles a player holds, never their
values, nor the sword and herb values committed to a fight in progress.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Mapping

from ..base import State, View, _
from ..owed import Owed, owed, waiting
from . import bands
from .box import cities, herb_values, limit, sort_out, sword_values
from .fight_strength import best_reachable, hopeless, shortfall, wins
from .fight import calculator, spent
from .state import own_provisional, scores, track
from .turns import TERRAINS

SCENARIO_NAMES = {1: _("The Fellowship"), 2: _("The Magnificent"), 3: _("Escape to the Cities")}

SCORING_CARDS = {
    1: [
        _("Points go on the track at once."),
        _("A companion joins an adventurer: 1, 2, 3… (its companion count after joining)."),
        _("Gold taken: 2 each, kept even when the gold is spent."),
        _("Creature defeated: its laurel value."),
        _("Herbs and swords: no points (English card)."),
    ],
    2: [
        _("Everything is scored at the end, for what you still hold."),
        _("Creatures: laurels × 2."),
        _("Your largest group: its figures (adventurers and companions) × 3."),
        _("Gold: 2 each. Herbs: their values. Swords: their extra values."),
        _("Your own adventurers may share a field and then travel as one group (English card)."),
    ],
    3: [
        _("Everything is scored at the end."),
        _("Creatures: their laurels; most creatures defeated 7 / 3 / 1."),
        _("Gold: 2 each; most gold 7 / 3 / 1."),
        _("Each city: most figures there = its size in fields; second = half, rounded down; third = half of that."),
        _("Tied players each get the points of the place they share; the next place is skipped (the app's reading)."),
        _("Penalty: your figures outside cities × creatures still on the board."),
        _("Herbs and swords: no points."),
    ],
}

TABLE_ENTERS = {
    "all": [
        _("Tap what each terrain card puts on the board: the app counts the supply and the creatures."),
        _("When a fight starts, read the creature's strength and laurel off its tile."),
        _("Each player enters their own herb and sword values; nobody else sees them."),
        _("The app does not know the river: tap the bands the water sprite sweeps away."),
    ],
    3: [
        _("At the end, enter how many figures of each player stand in each city, and confirm each city's size."),
    ],
}

TERRAIN_NAMES = {
    "city": _("City → companion"),
    "forest": _("Forest → herb"),
    "mountain": _("Mountain → sword"),
    "river": _("River → gold"),
    "fog": _("Fog → creature"),
}


def view(state: State, seat: int | None) -> View:
    own = seat if seat is not None and 0 <= seat < len(state["players"]) else None
    phase = state["phase"]
    show_scores = phase == "over" or (phase == "counting" and state["scenario"] == 3)
    return {
        "scenario": state["scenario"],
        "scenario_name": SCENARIO_NAMES[state["scenario"]],
        "scoring_card": SCORING_CARDS[state["scenario"]],
        "table_enters": TABLE_ENTERS["all"] + TABLE_ENTERS.get(state["scenario"], []),
        "phase": phase,
        "turn": turn_view(state),
        "last_round": state["last_round"],
        "setup": setup_view(state),
        "supply": {
            "companions": state["supply"]["companions"],
            "swords": state["supply"]["swords"],
            "creatures_in_stack": state["creatures"]["stack"],
            "creatures_on_board": state["creatures"]["on_board"],
        },
        "terrains": [{"key": t, "label": TERRAIN_NAMES[t]} for t in TERRAINS],
        "herb_values": list(herb_values()),
        "sword_values": list(sword_values()),
        # A creature's printed strength and laurel, as the fight's move bounds them (typed on the phone).
        "creature_limits": {"strength": limit("creature_strength"), "laurel": limit("laurel")},
        "players": [public_player(state, i) for i in range(len(state["players"]))],
        "me": private_player(state, own) if own is not None else None,
        "fight": fight_view(state, own),
        "last_fight": last_fight_view(state),
        "cities": cities_view(state),
        "scores": [score_view(s) for s in scores(state)] if show_scores else None,
        "scores_final": phase == "over",
        "owed": owed_by(state, own) if own is not None else None,
    }


def turn_view(state: State) -> dict[str, Any]:
    turn = state["turn"]
    return {**turn, "name": state["players"][turn["seat"]]["name"], "first_name": state["players"][turn["first"]]["name"]}


def setup_view(state: State) -> dict[str, Any]:
    plan = sort_out(len(state["players"]), state["sort_out"])
    return {"reading": state["sort_out"], **asdict(plan), "start_positions": list(plan.start_positions)}


def lost_view(player: Mapping[str, Any], cause: str) -> dict[str, int]:
    lost = [b for b in player["lost"] if b["cause"] == cause]
    return {"adventurers": sum(b["adventurers"] for b in lost), "companions": sum(b["companions"] for b in lost)}


def public_player(state: State, seat: int) -> dict[str, Any]:
    player = state["players"][seat]
    return {
        "seat": seat,
        "name": player["name"],
        "colour": player["colour"],
        "bands": bands.grouped(player["bands"]),
        # Adventure 2 lets two of a player's bands share a field: offered while they have two.
        "can_merge": state["scenario"] == 2 and len(player["bands"]) > 1,
        "adventurers": sum(b["adventurers"] for b in player["bands"]),
        "companions": sum(b["companions"] for b in player["bands"]),
        "lost_to_river": lost_view(player, "river"),
        "lost_in_fights": lost_view(player, "fight"),
        "creatures": list(player["creatures"]),
        "gold": player["gold"],
        "herbs": len(player["herbs"]),  # face down: how many, not which
        "swords": len(player["swords"]),
        "track": track(state, seat) if state["scenario"] == 1 else None,
        "cities": player["cities"],
        "is_turn": state["turn"]["seat"] == seat and state["phase"] == "play",
    }


def private_player(state: State, seat: int) -> dict[str, Any]:
    player = state["players"][seat]
    return {
        "seat": seat,
        "herbs": list(player["herbs"]),
        "swords": list(player["swords"]),
        "provisional": own_provisional(state, seat) if state["scenario"] == 2 else None,
    }


def fight_view(state: State, seat: int | None) -> dict[str, Any] | None:
    fight = state["fight"]
    if fight is None:
        return None
    public = {
        "seat": fight["seat"],
        "name": state["players"][fight["seat"]]["name"],
        "band": bands.grouped([fight["band"]])[0],
        "strength": fight["strength"],
        "laurel": fight["laurel"],
        "stage": "roll" if fight["dice"] is None else "boost",
        "dice": fight["dice"],
        "spent": spent(fight),
        "calculator": None,
    }
    if seat == fight["seat"]:
        public["calculator"] = calculator_view(state, fight)
    return public


def calculator_view(state: State, fight: Mapping[str, Any]) -> dict[str, Any]:
    """The fighter's own calculator: every line, the verdict, and whether spending can still help."""
    calc = calculator(fight)
    player = state["players"][fight["seat"]]
    spare_herbs, spare_gold = tuple(player["herbs"]), player["gold"]
    return {
        "lines": [{"msg": msg, "points": points} for msg, points in calc.lines()],
        "total": calc.strength(),
        "strength": fight["strength"],
        "wins": wins(calc, fight["strength"]),
        "shortfall": shortfall(calc, fight["strength"]),
        "best_reachable": best_reachable(calc, spare_herbs, spare_gold),
        "hopeless": hopeless(calc, fight["strength"], spare_herbs, spare_gold),
        "sword_bonuses": list(fight["swords"]),
        "herbs": list(fight["herbs"]),
        "spare_herbs": sorted(set(spare_herbs)),
        "spare_gold": spare_gold,
    }


def last_fight_view(state: State) -> dict[str, Any] | None:
    last = state["last_fight"]
    if last is None:
        return None
    return {**last, "name": state["players"][last["seat"]]["name"], "band": bands.grouped([last["band"]])[0]}


def cities_view(state: State) -> list[dict[str, Any]]:
    known = {c.key: c for c in cities()}
    return [
        {"key": key, "size": size, "fields": list(known[key].fields) if key in known else []}
        for key, size in state["cities"].items()
    ]


def score_view(score: Any) -> dict[str, Any]:
    return {
        "seat": score.seat,
        "name": score.name,
        "total": score.total,
        "place": score.place,
        "breakdown": [{"msg": msg, "points": points} for msg, points in score.breakdown],
    }


def owed_by(state: State, seat: int) -> Owed | None:
    """The phone's "your move" bar: the turn's player turns over terrain cards (or fights); the
    others wait for them; at adventure 3's end each player counts their own figures."""
    phase, fight = state["phase"], state["fight"]
    if phase == "counting":
        if state["players"][seat].get("cities") is None:
            return owed(_("Count your figures in each city"), f"al-count-{seat}")
        return waiting(_("Waiting for the others' counts"))
    if phase != "play":
        return None
    acting = fight["seat"] if fight is not None else state["turn"]["seat"]
    if seat != acting:
        return waiting(_("Waiting for %(names)s"), names=state["players"][acting]["name"])
    if fight is not None:
        return owed(_("Your fight: roll the dice, then add swords, herbs and gold"), "al-fight")
    return owed(_("Your turn: turn over the terrain cards"), "al-cards")
