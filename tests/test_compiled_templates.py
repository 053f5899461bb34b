"""Templates compiled once, on disk, for every process of a server and its next start
(web/compiled_templates.py): a new process draws its first page without compiling them again,
and a cache it cannot use only means compiling as before, never an error page."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import create_app
from tests.conftest import SECRET_KEY, dispose
from tests.helpers import claim, start_table

pytestmark = pytest.mark.any_database  # the templates are the same whatever holds the tables


def a_server_process(database_url: str, cache: Path):
    """The app as a new server process makes it: its own Jinja environment, the cache folder given."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": SECRET_KEY, "TESTING": True,
                      "RATELIMIT_ENABLED": False, "TEMPLATE_CACHE_DIR": str(cache)})
    compiled: list[str] = []
    compile_template = app.jinja_env.compile

    def counted(source, name=None, filename=None, raw=False, defer_init=False):
        compiled.append(name)
        return compile_template(source, name, filename, raw, defer_init)

    app.jinja_env.compile = counted
    return app, compiled


def first_legend_page(app) -> str:
    phone = app.test_client()
    token = start_table(phone, "beowulf-the-legend")["token"]
    claim(phone, token, 0)
    response = phone.get(f"/t/{token}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_a_new_process_draws_its_first_page_from_the_templates_another_compiled(database_url, tmp_path):
    cache = tmp_path / "compiled-templates"
    first, compiled_by_first = a_server_process(database_url, cache)
    first_legend_page(first)
    assert len(compiled_by_first) >= 10  # the page, the board frame and the Legend's partials
    assert len(list(cache.iterdir())) == len(set(compiled_by_first))
    dispose(first)

    second, compiled_by_second = a_server_process(database_url, cache)
    assert "Beowulf" in first_legend_page(second)
    assert compiled_by_second == []
    dispose(second)


def test_a_cache_it_cannot_write_or_read_only_means_compiling_as_before(database_url, tmp_path):
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("")
    app, compiled = a_server_process(database_url, not_a_folder)
    assert "Beowulf" in first_legend_page(app)
    assert compiled
    dispose(app)

    cache = tmp_path / "compiled-templates"
    app, _ = a_server_process(database_url, cache)
    first_legend_page(app)
    dispose(app)
    for entry in cache.iterdir():  # a disk that filled up mid-write, a file damaged since
        entry.write_bytes(entry.read_bytes()[:40])
    app, compiled = a_server_process(database_url, cache)
    assert "Beowulf" in first_legend_page(app)
    assert compiled  # compiled again from the templates themselves
    dispose(app)
