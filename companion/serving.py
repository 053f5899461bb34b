"""gunicorn settings that belong with the code rather than on the Procfile's command line.

The Procfile loads this module with ``--config python:companion.serving``. The worker is
gevent's (with a slow request cut and connections capped per address: slow_clients.py): a live
phone is an open connection waiting in a greenlet, not a thread, so one process holds a club's
thousand phones (bench/run.py, P7) in little memory.

The caps on connections and live streams, and the limit on failed claims, count across every
worker of the server: the master maps their counts before it forks (shared_counts.py), gives
each worker a slot of its own, and gives back a worker's slot when it ends, however it ended.
"""

from __future__ import annotations

import gc
import resource
import sys

from . import shared_counts

# Kept from the threaded worker (gthread), for whoever runs the app that way: there, the threads
# holding a table's live streams had to get the interpreter from a thread rendering another
# table's board, for up to CPython's switch interval (5 ms by default) at a time, and those waits
# were the live updates' tail (bench/run.py, P3); 1 ms kept it short. Under gevent the phones
# are greenlets of one thread, which switch only when one waits, so this no longer matters.
SWITCH_INTERVAL_SECONDS = 0.001


def post_worker_init(worker) -> None:
    sys.setswitchinterval(SWITCH_INTERVAL_SECONDS)
    # The app as loaded (Flask, SQLAlchemy, Jinja, the games' data: about 100,000 objects) lives as
    # long as the worker; left to the garbage collector, each of its full passes walks all of them
    # (about 50 ms), and every phone of the process waits: a burst of connections (a flood, a
    # club's doors opening) triggered them. Frozen, the passes skip them (Python's gc.freeze).
    gc.collect()
    gc.freeze()
    # Every phone is a socket: let one process hold as many as the system allows it.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else max(soft, 65536), hard))


def on_starting(server) -> None:
    shared_counts.start_server(server.cfg.workers)


def pre_fork(server, worker) -> None:
    worker.counts_slot = shared_counts.of_the_server().assign_slot()


def post_fork(server, worker) -> None:
    if worker.counts_slot is None:  # more workers than slots (raised with TTIN): this one counts alone
        server.log.warning("worker %s counts its connections and streams alone: no shared slot left", worker.pid)
        shared_counts.count_alone()
    else:
        shared_counts.of_the_server().use_slot(worker.counts_slot)


def child_exit(server, worker) -> None:
    """In the master, for every worker that ended (a kill -9 too): what it held is given back."""
    shared_counts.of_the_server().free_slot(worker.counts_slot)
