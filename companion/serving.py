"""gunicorn settings that belong with the code rather than on the Procfile's command line.

The Procfile loads this module with ``--config python:companion.serving``. The worker is
gevent's: a live phone is an open connection waiting in a greenlet, not a thread, so one
process holds a club's thousand phones (bench/run.py, P7) in little memory.
"""

from __future__ import annotations

import resource
import sys

# One process serves every phone, a thread each. When a move is recorded, the threads holding
# that table's live streams wake to send "version N" — a few bytes — but each must first get
# the interpreter, which a thread rendering another table's board keeps for up to CPython's
# switch interval (5 ms by default) at a time. With fifty tables playing, those waits were the
# live updates' tail (bench/run.py, P3); 1 ms keeps it short for a negligible cost in throughput.
SWITCH_INTERVAL_SECONDS = 0.001


def post_worker_init(worker) -> None:
    sys.setswitchinterval(SWITCH_INTERVAL_SECONDS)
    # Every phone is a socket: let one process hold as many as the system allows it.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else max(soft, 65536), hard))
