"""Security headers on every response, and the device cookie."""

from __future__ import annotations

from flask import Flask, Request, Response, current_app, request
from flask.sessions import SecureCookieSessionInterface

from . import devices

class SecureWhenHttps(SecureCookieSessionInterface):
    """The session cookie, Secure whenever this request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (bool(request) and request.is_secure)


# No inline script, no inline style, nothing from another origin: phones at the table may
# have no internet, and a strict policy stops injected markup from running.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])


# Request bodies: an uploaded game export or board file may take a few MB; a move, a form or
# a JSON call never takes more than a few KB. A larger body is answered 413 as soon as its
# Content-Length is seen, before a byte of it is read (a streamed body without one is cut
# off at the limit): four 200 MB bodies once took the worker from 129 MB to 1.35 GB.
UPLOAD_ENDPOINTS = frozenset({"records.import_game", "library.upload"})
MAX_UPLOAD_BYTES = 3 * 1000 * 1000  # the 2 MB export (or board file) and its multipart envelope
MAX_BODY_BYTES = 64 * 1000


class SizedRequest(Request):
    """A request whose body limit depends on where it goes (see UPLOAD_ENDPOINTS)."""

    @property
    def max_content_length(self) -> int | None:
        if self._max_content_length is not None:
            return self._max_content_length
        if self.endpoint in UPLOAD_ENDPOINTS:
            return current_app.config["MAX_CONTENT_LENGTH"]
        return min(current_app.config["MAX_CONTENT_LENGTH"], current_app.config["MAX_BODY_BYTES"])

    @max_content_length.setter
    def max_content_length(self, value: int | None) -> None:
        self._max_content_length = value


def init_app(app: Flask) -> None:
    app.request_class = SizedRequest
    if app.config.get("MAX_CONTENT_LENGTH") is None:
        app.config["MAX_CONTENT_LENGTH"] = MAX_UPLOAD_BYTES
    app.config.setdefault("MAX_BODY_BYTES", MAX_BODY_BYTES)
    # Over HTTPS (a proxy that says so, or a server with a certificate) the session cookie is
    # Secure too; over the home Wi-Fi's plain HTTP it cannot be.
    app.session_interface = SecureWhenHttps()
    devices.init_app(app)

    @app.after_request
    def security_headers(response: Response) -> Response:
        headers = response.headers
        headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        headers.setdefault("X-Content-Type-Options", "nosniff")
        headers.setdefault("X-Frame-Options", "DENY")
        # Join tokens must not leak in a Referer to another site; this site's own pages get it,
        # because over HTTPS the CSRF check (Flask-WTF's SSL-strict mode) requires a Referer of
        # this host on every form post: with "no-referrer" no form could be posted over HTTPS.
        headers.setdefault("Referrer-Policy", "same-origin")
        headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
        return response
