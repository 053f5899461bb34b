"""Database tuning that depends on the engine: SQLite gets WAL and a busy timeout; PostgreSQL gets
the same durability as SQLite's ``synchronous=NORMAL`` (``synchronous_commit``, see
``_postgresql_settings``), and a connection that sat idle is tested before it is used again."""

from __future__ import annotations

import time

from flask import Flask
from sqlalchemy import event, exc
from sqlalchemy.engine import Engine

from .extensions import db

# A connection used within this many seconds is handed out as it is: the server went away in
# between only if it restarted, and then the request fails once like any request in flight.
# One idle for longer (a quiet evening, a proxy's idle timeout) is tested with a round trip.
TEST_AFTER_IDLE_SECONDS = 5.0


def tune(app: Flask) -> None:
    with app.app_context():
        engine: Engine = db.engine
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "handle_error", _sqlite_file_trouble)
        return
    event.listen(engine, "connect", _postgresql_settings(app.config["PG_SYNCHRONOUS_COMMIT"]))
    if not app.config["SQLALCHEMY_ENGINE_OPTIONS"].get("pool_pre_ping"):
        event.listen(engine, "checkin", _note_checkin)
        event.listen(engine, "checkout", _test_if_idle)


# PostgreSQL's own values for synchronous_commit (a typo should stop the server, not every request).
SYNCHRONOUS_COMMIT_VALUES = ("off", "local", "on", "remote_write", "remote_apply")


def _postgresql_settings(synchronous_commit: str):
    """Sets each new connection's ``synchronous_commit`` (``PG_SYNCHRONOUS_COMMIT``, default
    "off").

    Why "off" by default: a move is one small statement, and with "on" its commit waits for the
    WAL's fsync — on the benchmark's machine the write's wait was 0.6–0.8 ms with it and
    0.25–0.35 ms without (in process; bench/run.py, P1). "off" is the durability the SQLite set-up already has
    (``synchronous=NORMAL`` in WAL mode): a crash of this app loses nothing, since PostgreSQL
    holds every commit; a crash of PostgreSQL itself or of the machine may lose the last
    fraction of a second of moves (at most three ``wal_writer_delay``, 0.6 s by default), and
    never leaves the database inconsistent. A host that wants each move on disk before the
    phone hears of it sets "on"."""
    if synchronous_commit not in SYNCHRONOUS_COMMIT_VALUES:
        raise ValueError(f"PG_SYNCHRONOUS_COMMIT must be one of {', '.join(SYNCHRONOUS_COMMIT_VALUES)}, "
                         f"not {synchronous_commit!r}")

    def apply(dbapi_connection, _record) -> None:
        with dbapi_connection.cursor() as cursor:
            cursor.execute("SELECT set_config('synchronous_commit', %s, false)", (synchronous_commit,))
        dbapi_connection.commit()

    return apply


def _note_checkin(_dbapi_connection, record) -> None:
    record.info["checked_in_at"] = time.monotonic()


def _test_if_idle(dbapi_connection, record, _proxy) -> None:
    """SQLAlchemy's pre-ping, only for a connection that sat idle: a move on a busy server
    saves a round trip (bench/run.py, P1 on PostgreSQL)."""
    if time.monotonic() - record.info.get("checked_in_at", 0.0) < TEST_AFTER_IDLE_SECONDS:
        return
    try:
        with dbapi_connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        dbapi_connection.rollback()
    except Exception as error:  # noqa: BLE001 — any failure means: not usable, connect anew
        raise exc.DisconnectionError() from error


# SQLite's words for a file it cannot write now but may later: the disk is read-only or full, or
# failed. A connection that met one is not kept: one opened while the disk was read-only stays
# read-only for good (SQLite falls back to a read-only open), so a pooled one kept refusing
# every write after the disk was writable again.
SQLITE_FILE_TROUBLE = ("readonly database", "disk i/o error", "database or disk is full", "unable to open database file")


def _sqlite_file_trouble(context) -> None:
    """Treats a connection that met trouble with its file as lost: the pool opens new ones,
    which see the disk as it is by then (the request itself answers 503: web/errors.py).

    Its failed statement is let go first: SQLite keeps a closed connection open while one of
    its statements is alive (the failed request's traceback holds it until the garbage
    collector breaks the cycle), and while it stays open every new connection to the file
    shares its read-only view of the write-ahead log — measured: every write still refused
    after the disk was writable again."""
    if any(words in str(context.original_exception).lower() for words in SQLITE_FILE_TROUBLE):
        context.is_disconnect = True
        cursor = getattr(context.execution_context, "cursor", None)
        if cursor is not None:
            cursor.close()


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    # WAL: phones reading the table never block the phone writing to it.
    cursor.execute("PRAGMA journal_mode=WAL")
    # Writers queue for the lock instead of failing at once; the log retries beyond that.
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
