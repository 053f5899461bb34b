"""Companion: a table companion for physical board games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the gunicorn master imports this package (its logger class) and needs no Flask
    from flask import Flask


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The application factory: configuration, extensions, blueprints — nothing else."""
    from pathlib import Path

    from flask import Flask

    from . import config as config_module
    from . import database, fast, hosts, i18n, live, log, security, shared_counts, stream_caps
    from .extensions import babel, compress, csrf, db, htmx, migrate
    from .web import register_blueprints

    root = Path(__file__).resolve().parent.parent
    app = Flask(__name__, template_folder=str(root / "templates"), static_folder=str(root / "static"))
    app.config.update(config_module.load(config))

    db.init_app(app)
    database.tune(app)
    migrate.init_app(app, db, directory=str(Path(__file__).parent / "migrations"))
    babel.init_app(app, locale_selector=i18n.select_locale)
    csrf.init_app(app)
    compress.init_app(app)
    htmx.init_app(app)
    live.configure(app)
    log.configure(app, fast.FAST)
    shared_counts.init_app(app)  # the caps and limits, across the server's processes
    stream_caps.configure(app)
    hosts.init_app(app)  # first: a request to an unknown host name goes no further
    security.init_app(app)
    i18n.init_app(app)
    register_blueprints(app)
    return app
