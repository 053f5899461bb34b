"""Every move the table can make: what it does, who may make it and in which phases, its handler,
and the JSON Schema of its fields; the kit checks who, the phase and the schema before the handler.

``seat`` (whose move it is) may be left out on a player's own phone: it defaults to that seat.
Public moves for a player come from their phone or the host's (FOR_ITSELF); private ones (values
of face-down tokens, which tokens to give or reveal) only from the owner's phone (OWN_SEAT); the
reward picks and the treasure bid follow the turn (ACTING, ``BeowulfLegend.acting_seats``).
"""

from __future__ import annotations

from ..base import ACTING, ANY_SEAT, HOST, OWN_SEAT, _, fields as _schema, spec
from . import flow, holdings, major, minor, rewards, treasure
from .board import EPISODES, KINDS, MAX_TOKEN_VALUE, OPPORTUNITIES
from .box import FACES, HEALS, TOKEN_KINDS
from .icons import PENALTIES
from .major import MAX_SYMBOLS
from .minor import SELECTION
from .reference import NAMED_EPISODES, SYMBOLS

SEAT = {"type": "integer", "minimum": 0, "maximum": 4, "description": "Seat index (clockwise from 0)."}
TOKEN = {"type": "integer", "minimum": 1, "description": "The id of one of your own face-down tokens."}
FLAG = {"type": "boolean"}
SEATS = {"type": "array", "items": SEAT, "maxItems": 5}
EPISODE = {"type": "integer", "minimum": 1, "maximum": EPISODES,
           "description": "The episode this answer is for: refused once that episode is over (a screen behind)."}
COUNT = {"type": "integer", "minimum": 0}
TOKEN_COUNTS = {"anyOf": [{"type": "array", "items": COUNT, "maxItems": MAX_TOKEN_VALUE},
                          {"type": "object", "additionalProperties": COUNT, "maxProperties": MAX_TOKEN_VALUE}]}
MINOR, CONTEST = ("minor",), ("contest",)  # a minor episode's answers; a major episode's outcome
MOVE_ON = {"type": "boolean", "description": "When this move closes the episode, Beowulf moves on to the next "
                                            "one in the same tap (nothing else is pending)."}


