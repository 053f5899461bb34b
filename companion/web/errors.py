"""Errors: JSON under /api, a page elsewhere; always a clear message, never a stack trace."""

from __future__ import annotations

from flask import Flask, Response, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy import exc
from werkzeug.exceptions import HTTPException

from ..extensions import db
from ..games.base import _
from ..i18n import translate

MESSAGES = {
    400: _("The request was not understood."),
    403: _("This phone may not do that."),
    404: _("No such table or page. Check the link, or ask the host for the QR code again."),
    405: _("That is not something this address does."),
    409: _("The table changed."),
    413: _("That is too large."),
    415: _("Send JSON (Content-Type: application/json)."),
    422: _("That input is not valid."),
    429: _("Too many tries; wait a minute."),
}

DATABASE_AWAY = _("The server cannot reach its records just now (the database is restarting, or its disk is "
                  "full or read-only). Try again in a few seconds.")
# Long enough for a PostgreSQL restart or a host freeing some disk, short enough that a phone
# that follows it is back as soon as they are.
RETRY_AFTER_SECONDS = 5
# What the database raises when it cannot serve at all, rather than refusing one statement: the
# server is down or restarting (PostgreSQL), the file cannot be written (SQLite: a full or
# read-only disk), no connection came free in time. A bug (a statement the database refuses)
# is none of these, and stays a 500.
DATABASE_AWAY_ERRORS = (exc.OperationalError, exc.InterfaceError, exc.TimeoutError)


def wants_json() -> bool:
    return request.path.startswith("/api/")


def init_app(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError):
        message = translate("This page was open too long or came from elsewhere; reload it and try again.")
        if wants_json():
            return jsonify({"error": message}), 400
        return render_template("error.html", message=message, code=400), 400

    for away in DATABASE_AWAY_ERRORS:
        app.register_error_handler(away, lambda error: answer_database_away(app, error))

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        code = error.code or 500
        message = translate(MESSAGES.get(code, error.name))
        if wants_json():
            return jsonify({"error": message}), code
        return render_template("error.html", message=message, code=code), code


def answer_database_away(app: Flask, error: Exception) -> Response:
    """503 with ``Retry-After``: a page in the phone's language, JSON under /api. Nothing here
    asks the database anything (the error page's layout reads no table), and the session's
    failed transaction is let go, so that the next request starts clean."""
    app.logger.warning("The database is away: %s", getattr(error, "orig", None) or error)
    try:
        db.session.rollback()
    except exc.SQLAlchemyError:  # the connection is gone: the pool drops it anyway
        pass
    message = translate(DATABASE_AWAY)
    if wants_json():
        response = jsonify({"error": message})
    else:
        response = Response(render_template("error.html", message=message, code=503))
    response.status_code = 503
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response.headers["Cache-Control"] = "no-store"
    return response
