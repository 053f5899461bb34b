"""The move table (what each move does, who may make it and when, its handler, the JSON Schema of its fields)
and the setup option."""

from __future__ import annotations

from ..base import ACTING, HOST, OptionSpec, _, fields as _schema, spec
from . import moves
from .moves import MAX_HAND
from .box import HIGHEST_CARD, MAX_PLAYERS, STONES
from .cards import DAY, DOLMEN, NIGHT, SUITS
from .round_end import CONVERSIONS

SEAT = {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1,
        "description": "the seat concerned; defaults to the phone's own seat"}
SUIT = {"type": "string", "enum": [NIGHT, DAY, DOLMEN]}
VALUE = {"type": ["integer", "null"], "minimum": 1, "maximum": HIGHEST_CARD,
         "description": "the card's number; ignored for a dolmen card"}
TRUMP = {"type": "string", "enum": list(SUITS)}


ACTIONS = {
    "reveal": spec(
        _("Enter a revealed card for the current challenge (a player's own, or anyone's for the host)"), moves.reveal,
        _schema(["suit"], seat=SEAT, suit=SUIT, value=VALUE,
                challenge_id={"type": "integer", "description": "the challenge the card belongs to (view's "
                              "challenge_id); a card for a finished challenge is refused"}),
        stale_ok=True, phases=("challenge",)),
    "move_back": spec(
        _("Apply your penalty: choose which of your apprentices moves back"), moves.move_back,
        _schema(["stone"], seat=SEAT, stone={"type": "integer", "minimum": 1, "maximum": STONES}),
        who=ACTING, phases=("penalty",)),
    "discard": spec(
        _("Enter the cards you discard down to six at the end of the round"), moves.discard,
        _schema(["suits", "values"], seat=SEAT,
                suits={"type": "array", "items": SUIT}, values={"type": "array", "items": VALUE},
                round={"type": "integer", "description": "the round the discards belong to"}),
        stale_ok=True, phases=("discard",)),
    "break_tie": spec(
        _("Host: the rules do not separate these tied discards; say who ranks first"), moves.break_tie,
        _schema(["seat"], seat=SEAT), who=HOST, phases=("tie",)),
    "choose_conversion": spec(
        _("Choose the Time conversion (with the trump) or the Spirit conversion"), moves.choose_conversion,
        _schema(["conversion"], seat=SEAT, conversion={"type": "string", "enum": list(CONVERSIONS)},
                trump={**TRUMP, "description": "required with the Time conversion"}),
        who=ACTING, phases=("convert",)),
    "choose_trump": spec(
        _("Time conversion: choose the trump (change it or keep it)"), moves.choose_trump,
        _schema(["trump"], seat=SEAT, trump=TRUMP), who=ACTING, phases=("trump",)),
    "set_hand": spec(
        _("Host: correct the number of cards in a player's hand"), moves.set_hand,
        _schema(["seat", "cards"], seat=SEAT, cards={"type": "integer", "minimum": 0, "maximum": MAX_HAND}), who=HOST),
}

WINNER_CARD_CHOICES = ("discard", "keep")

OPTIONS = (
    OptionSpec("winner_card", _("The winning card of a challenge"), "choice", "discard",
               choices=(("discard", _("is discarded")), ("keep", _("goes back to the winner's hand"))),
               help=_("The rules only say that the other players discard their cards. "
                      "The app uses this to count the cards in each hand.")),
)
