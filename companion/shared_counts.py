"""Counts shared by every worker process of one server: the connections and live streams each
client address and table holds, and the tries (wrong tokens, failed claims) each makes in a
minute. Before this each process counted its own, so with ``WEB_CONCURRENCY=2`` a visitor had
twice every cap and a table's onlookers were split between the processes (issue #28).

The counts live in shared memory the gunicorn master maps before it forks its workers
(``serving.py``'s hooks): every worker finds the same pages. An app served any other way (the
test client, one process) gets a table of its own, which counts that process alone.

Why it is laid out this way:

- **Each worker writes only its own slot.** A count is the sum of every slot's cell; a worker
  adds to its own. No two processes ever write one cell, so there is no lock between processes
  for a killed one to leave locked, and no read-modify-write to lose.
- **A killed worker's counts are given back by the master.** gunicorn's master calls
  ``child_exit`` for every worker that ended, however it ended (``kill -9`` included), and
  zeroes that worker's slot there; its connections died with it. A new worker is given a free
  slot. A worker's tries are left as they are: they were made.
- **Keys are hashed, not stored** (a count-min sketch): a key counts in two cells, one per row,
  chosen by two independent hashes, and its count is the smaller of the two sums. Storing keys
  would need an insertion every process agrees on; a cell two keys share only adds the other
  key's count, so a count is never below the truth and a cap is never exceeded. A key is held
  back by another only if both its cells are shared with keys whose counts add up to its cap:
  with ``WIDTH`` cells a row, about 1 in 67 million for a given pair of keys.
- **Take, then look.** A stream or connection is counted first and the sums read after; if one
  is past its cap it is taken back and refused. Two processes admitting at once each see the
  other's count, so between them they never pass the cap.
- **Tries count in a sliding window** of the limit's period: a cell holds the tries of the
  current period (aligned on the system's monotonic clock, which every process reads alike) and
  of the one before, and the count is the current one's plus the part of the one before that
  is still within a period (a "sliding window counter"). A try just after a period's end is
  thus counted with those just before it, as a minute's limit should. The app's limits share
  one period (``JOIN_RATE_LIMIT``); two keys of different periods sharing both cells would
  restart each other's periods.

The cost on a flood's path is a hash and a few reads (about 5 µs).
"""

from __future__ import annotations

import hashlib
import mmap
from array import array
import os
import threading
import time
from typing import Iterable

WIDTH = 8192  # cells a row; two rows (a power of two: a cell is a hash's low bits)
ROWS = 2
INT = 4  # bytes of a cell (a signed 32-bit count)


