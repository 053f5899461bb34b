"""The gevent worker, with limits gunicorn lacks: a slow request is cut, one address cannot take
every connection (issue #28: 4,100 half-sent requests from one address blocked every new
connection, and a half-sent request was dropped only after the keep-alive's 75 s), and a live
stream past its caps is refused before it costs the app anything.

- **A request arrives quickly or not at all.** Its head (request line and headers) must be in
  within ``REQUEST_HEADER_SECONDS`` (10) of its first byte; its body may not pause longer than
  that between two reads, nor take longer than ``REQUEST_BODY_SECONDS`` (60: a 6 MB import over
  a slow phone link) in all. A cut request's connection is closed (a body cut short is a 400
  from werkzeug: the app never sees half a form). An idle keep-alive connection, between two
  requests, is not a slow request: it waits up to gunicorn's ``--keep-alive`` as before.
- **One address holds at most ``WEB_CONNECTIONS_PER_ADDRESS`` connections** (a quarter of
  ``WEB_CONNECTIONS`` by default: 1,000, a club's 500 phones behind one router), counted across
  every worker of the server (shared_counts.py). Past that a new connection is answered 429 at
  once, without reading it, and closed.
- **A live stream past its caps is refused from its head** (stream_caps.py says which): a new
  connection's first bytes are looked at before gunicorn parses them (its parser costs about
  0.1 ms a request, as much as everything else a refusal does); a later request on a kept-alive
  connection once gunicorn has parsed it. Either way the answer is a 429 in one write and the
  connection closed — no WSGI environ, no Flask, no access log line, a quarter of what the same
  refusal cost through the app — so a flood of stream requests is mostly the kernel's work of
  accepting and closing connections. The refusals are summed up in the error log, a line a minute.

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

from . import shared_counts

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
        self._unread = b""
        self.cut = False
        self.requests = 0  # requests gunicorn has parsed from this connection
        self.first_looked_at = False  # the first request's caps were looked at from its head

    def __getattr__(self, name: str) -> Any:  # everything but recv is the socket's own
        return getattr(self._sock, name)

    def idle(self) -> None:
        self._deadline = None

    def reading_body(self) -> None:
        self._deadline = time.monotonic() + BODY_SECONDS

    def unread(self, data: bytes) -> None:
        """Bytes read ahead of the parser, handed back to its next reads."""
        self._unread = data + self._unread

    def recv(self, size: int, *flags: int) -> bytes:
        if self._unread:
            data, self._unread = self._unread[:size], self._unread[size:]
            return data
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
    """gunicorn's gevent worker, pacing each request, capping connections per address and
    refusing live streams past their caps before the app."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        default = max(16, self.cfg.worker_connections // 4)
        self.per_address = int(os.environ.get("WEB_CONNECTIONS_PER_ADDRESS", default))
        self.refusals = Refusals()
        self.caps: Any = None

    def load_wsgi(self) -> None:
        super().load_wsgi()
        from . import stream_caps  # here, in the worker: the master needs no Flask

        self.caps = stream_caps.of(self.wsgi)

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        address = address_of(addr)
        counts, key = shared_counts.for_this_process(), f"connections from {address}"
        if not counts.take([(key, self.per_address)]):
            refuse(client, TOO_MANY)
            self.refusals.add("connections", self.log)
            return
        try:
            paced = PacedSocket(client)
            if not self.refused_from_its_head(paced, address):
                super().handle(listener, paced, addr)
        finally:
            counts.give_back([key])

    def refused_from_its_head(self, paced: PacedSocket, address: str) -> bool:
        """Whether a new connection's first request is a live stream past its caps (answered and
        closed here), or ended before it came; otherwise its first bytes go back to the parser."""
        if self.caps is None:
            return False
        first = b""
        try:
            with gevent.Timeout(self.cfg.keepalive or None, False):  # as long as gunicorn waits for one
                first = paced.recv(8192)
        except OSError:
            return True
        if not first:  # closed, or silent for a keep-alive period: gunicorn would close it too
            return True
        paced.unread(first)
        stream = stream_request_of(first)
        paced.first_looked_at = stream is not None
        if stream is None or not self.caps.refused_early(*stream, address):
            return False
        refuse(paced, self.caps.refusal)
        self.refusals.add("live streams", self.log)
        return True

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        if isinstance(sock, PacedSocket):
            sock.requests += 1
            looked_at = sock.requests == 1 and sock.first_looked_at
            if not looked_at and self.caps is not None \
                    and self.caps.refused_early(req.path, header_of(req, "COOKIE"), address_of(addr)):
                refuse(sock, self.caps.refusal)  # a later request on a kept-alive connection
                self.refusals.add("live streams", self.log)
                raise StopIteration()  # gunicorn's way to end a connection after a request
            sock.reading_body()
        try:
            return super().handle_request(listener_name, req, sock, addr)
        finally:
            if isinstance(sock, PacedSocket):
                sock.idle()


def address_of(addr: Any) -> str:
    return addr[0] if isinstance(addr, tuple) else str(addr)


def stream_request_of(head: bytes) -> tuple[str, str] | None:
    """The path and ``Cookie`` header of a complete ``GET /t/…/live`` request head, or None for
    anything else (another request, a head not whole in these bytes, two ``Cookie`` lines):
    those are left to gunicorn's parser and the app."""
    end = head.find(b"\r\n\r\n")
    if end < 0 or not head.startswith(b"GET /t/"):
        return None
    request_line, *fields = head[:end].split(b"\r\n")
    target, _, version = request_line[4:].partition(b" ")
    path = target.partition(b"?")[0]
    if not path.endswith(b"/live") or not version.startswith(b"HTTP/1."):
        return None
    cookies = [field[7:].strip() for field in fields if field[:7].lower() == b"cookie:"]
    if len(cookies) > 1:
        return None
    return path.decode("latin-1"), cookies[0].decode("latin-1") if cookies else ""


def header_of(req: Any, name: str) -> str:
    """A parsed request's header (gunicorn keeps them as upper-case name, value pairs)."""
    return next((value for key, value in req.headers if key == name), "")


class Refusals:
    """How many connections and streams were refused before the app, told in one line a minute
    after the first of them: a flood's every refusal on a line of its own would cost more than
    the refusal itself."""

    EVERY = 60.0

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def add(self, what: str, log: Any) -> None:
        if not self.counts:
            gevent.spawn_later(self.EVERY, self.tell, log)
        self.counts[what] += 1

    def tell(self, log: Any) -> None:
        log.warning("refused past their caps in the last minute: %s",
                    ", ".join(f"{n} {kind}" for kind, n in sorted(self.counts.items())))
        self.counts.clear()


def refuse(client: Any, answer: bytes) -> None:
    """An answer in one write, without reading the request, then the connection closed."""
    try:
        client.setblocking(False)
        client.send(answer)
    except OSError:
        pass
    finally:
        client.close()
