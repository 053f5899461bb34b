"""Quick scoring without tracking a game: a game's own page around its stateless scorer."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from jinja2 import TemplateNotFound

from .. import library
from ..games import get as get_game
from ..games.base import ScoreInputError
from ..i18n import translate

bp = Blueprint("quick", __name__)


def scorer_or_404(game_key: str, path: str):
    """The game and its quick scorer at ``path`` ("" or "act"), for the page and the JSON API alike."""
    game = get_game(game_key)
    scorer = game.quick_scorers.get(path) if game else None
    if scorer is None:
        abort(404)
    return game, scorer


@bp.route("/score/<game_key>", defaults={"path": ""}, methods=["GET", "POST"])
@bp.route("/score/<game_key>/<path:path>", methods=["GET", "POST"])
def page(game_key: str, path: str):
    game, scorer = scorer_or_404(game_key, path)
    result = error = payload = None
    status = 200
    if request.method == "POST":
        form = request.form.to_dict(flat=False)
        form.pop("csrf_token", None)
        try:
            if scorer.from_form is None:
                abort(404)
            payload = scorer.from_form(form)
            result = scorer.score(payload)
        except ScoreInputError as problem:  # in the phone's language (the JSON API answers in English)
            error, status = translate(problem.msg, problem.args_), 422
    try:
        # library: what this server remembers for the game (the Movie's board sizes)
        return render_template(f"games/{game.key}/quick.html", game=game, path=path, form=request.form,
                               payload=payload, result=result, error=error,
                               library=library.facts(game.key)), status
    except TemplateNotFound:
        abort(404)
