"""Who is at the table now: the seats whose phone holds its live stream open.

The table display shows it beside each seat (issue #27), so the table sees at a glance whose
phone dropped off the Wi-Fi. A seat counts as connected from the moment its phone's stream is
admitted until the stream ends (the phone closed the page, or vanished and the stream let it go
within a keepalive period: web/live.py). A phone may hold two streams for a moment (a reload:
the newer replaces the older), so each seat keeps a count, not a flag.

Each change bumps the table's ``generation`` and wakes its waiting streams, which tell their
page with a ``presence`` event: the display fetches its seat list again at once.

Kept in this process, like the streams it counts: a server runs one worker process (Procfile),
which holds every stream of its tables.
"""

from __future__ import annotations

import threading
from collections import Counter


class Presence:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[int, Counter[int]] = {}
        self._generation: dict[int, int] = {}

    def opened(self, table_id: int, seat: int) -> bool:
        """A seat's stream opened; True when the seat was not connected before."""
        with self._lock:
            counts = self._open.setdefault(table_id, Counter())
            counts[seat] += 1
            return counts[seat] == 1 and self._bump(table_id)

    def closed(self, table_id: int, seat: int) -> bool:
        """A seat's stream ended; True when it was the seat's last."""
        with self._lock:
            counts = self._open.get(table_id)
            if not counts or counts[seat] <= 0:
                return False
            counts[seat] -= 1
            if counts[seat]:
                return False
            del counts[seat]
            if not counts:  # nothing kept for a table nobody is at (a display sees 0 ≠ what it saw)
                del self._open[table_id]
                self._generation.pop(table_id, None)
                return True
            return self._bump(table_id)

    def seats(self, table_id: int) -> frozenset[int]:
        with self._lock:
            return frozenset(self._open.get(table_id, ()))

    def generation(self, table_id: int) -> int:
        with self._lock:
            return self._generation.get(table_id, 0)

    def _bump(self, table_id: int) -> bool:
        self._generation[table_id] = self._generation.get(table_id, 0) + 1
        return True


def presence() -> Presence:
    """This app's presence (an app of its own in each test keeps its tables apart)."""
    from flask import current_app

    return current_app.extensions.setdefault("companion.presence", Presence())
