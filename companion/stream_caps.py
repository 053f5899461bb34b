"""Which live streams a table holds open, counted per phone and across the server's processes.

Anyone with a join link can open streams, and each open stream holds a connection of the server
until it ends. So the streams are counted by who opens them (issue #28):

- **A phone of the table** (its seat's phone, the host's) and **the table display** (opened by the
  display link) hold one stream each: a phone's newest stream replaces its older one, which
  ends at once (a reload, a second tab). No cap refuses them: their number is bounded by the
  table's seats, so a stranger holding streams can never push a seated phone or the display
  off live updates, and a club's 12 tables × 6 screens behind one router are all served.
- **Onlookers** (a phone with the join link and no seat) are capped per table
  (LIVE_STREAMS_PER_TABLE) and per address (LIVE_STREAMS_PER_ADDRESS); displays opened by the
  display link have the table's cap of their own. One phone (its device cookie) still holds one
  stream per table.

Past a cap a stream is refused at once (429). A request carrying no device cookie cannot be a
phone of the table, and neither can one whose device is not among the table's phones as this
process last read them (kept ``MEMBERS_SECONDS``, and read again as soon as a seat of the table
changes hands in any process): when a cap is reached such a request is refused before the app
(the gunicorn worker asks ``refused_early`` once it has read the request's head:
slow_clients.py), so a flood from one address, cookies or none, costs the server little more
than accepting and closing its connections, and leaves every other table's phones and
``/healthz`` answering (tests/test_stream_flood.py, bench/run.py P8 and P10). A refused phone
still follows the table: app.js polls while its stream is silent, and opens it again.

A stream past its caps never waits for the database. An onlooker's place is taken before the
table is read (``hold_place``), not after: a flood's requests arrive together, and were each
counted only once its read was done, so on PostgreSQL a thousand of them queued for the pool's
connections, and the table's own phones and ``/healthz`` with them (P10: a bystander's move
8 s). Counted first, the flood finds the caps full while its first requests are still being
read. One that finds them full is refused without a read when the table's phones are known
here; when they are not (no stream read them lately), it waits for the read under way in this
process (``surely_a_stranger``) rather than making one of its own: one read per table, not one
per request. An admitted stream reads the table itself (its version must be the table's as it
is, never a copy's), and holds no database connection while it lasts (web/live.py).

The counts are the server's, across its worker processes (shared_counts.py): with
``WEB_CONCURRENCY=2`` a visitor still holds at most ``LIVE_STREAMS_PER_ADDRESS`` onlooker
streams, and a table's onlookers count once wherever they are served. Which stream is a phone's
newest is known per process: a phone whose reload lands on another process holds two streams
until its older one's next keepalive finds it gone.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator
from urllib.parse import unquote

from werkzeug.http import parse_cookie

from . import devices, shared_counts

SEAT, DISPLAY, ONLOOKER = "seat", "display", "onlooker"
# How long the table's phones, as a stream request read them, are trusted for refusing strangers
# before the app; a seat changing hands anywhere makes every process read them again sooner.
MEMBERS_SECONDS = 5.0
MAX_REMEMBERED = 1024
# How long a stream request past a cap waits for another's read of the table's phones. Long: it
# costs the request's socket and nothing else, and one that stopped waiting would make a read of
# its own, more load on a database that is slow already (the first stream of a process also
# waits for its LISTEN connection).
READ_WAIT_SECONDS = 10.0
# How many stream requests of one process read the database at once. A table's streams opening
# together (a flood's first 32, a club's phones after a restart) each took a pooled connection
# (PostgreSQL: 15), so the pool opened its overflow ones, a new PostgreSQL connection each, closed
# again after, while the tables' moves waited for one (P10: a third of the worker's time in the
# first second of the flood). A read takes a millisecond or two: the others wait their turn.
READS_AT_ONCE = 3
EXTENSION = "companion.stream_caps"


@dataclass(eq=False)
class Ticket:
    """One admitted stream, and the counts it holds. ``superseded``: the same phone opened a
    newer one, so this one ends."""

    table_id: int
    device: str
    keys: tuple[str, ...]
    link: str = ""  # the token it was opened by (the join link's or the display link's)
    superseded: bool = False
    released: bool = False


class StreamCaps:
    def __init__(self, per_table: int, per_address: int, counts: shared_counts.SharedCounts,
                 retry_after: str) -> None:
        self.per_table, self.per_address, self.counts = per_table, per_address, counts
        self.refusal = raw_refusal(retry_after)
        self._lock = threading.Lock()
        self._streams: dict[tuple[int, str], Ticket] = {}  # (table, device) → its newest stream here
        self._by_link: dict[tuple[str, str], Ticket] = {}  # (link token, device) → the same, known before a read
        self._reads: dict[str, threading.Event] = {}  # token → set when this process's read of it ends
        self._reads_at_once = threading.BoundedSemaphore(READS_AT_ONCE)
        # token → (until, seat changes counted when read, its phones' devices)
        self._members: dict[str, tuple[float, int, frozenset[str]]] = {}

    def full(self, address: str, token: str) -> bool:
        """A cheap look before the table is read, for a request that cannot be a phone of the
        table: would an onlooker from this address, on this token's table, be refused?"""
        return (self.counts.count(_onlookers_from(address)) >= self.per_address
                or self.counts.count(_onlookers_of(token)) >= self.per_table)

    def refused_early(self, path: str, cookie: str, address: str) -> bool:
        """For the worker, from a request's head (its path as sent, its ``Cookie`` header): a live
        stream (``/t/<token>/live``) past an onlookers' cap, from a request that surely is no
        phone of the table (waiting, if need be, for this process's read of the table's phones)."""
        if not (path.startswith("/t/") and path.endswith("/live")):
            return False
        token = unquote(path[3:-5])  # as the app will read it: %41 is A
        if not self.full(address, token):
            return False
        device = device_of(cookie)
        # A flood's requests arrive while its first ones are read: they wait for that read here,
        # before the app, rather than each going through it to be refused after the same wait.
        return device is None or (not self.holds_one(token, device) and self.surely_a_stranger(token, device))

    def stranger(self, token: str, device: str) -> bool | None:
        """Whether ``device`` is surely none of the table's phones (True) or surely one (False), by
        the phones as this process read them; None when they were not read lately, or a seat
        changed hands since (in any process)."""
        until, seen, members = self._members.get(token, (0.0, 0, frozenset()))
        if time.monotonic() >= until or self.seat_changes(token) != seen:
            return None
        return device not in members

    def surely_a_stranger(self, token: str, device: str) -> bool:
        """``stranger``, waiting for this process's read of the table under way when the phones are
        not known (a flood's first requests are being read): True only when surely no phone of
        the table. False when unknown and nobody here is reading: the caller reads the table."""
        deadline = time.monotonic() + READ_WAIT_SECONDS
        while (known := self.stranger(token, device)) is None:
            read, left = self._reads.get(token), deadline - time.monotonic()
            if read is None or left <= 0:
                return False
            read.wait(left)
        return known

    @contextmanager
    def reading(self, token: str) -> Iterator[None]:
        """This request reads the table's phones: requests past a cap meanwhile wait for it
        (``surely_a_stranger``) instead of reading too."""
        with self._lock:
            first = token not in self._reads
            if first:
                self._reads[token] = threading.Event()
        try:
            yield
        finally:
            if first:
                with self._lock:
                    self._reads.pop(token).set()

    @contextmanager
    def turn_to_read(self) -> Iterator[None]:
        """One of the few reads of the database this process's stream requests make at once."""
        with self._reads_at_once:
            yield

    def hold_place(self, link: str, address: str, kind: str = ONLOOKER) -> tuple[str, ...] | None:
        """The counts of a stream of ``kind`` opened by ``link`` from ``address``, taken before the
        table is read (None: a cap is reached, nothing taken). ``admit`` hands them to the
        stream's ticket, or back."""
        caps = self._caps_of(kind, link, address)
        return tuple(key for key, _ in caps) if self.counts.take(caps) else None

    def give_back(self, keys: tuple[str, ...] | None) -> None:
        """Held counts of a stream that never came to be (its table could not be read)."""
        if keys:
            self.counts.give_back(keys)

    def holds_one(self, link: str, device: str) -> bool:
        """Whether this phone holds a stream here opened by this link: its new one replaces it
        (``admit``), so a reload is let in at a cap it already counts in."""
        return (link, device) in self._by_link

    def seat_changes(self, token: str) -> int:
        """How many times a seat of this table changed hands, as every process counts (read before
        the table's phones are read: a change after it makes them read again)."""
        return self.counts.count(_seat_changes_of(token))

    def remember_members(self, token: str, devices: frozenset[str], seat_changes: int) -> None:
        with self._lock:
            if len(self._members) > 4 * MAX_REMEMBERED:  # tables come and go: keep the newest
                self._members = dict(list(self._members.items())[-MAX_REMEMBERED:])
            self._members[token] = (time.monotonic() + MEMBERS_SECONDS, seat_changes, devices)

    def forget_members(self, token: str) -> None:
        """A seat changed hands: the next stream request, in any process, reads the table's phones again."""
        with self._lock:
            self._members.pop(token, None)
        self.counts.add(_seat_changes_of(token))

    def admit(self, table_id: int, address: str, link: str, device: str, kind: str,
              held: tuple[str, ...] | None = None) -> tuple[Ticket | None, bool]:
        """The new stream's ticket (None: refused), and whether an older stream of the same
        phone was superseded (its waiting loop must be woken to end: ``Fanout.nudge``).
        ``held``: the counts ``hold_place`` took for it as a stream of ``kind``, before the read."""
        with self._lock:
            older = self._streams.pop((table_id, device), None)
            if older is not None:
                older.superseded = True
                self._forget(older)
                self._give_back(older)
            caps = self._caps_of(kind, link, address)
            keys = tuple(key for key, _ in caps)
            if held != keys:  # a phone of the table after all, or nothing held: count it now
                if held:
                    self.counts.give_back(held)
                if caps and not self.counts.take(caps):
                    return None, older is not None
            ticket = Ticket(table_id, device, keys, link=link)
            self._streams[(table_id, device)] = ticket
            self._by_link[(link, device)] = ticket
            return ticket, older is not None

    def _forget(self, ticket: Ticket) -> None:
        if self._by_link.get((ticket.link, ticket.device)) is ticket:
            del self._by_link[(ticket.link, ticket.device)]

    def _caps_of(self, kind: str, link: str, address: str) -> list[tuple[str, int]]:
        """The counts a stream of this kind holds, each with its cap (a phone of the table: none).
        A table's displays are counted by its display link's token (known before the read)."""
        if kind == ONLOOKER:
            return [(_onlookers_of(link), self.per_table), (_onlookers_from(address), self.per_address)]
        if kind == DISPLAY:
            return [(f"displays of {link}", self.per_table)]
        return []

    def release(self, ticket: Ticket) -> None:
        """The stream ended (or was never read); a superseded one was given back already."""
        with self._lock:
            if ticket.released:
                return
            if self._streams.get((ticket.table_id, ticket.device)) is ticket:
                del self._streams[(ticket.table_id, ticket.device)]
            self._forget(ticket)
            self._give_back(ticket)

    def _give_back(self, ticket: Ticket) -> None:
        ticket.released = True
        self.counts.give_back(ticket.keys)

    def open_streams(self) -> int:
        with self._lock:
            return len(self._streams)


