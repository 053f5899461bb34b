""""Table N changed to version V": the fan-out behind live updates.

One small interface, two implementations:
- ``LocalFanout``: threads of one process wait on a per-table condition (SQLite, one server).
- ``PostgresFanout``: the same, fed by PostgreSQL LISTEN/NOTIFY, so an action served by one
  process wakes the phones connected to another. The NOTIFY is sent inside the transaction
  that records the action, so PostgreSQL delivers it exactly when the action commits.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable, Protocol

from sqlalchemy import text

from . import turns

CHANNEL = "companion_live"
log = logging.getLogger(__name__)


class Fanout(Protocol):
    def publish(self, table_id: int, version: int) -> None: ...

    def ready(self, timeout: float) -> bool:
        """Hears every announcement made from now on (False if that could not be had in time)."""
        ...

    def wait(self, table_id: int, known: int, timeout: float,
             stop: Callable[[], bool] | None = None) -> int | None:
        """The table's newest version once it is beyond ``known``; None after ``timeout``, or
        as soon as ``stop()`` says so after a ``nudge``."""
        ...

    def nudge(self, table_id: int) -> None:
        """Wakes the table's waiting streams to look at their ``stop`` (a phone's newer stream
        replaced one of them: stream_caps.py)."""
        ...


class LocalFanout:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._conditions: dict[int, threading.Condition] = {}
        self._latest: dict[int, int] = {}

    def _condition(self, table_id: int) -> threading.Condition:
        with self._lock:
            return self._conditions.setdefault(table_id, threading.Condition())

    def ready(self, timeout: float) -> bool:
        return True

    def publish(self, table_id: int, version: int) -> None:
        condition = self._condition(table_id)
        with condition:
            if version > self._latest.get(table_id, -1):
                self._latest[table_id] = version
                condition.notify_all()

    def nudge(self, table_id: int) -> None:
        condition = self._condition(table_id)
        with condition:
            condition.notify_all()

    def wait(self, table_id: int, known: int, timeout: float,
             stop: Callable[[], bool] | None = None) -> int | None:
        condition = self._condition(table_id)
        deadline = time.monotonic() + timeout
        with condition:
            while self._latest.get(table_id, -1) <= known:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or (stop is not None and stop()):
                    return None
                condition.wait(remaining)
            return self._latest[table_id]


class PostgresFanout(LocalFanout):
    """LocalFanout fed by a listener thread on a dedicated PostgreSQL connection."""

    def __init__(self, dsn: str) -> None:
        super().__init__()
        self._dsn = dsn
        self._started = False
        self._start_lock = threading.Lock()
        self.listening = threading.Event()

    def start(self) -> None:
        with self._start_lock:
            if not self._started:
                self._started = True
                threading.Thread(target=self._listen_forever, name="companion-listen", daemon=True).start()

    def ready(self, timeout: float) -> bool:
        # A NOTIFY sent before LISTEN is in place is lost: a stream must not read the
        # table's version until then, or a move made in between would never reach it.
        self.start()
        return self.listening.wait(timeout)

    def wait(self, table_id: int, known: int, timeout: float,
             stop: Callable[[], bool] | None = None) -> int | None:
        self.start()
        return super().wait(table_id, known, timeout, stop)

    def _listen_forever(self) -> None:
        import psycopg

        while True:
            try:
                with psycopg.connect(self._dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    for note in conn.notifies():
                        table_id, _, version = note.payload.partition(":")
                        self.publish(int(table_id), int(version))
            except Exception:  # the database restarted or the network blinked: listen again
                self.listening.clear()
                log.warning("live updates: lost the LISTEN connection, reconnecting", exc_info=True)
                time.sleep(1)


def configure(app) -> Fanout:
    """Picks the fan-out for the app's database and keeps it on the app."""
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    if url.startswith("postgresql"):
        chosen: Fanout = PostgresFanout(url.replace("postgresql+psycopg://", "postgresql://", 1))
    else:
        chosen = LocalFanout()
    app.extensions["companion.live"] = chosen
    return chosen


def fanout() -> Fanout:
    from flask import current_app

    return current_app.extensions["companion.live"]


def announces_through_database() -> bool:
    """Whether other processes hear of a move through PostgreSQL's NOTIFY."""
    return isinstance(fanout(), PostgresFanout)


def announcement(table_id: int, version: int) -> dict[str, str]:
    """The NOTIFY's channel and payload (log.py sends it in the statement that writes the move)."""
    return {"channel": CHANNEL, "payload": f"{table_id}:{version}"}


def announce_in_transaction(table_id: int, version: int) -> None:
    """Queues the cross-process announcement; PostgreSQL sends it when the transaction commits."""
    if announces_through_database():
        from .extensions import db

        db.session.execute(text("SELECT pg_notify(:channel, :payload)"), announcement(table_id, version))


def announce(table_id: int, version: int) -> None:
    """Wakes this process's waiting streams at once (other processes hear it via NOTIFY), and
    lets them speak before this request goes on to render its answer (a board: about a
    millisecond, which the table's phones need not wait for; see turns.py)."""
    fanout().publish(table_id, version)
    turns.let_woken_run()
