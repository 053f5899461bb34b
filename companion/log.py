"""The event log: the one path every change to a game takes.

``append`` applies a move with an optimistic version check: it reads the table, asks the
game to apply the move, and writes the new state only if nobody wrote in between
(``UPDATE … WHERE version = read version``). A writer that lost the race retries on the
newer state, or — when the phone said which version it was looking at and the move is not
``stale_ok`` — is told the table moved. Nothing is ever overwritten silently.

Undo appends an "undo" event and marks the action undone; the state before it is rebuilt
from the nearest snapshot, so its cost does not grow with the length of the game.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Mapping

from sqlalchemy import bindparam, delete, insert, inspect, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.attributes import set_committed_value

from . import live
from .extensions import db
from .games import get as get_game
from .games.base import Action, Actor, Game, Label, RuleError, State, _, label, move_spec
from .models import Event, LibraryEntry, Snapshot, Table, utcnow

MAX_TRIES = 60


class StaleVersion(Exception):
    """The phone acted on a screen older than the table."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the table is at version {current}")
        self.current = current


class TableFinished(RuleError):
    def __init__(self) -> None:
        super().__init__(_("This game is over: its record is read-only."))


class Busy(Exception):
    """Could not get a write in after many tries (only under absurd contention)."""


@dataclass(frozen=True)
class Recorded:
    version: int
    label: Label
    duplicate: bool = False  # the same request was already applied: nothing new happened


def game_of(table: Table) -> Game:
    game = get_game(table.game)
    if game is None:  # a table of a game this server no longer ships
        raise RuleError("This server does not know the game %(game)s.", game=table.game)
    return game


def library_of(game_key: str) -> dict[str, Any]:
    rows = db.session.scalars(select(LibraryEntry).where(LibraryEntry.game == game_key))
    return {row.key: row.value for row in rows}


def learn(game_key: str, learned: Mapping[str, Any]) -> None:
    """Stores facts the table entered; a dict merges into the stored dict one level deep."""
    for key, value in learned.items():
        row = db.session.scalar(select(LibraryEntry).where(LibraryEntry.game == game_key, LibraryEntry.key == key))
        if row is None:
            db.session.add(LibraryEntry(game=game_key, key=key, value=value))
            continue
        if isinstance(row.value, dict) and isinstance(value, dict):
            value = {**row.value, **value}
        row.value = value
        row.updated_at = utcnow()


def _table_as_read(table_id: int) -> Table:
    """The table as this request already read it (no query), or read afresh once a failed attempt
    rolled back, which expires it. A copy a moment old is safe: the write lands only if the
    table is still at the version read, and the retry reads again."""
    return db.session.get_one(Table, table_id)


def current(table: Table) -> Table:
    """The table as it stands after a move through this log, for rendering the answer.

    After a recorded move the object already holds what was written (``_record`` keeps it,
    see there): no query. After a refused or lost move the rollback expired it: it is read
    again, with its seats, in one query.
    """
    if not inspect(table).expired_attributes:
        return table
    return reread(table)


def reread(table: Table) -> Table:
    """The table and its seats as the database has them now, in one query — also after a commit
    or rollback expired the object (its id comes from the identity map, not from a reload)."""
    table_id = inspect(table).identity[0]
    return db.session.execute(
        select(Table).options(joinedload(Table.seats)).where(Table.id == table_id)
        .execution_options(populate_existing=True)
    ).unique().scalar_one()


def _duplicate(table_id: int, request_id: str | None) -> Event | None:
    if not request_id:
        return None
    return db.session.scalar(select(Event).where(Event.table_id == table_id, Event.request_id == request_id))


