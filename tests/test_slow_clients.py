"""Slow clients cannot hold the server (issue #28, item 5), on a real server as the Procfile starts it.

4,100 half-sent requests from one address once blocked every new connection (they were more than
``WEB_CONNECTIONS``), and a half-sent request was dropped only after the keep-alive's 75 s.

On SQLite only: a slow request is cut, and a connection past its address's cap refused, in the
server's gevent worker before the app (and its database) sees them.
"""

from __future__ import annotations

import socket
import time

import pytest
import requests

from tests.test_live_server import seated_phone
from tests.test_stream_flood import new_table

SLOW = "127.0.0.2"  # the slow visitor's own address (loopback is all of 127/8)

pytestmark = [pytest.mark.any_database, pytest.mark.waits]


def half_sent(server, source: str = SLOW, body: bool = False) -> socket.socket:
    """A request whose head (or, ``body``: whose body) never finishes."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(source, 0))
    if body:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1000\r\n\r\n{\"game\": ")
    else:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return sock


def closed_within(sock: socket.socket, seconds: float) -> float | None:
    """Seconds until the server closed the connection (None: still open after ``seconds``)."""
    started = time.monotonic()
    sock.settimeout(0.2)
    while time.monotonic() - started < seconds:
        try:
            if sock.recv(4096) == b"":
                return time.monotonic() - started
        except socket.timeout:
            continue
        except OSError:
            return time.monotonic() - started
    return None


@pytest.mark.slow
def test_a_half_sent_request_is_cut_within_seconds(server_factory):
    server = server_factory(REQUEST_HEADER_SECONDS="1")
    head, body = half_sent(server), half_sent(server, body=True)
    try:
        assert (closed_within(head, 5) or 99) < 3, "a half-sent head was kept"
        assert (closed_within(body, 5) or 99) < 3, "a half-sent body was kept"
    finally:
        head.close()
        body.close()
    # A phone that keeps its connection between taps is not a slow request: idle twice as long
    # as a request's head may take, its connection still serves the next.
    phone = requests.Session()
    assert phone.get(f"{server.url}/healthz", timeout=10).status_code == 200
    time.sleep(2)
    assert phone.get(f"{server.url}/healthz", timeout=10).status_code == 200


@pytest.mark.slow
def test_one_address_cannot_take_every_connection(server_factory):
    server = server_factory(WEB_CONNECTIONS="200", WEB_CONNECTIONS_PER_ADDRESS="50")
    token = new_table(server)
    player = seated_phone(server, token, 0)
    flood = []
    try:
        for _ in range(250):  # more than the whole process holds
            flood.append(half_sent(server))
        started = time.monotonic()
        assert requests.get(f"{server.url}/healthz", timeout=10).text == "ok"  # a fresh connection
        moved = player.post(f"{server.url}/api/tables/{token}/actions", timeout=10,
                            json={"type": "add_points", "seat": 0, "points": 1})
        assert moved.status_code == 200 and time.monotonic() - started < 3
        refused = 0
        for sock in flood:
            sock.settimeout(0.05)
            try:
                refused += sock.recv(4096).startswith(b"HTTP/1.1 429")
            except OSError:
                pass
        assert refused >= 190, refused  # 50 held, the rest told at once
    finally:
        for sock in flood:
            sock.close()
