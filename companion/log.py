"""The event log: the one path every change to a game takes.

``append`` applies a move with an optimistic version check: it reads the table, asks the
game to apply the move, and writes the new state only if nobody wrote in between
(``UPDATE … WHERE version = read version AND seating = read seating AND created_at = …``: nor
changed who holds which seat, nor is it another table under the same id). A writer that lost the race retries on the
newer state, or — when the phone said which version it was looking at and the move is not
``stale_ok`` — is told the table moved. Nothing is ever overwritten silently.

Undo appends an "undo" event and marks the action undone; the state before it is rebuilt
from the nearest snapshot (a table keeps its setup and its latest few, ``SNAPSHOTS_KEPT``), so
the cost of undoing a recent move does not grow with the length of the game.

The one replay (``play_through``, ``play_history``) plays moves in place, in linear time: undo,
the tests' consistency check and the import of a finished game all go through it.
"""

from __future__ import annotations

import copy
import random
import time
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping, Sequence

from sqlalchemy import Row, Text, bindparam, cast, delete, exists, func, insert, inspect, null, select, union_all, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.util import identity_key
from sqlalchemy.orm.attributes import set_committed_value

from . import library, live, recent_history, table_copies
from .extensions import db
from .games import get as get_game
from .games.base import Action, Actor, Applied, Game, Label, RuleError, State, _, label, move_spec
from .models import Event, Snapshot, Table, utcnow

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
    # The table's latest history lines as this change left them (``history``'s rows, newest
    # first), when the caller asked for them: read by the change's own write (``_write``), so that
    # the page answering the move needs no query of its own.
    history: list[Row] | None = None


def game_of(table: Table) -> Game:
    game = get_game(table.game)
    if game is None:  # a table of a game this server no longer ships
        raise RuleError("This server does not know the game %(game)s.", game=table.game)
    return game


def _table_as_read(table_id: int, lock: bool = False) -> Table:
    """The table as this request already read it (no query), or read afresh once a failed attempt
    rolled back, which expires it. A copy a moment old is safe: the write lands only if the
    table is still at the version read, and the retry reads again.

    ``lock``: after a lost race the retry reads the row ``FOR UPDATE`` (PostgreSQL; SQLite
    takes its one write lock, ``BEGIN IMMEDIATE``): other writers of this table wait for it instead of
    winning again. An undo reads more than a move before it writes (the nearest snapshot, the
    actions after it), so without this it could lose to a steady stream of small moves
    until it gave up — 12 of 19 undos did, on PostgreSQL, against 6 phones adding points.
    """
    if not lock:
        return db.session.get_one(Table, table_id)
    if db.engine.dialect.name == "sqlite":
        # SQLite has no row locks: the retry takes the database's write lock before it reads
        # (other writers queue behind it, busy_timeout), or it could lose every time as above —
        # one undo in 800 moves still gave up after MAX_TRIES on a loaded two-core machine.
        connection = db.session.connection()
        if not connection.connection.dbapi_connection.in_transaction:  # a write of this request began one
            connection.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        _in_a_transaction_from_here()  # a lock read outside a transaction is let go at once
    kept = db.session.identity_map.get(identity_key(Table, table_id))
    if kept is None:
        return db.session.execute(select(Table).where(Table.id == table_id).with_for_update()).scalar_one()
    # Its columns anew; its seats, if loaded, are kept (no query when the answer's board shows
    # them): the caller checks the seating counter, so they still say who holds which seat.
    db.session.refresh(kept, table_copies.TABLE_COLUMNS, with_for_update=True)
    return kept


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
    .where(TABLES.c.id == bindparam("table_id"), TABLES.c.version == bindparam("read_version"),
           TABLES.c.seating == bindparam("read_seating"), TABLES.c.created_at == bindparam("read_created_at"))
    .values(version=bindparam("new_version"), state=bindparam("new_state"), updated_at=bindparam("written_at"),
            finished=bindparam("finished"))
)
EVENTS = Event.__table__
# Every column of a new event but its id, bound by name (a statement inside a CTE gets no
# column defaults from SQLAlchemy: _write passes undone and created_at itself).
EVENT_FIELDS = ("table_id", "version", "kind", "action", "label", "seat", "by_host", "request_id", "undoes",
                "undone", "created_at")


