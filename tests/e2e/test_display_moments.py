"""The table display at every moment the table looks at it (issue #27): setup, mid-play, a round's
or an act's end, the game's end and the finished game, of every game in the registry — on a
1280×720 and a 1920×1080 screen, light and dark. Each fits the screen without scrolling, nothing a
player reads is smaller than 2.2 % of the screen's height (24 px at 1080p), and the display is
read-only: nothing on it to tap. In the middle of play (issue #16) what the table needs at a glance
is on the screen whole, the body text is at least 24 px at 1080p, every colour chip has an outline,
and the icons a player scans the state by are drawn from the sprite beside their words.

The tables are built through the API (tests/e2e/mid_game.py MOMENTS); one TV and one phone go
through every moment, each page judged in both colour schemes as it stands (the system's setting
switches it live) and the TV at both sizes, so a moment costs one page load per screen, not eight.
"""

from __future__ import annotations

import json
import re

import pytest
import requests
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from companion.games import registry
from tests.e2e.conftest import TIMEOUT, screenshot
from tests.e2e.mid_game import ACTING_SEAT, FOUR, MOMENTS, Table

pytestmark = [pytest.mark.browser, pytest.mark.looks]

TVS = [(1920, 1080), (1280, 720)]
SCHEMES = ("light", "dark")
SMALLEST_SHARE = 0.022  # of the screen's height: the house style's floor for the display's type
EVERY_GAME_HAS = ("setup", "mid", "finished")
PHONE = (390, 844)
# axe-core in full on the light page; the dark page differs only in its colours: its rules about colour,
# which need nothing axe preloads (the stylesheets' rules, for css-orientation-lock; media elements).
# No selectors: a green page has no node to point at, and a page with violations is judged again
# with them (judged_by_axe), so a failure still says where.
AXE_LIGHT = {"resultTypes": ["violations"], "selectors": False}
AXE_DARK = {"resultTypes": ["violations"], "selectors": False, "preload": False,
            "runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]}}
# Every panel opened, then axe's violations on the settled page — or null where axe-core is not in
# the page yet. One round trip; only the violations come back (the passes are never read).
JUDGED = """async ([options, timeout]) => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  const until = performance.now() + timeout;
  while (document.querySelector('.htmx-request, .htmx-settling, .htmx-swapping')) {
    if (performance.now() > until) throw new Error(`still refreshing after ${timeout} ms`);
    await new Promise(settled => setTimeout(settled, 50));
  }
  return typeof axe === 'object' ? (await axe.run(document, options)).violations : null;
}"""
# axe-core parses the page's few colours again for every element it judges (on a seated phone's
# page, 8,800 parses of 22 different strings for the two schemes: a quarter of its time): each
# string is parsed once per page load, and later ones take the same red, green, blue and alpha.
ONE_PARSE_A_COLOUR = """
;(() => {
  const Color = axe.commons.color.Color, parse = Color.prototype.parseString, parsed = new Map();
  Color.prototype.parseString = function (text) {
    if (!parsed.has(text)) { parse.call(this, text); parsed.set(text, [this.r, this.g, this.b, this.alpha]); }
    [this.r, this.g, this.b, this.alpha] = parsed.get(text);
    return this;
  };
})();
"""

# The smallest type of any text a person sees (SVG text at the size it is drawn), with where it is.
SMALLEST_TEXT = """() => {
  let smallest = [Infinity, ""];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, element = node.parentElement;
    if (!node.textContent.trim() || !element.checkVisibility({visibilityProperty: true, opacityProperty: true})
        || element.closest(".sr-only, [aria-hidden=true], title")) continue;
    const range = document.createRange(); range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;
    let size = parseFloat(getComputedStyle(element).fontSize);
    if (element instanceof SVGElement) size *= element.getScreenCTM().a;
    if (size < smallest[0]) smallest = [size, `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} "${node.textContent.trim().slice(0, 30)}"`];
  }
  return smallest;
}"""
# What the table needs at a glance in the middle of play, per game (issue #16's list): each must be
# on the screen whole.
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
# Where a player scans a state in the middle of play, the shapes they find it by.
EXPECTED_ICONS = {
    "beowulf-the-legend": {"fame", "treasure", "alliance", "misfortune", "wound", "scratch", "red-marker", "status"},
    "adventure-land": {"gold", "herb", "sword"},
    "beowulf-the-movie": {"beowulf", "thane", "castle", "longship", "diamond"},
}
ICONS_SHOWN = """() => [...document.querySelectorAll("svg.icon")].filter(i => i.checkVisibility()).map(i => ({
  id: i.querySelector("use").getAttribute("href").split("#")[1],
  hidden: i.getAttribute("aria-hidden") === "true", label: i.getAttribute("aria-label"),
  word: (i.parentElement.textContent || "").trim().slice(0, 40), width: i.getBoundingClientRect().width }))"""
# What the TV is judged by at each size, in one round trip: the page's size, its smallest type and,
# given AT_A_GLANCE's selectors (in the middle of play), what at_a_glance reads.
MEASURED = f"""(glance) => ({{
  page: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
  smallest: ({SMALLEST_TEXT})(),
  ...glance && {{off_screen: glance.map({OFF_SCREEN}), body: parseFloat(getComputedStyle(document.body).fontSize),
                 unoutlined: ({UNOUTLINED_CHIPS})()}}}})"""
# Anything a person could tap or type into: a TV has no such thing.
CONTROLS = """() => [...document.querySelectorAll("main button, main input:not([type=hidden]), main select, main textarea, main summary")]
  .filter(e => e.checkVisibility()).map(e => `${e.tagName.toLowerCase()} "${(e.textContent || e.name || "").trim().slice(0, 30)}"`)"""


def test_every_game_in_the_registry_has_its_moments_built():
    for key in registry():
        assert key in MOMENTS, f"{key}: no tables for the display's moments in tests/e2e/mid_game.py MOMENTS"
        assert set(EVERY_GAME_HAS) <= set(MOMENTS[key]), f"{key}: missing {set(EVERY_GAME_HAS) - set(MOMENTS[key])}"


def judged_by_axe(axe: Axe, page, scheme: str) -> list[dict]:
    """axe-core's violations on the page as it stands in this colour scheme, every panel opened."""
    options = AXE_LIGHT if scheme == "light" else AXE_DARK
    # The settled page: while htmx refreshes the board (a live update, a resync on load) its
    # buttons are dimmed on purpose (app.css, .htmx-request), and axe would judge the dimming.
    violations = page.evaluate(JUDGED, [options, TIMEOUT])
    if violations is None:  # axe-core once per page load, for both schemes: sent and run at once
        violations = page.evaluate(f"{axe.axe_script}{ONE_PARSE_A_COLOUR}"
                                   f"axe.run(document, {json.dumps(options)}).then(r => r.violations)")
    if violations:  # judged again, to say where
        violations = page.evaluate("o => axe.run(document, o).then(r => r.violations)", {**options, "selectors": True})
    return violations


def axe_violations(axe: Axe, page, scheme: str) -> list[str]:
    """Every axe-core violation, of any impact."""
    return [f"{v['impact']} {v['id']} ({len(v['nodes'])}): " + "; ".join(str(n["target"][0]) for n in v["nodes"][:3])
            for v in judged_by_axe(axe, page, scheme)]


def at_a_glance(measured: dict, game: str, name: str, height: int) -> list[str]:
    """What the table needs at a glance in the middle of play (``measured`` by MEASURED): on the
    screen whole, the body text large enough to read across a room at 1080p, every colour chip
    outlined."""
    failures = [f"{name}: {what} ({selector}) is not on the screen: {where}"
                for (what, selector), where in zip(AT_A_GLANCE[game].items(), measured["off_screen"]) if where]
    if height >= 1080 and measured["body"] < 24:
        failures.append(f"{name}: body text {measured['body']} px")
    if measured["unoutlined"]:
        failures.append(f"{name}: colour chips without an outline")
    return failures


def icons_beside_their_words(tv, game: str, url: str) -> list[str]:
    """The icons shown at 1080p: each drawn from the (tiny) sprite, beside a word and hidden from
    screen readers (the word is read), or alone with a label; at least 16 px wide."""
    sprite = requests.get(f"{url}/static/icons.svg", timeout=10)
    assert sprite.ok and len(sprite.content) < 6000, "the sprite stays tiny"
    symbols = set(re.findall(r'<symbol id="([^"]+)"', sprite.text))
    shown = tv.evaluate(ICONS_SHOWN)
    failures = [] if EXPECTED_ICONS[game] <= {i["id"] for i in shown} else [
        f"{game}: icons missing from the display: {EXPECTED_ICONS[game] - {i['id'] for i in shown}}"]
    for i in shown:
        if i["id"] not in symbols:
            failures.append(f"{game}: no symbol #{i['id']} in the sprite")
        if not ((i["hidden"] and i["word"]) or i["label"]):
            failures.append(f"{game}: #{i['id']} neither beside a word (and hidden) nor labelled: {i}")
        if i["width"] < 16:
            failures.append(f"{game}: #{i['id']} is {i['width']} px wide on the display")
    return failures


def test_every_game_mid_play_is_checked_at_a_glance():
    assert set(AT_A_GLANCE) == set(registry()) and set(EXPECTED_ICONS) <= set(registry())


@pytest.mark.parametrize("game", sorted(registry()))
def test_the_display_fits_a_tv_at_every_moment_in_type_read_across_a_room(server, new_phone, game):
    """… and axe-core finds nothing on it, nor on a seated phone's page at the same moment (mid-play,
    the phone whose move it is), with every panel opened, light and dark."""
    tables = {moment: build(server.url) for moment, build in MOMENTS[game].items()}
    failures, axe = [], Axe()
    tv, phone = new_phone(*TVS[0]), new_phone(*PHONE)
    schemes = SCHEMES
    for moment, table in tables.items():
        tv.goto(f"{server.url}/t/{table.token}/display")  # at 1080p: where the last moment ended
        expect(tv.locator("#board")).to_be_visible()
        controls = tv.evaluate(CONTROLS)
        if controls:
            failures.append(f"{game} {moment}: controls on the display: {controls[:5]}")
        if table.seats:
            table.sit(phone, ACTING_SEAT[game] if moment == "mid" else 0)
            expect(phone.locator("#board")).to_be_visible()
        else:  # a finished game brought in by import has no phones: its seat picker, then
            phone.goto(f"{server.url}/t/{table.token}")
            expect(phone.locator("main")).to_be_visible()
        # The system's setting switches the pages as they stand; the TV is judged at 1080p and
        # 720p in one scheme, then at 720p and 1080p in the other, axe at 1080p. The next moment
        # starts in the scheme this one ends in (a switch fewer), and at 1080p (no resize).
        for scheme, sizes in zip(schemes, (TVS, TVS[::-1])):
            if moment == next(iter(tables)) or scheme != schemes[0]:
                for page in (tv, phone):
                    page.emulate_media(color_scheme=scheme)
            for width, height in sizes:
                if tv.viewport_size != {"width": width, "height": height}:
                    tv.set_viewport_size({"width": width, "height": height})
                if (width, height) == TVS[0]:
                    for where, page in (("display", tv), ("phone", phone)):
                        failures += [f"{game} {moment} {where} {scheme}: axe {line}"
                                     for line in axe_violations(axe, page, scheme)]
                    if moment == "mid" and scheme == "light" and game in EXPECTED_ICONS:
                        failures += icons_beside_their_words(tv, game, server.url)
                name = f"display-{game}-{moment.replace(' ', '-')}-{width}x{height}-{scheme}"
                measured = tv.evaluate(MEASURED, list(AT_A_GLANCE[game].values()) if moment == "mid" else None)
                if measured["page"][0] > width or measured["page"][1] > height:
                    failures.append(f"{name}: the page is {measured['page'][0]}×{measured['page'][1]}")
                size, where = measured["smallest"]
                if size < SMALLEST_SHARE * height - 0.01:
                    failures.append(f"{name}: {size:.1f} px type ({size / height:.1%} of the height) at {where}")
                if moment == "mid":
                    failures += at_a_glance(measured, game, name, height)
                if failures and failures[-1].startswith(name):
                    screenshot(tv, name, failure=True)
        schemes = schemes[::-1]
    assert not failures, "\n".join(failures)


# --- who is at the table ------------------------------------------------------------------------

def test_the_display_shows_which_seats_phones_are_connected_and_invites_a_latecomer_to_a_free_seat(
        shared_server, new_phone):
    # A phone that closed its page is let go at the stream's next ping: 1 s here, not 15.
    server = shared_server(SSE_KEEPALIVE_SECONDS="1", POLL_SECONDS="1")
    table = Table(server.url, "scorepad", FOUR[:3] + [{"name": "Latecomer", "colour": "black"}], claim=3)
    tv = new_phone(1280, 720)
    tv.goto(f"{server.url}/t/{table.token}/display")
    expect(tv.get_by_role("heading", level=1)).to_have_text("Score pad")  # the one level-1 heading
    for index in range(3):
        expect(tv.locator(f"#display-seat-{index}")).to_contain_text("not connected")
    expect(tv.locator("#display-seat-3")).to_contain_text("free seat")
    qr = tv.locator(".display-join .qr")
    expect(qr).to_be_visible()
    # Read once the seats' fragment has settled (a presence event may swap it in just now).
    tv.wait_for_function("() => (document.querySelector('.display-join .qr')?.getBoundingClientRect().width || 0)"
                         f" >= {0.09 * 1280}", timeout=5000)  # else the QR is too small to scan

    martha = new_phone()
    table.sit(martha, 1)  # her phone opens the table: its live stream opens
    expect(tv.locator("#display-seat-1")).to_contain_text("connected", timeout=5000)
    expect(tv.locator("#display-seat-1")).not_to_contain_text("not connected")
    expect(tv.locator("#display-seat-0")).to_contain_text("not connected")
    martha.goto("about:blank")  # she closes it: the stream ends
    expect(tv.locator("#display-seat-1")).to_contain_text("not connected", timeout=5000)
