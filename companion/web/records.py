"""The evening's record: finished games, statistics, export and import, BG Stats links."""

from __future__ import annotations

import json
import time
from datetime import datetime, timezone
from typing import Callable, Iterator
from urllib.parse import quote

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, stream_with_context, url_for

from .. import charts, devices, log, records
from ..extensions import db
from ..games.base import RuleError, _
from ..i18n import translate
from ..log import game_of
from ..models import Table
from .context import load_table, optional_int
from .uploads import UploadTooLarge, uploaded_json

bp = Blueprint("records", __name__)
# An export of the longest history one import may hold (records.MAX_IMPORT_EVENTS) is about 1 MB;
# reading a file costs the worker about 0.1 s a MB, a time every other table waits.
MAX_IMPORT_BYTES = 2 * 1024 * 1024


def _download(body: str, mimetype: str, filename: str) -> Response:
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/records")
def index():
    return render_template("records.html", **records_page(records.finished_tables()))


def records_page(tables: list[Table]) -> dict:
    """Everything the records page shows, sorted and summed here: the template only lays it out.

    ``results``: each finished game's players by place. ``rankings``: per game (and ranking,
    see ``records.Ranking``) the players who played it, in the order of the players' table,
    with their average and best.
    """
    rows = list(records.score_rows(tables))
    stats = records.player_stats(rows)
    results: dict[int, list] = {}
    for row in rows:
        results.setdefault(row["table"], []).append(row)
    for placed in results.values():
        placed.sort(key=lambda row: (row["place"], row["seat"]))
    rankings = [{"ranking": ranking,
                 "players": [{"name": p.name, "average": p.average(ranking), "best": p.best(ranking)}
                             for p in stats if p.best(ranking) is not None]}
                for ranking in sorted({records.ranking_of(row) for row in rows})]
    wins = charts.bar_chart([(p.name, p.wins) for p in stats[:12]], translate("Wins per player"))
    return {"tables": tables, "stats": stats, "rankings": rankings, "wins_chart": wins, "results": results}


# The records' exports come in pages of finished games, newest first: ``?limit=`` games (at most
# the most below; more is read as the most) from ``?offset=`` (0). A page that is not the last
# says where the next one is: a ``Link: <…>; rel="next"`` header, and in the JSON a "next" URL.
# Each is streamed a game at a time, and lets the worker's other requests run between games:
# 150 requests at once over 11 MB of records once took every table down with the worker.
JSON_EXPORT_PAGE, JSON_EXPORT_MOST = 100, 500
CSV_EXPORT_PAGE, CSV_EXPORT_MOST = 1000, 5000


@bp.get("/records/export.json")
def export_all_json():
    """``{"format": "companion-records", "games": [each game as /t/<token>/export.json gives it],
    "next": the next page's URL (only when there is one)}``."""
    ids, following = _page(JSON_EXPORT_PAGE, JSON_EXPORT_MOST, "records.export_all_json")

    def body():
        yield '{"format": "companion-records", "games": ['
        for n, table in enumerate(_one_at_a_time(ids)):
            # Not indented: Python's encoder writes indented JSON in Python, 10 times slower than in C.
            yield ("," if n else "") + "\n" + json.dumps(records.export_game(table), ensure_ascii=False)
        yield "\n]" + (f', "next": {json.dumps(following)}' if following else "") + "}\n"

    return _streamed(body(), "application/json", "companion-records.json", following)


@bp.get("/records/export.csv")
def export_all_csv():
    ids, following = _page(CSV_EXPORT_PAGE, CSV_EXPORT_MOST, "records.export_all_csv")

    def body():
        yield records.to_csv([])  # the header
        for table in _one_at_a_time(ids):
            yield records.to_csv(records.score_rows([table])).partition("\r\n")[2]

    return _streamed(body(), "text/csv", "companion-records.csv", following)


def _page(default: int, most: int, endpoint: str) -> tuple[list[int], str | None]:
    """The page the query string asks for, its games' ids, and the next page's URL (None: this
    is the last). A limit or offset that is not a whole number is a 400."""
    try:
        offset = optional_int(request.args.get("offset")) or 0
        limit = optional_int(request.args.get("limit"))
    except ValueError:
        abort(400)
    limit = default if limit is None else limit
    if offset < 0 or limit < 1:
        abort(400)
    limit = min(limit, most)
    ids = records.finished_table_ids(offset, limit + 1)
    following = url_for(endpoint, offset=offset + limit, limit=limit) if len(ids) > limit else None
    return ids[:limit], following


