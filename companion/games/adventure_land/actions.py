"""Every move a table can make: who may make it, when, its JSON Schema and its handler.

A handler is given the one copy of the state ``GameKit.apply`` made; once its checks pass it
changes that copy (``new = state``: from there on, the new state) and returns it.
"""

from __future__ import annotations

from ..base import ACTING, HOST, OWN_SEAT, ActionSpec, fields as schema, spec
from . import counting, fight, holdings, turns
from .box import count, herb_values, limit, max_city_size, sword_values
from .fight_strength import DIE_FACES, MAX_SWORDS

SEAT = {"type": "integer", "minimum": 0, "description": "whose holdings (default: your own; the host may name anyone)"}
BAND = {"type": "string", "pattern": r"^\d+\+\d+$", "description": "a band by its make-up: \"1+2\" = 1 adventurer, 2 companions"}
DIE = {"type": "integer", "minimum": 1, "maximum": DIE_FACES}


PLAY, COUNT = ("play",), ("counting",)
TILE_VALUE = "a tile's value, face down: entered on its owner's phone only"
FIGURES = count("adventurers_per_colour") + count("companions")  # one colour's figures, at most

# Every row says who may make the move and in which phase (the kit checks both, then the
# schema, before the handler runs): a face-down tile and a fight are the owner's phone's
# (OWN_SEAT), a turn the acting seat's, a correction the host's; the rest a phone for its seat.
ACTIONS: dict[str, ActionSpec] = {
    # Turns and terrain cards
    "reveal": spec("A terrain card is turned over: what it puts on the board", turns.reveal,
                   schema(["terrain"], terrain={"enum": list(turns.TERRAINS)}), phases=PLAY),
    "end_turn": spec("The current player ends their turn (or the host for them)", turns.end_turn,
                     schema(turn_of={"type": "integer", "minimum": 0,
                                     "description": "whose turn this ends: refused once that turn is over, so a "
                                                    "second tap never ends the next player's turn"}),
                     who=ACTING, phases=PLAY),
    "set_first_player": spec("Host: the youngest player starts (before the first turn ends)", turns.set_first_player,
                             schema(["seat"], seat={"type": "integer", "minimum": 0}), who=HOST, phases=PLAY),
    "end_game": spec("Host: end the game now (nobody can move, or the table stops)", turns.end_game,
                     who=HOST, phases=PLAY),
    # Holdings
    "take_gold": spec("A band takes a gold piece", holdings.take_gold, schema(seat=SEAT), phases=PLAY),
    "take_herb": spec("You take a herb: its value, face down (your own phone only)", holdings.take_herb,
                      schema(["value"], value={"enum": list(herb_values()), "description": TILE_VALUE}),
                      stale_ok=True, who=OWN_SEAT, phases=PLAY),
    "take_sword": spec("You take a sword: its extra value, face down (your own phone only)", holdings.take_sword,
                       schema(["value"], value={"enum": list(sword_values()), "description": TILE_VALUE}),
                       stale_ok=True, who=OWN_SEAT, phases=PLAY),
    "companion_joins": spec("A companion joins a band", holdings.companion_joins, schema(["band"], seat=SEAT, band=BAND),
                            phases=PLAY),
    "swept_away": spec("The water sprite sweeps a band away", holdings.swept_away, schema(["band"], seat=SEAT, band=BAND),
                       phases=PLAY),
    "merge_bands": spec("Adventure 2: two of your bands share a field and become one group", holdings.merge_bands,
                        schema(["band", "into"], seat=SEAT, band=BAND, into=BAND), phases=PLAY),
    # A fight, on the fighter's phone (the host may only settle or cancel it)
    "start_fight": spec("Your band fights a creature, with up to 3 of your swords", fight.start_fight,
                        schema(["band", "strength", "laurel"], band=BAND,
                               strength={"type": "integer", "minimum": 0, "maximum": limit("creature_strength"),
                                         "description": "the creature's red number"},
                               laurel={"type": "integer", "minimum": 0, "maximum": limit("laurel"),
                                       "description": "the creature's laurel value"},
                               swords={"type": "array", "maxItems": MAX_SWORDS, "items": {"enum": list(sword_values())},
                                       "description": "extra values of the swords you use"}),
                        who=OWN_SEAT, phases=PLAY),
    "enter_dice": spec("The dice rolled for the swords", fight.enter_dice,
                       schema(["dice"], dice={"type": "array", "maxItems": MAX_SWORDS, "items": DIE}),
                       who=OWN_SEAT, phases=PLAY),
    "add_herb": spec("Add one of your herbs to the fight", fight.add_herb,
                     schema(["value"], value={"enum": list(herb_values())}), who=OWN_SEAT, phases=PLAY),
    "add_gold": spec("Hand in a gold piece for +1", fight.add_gold, who=OWN_SEAT, phases=PLAY),
    "reroll": spec("Pay a gold piece to re-roll one die", fight.reroll,
                   schema(["die", "value"], die={"type": "integer", "minimum": 0, "description": "which die, from 0"}, value=DIE),
                   who=OWN_SEAT, phases=PLAY),
    "resolve_fight": spec("Fight: win if strength ≥ the creature's, and apply the outcome", fight.resolve_fight, phases=PLAY),
    "cancel_fight": spec("A fight entered by mistake: everything goes back", fight.cancel_fight, phases=PLAY),
    # Adventure 3's final count
    "enter_city_figures": spec("A player's figures in each city (the rest stand outside)", counting.enter_city_figures,
                               schema(["city", "figures"], seat=SEAT, city={"type": "array", "items": {"type": "string"}},
                                      figures={"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": FIGURES}}),
                               stale_ok=True, phases=COUNT),
    "set_city_size": spec("Host: a city's size in fields, as on the board", counting.set_city_size,
                          schema(["city", "size"], city={"type": "string"},
                                 size={"type": "integer", "minimum": 1, "maximum": max_city_size()}),
                          who=HOST, phases=COUNT),
    "set_creatures_on_board": spec("Host: creatures still on the board", counting.set_creatures_on_board,
                                   schema(["count"], count={"type": "integer", "minimum": 0}), who=HOST, phases=COUNT),
    "finish_scoring": spec("The count is complete: final scores", counting.finish_scoring, phases=COUNT),
}
