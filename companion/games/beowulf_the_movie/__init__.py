"""Beowulf: The Movie Board Game (Reiner Knizia, 2007): saga points, three act boards, act scoring.

Public pieces: ``GAME`` (the registry entry), ``scoring.score_grid`` (the one act scorer),
``boards.export_boards`` / ``boards.import_boards`` (the table-entered board shapes as a data file).
"""

from .boards import export_boards, import_boards
from .game import GAME

__all__ = ["GAME", "export_boards", "import_boards"]
