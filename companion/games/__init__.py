"""The registry of games: every sub-package that exposes ``GAME`` is a game.

Discovery keeps the platform free of special cases: adding a game is adding a folder.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from .base import Game


@cache
def registry() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        game = getattr(importlib.import_module(f"{__name__}.{module.name}"), "GAME", None)
        if game is not None:
            games[game.key] = game
    return dict(sorted(games.items(), key=lambda kv: kv[1].title))


def get(key: str) -> Game | None:
    return registry().get(key)
