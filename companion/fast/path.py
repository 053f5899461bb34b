"""The log's fast path: the plain path's behaviour (log.py ``PlainPath``), at a fraction of its cost.

What a move costs on the plain path, and what this one does instead:

- reading the table and its seats: the process that wrote the table's latest version builds the
  next move on its copy of it (table_copies.py); a move on a copy that does not land is done
  again on the table as the database has it (``move``);
- the transaction: on PostgreSQL a request reads without one (``reads_outside_a_transaction``),
  and a move's write — the version guard, the new state, the event, the NOTIFY and the history's
  latest lines — is one statement (``_write``): one round trip where the plain path takes five;
- the board's history lines: kept for the table's last version (recent_history.py), so that the
  phones fetching their boards after a move do not each read them, and a move answers with its
  new line over the kept ones;
- the read back after the commit: the objects keep what was written (``_commit_keeping_objects``).

Every guarantee is the plain path's: the write lands only if the table is still at the version
and seating read, a repeated request is answered "Already done", a refusal and the board it shows
come from the database. tests/test_log_paths.py plays the same moves through both paths.
"""

from __future__ import annotations

from typing import Callable

from sqlalchemy import Row, Text, bindparam, cast, exists, func, insert, null, select, union_all
from sqlalchemy.orm.attributes import set_committed_value

from .. import live, log
from ..extensions import db
from ..log import (EVENTS, HISTORY_LINE, TABLES, WRITE_IF_UNCHANGED, Change, ChangeOf, M, Recorded, StaleVersion,
                   TableFinished)
from ..models import Event, Table
from . import recent_history, table_copies

# Every column of a new event but its id, bound by name (a statement inside a CTE gets no
# column defaults from SQLAlchemy: _write passes undone and created_at itself).
EVENT_FIELDS = ("table_id", "version", "kind", "action", "label", "seat", "by_host", "request_id", "undoes",
                "undone", "created_at")
# A new event, given back as its history line (SQLite; PostgreSQL writes it in _write's CTE).
RECORD_EVENT = insert(EVENTS).returning(*HISTORY_LINE)


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


