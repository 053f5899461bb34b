"""A bare route for load balancers and the benchmark: no database, no template, no session."""

from __future__ import annotations

from flask import Blueprint

from ..extensions import csrf

bp = Blueprint("health", __name__)
csrf.exempt(bp)  # it changes nothing, so there is nothing to forge


@bp.route("/healthz", methods=["GET", "POST"])
def healthz():
    """The process is up and serving; says nothing about the database (deliberately: it is the
    benchmark's baseline of what a request costs this server before the app does any work).
    A POST is answered the same, so that a form post can be compared with a form post."""
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8"}
