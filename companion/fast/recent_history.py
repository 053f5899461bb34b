"""The latest history lines a board shows, kept in this process for each table's last version seen.

Every board shows its table's latest lines, and every phone at a table fetches its board after
each move: without this, the same query would run once per phone per move. The lines of a
version never change — every change to a table makes a new version, an undo's "undone" mark
included — so what is kept needs no invalidation: it is found only by the version it was read at,
stamped with the moment that version was written (``stamp``). The stamp tells two tables apart
that reached the same version under the same token along different histories: a database
restored under a running server, or a test that deletes a table and makes it again.

Kept by token, one version per table (the last one seen), so memory grows with the tables in
play, not with their moves. A move that leaves the older events as they were (not an undo)
answers with its new line over the lines kept for the version it read (path.py): on SQLite that
is one query fewer per move, on PostgreSQL seven rows fewer to send back.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Callable, Sequence

from .kept_per_table import KeptPerTable

TABLES_KEPT = 512  # a club night is a few hundred tables; 8 lines are about 10 KB: 5 MB at most

Stamp = tuple[int, datetime]  # (version, when it was written, in UTC without a zone)


def stamp(table: Any) -> Stamp:
    """A table version's stamp: its number and the moment it was written (``updated_at``),
    alike whether the row was just written (an aware datetime) or read back (SQLite: naive)."""
    written = table.updated_at
    if written.tzinfo is not None:
        written = written.astimezone(timezone.utc).replace(tzinfo=None)
    return table.version, written


# Token → (stamp, limit, lines).
_kept = KeptPerTable(lambda: TABLES_KEPT)


def latest(token: str, at: Stamp, limit: int, read: Callable[[], Sequence[Any]]) -> list[Any]:
    """The ``limit`` latest lines of the table at ``at``: kept ones, or ``read()`` and kept."""
    lines = kept(token, at, limit)
    if lines is None:
        lines = read()
        keep(token, at, limit, lines)
    return list(lines)


def kept(token: str, at: Stamp, limit: int) -> tuple[Any, ...] | None:
    """The ``limit`` latest lines of the table at ``at`` if they are kept, else None."""
    entry = _kept.get(token)
    return entry[2] if entry is not None and entry[:2] == (at, limit) else None


def keep(token: str, at: Stamp, limit: int, lines: Sequence[Any]) -> None:
    """The table's lines at ``at``, as the change that wrote that version made or read them."""
    # A line newer than the version comes from a change that landed between reading the table
    # and reading its history: it belongs to a later version, not to this one.
    _kept.put(token, (at, limit, tuple(line for line in lines if line.version <= at[0])[:limit]))


def forget_all() -> None:
    """Tests: start as a process that never saw a table."""
    _kept.clear()
