"""A seat's page: the board (a live fragment), moves, undo and the history."""

from __future__ import annotations

import threading
from typing import Any, Callable

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for
from flask_htmx import HTMX

from .. import charts, log
from ..games.base import Actor, at_table
from ..i18n import translate
from ..models import Table
from . import submit
from .context import actor_for, form_to_action, load_table, optional_int, valid_request_id
from .records import bg_stats_link
from .submit import Outcome

bp = Blueprint("play", __name__)
htmx = HTMX()

HISTORY_ON_BOARD = 8


def board_context(table: Table, *, seat: int | None, is_host: bool, display: bool = False,
                  notice: dict[str, str] | None = None) -> dict[str, Any]:
    """Everything a board template sees; the game's view is the only source of game data."""
    game = log.game_of(table)
    state = table.state
    over = game.is_over(state)
    # What the act() macro needs to build a move's form (see templates/_macros.html).
    g.board = {"act_url": url_for("play.act", token=table.token), "version": table.version}
    return {
        "table": table,
        "game": game,
        "view": game.view(state, None if display else seat),
        "seat": None if display else seat,
        "is_host": is_host and not display,
        "display": display,
        "players": [{"index": s.index, "name": s.name, "colour": s.colour, "claimed": s.device is not None}
                    for s in table.seats],
        "version": table.version,
        "finished": table.finished,
        "scores": game.final_scores(state) if over else None,
        "history": log.history(table.id, limit=HISTORY_ON_BOARD),
        "act_url": url_for("play.act", token=table.token),
        "undo_url": url_for("play.undo", token=table.token),
        "board_url": url_for("play.board", token=table.token, display=1 if display else None),
        "live_url": url_for("live.stream", token=table.token),
        "poll_seconds": current_app.config["POLL_SECONDS"],
        # A stream silent for longer than its pings allow is not working: app.js polls then.
        # (5 s of slack: a ping can be late on a loaded server without the phone starting to poll.)
        "quiet_seconds": current_app.config["SSE_KEEPALIVE_SECONDS"] + 5,
        "notice": notice,
        "bg_stats": bg_stats_link(table) if table.finished else None,
        "progress_chart": progress_chart(game, table) if over else None,
    }


def progress_chart(game, table: Table):
    """Score over the game, for games that can tell it (the optional ``progress`` hook)."""
    progress = getattr(game, "progress", None)
    if progress is None:
        return None
    series = [(seat.name, seat.colour, values) for seat, values in zip(table.seats, progress(table.state))]
    return charts.line_chart(series, translate("Score over the game"))


def _context_for_phone(table: Table, notice: dict[str, str] | None = None) -> dict[str, Any]:
    actor = actor_for(table)
    return board_context(table, seat=actor.seat, is_host=actor.host, notice=notice)


@bp.get("/t/<token>")
def page(token: str):
    table = load_table(token)
    if not at_table(actor_for(table)):
        return redirect(url_for("tables.join", token=token))
    return render_template("play.html", **_context_for_phone(table))


# Board refreshes take turns. Each move sends every other phone of its table to fetch its
# board; with many tables playing, a dozen such renders can be in hand at once. The interpreter
# runs one thread at a time anyway, so letting them all share it gains nothing and slows what
# must feel instant: a tap being recorded, and the few bytes telling the phones about it, which
# would wait their turn among all those renders. One at a time, they cost the same in all and
# leave the interpreter free for those in between (bench/run.py, P3).
_board_refreshes = threading.BoundedSemaphore(1)


@bp.get("/t/<token>/board")
def board(token: str):
    """The board fragment; ``since=V`` answers 204 when nothing changed (cheap polling)."""
    with _board_refreshes:
        table = load_table(token)
        since = request.args.get("since", type=int)
        if since is not None and since == table.version:
            return "", 204
        if request.args.get("display"):
            context = board_context(table, seat=None, is_host=False, display=True)
        else:
            context = _context_for_phone(table)
        return render_template("_board_frame.html", **context)


def _respond(table: Table, outcome: Outcome):
    """htmx gets the fresh board (with the notice); a plain form post gets redirected (PRG)."""
    if htmx:
        log_table = log.current(table)
        return render_template("_board_frame.html", **_context_for_phone(log_table, outcome.notice())), outcome.status
    if outcome.text:
        flash(outcome.text, outcome.kind)
    return redirect(url_for("play.page", token=table.token))


@bp.post("/t/<token>/act")
def act(token: str):
    return _change(token, lambda table, actor, expected, request_id: submit.submit(
        table, actor, form_to_action(request.form), expected_version=expected, request_id=request_id))


@bp.post("/t/<token>/undo")
def undo(token: str):
    return _change(token, lambda table, actor, expected, request_id: submit.undo(
        table, actor, expected_version=expected, request_id=request_id))


def _change(token: str, change: Callable[[Table, Actor, int | None, str | None], Outcome]):
    """What every form that changes a table shares: its controls (the version it was looking
    at, its one-time id) must be intact; the move service decides the rest."""
    table = load_table(token)
    actor = actor_for(table)
    try:
        expected = optional_int(request.form.get("version"))
        request_id = form_request_id()
    except ValueError:
        return _respond(table, Outcome(400, "error", translate("The form was damaged; please try again.")))
    return _respond(table, change(table, actor, expected, request_id))


def form_request_id() -> str | None:
    """The form's one-time id, if it has one; a damaged one is a ValueError."""
    raw = request.form.get("request_id") or None
    if raw is not None and not valid_request_id(raw):
        raise ValueError("damaged request id")
    return raw


@bp.get("/t/<token>/away")
def away(token: str):
    """"While you were away": what changed since the version a waking phone last saw."""
    table = load_table(token)
    since = request.args.get("since", type=int)
    if since is None or since >= table.version:
        return "", 204
    events = log.history(table.id, limit=30, since=since)
    return render_template("_away.html", events=events, missed=table.version - since)


@bp.get("/t/<token>/history")
def history(token: str):
    table = load_table(token)
    return render_template("history.html", table=table, game=log.game_of(table),
                           events=log.history(table.id, limit=1000))