# What a history line shows, not the whole event: rows, not ORM objects (a board reads its latest
# lines on every move, and building Event objects cost more than the query), and not the move's
# own fields (``action``), which no history shows.
HISTORY_LINE = (EVENTS.c.version, EVENTS.c.kind, EVENTS.c.label, EVENTS.c.seat, EVENTS.c.undone, EVENTS.c.undoes,
                EVENTS.c.created_at)
# A new event, given back as its history line (SQLite; PostgreSQL writes it in _write's CTE).
RECORD_EVENT = insert(EVENTS).returning(*HISTORY_LINE)
LATEST_EVENTS = (
    select(*HISTORY_LINE)
    .where(EVENTS.c.table_id == bindparam("table_id"), EVENTS.c.version > bindparam("since"),
           EVENTS.c.version <= bindparam("until"))
    .order_by(EVENTS.c.version.desc()).limit(bindparam("limit"))
)


def _write_record_announce_and_read_back():
    """PostgreSQL: the version check, the new state, the event, the NOTIFY and the history's
    latest lines in one statement: one round trip instead of five.

    The UPDATE returns a row only if the table was still at the version read; the INSERT takes
    its row from there (no row, no event) and returns the new event as a history line, with the
    NOTIFY beside it. The lines before it come from the events as the statement found them,
    which is the table at the version read (a statement does not see its own INSERT), and only
    when the event was written. So the statement returns nothing when another writer got there
    first, and otherwise the new event then the ``earlier`` lines before it, newest first.
    PostgreSQL sends the NOTIFY when the statement's transaction commits (live.py)."""
    moved = WRITE_IF_UNCHANGED.returning(TABLES.c.id).cte("moved")
    values = [bindparam(f"event_{name}", type_=EVENTS.c[name].type) for name in EVENT_FIELDS]
    recorded = (
        insert(EVENTS)
        .from_select(list(EVENT_FIELDS), select(*values).select_from(moved), include_defaults=False)
        .returning(*HISTORY_LINE)
        .cte("recorded")
    )
    told = func.pg_notify(bindparam("channel"), bindparam("payload"))
    notified = "told"  # a name in a variable: Babel would read .label("…") as text to translate
    new_line = select(*(recorded.c[column.name] for column in HISTORY_LINE), cast(told, Text).label(notified))
    earlier = (
        select(*HISTORY_LINE, null().cast(Text).label(notified))
        .where(EVENTS.c.table_id == bindparam("table_id"), exists(select(recorded.c.version)))
        .order_by(EVENTS.c.version.desc()).limit(bindparam("earlier"))
    )
    return union_all(new_line, earlier.subquery().select())


WRITE_RECORD_ANNOUNCE_AND_READ_BACK = _write_record_announce_and_read_back()
MAX_VERSION = 2**31 - 1  # versions are 32-bit integers in the database


def _write(table: Table, new_state: State, event: Event, history_lines: int) -> list[Row] | None:
    """Writes the new state and its event if the table is still at the version read, queues the
    NOTIFY that announces it to other processes (PostgreSQL), and reads back the history's
    ``history_lines`` latest lines as the change leaves them. None when another writer got there
    first: nothing was written."""
    new_version, written_at, finished = table.version + 1, utcnow(), event.kind == "finish"
    # The row as read: its version, who held the seats, and which table it is — one made again
    # under the same id (a restored database) has another created_at.
    guard = {"table_id": table.id, "read_version": table.version, "read_seating": table.seating,
             "read_created_at": table.created_at, "new_version": new_version,
             "new_state": new_state, "written_at": written_at, "finished": finished}
    # What the change wrote through the ORM goes first (an undo marks the action it reverts
    # undone), so that the history read back shows it.
    db.session.flush()
    before = _lines_before(table, event, history_lines)
    if live.announces_through_database():
        event.version = new_version
        event.undone, event.created_at, event.by_host = False, written_at, bool(event.by_host)
        fields = {f"event_{name}": getattr(event, name) for name in EVENT_FIELDS}
        earlier = max(history_lines - 1, 0) if before is None else 0  # kept: not sent again
        lines = db.session.execute(WRITE_RECORD_ANNOUNCE_AND_READ_BACK, {
            **guard, **fields, **live.announcement(table.id, new_version), "earlier": earlier}).all()
        if not lines:
            return None
        lines.sort(key=lambda line: line.version, reverse=True)
        new_line, read_back = lines[0], lines
    else:
        moved = db.session.execute(WRITE_IF_UNCHANGED, guard).rowcount
        if moved != 1:
            return None
        event.version = new_version
        # The fields the move set; the columns' defaults fill the rest (undone, created_at). The
        # new event comes back as its history line.
        new_line = db.session.execute(RECORD_EVENT, {key: value for key, value in vars(event).items()
                                                     if not key.startswith("_")}).one()
        live.announce_in_transaction(table.id, new_version)
        read_back = history(table.id, limit=history_lines) if history_lines and before is None else []
    _mirror(table, new_version, new_state, written_at, finished)
    _snapshot_if_due(table.id, new_version, new_state)
    # The answer's lines: the new one over those kept for the version read, or as read back.
    return (read_back if before is None else [new_line, *before])[:history_lines]


