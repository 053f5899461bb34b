"""Companion's benchmark: starts the app as the Procfile says, on loopback, and measures it.

    .venv/bin/python bench/run.py            # the full run (about five minutes)
    .venv/bin/python bench/run.py --smoke    # smaller numbers, the same goals (about two minutes)
    .venv/bin/python bench/run.py --check    # the least that measures every figure (the test suite's)
    .venv/bin/python bench/run.py --database-url postgresql://user:pass@127.0.0.1/companion_bench

Every figure is a ratio of two things measured in this run, on this machine, against the
same server, with the absolute numbers beside it (P4 and P5 are budgets: their ratio is
only context). The exit status is 1 when a goal is missed, 2 when the run itself failed.

- P1  an action's round trip through the htmx form (POST /t/<token>/act with the page's
      CSRF token → recorded → the fresh board fragment back), ÷ the same form posted by the
      same phone (its cookies, its connection) to a bare route on the same server (POST
      /healthz: no database, no template).
- P2  the same action on a table whose log has 2,000 events ÷ on tables with 10.
- P3  50 tables × 5 phones on live streams, every table making a move every 20 s or so (a
      busy club evening: 2.5 moves a second) and every other phone then fetching its board,
      as htmx does (the tapping phone's board is its move's answer): p95 time from a move to every phone of that table hearing of it ÷ the same
      with one table alone making as many moves a second; and no stream may drop.
- P4  bytes on the wire for a player's first page load, compressed, with every file it
      references (htmx, its SSE extension, app.js, CSS, manifest, icons).
- P5  resident memory of the server's largest process (a gunicorn worker) with 50 active tables,
      every process together (master and workers) beside it.
- P7  a club night on one process: 200 tables × 5 phones (1,000 live streams) at P3's pace per
      table (10 moves a second in all): p95 move → every phone told ÷ one table alone making as
      many moves a second; no stream dropped, no move unheard; the server's peak memory (with
      --workers above 1, per process, as P5).
- P8  a stream flood: while P3's 50 tables play, one address opens 1,000 live streams at once
      and holds them: /healthz p95 (a fresh connection every 0.1 s, as a load balancer probes)
      and the tables' P3 p95 ÷ the same with the tables playing and no flood.

- P10 nothing one visitor does stops the tables: a bystander table's phone taps a move every
      0.1 s and /healthz is probed on a fresh connection every 0.1 s, first in quiet, then during
      each attack from an address of its own: a flood of half-sent requests (more than the
      process holds), a flood of live streams on the bystander's own table, and failed seat
      claims on it as fast as one client sends them. p95 of each ÷ its quiet p95; afterwards the
      attacker's address still takes a free seat.

- P9  tap to paint: four phones in Chromium (Debian's, driven by Playwright) at a score-pad
      table, each adding its own points in turn; each tap times one phone with its CPU slowed 4×
      (the DevTools protocol's Emulation.setCPUThrottlingRate: a mid-range phone; one at a time,
      as BrowserPhone.slow_down says why), in turn the tapping phone and one of the other three: p95 from a
      tap (the finger's lift) to the tapping phone showing its new total (at once: the Add form
      says what it adds to), and to every other phone's new board painted (the slowest of three
      independent phones: the 98.3rd percentile of one's times); beside the first, the tap → the
      move's answer back and → the server's board painted. Absolute goals: 0.1 s feels instant,
      1 s keeps the table's flow. Skipped, with a message, where Chromium or Playwright is absent.

Every phone's stream comes from an address of its own (loopback is all of 127/8), as phones on
a club's Wi-Fi do; the flood comes from 127.0.0.2. The per-address cap on live streams
(LIVE_STREAMS_PER_ADDRESS) is thus the default one throughout.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import multiprocessing
import os
import platform
import random
import re
import resource
import secrets
import selectors
import socket
import statistics
import sys
import tempfile
import threading
import time
from abc import ABC, abstractmethod
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import requests  # noqa: E402
from requests.adapters import HTTPAdapter  # noqa: E402
from urllib3.util.retry import Retry  # noqa: E402

from launcher import Server, release, rss_bytes  # noqa: E402

COLOURS = ["red", "blue", "green", "yellow", "purple", "black", "white", "orange"]
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
BOARD_VERSION = re.compile(r'id="board" data-version="(\d+)"')
ASSETS = re.compile(r'<(?:link|script|use)\b[^>]*?\b(?:href|src)="([^"#]+)')  # an icon <use> fetches the sprite
BROWSER_ENCODINGS = "gzip, deflate, br, zstd"  # what a current phone browser sends
KB, MB = 1000, 1000 * 1000
# P3 takes turns: one table alone, then all of them, this many times.
ROUNDS = 3


@dataclass(frozen=True)
class Sizes:
    samples: int           # P1, P2: timed actions on each side
    history: int           # P2: events in the long log
    short_history: int     # P2: events in the short logs
    tables: int            # P3, P5
    phones: int            # P3: phones (and players) per table
    think: float           # P3: mean seconds between two moves at one table, all tables playing
    baseline_moves: int    # P3: moves timed with one table alone (as many a second as all tables make)
    loaded_seconds: float  # P3: how long all tables play
    club_tables: int       # P7: tables on one process
    club_baseline_moves: int  # P7: moves timed with one table alone
    club_seconds: float    # P7: how long all of them play
    flood: int             # P8: streams one address opens at once
    flood_seconds: float   # P8: how long the tables play, without and then with the flood
    paint_taps: int = 40   # P9: taps timed, the four phones in turn
    paint_browsers: int = 4  # P9: one Chromium per phone (BrowserPhone), or one for all (quicker to start)
    visitors: int = 2000   # P10: half-sent requests (and live streams) one address opens
    visitor_seconds: float = 8.0  # P10: how long the quiet part and each attack last


FULL = Sizes(samples=400, history=2000, short_history=10, tables=50, phones=5, think=20.0,
             baseline_moves=225, loaded_seconds=90, club_tables=200, club_baseline_moves=300, club_seconds=60,
             flood=1000, flood_seconds=40, paint_taps=60, visitors=3000, visitor_seconds=15)
SMOKE = Sizes(samples=100, history=500, short_history=10, tables=50, phones=5, think=20.0,
              baseline_moves=36, loaded_seconds=30, club_tables=200, club_baseline_moves=60, club_seconds=20,
              flood=1000, flood_seconds=15, paint_taps=32, visitors=2000, visitor_seconds=8)
# The test suite's run (tests/test_scale.py): every figure measured and reported, in seconds rather
# than minutes. Few samples make its ratios rough; its verdict is not a benchmark's. Its tables play
# at twice the think rate for about half as long (P3 still times about ten moves each side, P7 twenty,
# P8 five), and each of P10's attacks lasts half a second (five probes and five moves). P9 times 2
# taps, one of each kind, with the four phones in one Chromium (four take seconds more to start).
CHECK = Sizes(samples=30, history=100, short_history=10, tables=10, phones=5, think=2.0,
              baseline_moves=9, loaded_seconds=2, club_tables=20, club_baseline_moves=8, club_seconds=2,
              flood=200, flood_seconds=1, paint_taps=2, paint_browsers=1, visitors=300, visitor_seconds=0.5)
FLOODER = "127.0.0.2"


class BenchError(Exception):
    """The run could not measure what it set out to (a refused request, a dead server)."""


@dataclass
class Figure:
    name: str
    measured: str
    baseline: str
    ratio: float | None
    goal: str
    passed: bool


# --- phones ---------------------------------------------------------------------------------

HTMX_HEADERS = {"HX-Request": "true", "HX-Target": "board"}


def expect(response: requests.Response, status: int = 200) -> requests.Response:
    if response.status_code != status:
        raise BenchError(f"{response.request.method} {response.url}: {response.status_code} {response.text[:300]}")
    return response


def new_table(url: str, host: requests.Session, players: int) -> str:
    response = host.post(f"{url}/api/tables", timeout=30, json={
        "game": "scorepad", "players": [{"name": f"P{i + 1}", "colour": COLOURS[i]} for i in range(players)]})
    return expect(response, 201).json()["token"]


def api_moves(url: str, host: requests.Session, token: str, count: int, players: int) -> None:
    """Plays ``count`` moves through the JSON API (the host may act for any seat)."""
    for n in range(count):
        expect(host.post(f"{url}/api/tables/{token}/actions", timeout=30,
                         json={"type": "add_points", "seat": n % players, "points": 1}))


class FromAddress(HTTPAdapter):
    """Connections from one loopback address: a phone's own, as on a club's Wi-Fi (the server
    caps connections per address, slow_clients.py)."""

    def __init__(self, source: str, **kwargs: object) -> None:
        self.source = source
        super().__init__(**kwargs)

    def init_poolmanager(self, *args: object, **kwargs: object) -> None:
        super().init_poolmanager(*args, source_address=(self.source, 0), **kwargs)


_phones_made = itertools.count()


class Phone:
    """A phone at a table: its own cookies (device, session), its seat, the page it shows, its
    own address (127.2.x.y)."""

    def __init__(self, url: str, token: str, seat: int) -> None:
        self.url, self.token, self.seat = url, token, seat
        self.http = requests.Session()
        # A phone idle longer than the server's keep-alive finds its connection closed, and a
        # browser then sends again on a new one; so does this phone (a move carries its
        # request_id: sent twice, it is applied once).
        number = next(_phones_made)
        self.http.mount("http://", FromAddress(f"127.2.{number // 250}.{number % 250 + 1}",
                                               max_retries=Retry(total=2, connect=2, read=1, status=0,
                                                                 allowed_methods=None)))
        expect(self.http.post(f"{url}/api/tables/{token}/seats/{seat}/claim", json={}, timeout=30))
        page = expect(self.http.get(f"{url}/t/{token}", timeout=30)).text
        self.csrf = CSRF.search(page).group(1)
        self.version = int(BOARD_VERSION.search(page).group(1))
        self.fetching = threading.Lock()
        self.acting = False
        self.announced = self.version

    def act(self, **fields: object) -> float:
        """Taps a move's button (the htmx form); seconds until the new board was read."""
        form = {"csrf_token": self.csrf, "version": str(self.version), "request_id": secrets.token_urlsafe(12),
                **{key: str(value) for key, value in fields.items()}}
        started = time.perf_counter()
        self.acting = True
        try:
            response = self.http.post(f"{self.url}/t/{self.token}/act", data=form, headers=HTMX_HEADERS,
                                      timeout=30)
            body = response.text
        finally:
            self.acting = False
        elapsed = time.perf_counter() - started
        expect(response)
        self.version = max(self.version, int(BOARD_VERSION.search(body).group(1)))
        return elapsed

    def caught_up(self) -> bool:
        """What app.js asks after each request: is the board as new as the last announcement?"""
        return self.version >= self.announced

    def refresh_board(self) -> None:
        """What the board does when its stream announces a version: fetch it unless unchanged.
        While this phone's own move is on its way, htmx holds the refresh back (the move's form
        syncs on the board) and app.js fetches afterwards only if the table moved on since."""
        if self.acting or not self.fetching.acquire(blocking=False):
            return  # a move or a refresh is already on its way, as htmx would have it
        try:
            response = self.http.get(f"{self.url}/t/{self.token}/board", params={"since": self.version},
                                     headers=HTMX_HEADERS, timeout=30)
            if response.status_code == 200:
                self.version = max(self.version, int(BOARD_VERSION.search(response.text).group(1)))
            elif response.status_code != 204:
                expect(response)
        finally:
            self.fetching.release()


