"""The database: tables (a game being played), their seats, the event log and snapshots.

A table's ``state`` is a cache of the log: it always equals replaying the table's
effective (not undone) actions from the setup state, which tests check. It is written in
the same transaction as the event that produced it, guarded by ``version``.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Table(db.Model):
    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(primary_key=True)
    # The join token: the only way to reach a table, so ≥128 bits of randomness.
    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    # The display link's token: shows the table read-only and can claim no seat, so the link on
    # the TV (or sent to a spectator) is not a way to sit down. As random as the join token.
    # Every table has one (its migration gave one to each table in play); the column allows NULL
    # only because SQLite cannot make an added column NOT NULL without rebuilding the table, and a
    # rebuild would cascade to its seats and events.
    display_token: Mapped[str | None] = mapped_column(String(64), unique=True, index=True, nullable=True,
                                                      default=lambda: secrets.token_urlsafe(24))
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
    # Counts the changes to who holds which seat (a claim, a release): they make no event and so
    # no new version. A move's write checks it beside the version, so that a move is written only
    # by the phone that still holds its seat (log.WRITE_IF_UNCHANGED; fast/table_copies.py relies on it).
    seating: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    host_device: Mapped[str] = mapped_column(String(64))  # sha256 of the host phone's device secret
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    seats: Mapped[list[Seat]] = relationship(back_populates="table", order_by="Seat.index",
                                             cascade="all, delete-orphan")


class Seat(db.Model):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "index"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    index: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    colour: Mapped[str] = mapped_column(String(16))
    device: Mapped[str | None] = mapped_column(String(64), nullable=True)  # sha256 of the claiming phone's secret
    claimed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    table: Mapped[Table] = relationship(back_populates="seats")


class Event(db.Model):
    """One recorded change. ``kind`` is "action" or "undo"; an undone action keeps its row."""

    __tablename__ = "events"
    __table_args__ = (
        UniqueConstraint("table_id", "version"),
        UniqueConstraint("table_id", "request_id"),
        Index("ix_events_effective", "table_id", "kind", "undone", "version"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    version: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    label: Mapped[dict[str, Any]] = mapped_column(JSON)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    by_host: Mapped[bool] = mapped_column(Boolean, default=False)
    undone: Mapped[bool] = mapped_column(Boolean, default=False)
    undoes: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the version an undo reverted
    request_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Snapshot(db.Model):
    """The state after every effective action up to ``version``: where undo starts replaying."""

    __tablename__ = "snapshots"
    __table_args__ = (UniqueConstraint("table_id", "version"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)


class LibraryEntry(db.Model):
    """What tables entered about a physical board (an episode's icons, a board's shape).

    Kept server-wide per game and handed to every later game's setup.
    """

    __tablename__ = "library"
    __table_args__ = (UniqueConstraint("game", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    key: Mapped[str] = mapped_column(String(64))
    value: Mapped[Any] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