class FastPath:
    """``log.Path``, fast: see the module's docstring."""

    def reads_outside_a_transaction(self) -> None:
        """PostgreSQL: this request reads (the table, a repeated request's event) without opening a
        transaction, so that a move costs two round trips, not five: no BEGIN, no COMMIT, and its
        write, its event, its announcement and its history lines in one statement (``_write``).

        Safe for a move because that statement is atomic by itself and lands only if the table is
        still at the version read; a change of more than one statement (a snapshot is due, the move
        taught the library something, an undo) opens a transaction of its own first, and so does a
        retry (``record``).

        The routes that only read (a board, a page, a stream's start) call it too: they send no
        BEGIN and no ROLLBACK — and psycopg forgets every statement it prepared on a connection at
        each ROLLBACK, so without this every board refresh made the next move on that connection
        parse and plan its statements again. What such a route reads in two statements may straddle
        a move: it reads the table first and bounds the rest by the version read.

        SQLite has no round trips to save and keeps its transactions."""
        if db.engine.dialect.name == "postgresql":
            db.session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})

    def table_for_a_move(self, token: str, load: Callable[[str], Table]) -> Table:
        """This process's copy of the table, as if just read (no query), when it keeps one."""
        return table_copies.attach(token) or load(token)

    def move(self, table: Table, load: Callable[[str], Table], move: Callable[[Table], M]) -> M:
        """A move built on a copy is kept if it landed; anything else — a refusal, a stale screen,
        a repeat, a write that found the table changed (``Outdated``) — is done again on the table
        as the database has it now, so that what the phone is told and shown never comes from a copy."""
        if not table_copies.is_copy(table):
            return move(table)
        token = table.token
        try:
            moved = move(table)
        except table_copies.Outdated:
            moved = None
        if moved is not None and moved.landed:
            return moved
        table_copies.start_over(token)
        self.reads_outside_a_transaction()
        return move(load(token))

    def record(self, table_id: int, request_id: str | None, change_of: ChangeOf, history_lines: int = 0,
               lock: bool = False) -> Recorded:
        """``PlainPath.record``, on a copy or the table as read, written by ``_write``. A repeated
        request (a double tap, a post the phone retried) is rare, so it is looked for only when
        something is off: on a retry, or when the move is refused. Otherwise the unique
        (table_id, request_id) constraint refuses the second event, and the retry finds the first."""

        # A move built on this process's copy of the table gets one attempt: one that would be
        # retried, or locked, is done again by ``move`` from the database, actor and all.
        as_read = db.session.get_one(Table, table_id)  # the identity map's (the route read it): no query
        from_copy, seating_read = table_copies.is_copy(as_read), as_read.seating

        def attempt(first: bool) -> Recorded | None:
            # A change that locks (a retry, an undo) reads the row anew. On a copy, a difference
            # would say the copy is old, not the phone's screen: the route does it again from the
            # database instead of telling the phone it was behind.
            locked = lock or not first
            if from_copy and locked:
                raise table_copies.Outdated()
            if locked:
                _in_a_transaction_from_here()  # a lock read outside a transaction is let go at once
            table = log.table_as_read(table_id, lock=locked)
            if locked and table.seating != seating_read:
                # The route decided who acts from the seats it read; a locked read sees them anew.
                # Seats changed hands since: the phone looks again, as at a stale screen.
                raise StaleVersion(table.version)
            if not first and (seen := log.duplicate_of(table_id, request_id)) is not None:
                return log.already_done(seen)
            try:
                if table.finished:
                    raise TableFinished()
                change = change_of(table)
            except (log.RuleError, StaleVersion):
                if (seen := log.duplicate_of(table_id, request_id)) is not None:
                    return log.already_done(seen)
                raise
            change.event.request_id = request_id
            if not _one_statement(table, change):
                _in_a_transaction_from_here()
            # Read by the write itself, the history costs no transaction of its own: on PostgreSQL
            # its own would be three round trips (BEGIN, the query, and the pool's ROLLBACK when the
            # request ends).
            lines = _write(table, change, history_lines)
            if lines is None:
                return None
            version = change.event.version
            log.learn(table, change, version)
            _commit_keeping_objects()
            if history_lines:
                recent_history.keep(table.token, recent_history.stamp(table), history_lines, lines)
            table_copies.keep(table)
            live.announce(table_id, version)
            return Recorded(version, change.label, history=lines if history_lines else None)

        try:
            return log.retrying(attempt)
        except Exception:
            db.session.rollback()
            raise

    def latest_history(self, table: Table, limit: int) -> list[Row]:
        """Kept by this process for the table's version, or read (and kept)."""
        return recent_history.latest(table.token, recent_history.stamp(table), limit,
                                     lambda: log.history(table.id, limit=limit))

    def seats_changed(self, token: str) -> None:
        """A copy from before a claim or a release would only fail its write: let it go now."""
        table_copies.forget(token)


FAST = FastPath()


def _write(table: Table, change: Change, history_lines: int) -> list[Row] | None:
    """Writes the new state and its event if the table is still at the version read, queues the
    NOTIFY that announces it to other processes (PostgreSQL), and reads back the history's
    ``history_lines`` latest lines as the change leaves them. None when another writer got there
    first: nothing was written."""
    event = change.event
    guard = log.write_guard(table, change)
    new_version, written_at = guard["new_version"], guard["written_at"]
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
        read_back = log.history(table.id, limit=history_lines) if history_lines and before is None else []
    _mirror(table, guard)
    log.snapshot_if_due(table.id, new_version, change.state)
    # The answer's lines: the new one over those kept for the version read, or as read back.
    return (read_back if before is None else [new_line, *before])[:history_lines]


def _lines_before(table: Table, event: Event, history_lines: int) -> tuple[Row, ...] | None:
    """The latest history lines of the version read, when this process keeps them (from the board
    that showed them) and the change leaves them as they were — an undo marks one undone. None:
    the write reads them."""
    if not history_lines or event.undoes is not None:
        return None
    return recent_history.kept(table.token, recent_history.stamp(table), history_lines)


def _mirror(table: Table, guard: dict) -> None:
    """The row is written: the object says so too (it is kept across the commit, see record)."""
    for key, value in (("version", guard["new_version"]), ("state", guard["new_state"]),
                       ("updated_at", guard["written_at"]), ("finished", guard["finished"])):
        set_committed_value(table, key, value)


def _one_statement(table: Table, change: Change) -> bool:
    """Whether ``_write`` alone writes all of this change (then PostgreSQL needs no transaction)."""
    return not change.learned and change.event.undoes is None and not log.snapshot_due(table.version + 1)


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
