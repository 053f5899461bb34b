"""The event log: the one way every change to a game is written, and the one replay.

``append`` applies a move with an optimistic version check: it reads the table, asks the
game to apply the move, and writes the new state only if nobody wrote in between
(``UPDATE … WHERE version = read version AND seating = read seating AND created_at = …``: nor
changed who holds which seat, nor is it another table under the same id). A writer that lost the race retries on the
newer state, or — when the phone said which version it was looking at and the move is not
``stale_ok`` — is told the table moved. Nothing is ever overwritten silently.

How a change reaches the database is a ``Path``: ``PlainPath`` here (read, apply, write, in one
transaction: the reference), or ``FastPath`` beside it (fast/path.py: a copy of the table instead
of the read, one statement for the write, the history lines kept). The app uses the fast one
unless ``LOG_PATH`` is "plain"; tests/test_log_paths.py plays the same moves through both.

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
from typing import Any, Callable, Iterable, Iterator, Mapping, Protocol, Sequence, TypeVar

from sqlalchemy import Row, bindparam, delete, inspect, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.util import identity_key

from . import library, live
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
    # first), when the caller asked for them: read by the change's own write, so that the page
    # answering the move needs no query of its own (FastPath).
    history: list[Row] | None = None


@dataclass(frozen=True)
class Change:
    """What one move does to a table, before it is written: the new state and its event."""

    state: State
    event: Event
    label: Label
    learned: Mapping[str, Any] | None = None


ChangeOf = Callable[[Table], Change]  # a move or an undo, asked of the table as read


def game_of(table: Table) -> Game:
    game = get_game(table.game)
    if game is None:  # a table of a game this server no longer ships
        raise RuleError("This server does not know the game %(game)s.", game=table.game)
    return game


# --- the path a change takes to the database: one behaviour, two implementations -------------

class Moved(Protocol):
    """What a route's move comes to (web/submit.py ``Outcome``): whether it was written now."""

    @property
    def landed(self) -> bool: ...


M = TypeVar("M", bound=Moved)


class Path(Protocol):
    """How a request reads a table, writes a change and reads the board's latest history lines.

    ``PlainPath`` (below) is the reference: what it does is what the log means. ``FastPath``
    (fast/path.py) must answer every request as it does, move for move."""

    def reads_outside_a_transaction(self) -> None:
        """Called by a route before it reads anything."""
        ...

    def table_for_a_move(self, token: str, load: Callable[[str], Table]) -> Table:
        """The table a move is built on (``load``: the route's read of it)."""
        ...

    def move(self, table: Table, load: Callable[[str], Table], move: Callable[[Table], M]) -> M:
        """A route's move on ``table`` (from ``table_for_a_move``), done again on ``load`` if need be."""
        ...

    def record(self, table_id: int, request_id: str | None, change_of: ChangeOf, history_lines: int = 0,
               lock: bool = False) -> Recorded:
        """The change written, or refused (RuleError, StaleVersion, TableFinished, Busy). A repeated
        ``request_id`` is answered as already done; ``history_lines``: the latest lines after it;
        ``lock``: the change reads more than the table's row (an undo), so it holds the row."""
        ...

    def latest_history(self, table: Table, limit: int) -> list[Row]:
        """The board's ``limit`` latest history lines of the table at its version."""
        ...

    def seats_changed(self, token: str) -> None:
        """A claim or a release was written."""
        ...


def path() -> Path:
    """The app's path (``configure``)."""
    from flask import current_app

    return current_app.extensions["companion.log_path"]


def configure(app, fast: Path) -> None:
    """The app writes through ``fast`` unless its LOG_PATH is "plain" (the reference)."""
    app.extensions["companion.log_path"] = PLAIN if app.config["LOG_PATH"] == "plain" else fast


def reads_outside_a_transaction() -> None:
    """Called by every route that reads a table, before it reads anything (FastPath: on PostgreSQL
    a request that only reads sends no BEGIN and no ROLLBACK, and a move is one statement)."""
    path().reads_outside_a_transaction()


def latest_history(table: Table, limit: int) -> list[Row]:
    """The board's latest history lines (``Path.latest_history``)."""
    return path().latest_history(table, limit)


# --- what both paths share: the table as read, the guarded write, retries ----------------------

TABLE_COLUMNS = tuple(column.key for column in Table.__mapper__.column_attrs)