# The statements every move runs, built once: building one costs about as much as running it.
# (On the table itself, not the mapped class: the ORM's bulk-update machinery has nothing to add.)
TABLES = Table.__table__
WRITE_IF_UNCHANGED = (
    update(TABLES)
    .where(TABLES.c.id == bindparam("table_id"), TABLES.c.version == bindparam("read_version"))
    .values(version=bindparam("new_version"), state=bindparam("new_state"), updated_at=bindparam("written_at"),
            finished=bindparam("finished"))
)
INSERT_EVENT = insert(Event.__table__)
LATEST_EVENTS = (
    select(Event).where(Event.table_id == bindparam("table_id"), Event.version > bindparam("since"))
    .order_by(Event.version.desc()).limit(bindparam("limit"))
)


def _write(table: Table, new_state: State, event: Event) -> bool:
    """Writes the new state and its event if the table is still at the version we read."""
    new_version, written_at, finished = table.version + 1, utcnow(), event.kind == "finish"
    moved = db.session.execute(WRITE_IF_UNCHANGED, {
        "table_id": table.id, "read_version": table.version, "new_version": new_version, "new_state": new_state,
        "written_at": written_at, "finished": finished}).rowcount
    if moved != 1:
        return False
    # The row is written: the object says so too (it is kept across the commit, see _record).
    for key, value in (("version", new_version), ("state", new_state), ("updated_at", written_at),
                       ("finished", finished)):
        set_committed_value(table, key, value)
    event.version = new_version
    # The fields the move set; the columns' defaults fill the rest (undone, created_at).
    db.session.execute(INSERT_EVENT, {key: value for key, value in vars(event).items() if not key.startswith("_")})
    every = _snapshot_every()
    if new_version % every == 0:
        db.session.add(Snapshot(table_id=table.id, version=new_version, state=new_state))
    return True


def _snapshot_every() -> int:
    from flask import current_app

    return int(current_app.config.get("SNAPSHOT_EVERY", 32))


def _retrying(attempt_write):
    """Runs one optimistic attempt until it lands; returns its result."""
    for attempt in range(MAX_TRIES):
        try:
            result = attempt_write(attempt == 0)
        except (IntegrityError, OperationalError) as error:
            # Another writer got the same version first, or SQLite's write lock was busy.
            db.session.rollback()
            if isinstance(error, OperationalError) and not _is_contention(error):
                raise
            result = None
        if result is not None:
            return result
        db.session.rollback()
        time.sleep(min(0.002 * (attempt + 1), 0.05) * random.random())
    raise Busy("the table is too busy, try again")


def _is_contention(error: OperationalError) -> bool:
    text = str(error.orig).lower()
    return "locked" in text or "busy" in text or "could not serialize" in text or "deadlock" in text


@dataclass(frozen=True)
class Change:
    """What one move does to a table, before it is written: the new state and its event."""

    state: State
    event: Event
    label: Label
    learned: Mapping[str, Any] | None = None


def _already_done(seen: Event) -> Recorded:
    db.session.rollback()
    return Recorded(seen.version, Label(**seen.label), duplicate=True)


def _record(table_id: int, request_id: str | None, change_of) -> Recorded:
    """The one way a change is written: dedupe, refuse on a finished table, write with the
    version guard, learn, announce — retried from a fresh read when another writer won.

    A repeated request (a double tap, a post the phone retried) is rare, so it is looked for
    only when something is off: on a retry, or when the move is refused. Otherwise the unique
    (table_id, request_id) constraint refuses the second event, and the retry finds the first.
    """

    def attempt(first: bool) -> Recorded | None:
        table = _table_as_read(table_id)
        if not first and (seen := _duplicate(table_id, request_id)) is not None:
            return _already_done(seen)
        try:
            if table.finished:
                raise TableFinished()
            change: Change = change_of(table)
        except (RuleError, StaleVersion):
            if (seen := _duplicate(table_id, request_id)) is not None:
                return _already_done(seen)
            raise
        change.event.request_id = request_id
        if not _write(table, change.state, change.event):
            return None
        if change.learned:
            learn(table.game, change.learned)
        version = change.event.version
        live.announce_in_transaction(table_id, version)
        _commit_keeping_objects()
        live.announce(table_id, version)
        return Recorded(version, change.label)

    try:
        return _retrying(attempt)
    except Exception:
        db.session.rollback()
        raise