def _lines_before(table: Table, event: Event, history_lines: int) -> tuple[Row, ...] | None:
    """The latest history lines of the version read, when this process keeps them (from the board
    that showed them) and the change leaves them as they were — an undo marks one undone. None:
    the write reads them."""
    if not history_lines or event.undoes is not None:
        return None
    return recent_history.kept(table.token, recent_history.stamp(table), history_lines)


def _mirror(table: Table, new_version: int, new_state: State, written_at, finished: bool) -> None:
    """The row is written: the object says so too (it is kept across the commit, see _record)."""
    for key, value in (("version", new_version), ("state", new_state), ("updated_at", written_at),
                       ("finished", finished)):
        set_committed_value(table, key, value)


# A table keeps its setup (version 0, where every replay can start), its latest few snapshots,
# and fewer the further back they go: between SNAPSHOTS_KEPT × 2^(k-1) and SNAPSHOTS_KEPT × 2^k
# snapshots back, one every 2^k (about 2 log₂ n in all). Kept forever, a score pad's snapshot
# every 32 moves, each a copy of a state that grows with the game, made its database 7 MB by
# move 4,000 (the sum of all the copies: quadratic); an undo still replays at most about as
# many moves as it goes back.
SNAPSHOTS_KEPT = 4


def _snapshot_if_due(table_id: int, new_version: int, new_state: State) -> None:
    every = _snapshot_every()
    if new_version % every == 0:
        db.session.add(Snapshot(table_id=table_id, version=new_version, state=new_state))
        kept = db.session.scalars(select(Snapshot.version).where(Snapshot.table_id == table_id, Snapshot.version > 0))
        thinned = [version for version in kept if not snapshot_kept(version // every, new_version // every)]
        if thinned:
            db.session.execute(delete(Snapshot).where(Snapshot.table_id == table_id, Snapshot.version.in_(thinned)))


def snapshot_kept(number: int, latest: int) -> bool:
    """Whether the ``number``-th snapshot is kept once the ``latest``-th is taken (both counted in
    snapshots): the latest SNAPSHOTS_KEPT, then one every 2^k where they are between
    SNAPSHOTS_KEPT × 2^(k-1) and SNAPSHOTS_KEPT × 2^k back. A snapshot let go is never wanted again:
    it only gets further back."""
    back = latest - number
    if back < SNAPSHOTS_KEPT:
        return True
    spacing = 2 ** (back // SNAPSHOTS_KEPT).bit_length()
    return number % spacing == 0


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


def _record(table_id: int, request_id: str | None, change_of, history_lines: int = 0, lock: bool = False) -> Recorded:
    """The one way a change is written: dedupe, refuse on a finished table, write with the
    version guard, learn, announce — retried from a fresh read when another writer won.
    With ``history_lines``, the latest lines of the history are read before the commit.

    A repeated request (a double tap, a post the phone retried) is rare, so it is looked for
    only when something is off: on a retry, or when the move is refused. Otherwise the unique
    (table_id, request_id) constraint refuses the second event, and the retry finds the first.

    ``lock``: the change writes more than the table's row before that row's guarded write (an
    undo marks an event undone and deletes snapshots), so it locks the row first, as a retry
    does. Every transaction then takes the table's row before anything else of the table:
    without that order, an undo holding the event it reverts and a retry holding the row
    waited for each other until PostgreSQL's deadlock check broke in, a second later.
    """

    # A move built on this process's copy of the table (table_copies.py) gets one attempt: one
    # that would be retried, or locked, is done again by its route from the database, actor and all.
    as_read = db.session.get_one(Table, table_id)  # the identity map's (the route read it): no query
    from_copy, seating_read = table_copies.is_copy(as_read), as_read.seating

    def attempt(first: bool) -> Recorded | None:
        # A change that locks (a retry, an undo) reads the row anew. On a copy, a difference
        # would say the copy is old, not the phone's screen: the route does it again from the
        # database instead of telling the phone it was behind.
        locked = lock or not first
        if from_copy and locked:
            raise table_copies.Outdated()
        table = _table_as_read(table_id, lock=locked)
        if locked and table.seating != seating_read:
            # The route decided who acts from the seats it read; a locked read sees them anew.
            # Seats changed hands since: the phone looks again, as at a stale screen.
            raise StaleVersion(table.version)
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
        if not _one_statement(table, change):
            _in_a_transaction_from_here()
        # Read by the write itself, the history costs no transaction of its own: on PostgreSQL
        # its own would be three round trips (BEGIN, the query, and the pool's ROLLBACK when the
        # request ends).
        lines = _write(table, change.state, change.event, history_lines)
        if lines is None:
            return None
        version = change.event.version
        if change.learned:
            library.taught(table.game, table_id, version, change.learned, by_host=bool(change.event.by_host))
        if change.event.undoes is not None:
            library.forget(table.game, table_id, change.event.undoes)
        _commit_keeping_objects()
        if history_lines:
            recent_history.keep(table.token, recent_history.stamp(table), history_lines, lines)
        table_copies.keep(table)
        live.announce(table_id, version)
        return Recorded(version, change.label, history=lines if history_lines else None)

    try:
        return _retrying(attempt)
    except Exception:
        db.session.rollback()
        raise


def reads_outside_a_transaction() -> None:
    """PostgreSQL: this request reads (the table, a repeated request's event) without opening a
    transaction, so that a move costs two round trips, not five: no BEGIN, no COMMIT, and its
    write, its event, its announcement and its history lines in one statement (``_write``).

    Safe for a move because that statement is atomic by itself and lands only if the table is
    still at the version read; a change of more than one statement (a snapshot is due, the move
    taught the library something, an undo) opens a transaction of its own first, and so does a
    retry (``_record``).

    The routes that only read (a board, a page, a stream's start) call it too: they send no
    BEGIN and no ROLLBACK — and psycopg forgets every statement it prepared on a connection at
    each ROLLBACK, so without this every board refresh made the next move on that connection
    parse and plan its statements again. What such a route reads in two statements may straddle
    a move: it reads the table first and bounds the rest by the version read.

    Called before the request reads anything; SQLite has no round trips to save and keeps its
    transactions."""
    if db.engine.dialect.name == "postgresql":
        db.session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})


def _one_statement(table: Table, change: Change) -> bool:
    """Whether ``_write`` alone writes all of this change (then PostgreSQL needs no transaction)."""
    return not change.learned and change.event.undoes is None and (table.version + 1) % _snapshot_every() != 0


def _in_a_transaction_from_here() -> None:
    """What this session writes from here on commits together, even if it read outside a
    transaction (``reads_outside_a_transaction``): the next statement opens one (a rollback
    already did so for a retry, whose connection comes back to the pool's default)."""
    options = db.session.connection().get_execution_options()
    if options.get("isolation_level") == "AUTOCOMMIT":
        _commit_keeping_objects()


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
           request_id: str | None = None, history_lines: int = 0) -> Recorded:
    """Applies one move and records it. Raises RuleError, StaleVersion, TableFinished.

    ``history_lines``: also read that many of the latest history lines (``Recorded.history``)."""

    def change_of(table: Table) -> Change:
        game = game_of(table)
        spec = move_spec(game, action)  # an unknown move is refused before any stale check
        if expected_version is not None and expected_version != table.version and not spec.stale_ok:
            raise StaleVersion(table.version)
        applied = game.apply(table.state, action, actor)
        kind = kind_of_move(game, applied.state)
        event = Event(table_id=table.id, kind=kind, action=dict(action), label=applied.label.to_json(),
                      seat=actor.seat, by_host=actor.host)
        return Change(applied.state, event, applied.label, applied.learned)

    return _record(table_id, request_id, change_of, history_lines)


