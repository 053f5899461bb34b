"""Starting a game, inviting the table (QR), and binding phones to seats."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from .. import devices, log, qr
from ..models import Table
from ..presence import presence
from ..games import get as get_game
from ..games import registry
from ..games.base import Game, RuleError
from ..i18n import translate
from .. import seating
from ..seating import COLOURS
from . import submit
from .board import board_context
from .context import load_displayed_table, load_table, public_url, version_arg

bp = Blueprint("tables", __name__)


@bp.get("/")
def home():
    mine = seating.tables_of_device(devices.current())
    return render_template("home.html", games=registry().values(), mine=mine)


@bp.get("/new/<game_key>")
def new(game_key: str):
    game = get_game(game_key) or abort(404)
    return render_template("new.html", game=game, colours=seating.colours_of(game), form={})


@bp.post("/new/<game_key>")
def create(game_key: str):
    game = get_game(game_key) or abort(404)
    try:
        players = parse_players(request.form, game)
        options = parse_options(request.form, game)
        table = seating.create_table(game, players, options, devices.current())
    except RuleError as error:
        return render_template("new.html", game=game, colours=seating.colours_of(game), form=request.form,
                               error=translate(error.msg, error.args_)), 422
    return redirect(url_for("tables.invite", token=table.token))


def parse_players(form, game: Game) -> list[dict[str, str]]:
    names = [n.strip() for n in form.getlist("name")]
    colours = form.getlist("colour")
    players = [{"name": name, "colour": colours[i] if i < len(colours) else ""}
               for i, name in enumerate(names) if name]
    return seating.validate_players(players, game)


def parse_options(form, game: Game) -> dict[str, Any]:
    raw = {spec.key: form.get(spec.key) for spec in game.options}
    for spec in game.options:
        if spec.kind == "bool":
            raw[spec.key] = spec.key in form
    return seating.validate_options(raw, game)


@bp.get("/t/<token>/invite")
def invite(token: str):
    table = load_table(token)
    link = public_url(url_for("tables.join", token=token))
    display_link = public_url(url_for("tables.display_by_link", display_token=table.display_token))
    return render_template("invite.html", table=table, game=get_game(table.game), link=link, qr=qr.svg(link),
                           display_link=display_link, **seating.seat_context(table))


@bp.get("/t/<token>/invite/seats")
def invite_seats(token: str):
    """The invite page's list of seats, fetched again while the host waits for everyone."""
    table = load_table(token)
    return render_template("_invite_seats.html", table=table, **seating.seat_context(table))


@bp.get("/t/<token>/join")
def join(token: str):
    table = load_table(token)
    context = seating.seat_context(table)
    if context["seat"] is not None and "pick" not in request.args:
        return redirect(url_for("play.page", token=token))
    return render_template("join.html", table=table, game=get_game(table.game), **context)


@bp.post("/t/<token>/seats/<int:index>/claim")
def claim(token: str, index: int):
    """A wrong token is counted by load_table, a failed claim by submit.claim; nothing else is
    limited here, so a free seat is always taken."""
    outcome = submit.claim(load_table(token), index)
    if outcome.status == 429:
        return render_template("error.html", message=outcome.text, code=429), 429
    if outcome.refused:
        flash(outcome.text, "error")
        return redirect(url_for("tables.join", token=token, pick=1))
    return redirect(url_for("play.page", token=token))


@bp.post("/t/<token>/seats/<int:index>/release")
def release(token: str, index: int):
    outcome = submit.release(load_table(token), index)
    if outcome.refused:
        flash(outcome.text, "error")
    # Back to where the phone stands now: its seat page if it still has one, else the seat picker.
    return redirect(url_for("tables.join", token=token))


@bp.get("/t/<token>/display")
def display(token: str):
    """The table display by the join link (kept: links and bookmarks made before the display
    had a link of its own)."""
    table = load_table(token)
    return render_template("display.html", **board_context(table, seat=None, is_host=False, display=True),
                           **display_seats(table, url_for("tables.display_seats_fragment", token=token)))


@bp.get("/d/<display_token>")
def display_by_link(display_token: str):
    """The table display by its own link: the table read-only, nothing on it leads to a seat."""
    log.reads_outside_a_transaction()  # reads only (log.py)
    table = load_displayed_table(display_token)
    return render_template("display.html", **board_context(table, seat=None, is_host=False, display=True,
                                                            by_display_link=True),
                           **display_seats(table, url_for("tables.display_seats_by_link", display_token=display_token)))


@bp.get("/d/<display_token>/board")
def display_board(display_token: str):
    """The display's board fragment; ``since=V`` answers 204 when nothing changed."""
    log.reads_outside_a_transaction()  # reads only (log.py)
    table = load_displayed_table(display_token)
    since = version_arg("since")
    if since is not None and since == table.version:
        return "", 204
    return render_template("_board_frame.html", **board_context(table, seat=None, is_host=False, display=True,
                                                                 by_display_link=True))



# --- who is at the table, on the display (issue #27) ----------------------------------------------

@bp.get("/t/<token>/display/seats")
def display_seats_fragment(token: str):
    """The display's list of seats, fetched again when a seat's phone comes or goes."""
    log.reads_outside_a_transaction()  # reads only (log.py)
    table = load_table(token)
    return render_template("_display_seats.html", **display_seats(table, request.path))


@bp.get("/d/<display_token>/seats")
def display_seats_by_link(display_token: str):
    log.reads_outside_a_transaction()  # reads only (log.py)
    table = load_displayed_table(display_token)
    return render_template("_display_seats.html", **display_seats(table, request.path))


def display_seats(table: Table, seats_url: str) -> dict[str, Any]:
    """Each seat, whether its phone is connected now (its live stream open: presence.py), and —
    while a seat is free and the game goes on — the join link's QR code, so a latecomer scans it
    from the table. The display link itself claims no seat; once every seat is taken the QR goes,
    so a display link passed on to onlookers no longer leads to the table's join link."""
    invite = not table.finished and any(seat.device is None for seat in table.seats)
    join = public_url(url_for("tables.join", token=table.token)) if invite else None
    return {"seats": table.seats, "connected": presence().seats(table.id), "seats_url": seats_url,
            "join_qr": qr.svg(join) if join else None}
