"""Which live streams a table holds open in this process, counted per phone.

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
process last read them (kept ``MEMBERS_SECONDS``, forgotten at once when a seat changes hands
here): when a cap is reached such a request is refused before the database is asked anything,
so a flood from one address, cookies or none, costs the server almost nothing and leaves every
other table's phones and ``/healthz`` answering (tests/test_stream_flood.py, bench/run.py P8 and
P10). A refused phone still follows the table: app.js polls while its stream is silent.

The counts are per process; with several processes each holds its own.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie

from . import devices

SEAT, DISPLAY, ONLOOKER = "seat", "display", "onlooker"
# How long the table's phones, as a stream request read them, are trusted for refusing strangers
# before the database: a seat taken in another process is seen this late at most.
MEMBERS_SECONDS = 5.0
MAX_REMEMBERED = 1024


@dataclass(eq=False)
class Ticket:
    """One admitted stream. ``superseded``: the same phone opened a newer one, so this one ends."""

    table_id: int
    kind: str
    device: str
    address: str
    token: str
    superseded: bool = False
    released: bool = False


class StreamCaps:
    def __init__(self, per_table: int, per_address: int) -> None:
        self.per_table, self.per_address = per_table, per_address
        self._lock = threading.Lock()
        self._streams: dict[tuple[int, str], Ticket] = {}        # (table, device) → its newest stream
        self._capped: Counter[tuple[int, str]] = Counter()      # (table, kind) of the capped kinds
        self._addresses: Counter[str] = Counter()               # onlookers' addresses
        self._full_tokens: dict[str, int] = {}  # the join tokens of tables whose onlookers are at their cap
        self._members: dict[str, tuple[float, frozenset[str]]] = {}  # token → (until, its phones' devices)

    def full(self, address: str, token: str) -> bool:
        """A cheap look before the table is read, for a request that cannot be a phone of the
        table: would an onlooker from this address, on this token's table, be refused?"""
        with self._lock:
            return self._addresses[address] >= self.per_address or token in self._full_tokens

    def stranger_refused(self, address: str, token: str, device: str) -> bool:
        """The cheap look for a request with a device cookie: refused only when an onlooker would
        be, and the device is surely not one of the table's phones (as read lately)."""
        with self._lock:
            if self._addresses[address] < self.per_address and token not in self._full_tokens:
                return False
            until, members = self._members.get(token, (0.0, frozenset()))
            return time.monotonic() < until and device not in members

    def remember_members(self, token: str, devices: frozenset[str]) -> None:
        with self._lock:
            if len(self._members) > 4 * MAX_REMEMBERED:  # tables come and go: keep the newest
                self._members = dict(list(self._members.items())[-MAX_REMEMBERED:])
            self._members[token] = (time.monotonic() + MEMBERS_SECONDS, devices)

    def forget_members(self, token: str) -> None:
        """A seat changed hands: the next stream request reads the table's phones again."""
        with self._lock:
            self._members.pop(token, None)

    def admit(self, table_id: int, address: str, token: str, device: str, kind: str) -> tuple[Ticket | None, bool]:
        """The new stream's ticket (None: refused), and whether an older stream of the same
        phone was superseded (its waiting loop must be woken to end: ``Fanout.nudge``)."""
        with self._lock:
            older = self._streams.pop((table_id, device), None)
            if older is not None:
                older.superseded = True
                self._uncount(older)
            if kind != SEAT and not self._room(table_id, kind, address):
                return None, older is not None
            ticket = Ticket(table_id, kind, device, address, token)
            self._streams[(table_id, device)] = ticket
            if kind != SEAT:
                self._capped[(table_id, kind)] += 1
                if kind == ONLOOKER:
                    self._addresses[address] += 1
                    if self._capped[(table_id, ONLOOKER)] >= self.per_table:
                        self._full_tokens[token] = table_id
            return ticket, older is not None

    def _room(self, table_id: int, kind: str, address: str) -> bool:
        if self._capped[(table_id, kind)] >= self.per_table:
            return False
        return kind != ONLOOKER or self._addresses[address] < self.per_address

    def release(self, ticket: Ticket) -> None:
        """The stream ended (or was never read); a superseded one was uncounted already."""
        with self._lock:
            if ticket.released:
                return
            if self._streams.get((ticket.table_id, ticket.device)) is ticket:
                del self._streams[(ticket.table_id, ticket.device)]
            self._uncount(ticket)

    def _uncount(self, ticket: Ticket) -> None:
        ticket.released = True
        if ticket.kind == SEAT:
            return
        counters: list[tuple[Counter, object]] = [(self._capped, (ticket.table_id, ticket.kind))]
        if ticket.kind == ONLOOKER:
            counters.append((self._addresses, ticket.address))
            self._full_tokens.pop(ticket.token, None)
        for counter, key in counters:
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]

    def open_streams(self) -> int:
        with self._lock:
            return len(self._streams)


# What a stream past a cap is told, before Flask is asked anything: a flood is refused at
# a tenth of the cost of a request through the app (no session, no language, no template), so
# a thousand refusals take the one process a fraction of a second. An EventSource never shows
# this text; the phone simply polls.
REFUSAL_BODY = b"Too many live connections from this address; this page checks the table every few seconds instead."


def device_of(environ) -> str | None:
    """The request's device (the digest of its device cookie, devices.py), or None without one:
    only a request with one can be a phone of a table."""
    try:
        cookie = SimpleCookie(environ.get("HTTP_COOKIE", ""))
    except CookieError:
        return None
    morsel = cookie.get(devices.COOKIE)
    return devices.digest(morsel.value) if morsel is not None and len(morsel.value) >= devices.MIN_SECRET else None


def refuse_floods(wsgi_app, caps: StreamCaps, retry_after: str):
    """Wraps the app: a live stream without a device cookie from an address, or to a table,
    already at its onlookers' cap gets its 429 here."""
    headers = [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(REFUSAL_BODY))),
               ("Retry-After", retry_after), ("Cache-Control", "no-store")]

    def app(environ, start_response):
        path = environ.get("PATH_INFO", "")
        if path.startswith("/t/") and path.endswith("/live") and refused_early(environ, path[3:-5]):
            start_response("429 Too Many Requests", headers)
            return [REFUSAL_BODY]
        return wsgi_app(environ, start_response)

    def refused_early(environ, token: str) -> bool:
        address, device = environ.get("REMOTE_ADDR", ""), device_of(environ)
        if device is None:
            return caps.full(address, token)
        return caps.stranger_refused(address, token, device)

    return app


def configure(app) -> StreamCaps:
    caps = StreamCaps(int(app.config["LIVE_STREAMS_PER_TABLE"]), int(app.config["LIVE_STREAMS_PER_ADDRESS"]))
    app.extensions["companion.stream_caps"] = caps
    app.wsgi_app = refuse_floods(app.wsgi_app, caps, str(int(app.config["SSE_KEEPALIVE_SECONDS"]) or 1))
    return caps


def caps() -> StreamCaps:
    from flask import current_app

    return current_app.extensions["companion.stream_caps"]


def forget_members(token: str) -> None:
    """A seat of this table changed hands (seating.py), in this process's app."""
    from flask import current_app

    held = current_app.extensions.get("companion.stream_caps")
    if held is not None:
        held.forget_members(token)
