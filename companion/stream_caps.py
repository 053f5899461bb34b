"""How many live streams one table and one address may hold open in this process.

Anyone with a join link can open streams, and each open stream holds a connection of the
server until it ends. A real table needs a few: one per phone, the table display, and a
reload or two whose old stream has not been noticed gone yet (that takes up to a keepalive
period, see web/live.py). Past the cap a stream is refused at once (429) without touching the
database, so a flood from one address costs the server almost nothing and leaves every other
table's phones and ``/healthz`` answering (tests/test_stream_flood.py). A refused phone still
follows the table: app.js polls while its stream is silent.

The counts are per process; with several processes each holds its own.
"""

from __future__ import annotations

import threading
from collections import Counter


class StreamCaps:
    def __init__(self, per_table: int, per_address: int) -> None:
        self.per_table, self.per_address = per_table, per_address
        self._lock = threading.Lock()
        self._tables: Counter[int] = Counter()
        self._addresses: Counter[str] = Counter()
        self._full_tokens: dict[str, int] = {}  # the join tokens of tables at their cap

    def full(self, address: str, token: str) -> bool:
        """A cheap look before the table is read: is this address, or this token's table,
        already at its cap?"""
        with self._lock:
            return self._addresses[address] >= self.per_address or token in self._full_tokens

    def admit(self, table_id: int, address: str, token: str) -> bool:
        """Counts one more stream of this table from this address, if both are under their caps."""
        with self._lock:
            if self._tables[table_id] >= self.per_table or self._addresses[address] >= self.per_address:
                return False
            self._tables[table_id] += 1
            self._addresses[address] += 1
            if self._tables[table_id] >= self.per_table:
                self._full_tokens[token] = table_id
            return True

    def release(self, table_id: int, address: str) -> None:
        with self._lock:
            for counter, key in ((self._tables, table_id), (self._addresses, address)):
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]
            if self._tables[table_id] < self.per_table:
                for token in [t for t, full in self._full_tokens.items() if full == table_id]:
                    del self._full_tokens[token]

    def open_streams(self) -> int:
        with self._lock:
            return sum(self._tables.values())


# What a stream past a cap is told, before Flask is asked anything: a flood is refused at
# a tenth of the cost of a request through the app (no session, no language, no template), so
# a thousand refusals take the one process a fraction of a second. An EventSource never shows
# this text; the phone simply polls.
REFUSAL_BODY = b"Too many live connections from this address; this page checks the table every few seconds instead."


def refuse_floods(wsgi_app, caps: StreamCaps, retry_after: str):
    """Wraps the app: a live stream from an address, or to a table, already at its cap gets its
    429 here."""
    headers = [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(REFUSAL_BODY))),
               ("Retry-After", retry_after), ("Cache-Control", "no-store")]

    def app(environ, start_response):
        path = environ.get("PATH_INFO", "")
        if path.startswith("/t/") and path.endswith("/live") \
                and caps.full(environ.get("REMOTE_ADDR", ""), path[3:-5]):
            start_response("429 Too Many Requests", headers)
            return [REFUSAL_BODY]
        return wsgi_app(environ, start_response)

    return app


def configure(app) -> StreamCaps:
    caps = StreamCaps(int(app.config["LIVE_STREAMS_PER_TABLE"]), int(app.config["LIVE_STREAMS_PER_ADDRESS"]))
    app.extensions["companion.stream_caps"] = caps
    app.wsgi_app = refuse_floods(app.wsgi_app, caps, str(int(app.config["SSE_KEEPALIVE_SECONDS"]) or 1))
    return caps


def caps() -> StreamCaps:
    from flask import current_app

    return current_app.extensions["companion.stream_caps"]
