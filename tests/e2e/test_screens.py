"""Screens made for a table (issue #16): a phone in German, the step and its primary button on a
390 px phone's first screen, undo and freeing a seat asked first. The table display of every game
mid-play (on a TV without scrolling, light and dark, what the table needs at a glance, type read
across a room, icons beside their words) is test_display_moments's, at its mid moment.

The tables are built through the API (tests/e2e/mid_game.py): four players, moves made, the
state a table looks at in the middle of an evening.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot
from tests.e2e.mid_game import GAMES

pytestmark = pytest.mark.browser

# --- languages fit -------------------------------------------------------------------------------

GERMAN_PHONE = {"width": 360, "height": 740, "locale": "de-DE"}
SPILLS_OUT_OF = """(selector) => { const box = document.querySelector(selector).getBoundingClientRect();
  return [...document.querySelectorAll(selector + " *")].filter(e => e.checkVisibility())
    .filter(e => e.getBoundingClientRect().right > box.right + 0.5)
    .map(e => `${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 20)}"`); }"""


@pytest.mark.looks
def test_german_fits_a_360_px_phone_the_movie_standings_and_the_placement_palette(server, new_phone):
    table = GAMES["beowulf-the-movie"](server.url)
    martha = new_phone(**GERMAN_PHONE)
    table.sit(martha, 1)
    expect(martha.locator("#bm-players")).to_contain_text("Sagapunkte")
    assert not martha.evaluate(SPILLS_OUT_OF, "#bm-players"), "the players table spills out of its card"
    # The palette (a figure, a tile's value, its ability) replaced the picker whose "+" was cut:
    # nothing in it reaches past the screen's edge either.
    palette = martha.locator("#bm-palette")
    expect(palette).to_be_visible()
    cut = palette.evaluate("""p => [...p.querySelectorAll("label, button, input, span")].filter(e => e.checkVisibility())
      .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.left < 0 || r.right > innerWidth + 0.5); })
      .map(e => `${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 20)}"`)""")
    assert not cut, f"cut at the screen's edge: {cut}"
    assert martha.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"


@pytest.mark.looks
def test_game_names_are_translated_on_the_home_page_and_in_titles(server, new_phone):
    table = GAMES["scorepad"](server.url)
    phone = new_phone(**GERMAN_PHONE)
    phone.goto(server.url + "/")
    expect(phone.locator("#start-scorepad")).to_have_text("Punkteblock")
    expect(phone.locator("#start-beowulf-the-legend")).to_have_text("Beowulf: Die Legende")
    table.sit(phone, 0)
    expect(phone).to_have_title("Punkteblock · Companion")


# --- the phone shows the next step first ---------------------------------------------------------

PHONE_390 = {"width": 390, "height": 844}




def a_band_is_swept_away(page) -> int:
    """Seat 0's own row in the players' list (its + gold piece moved up to its pickups, beside the
    terrain cards): the water sprite sweeps one of its bands away, after the phone asks."""
    button = page.locator("#al-player-0").get_by_role("button", name="Swept away").first
    button.scroll_into_view_if_needed()
    scrolled = page.evaluate("scrollY")
    page.once("dialog", lambda dialog: dialog.accept())
    button.click()
    return scrolled


# Per game: the seat whose move it is in the mid-play table, the step's primary button, and a
# move made far down the page, which says how far the page was scrolled when it was tapped
# (None: the game has none outside a corrections panel).
STEPS = {
    "beowulf-the-legend": (2, "#bl-step .btn.primary", None),
    "adventure-land": (0, "#al-cards .btn.primary", a_band_is_swept_away),
    "stonehenge": (0, "#board .btn.primary", None),
    # A player's phone offers only its own points row now, near the top: no move far down.
    "scorepad": (0, "#my-secret .btn.primary", None),
}
IN_FIRST_SCREEN = """(element) => { const box = element.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= innerHeight; }"""

BACK_TO_THE_STEP = """(primary) => { const bar = document.querySelector('#owed');
  const owed = bar && bar.dataset.target && document.getElementById(bar.dataset.target);
  const step = owed || document.querySelector('#board .boardhead ~ .card, #board .boardhead ~ * .card');
  const r = step.getBoundingClientRect(), b = document.querySelector(primary).getBoundingClientRect();
  const below = bar ? bar.getBoundingClientRect().bottom : 0;
  return r.top >= 0 && r.top < innerHeight / 3 && b.top >= below && b.bottom <= innerHeight; }"""


def the_step(page):
    """The game's first section after the board's head line: where every game says what is next."""
    return page.locator("#board .boardhead ~ .card, #board .boardhead ~ * .card").first


@pytest.mark.looks
@pytest.mark.parametrize("game", STEPS)
def test_a_390_px_phone_shows_the_step_and_its_primary_button_first_and_again_after_a_move(
        server, new_phone, game):
    seat, primary, far_down = STEPS[game]
    table = GAMES[game](server.url)
    phone = new_phone(**PHONE_390)
    table.sit(phone, seat)
    button = phone.locator(primary).first
    expect(button).to_be_visible()
    assert button.evaluate(IN_FIRST_SCREEN), f"{game}: the step's primary button is below the first screen"
    assert the_step(phone).evaluate("e => e.getBoundingClientRect().top") < 844 / 3, f"{game}: the step is not first"
    screenshot(phone, f"step-first-{game}-390")

    if far_down:
        version = phone.locator("#board").get_attribute("data-version")
        scrolled = far_down(phone)  # (read before the tap: the answer may scroll back up at once)
        assert scrolled > 844, f"{game}: the tap was not far down"
        expect(phone.locator("#board")).not_to_have_attribute("data-version", version)
        expect(phone.locator("#board.htmx-settling, #board.htmx-swapping")).to_have_count(0)
        # Back to the step: what the "your move" bar points at when this seat owes a move (the
        # bar stays stuck above it), else the first section; its primary button on the screen too.
        phone.wait_for_function(BACK_TO_THE_STEP, arg=primary, timeout=3000)


def test_undo_is_one_tap_from_the_top_names_the_move_and_asks_first(server, new_phone):
    table = GAMES["scorepad"](server.url)
    phone = new_phone(**PHONE_390)
    table.sit(phone, 0)
    undo = phone.locator("#undo")
    expect(undo).to_have_text("Undo: Sandra wrote points face down")
    assert undo.evaluate(IN_FIRST_SCREEN)
    version = phone.locator("#board").get_attribute("data-version")

    asked = []
    phone.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    undo.click()
    expect(phone.locator("#board")).to_have_attribute("data-version", version)  # "no": nothing undone
    assert asked == ["Undo “Sandra wrote points face down” for the whole table?"]

    phone.once("dialog", lambda dialog: dialog.accept())
    undo.click()
    expect(undo).to_have_text(re.compile(r"^Undo: Ben: \+19 points"))
    expect(phone.locator(".history li.undone")).to_have_count(1)


def test_the_host_frees_a_seat_only_after_saying_yes_and_the_phone_that_lost_it_is_told(server, new_phone):
    table = GAMES["scorepad"](server.url)
    ben = new_phone(**PHONE_390)
    table.sit(ben, 3)
    expect(ben.locator(".boardhead .me")).to_contain_text("Ben")
    host = new_phone(**PHONE_390)
    table.sit(host, None, "/join?pick=1")
    free = host.locator(".seat-taken").filter(has_text="Ben").get_by_role("button", name="Free this seat")

    asked = []
    host.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    free.click()
    assert asked == ["Free Ben’s seat? The phone holding it will be told, and can no longer play this seat."]
    assert table.host.get(f"{server.url}/api/tables/{table.token}", timeout=10).json()["seats"][3]["claimed"]

    host.once("dialog", lambda dialog: dialog.accept())
    free.click()
    expect(host.locator(".seat-taken").filter(has_text="Ben")).to_have_count(0)
    table.act(type="add_points", seat=0, points=1)  # the table moves on: Ben's phone hears it
    expect(ben.locator("#board > .notice.seat-lost")).to_have_text(
        "This phone no longer holds a seat: the host or its holder freed it. Tap “Seat” to sit again.", timeout=5000)
    expect(ben.locator(".boardhead .me")).to_have_count(0)


@pytest.mark.looks
def test_a_390_px_movie_phone_shows_the_act_and_the_placement_palette_on_its_first_screen(server, new_phone):
    """The Movie has no "whose turn" button: a player's step is the act line (its foe, squares
    left) and the primary action is the palette — pick a figure or a tile's value, then tap an
    empty square. At 390 × 844 the act line, the grid's squares and the palette's choices are all
    on the first screen, so a placement is two taps without scrolling."""
    table = GAMES["beowulf-the-movie"](server.url)
    phone = new_phone(**PHONE_390)
    table.sit(phone, 0)
    expect(phone.locator("#bm-palette")).to_be_visible()
    phone.evaluate("window.scrollTo(0, 0)")
    assert phone.locator("#bm-act").evaluate(IN_FIRST_SCREEN), "the act line is below the first screen"
    assert the_step(phone).evaluate("e => e.getBoundingClientRect().top") < 844 / 3, "the act line is not first"
    figures = phone.locator("#bm-palette .bm-pal-row").filter(has=phone.locator("input[name=what]")).first
    values = phone.locator("#bm-palette .bm-pal-values")
    for part, name in ((figures, "the palette's figures"), (values.last, "the palette's tile values"),
                       (phone.locator(".bm-sq.empty").last, "the grid's last empty square")):
        assert part.evaluate(IN_FIRST_SCREEN), f"{name}: below the first screen"
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    screenshot(phone, "step-first-beowulf-the-movie-390")

    # Two taps place a tile, and the palette is still on the first screen afterwards.
    version = phone.locator("#board").get_attribute("data-version")
    values.first.locator(".bm-chip").first.click()
    phone.locator(".bm-sq.empty").first.click()
    expect(phone.locator("#board")).not_to_have_attribute("data-version", version)
    expect(phone.locator("#board.htmx-settling, #board.htmx-swapping")).to_have_count(0)
    assert phone.locator("#bm-palette .bm-pal-values").last.evaluate(IN_FIRST_SCREEN), "after a placement"
