"""Every page a person can reach, on a 390 px phone, in English and in French: nothing makes the
page scroll sideways, and everything tappable is at least 44 × 44 CSS px (WCAG 2.5.5; Apple's
and Google's guidelines ask 44 and 48).

The pages are found the way a person finds them: the games from the home page, each game's
new-game page, quick score and board data from the links there; then, for a table of every game
started on this phone (so it is the host, with the host's tools, and sits at seat 1), its
invite, seat picker, play page, history and table display; and the records page once two
different games have finished. On home, each quick score and each game's play page, the top bar
takes at most two rows and every target is at least 44 px, checked in the same visit. English is
walked by test_accessibility, which judges each page with axe-core in the same visit too (one page
load for every check).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot
from tests.e2e.phones import assert_fits_the_screen

pytestmark = [pytest.mark.browser, pytest.mark.looks]

WIDE = {"width": 390, "height": 844}  # the reviewer's phone
LOCALES = {"en": "en-GB", "fr": "fr-FR"}
# Long names, a vowel first (French elision), an accent: what stretches a phone's layout.
PLAYERS = [{"name": "Alice", "colour": "red"}, {"name": "Bartholomew", "colour": "blue"},
           {"name": "Chloé", "colour": "green"}, {"name": "Dominique-Alexandra", "colour": "yellow"}]
MIN_TAP = 44

# Everything a finger taps: buttons, links drawn as buttons, disclosure headers, selects (the
# steppers' − and + are buttons). A plain link inside running text is text, not a target.
TOO_SMALL_TO_TAP = """(least) => [...document.querySelectorAll("button, a.btn, .btn, summary, select")]
  .filter(e => e.checkVisibility() && e.getClientRects().length > 0)
  .map(e => ({e, box: e.getBoundingClientRect()}))
  .filter(({box}) => box.width > 0 && box.height > 0 && (box.width < least - 0.5 || box.height < least - 0.5))
  .map(({e, box}) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} "${(e.textContent || "").trim().slice(0, 30)}"`
                     + ` ${Math.round(box.width)}×${Math.round(box.height)}`)"""

# The top bar's rows: its items (a play page's buttons included) top to bottom, a new row wherever
# one starts below the last one's middle.
TOP_BAR_ROWS = """() => [...document.querySelectorAll(".topbar > .brand, .topbar > .lang, .tablenav > *")]
  .map(e => e.getBoundingClientRect()).sort((a, b) => a.top - b.top)
  .reduce((rows, box) => (!rows.length || box.top > rows[rows.length - 1]) ? [...rows, box.top + box.height / 2] : rows, [])
  .length"""


def api(page, method: str, path: str, body: dict | None = None) -> dict:
    """A call to the JSON API with the phone's own cookies (a table it starts is its own)."""
    url = "/".join(page.url.split("/", 3)[:3]) + path  # the server of the page the phone shows
    response = page.request.post(url, data=body or {}) if method == "POST" else page.request.get(url)
    assert response.ok, f"{method} {path}: {response.status} {response.text()}"
    return response.json()


def start(page, game: str, players=PLAYERS, **options) -> str:
    game_info = next(g for g in api(page, "GET", "/api/games")["games"] if g["key"] == game)
    players = players[:game_info["max_players"]]
    token = api(page, "POST", "/api/tables", {"game": game, "players": players, "options": options})["token"]
    api(page, "POST", f"/api/tables/{token}/seats/0/claim")
    return token


def move(page, token: str, **action) -> None:
    api(page, "POST", f"/api/tables/{token}/actions", action)


def home_links(page, server) -> tuple[list[str], list[str]]:
    """What the home page leads to: each game's new-game page, and its quick score."""
    page.goto(server.url + "/")
    starts = page.locator(".games a.btn.primary").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    quick = page.locator(".games a.quick-score").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert len(starts) == len(api(page, "GET", "/api/games")["games"]) and quick
    return starts, quick


def tables_of_every_game(page) -> dict[str, str]:
    """A table of each game started by this phone, a move or two made (so history has lines)."""
    tokens = {game["key"]: start(page, game["key"]) for game in api(page, "GET", "/api/games")["games"]}
    move(page, tokens["scorepad"], type="add_points", seat=1, points=12)
    move(page, tokens["scorepad"], type="write_secret", points=4)
    move(page, tokens["adventure-land"], type="take_herb", value=2)
    move(page, tokens["adventure-land"], type="take_gold", seat=0)
    return tokens


def two_finished_games(page) -> None:
    """Records show a table per game: two games finished, four players."""
    scorepad = start(page, "scorepad")
    move(page, scorepad, type="add_points", seat=3, points=31)
    move(page, scorepad, type="finish")
    adventure = start(page, "adventure-land")
    move(page, adventure, type="end_game")


def table_pages(token: str) -> list[str]:
    return [f"/t/{token}", f"/t/{token}/invite", f"/t/{token}/join?pick=1", f"/t/{token}/history",
            f"/t/{token}/display"]


def walk_every_page(page, server, lang: str, judge=None) -> list[str]:
    """Visits every page a person reaches on this phone, started on a server of the test's own
    (the records show its finished games only): each must be in the phone's language and not
    scroll sideways; on home, the quick scores and each game's play page, the top bar takes at
    most two rows and everything tappable is at least 44 × 44 px. ``judge(path)`` looks further at
    each page as it stands. Returns what fails, as lines to read."""
    starts, quick = home_links(page, server)
    tokens = tables_of_every_game(page)
    two_finished_games(page)
    games = {path: game for game, token in tokens.items() for path in table_pages(token)}
    tapped = {"/", *quick, *(f"/t/{token}" for token in tokens.values())}

    too_wide, small, tall, library = [], {}, {}, []

    def visit(path: str) -> None:
        page.goto(server.url + path)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("main")).to_be_visible()
        if path in starts:  # each game's board data, from its new-game page: walked after the quick scores
            library.extend(page.locator("a[href*='/library']").evaluate_all(
                "links => links.map(a => a.getAttribute('href'))"))
        try:
            assert_fits_the_screen(page)
        except AssertionError as error:
            screenshot(page, f"too-wide-{lang}-{'-'.join(path.strip('/').split('/')[-1:]) or 'home'}", failure=True)
            too_wide.append(f"  {path} ({games.get(path, 'all games')}): {str(error)[:300]}")
        if path in tapped:
            rows = page.evaluate(TOP_BAR_ROWS)
            if rows > 2:
                tall[path] = rows
            # Closed sections hold targets too (the quick score's steppers, a game's reference):
            # open them all.
            page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
            found = page.evaluate(TOO_SMALL_TO_TAP, MIN_TAP)
            if found:
                small[path] = found
        if judge:
            judge(path)

    # Home once more, now that it lists this phone's tables; the new-game pages once, in the walk.
    for path in ["/", *starts, *quick]:
        visit(path)
    assert library
    for path in [*library, *games, "/records"]:
        visit(path)
    pages = ["/", *starts, *quick, *library, *games, "/records"]
    expect(page.locator(".game-stats")).to_have_count(2)  # the records (the last page): one table per game
    assert len(tapped) == 1 + len(quick) + len(tokens) and tapped <= set(pages)
    failures = [f"{len(too_wide)} of {len(pages)} pages scroll sideways ({lang}):", *too_wide] if too_wide else []
    if tall:
        failures.append(f"the top bar takes more than two rows ({lang}): {tall}")
    if small:
        failures += [f"targets under 44 × 44 px ({lang}):"] + [
            f"  {path}: {', '.join(found[:8])}" + (f" … ({len(found)})" if len(found) > 8 else "")
            for path, found in small.items()]
    return failures


def test_every_page_fits_a_390_px_phone_in_french_and_its_targets_are_at_least_44_px(server_factory, new_phone):
    page = new_phone(**WIDE, locale=LOCALES["fr"])
    failures = walk_every_page(page, server_factory(), "fr")
    assert not failures, "\n".join(failures)
