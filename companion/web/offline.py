"""The service worker that keeps what a phone has opened readable when the Wi-Fi drops.

Its script is a static file (static/sw.js), served here at the app's root: a service worker
looks after the pages under the folder it is served from, and under /static/ it would look
after none. Moves are not its business (static/outbox.js keeps a move that cannot be sent).
"""

from __future__ import annotations

from flask import Blueprint, current_app, send_from_directory

bp = Blueprint("offline", __name__)


@bp.get("/sw.js")
def service_worker():
    response = send_from_directory(current_app.static_folder, "sw.js", mimetype="text/javascript", max_age=0)
    # The browser checks for a new worker on every visit: it must never keep an old one.
    response.headers["Cache-Control"] = "no-cache"
    return response