def _one_at_a_time(ids: list[int]) -> Iterator[Table]:
    """Each game of a page, read as its turn comes and let go after it: the stream holds one
    game in memory, and no database connection while the phone reads (each game's read ends
    its transaction). Between games the worker's other requests run (gevent: other greenlets)."""
    for table_id in ids:
        table = db.session.get(Table, table_id)
        if table is not None:  # deleted since the page was read
            yield table
        db.session.rollback()
        db.session.expunge_all()
        time.sleep(0)


def _streamed(body: Iterator[str], mimetype: str, filename: str, following: str | None) -> Response:
    response = Response(stream_with_context(body), mimetype=mimetype,
                        headers={"Content-Disposition": f'attachment; filename="{filename}"'})
    if following:
        response.headers["Link"] = f'<{following}>; rel="next"'
    return response


def _finished(token: str) -> Table:
    table = load_table(token)
    if not table.finished:
        raise RuleError("Only a finished game can be exported: until then its face-down values are private.")
    return table


@bp.get("/t/<token>/export.json")
def export_game_json(token: str):
    return _export_finished(token, "json", "application/json",
                            lambda table: json.dumps(records.export_game(table), ensure_ascii=False, indent=1))


@bp.get("/t/<token>/export.csv")
def export_game_csv(token: str):
    return _export_finished(token, "csv", "text/csv", lambda table: records.to_csv(records.score_rows([table])))


def _export_finished(token: str, suffix: str, mimetype: str, body_of: Callable[[Table], str]):
    """One finished game as a download; a game still going is refused (409), its face-down
    values being private until the end."""
    try:
        table = _finished(token)
    except RuleError as error:
        return render_template("error.html", message=translate(error.msg, error.args_), code=409), 409
    return _download(body_of(table), mimetype, f"{table.game}-{table.updated_at:%Y-%m-%d}.{suffix}")


@bp.post("/records/import")
def import_game():
    """A finished game from its export file; a refused file is answered on the records page,
    413 when it asks more than one import may (records.MAX_IMPORT_EVENTS …), else 422."""
    try:
        data = uploaded_json("file", MAX_IMPORT_BYTES, _("Choose an exported game file (at most 2 MB)."))
        table = records.import_game(data, devices.current())
    except (UploadTooLarge, records.ImportTooLarge, log.ReplayTooLong) as error:
        return _refused(error, 413)
    except RuleError as error:
        return _refused(error, 422)
    flash(translate("Game imported."), "success")
    return redirect(url_for("play.page", token=table.token))


def _refused(error: RuleError, code: int):
    flash(translate(error.msg, error.args_), "error")
    return render_template("records.html", **records_page(records.finished_tables())), code


def bg_stats_link(table: Table) -> str | None:
    """A link that opens BG Stats' "log a play" with this game's players, scores and winners.

    Uses BG Stats' createPlay deep link (JSON in the `data` parameter). No BGG id is sent:
    our sources do not give one, and a wrong id would log the wrong game.
    """
    game = game_of(table)
    scores = game.final_scores(table.state) if table.finished else None
    if not scores:
        return None
    data = {
        "sourceName": "Companion",
        "game": {"name": translate(game.title), "sourceGameId": game.key},
        "playDate": table.created_at.strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": max(1, round((_utc(table.updated_at) - _utc(table.created_at)).total_seconds() / 60)),
        "players": [{"name": s.name, "score": str(s.total), "winner": s.place == 1, "seatOrder": s.seat + 1}
                    for s in scores],
    }
    return "https://app.bgstatsapp.com/createPlay.html?data=" + quote(json.dumps(data, separators=(",", ":")))


def _utc(moment: datetime) -> datetime:
    """A time as UTC with its zone: SQLite hands back times without one, and the move that
    just finished the game holds its own with one (the two could not be subtracted: a 500 on
    the page answering the finishing move)."""
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment
