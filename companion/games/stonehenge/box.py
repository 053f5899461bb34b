"""The numbers of the box and the rules sheet, read once from ``data/rules.toml``."""

from __future__ import annotations

import tomllib
from pathlib import Path

_RULES = tomllib.loads((Path(__file__).parent / "data" / "rules.toml").read_text(encoding="utf-8"))

STONES: int = _RULES["stones"]
HIGHEST_CARD: int = _RULES["highest_card"]
FIRST_TRUMP: str = _RULES["first_trump"]
STARTING_HAND: int = _RULES["starting_hand"]
OFF_SUIT_BONUS_DRAW: int = _RULES["off_suit_bonus_draw"]
END_OF_ROUND_DRAW: int = _RULES["end_of_round_draw"]
HAND_LIMIT: int = _RULES["hand_limit"]
APPRENTICES: dict[int, int] = {int(players): count for players, count in _RULES["apprentices"].items()}
MIN_PLAYERS: int = min(APPRENTICES)
MAX_PLAYERS: int = max(APPRENTICES)