def p95(values: list[float]) -> float:
    return quantile(values, 0.95)


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values``, interpolated between the two nearest (a single value: itself)."""
    ordered = sorted(values)
    place = q * (len(ordered) - 1)
    low = int(place)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (place - low)


def ms(value: float) -> str:
    return f"{value * 1000:.1f} ms"


# --- P1 and P2 ----------------------------------------------------------------------------------

def measure_round_trip(url: str, sizes: Sizes) -> list[Figure]:
    host = requests.Session()
    token = new_table(url, host, 5)
    phone = Phone(url, token, 0)

    def bare(method: str) -> float:
        """The same form post (or a plain GET) to a route that does nothing: /healthz. Sent by the
        same phone, as every request of that phone is: with its cookies (which its client sends
        and the server reads on any request), on its own connection."""
        form = {"csrf_token": phone.csrf, "version": str(phone.version), "request_id": secrets.token_urlsafe(12),
                "type": "add_points", "seat": "0", "points": "1"} if method == "POST" else None
        started = time.perf_counter()
        response = phone.http.request(method, f"{url}/healthz", data=form, headers=HTMX_HEADERS, timeout=30)
        body = response.text
        elapsed = time.perf_counter() - started
        if body != "ok":
            raise BenchError(f"/healthz said {response.status_code} {body[:100]}")
        return elapsed

    def act(n: int) -> float:
        return phone.act(type="add_points", seat=0, points=1)  # a player enters their own points

    for n in range(20):  # warm up: templates compiled, connections open, caches filled
        act(n), bare("POST"), bare("GET")
    actions: list[float] = []
    posts: list[float] = []
    gets: list[float] = []
    kinds = [(actions, act), (posts, lambda n: bare("POST")), (gets, lambda n: bare("GET"))]
    for n in range(sizes.samples):  # interleaved, each kind first in turn: drift touches all alike
        for samples, measure in kinds[n % 3:] + kinds[:n % 3]:
            samples.append(measure(n))
    figures = []
    for name, stat in (("median", statistics.median), ("p95", p95)):
        ratio = stat(actions) / stat(posts)
        figures.append(Figure(f"P1 action round trip, {name}", ms(stat(actions)),
                              f"{ms(stat(posts))} bare POST (GET {ms(stat(gets))})", ratio, "≤ 3", ratio <= 3))
    return figures


def measure_long_log(url: str, sizes: Sizes) -> list[Figure]:
    host = requests.Session()
    long_token = new_table(url, host, 5)
    api_moves(url, host, long_token, sizes.history, 5)
    # Several short tables, each timed a few times, so that "10 events" stays near 10.
    per_short_table = 20
    shorts: list[Phone] = []
    for _ in range(-(-sizes.samples // per_short_table)):
        token = new_table(url, host, 5)
        api_moves(url, host, token, sizes.short_history, 5)
        shorts.append(Phone(url, token, 0))
    long_phone = Phone(url, long_token, 0)
    for n in range(20):  # warm up on the long table only: the short ones keep their length
        long_phone.act(type="add_points", seat=0, points=1)
    longs, short_times = [], []
    for n in range(sizes.samples):
        short = shorts[n // per_short_table]
        if n % 2:
            longs.append(long_phone.act(type="add_points", seat=0, points=1))
            short_times.append(short.act(type="add_points", seat=0, points=1))
        else:
            short_times.append(short.act(type="add_points", seat=0, points=1))
            longs.append(long_phone.act(type="add_points", seat=0, points=1))
    ratio = statistics.median(longs) / statistics.median(short_times)
    return [Figure(f"P2 action on a {sizes.history:,}-event log, median", ms(statistics.median(longs)),
                   f"{ms(statistics.median(short_times))} at {sizes.short_history}", ratio, "≤ 1.2", ratio <= 1.2)]


# --- P3 and P5: many tables, many live streams ---------------------------------------------------

@dataclass
class Stream:
    """One phone's Server-Sent Events stream, read by the Streams loop."""

    table: LiveTable
    phone: Phone
    sock: socket.socket
    buffer: bytes = b""
    in_body: bool = False
    latest: int = -1
    refused: str = ""
    heard_at: dict[int, float] = field(default_factory=dict)
    closed: bool = False   # the connection ended
    retired: bool = False  # ... because the benchmark hung up (between rounds): not a drop


