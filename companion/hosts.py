"""Which names this server answers to: the ``Host`` of every request and the ``Origin`` of every
form or API post are checked against them.

Why: a web page on another site can make a phone's browser send requests to the LAN server
through DNS rebinding (its own name, made to resolve to 192.168.1.20). The browser then sends
that page's name as ``Host`` and ``Origin``, never this server's: refusing names the server
does not know closes the door. Known names are the configured public URL's, this machine's own
addresses (the LAN address printed and put in the QR code among them), its host name, and
loopback; ``COMPANION_ALLOWED_HOSTS`` adds more (a name a proxy passes on), or ``*`` for any.
"""

from __future__ import annotations

import functools
import ipaddress
import socket
import subprocess
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, jsonify, request

from .games.base import _
from .i18n import translate

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain"})
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


@functools.lru_cache(maxsize=1)
def machine_names() -> frozenset[str]:
    """This machine's addresses and names, looked up once per process."""
    names: set[str] = set()
    try:  # Debian and most Linux: every address of every interface (the LAN address among them)
        names.update(subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2).stdout.split())
    except (OSError, subprocess.SubprocessError):
        pass
    hostname = socket.gethostname().lower()
    names.update({hostname, f"{hostname}.local"})  # mDNS: "http://mypc.local:8000"
    try:
        for info in socket.getaddrinfo(hostname, None):
            names.add(str(info[4][0]))
    except OSError:
        pass
    return frozenset(name.lower() for name in names)


def hostname_of(netloc: str) -> str:
    """``example.org:8000`` → ``example.org``; ``[::1]:8000`` → ``::1``; lower case."""
    try:
        return (urlsplit(f"//{netloc}").hostname or "").lower()
    except ValueError:  # a damaged value ("[::1")
        return ""


def configured_names(app: Flask) -> frozenset[str]:
    names = {hostname_of(urlsplit(app.config.get("PUBLIC_URL") or "").netloc)}
    names.update(name.strip().lower() for name in app.config.get("ALLOWED_HOSTS", "").split(","))
    return frozenset(name for name in names if name)


def known(name: str, configured: frozenset[str]) -> bool:
    if not name:
        return False
    if "*" in configured or name in configured or name in LOOPBACK_NAMES:
        return True
    try:
        if ipaddress.ip_address(name).is_loopback:  # 127.0.0.0/8 and ::1: this machine
            return True
    except ValueError:
        pass
    return name in machine_names()


UNKNOWN_HOST = _("Unknown host name: open this server by the address it prints (or add the name to "
                 "COMPANION_ALLOWED_HOSTS).")
FOREIGN_ORIGIN = _("Requests from another site are refused.")


def refusal(status: int, message: str) -> Response:
    """A short answer in the phone's language: JSON under /api, plain text elsewhere (no page is
    rendered for a request that may come from a rebinding attack)."""
    text = translate(message)
    if request.path.startswith("/api/"):
        response = jsonify({"error": text})
        response.status_code = status
    else:
        response = Response(text + "\n", status=status, mimetype="text/plain")
    response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app: Flask) -> None:
    app.config.setdefault("ALLOWED_HOSTS", "")

    @app.before_request
    def only_known_hosts() -> Response | None:
        configured = configured_names(current_app)
        if not known(hostname_of(request.host), configured):
            return refusal(400, UNKNOWN_HOST)
        origin = request.headers.get("Origin")
        if request.method in UNSAFE_METHODS and origin and origin != "null" \
                and not known(hostname_of(urlsplit(origin).netloc), configured):
            return refusal(403, FOREIGN_ORIGIN)
        return None