def _effective_actions(table_id: int, after: int, before: int) -> list[Event]:
    return list(db.session.scalars(
        select(Event)
        .where(Event.table_id == table_id, Event.kind.in_(("action", "finish")), Event.undone.is_(False),
               Event.version > after, Event.version < before)
        .order_by(Event.version)
    ))


class ReplayTooLong(RuleError):
    """A replay ran past its budget (``ReplayBudget``): given up, nothing written."""


@dataclass
class ReplayBudget:
    """What a replay of a history someone sent (an imported game) may cost: ``moves`` moves
    applied and ``seconds`` of the worker's time.

    Every ``YIELD_EVERY`` moves it lets the worker's other requests run (under gevent, a
    ``time.sleep(0)`` hands over to the other greenlets), so that a long replay slows the
    tables down a little instead of stopping them."""

    moves: int
    seconds: float
    spent: int = 0
    started: float = field(default_factory=time.monotonic)

    YIELD_EVERY = 32

    def spend(self) -> None:
        self.spent += 1
        if self.spent > self.moves:
            raise ReplayTooLong(_("This game's history is too long to check here (more than %(n)s moves played)."),
                                n=self.moves)
        if self.spent % self.YIELD_EVERY == 0:
            if time.monotonic() - self.started > self.seconds:
                raise ReplayTooLong(_("This game's history took too long to check (more than %(n)s seconds)."),
                                    n=round(self.seconds))
            time.sleep(0)


