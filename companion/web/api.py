"""The JSON API: every move a page can make, for scripts and tests. Documented by openapi.py.

CSRF: the API accepts only ``application/json`` bodies, which a page on another site cannot
send without the browser asking first (CORS preflight, never granted here), and refuses a
foreign ``Origin``. Errors are ``{"error": "..."}`` with a 4xx status.
"""

from __future__ import annotations

import copy
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, g, jsonify, request, url_for

from .. import devices, json_input, log, seating
from ..extensions import csrf
from ..games import get as get_game
from ..games import registry
from ..games.base import RuleError, ScoreInputError
from ..i18n import render_label, translate
from . import submit
from .context import (PhoneAt, load_table, optional_int, phone_at, public_url, table_for_a_move, valid_request_id,
                      version_arg)
from .openapi import document
from .quick import scorer_or_404

bp = Blueprint("api", __name__, url_prefix="/api")
csrf.exempt(bp)

HISTORY_PAGE = 1000


class ApiError(Exception):
    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra


@bp.errorhandler(ApiError)
def api_error(error: ApiError):
    return jsonify({"error": error.message, **error.extra}), error.status


@bp.before_request
def only_json_from_this_origin():
    if request.method != "POST":
        return None
    origin = request.headers.get("Origin")
    if origin and urlsplit(origin).netloc != request.host:
        raise ApiError(403, "Requests from another site are refused.")
    if not request.is_json:
        raise ApiError(415, "Send JSON (Content-Type: application/json).")
    if request.content_length:
        json_body()  # every route refuses a body it could not read, whether it needs one or not
    return None


def json_body() -> Any:
    """The body parsed as strict JSON (see json_input: no NaN, no deep nesting, no huge
    numbers), or a 400 saying what is wrong with it."""
    if "json_body" not in g:
        try:
            g.json_body = json_input.loads(request.get_data(cache=True))
        except json_input.JsonInputError as error:
            raise ApiError(400, str(error)) from None
    return copy.deepcopy(g.json_body)  # the caller may change it (the move's control fields are popped)


def body() -> dict[str, Any]:
    data = json_body()
    if not isinstance(data, dict):
        raise ApiError(400, "The body must be a JSON object.")
    return data


def rule_error(error: RuleError) -> ApiError:
    return ApiError(422, translate(error.msg, error.args_))


@bp.get("/openapi.json")
def openapi():
    return jsonify(document())


@bp.get("/games")
def games():
    return jsonify({"games": [
        {"key": g.key, "title": g.title, "min_players": g.min_players, "max_players": g.max_players,
         "options": [{"key": o.key, "kind": o.kind, "default": o.default,
                      "choices": [c for c, _ in o.choices]} for o in g.options],
         "actions": sorted(name for name, spec in g.actions.items() if spec.offered)}
        for g in registry().values()]})


@bp.post("/tables")
def create_table():
    data = body()
    game = get_game(str(data.get("game"))) or _raise(ApiError(422, "Unknown game."))
    players = data.get("players")
    options = data.get("options", {})
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise ApiError(422, "players must be a list of {name, colour}.")
    if not isinstance(options, dict):
        raise ApiError(422, "options must be an object.")
    try:
        table = seating.create_table(game, seating.validate_players(players, game),
                                     seating.validate_options(options, game), devices.current())
    except RuleError as error:
        raise rule_error(error) from None
    return jsonify(table_json(phone_at(table))), 201


def _raise(error: Exception):
    raise error


def table_json(phone: PhoneAt) -> dict[str, Any]:
    """The table as this phone may see it."""
    table, game, actor = phone.table, phone.game, phone.actor
    over = game.is_over(table.state)
    scores = game.final_scores(table.state) if over else None
    return {
        "token": table.token,
        "game": table.game,
        "version": table.version,
        "finished": table.finished,
        "options": table.options,
        "url": public_url(url_for("play.page", token=table.token)),
        "join_url": public_url(url_for("tables.join", token=table.token)),
        "seat": actor.seat,
        "host": actor.host,
        "seats": [{"index": s.index, "name": s.name, "colour": s.colour, "claimed": s.device is not None,
                   "mine": s.index == actor.seat} for s in table.seats],
        "view": game.view(table.state, actor.seat),
        "scores": [{"seat": s.seat, "name": s.name, "total": s.total, "place": s.place,
                    "breakdown": [[render_label({"msg": m, "args": {}}), p] for m, p in s.breakdown]}
                   for s in scores] if scores else None,
    }


