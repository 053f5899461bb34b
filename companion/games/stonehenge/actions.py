"""The moves the table enters and the setup option, with the JSON Schemas of their fields."""

from __future__ import annotations

from ..base import ActionSpec, OptionSpec, _
from .box import HIGHEST_CARD, MAX_PLAYERS, STONES
from .cards import DAY, DOLMEN, NIGHT, SUITS
from .round_end import CONVERSIONS

MAX_HAND = 99

SEAT = {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1,
        "description": "the seat concerned; defaults to the phone's own seat"}
SUIT = {"type": "string", "enum": [NIGHT, DAY, DOLMEN]}
VALUE = {"type": ["integer", "null"], "minimum": 1, "maximum": HIGHEST_CARD,
         "description": "the card's number; ignored for a dolmen card"}
TRUMP = {"type": "string", "enum": list(SUITS)}


def _schema(required: list[str], **properties: dict) -> dict:
    return {"type": "object", "required": required, "properties": properties}


ACTIONS = {
    "reveal": ActionSpec(
        _("Enter a revealed card for the current challenge (a player's own, or anyone's for the host)"),
        _schema(["suit"], seat=SEAT, suit=SUIT, value=VALUE,
                challenge_id={"type": "integer", "description": "the challenge the card belongs to (view's "
                              "challenge_id); a card for a finished challenge is refused"}),
        stale_ok=True),
    "move_back": ActionSpec(
        _("Apply your penalty: choose which of your apprentices moves back"),
        _schema(["stone"], seat=SEAT, stone={"type": "integer", "minimum": 1, "maximum": STONES})),
    "discard": ActionSpec(
        _("Enter the cards you discard down to six at the end of the round"),
        _schema(["suits", "values"], seat=SEAT,
                suits={"type": "array", "items": SUIT}, values={"type": "array", "items": VALUE},
                round={"type": "integer", "description": "the round the discards belong to"}),
        stale_ok=True),
    "break_tie": ActionSpec(
        _("Host: the rules do not separate these tied discards; say who ranks first"),
        _schema(["seat"], seat=SEAT)),
    "choose_conversion": ActionSpec(
        _("Choose the Time conversion (with the trump) or the Spirit conversion"),
        _schema(["conversion"], seat=SEAT, conversion={"type": "string", "enum": list(CONVERSIONS)},
                trump={**TRUMP, "description": "required with the Time conversion"})),
    "choose_trump": ActionSpec(
        _("Time conversion: choose the trump (change it or keep it)"),
        _schema(["trump"], seat=SEAT, trump=TRUMP)),
    "set_hand": ActionSpec(
        _("Host: correct the number of cards in a player's hand"),
        _schema(["seat", "cards"], seat=SEAT, cards={"type": "integer", "minimum": 0, "maximum": MAX_HAND})),
}

WINNER_CARD_CHOICES = ("discard", "keep")

OPTIONS = (
    OptionSpec("winner_card", _("The winning card of a challenge"), "choice", "discard",
               choices=(("discard", _("is discarded")), ("keep", _("goes back to the winner's hand"))),
               help=_("The rules only say that the other players discard their cards. "
                      "The app uses this to count the cards in each hand.")),
)
