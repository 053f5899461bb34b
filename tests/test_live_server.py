"""Against a real server started as the Procfile says: concurrent phones, live updates."""

from __future__ import annotations

import time

import pytest
import requests

from tests.helpers import points_at_once

PLAYERS = [{"name": f"P{i}", "colour": c} for i, c in
           enumerate(["red", "blue", "green", "yellow", "purple", "black", "white", "orange"])]


def start(server, players=PLAYERS):
    host = requests.Session()
    table = host.post(f"{server.url}/api/tables", json={"game": "scorepad", "players": players}, timeout=10).json()
    return host, table["token"]


def seated_phone(server, token, seat):
    phone = requests.Session()
    assert phone.post(f"{server.url}/api/tables/{token}/seats/{seat}/claim", json={}, timeout=10).status_code == 200
    return phone


@pytest.mark.slow
def test_eight_phones_fifty_taps_each_all_400_recorded_exactly_once(server):
    host, token = start(server)
    phones = [seated_phone(server, token, seat) for seat in range(8)]
    failures = points_at_once(phones, token, 50, lambda seat, n: server.url)
    assert failures == []
    table = host.get(f"{server.url}/api/tables/{token}", timeout=10).json()
    assert table["version"] == 400
    assert [p["total"] for p in table["view"]["players"]] == [50 * (seat + 1) for seat in range(8)]
    events = host.get(f"{server.url}/api/tables/{token}/history", timeout=10).json()["events"]
    assert sorted(e["version"] for e in events) == list(range(1, 401))


def sse_lines(response):
    """The stream's lines as they arrive (chunk_size=1: no waiting for a buffer to fill)."""
    return response.iter_lines(chunk_size=1, decode_unicode=True)


def read_versions(lines, count: int, seconds: float = 10) -> list[int]:
    versions: list[int] = []
    deadline = time.monotonic() + seconds
    for line in lines:
        if line and line.startswith("data: "):
            versions.append(int(line[6:]))
            if len(versions) >= count:
                break
        if time.monotonic() > deadline:
            break
    return versions


def test_a_phone_listening_hears_of_a_change_within_a_second(server):
    host, token = start(server, PLAYERS[:2])
    phone = seated_phone(server, token, 1)
    with requests.get(f"{server.url}/t/{token}/live", stream=True, timeout=10) as stream:
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        lines = sse_lines(stream)
        assert read_versions(lines, 1) == [0]
        started = time.monotonic()
        phone.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": 2},
                   timeout=10)
        assert read_versions(lines, 1) == [1]
        assert time.monotonic() - started < 1.0


def test_the_stream_carries_versions_only_never_game_data(server):
    host, token = start(server, PLAYERS[:2])
    writer = seated_phone(server, token, 0)
    with requests.get(f"{server.url}/t/{token}/live", stream=True, timeout=10) as stream:
        writer.post(f"{server.url}/api/tables/{token}/actions", json={"type": "write_secret", "points": 86421},
                    timeout=10)
        chunks = []
        for line in sse_lines(stream):
            chunks.append(line)
            if line.startswith("data: 1"):
                break
    assert "86421" not in "\n".join(chunks)


def test_a_quiet_stream_pings_with_the_current_version_so_the_phone_knows_it_is_alive(shared_server):
    server = shared_server(SSE_KEEPALIVE_SECONDS="1", POLL_SECONDS="1")  # the live browser tests' server
    host, token = start(server, PLAYERS[:2])
    phone = seated_phone(server, token, 0)
    phone.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 0, "points": 2},
               timeout=10)
    with requests.get(f"{server.url}/t/{token}/live", stream=True, timeout=10) as stream:
        lines = sse_lines(stream)
        events = []
        for line in lines:
            if line.startswith("event: "):
                events.append(line[7:])
            elif line.startswith("data: "):
                events[-1] += f" {line[6:]}"
                if len(events) == 3:
                    break
    # What the phone heard on connecting, then nothing but "still here, still at version 1".
    assert events == ["version 1", "ping 1", "ping 1"]