def _onlookers_of(token: str) -> str:
    return f"onlookers of {token}"


def _onlookers_from(address: str) -> str:
    return f"onlookers from {address}"


def _seat_changes_of(token: str) -> str:
    return f"seat changes of {token}"


# What a stream past a cap is told by the worker, before the app: a flood is refused at a
# fraction of the cost of a request through the app (no environ, no session, no language, no
# template, one write). An EventSource never shows this text; the phone simply polls.
REFUSAL_BODY = b"Too many live connections from this address; this page checks the table every few seconds instead."


def raw_refusal(retry_after: str) -> bytes:
    """The whole 429 answer, as sent, closing the connection."""
    head = ("HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Length: {len(REFUSAL_BODY)}\r\nRetry-After: {retry_after}\r\nCache-Control: no-store\r\n"
            "Connection: close\r\n\r\n")
    return head.encode() + REFUSAL_BODY


def device_of(cookie: str) -> str | None:
    """The device of a request's ``Cookie`` header (the digest of its device cookie, devices.py,
    read as the app reads it), or None without one: only a request with one can be a phone of
    a table."""
    secret = parse_cookie(cookie).get(devices.COOKIE, "") if cookie else ""
    return devices.digest(secret) if len(secret) >= devices.MIN_SECRET else None


def configure(app) -> StreamCaps:
    caps = StreamCaps(int(app.config["LIVE_STREAMS_PER_TABLE"]), int(app.config["LIVE_STREAMS_PER_ADDRESS"]),
                      app.extensions[shared_counts.EXTENSION], str(int(app.config["SSE_KEEPALIVE_SECONDS"]) or 1))
    app.extensions[EXTENSION] = caps
    return caps


def of(wsgi_app: Any) -> StreamCaps | None:
    """The caps of the app a gunicorn worker serves (None: not this app)."""
    return getattr(wsgi_app, "extensions", {}).get(EXTENSION)


def caps() -> StreamCaps:
    from flask import current_app

    return current_app.extensions[EXTENSION]


def forget_members(token: str) -> None:
    """A seat of this table changed hands (seating.py)."""
    from flask import current_app

    held = current_app.extensions.get(EXTENSION)
    if held is not None:
        held.forget_members(token)