def _commit_keeping_objects() -> None:
    """Commits without expiring what this session loaded.

    Everything the move touched was written through these objects or mirrored into them
    (``_write``), so they already say what the database says; expiring them would only make
    the page that answers the move read the table back, one more query per move.
    """
    session = db.session()
    session.expire_on_commit = False
    try:
        session.commit()
    finally:
        session.expire_on_commit = True


def append(table_id: int, action: Action, actor: Actor, *, expected_version: int | None = None,
           request_id: str | None = None) -> Recorded:
    """Applies one move and records it. Raises RuleError, StaleVersion, TableFinished."""

    def change_of(table: Table) -> Change:
        game = game_of(table)
        spec = move_spec(game, action)  # an unknown move is refused before any stale check
        if expected_version is not None and expected_version != table.version and not spec.stale_ok:
            raise StaleVersion(table.version)
        applied = game.apply(table.state, action, actor)
        kind = "finish" if game.is_over(applied.state) else "action"
        event = Event(table_id=table.id, kind=kind, action=dict(action), label=applied.label.to_json(),
                      seat=actor.seat, by_host=actor.host)
        return Change(applied.state, event, applied.label, applied.learned)

    return _record(table_id, request_id, change_of)


def _effective_actions(table_id: int, after: int, before: int) -> list[Event]:
    return list(db.session.scalars(
        select(Event)
        .where(Event.table_id == table_id, Event.kind.in_(("action", "finish")), Event.undone.is_(False),
               Event.version > after, Event.version < before)
        .order_by(Event.version)
    ))


def state_before(table: Table, version: int) -> State:
    """The state after every effective action older than ``version``: nearest snapshot, then replay."""
    snap = db.session.scalar(
        select(Snapshot).where(Snapshot.table_id == table.id, Snapshot.version < version)
        .order_by(Snapshot.version.desc()).limit(1)
    )
    state = snap.state
    game = game_of(table)
    for event in _effective_actions(table.id, snap.version, version):
        state = game.apply(state, event.action, Actor(event.seat, event.by_host)).state
    return state


def undo(table_id: int, actor: Actor, *, expected_version: int | None = None,
         request_id: str | None = None) -> Recorded:
    """Reverts the latest effective action; the undo is itself an event."""

    def change_of(table: Table) -> Change:
        if expected_version is not None and expected_version != table.version:
            raise StaleVersion(table.version)
        latest = db.session.scalar(
            select(Event).where(Event.table_id == table_id, Event.kind == "action", Event.undone.is_(False))
            .order_by(Event.version.desc()).limit(1)
        )
        if latest is None:
            raise RuleError("Nothing to undo.")
        previous = state_before(table, latest.version)
        latest.undone = True
        # Snapshots taken after the undone action included it: they are no longer true.
        db.session.execute(delete(Snapshot).where(Snapshot.table_id == table.id, Snapshot.version >= latest.version))
        undo_label = label("Undone: %(what)s", what=latest.label)
        event = Event(table_id=table.id, kind="undo", action={"type": "undo"}, label=undo_label.to_json(),
                      seat=actor.seat, by_host=actor.host, undoes=latest.version)
        return Change(previous, event, undo_label)

    return _record(table_id, request_id, change_of)


def replay(table: Table) -> State:
    """The state rebuilt from the setup snapshot and every effective action: the log's truth."""
    setup = db.session.scalar(select(Snapshot).where(Snapshot.table_id == table.id, Snapshot.version == 0))
    state = setup.state
    game = game_of(table)
    for event in _effective_actions(table.id, 0, table.version + 1):
        state = game.apply(state, event.action, Actor(event.seat, event.by_host)).state
    return state


def history(table_id: int, limit: int = 50, since: int | None = None) -> list[Event]:
    """The table's latest events, newest first (those after version ``since``, if given)."""
    return list(db.session.scalars(LATEST_EVENTS, {"table_id": table_id, "limit": limit,
                                                   "since": -1 if since is None else since}))
