"""Stonehenge: Richard Garfield's druid game ("Great and Mighty Beard"), 3–5 players.

The app keeps the outer ring, the trump, each player's apprentices, trilithon and card count;
the table enters the revealed cards, penalty choices, discards and conversions.
"""

from .game import Stonehenge

GAME = Stonehenge()
