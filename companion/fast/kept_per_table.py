"""What a process keeps per table token between requests (recent_history.py, table_copies.py),
or per any other key (web/pages.py: boards' blocks made once for a state): a bounded,
thread-safe store that lets the least recently used go first, so that memory grows with the
tables in play and never past a bound."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable


class KeptPerTable:
    """Token → one value. ``bound`` is asked at each put (a module's constant, which a test may
    lower)."""

    def __init__(self, bound: Callable[[], int]) -> None:
        self._values: OrderedDict[str, Any] = OrderedDict()
        self._bound = bound
        self._lock = threading.Lock()

    def get(self, token: str) -> Any | None:
        with self._lock:
            value = self._values.get(token)
            if value is not None:
                self._values.move_to_end(token)
            return value

    def put(self, token: str, value: Any) -> None:
        with self._lock:
            self._values[token] = value
            self._values.move_to_end(token)
            while len(self._values) > self._bound():
                self._values.popitem(last=False)

    def pop(self, token: str) -> None:
        with self._lock:
            self._values.pop(token, None)

    def clear(self) -> None:
        with self._lock:
            self._values.clear()

    def __len__(self) -> int:
        return len(self._values)
