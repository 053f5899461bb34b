"""Crashes: the server is killed (-9, master and worker) in the middle of a burst of moves.

After a restart on the same database and address: every move that was acknowledged is in
the log exactly once, a move whose answer was lost can be sent again safely (its request id
makes it apply at most once), the stored state equals a replay of the log, and a phone's
live stream, reconnecting as EventSource does, is told the current version at once.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import Counter
from pathlib import Path

import pytest
import requests
from sqlalchemy import select

from companion import log
from companion.extensions import db
from companion.models import Event, Table
from tests.conftest import dispose, make_app

PHONES = 4
KILL_AFTER_ACKS = 40  # acknowledged moves before the kill: the burst is well under way
PLAYERS = [{"name": f"P{i}", "colour": c} for i, c in enumerate(["red", "blue", "green", "yellow"])]


def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (gunicorn's workers under its master)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # it ended while we looked
            continue
        # pid (comm) state ppid …; comm may hold spaces, so read after its closing parenthesis.
        if int(stat.rpartition(")")[2].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def kill_9(server) -> list[int]:
    """SIGKILL to the gunicorn master and every worker: no shutdown code runs anywhere."""
    master = server.process.pid
    victims = [master, *children_of(master)]
    assert len(victims) >= 2, "expected a gunicorn master and at least one worker"
    for pid in victims:
        os.kill(pid, signal.SIGKILL)
    server.process.wait(10)
    for pid in victims[1:]:  # workers are reaped by nobody we own: wait until they are gone
        deadline = time.monotonic() + 10
        while Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
    return victims


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return "X"


class Burst:
    """Phones tapping as fast as they can; each tap has a request id and lands in one of three bins."""

    def __init__(self, server, token: str) -> None:
        self.server, self.token = server, token
        self.phones = []
        for seat in range(PHONES):
            phone = requests.Session()
            assert phone.post(f"{server.url}/api/tables/{token}/seats/{seat}/claim", json={}, timeout=10).ok
            self.phones.append(phone)
        self.acked: dict[str, tuple[int, int]] = {}  # request id → (seat, points): the server said 200
        self.lost: dict[str, tuple[int, int]] = {}  # sent, but the answer never came (the crash)
        self.refused: list[str] = []  # any other answer: must not happen
        self.lock = threading.Lock()

    def tap(self, seat: int) -> None:
        for n in range(10_000):
            request_id, points = f"s{seat}-{n}", 1 + (seat * 7 + n) % 9
            try:
                response = self.phones[seat].post(
                    f"{self.server.url}/api/tables/{self.token}/actions", timeout=30,
                    json={"type": "add_points", "seat": seat, "points": points, "request_id": request_id})
            except requests.RequestException:
                with self.lock:
                    self.lost[request_id] = (seat, points)
                return
            with self.lock:
                if response.status_code == 200:
                    self.acked[request_id] = (seat, points)
                else:
                    self.refused.append(f"{response.status_code} {response.text}")

    def run_until_killed(self) -> list[int]:
        threads = [threading.Thread(target=self.tap, args=(seat,)) for seat in range(PHONES)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while len(self.acked) < KILL_AFTER_ACKS and time.monotonic() < deadline:
            time.sleep(0.005)
        victims = kill_9(self.server)
        for thread in threads:
            thread.join(60)
        return victims


class Listener(threading.Thread):
    """A phone's live stream: remembers the last event id, as EventSource does."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url, self.last_id, self.ended = url, None, False

    def run(self) -> None:
        try:
            with requests.get(self.url, stream=True, timeout=(5, 30)) as stream:
                for line in stream.iter_lines(chunk_size=1, decode_unicode=True):
                    if line and line.startswith("id: "):
                        self.last_id = int(line[4:])
        except requests.RequestException:
            pass  # the server died under it: what a phone sees too
        finally:
            self.ended = True


