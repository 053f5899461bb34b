"""The web layer: renders game views and dispatches moves; one blueprint per feature."""

from flask import Flask

from . import api, errors, health, library, live, pages, play, quick, records, tables


def register_blueprints(app: Flask) -> None:
    errors.init_app(app)
    for module in (pages, tables, play, live, api, quick, records, library, health):
        app.register_blueprint(module.bp)
