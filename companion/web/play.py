"""A seat's page: the board (a live fragment), moves, undo and the history."""

from __future__ import annotations

import threading

from flask import Blueprint, flash, redirect, render_template, request, stream_template, url_for

from .. import log, turns
from ..extensions import htmx
from ..games.base import at_table
from ..i18n import translate
from . import submit
from .board import HISTORY_ON_BOARD, board_context, for_phone
from .context import (form_to_action, load_table, optional_int, phone_at, table_for_a_move, valid_request_id,
                      version_arg)
from .submit import Outcome

bp = Blueprint("play", __name__)

@bp.get("/t/<token>")
def page(token: str):
    log.reads_outside_a_transaction()  # reads only (log.py)
    phone = phone_at(load_table(token))
    if not at_table(phone.actor):
        return redirect(url_for("tables.join", token=token))
    return render_template("play.html", **for_phone(phone))


# Board refreshes take turns. Each move sends every other phone of its table to fetch its
# board; with many tables playing, a dozen such renders can be in hand at once. The interpreter
# runs one thread at a time anyway, so letting them all share it gains nothing and slows what
# must feel instant: a tap being recorded, and the few bytes telling the phones about it, which
# would wait their turn among all those renders. One at a time, they cost the same in all and
# leave the interpreter free for those in between (bench/run.py, P3); and the one being drawn
# steps aside every few pieces for whatever arrived meanwhile (turns.py; bench/run.py, P7).
_board_refreshes = threading.BoundedSemaphore(1)
PIECES_BETWEEN_TURNS = 24  # a board is some 100 to 300 pieces: a turn every 0.2 ms or so


@bp.get("/t/<token>/board")
def board(token: str):
    """The board fragment; ``since=V`` answers 204 when nothing changed (cheap polling)."""
    with _board_refreshes:
        turns.wait_until_quiet()  # a tap that came in while the last board was drawn goes first
        log.reads_outside_a_transaction()  # reads only (log.py)
        table = load_table(token)
        since = version_arg("since")
        if since is not None and since == table.version:
            return "", 204
        if request.args.get("display"):
            context = board_context(table, seat=None, is_host=False, display=True)
        else:
            context = for_phone(phone_at(table))
        return render_in_turns("_board_frame.html", **context)


def render_in_turns(name: str, **context) -> str:
    """``render_template``, stepping aside for other work every few pieces (turns.py)."""
    pieces = []
    for count, piece in enumerate(stream_template(name, **context), 1):
        pieces.append(piece)
        if count % PIECES_BETWEEN_TURNS == 0:
            turns.wait_until_quiet()
    return "".join(pieces)


def _respond(outcome: Outcome):
    """htmx gets the fresh board (with the notice); a plain form post gets redirected (PRG)."""
    if htmx:
        history = outcome.recorded.history if outcome.recorded else None
        board = for_phone(outcome.phone.after_the_change(), outcome.notice(), history)
        return render_template("_board_frame.html", **board), outcome.status
    if outcome.text:
        flash(outcome.text, outcome.kind)
    return redirect(url_for("play.page", token=outcome.phone.table.token))


@bp.post("/t/<token>/act")
def act(token: str):
    log.reads_outside_a_transaction()  # a move writes in one statement (fast/path.py)
    try:
        expected, request_id = form_controls()
    except ValueError:
        return _damaged(token)
    return _respond(submit.submit(table_for_a_move(token), form_to_action(request.form), expected_version=expected,
                                  request_id=request_id, history_lines=_answer_history_lines()))


@bp.post("/t/<token>/undo")
def undo(token: str):
    try:
        expected, request_id = form_controls()
    except ValueError:
        return _damaged(token)
    return _respond(submit.undo(phone_at(load_table(token)), expected_version=expected, request_id=request_id,
                                history_lines=_answer_history_lines()))


def _answer_history_lines() -> int:
    """The history lines the answer's board shows, read by the move itself (htmx gets the board)."""
    return HISTORY_ON_BOARD if htmx else 0


def form_controls() -> tuple[int | None, str | None]:
    """What every form that changes a table carries: the version it was looking at and its
    one-time id; a damaged one is a ValueError. The move service decides the rest."""
    return optional_int(request.form.get("version")), form_request_id()


def _damaged(token: str):
    return _respond(Outcome(400, "error", translate("The form was damaged; please try again."),
                            phone=phone_at(load_table(token))))


def form_request_id() -> str | None:
    """The form's one-time id, if it has one; a damaged one is a ValueError."""
    raw = request.form.get("request_id") or None
    if raw is not None and not valid_request_id(raw):
        raise ValueError("damaged request id")
    return raw


@bp.get("/t/<token>/away")
def away(token: str):
    """"While you were away": what changed since the version a waking phone last saw."""
    log.reads_outside_a_transaction()  # reads only (log.py)
    table = load_table(token)
    since = version_arg("since")
    if since is None or since >= table.version:
        return "", 204
    since = max(since, 0)
    events = log.history(table.id, limit=30, since=since, before=table.version + 1)
    return render_template("_away.html", events=events, missed=table.version - since)


@bp.get("/t/<token>/history")
def history(token: str):
    log.reads_outside_a_transaction()  # reads only (log.py)
    table = load_table(token)
    return render_template("history.html", table=table, game=log.game_of(table),
                           events=log.history(table.id, limit=1000, before=table.version + 1))
