"""A game's own files, served from its folder: ``templates/`` and ``static/`` beside its code.

Templates keep their names (``games/<key>/_board.html``): the app's loader looks in the game's
folder for them, so a page includes a game's partial the same way it includes its own. Static
files are served at ``/games/<key>/static/<file>`` with the content hash in the URL, cached for
a year like the app's own.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, Flask, abort, current_app, send_from_directory, url_for
from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader

from ..games import folder, get as get_game, registry

bp = Blueprint("game_files", __name__)


def init_app(app: Flask) -> None:
    """``games/<key>/<name>`` templates come from ``companion/games/<package>/templates/<name>``."""
    per_game = {key: FileSystemLoader(folder(key) / "templates") for key in registry()}
    app.jinja_loader = ChoiceLoader([app.jinja_loader, PrefixLoader({"games": PrefixLoader(per_game)})])


def has_template(key: str, name: str) -> bool:
    return (folder(key) / "templates" / name).is_file()


@lru_cache(maxsize=64)
def _hash(path: str, mtime: float) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


def static_url(key: str, filename: str) -> str | None:
    """The URL of one of a game's static files (its hash in it), or None when it has no such file."""
    path = folder(key) / "static" / filename
    try:
        version = _hash(str(path), path.stat().st_mtime)
    except OSError:
        return None
    return url_for("game_files.static", key=key, filename=filename, v=version)


@bp.get("/games/<key>/static/<path:filename>")
def static(key: str, filename: str):
    if get_game(key) is None:
        abort(404)
    max_age = current_app.get_send_file_max_age(filename)
    return send_from_directory(folder(key) / "static", filename, max_age=max_age)
