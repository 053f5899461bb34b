"""What tables entered about physical boards (episodes, board shapes), as data files.

Each game that learns from the table offers a ``library_file``; this blueprint serves the
server's library for download and merges an uploaded file into it.
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, flash, redirect, render_template, url_for

from ..extensions import db
from ..games import get as get_game
from ..games.base import RuleError, ScoreInputError, _
from ..i18n import translate
from .. import devices, library
from .uploads import uploaded_json

bp = Blueprint("library", __name__)
MAX_BYTES = 2 * 1024 * 1024


def _game_with_library(key: str):
    game = get_game(key)
    if game is None or getattr(game, "library_file", None) is None:
        abort(404)
    return game


ONLY_HOSTS_IMPORT = _("Only the host of a table of this game can import a board data file, from the phone "
                      "that started the table.")


@bp.get("/games/<key>/library")
def page(key: str):
    game = _game_with_library(key)
    return render_template("library.html", game=game, data=game.library_file.export(library.facts(game.key)),
                           may_import=library.hosts_a_table_of(game.key, devices.current()))


@bp.get("/games/<key>/library.json")
def download(key: str):
    game = _game_with_library(key)
    body = json.dumps(game.library_file.export(library.facts(game.key)), ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{game.key}-board.json"'})


@bp.post("/games/<key>/library")
def upload(key: str):
    """A data file, checked whole by the game (``library_file.load``) before anything is kept, and
    only from a host: an anonymous file must not rewrite what later tables start from."""
    game = _game_with_library(key)
    if not library.hosts_a_table_of(game.key, devices.current()):
        return render_template("error.html", message=translate(ONLY_HOSTS_IMPORT), code=403), 403
    try:
        data = uploaded_json("file", MAX_BYTES, _("Choose a board data file (at most 2 MB)."))
        library.import_file(game.key, game.library_file.load(data))
        db.session.commit()
    except (ScoreInputError, RuleError) as error:
        db.session.rollback()
        flash(translate(error.msg, error.args_), "error")
        return redirect(url_for("library.page", key=key))
    flash(translate("Board data imported: later games on this server use it."), "success")
    return redirect(url_for("library.page", key=key))
