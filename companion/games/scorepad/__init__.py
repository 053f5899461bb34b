"""The score pad: named players, points per round, totals — a game for any game.

It is the platform's own end-to-end exercise, including a private value: points written
face down during a round (a bid, a hidden score) are seen only by their writer until the
round ends.
"""

from .game import ScorePad

GAME = ScorePad()
