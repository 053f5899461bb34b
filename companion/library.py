"""The server's library: what tables taught about physical boards, for every later table.

Where our sources do not give a board's details, the table enters what its board shows (an
episode's icons, an act board's shape, a city's size, the token values in the box) and later
games start from it. What the library holds must never make a later table worse off:

- **Only what a table confirmed.** A fact comes from a move that stands in a table's log —
  recorded with the version it was taught at. A refused move is never in the log, so it
  teaches nothing.
- **Only what a host confirmed, or a finished game.** Anyone with a join link can sit at a
  table, so a fact entered by a seated phone other than the host's is kept with the table but
  taught to later tables only once that table's game has finished (issue #28); the host's
  entries teach at once. A data file is imported only by the host of a table of that game.
- **Undo takes it back.** Undoing the move that taught a fact removes that fact (``forget``);
  the same table's later entry of the same fact replaces it.
- **The newest word wins, and anyone can correct.** Each table's facts and each imported file
  are kept apart, stamped with when they were entered; the library is their merge in that
  order. A later table that enters a fact differently (its board says otherwise), or a
  corrected data file imported on the library page, overrides an older fact.
- **Never a dead end.** Games read the library leniently (``games.base.library_section``
  leaves out an entry that does not validate, and the table enters it again).

Storage: ``LibraryEntry`` rows of one game. ``table/<id>`` holds ``{"<version>": {"at": …,
"facts": {…}}}`` for one table; ``file/<n>`` one imported file as ``{"at": …, "facts": {…}}``.
Rows written before this scheme (one per section, the section's facts as value) read as the
oldest entries.
"""

from __future__ import annotations

import secrets
from typing import Any, Iterator, Mapping

from sqlalchemy import select

from .extensions import db
from .models import LibraryEntry, Table, utcnow


def _table_of(row: LibraryEntry) -> int | None:
    number = row.key.removeprefix("table/")
    return int(number) if row.key.startswith("table/") and number.isdigit() else None


def _stamped(row: LibraryEntry, finished: bool) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """(when, facts) for each entry a row holds that later tables may start from: a host's, or
    any of a finished game's (``finished``). Entries from before this rule have no ``by_host``."""
    value = row.value
    if row.key.startswith("table/") and isinstance(value, Mapping):
        for version in sorted(value, key=lambda v: int(v) if str(v).isdigit() else 0):
            entry = value[version]
            if isinstance(entry, Mapping) and isinstance(entry.get("facts"), Mapping) \
                    and (finished or entry.get("by_host", True)):
                yield str(entry.get("at", "")), entry["facts"]
    elif row.key.startswith("file/") and isinstance(value, Mapping) and isinstance(value.get("facts"), Mapping):
        yield str(value.get("at", "")), value["facts"]
    else:  # a section row from before facts were kept per table and per file
        yield "", {row.key: value}


def merge(facts: dict[str, Any], newer: Mapping[str, Any]) -> dict[str, Any]:
    """``newer`` laid over ``facts``: a dict section merges one level deep, anything else is replaced."""
    for section, value in newer.items():
        old = facts.get(section)
        facts[section] = {**old, **value} if isinstance(old, dict) and isinstance(value, Mapping) else value
    return facts


def facts(game_key: str) -> dict[str, Any]:
    """What later tables of this game start from: every confirmed fact, the newest word last."""
    rows = list(db.session.scalars(select(LibraryEntry).where(LibraryEntry.game == game_key)))
    tables = {number for row in rows if (number := _table_of(row)) is not None}
    finished = set(db.session.scalars(select(Table.id).where(Table.id.in_(tables), Table.finished))) if tables else set()
    entries = sorted((entry for row in rows for entry in _stamped(row, _table_of(row) in finished)),
                     key=lambda entry: entry[0])
    merged: dict[str, Any] = {}
    for _, taught in entries:
        merge(merged, taught)
    return merged


def _row(game_key: str, key: str) -> LibraryEntry | None:
    return db.session.scalar(select(LibraryEntry).where(LibraryEntry.game == game_key, LibraryEntry.key == key))


def taught(game_key: str, table_id: int, version: int, learned: Mapping[str, Any], by_host: bool) -> None:
    """A table's move, recorded at ``version``, taught these facts (in the move's transaction);
    ``by_host``: the host's phone made it (else it teaches once the game has finished)."""
    key = f"table/{table_id}"
    row = _row(game_key, key)
    entry = {"at": utcnow().isoformat(), "facts": dict(learned), "by_host": bool(by_host)}
    if row is None:
        db.session.add(LibraryEntry(game=game_key, key=key, value={str(version): entry}))
        return
    row.value = {**(row.value if isinstance(row.value, Mapping) else {}), str(version): entry}
    row.updated_at = utcnow()


def forget(game_key: str, table_id: int, version: int) -> None:
    """The move recorded at ``version`` was undone: what it taught is no longer confirmed."""
    row = _row(game_key, f"table/{table_id}")
    if row is None or not isinstance(row.value, Mapping) or str(version) not in row.value:
        return
    remaining = {v: entry for v, entry in row.value.items() if v != str(version)}
    if remaining:
        row.value = remaining
        row.updated_at = utcnow()
    else:
        db.session.delete(row)


def hosts_a_table_of(game_key: str, device: str) -> bool:
    """Whether this phone hosts a table of this game: who may import a data file."""
    return db.session.scalar(select(Table.id).where(Table.game == game_key, Table.host_device == device)
                             .limit(1)) is not None


def import_file(game_key: str, loaded: Mapping[str, Any]) -> None:
    """A board data file (already validated by the game's ``library_file.load``), imported by a
    host: its facts, newer than everything before, so that a corrected file corrects the library."""
    db.session.add(LibraryEntry(game=game_key, key=f"file/{secrets.token_hex(8)}",
                                value={"at": utcnow().isoformat(), "facts": dict(loaded)}))
