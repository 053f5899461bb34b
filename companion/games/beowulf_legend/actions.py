"""Every move the table can make, with the JSON Schema of its fields (for the OpenAPI document).

``seat`` (whose move it is) may be left out on a player's own phone: it defaults to that seat.
Public moves for a player come from their phone or the host's; private ones (values of
face-down tokens, which tokens to give or reveal) only from the owner's phone.
"""

from __future__ import annotations

from typing import Any

from ..base import ActionSpec, _
from .board import EPISODES, KINDS, MAX_TOKEN_VALUE, OPPORTUNITIES
from .box import FACES, HEALS, TOKEN_KINDS
from .icons import PENALTIES
from .minor import SELECTION
from .reference import NAMED_EPISODES, SYMBOLS

SEAT = {"type": "integer", "minimum": 0, "maximum": 4, "description": "Seat index (clockwise from 0)."}
TOKEN = {"type": "integer", "minimum": 1, "description": "The id of one of your own face-down tokens."}
FLAG = {"type": "boolean"}
SEATS = {"type": "array", "items": SEAT, "maxItems": 5}
MOVE_ON = {"type": "boolean", "description": "When this move closes the episode, Beowulf moves on to the next "
                                            "one in the same tap (nothing else is pending)."}


def _schema(required: tuple[str, ...] = (), **properties: Any) -> dict[str, Any]:
    return {"type": "object", "required": list(required), "properties": properties}


