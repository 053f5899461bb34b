"""Taking turns on one process: what must feel instant goes before what can wait a moment.

The Procfile's worker is gevent's: every request and every live stream is a greenlet of one
thread, and a greenlet runs until it waits (it is never preempted). A board being rendered for
one table therefore holds up a tap at another table, and the few bytes that tell a table's
phones about a move. Two hand-overs keep those quick:

- ``let_woken_run``: a request that has just woken streams (a move announced) lets them speak
  before it goes on (live.announce).
- ``wait_until_quiet``: a board refresh, between pieces of its render, steps aside until nothing
  else is pending: a tap or an announcement that arrived meanwhile goes first (web/play.py).

Under threads (another worker class, the development server) the interpreter switches between
threads by itself: both are then nothing.
"""

from __future__ import annotations

import sys

# A turn waits this long at most: a process that is never quiet (every core busy) still draws
# each board, a little later, instead of holding it back until the rush is over.
QUIET_WAIT_AT_MOST = 0.02


def _under_gevent() -> bool:
    monkey = sys.modules.get("gevent.monkey")
    return monkey is not None and monkey.is_module_patched("threading")


def let_woken_run() -> None:
    """Greenlets this one has woken run now, before it goes on (the loop is not polled)."""
    if _under_gevent():
        import gevent

        gevent.sleep(0)


def wait_until_quiet() -> None:
    """Waits until the event loop has nothing else to do (sockets that became readable: a tap;
    timers; woken greenlets: they all go first), or QUIET_WAIT_AT_MOST."""
    if _under_gevent():
        import gevent

        with gevent.Timeout(QUIET_WAIT_AT_MOST, False):  # False: the time is up, silently
            gevent.idle()
