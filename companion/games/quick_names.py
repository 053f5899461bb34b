"""Players' names in a quick count (no table): one check for every quick scorer that takes names.

A name is what a table would type for a seat (base.table_name: 1 to MAX_NAME printable
characters once trimmed); it comes back trimmed, and two players may not share a name, whatever
its case ("Ann" and "ann" are one player twice).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .base import MAX_NAME, ScoreInputError, table_name


def player_name(raw: Any, where: str) -> str:
    """``raw["name"]`` of the player at ``where`` ("players[0]"), trimmed; refused naming the field."""
    name = raw.get("name") if isinstance(raw, Mapping) else None
    if not isinstance(name, str) or not name.strip():
        raise ScoreInputError("%(where)s must be a non-empty string", where=f"{where}.name")
    if table_name(name) is None:
        raise ScoreInputError("%(where)s must be a name of 1 to %(most)s characters that can be shown",
                              where=f"{where}.name", most=MAX_NAME)
    return name.strip()


def distinct_names(names: Sequence[str]) -> None:
    """Refuses the first name given twice, naming its field (``players[1].name``)."""
    seen: set[str] = set()
    for i, name in enumerate(names):
        folded = name.casefold()
        if folded in seen:
            raise ScoreInputError("%(where)s: the name %(name)r is given twice", where=f"players[{i}].name", name=name)
        seen.add(folded)
