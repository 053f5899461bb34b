"""Closed bid: the smallest game with a face-down value (docs/adding-a-game.md's tested example)."""

from .game import ClosedBid

GAME = ClosedBid()
