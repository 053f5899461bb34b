"""Adding a game is one folder: the guide's example game (docs/example_game/closed_bid/), copied
into a folder of its own and put on the games' package path at test time, is found, served and
played through the real web surface with nothing edited elsewhere (docs/adding-a-game.md).

It is never registered on a server: only this test puts it on the path.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

import companion.games as games
from tests.conftest import dispose, make_app
from tests.helpers import act, board_page, claim, post_form, start_table, table_view

EXAMPLE = Path(__file__).parent.parent / "docs" / "example_game" / "closed_bid"
PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]


@pytest.fixture
def example_game(tmp_path, monkeypatch):
    """The example's folder, as a new game's author would add it, on the games' package path."""
    home = tmp_path / "more_games"
    shutil.copytree(EXAMPLE, home / "closed_bid")
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(home)])
    games.registry.cache_clear()
    yield games.get("closed-bid")
    games.registry.cache_clear()
    for name in [n for n in sys.modules if n.startswith("companion.games.closed_bid")]:
        del sys.modules[name]


@pytest.fixture
def bid_app(example_game, database_url, tmp_path):
    app = make_app(database_url, tmp_path)
    yield app
    dispose(app)


def test_the_example_game_is_one_folder_found_by_its_package_name(example_game):
    assert example_game is not None and example_game.key == "closed-bid"
    assert games.folder("closed-bid").name == "closed_bid"
    files = sorted(p.relative_to(EXAMPLE).as_posix() for p in EXAMPLE.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    assert files == ["README.md", "__init__.py", "game.py", "static/game.css", "templates/_board.html"]


def test_the_example_game_is_never_registered_without_the_test():
    assert "closed-bid" not in games.registry()


def test_a_face_down_bid_is_played_through_the_web_seen_only_by_its_writer(bid_app):
    host = bid_app.test_client()
    assert "Closed bid" in host.get("/").get_data(as_text=True), "the home page lists every registered game"
    token = start_table(host, "closed-bid", PLAYERS)["token"]
    ann, bob = bid_app.test_client(), bid_app.test_client()
    claim(ann, token, 0)
    claim(bob, token, 1)
    assert "/games/closed-bid/static/game.css" in board_page(ann, token), "the game's own stylesheet is linked"

    # Ann types her bid on the board's form, as a phone posts it (a string the schema reads as 73).
    mine = post_form(ann, token, board_page(ann, token), "write_bid", bid="73")
    assert re.search(r'class="cb-bid">73<', mine)
    for phone, display in ((bob, False), (host, True)):
        assert 'class="cb-bid">73<' not in board_page(phone, token, display=display)
    assert table_view(bob, token)["players"][0] == {"index": 0, "name": "Ann", "colour": "red",
                                                    "written": True, "bid": None}

    refused = act(bob, token, type="write_bid", seat=0, bid=5)  # who=OWN_SEAT: not even for another seat
    assert refused.status_code == 422
    assert "Only the player themselves can do this, from their own phone." in refused.get_data(as_text=True)
    too_high = act(bob, token, type="write_bid", bid=101)  # the row's schema, checked before the handler
    assert too_high.status_code == 422 and "bid must be at most 100" in too_high.get_data(as_text=True)
    early = act(host, token, type="reveal")
    assert early.status_code == 422 and "Waiting for the bids of: Bob" in early.get_data(as_text=True)

    assert act(bob, token, type="write_bid", bid=12).status_code == 200
    assert act(bob, token, type="reveal").status_code == 200
    assert [p["bid"] for p in table_view(ann, token)["players"]] == [73, 12]
    late = act(ann, token, type="write_bid", bid=90)
    assert late.status_code == 422 and "This game is over" in late.get_data(as_text=True)


def test_the_api_document_lists_the_example_games_moves_from_its_table(bid_app):
    document = bid_app.test_client().get("/api/openapi.json").get_data(as_text=True)
    assert "write_bid" in document and "Write your bid face down" in document


def test_the_guides_board_example_is_the_example_games_own_template():
    """The guide's Jinja block is copied from a template this file renders: it cannot drift into
    one that no longer works (an import the board does not need once raised UndefinedError)."""
    guide = (Path(__file__).parent.parent / "docs" / "adding-a-game.md").read_text()
    blocks = re.findall(r"```jinja\n(.*?)```", guide, re.S)
    board = (EXAMPLE / "templates" / "_board.html").read_text()
    assert blocks and all(block in board for block in blocks)