@bp.get("/tables/<token>")
def get_table(token: str):
    log.reads_outside_a_transaction()  # reads only (log.py)
    return jsonify(table_json(phone_at(load_table(token))))


@bp.post("/tables/<token>/seats/<int:index>/claim")
def claim(token: str, index: int):
    return _seated(token, submit.claim(load_table(token), index))


@bp.post("/tables/<token>/seats/<int:index>/release")
def release(token: str, index: int):
    return _seated(token, submit.release(load_table(token), index))


def _seated(token: str, outcome: submit.Outcome):
    if outcome.refused:
        raise ApiError(outcome.status, outcome.text or "")
    return jsonify(table_json(phone_at(load_table(token))))


def _control(data: dict[str, Any]) -> tuple[int | None, str | None]:
    try:
        expected = optional_int(data.pop("version", None))
    except (TypeError, ValueError):
        raise ApiError(422, "version must be a whole number.") from None
    request_id = data.pop("request_id", None)
    if request_id is not None and not valid_request_id(request_id):
        raise ApiError(422, "request_id must be a string of 1 to 64 printable characters.")
    return expected, request_id


def _answer(outcome: submit.Outcome):
    """The recorded move with the table as it is now (as the move left it: no query on the fast
    path, see ``log.current``), or the refusal as ``{"error": ...}``."""
    if outcome.refused:
        extra = {"version": outcome.version} if outcome.version is not None else {}
        raise ApiError(outcome.status, outcome.text or "", **extra)
    recorded = outcome.recorded
    return jsonify({"version": recorded.version, "label": render_label(recorded.label),
                    "duplicate": recorded.duplicate, "table": table_json(outcome.phone.after_the_change())})


@bp.post("/tables/<token>/actions")
def act(token: str):
    log.reads_outside_a_transaction()  # a move writes in one statement (fast/path.py)
    table = table_for_a_move(token)  # an unknown table is a 404 before its body is looked at
    data = body()
    expected, request_id = _control(data)
    if not isinstance(data.get("type"), str):
        raise ApiError(422, "type: the name of the move is missing.")
    return _answer(submit.submit(table, dict(data), expected_version=expected, request_id=request_id))


@bp.post("/tables/<token>/undo")
def undo(token: str):
    phone = phone_at(load_table(token))
    expected, request_id = _control(body())
    outcome = submit.undo(phone, expected_version=expected, request_id=request_id)
    if outcome.refused and outcome.status != 403:
        # A refused undo says why, with the table as it now stands (what is there to undo).
        extra = {"version": outcome.version} if outcome.version is not None else {}
        now = outcome.phone.after_the_change()
        raise ApiError(outcome.status, outcome.text or "", **extra, table=table_json(now))
    return _answer(outcome)


@bp.get("/tables/<token>/history")
def history(token: str):
    log.reads_outside_a_transaction()  # reads only (log.py)
    table = load_table(token)
    # One page: the newest HISTORY_PAGE events (after ``since``, before ``before``); "before"
    # in the answer is the cursor for the page older than this one (null: this is the oldest).
    # Never past the version read (``reads_outside_a_transaction``: a move may land in between).
    since, before = version_arg("since"), version_arg("before")
    before = table.version + 1 if before is None else min(before, table.version + 1)
    events = log.history(table.id, limit=HISTORY_PAGE + 1, since=since, before=before)
    more, events = len(events) > HISTORY_PAGE, events[:HISTORY_PAGE]
    return jsonify({"version": table.version, "before": events[-1].version if more else None, "events": [
        {"version": e.version, "kind": e.kind, "label": render_label(e.label), "seat": e.seat,
         "undone": e.undone, "undoes": e.undoes, "at": e.created_at.isoformat()} for e in events]})


@bp.post("/score/<game_key>", defaults={"path": ""})
@bp.post("/score/<game_key>/<path:path>")
def quick_score(game_key: str, path: str):
    _, scorer = scorer_or_404(game_key, path)
    data = json_body()
    if not isinstance(data, dict):
        raise ApiError(422, "The body must be a JSON object.")
    try:
        return jsonify(scorer.score(data))
    except ScoreInputError as error:
        # English whatever the phone's language, as it always was: scripts match these messages.
        raise ApiError(422, str(error)) from None
