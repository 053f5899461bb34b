"""Adventure Land: the three adventures, a combat calculator and their final scores."""

from .game import GAME

__all__ = ["GAME"]
