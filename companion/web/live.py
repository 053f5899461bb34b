"""Live updates: a Server-Sent Events stream announcing each new version of a table.

The stream carries only version numbers, never game data: each phone then fetches its own
board, rendered for its own seat, so nothing private can travel to the wrong phone.
Streams end after SSE_MAX_SECONDS (EventSource reconnects by itself) so that a server's
threads are recycled. When nothing happens, a "ping" event repeats the version every
SSE_KEEPALIVE_SECONDS: it keeps proxies from closing an idle stream, and tells the phone its
stream is alive — a phone polls only while its stream is silent (a buffering proxy, a dead
connection), so a busy club's phones do not poll a server that is already telling them.

A stream costs the server one open connection and nothing else while it waits (the gevent
worker: no thread). A phone holds one per table (its newest), onlookers are capped per table
and per address (stream_caps.py), and one whose
phone has gone is let go within a keepalive period: before each ping the stream looks whether
the phone closed its end, and the kernel gives up on a phone that stopped acknowledging (it
vanished with the Wi-Fi) after a keepalive period too (TCP_USER_TIMEOUT), so the next look
finds it gone.
"""

from __future__ import annotations

import _socket
import os
import socket
import time

from flask import Blueprint, Response, current_app, g, jsonify, request

from .. import devices, live, log, stream_caps
from ..presence import Presence, presence
from ..extensions import db
from ..games.base import _
from ..i18n import translate
from ..models import Table
from .context import load_displayed_table, load_table, remote_address

bp = Blueprint("live", __name__)
SUPERSEDED_RETRY_MS = 60_000


@bp.get("/t/<token>/live")
def stream(token: str):
    """A phone's stream, by the join link: a phone of the table (seated, the host) holds one
    stream uncapped, an onlooker is capped (stream_caps.py)."""
    address, device, caps = remote_address(), devices.current(), stream_caps.caps()
    # An onlooker is counted before the read, so that a flood finds the caps full while its first
    # requests are read; one past them that is surely no phone of the table is refused without
    # the database. A phone known to be the table's takes no onlooker's place, even for a moment.
    place = None if caps.stranger(token, device) is False else caps.hold_place(token, address)
    if place is None and not caps.holds_one(token, device) \
            and (g.get("new_device_secret") or caps.surely_a_stranger(token, device)):
        return refused(current_app.config["SSE_KEEPALIVE_SECONDS"])
    try:
        with caps.reading(token):
            live.fanout().ready(timeout=5)  # listening before the version is read: no move falls in between
            with caps.turn_to_read():
                log.reads_outside_a_transaction()  # reads only (log.py)
                seat_changes = caps.seat_changes(token)  # before the read: a change after it is seen
                table = load_table(token)
            members = frozenset([table.host_device, *(seat.device for seat in table.seats if seat.device)])
            caps.remember_members(token, members, seat_changes)  # strangers' floods are then refused early
    except BaseException:  # no such table (404), the database away: the place is not taken
        caps.give_back(place)
        raise
    kind = stream_caps.SEAT if device in members else stream_caps.ONLOOKER
    return _events_of(table, kind, address, device, token, place)


@bp.get("/d/<display_token>/live")
def display_stream(display_token: str):
    """The table display's stream, by the display link: capped per table, counted (as an
    onlooker's) before the table is read."""
    address, device, caps = remote_address(), devices.current(), stream_caps.caps()
    place = caps.hold_place(display_token, address, stream_caps.DISPLAY)
    if place is None and not caps.holds_one(display_token, device):
        return refused(current_app.config["SSE_KEEPALIVE_SECONDS"])
    try:
        live.fanout().ready(timeout=5)
        with caps.turn_to_read():
            log.reads_outside_a_transaction()  # reads only (log.py)
            table = load_displayed_table(display_token)
    except BaseException:
        caps.give_back(place)
        raise
    return _events_of(table, stream_caps.DISPLAY, address, device, display_token, place)


