"""The registry of games: every sub-package that exposes ``GAME`` is a game.

Discovery keeps the platform free of special cases: adding a game is adding a folder. A game's
folder holds everything of it — code, ``data/``, ``templates/``, ``static/`` and its
``README.md`` — and its package name is its URL key written with underscores
(``beowulf_the_legend`` ↔ ``beowulf-the-legend``), so either names the other.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path

from .base import Game


@cache
def registry() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        game = getattr(importlib.import_module(f"{__name__}.{module.name}"), "GAME", None)
        if game is not None:
            if game.key != key_of(module.name):
                raise ValueError(f"games/{module.name}: its key must be {key_of(module.name)!r}, not {game.key!r}")
            games[game.key] = game
    return dict(sorted(games.items(), key=lambda kv: kv[1].title))


def get(key: str) -> Game | None:
    return registry().get(key)


def key_of(package: str) -> str:
    """A game's URL key from its package name: ``beowulf_the_legend`` → ``beowulf-the-legend``."""
    return package.replace("_", "-")


def package_of(key: str) -> str:
    """A game's package name from its URL key: ``adventure-land`` → ``adventure_land``."""
    return key.replace("-", "_")


def folder(key: str) -> Path:
    """The folder that holds everything of one game (code, data, templates, static, README.md):
    wherever its package was found on this package's path (a test registers an example game from
    a folder of its own, tests/test_adding_a_game.py)."""
    try:
        module = importlib.import_module(f"{__name__}.{package_of(key)}")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parent / package_of(key)
    return Path(module.__file__ or "").resolve().parent
