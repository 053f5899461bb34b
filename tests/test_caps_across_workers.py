"""The caps count across the server's worker processes (issue #28: they were per process, so
with ``WEB_CONCURRENCY=2`` a visitor had twice each cap and a table's onlookers were split).

A real server as the Procfile starts it, with two workers. Which worker takes a new connection
is the kernel's choice; the tests make it theirs by stopping the other worker (SIGSTOP) while
they connect, so that each cap is seen filled from both sides.

On SQLite only: the counts live in memory the server's master shares with its workers, whatever
the database (the tests read only a table's first version and claim a seat, which every other
server test does on both).
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import time
from contextlib import contextmanager

import pytest
import requests

from tests.test_live_server import seated_phone
from tests.test_slow_clients import half_sent
from tests.test_stream_caps import device_of, open_stream, read_until
from tests.test_stream_flood import new_table, statuses

VISITOR = "127.0.0.3"  # one visitor's address (loopback is all of 127/8)

pytestmark = [pytest.mark.any_database, pytest.mark.waits]


def workers(server) -> list[int]:
    return server.pids()[1:]


@contextmanager
def served_by(server, worker: int):
    """New connections go to ``worker`` only: every other worker is stopped meanwhile."""
    others = [pid for pid in workers(server) if pid != worker]
    for pid in others:
        os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        for pid in others:
            os.kill(pid, signal.SIGCONT)


def onlooker_streams(server, token: str, count: int) -> list[socket.socket]:
    """``count`` streams from the visitor, each from a phone of its own (a device cookie each)."""
    return [open_stream(server, f"/t/{token}/live", VISITOR, secrets.token_urlsafe(32)) for _ in range(count)]


def answered_by_now(socks: list[socket.socket]) -> list[int]:
    """The status each request has been answered with so far (0: nothing yet), without waiting."""
    heads = []
    for sock in socks:
        sock.setblocking(False)
        try:
            heads.append(sock.recv(4096))
        except BlockingIOError:
            heads.append(b"")
    return [int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0 for head in heads]


@pytest.fixture
def held() -> list[socket.socket]:
    """The test's open sockets: closed when it ends, passed or failed."""
    sockets: list[socket.socket] = []
    yield sockets
    for sock in sockets:
        sock.close()


def replaced(server, gone: int, seconds: float = 30) -> list[int]:
    """The workers once the master has started one in place of ``gone`` and it answers."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        now = workers(server)
        if gone not in now and len(now) == 2:
            server.wait_ready()
            return now
        time.sleep(0.1)
    raise AssertionError("the master did not replace the killed worker")


@pytest.mark.slow
def test_a_visitors_streams_are_capped_across_both_workers_and_a_seated_phone_never_is(server_factory, held):
    server = server_factory(WEB_CONCURRENCY="2", LIVE_STREAMS_PER_ADDRESS="4")
    first, second = workers(server)
    token = new_table(server)
    phone = seated_phone(server, token, 0)
    with served_by(server, first):
        held += onlooker_streams(server, token, 3)
        assert statuses(held[-3:]) == [200, 200, 200]
    with served_by(server, second):  # it counts the first worker's three
        held += onlooker_streams(server, token, 3)
        assert sorted(statuses(held[-3:])) == [200, 429, 429]
        mine = open_stream(server, f"/t/{token}/live", VISITOR, device_of(phone))  # behind the same router
        held.append(mine)
        assert b"200 OK" in read_until(mine, b"data: 0")
    with served_by(server, first):
        again = open_stream(server, f"/t/{token}/live", VISITOR, device_of(phone))  # a reload
        held.append(again)
        assert b"200 OK" in read_until(again, b"data: 0")
        held += onlooker_streams(server, token, 1)
        assert statuses(held[-1:]) == [429]
    # A killed worker's streams are given back: the master frees what it held.
    os.kill(first, signal.SIGKILL)
    replaced(server, first)
    fresh = onlooker_streams(server, token, 5)
    held += fresh
    assert sorted(statuses(fresh)) == [200, 200, 200, 429, 429]  # the second worker still holds one


@pytest.mark.slow
def test_one_address_holds_its_connections_across_both_workers(server_factory, held):
    server = server_factory(WEB_CONCURRENCY="2", WEB_CONNECTIONS_PER_ADDRESS="10")
    first, second = workers(server)
    with served_by(server, first):
        held += [half_sent(server, VISITOR) for _ in range(6)]
        # Answered by the first worker, which took every connection queued before this one.
        assert requests.get(f"{server.url}/healthz", timeout=10).text == "ok"
    with served_by(server, second):
        more = [half_sent(server, VISITOR) for _ in range(6)]
        held += more
        # Answered by the second worker once it took, counted and (past the cap) refused at once
        # every connection queued before this one: what they were told is in already.
        assert requests.get(f"{server.url}/healthz", timeout=10).text == "ok"
        assert answered_by_now(more).count(429) == 2
    assert requests.get(f"{server.url}/healthz", timeout=10).text == "ok"  # other addresses are served


@pytest.mark.slow
def test_failed_claims_are_counted_across_both_workers(server_factory):
    server = server_factory(WEB_CONCURRENCY="2", JOIN_RATE_LIMIT="4 per minute")
    first, second = workers(server)
    token = new_table(server)
    seated_phone(server, token, 0)
    claim = f"{server.url}/api/tables/{token}/seats/0/claim"  # a seat the first phone holds

    def tries(count: int) -> list[int]:  # each on a connection of its own: the running worker's
        return [requests.post(claim, json={}, timeout=10).status_code for _ in range(count)]

    with served_by(server, first):
        assert 429 not in tries(2)
    with served_by(server, second):
        assert tries(3) == [409, 409, 429]  # the fifth failed claim in a minute, the second worker's third
        free = requests.post(f"{server.url}/api/tables/{token}/seats/1/claim", json={}, timeout=10)
        assert free.status_code == 200
