"""Errors: JSON under /api, a page elsewhere; always a clear message, never a stack trace."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

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


def wants_json() -> bool:
    return request.path.startswith("/api/")


def init_app(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError):
        message = translate("This page was open too long or came from elsewhere; reload it and try again.")
        if wants_json():
            return jsonify({"error": message}), 400
        return render_template("error.html", message=message, code=400), 400

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        code = error.code or 500
        message = translate(MESSAGES.get(code, error.name))
        if wants_json():
            return jsonify({"error": message}), code
        return render_template("error.html", message=message, code=code), code