class LiveTable:
    """A table whose phones all listen; its driver plays a move and waits until all heard it."""

    def __init__(self, url: str, host: requests.Session, phones: int) -> None:
        self.token = new_table(url, host, phones)
        self.phones = [Phone(url, self.token, seat) for seat in range(phones)]
        self.streams: list[Stream] = []
        self.heard = threading.Condition()
        self.latencies: list[float] = []
        self.missed = 0

    def wait_all_heard(self, version: int, timeout: float) -> float | None:
        """When the last phone heard of ``version`` (or later); None if one did not in time."""
        def everyone() -> bool:
            return all(s.latest >= version or s.closed for s in self.streams)

        with self.heard:
            if not self.heard.wait_for(everyone, timeout) or any(s.closed for s in self.streams):
                return None
            return max(min(t for v, t in s.heard_at.items() if v >= version) for s in self.streams)

    def play(self, think: float, moves: int | None, until: float | None, rng: random.Random) -> list[float]:
        """Moves at a table's pace (``think`` seconds on average); each one's time until the
        last phone heard of it."""
        latencies: list[float] = []
        done = 0
        while moves is None or done < moves:
            # The tables are mid-game: the first move comes anywhere within one pause.
            pause = rng.uniform(0, think) if done == 0 else rng.uniform(0.5, 1.5) * think
            next_move = time.monotonic() + pause
            if until is not None and next_move >= until:
                break
            time.sleep(next_move - time.monotonic())
            phone = self.phones[done % len(self.phones)]
            started = time.perf_counter()
            phone.act(type="add_points", seat=phone.seat, points=1)
            heard = self.wait_all_heard(phone.version, timeout=10)
            if not phone.caught_up():  # another move landed while this one was on its way
                phone.refresh_board()
            if heard is None:
                self.missed += 1
            else:
                latencies.append(heard - started)
            done += 1
        return latencies


