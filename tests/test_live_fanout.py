"""Taking turns under the Procfile's gevent worker (turns.py): who speaks first after a move, and a tap
that arrives while a board is being drawn."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.server  # each test runs a Python process of its own under gevent

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


# A board refresh being drawn for one table while a tap arrives for another: the tap is a
# socket that becomes readable halfway through the render.
TAP_DURING_A_BOARD = """
from gevent import monkey
monkey.patch_all()
import socket
import gevent
from flask import Flask, render_template
from jinja2 import DictLoader
from companion.web.play import render_in_turns

app = Flask(__name__)
app.jinja_loader = DictLoader({"board.html": "{% for n in range(300) %}<li>{{ arrive(n) }}</li>{% endfor %}"})
phone, server_end = socket.socketpair()
order = []

def arrive(n):
    if n == 100:
        phone.send(b"tap")  # the tap reaches the server mid-render
    return n

def tap():
    server_end.recv(3)
    order.append("tap recorded")

gevent.spawn(tap)
gevent.sleep(0.01)  # the tap's greenlet waits on its socket
with app.test_request_context("/"):
    html = RENDER("board.html", arrive=arrive)
order.append("board drawn")
gevent.sleep(0.01)
assert html.count("<li>") == 300, html
print(order)
"""


def test_a_tap_arriving_while_a_board_is_drawn_goes_first():
    def run_with(render: str) -> str:
        done = subprocess.run([sys.executable, "-c", TAP_DURING_A_BOARD.replace("RENDER", render)], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert run_with("render_in_turns") == "['tap recorded', 'board drawn']"
    # Drawn in one go, the board would keep the tap waiting until its last piece.
    assert run_with("render_template") == "['board drawn', 'tap recorded']"


# A process that is never quiet: a greenlet that always has more to do.
BOARD_ON_A_BUSY_PROCESS = """
from gevent import monkey
monkey.patch_all()
import time
import gevent
from flask import Flask
from jinja2 import DictLoader
from companion.web.play import render_in_turns

app = Flask(__name__)
app.jinja_loader = DictLoader({"board.html": "{% for n in range(300) %}<li>{{ n }}</li>{% endfor %}"})
busy = True

def never_quiet():
    while busy:
        gevent.sleep(0)

gevent.spawn(never_quiet)
gevent.sleep(0.01)
started = time.monotonic()
with gevent.Timeout(10, False), app.test_request_context("/"):
    html = render_in_turns("board.html")
    print("drawn" if html.count("<li>") == 300 else "incomplete", "in time" if time.monotonic() - started < 2 else "late")
busy = False
"""


def test_a_board_is_still_drawn_when_the_process_is_never_quiet():
    done = subprocess.run([sys.executable, "-c", BOARD_ON_A_BUSY_PROCESS], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "drawn in time"
