"""A Babel extractor for game data: the texts a player reads in the TOML files of each game.

Only the keys that hold prose are extracted (a name, an effect, a reference text); keys,
numbers and identifiers are not translatable.
"""

from __future__ import annotations

import tomllib
from typing import Any, Iterator

TEXT_KEYS = {"name", "title", "effect", "text", "summary", "description", "reference", "help", "label",
             "rule", "reward", "penalty", "note_for_players", "what", "how", "hint", "foe"}


def _strings(node: Any, key: str | None = None) -> Iterator[str]:
    if isinstance(node, dict):
        for k, value in node.items():
            yield from _strings(value, k)
    elif isinstance(node, list):
        for item in node:
            yield from _strings(item, key)
    elif isinstance(node, str) and key in TEXT_KEYS and node.strip():
        yield node


def extract_toml(fileobj, keywords, comment_tags, options):
    data = tomllib.loads(fileobj.read().decode("utf-8"))
    for text in _strings(data):
        yield 0, "_", text, []
