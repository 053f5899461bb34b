"""Which phone is this? A long-lived random secret in an HttpOnly cookie.

Seats store only the secret's SHA-256, so a database leak does not let anyone act as a
phone. The cookie is set on the first visit, before any seat is claimed.
"""

from __future__ import annotations

import hashlib
import secrets

from flask import Flask, Response, g, request

COOKIE = "companion_device"
TEN_YEARS = 10 * 365 * 24 * 3600
MIN_SECRET = 32  # what a cookie must be, at least, to name a phone (secrets.token_urlsafe(32) is 43)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def init_app(app: Flask) -> None:
    @app.before_request
    def identify_device() -> None:
        secret = request.cookies.get(COOKIE, "")
        if len(secret) < MIN_SECRET:
            secret = secrets.token_urlsafe(32)
            g.new_device_secret = secret
        g.device = digest(secret)

    @app.after_request
    def remember_device(response: Response) -> Response:
        if secret := g.get("new_device_secret"):
            response.set_cookie(COOKIE, secret, max_age=TEN_YEARS, httponly=True, samesite="Lax",
                                secure=request.is_secure)
        return response


def current() -> str:
    return g.device