def table_as_read(table_id: int, lock: bool = False) -> Table:
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
    kept = db.session.identity_map.get(identity_key(Table, table_id))
    if kept is None:
        return db.session.execute(select(Table).where(Table.id == table_id).with_for_update()).scalar_one()
    # Its columns anew; its seats, if loaded, are kept (no query when the answer's board shows
    # them): the caller checks the seating counter, so they still say who holds which seat.
    db.session.refresh(kept, TABLE_COLUMNS, with_for_update=True)
    return kept


def current(table: Table) -> Table:
    """The table as it stands after a move through this log, for rendering the answer.

    After a move recorded by FastPath the object already holds what was written (no query).
    After a refused or lost move, or a commit of PlainPath, it was expired: it is read again, with
    its seats, in one query.
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


def duplicate_of(table_id: int, request_id: str | None) -> Event | None:
    """The event a request with this one-time id already wrote, if any."""
    if not request_id:
        return None
    return db.session.scalar(select(Event).where(Event.table_id == table_id, Event.request_id == request_id))


def already_done(seen: Event) -> Recorded:
    db.session.rollback()
    return Recorded(seen.version, Label(**seen.label), duplicate=True)


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
# What a history line shows, not the whole event: rows, not ORM objects (a board reads its latest
# lines on every move, and building Event objects cost more than the query), and not the move's
# own fields (``action``), which no history shows.
HISTORY_LINE = (EVENTS.c.version, EVENTS.c.kind, EVENTS.c.label, EVENTS.c.seat, EVENTS.c.undone, EVENTS.c.undoes,
                EVENTS.c.created_at)
LATEST_EVENTS = (
    select(*HISTORY_LINE)
    .where(EVENTS.c.table_id == bindparam("table_id"), EVENTS.c.version > bindparam("since"),
           EVENTS.c.version <= bindparam("until"))
    .order_by(EVENTS.c.version.desc()).limit(bindparam("limit"))
)
MAX_VERSION = 2**31 - 1  # versions are 32-bit integers in the database


def write_guard(table: Table, change: Change) -> dict[str, Any]:
    """WRITE_IF_UNCHANGED's parameters: the row as read — its version, who held the seats, and
    which table it is (one made again under the same id, a restored database, has another
    created_at) — and what the change writes there."""
    return {"table_id": table.id, "read_version": table.version, "read_seating": table.seating,
            "read_created_at": table.created_at, "new_version": table.version + 1,
            "new_state": change.state, "written_at": utcnow(), "finished": change.event.kind == "finish"}


def learn(table: Table, change: Change, version: int) -> None:
    """What the change taught the board library, or took back from it (an undo), in its transaction."""
    if change.learned:
        library.taught(table.game, table.id, version, change.learned, by_host=bool(change.event.by_host))
    if change.event.undoes is not None:
        library.forget(table.game, table.id, change.event.undoes)


def retrying(attempt_write):
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


# --- the plain path: read, apply, write ------------------------------------------------------

class PlainPath:
    """The reference path. A route reads the table and its seats from the database; the change is
    asked of the game on that table and written with the version guard, then the history lines
    are read, all in one transaction; a lost race is tried again on the table read anew."""

    def reads_outside_a_transaction(self) -> None:
        """Nothing: every request reads in a transaction."""

    def table_for_a_move(self, token: str, load: Callable[[str], Table]) -> Table:
        return load(token)

    def move(self, table: Table, load: Callable[[str], Table], move: Callable[[Table], M]) -> M:
        return move(table)

    def record(self, table_id: int, request_id: str | None, change_of: ChangeOf, history_lines: int = 0,
               lock: bool = False) -> Recorded:
        seating_read = db.session.get_one(Table, table_id).seating  # as the route read it: no query

        def attempt(first: bool) -> Recorded | None:
            table = table_as_read(table_id, lock=lock or not first)
            if table.seating != seating_read:
                # The route decided who acts from the seats it read; they changed hands since:
                # the phone looks again, as at a stale screen.
                raise StaleVersion(table.version)
            if (seen := duplicate_of(table_id, request_id)) is not None:
                return already_done(seen)
            if table.finished:
                raise TableFinished()
            change = change_of(table)
            change.event.request_id = request_id
            version = _write_plainly(table, change)
            if version is None:
                return None
            learn(table, change, version)
            lines = history(table_id, limit=history_lines) if history_lines else None
            db.session.commit()
            live.announce(table_id, version)
            return Recorded(version, change.label, history=lines)

        try:
            return retrying(attempt)
        except Exception:
            db.session.rollback()
            raise

    def latest_history(self, table: Table, limit: int) -> list[Row]:
        return history(table.id, limit=limit, before=table.version + 1)

    def seats_changed(self, token: str) -> None:
        """Nothing: this path keeps nothing of a table between requests."""


PLAIN = PlainPath()


def _write_plainly(table: Table, change: Change) -> int | None:
    """The new state, if the table is still as read, and its event (a snapshot when one is due);
    the new version, or None when another writer got there first and nothing was written."""
    db.session.flush()  # what the change wrote through the ORM (an undo's mark) goes first
    guard = write_guard(table, change)
    if db.session.execute(WRITE_IF_UNCHANGED, guard).rowcount != 1:
        return None
    version = change.event.version = guard["new_version"]
    db.session.add(change.event)
    db.session.flush()
    live.announce_in_transaction(table.id, version)
    snapshot_if_due(table.id, version, change.state)
    return version


# A table keeps its setup (version 0, where every replay can start), its latest few snapshots,
# and fewer the further back they go: between SNAPSHOTS_KEPT × 2^(k-1) and SNAPSHOTS_KEPT × 2^k
# snapshots back, one every 2^k (about 2 log₂ n in all). Kept forever, a score pad's snapshot
# every 32 moves, each a copy of a state that grows with the game, made its database 7 MB by
# move 4,000 (the sum of all the copies: quadratic); an undo still replays at most about as
# many moves as it goes back.
SNAPSHOTS_KEPT = 4


def snapshot_due(version: int) -> bool:
    return version % _snapshot_every() == 0


def snapshot_if_due(table_id: int, new_version: int, new_state: State) -> None:
    """Every SNAPSHOT_EVERY versions the state is kept, and the snapshots no longer wanted go."""
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


def append(table_id: int, action: Action, actor: Actor, *, game: Game | None = None,
           expected_version: int | None = None, request_id: str | None = None, history_lines: int = 0) -> Recorded:
    """Applies one move and records it. Raises RuleError, StaleVersion, TableFinished.

    ``game``: the table's, when the caller has it (the route resolved it with the phone).
    ``history_lines``: also read that many of the latest history lines (``Recorded.history``)."""
    if game is None:
        game = game_of(db.session.get_one(Table, table_id))
    row = move_spec(game, action)  # found once, for the stale check and the kit; an unknown move is refused first

    def change_of(table: Table) -> Change:
        if expected_version is not None and expected_version != table.version and not row.stale_ok:
            raise StaleVersion(table.version)
        applied = game.apply(table.state, action, actor, row=row)
        kind = kind_of_move(game, applied.state)
        event = Event(table_id=table.id, kind=kind, action=dict(action), label=applied.label.to_json(),
                      seat=actor.seat, by_host=actor.host)
        return Change(applied.state, event, applied.label, applied.learned)

    return path().record(table_id, request_id, change_of, history_lines)


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


def state_before(table: Table, version: int, game: Game | None = None) -> State:
    """The state after every effective action older than ``version``: nearest snapshot, then replay
    (``game``: the table's, when the caller has it)."""
    snap = db.session.scalar(
        select(Snapshot).where(Snapshot.table_id == table.id, Snapshot.version < version)
        .order_by(Snapshot.version.desc()).limit(1)
    )
    return play_through(game or game_of(table), snap.state,
                        _steps(_effective_actions(table.id, snap.version, version)))


def undo(table_id: int, actor: Actor, *, game: Game | None = None, expected_version: int | None = None,
         request_id: str | None = None, history_lines: int = 0) -> Recorded:
    """Reverts the latest effective action; the undo is itself an event (``game``, ``history_lines``:
    as for ``append``)."""

    def change_of(table: Table) -> Change:
        if expected_version is not None and expected_version != table.version:
            raise StaleVersion(table.version)
        latest = db.session.scalar(
            select(Event).where(Event.table_id == table_id, Event.kind == "action", Event.undone.is_(False))
            .order_by(Event.version.desc()).limit(1)
        )
        if latest is None:
            raise RuleError("Nothing to undo.")
        previous = state_before(table, latest.version, game)
        latest.undone = True
        # Snapshots taken after the undone action included it: they are no longer true.
        db.session.execute(delete(Snapshot).where(Snapshot.table_id == table.id, Snapshot.version >= latest.version))
        undone = undo_label(latest.label)
        event = Event(table_id=table.id, kind="undo", action={"type": "undo"}, label=undone.to_json(),
                      seat=actor.seat, by_host=actor.host, undoes=latest.version)
        return Change(previous, event, undone)

    return path().record(table_id, request_id, change_of, history_lines, lock=True)


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