def play_through(game: Game, state: State, steps: Iterable[tuple[Action, Actor]],
                 budget: ReplayBudget | None = None) -> State:
    """The one replay loop: each effective action applied in order to a copy of ``state``.

    Undo, the consistency check of tests and the import of a finished game (``play_history``)
    all rebuild a state this way, so that they cannot disagree about what the log means.
    Linear in the moves: the state is copied once, then each move changes it in place.
    """
    state = copy.deepcopy(state)
    for action, actor in steps:
        state = _replayed_move(game, state, action, actor, budget).state
    return state


def _replayed_move(game: Game, state: State, action: Action, actor: Actor, budget: ReplayBudget | None) -> Applied:
    """One move of a replay, changing ``state`` itself (``apply_in_place``: a copy of a state that
    grows with the game at each move made a long replay quadratic). The move's fields are
    copied, so that none of them ends up inside the state a later move changes."""
    if budget is not None:
        budget.spend()
    return game.apply_in_place(state, copy.deepcopy(action), actor)


def kind_of_move(game: Game, after: State) -> str:
    """A move's event kind: "finish" for the one that ended the game."""
    return "finish" if game.is_over(after) else "action"


def undo_label(undone: Mapping[str, Any]) -> Label:
    """An undo's history line, naming the move it reverted (``undone``: that move's label)."""
    return label("Undone: %(what)s", what=undone)


class BrokenHistory(RuleError):
    """A history that the log could not have written: ``n`` is the first event that breaks it
    (a history sent in a file: the import is the one that plays a history it did not write)."""

    def __init__(self, n: int) -> None:
        super().__init__(_("The file's history is damaged (event %(n)s)."), n=n)
        self.n = n


@dataclass(frozen=True)
class Played:
    """A whole history played again (``play_history``): the final state, and each event's
    columns as the log writes them (kind, action, label, seat, by_host, undone, undoes)."""

    state: State
    rows: list[dict[str, Any]]


History = Sequence[tuple[str, Action, Actor, "int | None"]]  # (kind, action, actor, the version an undo reverts)


