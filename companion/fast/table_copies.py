"""A copy of each table as this process last wrote it, so that the next move needs no read.

A move reads its table and seats, then writes. The process that wrote the table's latest version
already knows all of it: the next move there is built on that copy, and written with the guard
every write has — ``UPDATE … WHERE version = <read> AND seating = <read> AND created_at = <read>``
(fast/path.py ``_write``) — which lands only if the database still holds exactly that version of that table
with the same seat holders (``Table.seating`` counts claims and releases; a table made again
under the same id has another ``created_at``). A copy may be old, never wrong where it counts:

- a move whose write finds the table changed writes nothing, and is done again from the
  database (``Outdated``; ``FastPath.move`` in fast/path.py);
- so is every move a copy would answer otherwise — refused, stale, a repeated request — so that
  each refusal, and the board it shows, comes from the database as it is now.

On SQLite a move is then two statements (the write and its event), on PostgreSQL one. A copy
holds plain values, the state and options as JSON text: each move builds objects of its own,
so nothing a request does to them can reach the copy.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import inspect
from sqlalchemy.orm import make_transient_to_detached
from sqlalchemy.orm.attributes import instance_state, set_committed_value

from ..extensions import db
from ..log import TABLE_COLUMNS
from ..models import Seat, Table
from .kept_per_table import KeptPerTable

TABLES_KEPT = 512  # a club night's tables; a copy is its state's JSON (a few KB) and its seats

SEAT_COLUMNS = tuple(column.key for column in Seat.__mapper__.column_attrs)
AS_JSON = ("state", "options")
COPIED = "companion.from_copy"  # the mark on an object built from a copy (its InstanceState.info)


class Outdated(Exception):
    """The copy a move was built on is not the table any more: nothing was written."""


# Token → (the row's values, its seats' values).
_copies = KeptPerTable(lambda: TABLES_KEPT)


def keep(table: Table) -> None:
    """Keeps the table as this request left it (just written: its row is the database's), if its
    seats were read with it; otherwise nothing is kept (a move there reads as before)."""
    state = inspect(table)
    if state.expired_attributes or "seats" in state.unloaded:
        _copies.pop(table.token)
        return
    row = {key: getattr(table, key) for key in TABLE_COLUMNS}
    for key in AS_JSON:
        row[key] = json.dumps(row[key])
    seats = tuple({key: getattr(seat, key) for key in SEAT_COLUMNS} for seat in table.seats)
    _copies.put(table.token, (row, seats))


def attach(token: str) -> Table | None:
    """The kept table of ``token`` as objects of this request's session, as if just read (no
    query), marked as built from a copy; None when this process keeps none."""
    copy = _copies.get(token)
    if copy is None:
        return None
    row, seats = copy
    table = _built(Table, {key: json.loads(value) if key in AS_JSON else value for key, value in row.items()})
    built_seats = [_built(Seat, values) for values in seats]
    set_committed_value(table, "seats", built_seats)
    for seat in built_seats:
        set_committed_value(seat, "table", table)
        make_transient_to_detached(seat)
    make_transient_to_detached(table)
    inspect(table).info[COPIED] = True
    db.session.add(table)  # with its seats (the relationship cascades)
    return table


def _built(model, values: dict[str, Any]):
    """An instance holding ``values`` as a query would have loaded them: no change to flush."""
    instance = model.__mapper__.class_manager.new_instance()
    instance_state(instance).dict.update(values)
    return instance


def kept(token: str) -> bool:
    return _copies.get(token) is not None


def is_copy(table: Table) -> bool:
    return bool(inspect(table).info.get(COPIED))


def start_over(token: str) -> None:
    """After a move built on a copy did not land: nothing of it stays, in the session or here."""
    _copies.pop(token)
    db.session.rollback()
    db.session.expunge_all()


def forget(token: str) -> None:
    _copies.pop(token)


def forget_all() -> None:
    _copies.clear()


def count() -> int:
    return len(_copies)
