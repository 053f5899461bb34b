"""The web layer: renders game views and dispatches moves; one blueprint per feature."""

from flask import Flask

from . import (api, compiled_templates, errors, game_files, health, library, live, offline, pages, play, quick, records,
               tables)


def register_blueprints(app: Flask) -> None:
    errors.init_app(app)
    compiled_templates.init_app(app)
    game_files.init_app(app)
    for module in (pages, tables, play, live, api, quick, records, library, health, game_files, offline):
        app.register_blueprint(module.bp)