def play_history(game: Game, setup: State, history: History, budget: ReplayBudget | None = None) -> Played:
    """A history of moves and undos played again as ``append`` and ``undo`` recorded it: each
    move applied as the phone that made it, each undo reverting the latest move still standing
    and going back to the state before it.

    Linear in the events: the state is copied once, then changed in place; the state before a
    move is kept (copied) only for the moves the history later undoes, which it finds first.
    Raises ``BrokenHistory`` at the first event the log could not have written: a move the
    rules refuse (an unknown one too: ``apply`` refuses it), a move or undo after the game's
    end, an event kind that does not follow, an undo of anything but the latest move standing.
    """
    undone_later = _undone_versions(history)
    state = copy.deepcopy(setup)
    standing: list[int] = []  # the versions of the moves not undone, oldest first
    before: dict[int, State] = {}  # the state before each standing move that is undone later
    rows: list[dict[str, Any]] = []
    for version, (kind, action, actor, undoes) in enumerate(history, start=1):
        if game.is_over(state):
            raise BrokenHistory(version)  # a finished game takes no more, not even an undo
        if kind == "undo":
            if not standing or undoes != standing[-1]:
                raise BrokenHistory(version)  # an undo reverts the latest move still standing
            state = before.pop(standing.pop())
            reverted = rows[undoes - 1]
            reverted["undone"] = True
            rows.append({"kind": "undo", "action": {"type": "undo"}, "label": undo_label(reverted["label"]).to_json(),
                         "seat": actor.seat, "by_host": actor.host, "undone": False, "undoes": undoes})
            continue
        if version in undone_later:
            before[version] = copy.deepcopy(state)
        try:
            applied = _replayed_move(game, state, action, actor, budget)
        except ReplayTooLong:
            raise
        except Exception:  # a move the rules refuse, or one too damaged for them to read
            raise BrokenHistory(version) from None
        state = applied.state
        if kind != kind_of_move(game, state):
            raise BrokenHistory(version)
        rows.append({"kind": kind, "action": action, "label": applied.label.to_json(), "seat": actor.seat,
                     "by_host": actor.host, "undone": False, "undoes": None})
        standing.append(version)
    return Played(state, rows)


def _undone_versions(history: History) -> set[int]:
    """The versions of the moves a history undoes (as far as its undos make sense: the replay
    refuses the first that does not)."""
    standing: list[int] = []
    undone: set[int] = set()
    for version, (kind, _action, _actor, undoes) in enumerate(history, start=1):
        if kind != "undo":
            standing.append(version)
        elif standing and undoes == standing[-1]:
            undone.add(standing.pop())
        else:
            break
    return undone


def _steps(events: Iterable[Event]) -> Iterator[tuple[Action, Actor]]:
    return ((event.action, Actor(event.seat, event.by_host)) for event in events)


def state_before(table: Table, version: int) -> State:
    """The state after every effective action older than ``version``: nearest snapshot, then replay."""
    snap = db.session.scalar(
        select(Snapshot).where(Snapshot.table_id == table.id, Snapshot.version < version)
        .order_by(Snapshot.version.desc()).limit(1)
    )
    return play_through(game_of(table), snap.state, _steps(_effective_actions(table.id, snap.version, version)))


def undo(table_id: int, actor: Actor, *, expected_version: int | None = None,
         request_id: str | None = None, history_lines: int = 0) -> Recorded:
    """Reverts the latest effective action; the undo is itself an event (``history_lines``: as
    for ``append``)."""

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
        undone = undo_label(latest.label)
        event = Event(table_id=table.id, kind="undo", action={"type": "undo"}, label=undone.to_json(),
                      seat=actor.seat, by_host=actor.host, undoes=latest.version)
        return Change(previous, event, undone)

    return _record(table_id, request_id, change_of, history_lines, lock=True)


def replay(table: Table) -> State:
    """The state rebuilt from the setup snapshot and every effective action: the log's truth."""
    setup = db.session.scalar(select(Snapshot).where(Snapshot.table_id == table.id, Snapshot.version == 0))
    return play_through(game_of(table), setup.state, _steps(_effective_actions(table.id, 0, table.version + 1)))


def history(table_id: int, limit: int = 50, since: int | None = None, before: int | None = None) -> list[Row]:
    """The table's latest events, newest first: those after version ``since`` and before
    version ``before``, if given (a version past what the database holds means "all").

    Each is a row with an event's ``version``, ``kind``, ``label``, ``seat``, ``undone``,
    ``undoes`` and ``created_at``."""
    since = -1 if since is None else max(-1, min(since, MAX_VERSION))
    until = MAX_VERSION if before is None else max(-1, min(before - 1, MAX_VERSION))  # each fits an INTEGER
    return list(db.session.execute(LATEST_EVENTS, {"table_id": table_id, "limit": limit, "since": since,
                                                   "until": until}))
