"""Live streams cannot be used to take the server down (a real server, as the Procfile starts it).

Anyone with a join link can open streams. Each table and each address has a cap
(LIVE_STREAMS_PER_TABLE, LIVE_STREAMS_PER_ADDRESS); past it a stream is refused at once
with a 429, and a phone that has gone frees its place within a keepalive period.
"""

from __future__ import annotations

import selectors
import statistics
import socket
import threading
import time

import pytest
import requests

from tests.test_live_server import PLAYERS, read_versions, seated_phone, sse_lines

pytestmark = pytest.mark.waits  # for keepalives and cuts

FLOODER = "127.0.0.2"  # loopback is all of 127/8: the flood comes from an address of its own


def new_table(server, players=PLAYERS[:5]) -> str:
    return requests.post(f"{server.url}/api/tables", json={"game": "scorepad", "players": players},
                         timeout=10).json()["token"]


def open_stream(server, token: str, source: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(source, 0))
    sock.sendall(f"GET /t/{token}/live HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
    return sock


def hears(lines, version: int, seconds: float = 5) -> bool:
    """Whether the stream tells ``version`` in time (pings repeating the older one come first)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        told = read_versions(lines, 1, seconds=deadline - time.monotonic())
        if told and told[0] >= version:
            return True
    return False


def status_of_one(server, token: str, source: str) -> int:
    sock = open_stream(server, token, source)
    try:
        return statuses([sock])[0]
    finally:
        sock.close()


def statuses(socks: list[socket.socket], seconds: float = 30) -> list[int]:
    """The status code each request was answered with (0: no answer in time)."""
    answers: dict[socket.socket, bytes] = {sock: b"" for sock in socks}
    selector = selectors.DefaultSelector()
    for sock in socks:
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ)
    deadline = time.monotonic() + seconds
    waiting = set(socks)
    while waiting and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=0.5):
            sock = key.fileobj
            try:
                data = sock.recv(4096)
            except BlockingIOError:
                continue
            answers[sock] += data
            if b"\r\n" in answers[sock] or not data:
                selector.unregister(sock)
                waiting.discard(sock)
    selector.close()
    return [int(answers[sock].split(b" ", 2)[1]) if answers[sock].startswith(b"HTTP/") else 0 for sock in socks]


# What a person at the other table would call "still working", on a loaded machine: the test
# suite's other workers and a browser share these two cores, and PostgreSQL's with them. Quiet,
# a probe takes about 15 ms and a move is heard in about 0.1 s; a server the flood held up would
# answer neither until the flood was served (before the caps, 1,000 streams held every
# connection; each refused one cost 0.45 ms of the worker's time, now about 0.13).
PATIENCE = 30.0  # seconds: how long a person waits for one answer before calling it broken


@pytest.mark.slow
def test_a_flood_of_1000_streams_from_one_address_leaves_healthz_and_another_table_working(server_factory):
    server = server_factory(SSE_KEEPALIVE_SECONDS="1")
    per_address = 64  # the default cap (LIVE_STREAMS_PER_ADDRESS)
    # The other table: five phones listening, one of them about to play.
    token = new_table(server)
    player = seated_phone(server, token, 0)
    listening = [requests.get(f"{server.url}/t/{token}/live", stream=True, timeout=PATIENCE) for _ in range(5)]
    phones = [sse_lines(stream) for stream in listening]
    assert all(read_versions(lines, 1, seconds=PATIENCE) == [0] for lines in phones)
    # The flooder holds three join links of its own and opens 1,000 streams over them.
    links = [new_table(server) for _ in range(3)]
    flood: list[socket.socket] = []

    def open_flood() -> None:
        for n in range(1000):
            flood.append(open_stream(server, links[n % 3], FLOODER))

    # Whatever fails, the flood's 1,000 sockets are closed here, not left to a later test.
    flooding = threading.Thread(target=open_flood)
    try:
        flooding.start()
        health: list[float] = []
        heard: list[float] = []
        version = 0
        while flooding.is_alive() or len(health) < 20:
            started = time.monotonic()
            assert requests.get(f"{server.url}/healthz", timeout=PATIENCE).text == "ok"
            health.append(time.monotonic() - started)
            if len(health) % 5 == 0:  # and the other table plays on: every phone hears each move
                version += 1
                started = time.monotonic()
                player.post(f"{server.url}/api/tables/{token}/actions", timeout=PATIENCE,
                            json={"type": "add_points", "seat": 0, "points": 1})
                assert all(hears(lines, version, seconds=PATIENCE) for lines in phones), f"move {version} unheard"
                heard.append(time.monotonic() - started)
        flooding.join()
        answered = statuses(flood, seconds=60)
        # Every request was answered: the first 64 streams open, every other one refused.
        assert answered.count(200) == per_address, answered.count(200)
        assert answered.count(429) == 1000 - per_address
        # /healthz answered every probe, most of them at once; the other table's every move
        # reached all five phones (P8 and P10 measure how fast: this says "working").
        assert statistics.median(health) < 1.0, sorted(health)[-5:]
        assert len(heard) >= 4 and statistics.median(heard) < 2.0, heard
        # A new phone of the other table, while the flood's connections are all held, is served
        # and stays told across keepalives (its stream is not taken for gone).
        with requests.get(f"{server.url}/t/{token}/live", stream=True, timeout=PATIENCE) as late:
            assert late.status_code == 200
            lines = sse_lines(late)
            assert hears(lines, version, seconds=PATIENCE)
            # Two keepalive periods: the stream pings, and is not taken for gone.
            assert len(read_versions(lines, 2, seconds=PATIENCE)) == 2
            player.post(f"{server.url}/api/tables/{token}/actions", timeout=PATIENCE,
                        json={"type": "add_points", "seat": 0, "points": 1})
            assert hears(lines, version + 1, seconds=PATIENCE)
    finally:
        flooding.join(timeout=60)  # it may still be opening sockets when an assertion failed
        for sock in flood:
            sock.close()
        for stream in listening:
            stream.close()


@pytest.mark.slow
def test_a_table_takes_a_display_and_reloads_but_not_a_flood(server):
    # The run's shared server: the table is this test's own, and so are the addresses its streams come from.
    token = new_table(server)
    per_table = 32  # the default cap (LIVE_STREAMS_PER_TABLE)
    # Each from an address of its own (a phone each): only the table's cap is in play.
    socks = [open_stream(server, token, f"127.0.1.{n + 1}") for n in range(per_table + 8)]
    try:
        answered = statuses(socks)
        assert answered.count(200) == per_table
        assert answered.count(429) == 8
        refusal = requests.get(f"{server.url}/t/{token}/live", timeout=10)
        assert refusal.status_code == 429
        assert "checks the table every few seconds" in refusal.text
        assert refusal.headers["Retry-After"]
    finally:
        for sock in socks:
            sock.close()


@pytest.mark.slow
def test_a_phone_that_went_away_frees_its_place_within_a_keepalive_period(server_factory):
    # Without the look before each ping, a closed stream is noticed only when a write fails:
    # the first ping after the close still succeeds (the phone answers it with a reset), the
    # second fails, two keepalive periods on. The streams are closed just after they opened,
    # so the look comes one period on; halfway between leaves room for a loaded machine.
    keepalive = 3.0
    server = server_factory(SSE_KEEPALIVE_SECONDS=str(keepalive), LIVE_STREAMS_PER_ADDRESS="3")
    token = new_table(server)
    first = [open_stream(server, token, FLOODER) for _ in range(3)]
    try:
        assert statuses(first) == [200, 200, 200]
    except AssertionError:
        for sock in first:
            sock.close()
        raise
    for sock in first:  # the phones leave: their pages are closed
        sock.close()
    closed = time.monotonic()
    assert status_of_one(server, token, FLOODER) == 429
    while status_of_one(server, token, FLOODER) != 200:
        assert time.monotonic() - closed < 2 * keepalive + 1, "a closed stream kept its place"
        time.sleep(0.1)
    assert time.monotonic() - closed <= 1.5 * keepalive
