"""Beowulf: The Legend (Reiner Knizia, 2005): the episode path, minor and major episodes, rewards,
treasure bids (advanced rules) and final scoring.

Public pieces: ``GAME`` (the registry entry), ``scoring.quick_score`` (the one final-scoring rule,
also behind ``GAME.final_scores``), ``export_board`` / ``import_board`` (the table-entered episodes
and token mix as a data file).
"""

from .board import BoardFileError, export_board, import_board
from .game import GAME

__all__ = ["GAME", "BoardFileError", "export_board", "import_board"]