class Streams:
    """Every live stream, read by one thread over ``selectors``: a phone's arrival time is taken
    when its bytes arrive, not when one of 250 client threads next gets the interpreter."""

    def __init__(self, port: int, board_refresh: ThreadPoolExecutor) -> None:
        self.port = port
        self.opened = 0  # streams opened so far: each comes from an address of its own
        self.selector = selectors.DefaultSelector()
        self.refresh = board_refresh
        self.stopping = False
        self.all: list[Stream] = []
        self.thread = threading.Thread(target=self._loop, name="streams", daemon=True)
        self.thread.start()

    def open(self, tables: list[LiveTable]) -> None:
        """Every phone of these tables opens its live stream, as its page does."""
        for table in tables:
            streams = []
            for phone in table.phones:
                sock = socket.create_connection(("127.0.0.1", self.port), timeout=10,
                                                source_address=(phone_address(self.opened), 0))
                self.opened += 1
                cookies = "; ".join(f"{k}={v}" for k, v in phone.http.cookies.items())
                sock.sendall((f"GET /t/{table.token}/live HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                              f"Accept: text/event-stream\r\nCookie: {cookies}\r\n\r\n").encode())
                sock.setblocking(False)
                streams.append(Stream(table, phone, sock))
            with table.heard:
                table.streams = streams
            self.all += streams
            for stream in streams:
                self.selector.register(stream.sock, selectors.EVENT_READ, stream)
        # Connected means: the stream said which version the table is at.
        deadline = time.monotonic() + 60
        for table in tables:
            with table.heard:
                if not table.heard.wait_for(lambda: all(s.latest >= 0 or s.closed for s in table.streams),
                                            max(deadline - time.monotonic(), 0.1)) \
                        or any(s.closed for s in table.streams):
                    refused = [s.refused for s in table.streams if s.refused]
                    raise BenchError(f"a live stream did not connect {refused}")

    def hang_up(self, tables: list[LiveTable]) -> None:
        """These tables' phones leave (their streams end, on purpose)."""
        for table in tables:
            with table.heard:
                for stream in table.streams:
                    stream.retired = True
                    stream.sock.shutdown(socket.SHUT_RDWR)
                table.streams = []

    def dropped(self, tables: list[LiveTable]) -> int:
        """Streams that ended unasked, or are behind their table."""
        finals = {table.token: max(phone.version for phone in table.phones) for table in tables}
        return sum(1 for s in self.all if not s.retired and s.table.token in finals
                   and (s.closed or s.latest < finals[s.table.token]))

    def _loop(self) -> None:
        while not self.stopping:
            for key, _ in self.selector.select(timeout=0.2):
                stream: Stream = key.data
                try:
                    data = stream.sock.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    self.selector.unregister(stream.sock)
                    with stream.table.heard:
                        stream.closed = True
                        stream.table.heard.notify_all()
                    continue
                self._read(stream, data, time.perf_counter())

    def _read(self, stream: Stream, data: bytes, now: float) -> None:
        stream.buffer += data
        *lines, stream.buffer = stream.buffer.split(b"\n")
        newest = None
        announced = False  # a "version" event (htmx fetches the board), not only a "ping"
        for raw in lines:
            line = raw.rstrip(b"\r")
            if not stream.in_body:
                if line.startswith(b"HTTP/") and b" 200 " not in line:
                    stream.refused = line.decode(errors="replace")
                stream.in_body = line == b""
                continue
            # Chunk-size lines of HTTP/1.1 chunked encoding sit between events; they never
            # start with "event: " or "data: ", so reading lines is enough.
            if line == b"event: version":
                announced = True
            elif line.startswith(b"data: "):
                newest = int(line[6:])
        if newest is None:
            return
        with stream.table.heard:
            stream.heard_at.setdefault(newest, now)
            stream.latest = max(stream.latest, newest)
            stream.table.heard.notify_all()
        stream.phone.announced = max(stream.phone.announced, newest)
        # A ping fetches the board only if the board is behind it (app.js's catch-up).
        if (announced and newest > 0 or not stream.phone.caught_up()) and not stream.retired:
            self.refresh.submit(stream.phone.refresh_board)

    def close(self) -> None:
        self.stopping = True
        self.thread.join(5)
        for stream in self.all:
            stream.sock.close()


def phone_address(n: int) -> str:
    """The n-th phone's address: 127.1.0.1, 127.1.0.2, … (a phone on a club's Wi-Fi)."""
    return f"127.1.{n // 250}.{n % 250 + 1}"


def new_live_tables(url: str, count: int, phones: int) -> list[LiveTable]:
    """Tables with their phones seated, set up a few at a time."""
    with ThreadPoolExecutor(max_workers=8) as pool:
        return list(pool.map(lambda _: LiveTable(url, requests.Session(), phones), range(count)))


def process_rss(server: Server) -> list[int]:
    """The resident memory of each of the server's processes: the gunicorn master, each worker."""
    return [rss_bytes(pid) for pid in server.pids()]


class EveryWhile(ABC):
    """Calls ``sample`` every ``period`` seconds in a thread of its own while used as a context
    (and once more at its end): the run's background measurements."""

    period = 0.5

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)

    @abstractmethod
    def sample(self) -> None:
        """One measurement: each kind says what it samples."""

    def _loop(self) -> None:
        while not self.stop.wait(self.period):
            self.sample()

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()
        self.sample()


class PeakMemory(EveryWhile):
    """The server's resident memory, twice a second: the peak of all its processes together
    (``peak``) and of the largest one (``largest``)."""

    def __init__(self, server: Server) -> None:
        super().__init__()
        self.server, self.peak, self.largest = server, 0, 0
        self.sample()

    def sample(self) -> None:
        each = process_rss(self.server)
        self.peak, self.largest = max(self.peak, sum(each)), max(self.largest, max(each))


def play_tables(tables: list[LiveTable], think: float, *, moves: int | None = None,
                seconds: float | None = None) -> list[float]:
    """Every table plays at once, each on its own thread; all their moves' latencies."""
    until = time.monotonic() + seconds if seconds is not None else None
    latencies: list[float] = []
    errors: list[BaseException] = []

    def drive(table: LiveTable, seed: int) -> None:
        try:
            latencies.extend(table.play(think, moves, until, random.Random(seed)))
        except BaseException as error:  # noqa: BLE001 — reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=drive, args=(table, seed)) for seed, table in enumerate(tables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return latencies


def measure_many_tables(url: str, server: Server, sizes: Sizes) -> list[Figure]:
    """One table alone, then every table, in turns (ROUNDS of each), so that whatever else the
    machine is doing weighs on both sides alike."""
    idle = process_rss(server)
    host = requests.Session()
    tables = [LiveTable(url, host, sizes.phones) for _ in range(sizes.tables)]
    first, others = tables[:1], tables[1:]
    refresh = ThreadPoolExecutor(max_workers=16, thread_name_prefix="board")
    streams = Streams(server.port, refresh)
    alone: list[float] = []
    loaded: list[float] = []
    memory = PeakMemory(server)
    try:
        streams.open(first)
        for round_ in range(ROUNDS):
            # One table alone: only its own phones listen.
            # ... as many moves a second as all the tables make together: the same work for the
            # server, from one table instead of fifty.
            alone += play_tables(first, sizes.think / sizes.tables, moves=-(-sizes.baseline_moves // ROUNDS))
            # Every table: every phone listens, every table plays.
            streams.open(others)
            if round_ == 0:  # later rounds also carry what streams hung up before left behind
                with memory:
                    loaded += play_tables(tables, sizes.think, seconds=sizes.loaded_seconds / ROUNDS)
            else:
                loaded += play_tables(tables, sizes.think, seconds=sizes.loaded_seconds / ROUNDS)
            time.sleep(0.5)  # the last announcements settle
            dropped = streams.dropped(tables)
            if dropped:
                break
            streams.hang_up(others)
        missed = sum(table.missed for table in tables)
    finally:
        streams.close()
        refresh.shutdown(wait=True)
    total = sizes.tables * sizes.phones
    if len(alone) < 2 or len(loaded) < 2:
        raise BenchError("too few moves were heard to measure P3")
    ratio = p95(loaded) / p95(alone)
    return [
        Figure(f"P3 move → all phones told, p95 ({sizes.tables} tables)",
               f"{ms(p95(loaded))} (median {ms(statistics.median(loaded))}, n={len(loaded)})",
               f"{ms(p95(alone))} 1 table (median {ms(statistics.median(alone))}, n={len(alone)})",
               ratio, "≤ 2", ratio <= 2),
        Figure(f"P3 streams dropped / moves unheard ({total} streams)", f"{dropped} / {missed}", "", None, "0 / 0",
               dropped == 0 and missed == 0),
        # Per process: the largest one (a worker), with every process together beside it (the
        # gunicorn master and each worker: what the machine needs for the server).
        Figure(f"P5 server memory (RSS, {sizes.tables} active tables), largest process",
               f"{memory.largest / MB:.1f} MB ({len(idle)} processes: {memory.peak / MB:.1f} MB)",
               f"{max(idle) / MB:.1f} MB idle ({sum(idle) / MB:.1f} MB)", memory.largest / max(idle),
               "≤ 150 MB per process", memory.largest <= 150 * MB),
    ]


# --- P7 and P8: a club on one process, and a stream flood -------------------------------------

def measure_club(url: str, server: Server, sizes: Sizes) -> list[Figure]:
    """One table alone, then all the club's tables: one turn each (1,000 phones take a while to
    seat; P3 already shows the turns agree)."""
    idle = process_rss(server)
    tables = new_live_tables(url, sizes.club_tables, sizes.phones)
    first, others = tables[:1], tables[1:]
    refresh = ThreadPoolExecutor(max_workers=16, thread_name_prefix="board")
    streams = Streams(server.port, refresh)
    try:
        streams.open(first)
        alone = play_tables(first, sizes.think / sizes.club_tables, moves=sizes.club_baseline_moves)
        with PeakMemory(server) as memory:
            streams.open(others)
            loaded = play_tables(tables, sizes.think, seconds=sizes.club_seconds)
            time.sleep(0.5)  # the last announcements settle
        dropped = streams.dropped(tables)
        missed = sum(table.missed for table in tables)
    finally:
        streams.close()
        refresh.shutdown(wait=True)
    if len(alone) < 2 or len(loaded) < 2:
        raise BenchError("too few moves were heard to measure P7")
    total = sizes.club_tables * sizes.phones
    ratio = p95(loaded) / p95(alone)
    return [
        Figure(f"P7 move → all phones told, p95 ({sizes.club_tables} tables, "
               f"{'one process' if len(idle) <= 2 else f'{len(idle) - 1} worker processes'})",
               f"{ms(p95(loaded))} (median {ms(statistics.median(loaded))}, n={len(loaded)})",
               f"{ms(p95(alone))} 1 table (median {ms(statistics.median(alone))}, n={len(alone)})",
               ratio, "≤ 2", ratio <= 2),
        Figure(f"P7 streams dropped / moves unheard ({total:,} streams)", f"{dropped} / {missed}", "", None,
               "0 / 0", dropped == 0 and missed == 0),
        club_memory(memory, idle, total),
    ]


def club_memory(memory: PeakMemory, idle: list[int], phones: int) -> Figure:
    """P7's memory: the server's (its master and its one worker) on the Procfile's one process;
    per process (the largest, as P5) when the run has several workers: the goal is what one
    process needs to hold a club, and there each holds part of it."""
    if len(idle) <= 2:
        return Figure(f"P7 server memory (RSS, {phones:,} live phones)", f"{memory.peak / MB:.1f} MB",
                      f"{sum(idle) / MB:.1f} MB idle", memory.peak / sum(idle), "≤ 200 MB", memory.peak <= 200 * MB)
    return Figure(f"P7 server memory (RSS, {phones:,} live phones), largest process",
                  f"{memory.largest / MB:.1f} MB ({len(idle)} processes: {memory.peak / MB:.1f} MB)",
                  f"{max(idle) / MB:.1f} MB idle ({sum(idle) / MB:.1f} MB)", memory.largest / max(idle),
                  "≤ 200 MB per process", memory.largest <= 200 * MB)


class HealthProbe(EveryWhile):
    """GET /healthz every 0.1 s on a fresh connection, as a load balancer probes; the times."""

    period = 0.1

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url, self.times = url, []

    def sample(self) -> None:
        started = time.perf_counter()
        response = requests.get(f"{self.url}/healthz", timeout=30)
        self.times.append(time.perf_counter() - started)
        if response.text != "ok":
            raise BenchError(f"/healthz said {response.status_code}")


def flood(port: int, token: str, count: int) -> list[socket.socket]:
    """One address opens ``count`` live streams as fast as it can, and keeps them open."""
    socks = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(FLOODER, 0))
        sock.sendall(f"GET /t/{token}/live HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
                     .encode())
        socks.append(sock)
    return socks


def answers(socks: list[socket.socket], seconds: float = 30) -> dict[int, int]:
    """How many of these requests were answered with each status (0: not answered in time)."""
    statuses: dict[int, int] = {}
    deadline = time.monotonic() + seconds
    for sock in socks:
        sock.settimeout(max(deadline - time.monotonic(), 0.01))
        try:
            head = sock.recv(64)
        except OSError:
            head = b""
        status = int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/") else 0
        statuses[status] = statuses.get(status, 0) + 1
    return statuses


def measure_flood(url: str, server: Server, sizes: Sizes) -> list[Figure]:
    """P3's tables play, first alone, then while one address floods the server with streams."""
    tables = new_live_tables(url, sizes.tables, sizes.phones)
    flooders_table = new_table(url, requests.Session(), 2)
    refresh = ThreadPoolExecutor(max_workers=16, thread_name_prefix="board")
    streams = Streams(server.port, refresh)
    held: list[socket.socket] = []
    try:
        streams.open(tables)
        with HealthProbe(url) as quiet_health:
            quiet = play_tables(tables, sizes.think, seconds=sizes.flood_seconds)
        with HealthProbe(url) as flood_health:
            flooding = threading.Thread(target=lambda: held.extend(flood(server.port, flooders_table, sizes.flood)))
            flooding.start()
            flooded = play_tables(tables, sizes.think, seconds=sizes.flood_seconds)
            flooding.join()
        told = answers(held)
        time.sleep(0.5)
        dropped = streams.dropped(tables)
        missed = sum(table.missed for table in tables)
    finally:
        for sock in held:
            sock.close()
        streams.close()
        refresh.shutdown(wait=True)
    if min(len(quiet), len(flooded), len(quiet_health.times), len(flood_health.times)) < 2:
        raise BenchError("too few samples to measure P8")
    health_ratio = p95(flood_health.times) / p95(quiet_health.times)
    play_ratio = p95(flooded) / p95(quiet)
    refused = told.get(429, 0)
    admitted = told.get(200, 0)
    return [
        Figure(f"P8 /healthz p95 during a flood of {sizes.flood:,} streams",
               f"{ms(p95(flood_health.times))} (n={len(flood_health.times)})",
               f"{ms(p95(quiet_health.times))} no flood (n={len(quiet_health.times)})",
               health_ratio, "≤ 2", health_ratio <= 2),
        Figure(f"P8 P3's move → all phones told, p95, during the flood",
               f"{ms(p95(flooded))} (n={len(flooded)})", f"{ms(p95(quiet))} no flood (n={len(quiet)})",
               play_ratio, "≤ 2", play_ratio <= 2),
        Figure("P8 flood answered: streams admitted / refused (429) / unanswered; dropped / unheard",
               f"{admitted} / {refused} / {sizes.flood - admitted - refused}; {dropped} / {missed}", "", None,
               "all answered; 0 / 0",
               admitted + refused == sizes.flood and refused > 0 and dropped == 0 and missed == 0),
    ]


# --- P10: one visitor's attacks, and a bystander table ----------------------------------------------

SLOW_VISITOR, STREAM_VISITOR, CLAIM_VISITOR = "127.0.0.3", "127.0.0.4", "127.0.0.5"


def half_sent_requests(port: int, count: int) -> list[socket.socket]:
    """One address opens ``count`` connections, each sending a request's head that never ends."""
    socks = []
    for _ in range(count):
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(SLOW_VISITOR, 0))
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        except OSError:  # the server closed it already (past the per-address cap): it answered
            continue
        socks.append(sock)
    return socks


def streams_on(port: int, token: str, count: int) -> list[socket.socket]:
    """One address opens ``count`` live streams on one table, each with a device cookie of its own."""
    socks = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(STREAM_VISITOR, 0))
        sock.sendall(f"GET /t/{token}/live HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
                     f"Cookie: companion_device={secrets.token_urlsafe(32)}\r\n\r\n".encode())
        socks.append(sock)
    return socks


