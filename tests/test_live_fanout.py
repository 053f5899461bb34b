"""The in-process fan-out under the Procfile's gevent worker: who speaks first after a move."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Run in a process of its own: gevent's monkey-patching must come before anything else is
# imported, as in the gunicorn worker, and must not touch the test process.
UNDER_GEVENT = """
from gevent import monkey
monkey.patch_all()
import gevent
from companion import live, turns

fanout = live.LocalFanout()
said = []

def phone_stream():
    said.append(("told", fanout.wait(table_id=7, known=3, timeout=5)))

stream = gevent.spawn(phone_stream)
gevent.sleep(0.01)  # the stream is waiting for the table's next version
fanout.publish(7, 4)  # the move is recorded: what live.announce does, then
if {speak}:
    turns.let_woken_run()
said.append(("answer rendered", None))  # the mover's board, rendered without a pause
stream.join()
print(said)
"""


def run(speak: bool) -> str:
    done = subprocess.run([sys.executable, "-c", UNDER_GEVENT.format(speak=speak)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_moves_phones_are_told_before_the_movers_answer_is_rendered():
    assert run(speak=True) == "[('told', 4), ('answer rendered', None)]"
    # Without the yield, the stream would wait for the whole render (gevent does not preempt).
    assert run(speak=False) == "[('answer rendered', None), ('told', 4)]"
