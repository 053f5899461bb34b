"""Database tuning that depends on the engine: SQLite gets WAL and a busy timeout."""

from __future__ import annotations

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine

from .extensions import db


def tune(app: Flask) -> None:
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        return
    with app.app_context():
        engine: Engine = db.engine
    event.listen(engine, "connect", _sqlite_pragmas)


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    # WAL: phones reading the table never block the phone writing to it.
    cursor.execute("PRAGMA journal_mode=WAL")
    # Writers queue for the lock instead of failing at once; the log retries beyond that.
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
