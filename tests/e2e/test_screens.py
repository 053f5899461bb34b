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


# --- languages fit -------------------------------------------------------------------------------

GERMAN_PHONE = {"width": 360, "height": 740, "locale": "de-DE"}
SPILLS_OUT_OF = """(selector) => { const box = document.querySelector(selector).getBoundingClientRect();
  return [...document.querySelectorAll(selector + " *")].filter(e => e.checkVisibility())
    .filter(e => e.getBoundingClientRect().right > box.right + 0.5)
    .map(e => `${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 20)}"`); }"""


def test_german_fits_a_360_px_phone_the_movie_standings_and_the_tile_pickers_plus(server, new_phone):
    table = GAMES["beowulf-the-movie"](server.url)
    martha = new_phone(**GERMAN_PHONE)
    table.sit(martha, 1)
    expect(martha.locator("#bm-players")).to_contain_text("Sagapunkte")
    assert not martha.evaluate(SPILLS_OUT_OF, "#bm-players"), "the players table spills out of its card"

    martha.locator("#sq-3-0").click()  # an empty square: the picker opens, a tile's value first
    plus = martha.locator("#bm-place .stepper").first.locator("button[data-step='1']")
    expect(plus).to_be_visible()
    box = plus.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, f"the + shows {360 - box['x']:.0f} of {box['width']:.0f} px"
    value = martha.locator("#bm-place .stepper").first.locator("input")
    plus.click()
    expect(value).to_have_value("1")


def test_game_names_are_translated_on_the_home_page_and_in_titles(server, new_phone):
    table = GAMES["scorepad"](server.url)
    phone = new_phone(**GERMAN_PHONE)
    phone.goto(server.url + "/")
    expect(phone.locator("#start-scorepad")).to_have_text("Punkteblock")
    expect(phone.locator("#start-beowulf-the-legend")).to_have_text("Beowulf: Die Legende")
    table.sit(phone, 0)
    expect(phone).to_have_title("Punkteblock · Companion")
