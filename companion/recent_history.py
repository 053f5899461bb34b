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
answers with its new line over the lines kept for the version it read (log.py): on SQLite that
is one query fewer per move, on PostgreSQL seven rows fewer to send back.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime, timezone
from typing import Any, Callable, Sequence

TABLES_KEPT = 512  # a club night is a few hundred tables; 8 lines are about 10 KB: 5 MB at most

Stamp = tuple[int, datetime]  # (version, when it was written, in UTC without a zone)


def stamp(table: Any) -> Stamp:
    """A table version's stamp: its number and the moment it was written (``updated_at``),
    alike whether the row was just written (an aware datetime) or read back (SQLite: naive)."""
    written = table.updated_at
    if written.tzinfo is not None:
        written = written.astimezone(timezone.utc).replace(tzinfo=None)
    return table.version, written


class _Kept:
    """Token → (stamp, limit, lines), least recently used first."""

    def __init__(self) -> None:
        self._lines: OrderedDict[str, tuple[Stamp, int, tuple[Any, ...]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, token: str, at: Stamp, limit: int) -> tuple[Any, ...] | None:
        with self._lock:
            kept = self._lines.get(token)
            if kept is None or kept[:2] != (at, limit):
                return None
            self._lines.move_to_end(token)
            return kept[2]

    def put(self, token: str, at: Stamp, limit: int, lines: Sequence[Any]) -> None:
        # A line newer than the version comes from a change that landed between reading the
        # table and reading its history: it belongs to a later version, not to this one.
        lines = tuple(line for line in lines if line.version <= at[0])[:limit]
        with self._lock:
            self._lines[token] = (at, limit, lines)
            self._lines.move_to_end(token)
            while len(self._lines) > TABLES_KEPT:
                self._lines.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._lines.clear()


_kept = _Kept()


def latest(token: str, at: Stamp, limit: int, read: Callable[[], Sequence[Any]]) -> list[Any]:
    """The ``limit`` latest lines of the table at ``at``: kept ones, or ``read()`` and kept."""
    lines = _kept.get(token, at, limit)
    if lines is None:
        lines = read()
        _kept.put(token, at, limit, lines)
    return list(lines)


def kept(token: str, at: Stamp, limit: int) -> tuple[Any, ...] | None:
    """The ``limit`` latest lines of the table at ``at`` if they are kept, else None."""
    return _kept.get(token, at, limit)


def keep(token: str, at: Stamp, limit: int, lines: Sequence[Any]) -> None:
    """The table's lines at ``at``, as the change that wrote that version made or read them."""
    _kept.put(token, at, limit, lines)


def forget_all() -> None:
    """Tests: start as a process that never saw a table."""
    _kept.clear()