ACTIONS = {
    # --- the journey ---
    "set_first_player": spec(_("Before Beowulf moves: the youngest player becomes first player"), flow.set_first_player,
                             _schema(("seat",), seat=SEAT, move_on=MOVE_ON), who=ANY_SEAT, phases=("start",)),
    "set_specials_in_play": spec(
        _("Setup, fewer than 5 players: the special cards whose circled number is at most the player count "
          "(remembered for this player count)"), flow.set_specials_in_play,
        _schema(("cards",), cards={"type": "array", "maxItems": 10, "items": {"type": "string"},
                                   "description": "Keys of the special cards in play (the others go back in the box)."}), phases=("start",)),
    "advance": spec(_("Move Beowulf to the next episode (the base game skips gold treasure episodes)"), flow.advance, phases=("done", "start")),
    "enter_episode": spec(
        _("Enter or correct what the board shows for an episode; remembered for later games on this server"),
        flow.enter_episode,
        _schema(
            position={"type": "integer", "minimum": 1, "maximum": EPISODES,
                      "description": "Defaults to Beowulf's episode."},
            name={"type": "string", "maxLength": 60},
            key={"type": "string", "enum": ["", *NAMED_EPISODES],
                 "description": "An episode the rulebook names (its rules apply whatever the typed name)."},
            kind={"type": "string", "enum": list(KINDS)},
            opportunity={"type": "string", "enum": list(OPPORTUNITIES)},
            symbols={"type": "array", "items": {"type": "string", "enum": ["", *SYMBOLS]}, "maxItems": len(SYMBOLS),
                     "description": "\"\" for a symbol not chosen yet."},
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
    "set_token_mix": spec(
        _("Enter how many fame and treasure tokens of each value the box holds (remembered)"), holdings.set_token_mix,
        _schema(("fame", "treasure"),
                fame={**TOKEN_COUNTS, "description": "Counts for values 1, 2, 3 … (a list, or an object "
                                                     "{\"1\": 12, …}); they add up to 36."},
                treasure={**TOKEN_COUNTS, "description": "Counts for values 1, 2, 3 … (a list, or an object "
                                                         "{\"1\": 12, …}); they add up to 24."})),
    # --- minor episodes ---
    # A player may answer before their turn (minor.py keeps the answer and applies it in turn order):
    # these are a player's moves for themselves (FOR_ITSELF), never only the acting seat's (issue #24).
    "take_risk": spec(
        _("Risk: kept matching cards, or failed (a scratch)"), minor.take_risk,
        _schema(("outcome",), seat=SEAT, outcome={"type": "string", "enum": ["kept", "failed"]},
                daring={**FLAG, "description": "Beowulf's Daring played: 5 cards."},
                resolve={**FLAG, "description": "Beowulf's Resolve cancels the failure; the turn stays."},
                warriors_rest={**FLAG, "description": "The Warrior's Rest played as the scratch arrives."},
                episode=EPISODE, move_on=MOVE_ON), phases=MINOR),
    "take_opportunity": spec(
        _("Opportunity: take part (the app applies the exchange)"), minor.take_opportunity,
        _schema(seat=SEAT, tokens={"type": "array", "items": TOKEN, "minItems": 2, "maxItems": 2,
                                   "description": "Break Ranks?: the 2 fame tokens given back (owner only)."},
                heal={"type": "string", "enum": list(HEALS)}, episode=EPISODE, move_on=MOVE_ON), phases=MINOR),
    "choose_selection": spec(_("Selection: take one of the five options"), minor.choose_selection,
                             _schema(("option",), seat=SEAT, option={"type": "string", "enum": list(SELECTION)},
                                     episode=EPISODE, move_on=MOVE_ON), phases=MINOR),
    "take_recovery_card": spec(_("Recovery: take one of the cards turned up"), minor.take_recovery_card,
                               _schema(seat=SEAT, move_on=MOVE_ON), phases=MINOR),
    "pass": spec(_("Minor episode: pass"), minor.pass_minor, _schema(seat=SEAT, episode=EPISODE, move_on=MOVE_ON), phases=MINOR),
    "end_minor": spec(
        _("Minor episode, one tap for the table: who failed the risk or took part; everyone else still to play "
          "passes (Recovery, King Hygelac's Court: the cards are taken or exchanged)"), minor.end_minor,
        _schema(failed=SEATS, daring=SEATS, resolve=SEATS, warriors_rest=SEATS, took_part=SEATS, episode=EPISODE,
                move_on=MOVE_ON), phases=MINOR),
    # --- major episodes ---
    "enter_symbols": spec(
        _("Simultaneous major or Death of Beowulf: the symbols each player revealed, in seat order"),
        major.enter_symbols,
        _schema(("counts",), counts={"type": "array", "items": {"type": "integer", "minimum": 0,
                                                                 "maximum": MAX_SYMBOLS}}), phases=CONTEST),
    "drop_out": spec(
        _("Turn-order major: a player drops out (with a scratch after a failed risk); Beowulf's Resolve "
          "cancels the failure and the player plays on"), major.drop_out,
        _schema(seat=SEAT, failed_risk=FLAG, warriors_rest=FLAG,
                daring={**FLAG, "description": "Beowulf's Daring was played for the risk (the card leaves the game)."},
                resolve={**FLAG, "description": "Beowulf's Resolve cancels the failed risk: no drop-out."}), phases=CONTEST),
    "reveal_treasures": spec(_("Recover Treasures: rank everyone by the treasure they hold, then return it"),
                             treasure.reveal_treasures, phases=CONTEST),
    "settle_tie": spec(
        _("Death of Beowulf, host only, before any pick: put a tied player ahead of the others in their group "
          "(the rulebook gives no tie rule there; the app borrows the major episodes')"), major.settle_tie,
        _schema(("first",), first=SEAT), who=HOST, phases=("picks",)),
    "pick_space": spec(
        _("Pick a reward space, in status-marker order"), rewards.pick_space,
        _schema(("space",), seat=SEAT, space={"type": "integer", "minimum": 1, "maximum": 5},
                alternative={"type": "integer", "minimum": 0, "description": "For a space offering a choice."},
                heal={"type": "string", "enum": list(HEALS)},
                avoid={"type": "string", "enum": list(PENALTIES),
                       "description": "Queen Wealhtheow's Inspiration avoids this penalty."},
                warriors_rest=FLAG, move_on=MOVE_ON), who=ACTING, phases=("picks", "bid_reward")),
    # --- treasure episodes (advanced rules) ---
    "reveal_treasure": spec(_("Treasure bid: reveal one of your treasure tokens (owner only)"),
                            treasure.reveal_treasure,
                                  _schema(("token",), token=TOKEN), who=OWN_SEAT, phases=("bid",)),
    "drop_bid": spec(_("Treasure bid: drop out, keeping the tokens shown"),
                     treasure.drop_bid, _schema(seat=SEAT, move_on=MOVE_ON), who=ACTING, phases=("bid",)),
    # --- holdings ---
    "enter_token": spec(
        _("Enter the value printed on one of your face-down tokens (owner only)"), holdings.enter_token,
        _schema(("token", "value"), token=TOKEN, value={"type": "integer", "minimum": 1, "maximum": MAX_TOKEN_VALUE},
                face={"type": "string", "enum": list(FACES), "description": "Alliance tokens: what they show."}),
        stale_ok=True, who=OWN_SEAT),
    "take_token": spec(_("Take a token from the supply by hand (value optional: the owner enters it)"),
                       holdings.take_token_by_hand,
                             _schema(("kind",), seat=SEAT, kind={"type": "string", "enum": list(TOKEN_KINDS)},
                                     value={"type": "integer", "minimum": 0, "maximum": MAX_TOKEN_VALUE})),
    "return_token": spec(_("Give one of your tokens back to the supply (owner only)"), holdings.return_token,
                         _schema(("token",), token=TOKEN), who=OWN_SEAT),
    "take_scratch": spec(_("Take a scratch (the third becomes a wound, without cards)"), holdings.take_scratch,
                         _schema(seat=SEAT, warriors_rest=FLAG)),
    "take_wound": spec(_("Take a wound tile (draw 2 cards), or the double wound from the Dragon Battle on"),
                       holdings.take_wound,
                             _schema(seat=SEAT, double=FLAG, compensation={**FLAG, "default": True})),
    "heal": spec(_("Give back a wound tile, the double wound, or all scratches"), holdings.heal_by_hand,
                 _schema(("what",), seat=SEAT, what={"type": "string", "enum": list(HEALS)})),
    "use_special": spec(_("Play a special card (it leaves the game); The Warrior's Rest discards scratches"),
                        holdings.use_special,
                              _schema(("card",), seat=SEAT, card={"type": "string"},
                                      scratches={"type": "integer", "minimum": 1, "maximum": 2})),
    "take_special": spec(_("Take a special card from beside the board by hand"), holdings.take_special,
                         _schema(("card",), seat=SEAT, card={"type": "string"})),
}