ACTIONS = {
    # --- the journey ---
    "set_first_player": ActionSpec(_("Before Beowulf moves: the youngest player becomes first player"),
                                   _schema(("seat",), seat=SEAT, move_on=MOVE_ON)),
    "set_specials_in_play": ActionSpec(
        _("Setup, fewer than 5 players: the special cards whose circled number is at most the player count "
          "(remembered for this player count)"),
        _schema(("cards",), cards={"type": "array", "maxItems": 10, "items": {"type": "string"},
                                   "description": "Keys of the special cards in play (the others go back in the box)."})),
    "advance": ActionSpec(_("Move Beowulf to the next episode (the base game skips gold treasure episodes)")),
    "enter_episode": ActionSpec(
        _("Enter or correct what the board shows for an episode; remembered for later games on this server"),
        _schema(
            position={"type": "integer", "minimum": 1, "maximum": EPISODES,
                      "description": "Defaults to Beowulf's episode."},
            name={"type": "string", "maxLength": 60},
            key={"type": "string", "enum": ["", *NAMED_EPISODES],
                 "description": "An episode the rulebook names (its rules apply whatever the typed name)."},
            kind={"type": "string", "enum": list(KINDS)},
            opportunity={"type": "string", "enum": list(OPPORTUNITIES)},
            symbols={"type": "array", "items": {"type": "string", "enum": list(SYMBOLS)}, "maxItems": 2},
            spaces={"type": "array", "maxItems": 5, "items": {"type": "string"},
                    "description": "Icon codes clockwise from the title space (fame5, alliance2, "
                                   "fame3+wound, fame5|heal_wound …); \"\" = not known."},
            spaces_other={"type": "array", "maxItems": 5, "items": {"type": "string"},
                          "description": "Typed codes that override spaces[i] when not empty."},
            **{f"space{i}": {"type": "string",
                             "description": f"The phone form's tap for space {i}: an icon code, \"\" or "
                                            f"\"unknown\" (not known), or \"other\" (the codes typed in "
                                            f"spaces_other[{i - 1}]). When given, these replace spaces[]; only "
                                            "the kind's spaces are read."}
               for i in range(1, 6)})),
    "set_token_mix": ActionSpec(
        _("Enter how many fame and treasure tokens of each value the box holds (remembered)"),
        _schema(("fame", "treasure"),
                fame={"type": "array", "items": {"type": "integer", "minimum": 0},
                      "description": "Counts for values 1, 2, 3 …; they add up to 36."},
                treasure={"type": "array", "items": {"type": "integer", "minimum": 0},
                          "description": "Counts for values 1, 2, 3 …; they add up to 24."})),
    # --- minor episodes ---
    "take_risk": ActionSpec(
        _("Risk: kept matching cards, or failed (a scratch)"),
        _schema(("outcome",), seat=SEAT, outcome={"type": "string", "enum": ["kept", "failed"]},
                daring={**FLAG, "description": "Beowulf's Daring played: 5 cards."},
                resolve={**FLAG, "description": "Beowulf's Resolve cancels the failure; the turn stays."},
                warriors_rest={**FLAG, "description": "The Warrior's Rest played as the scratch arrives."},
                move_on=MOVE_ON)),
    "take_opportunity": ActionSpec(
        _("Opportunity: take part (the app applies the exchange)"),
        _schema(seat=SEAT, tokens={"type": "array", "items": TOKEN, "minItems": 2, "maxItems": 2,
                                   "description": "Break Ranks?: the 2 fame tokens given back (owner only)."},
                heal={"type": "string", "enum": list(HEALS)}, move_on=MOVE_ON)),
    "choose_selection": ActionSpec(_("Selection: take one of the five options"),
                                   _schema(("option",), seat=SEAT, option={"type": "string", "enum": list(SELECTION)},
                                           move_on=MOVE_ON)),
    "take_recovery_card": ActionSpec(_("Recovery: take one of the cards turned up"),
                                     _schema(seat=SEAT, move_on=MOVE_ON)),
    "pass": ActionSpec(_("Minor episode: pass"), _schema(seat=SEAT, move_on=MOVE_ON)),
    "end_minor": ActionSpec(
        _("Minor episode, one tap for the table: who failed the risk or took part; everyone else still to play "
          "passes (Recovery, King Hygelac's Court: the cards are taken or exchanged)"),
        _schema(failed=SEATS, daring=SEATS, resolve=SEATS, warriors_rest=SEATS, took_part=SEATS, move_on=MOVE_ON)),
    # --- major episodes ---
    "enter_symbols": ActionSpec(
        _("Simultaneous major or Death of Beowulf: the symbols each player revealed, in seat order"),
        _schema(("counts",), counts={"type": "array", "items": {"type": "integer", "minimum": 0}})),
    "drop_out": ActionSpec(
        _("Turn-order major: a player drops out (with a scratch after a failed risk); Beowulf's Resolve "
          "cancels the failure and the player plays on"),
        _schema(seat=SEAT, failed_risk=FLAG, warriors_rest=FLAG,
                daring={**FLAG, "description": "Beowulf's Daring was played for the risk (the card leaves the game)."},
                resolve={**FLAG, "description": "Beowulf's Resolve cancels the failed risk: no drop-out."})),
    "reveal_treasures": ActionSpec(_("Recover Treasures: rank everyone by the treasure they hold, then return it")),
    "pick_space": ActionSpec(
        _("Pick a reward space, in status-marker order"),
        _schema(("space",), seat=SEAT, space={"type": "integer", "minimum": 1, "maximum": 5},
                alternative={"type": "integer", "minimum": 0, "description": "For a space offering a choice."},
                heal={"type": "string", "enum": list(HEALS)},
                avoid={"type": "string", "enum": list(PENALTIES),
                       "description": "Queen Wealhtheow's Inspiration avoids this penalty."},
                warriors_rest=FLAG, move_on=MOVE_ON)),
    # --- treasure episodes (advanced rules) ---
    "reveal_treasure": ActionSpec(_("Treasure bid: reveal one of your treasure tokens (owner only)"),
                                  _schema(("token",), token=TOKEN)),
    "drop_bid": ActionSpec(_("Treasure bid: drop out, keeping the tokens shown"), _schema(seat=SEAT, move_on=MOVE_ON)),
    # --- holdings ---
    "enter_token": ActionSpec(
        _("Enter the value printed on one of your face-down tokens (owner only)"),
        _schema(("token", "value"), token=TOKEN, value={"type": "integer", "minimum": 1, "maximum": MAX_TOKEN_VALUE},
                face={"type": "string", "enum": list(FACES), "description": "Alliance tokens: what they show."}),
        stale_ok=True),
    "take_token": ActionSpec(_("Take a token from the supply by hand (value optional: the owner enters it)"),
                             _schema(("kind",), seat=SEAT, kind={"type": "string", "enum": list(TOKEN_KINDS)},
                                     value={"type": "integer", "minimum": 0, "maximum": MAX_TOKEN_VALUE})),
    "return_token": ActionSpec(_("Give one of your tokens back to the supply (owner only)"),
                               _schema(("token",), token=TOKEN)),
    "take_scratch": ActionSpec(_("Take a scratch (the third becomes a wound, without cards)"),
                               _schema(seat=SEAT, warriors_rest=FLAG)),
    "take_wound": ActionSpec(_("Take a wound tile (draw 2 cards), or the double wound from the Dragon Battle on"),
                             _schema(seat=SEAT, double=FLAG, compensation={**FLAG, "default": True})),
    "heal": ActionSpec(_("Give back a wound tile, the double wound, or all scratches"),
                       _schema(("what",), seat=SEAT, what={"type": "string", "enum": list(HEALS)})),
    "use_special": ActionSpec(_("Play a special card (it leaves the game); The Warrior's Rest discards scratches"),
                              _schema(("card",), seat=SEAT, card={"type": "string"},
                                      scratches={"type": "integer", "minimum": 1, "maximum": 2})),
    "take_special": ActionSpec(_("Take a special card from beside the board by hand"),
                               _schema(("card",), seat=SEAT, card={"type": "string"})),
}
