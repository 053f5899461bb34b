"""The service worker that keeps what a phone has opened readable when the Wi-Fi drops.

Its script is a static file (static/sw.js), served here at the app's root: a service worker
looks after the pages under the folder it is served from, and under /static/ it would look
after none. A move only passes through it, never stored (static/outbox.js keeps a move that cannot be sent).
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, current_app

bp = Blueprint("offline", __name__)


@bp.get("/sw.js")
def service_worker():
    # Read whole (a few KB), not streamed from an open file: an answer nobody reads to the end
    # (a HEAD, a client gone) leaves no file open behind it.
    script = (Path(current_app.static_folder or "") / "sw.js").read_bytes()
    response = Response(script, mimetype="text/javascript")
    # The browser checks for a new worker on every visit: it must never keep an old one.
    response.headers["Cache-Control"] = "no-cache"
    return response
