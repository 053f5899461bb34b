"""Live updates: a Server-Sent Events stream announcing each new version of a table.

The stream carries only version numbers, never game data: each phone then fetches its own
board, rendered for its own seat, so nothing private can travel to the wrong phone.
Streams end after SSE_MAX_SECONDS (EventSource reconnects by itself) so that a server's
threads are recycled. When nothing happens, a "ping" event repeats the version every
SSE_KEEPALIVE_SECONDS: it keeps proxies from closing an idle stream, and tells the phone its
stream is alive — a phone polls only while its stream is silent (a buffering proxy, a dead
connection), so a busy club's phones do not poll a server that is already telling them.

A stream costs the server one open connection and nothing else while it waits (the gevent
worker: no thread). It is capped per table and per address (stream_caps.py), and one whose
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

from flask import Blueprint, Response, current_app, jsonify, request
from flask_limiter.util import get_remote_address

from .. import live, log, stream_caps
from ..extensions import db
from ..games.base import _
from ..i18n import translate
from .context import load_table

bp = Blueprint("live", __name__)


@bp.get("/t/<token>/live")
def stream(token: str):
    caps, address = stream_caps.caps(), get_remote_address()
    keepalive = current_app.config["SSE_KEEPALIVE_SECONDS"]
    if caps.full(address, token):  # refused before the database is asked anything
        return refused(keepalive)
    fanout = live.fanout()
    fanout.ready(timeout=5)  # listening before the version is read: no move falls in between
    log.reads_outside_a_transaction()  # reads only (log.py)
    table = load_table(token)
    table_id, version = table.id, table.version
    if not caps.admit(table_id, address, token):
        db.session.close()
        return refused(keepalive)
    max_seconds = current_app.config["SSE_MAX_SECONDS"]
    last_seen = request.headers.get("Last-Event-ID", type=int)
    client = request.environ.get("gunicorn.socket")
    give_up_unacknowledged_after(client, keepalive)

    def events():
        known = version
        # A phone reconnecting after a gap learns at once that it missed something.
        if last_seen is None or last_seen != known:
            yield f"id: {known}\nevent: version\ndata: {known}\n\n"
        else:
            yield ": connected\n\n"
        deadline = time.monotonic() + max_seconds
        while time.monotonic() < deadline:
            newer = fanout.wait(table_id, known, timeout=min(keepalive, max(deadline - time.monotonic(), 0.01)))
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
    response.call_on_close(lambda: caps.release(table_id, address))
    return response


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