def first_version(url: str, last_event_id: int | None) -> int:
    headers = {"Last-Event-ID": str(last_event_id)} if last_event_id is not None else {}
    with requests.get(url, stream=True, timeout=(5, 10), headers=headers) as stream:
        for line in stream.iter_lines(chunk_size=1, decode_unicode=True):
            if line and line.startswith("data: "):
                return int(line[6:])
    raise AssertionError("the stream ended without an event")


def logged_request_ids(app, token: str) -> tuple[Counter, list[int], bool]:
    """(request id → how many events carry it, every version in the log, state == replay)."""
    with app.app_context():
        table = db.session.scalar(select(Table).where(Table.token == token))
        events = list(db.session.scalars(select(Event).where(Event.table_id == table.id)))
        same = log.replay(table) == table.state
        db.session.remove()
    return Counter(e.request_id for e in events), sorted(e.version for e in events), same


@pytest.mark.slow
@pytest.mark.waits  # for the killed server's restart
def test_a_kill_9_mid_burst_loses_no_acknowledged_move_and_phones_catch_up(server_factory, database_url,
                                                                         tmp_path):
    server = server_factory()
    host = requests.Session()
    token = host.post(f"{server.url}/api/tables", json={"game": "scorepad", "players": PLAYERS}, timeout=10).json()["token"]
    listener = Listener(f"{server.url}/t/{token}/live")
    listener.start()
    burst = Burst(server, token)

    victims = burst.run_until_killed()
    listener.join(30)

    assert burst.refused == []
    assert len(burst.acked) >= KILL_AFTER_ACKS and listener.ended
    print(f"killed {victims} with {len(burst.acked)} moves acknowledged and {len(burst.lost)} in flight")

    # Restarted where the phones left it: same database, same address.
    restarted = server_factory(port=server.port)
    app = make_app(database_url, tmp_path)
    try:
        counts, versions, same = logged_request_ids(app, token)
        assert all(counts[rid] == 1 for rid in burst.acked), "an acknowledged move is missing or doubled"
        assert all(counts[rid] <= 1 for rid in burst.lost)
        assert set(counts) <= set(burst.acked) | set(burst.lost)  # nothing invented
        assert versions == list(range(1, len(versions) + 1))  # no gap, no duplicate version
        assert same, "the stored state differs from a replay of the log"

        # The phones whose answer was lost send the same move again: applied at most once in all.
        for request_id, (seat, points) in burst.lost.items():
            again = burst.phones[seat].post(f"{restarted.url}/api/tables/{token}/actions", timeout=10, json={
                "type": "add_points", "seat": seat, "points": points, "request_id": request_id})
            assert again.status_code == 200, again.text
            assert again.json()["duplicate"] == (counts[request_id] == 1)
        print(f"{sum(counts[rid] for rid in burst.lost)} of the {len(burst.lost)} moves in flight had been recorded")
        counts, versions, same = logged_request_ids(app, token)
        assert all(counts[rid] == 1 for rid in {**burst.acked, **burst.lost})
        assert len(versions) == len(burst.acked) + len(burst.lost) and same

        # Play goes on; a phone's stream reconnecting with the last version it saw (Last-Event-ID,
        # as EventSource sends it) is told the current version at once, and its poll catches up too.
        moved = burst.phones[1].post(f"{restarted.url}/api/tables/{token}/actions", timeout=10,
                                     json={"type": "add_points", "seat": 1, "points": 5})
        current = moved.json()["version"]
        assert current == len(versions) + 1 and current > (listener.last_id or 0)
        assert first_version(f"{restarted.url}/t/{token}/live", listener.last_id) == current
        board = burst.phones[0].get(f"{restarted.url}/t/{token}/board?since={listener.last_id}", timeout=10)
        assert board.status_code == 200 and f'data-version="{current}"' in board.text

        # Totals agree with what the phones were told.
        expected = [0] * PHONES
        for seat, points in {**burst.acked, **burst.lost}.values():
            expected[seat] += points
        expected[1] += 5
        totals = [p["total"] for p in host.get(f"{restarted.url}/api/tables/{token}", timeout=10).json()["view"]["players"]]
        assert totals == expected
    finally:
        dispose(app)
