"""Screens made for a table (issue #16): the table display of every game, mid-play, fits a TV
without scrolling, in light and dark, in type readable across a room.

The tables are built through the API (tests/e2e/mid_game.py): four players, moves made, the
state a table looks at in the middle of an evening.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot
from tests.e2e.mid_game import GAMES

pytestmark = pytest.mark.browser

TVS = [(1280, 720), (1920, 1080)]
SCHEMES = ("light", "dark")
# What the table needs at a glance, per game (the list): each must be on the screen whole.
AT_A_GLANCE = {
    "beowulf-the-legend": {"episode, step and whose turn": "#bl-step", "players' public holdings": ".bl-players",
                           "the path": ".bl-path-card"},
    "beowulf-the-movie": {"the board with figure scores": "#bm-board", "the standings": "#bm-players"},
    "adventure-land": {"round and whose turn": "#al-status", "the players and their points": "#al-players"},
    "stonehenge": {"the ring": ".sh-ring-card", "the players": ".sh-players"},
    "scorepad": {"the scores": "#board > section.card:not(.history)"},
}

OFF_SCREEN = """(selector) => { const r = document.querySelector(selector)?.getBoundingClientRect();
  return !r ? "missing" : (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1)
    ? `at ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}` : ""; }"""
# A chip whose edge is no darker or lighter than the page behind it vanishes (a black player on
# the dark screen): every chip has a visible outline.
UNOUTLINED_CHIPS = """() => [...document.querySelectorAll(".chip")].filter(c => c.checkVisibility())
  .filter(c => { const s = getComputedStyle(c); return parseFloat(s.borderTopWidth) < 1.5 || s.borderTopStyle === "none"
                 || s.borderTopColor === s.backgroundColor; }).length"""


@pytest.mark.parametrize("game", AT_A_GLANCE)
def test_the_table_display_of_each_game_mid_play_fits_a_tv_without_scrolling(server, new_phone, game):
    table = GAMES[game](server.url)
    failures = []
    for width, height in TVS:
        for scheme in SCHEMES:
            tv = new_phone(width, height, color_scheme=scheme)
            tv.goto(f"{server.url}/t/{table.token}/display")
            expect(tv.locator("#board")).to_be_visible()
            name = f"display-{game}-{width}x{height}-{scheme}"
            size = tv.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
            if size[0] > width or size[1] > height:
                failures.append(f"{name}: the page is {size[0]}×{size[1]}")
            for what, selector in AT_A_GLANCE[game].items():
                where = tv.evaluate(OFF_SCREEN, selector)
                if where:
                    failures.append(f"{name}: {what} ({selector}) is not on the screen: {where}")
            body = float(tv.evaluate("parseFloat(getComputedStyle(document.body).fontSize)"))
            if height >= 1080 and body < 24:
                failures.append(f"{name}: body text {body} px")
            if tv.evaluate(UNOUTLINED_CHIPS):
                failures.append(f"{name}: colour chips without an outline")
            if failures and failures[-1].startswith(name):
                screenshot(tv, name)
            tv.context.close()
    assert not failures, "\n".join(failures)
