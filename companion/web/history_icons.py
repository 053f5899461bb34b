"""Which of the app's icons (static/icons.svg) goes before a history line, by the line's message.

A history line is a message id plus arguments (games/base.py Label); a line naming a token or a
tile gets that piece's icon, so a table finds "who took the wound" at a glance. The icon stands
beside the words that name it, so it is hidden from screen readers (templates/_macros.html icon()).
Matched on the English message id (nested labels included: "By hand: %(event)s" wraps the move),
so every language gets the same icon; the most specific words come first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games.base import Label

ICONS_BY_GAME: Mapping[str, tuple[tuple[str, str], ...]] = {
    "beowulf-the-legend": (
        ("double wound", "double-wound"),
        ("wound", "wound"),
        ("scratch", "scratch"),
        ("fame token", "fame"),
        ("treasure token", "treasure"),
        ("alliance token", "alliance"),
        ("misfortune token", "misfortune"),
        ("status marker", "status"),
    ),
    "beowulf-the-movie": (
        ("diamond", "diamond"),
    ),
}


def messages(stored: Any) -> list[str]:
    """The message ids of a label and of the labels in its arguments, outermost last."""
    # (Not named "label": Babel 2.19's extractor reads ``label["msg"]`` as a call of the marker
    # ``label`` and would ask for a translation of "msg".)
    if isinstance(stored, Label):
        msg, args = stored.msg, stored.args
    elif isinstance(stored, Mapping) and "msg" in stored:
        msg, args = stored["msg"], stored.get("args") or {}
    else:
        return []
    inner = [m for value in args.values() for m in messages(value)]
    return inner + [str(msg)]


def history_icon(game_key: str, label: Any) -> str | None:
    """The icon for one history line of this game, or None when the line names no piece."""
    icons = ICONS_BY_GAME.get(game_key, ())
    if not icons:  # a game without pieces to draw (the board asks for each of its history lines)
        return None
    for msg in messages(label):
        lowered = msg.lower()
        for words, icon in icons:
            if words in lowered:
                return icon
    return None
