"""The cards: day and night cards numbered 1–30, one dolmen card per player, and their order.

A card in the state is ``{"suit": "night" | "day" | "dolmen", "value": int | None}``.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..base import RuleError, _, choice_field, int_field
from .box import HIGHEST_CARD

NIGHT, DAY, DOLMEN = "night", "day", "dolmen"
SUITS = (NIGHT, DAY)

Card = dict[str, Any]


def numbered(suit: str, value: int) -> Card:
    return {"suit": suit, "value": value}


def dolmen_card() -> Card:
    return {"suit": DOLMEN, "value": None}


def is_dolmen(card: Card) -> bool:
    return card["suit"] == DOLMEN


def read_card(suit: Any, value: Any) -> Card:
    """A card from a form (strings) or JSON: the value is ignored for a dolmen card."""
    suit = choice_field({"suit": suit}, "suit", (NIGHT, DAY, DOLMEN))
    if suit == DOLMEN:
        return dolmen_card()
    return numbered(suit, int_field({"value": value}, "value", 1, HIGHEST_CARD))


def read_cards(suits: Any, values: Any) -> list[Card]:
    """Parallel lists of suits and values (a form's ``suits[]`` / ``values[]``) as cards."""
    suits, values = _as_list(suits), _as_list(values)
    if len(suits) != len(values):
        raise RuleError("Give a suit and a value for every card.")
    return [read_card(suit, value) for suit, value in zip(suits, values)]


def _as_list(raw: Any) -> list[Any]:
    if raw is None:
        return []
    return list(raw) if isinstance(raw, (list, tuple)) else [raw]


def strength(card: Card, trump: str) -> int:
    """How strong a card is under a trump; a dolmen card never wins.

    "La nuit est donc l'atout, et le rang des cartes, de la plus forte à la plus faible, va de
    nuit 30 à nuit 1, puis de jour 30 à jour 1" — every trump card beats every other card.
    """
    if is_dolmen(card):
        return 0
    return card["value"] + (HIGHEST_CARD if card["suit"] == trump else 0)


def strongest(cards: Sequence[Card | None], trump: str) -> int | None:
    """The seat that played the strongest numbered card, or None when no numbered card was played.

    Numbered cards are all different, so there is never a tie.
    """
    seats = [seat for seat, card in enumerate(cards) if card is not None and not is_dolmen(card)]
    if not seats:
        return None
    return max(seats, key=lambda seat: strength(cards[seat], trump))


def is_off_suit(card: Card, trump: str) -> bool:
    """A numbered card of the suit that is not trump (day while night is trump, or the reverse)."""
    return not is_dolmen(card) and card["suit"] != trump


def card_text(card: Card) -> dict[str, Any]:
    """The card as a translatable text ({"msg", "args"}), for the view and history lines."""
    if is_dolmen(card):
        return {"msg": _("Dolmen card"), "args": {}}
    if card["suit"] == NIGHT:
        return {"msg": _("Night %(value)s"), "args": {"value": card["value"]}}
    return {"msg": _("Day %(value)s"), "args": {"value": card["value"]}}