class SharedCounts:
    """``slots`` writers' cells for held counts and for tries, in one anonymous shared mapping."""

    def __init__(self, slots: int = 1) -> None:
        self.slots = slots
        cells = ROWS * WIDTH * slots
        # MAP_SHARED (mmap's default) without a file: a fork shares these pages, nobody else can.
        self._memory = mmap.mmap(-1, cells * INT * 4)
        whole = memoryview(self._memory).cast("i")
        self._held = whole[:cells]              # [row, cell, slot] → a count held now
        self._tries = whole[cells:]             # [row, cell, slot] → (period, its tries, the period before's)
        self._salt = os.urandom(16)             # hashes nobody outside can aim at a cell
        self._slot = 0
        self._free = list(range(slots))         # the master's: slots no live worker writes
        self._lock = threading.Lock()           # the threads of one process (gevent's: greenlets)

    # --- the master's side -------------------------------------------------------------------

    def assign_slot(self) -> int | None:
        """A free slot for a worker about to be forked (None: every slot is taken)."""
        return self._free.pop(0) if self._free else None

    def free_slot(self, slot: int | None) -> None:
        """The worker writing ``slot`` has ended: what it held is given back."""
        if slot is None:
            return
        self._held[slot::self.slots] = _zeros(ROWS * WIDTH)
        if slot not in self._free:
            self._free.append(slot)

    # --- a worker's side -----------------------------------------------------------------------

    def use_slot(self, slot: int) -> None:
        """This process writes ``slot`` from now on, starting with nothing held."""
        self._slot = slot
        self._held[slot::self.slots] = _zeros(ROWS * WIDTH)

    def count(self, key: str) -> int:
        """What every process holds of ``key`` (never less than the truth)."""
        return min(self._sum(self._held, start) for start in self._starts(key))

    def take(self, caps: Iterable[tuple[str, int]]) -> bool:
        """One more of each key, if none passes its cap; False (and nothing counted) otherwise."""
        caps = [(self._starts(key), cap) for key, cap in caps]
        with self._lock:
            for starts, _ in caps:
                self._add(starts, 1)
            if all(min(self._sum(self._held, start) for start in starts) <= cap for starts, cap in caps):
                return True
            for starts, _ in caps:
                self._add(starts, -1)
            return False

    def give_back(self, keys: Iterable[str]) -> None:
        with self._lock:
            for key in keys:
                self._add(self._starts(key), -1)

    def add(self, key: str) -> None:
        """One more of ``key``, never given back: a change others notice by its count changing."""
        with self._lock:
            self._add(self._starts(key), 1)

    def hit(self, key: str, amount: int, period: float) -> bool:
        """One more try of ``key``; False once the last ``period`` seconds hold more than ``amount``."""
        now = time.monotonic() / period
        current, through = int(now), now % 1  # how far into the current period
        tries = self._tries
        with self._lock:
            counts = []
            for start in self._starts(key):
                mine = 3 * (start + self._slot)
                if tries[mine] != current:  # a new period: the one before is the one that just ended, or none
                    before = tries[mine + 1] if tries[mine] == current - 1 else 0
                    tries[mine:mine + 3] = _ints(current, 0, before)
                tries[mine + 1] += 1
                this_period = period_before = 0
                for at in range(3 * start, 3 * (start + self.slots), 3):
                    if tries[at] == current:
                        this_period += tries[at + 1]
                        period_before += tries[at + 2]
                    elif tries[at] == current - 1:
                        period_before += tries[at + 1]
                counts.append(this_period + period_before * (1 - through))
        return min(counts) <= amount

    def _starts(self, key: str) -> tuple[int, int]:
        """Where the key's two cells (each ``slots`` wide) start, one in each row."""
        digest = hashlib.blake2b(key.encode(), digest_size=8, key=self._salt).digest()
        first = int.from_bytes(digest[:4], "little") & (WIDTH - 1)
        second = int.from_bytes(digest[4:], "little") & (WIDTH - 1)
        return first * self.slots, (WIDTH + second) * self.slots

    def _sum(self, cells: memoryview, start: int) -> int:
        return sum(cells[start:start + self.slots])

    def _add(self, starts: tuple[int, int], amount: int) -> None:
        for start in starts:
            self._held[start + self._slot] += amount


def _zeros(count: int) -> memoryview:
    return memoryview(bytes(count * INT)).cast("i")


def _ints(*values: int) -> memoryview:
    return memoryview(array("i", values))


# The server's table: made by the gunicorn master (``serving.on_starting``) before any worker is
# forked, so every worker inherits it. None in a process no gunicorn master started.
_server: SharedCounts | None = None


def start_server(workers: int) -> SharedCounts:
    """The master's table, with a slot for each worker and as many again: a reload (``HUP``)
    starts the new workers before the old ones have ended."""
    global _server
    _server = SharedCounts(slots=2 * workers + 2)
    return _server


def of_the_server() -> SharedCounts | None:
    return _server


def count_alone() -> None:
    """A worker the master had no slot for counts in a table of its own."""
    global _server
    _server = SharedCounts()


def for_this_process() -> SharedCounts:
    """The server's table in one of its workers; elsewhere a table of this caller's own."""
    return _server if _server is not None else SharedCounts()


EXTENSION = "companion.shared_counts"


def init_app(app) -> None:
    app.extensions[EXTENSION] = for_this_process()


def of_the_app() -> SharedCounts:
    from flask import current_app

    return current_app.extensions[EXTENSION]
