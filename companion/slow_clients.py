"""The gevent worker, with two limits gunicorn lacks: a slow request is cut, and one address
cannot take every connection (issue #28: 4,100 half-sent requests from one address blocked
every new connection, and a half-sent request was dropped only after the keep-alive's 75 s).

- **A request arrives quickly or not at all.** Its head (request line and headers) must be in
  within ``REQUEST_HEADER_SECONDS`` (10) of its first byte; its body may not pause longer than
  that between two reads, nor take longer than ``REQUEST_BODY_SECONDS`` (60: a 6 MB import over
  a slow phone link) in all. A cut request's connection is closed (a body cut short is a 400
  from werkzeug: the app never sees half a form). An idle keep-alive connection, between two
  requests, is not a slow request: it waits up to gunicorn's ``--keep-alive`` as before.
- **One address holds at most ``WEB_CONNECTIONS_PER_ADDRESS`` connections** (a quarter of
  ``WEB_CONNECTIONS`` by default: 1,000, a club's 500 phones behind one router). Past that a new
  connection is answered 429 at once, without reading it, and closed.

Behind a proxy on the same machine every connection comes from the proxy's address: there the
proxy's own limits stand in front (nginx buffers a request whole before passing it on), and the
per-address cap must exceed what the proxy opens.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from typing import Any

import gevent
from gunicorn.workers.ggevent import GeventWorker

HEADER_SECONDS = float(os.environ.get("REQUEST_HEADER_SECONDS", "10"))
BODY_SECONDS = float(os.environ.get("REQUEST_BODY_SECONDS", "60"))

TOO_MANY = (b"HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 5\r\n"
            b"Connection: close\r\nContent-Length: 40\r\n\r\nToo many connections from this address.\n")


class PacedSocket:
    """A client socket whose reads give up (an end of data) when the request is too slow.

    ``idle``: between requests, no deadline of ours. The first byte of a request starts its head's
    deadline; ``reading_body`` (the head was parsed) starts the body's."""

    def __init__(self, sock: Any) -> None:
        self._sock = sock
        self._deadline: float | None = None
        self._pause = HEADER_SECONDS
        self.cut = False

    def __getattr__(self, name: str) -> Any:  # everything but recv is the socket's own
        return getattr(self._sock, name)

    def idle(self) -> None:
        self._deadline = None

    def reading_body(self) -> None:
        self._deadline = time.monotonic() + BODY_SECONDS

    def recv(self, size: int, *flags: int) -> bytes:
        if self.cut:
            return b""
        if self._deadline is None:  # waiting for a request: gunicorn's keep-alive bounds this wait
            data = self._sock.recv(size, *flags)
            if data:
                self._deadline = time.monotonic() + HEADER_SECONDS
            return data
        wait = min(self._deadline - time.monotonic(), self._pause)
        data = None
        if wait > 0:
            with gevent.Timeout(wait, False):
                data = self._sock.recv(size, *flags)
        if data is None:  # too slow: the parser (or werkzeug) sees the request end here
            self.cut = True
            return b""
        return data


class Worker(GeventWorker):
    """gunicorn's gevent worker, pacing each request and capping connections per address."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        default = max(16, self.cfg.worker_connections // 4)
        self.per_address = int(os.environ.get("WEB_CONNECTIONS_PER_ADDRESS", default))
        self.open_by_address: Counter[str] = Counter()

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        address = addr[0] if isinstance(addr, tuple) else str(addr)
        if self.open_by_address[address] >= self.per_address:
            refuse(client)
            return
        self.open_by_address[address] += 1  # greenlets of one thread: no lock needed
        try:
            super().handle(listener, PacedSocket(client), addr)
        finally:
            self.open_by_address[address] -= 1
            if self.open_by_address[address] <= 0:
                del self.open_by_address[address]

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        if isinstance(sock, PacedSocket):
            sock.reading_body()
        try:
            return super().handle_request(listener_name, req, sock, addr)
        finally:
            if isinstance(sock, PacedSocket):
                sock.idle()


def refuse(client: Any) -> None:
    """A 429 without reading the request, then the connection closed."""
    try:
        client.setblocking(False)
        client.send(TOO_MANY)
    except OSError:
        pass
    finally:
        client.close()
