"""Database tuning that depends on the engine: SQLite gets WAL and a busy timeout; a PostgreSQL
connection that sat idle is tested before it is used again."""

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
    elif not app.config["SQLALCHEMY_ENGINE_OPTIONS"].get("pool_pre_ping"):
        event.listen(engine, "checkin", _note_checkin)
        event.listen(engine, "checkout", _test_if_idle)


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


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    # WAL: phones reading the table never block the phone writing to it.
    cursor.execute("PRAGMA journal_mode=WAL")
    # Writers queue for the lock instead of failing at once; the log retries beyond that.
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
