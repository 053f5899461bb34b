"""The board's presenter: everything the board templates see, computed here and nowhere else.

The game's view is the only source of game data; the rest is the table around it (seats,
history, the final-score table, the URLs the forms post to). Templates lay it out and compute
nothing: the act() macro (templates/_macros.html) reads ``act_url`` and ``version`` from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from flask import current_app, url_for

from .. import charts, log
from ..games.base import Game, Score
from ..i18n import render_label, translate
from ..models import Table
from .records import bg_stats_link

if TYPE_CHECKING:
    from .context import PhoneAt

HISTORY_ON_BOARD = 8


def board_context(table: Table, *, seat: int | None, is_host: bool, display: bool = False,
                  notice: dict[str, str] | None = None, history: list | None = None,
                  by_display_link: bool = False, game: Game | None = None) -> dict[str, Any]:
    """Everything a board template sees; the game's view is the only source of game data.

    ``history``: the board's history lines when the caller already has them (a move's answer:
    the move read them, see ``log.Recorded.history``). ``by_display_link``: the table display
    opened by its own link, whose page must not hold the join link (no form, no URL with it).
    ``game``: the table's, when the caller has it (``PhoneAt``)."""
    game = game or log.game_of(table)
    state = table.state
    over = game.is_over(state)
    lines = latest_history(table) if history is None else history
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
        "final": final_table(game.final_scores(state)) if over else None,
        "history": lines,
        "undo_label": undo_label(lines),
        **(display_link_urls(table) if by_display_link else {
            "act_url": url_for("play.act", token=table.token),
            "undo_url": url_for("play.undo", token=table.token),
            "board_url": url_for("play.board", token=table.token, display=1 if display else None),
            "live_url": url_for("live.stream", token=table.token),
        }),
        "poll_seconds": current_app.config["POLL_SECONDS"],
        # A stream silent for longer than its pings allow is not working: app.js polls then.
        # (5 s of slack: a ping can be late on a loaded server without the phone starting to poll.)
        "quiet_seconds": current_app.config["SSE_KEEPALIVE_SECONDS"] + 5,
        "notice": notice,
        "bg_stats": bg_stats_link(table) if table.finished else None,
        "progress_chart": progress_chart(game, table) if over else None,
    }


def display_link_urls(table: Table) -> dict[str, str]:
    """The display link's own addresses; a form on its page (none should render) posts nowhere."""
    return {"act_url": "", "undo_url": "",
            "board_url": url_for("tables.display_board", display_token=table.display_token),
            "live_url": url_for("live.display_stream", display_token=table.display_token)}


def undo_label(lines: Sequence) -> str | None:
    """What Undo takes back, in this phone's language: the latest move still standing among the
    lines the board shows (None: nothing there to undo)."""
    last = next((line for line in lines if line.kind == "action" and not line.undone), None)
    return None if last is None else render_label(last.label)


def latest_history(table: Table) -> list:
    """The board's latest history lines, as the log's path has them (fast/path.py: kept by this
    process for the table's version)."""
    return log.latest_history(table, HISTORY_ON_BOARD)


def progress_chart(game, table: Table):
    """Score over the game, for games that can tell it (the optional ``progress`` hook)."""
    progress = getattr(game, "progress", None)
    if progress is None:
        return None
    series = [(seat.name, seat.colour, values) for seat, values in zip(table.seats, progress(table.state))]
    return charts.line_chart(series, translate("Score over the game"))


def for_phone(phone: PhoneAt, notice: dict[str, str] | None = None, history: list | None = None) -> dict[str, Any]:
    """The board as the phone asking sees it: its seat's view, its host controls."""
    return board_context(phone.table, game=phone.game, seat=phone.actor.seat, is_host=phone.actor.host,
                         notice=notice, history=history)


def final_table(scores: Sequence[Score] | None) -> dict[str, Any] | None:
    """The final scores as the frame shows them: the ranking, then how the scores add up.

    The table has a column per player in finishing order and a row per breakdown line that
    someone scores on (a line where everyone has 0 is left out), in the order lines first
    appear; a line named twice in one player's breakdown is summed.
    """
    if not scores:
        return None
    columns = sorted(scores, key=lambda s: (s.place, s.seat))
    scored = {msg for s in columns for msg, points in s.breakdown if points != 0}
    rows = [msg for msg in dict.fromkeys(msg for s in columns for msg, _points in s.breakdown) if msg in scored]
    return {
        "ranking": sorted(scores, key=lambda s: s.place),
        "columns": columns,
        "rows": [{"msg": msg, "points": [sum(p for m, p in s.breakdown if m == msg) for s in columns]}
                 for msg in rows],
    }