def _events_of(table: Table, kind: str, address: str, device: str, link: str,
               held: tuple[str, ...] | None) -> Response:
    """The stream, once admitted: ``link`` is the token it was opened by, ``held`` the counts
    taken for it before the table was read (stream_caps.py)."""
    caps, fanout = stream_caps.caps(), live.fanout()
    keepalive = current_app.config["SSE_KEEPALIVE_SECONDS"]
    table_id, version = table.id, table.version
    ticket, superseded = caps.admit(table_id, address, link, device, kind, held)
    if superseded:
        fanout.nudge(table_id)  # this phone's older stream ends now, not at its next ping
    if ticket is None:
        db.session.close()
        return refused(keepalive)
    # A seated phone's open stream is what the display shows as "connected" (presence.py).
    seat = next((s.index for s in table.seats if s.device == device), None) if kind == stream_caps.SEAT else None
    people = presence()
    if seat is not None and people.opened(table_id, seat):
        fanout.nudge(table_id)
    max_seconds = current_app.config["SSE_MAX_SECONDS"]
    last_seen = request.headers.get("Last-Event-ID", type=int)
    client = request.environ.get("gunicorn.socket")
    give_up_unacknowledged_after(client, keepalive)

    def events():
        known, seen = version, people.generation(table_id)
        # A phone reconnecting after a gap learns at once that it missed something.
        if last_seen is None or last_seen != known:
            yield f"id: {known}\nevent: version\ndata: {known}\n\n"
        else:
            yield ": connected\n\n"
        deadline = time.monotonic() + max_seconds
        while time.monotonic() < deadline and not ticket.superseded:
            newer = fanout.wait(table_id, known, timeout=min(keepalive, max(deadline - time.monotonic(), 0.01)),
                                stop=lambda: ticket.superseded or people.generation(table_id) != seen)
            if ticket.superseded:
                # The same phone's newer stream took over (a reload, a second tab). An EventSource
                # reconnects to a stream that ended: this one waits a while first (the page polls
                # meanwhile), so that two tabs of one phone do not keep replacing each other.
                yield f"retry: {SUPERSEDED_RETRY_MS}\n\n"
                return
            if newer is None and people.generation(table_id) != seen:
                # A seat's phone came or went: the display fetches its list of seats again.
                seen = people.generation(table_id)
                yield f"event: presence\ndata: {seen}\n\n"
                continue
            if newer is None:
                if phone_gone(client):
                    return
                yield f"event: ping\ndata: {known}\n\n"
                continue
            known = newer
            yield f"id: {known}\nevent: version\ndata: {known}\n\n"

    # The stream holds no database connection: a phone idling for minutes must not pin one.
    db.session.close()
    response = Response(events(), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    # The server closes every response it started, whether it ended, failed or was never read.
    response.call_on_close(lambda: _closed(caps, fanout, people, ticket, table_id, seat))
    return response


def _closed(caps: stream_caps.StreamCaps, fanout: live.Fanout, people: Presence, ticket: stream_caps.Ticket,
            table_id: int, seat: int | None) -> None:
    """A stream ended: its place under the caps is free, and a seat whose last stream it was is
    no longer connected (the display is told)."""
    caps.release(ticket)
    if seat is not None and people.closed(table_id, seat):
        fanout.nudge(table_id)


def refused(keepalive: float) -> Response:
    """A quick, small refusal: no page to render, no database. The phone polls instead."""
    message = translate(_("Too many live connections; this page checks the table every few seconds instead."))
    return Response(message, status=429, mimetype="text/plain",
                    headers={"Retry-After": str(int(keepalive) or 1), "Cache-Control": "no-store"})


def give_up_unacknowledged_after(client: socket.socket | None, seconds: float) -> None:
    """A phone that vanished (no close, just gone) never acknowledges a ping: the kernel then
    drops the connection after ``seconds`` instead of retrying for a quarter of an hour."""
    if client is None or not hasattr(socket, "TCP_USER_TIMEOUT"):
        return
    try:
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, max(int(seconds * 1000), 1000))
    except OSError:  # not a TCP socket (a test server's pipe): nothing to tune
        pass


def phone_gone(client: socket.socket | None) -> bool:
    """Whether the phone closed its end or its connection failed. A phone sends nothing on its
    stream after the request, so anything to read means the end (or an error), never data.

    The look must not wait, and must work for any descriptor: select() fails past descriptor
    1,023 (a club has more connections than that), and gevent's socket waits when there is
    nothing to read. So it peeks through a plain socket on a copy of the descriptor."""
    if client is None:
        return False
    try:
        peek = _socket.socket(fileno=os.dup(client.fileno()))
    except (OSError, ValueError):
        return True
    try:
        return peek.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        peek.close()


@bp.get("/t/<token>/version")
def version(token: str):
    """The table's version, for scripts and the polling fallback."""
    log.reads_outside_a_transaction()  # reads only (log.py)
    table = load_table(token)
    return jsonify({"version": table.version, "finished": table.finished})
