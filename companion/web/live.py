"""Live updates: a Server-Sent Events stream announcing each new version of a table.

The stream carries only version numbers, never game data: each phone then fetches its own
board, rendered for its own seat, so nothing private can travel to the wrong phone.
Streams end after SSE_MAX_SECONDS (EventSource reconnects by itself) so that a server's
threads are recycled. When nothing happens, a "ping" event repeats the version every
SSE_KEEPALIVE_SECONDS: it keeps proxies from closing an idle stream, and tells the phone its
stream is alive — a phone polls only while its stream is silent (a buffering proxy, a dead
connection), so a busy club's phones do not poll a server that is already telling them.
"""

from __future__ import annotations

import time

from flask import Blueprint, Response, current_app, jsonify, request

from .. import live
from ..extensions import db
from .context import load_table

bp = Blueprint("live", __name__)


@bp.get("/t/<token>/live")
def stream(token: str):
    fanout = live.fanout()
    fanout.ready(timeout=5)  # listening before the version is read: no move falls in between
    table = load_table(token)
    table_id, version = table.id, table.version
    max_seconds = current_app.config["SSE_MAX_SECONDS"]
    keepalive = current_app.config["SSE_KEEPALIVE_SECONDS"]
    last_seen = request.headers.get("Last-Event-ID", type=int)

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
                yield f"event: ping\ndata: {known}\n\n"
                continue
            known = newer
            yield f"id: {known}\nevent: version\ndata: {known}\n\n"

    # The stream holds no database connection: a phone idling for minutes must not pin one.
    db.session.close()
    return Response(events(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


@bp.get("/t/<token>/version")
def version(token: str):
    """The table's version, for scripts and the polling fallback."""
    table = load_table(token)
    return jsonify({"version": table.version, "finished": table.finished})