def claim_from(port: int, token: str, seat: int) -> int:
    """A seat claim over the API from the claiming visitor's address; its status."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(CLAIM_VISITOR, 0))
    try:
        connection.request("POST", f"/api/tables/{token}/seats/{seat}/claim", body="{}",
                           headers={"Content-Type": "application/json"})
        return connection.getresponse().status
    finally:
        connection.close()


class BystanderMoves(EveryWhile):
    """A phone at a table no attack is aimed at (or the stream flood's own) taps a move every 0.1 s."""

    period = 0.1

    def __init__(self, phone: Phone) -> None:
        super().__init__()
        self.phone, self.times = phone, []

    def sample(self) -> None:
        self.times.append(self.phone.act(type="add_points", seat=0, points=1))


def attack(kind: str, port: int, token: str, count: int, stop, told) -> None:
    """One visitor's attack, in a process of its own (its work must not hold up the measuring
    threads of this one): opens its connections and holds them, or claims the held seat 0 over
    and over, until ``stop``; ``told`` gets what the server answered the claims."""
    held: list[socket.socket] = []
    statuses: list[int] = []
    if kind == "slow":
        held = half_sent_requests(port, count)
    elif kind == "streams":
        held = streams_on(port, token, count)
    while kind == "claims" and not stop.is_set():
        statuses.append(claim_from(port, token, 0))
    stop.wait()
    for sock in held:
        sock.close()
    told.put(statuses)


def measure_visitors(url: str, server: Server, sizes: Sizes) -> list[Figure]:
    token = new_table(url, requests.Session(), 3)
    phone = Phone(url, token, 0)
    for _ in range(10):  # warm up
        phone.act(type="add_points", seat=0, points=1)
    attacks = {"quiet": None, f"{sizes.visitors:,} half-sent requests": "slow",
               f"{sizes.visitors:,} streams on the table": "streams", "failed claims": "claims"}
    results: dict[str, tuple[list[float], list[float]]] = {}
    claims: list[int] = []
    processes = multiprocessing.get_context("fork")
    for name, kind in attacks.items():
        stop, told = processes.Event(), processes.Queue()
        attacker = processes.Process(target=attack, args=(kind, server.port, token, sizes.visitors, stop, told),
                                     daemon=True) if kind else None
        with HealthProbe(url) as health, BystanderMoves(phone) as moves:
            if attacker:
                attacker.start()
            time.sleep(sizes.visitor_seconds)
            stop.set()
        if attacker:
            claims += told.get(timeout=60)
            attacker.join(30)
        results[name] = (health.times, moves.times)
    free_seat = claim_from(server.port, token, 1)
    quiet_health, quiet_moves = results.pop("quiet")
    if min(len(quiet_health), len(quiet_moves)) < 2 or any(min(len(h), len(m)) < 2 for h, m in results.values()):
        raise BenchError("too few samples to measure P10")
    figures = []
    for name, (health, moves) in results.items():
        for what, during, quiet in (("/healthz", health, quiet_health), ("bystander's move", moves, quiet_moves)):
            ratio = p95(during) / p95(quiet)
            figures.append(Figure(f"P10 {what} p95 during {name}", f"{ms(p95(during))} (n={len(during)})",
                                  f"{ms(p95(quiet))} quiet (n={len(quiet)})", ratio, "≤ 2", ratio <= 2))
    refused = sum(status == 429 for status in claims)
    figures.append(Figure("P10 failed claims sent (429 past the limit); then a free seat from that address",
                          f"{len(claims)} ({refused} 429); {free_seat}", "", None, "200", free_seat == 200))
    return figures


# --- P9: tap to paint, in Chromium ---------------------------------------------------------------

CHROMIUM = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
CPU_SLOWDOWN = 4  # a mid-range phone, as Chrome's DevTools count it
PAINT_PHONES = 4

# Installed in each phone's page: the tap's time (its event's own time stamp, taken when the
# browser received it), and when each board version was first painted: the board is seen to
# change (a MutationObserver), then the frame that draws it runs (requestAnimationFrame) and a
# task right after that frame is when it is on the screen. That task is a user-blocking one
# (scheduler.postTask) where the browser has them, so that it runs before whatever timers fell
# due meanwhile (htmx's settle step, 20 ms after a swap): a plain setTimeout would count their
# work, done after the new board was already on the screen. Times are the machine's clock in ms
# (timeOrigin + a page's clock), the same for every phone on it. companionWhenPainted(version)
# is a promise: the bench waits on it, rather than asking every frame (Playwright's
# wait_for_function polls on requestAnimationFrame, work a phone would not do).
WATCH_PAINTS = """() => {
  const painted = window.companionPainted = {}, waiting = {};
  const now = () => performance.timeOrigin + performance.now();
  const afterFrame = (then) => requestAnimationFrame(() => window.scheduler && scheduler.postTask
    ? scheduler.postTask(then, {priority: "user-blocking"}) : setTimeout(then, 0));
  // A tap is made when the finger lifts (a button acts on release; the web's Interaction to Next
  // Paint times a click from there too): how long a finger rests on the glass is not the app's.
  document.addEventListener("pointerup", (e) => { window.companionTapAt = performance.timeOrigin + e.timeStamp; }, true);
  // The move seen on the screen: the first frame in which the element at `selector` reads `text`
  // (armed before the tap, so that a change made at once is not missed). A change made while the
  // tap's click was handled is on the screen at the click's next paint, which the browser itself
  // reports (Event Timing, the web's Interaction to Next Paint: the click's time stamp plus its
  // duration, in steps of 8 ms); a task run after the frame would also count whatever long task
  // the browser ran first (the move's answer arriving), so it is the measure only of a change
  // made later (a new board).
  const clicks = [];
  new PerformanceObserver((list) => { clicks.push(...list.getEntries().filter((e) => e.name === "click")); })
    .observe({type: "event", durationThreshold: 16});
  window.companionWatchShown = (selector, text) => {
    const reads = () => { const element = document.querySelector(selector); return element && element.textContent.trim() === text; };
    window.companionShown = new Promise((resolve, reject) => {
      const observer = new MutationObserver(() => {
        if (!reads()) return;
        observer.disconnect();
        const changed = performance.now();
        afterFrame(() => resolve({changed, frame: now()}));
      });
      observer.observe(document.body, {childList: true, subtree: true, characterData: true});
      setTimeout(() => { observer.disconnect(); reject(new Error(`${selector} did not read ${text} within 30 s`)); }, 30000);
    });
  };
  window.companionShownAt = async () => {
    const {changed, frame} = await window.companionShown;
    const click = clicks.find((e) => e.processingStart <= changed && changed <= e.processingEnd);
    return click ? performance.timeOrigin + click.startTime + click.duration : frame;
  };
  const look = () => {
    const board = document.getElementById("board");
    const version = board && board.dataset.version;
    if (!version || version in painted) return;
    painted[version] = null;
    afterFrame(() => {
      painted[version] = now();
      (waiting[version] || []).forEach((resolve) => resolve(painted[version]));
    });
  };
  window.companionWhenPainted = (version) => painted[version] ? Promise.resolve(painted[version])
    : new Promise((resolve, reject) => {
      (waiting[version] = waiting[version] || []).push(resolve);
      setTimeout(() => reject(new Error(`board ${version} not painted within 30 s`)), 30000);
    });
  look();
  new MutationObserver(look).observe(document.body, {childList: true, subtree: true, attributes: true,
                                                     attributeFilter: ["data-version"]});
}"""


def chromium_missing() -> str | None:
    """Why P9 cannot run here, or None."""
    if not Path(CHROMIUM).exists():
        return f"Chromium not found at {CHROMIUM} (set CHROMIUM_PATH)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[test]')"
    return None


def measure_tap_to_paint(url: str, sizes: Sizes) -> list[Figure]:
    """Four phones at a score-pad table, each adding its own points in turn. Each tap times one
    phone slowed 4×, the others as fast as they are (BrowserPhone.slow_down says why): in turn the tapping
    phone (the tap → its move shown) and one of the other three (the tap → its new board)."""
    from playwright.sync_api import sync_playwright

    token = new_table(url, requests.Session(), PAINT_PHONES)
    tapping: list[float] = []  # tap → the move shown on the tapping phone (its total, added at once)
    own_board: list[float] = []  # tap → the tapping phone's new board from the server painted
    others: list[float] = []  # tap → another phone's new board painted
    answered: list[float] = []  # tap → the move's answer back on the tapping phone: the server's and the network's part
    with sync_playwright() as playwright:
        browsers = []
        try:
            # Each phone a browser of its own, as each is a device of its own (BrowserPhone).
            browsers = [playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                   args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
                        for _ in range(sizes.paint_browsers)]
            phones = [BrowserPhone(browsers[seat % len(browsers)], url, token, seat) for seat in range(PAINT_PHONES)]
            pages = [phone.page for phone in phones]
            yielding = len(browsers) == PAINT_PHONES and can_yield()
            for n in range(-2, sizes.paint_taps):  # two taps to warm up, not timed
                seat = n % PAINT_PHONES
                # Even taps time the tapping phone, odd ones one of the other three, each in turn.
                timed = seat if n % 2 == 0 else (seat + 1 + (n // 2) % (PAINT_PHONES - 1)) % PAINT_PHONES
                point = ready_to_tap(pages[seat], seat)
                if yielding:
                    for phone in phones:
                        phone.yield_cores(phone is not phones[timed])
                phones[timed].slow_down(CPU_SLOWDOWN)
                tap, answer, painted, shown = tap_and_watch(pages, seat, point)
                phones[timed].slow_down(1)
                if n >= 0 and timed == seat:
                    tapping.append((shown - tap) / 1000)
                    own_board.append((painted[seat] - tap) / 1000)
                    answered.append((answer - tap) / 1000)
                elif n >= 0:
                    others.append((painted[timed] - tap) / 1000)
                time.sleep(0.3)  # the table's pace: the next player taps once every screen is still
        finally:
            for browser in browsers:
                browser.close()
    # Every other phone has painted when the slowest of three has: with the phones independent
    # (each its own CPU), p95 of the slowest of three is the 0.95^(1/3) ≈ 98.3rd percentile of one.
    slowest_of_three = quantile(others, 0.95 ** (1 / (PAINT_PHONES - 1)))
    shared = ("" if yielding else "; the phones not timed share the cores as equals" +
              (" (not root: they could not be set back)" if len(browsers) == PAINT_PHONES else " (one Chromium)"))
    return [
        Figure(f"P9 tap → the tapping phone shows the move, p95 (its CPU {CPU_SLOWDOWN}× slower)",
               f"{ms(p95(tapping))} (median {ms(statistics.median(tapping))}, n={len(tapping)})",
               f"the answer back: {ms(p95(answered))} (median {ms(statistics.median(answered))}); "
               f"the server's board painted: {ms(p95(own_board))} (median {ms(statistics.median(own_board))}){shared}", None,
               "≤ 100 ms", p95(tapping) <= 0.1),
        Figure(f"P9 tap → every other phone's board painted, p95 (each CPU {CPU_SLOWDOWN}× slower)",
               f"{ms(slowest_of_three)} (one phone's median {ms(statistics.median(others))}, p95 {ms(p95(others))}, "
               f"n={len(others)})", shared.lstrip("; "), None, "≤ 1 s", slowest_of_three <= 1.0),
    ]


def can_yield() -> bool:
    """Whether this run may lower the phones' CPU priority and raise it back (BrowserPhone.yield_cores):
    raising it back takes root, or a nice limit (RLIMIT_NICE) that allows it."""
    return os.geteuid() == 0 or resource.getrlimit(resource.RLIMIT_NICE)[0] >= 20 - YIELDING_NICENESS


YIELDING_NICENESS = 10  # a phone not timed runs at about a tenth of the timed one's weight


class BrowserPhone:
    """A phone: a Chromium of its own (``browser``) holding ``seat``, its page open on the table.

    At a table each phone is a device of its own; here four share two cores with the server. A
    phone of its own process tree lets the one being timed run as if it were alone: while it is
    timed the other phones yield the cores to it (a lower CPU priority for their processes), so
    that its frame is not queued behind three other browsers drawing the same new board, work that
    at a table runs on three other phones. The server keeps its priority: it is on the timed path.
    One browser for all four measured that sharing: the tapping phone's p95 read 225 ms against
    120 ms with the others yielding, at the same load, the medians alike (76 and 72 ms)."""

    def __init__(self, browser, url: str, token: str, seat: int):
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        context.set_default_timeout(30_000)
        self.page = context.new_page()
        claimed = context.request.post(f"{url}/api/tables/{token}/seats/{seat}/claim", data={})
        if not claimed.ok:
            raise BenchError(f"a browser phone could not take seat {seat}: {claimed.status} {claimed.text()[:200]}")
        self.page.goto(f"{url}/t/{token}")
        self.page.wait_for_selector("#board[data-version]")
        self.page.evaluate(WATCH_PAINTS)
        self.cdp = context.new_cdp_session(self.page)
        info = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")
        self.processes = [process["id"] for process in info["processInfo"]]

    def slow_down(self, rate: int) -> None:
        """The phone's CPU ``rate`` times slower (1: as fast as it is), from just before a tap until
        every phone has painted; one phone at a time. Chromium slows a page by interrupting its main
        thread every 0.2 ms and spinning three times the wall-clock time since it last let it go
        (Blink's ThreadCPUThrottler), working, idle or waiting for a core alike: a slowed page takes a
        whole core for as long as it is slowed. At a table each phone has its own; on this machine's
        two, two slowed phones beside the server would starve it and each other, and four slowed at
        once measured the machine (p95 2.8 s at a load of 1), not the app."""
        self.cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})

    def yield_cores(self, yielding: bool) -> None:
        """Every thread of the phone's browser at a lower CPU priority (or back to the usual one):
        Linux keeps a priority per thread, so each is set, threads started since included."""
        for pid in self.processes:
            try:
                threads = os.listdir(f"/proc/{pid}/task")
            except FileNotFoundError:  # a helper process that has ended
                continue
            for thread in threads:
                try:
                    os.setpriority(os.PRIO_PROCESS, int(thread), YIELDING_NICENESS if yielding else 0)
                except ProcessLookupError:
                    pass


def ready_to_tap(page, seat: int) -> tuple[float, float]:
    """The phone at ``seat`` types a point for itself (not timed, as a player's typing is not);
    where its Add button is, brought into view."""
    row = page.locator(f"form#add-points-{seat}")  # a player's phone offers its own row only
    row.locator("input.number-box").fill("1")
    button = row.get_by_role("button", name="Add", exact=True)
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap_and_watch(pages: list, seat: int, point: tuple[float, float]) -> tuple[float, float, list[float], float]:
    """The phone at ``seat`` taps its Add button (at ``point``) to add 1 to its total; the tap's
    time, when its answer was back (the resource timing of the move's POST), when each phone
    painted the new board, and when the tapping phone first showed its new total (ms, the
    machine's clock): at once, as the form says what it adds to (app.js), or with the new board.

    The tap is a plain touch at the button's place (Playwright's touchscreen), as a finger's:
    Playwright's own tap() first checks the button is ready and, during the tap, listens in the
    page to check the touch lands on it, script a phone would not run, in the measured time."""
    page = pages[seat]
    version = int(page.locator("#board").get_attribute("data-version")) + 1
    total = f"#player-{seat} .total"
    page.evaluate("([selector, text]) => companionWatchShown(selector, text)",
                  [total, str(int(page.locator(total).inner_text()) + 1)])
    page.touchscreen.tap(*point)
    painted = [other.evaluate("(version) => companionWhenPainted(version)", str(version)) for other in pages]
    answer = page.evaluate("""() => {
      const post = performance.getEntriesByType("resource").filter((r) => r.name.endsWith("/act")).pop();
      performance.clearResourceTimings();
      return performance.timeOrigin + post.responseEnd;
    }""")
    return page.evaluate("window.companionTapAt"), answer, painted, page.evaluate("companionShownAt()")


# --- P4 -----------------------------------------------------------------------------------------

def wire_size(http: requests.Session, url: str) -> tuple[int, int, bytes]:
    """(bytes on the wire as a browser asks for it, compressed; the same uncompressed; the body).

    Bytes on the wire are the status line, the headers and the body as sent."""
    def fetch(encodings: str) -> tuple[int, bytes]:
        response = http.get(url, headers={"Accept-Encoding": encodings}, stream=True, timeout=30)
        raw = response.raw.read(decode_content=False)
        expect(response)
        head = f"HTTP/1.1 {response.status_code} {response.reason}\r\n" + "".join(
            f"{name}: {value}\r\n" for name, value in response.raw.headers.items()) + "\r\n"
        return len(head.encode()) + len(raw), raw

    compressed, _ = fetch(BROWSER_ENCODINGS)
    plain, body = fetch("identity")
    return compressed, plain, body


def measure_first_load(url: str) -> list[Figure]:
    host = requests.Session()
    token = new_table(url, host, 5)
    phone = requests.Session()
    expect(phone.post(f"{url}/api/tables/{token}/seats/2/claim", json={}, timeout=30))
    wire, plain, page = wire_size(phone, f"{url}/t/{token}")
    assets = sorted(set(ASSETS.findall(page.decode())))
    for asset in list(assets):
        if "manifest" in asset:  # a browser reads the manifest, then fetches its icons
            manifest = phone.get(url + asset, timeout=30).json()
            assets += [icon["src"] for icon in manifest.get("icons", []) if icon["src"] not in assets]
    for asset in assets:
        sent, decoded, _ = wire_size(phone, url + asset.replace("&amp;", "&"))
        wire += sent
        plain += decoded
    return [Figure(f"P4 first page load, compressed ({len(assets) + 1} files)", f"{wire / KB:.1f} KB",
                   f"{plain / KB:.1f} KB uncompressed", wire / plain, "≤ 60 KB", wire <= 60 * KB)]


# --- the run ------------------------------------------------------------------------------------

def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        memory = next(int(line.split()[1]) * 1024 for line in Path("/proc/meminfo").read_text().splitlines()
                      if line.startswith("MemTotal:"))
    except OSError:
        memory = 0
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (f"{cores} cores ({cpu}), {memory / 2**30:.1f} GiB RAM, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}")


def load_average() -> str:
    return " / ".join(f"{value:.1f}" for value in os.getloadavg()) + " (1 / 5 / 15 min)"


def print_table(figures: list[Figure]) -> None:
    rows = [("figure", "measured", "baseline", "ratio", "goal", "result")] + [
        (f.name, f.measured, f.baseline, "" if f.ratio is None else f"{f.ratio:.2f}", f.goal,
         "pass" if f.passed else "FAIL") for f in figures]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if n == 0:
            print("  ".join("-" * width for width in widths))


def main(argv: list[str] | None = None) -> int:
    # This process plays every phone: its threads must hand the interpreter over quickly, or
    # the moment a stream's bytes arrive would be stamped late (CPython's default is 5 ms).
    sys.setswitchinterval(0.0005)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--smoke", action="store_true", help="smaller numbers, the same goals: about two minutes")
    parser.add_argument("--check", action="store_true",
                        help="the least that measures every figure (the test suite's run): its ratios are rough")
    parser.add_argument("--database-url", default="",
                        help="a PostgreSQL URL (migrated by the run); default: a fresh SQLite file")
    parser.add_argument("--workers", type=int, default=1,
                        help="gunicorn processes (WEB_CONCURRENCY); more than one needs PostgreSQL")
    parser.add_argument("--think", type=float,
                        help="P3: mean seconds between two moves at each table (default 20)")
    parser.add_argument("--only", default="P1,P2,P3,P4,P5,P7,P8,P10,P9",
                        help="the figures to measure, e.g. P1,P3 (P3 and P5 are measured together)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    sizes = CHECK if args.check else SMOKE if args.smoke else FULL
    if args.think:
        sizes = replace(sizes, think=args.think)
    if args.workers > 1 and not args.database_url.startswith("postgres"):
        parser.error("--workers above 1 needs --database-url postgresql://…")

    with tempfile.TemporaryDirectory(prefix="companion-bench-") as scratch:
        folder = Path(scratch)
        database_url = args.database_url or f"sqlite:///{folder / 'bench.db'}"
        kind = "PostgreSQL" if database_url.startswith("postgres") else "SQLite"
        print(f"Companion benchmark ({'check' if args.check else 'smoke' if args.smoke else 'full'} run), {kind}, gunicorn gevent "
              f"{args.workers} worker(s) as the Procfile says, on loopback", flush=True)
        print(f"machine: {machine()}", flush=True)
        print(f"load average at the start: {load_average()}", flush=True)
        release(database_url, folder / "instance")
        server = Server(database_url, folder / "instance", folder / "server.log",
                        SECRET_KEY=secrets.token_hex(32),
                        WEB_CONCURRENCY=str(args.workers),
                        # One machine plays every phone: the per-address join limit is not under test.
                        JOIN_RATE_LIMIT="100000 per minute",
                        # No stream is recycled mid-run (that is normal, but would look like a drop).
                        SSE_MAX_SECONDS="3600")
        figures: list[Figure] = []
        try:
            wanted = set(args.only.upper().replace(" ", "").split(","))
            for step, measure in (("P1", lambda: measure_round_trip(server.url, sizes)),
                                  ("P2", lambda: measure_long_log(server.url, sizes)),
                                  ("P4", lambda: measure_first_load(server.url)),
                                  ("P3,P5", lambda: measure_many_tables(server.url, server, sizes)),
                                  ("P7", lambda: measure_club(server.url, server, sizes)),
                                  ("P8", lambda: measure_flood(server.url, server, sizes)),
                                  ("P10", lambda: measure_visitors(server.url, server, sizes)),
                                  ("P9", lambda: measure_tap_to_paint(server.url, sizes))):
                if not wanted & set(step.split(",")):
                    continue
                if step == "P9" and chromium_missing():
                    print(f"P9 skipped: {chromium_missing()}", file=sys.stderr, flush=True)
                    continue
                print(f"measuring {step}…", file=sys.stderr, flush=True)
                figures += measure()
        except (BenchError, requests.RequestException) as error:
            print(f"the run failed: {error}", file=sys.stderr)
            print(server.log_path.read_text()[-3000:], file=sys.stderr)
            return 2
        finally:
            server.stop()
    figures.sort(key=lambda f: f.name)
    print()
    print(f"load average at the end: {load_average()} (other work on these cores lands in the p95s)")
    print_table(figures)
    if args.json:
        args.json.write_text(json.dumps({"machine": machine(), "smoke": args.smoke, "database": kind,
                                         "figures": [f.__dict__ for f in figures]}, indent=2))
    missed = [f.name for f in figures if not f.passed]
    print()
    print("every goal met" if not missed else f"goals missed: {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
