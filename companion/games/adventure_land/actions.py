"""Every move a table can make: its JSON Schema (for the OpenAPI document) and its handler.

A handler is given the one copy of the state ``GameKit.apply`` made; once its checks pass it
changes that copy (``new = state``: from there on, the new state) and returns it.
"""

from __future__ import annotations

from ..base import HOST, ActionSpec, fields as schema, spec
from . import counting, fight, holdings, turns
from .box import herb_values, sword_values
from .fight_strength import DIE_FACES, MAX_SWORDS

SEAT = {"type": "integer", "minimum": 0, "description": "whose holdings (default: your own; the host may name anyone)"}
BAND = {"type": "string", "pattern": r"^\d+\+\d+$", "description": "a band by its make-up: \"1+2\" = 1 adventurer, 2 companions"}
DIE = {"type": "integer", "minimum": 1, "maximum": DIE_FACES}


ACTIONS: dict[str, ActionSpec] = {
    # Turns and terrain cards
    "reveal": spec("A terrain card is turned over: what it puts on the board", turns.reveal,
                   schema(["terrain"], terrain={"enum": list(turns.TERRAINS)})),
    "end_turn": spec("The current player ends their turn (or the host for them)", turns.end_turn,
                     schema(turn_of={"type": "integer", "minimum": 0,
                                     "description": "whose turn this ends: refused once that turn is over, so a "
                                                    "second tap never ends the next player's turn"})),
    "set_first_player": spec("Host: the youngest player starts (before the first turn ends)", turns.set_first_player,
                             schema(["seat"], seat={"type": "integer", "minimum": 0}), who=HOST),
    "end_game": spec("Host: end the game now (nobody can move, or the table stops)", turns.end_game, who=HOST),
    # Holdings
    "take_gold": spec("A band takes a gold piece", holdings.take_gold, schema(seat=SEAT)),
    "take_herb": spec("You take a herb: its value, face down (your own phone only)", holdings.take_herb,
                      schema(["value"], value={"enum": list(herb_values())}), stale_ok=True),
    "take_sword": spec("You take a sword: its extra value, face down (your own phone only)", holdings.take_sword,
                       schema(["value"], value={"enum": list(sword_values())}), stale_ok=True),
    "companion_joins": spec("A companion joins a band", holdings.companion_joins, schema(["band"], seat=SEAT, band=BAND)),
    "swept_away": spec("The water sprite sweeps a band away", holdings.swept_away, schema(["band"], seat=SEAT, band=BAND)),
    "merge_bands": spec("Adventure 2: two of your bands share a field and become one group", holdings.merge_bands,
                        schema(["band", "into"], seat=SEAT, band=BAND, into=BAND)),
    # A fight, on the fighter's phone
    "start_fight": spec("Your band fights a creature, with up to 3 of your swords", fight.start_fight,
                        schema(["band", "strength", "laurel"], band=BAND,
                                 strength={"type": "integer", "minimum": 0, "description": "the creature's red number"},
                                 laurel={"type": "integer", "minimum": 0, "description": "the creature's laurel value"},
                                 swords={"type": "array", "maxItems": MAX_SWORDS, "items": {"enum": list(sword_values())},
                                         "description": "extra values of the swords you use"})),
    "enter_dice": spec("The dice rolled for the swords", fight.enter_dice,
                       schema(["dice"], dice={"type": "array", "maxItems": MAX_SWORDS, "items": DIE})),
    "add_herb": spec("Add one of your herbs to the fight", fight.add_herb, schema(["value"], value={"enum": list(herb_values())})),
    "add_gold": spec("Hand in a gold piece for +1", fight.add_gold),
    "reroll": spec("Pay a gold piece to re-roll one die", fight.reroll,
                   schema(["die", "value"], die={"type": "integer", "minimum": 0, "description": "which die, from 0"}, value=DIE)),
    "resolve_fight": spec("Fight: win if strength ≥ the creature's, and apply the outcome", fight.resolve_fight),
    "cancel_fight": spec("A fight entered by mistake: everything goes back", fight.cancel_fight),
    # Adventure 3's final count
    "enter_city_figures": spec("A player's figures in each city (the rest stand outside)", counting.enter_city_figures,
                               schema(["city", "figures"], seat=SEAT, city={"type": "array", "items": {"type": "string"}},
                                      figures={"type": "array", "items": {"type": "integer", "minimum": 0}}),
                               stale_ok=True),
    "set_city_size": spec("Host: a city's size in fields, as on the board", counting.set_city_size,
                          schema(["city", "size"], city={"type": "string"}, size={"type": "integer", "minimum": 1}), who=HOST),
    "set_creatures_on_board": spec("Host: creatures still on the board", counting.set_creatures_on_board,
                                   schema(["count"], count={"type": "integer", "minimum": 0}), who=HOST),
    "finish_scoring": spec("The count is complete: final scores", counting.finish_scoring),
}
