"""Stonehenge (Great Beard) in real Chromium, at phone width: three phones enter their own revealed
cards, see the ring change live, apply a penalty, end a round with discards and conversions; and a
game driven to the trilithon and the spell (the winner's title).

The main flow (night is trump; the winning card is discarded; the first two rounds go quickly
through the JSON API, with each phone's own cookies):

- round 1: Bob wins with Night 10 (stone 10); round 2: Bob wins with Night 20 (stone 20);
- round 3, in the browsers:
  - challenge 1: Ann Night 25, Bob Night 6, Cid Day 3 — Ann's apprentice on stone 25; Bob is
    penalised 6 and chooses on his phone between stone 20 → 14 and stone 10 → 4 (he takes 20 → 14);
    Cid has no apprentice on the ring: no penalty;
  - challenge 2: Ann Day 4, Bob dolmen card, Cid Day 5 — no trump card: Cid wins with Day 5 (stone
    5, and draws 3: not trump); Ann is penalised 4 with one apprentice only: 25 → 21 without asking;
  - challenge 3: Ann dolmen, Bob Night 1, Cid dolmen — Bob on stone 1, nobody penalised: the round ends;
- end of round 3: hands 7, 7, 10 → Ann discards 1, Bob 1, Cid 4; Bob's Night 30 is the highest total,
  he takes Spirit; Cid (second) gets Time and makes day the trump.
"""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
import requests
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot

# A game's pages, on SQLite only, as every browser test: what each move does on either database is
# tests/games/stonehenge/test_stonehenge_web.py's, live updates test_two_phones'.
pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
DISPLAY = {"width": 1920, "height": 1080}
LIVE = 5000  # ms: another phone's change shows within this
PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}, {"name": "Cid", "colour": "green"}]
NAMES = [p["name"] for p in PLAYERS]
FILL = {"red": "sh-fill-red", "blue": "sh-fill-blue", "green": "sh-fill-green"}


# --- phones, the display, and the JSON API with a phone's own cookies -------------------------

def new_table(server) -> str:
    response = requests.post(server.url + "/api/tables", json={"game": "stonehenge", "players": PLAYERS}, timeout=10)
    assert response.status_code == 201, response.text
    return response.json()["token"]


def seated(server, token, seat) -> requests.Session:
    """A phone's session holding this seat: it acts as that phone (its seat), nothing more."""
    session = requests.Session()
    response = session.post(f"{server.url}/api/tables/{token}/seats/{seat}/claim", json={}, timeout=10)
    assert response.status_code == 200, response.text
    return session


def open_phone(new_phone, server, token, session, name):
    """The phone of ``session`` (its cookies) opened on the table."""
    page = new_phone(**PHONE)
    page.context.add_cookies([{"name": c.name, "value": c.value, "url": server.url} for c in session.cookies])
    page.goto(f"{server.url}/t/{token}")
    expect(page.locator(".boardhead .me")).to_contain_text(name)
    return page


def open_display(new_phone, server, token):
    page = new_phone(**DISPLAY)
    page.goto(f"{server.url}/t/{token}/display")
    expect(page.locator(".boardhead .badge")).to_have_text("Table display")
    return page


def version(server, token) -> int:
    return requests.get(f"{server.url}/t/{token}/version", timeout=10).json()["version"]


def settle(pages, server, token):
    """Waits until every page shows the table's latest version.

    Each tap here waits for this before the next one, as people at a table do. (A burst of moves
    faster than a board can be fetched can leave a phone a version behind until its next poll:
    htmx drops an SSE-triggered fetch while another is in flight.)
    """
    latest = version(server, token)
    for page in pages:
        expect(page.locator("#board")).to_have_attribute("data-version", str(latest), timeout=LIVE)


def tap(table, button):
    """Taps a button that makes a move, then waits until every phone and the display show it: the
    tapping phone's board answers the tap with the table's next version (only the server's boards
    carry a version), then every screen shows the table's latest."""
    server, token, everyone = table
    before = version(server, token)
    button.click()
    expect(button.page.locator("#board"), "the tap changed nothing").not_to_have_attribute(
        "data-version", str(before), timeout=LIVE)
    settle(everyone, server, token)


@contextmanager
def put_down(pages, server, token):
    """The phones and the display are put down while a burst of moves goes through the API (open,
    each would fetch and draw every move's board: seconds of CPU a burst), then opened again."""
    urls = [page.url for page in pages]
    for page in pages:
        page.goto("about:blank")
    yield
    for page, url in zip(pages, urls):
        page.goto(url)
    settle(pages, server, token)


def api_act(session, server, token, **action):
    response = session.post(f"{server.url}/api/tables/{token}/actions", json=action, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()["table"]["view"]


def api_view(session, server, token):
    return session.get(f"{server.url}/api/tables/{token}", timeout=10).json()["view"]


def api_challenge(sessions, server, token, *cards):
    """Every seat's revealed card ("n12", "d3", "dolmen"), each entered by its own phone."""
    for seat, card in enumerate(cards):
        fields = {"suit": "dolmen"} if card == "dolmen" else {
            "suit": {"n": "night", "d": "day"}[card[0]], "value": int(card[1:])}
        view = api_act(sessions[seat], server, token, type="reveal", **fields)
    return view


def api_finish_round(sessions, server, token):
    """The end of a round through the API: day cards discarded (distinct totals), Spirit first, night kept."""
    view = api_view(sessions[0], server, token)
    if view["phase"] == "discard":
        for seat in view["waiting_for"]:
            count = view["round_end"]["need"][seat]
            first = 1 + 10 * seat
            api_act(sessions[seat], server, token, type="discard", suits=["day"] * count,
                    values=list(range(first, first + count)))
        view = api_view(sessions[0], server, token)
    if view["phase"] == "convert":
        view = api_act(sessions[view["round_end"]["first"]], server, token, type="choose_conversion",
                       conversion="spirit")
    if view["phase"] == "trump":
        view = api_act(sessions[view["round_end"]["time"]], server, token, type="choose_trump", trump="night")
    assert view["phase"] == "challenge", view["phase"]
    return view


def played(new_phone, server, rounds):
    """A table of three whose first ``rounds`` (each a challenge's cards) go through the JSON API,
    each seat's from its own phone's session; then its phones and the display open on it, once
    (open meanwhile, each would fetch and draw every move's board)."""
    token = new_table(server)
    sessions = [seated(server, token, seat) for seat in range(len(NAMES))]
    for cards in rounds:
        api_challenge(sessions, server, token, *cards)
        api_finish_round(sessions, server, token)
    phones = [open_phone(new_phone, server, token, session, name) for session, name in zip(sessions, NAMES)]
    display = open_display(new_phone, server, token)
    return token, phones, display, sessions


# --- what a person taps -----------------------------------------------------------------------

def reveal(table, page, seat, suit, value=None):
    """Enters this phone's own revealed card: the number, then the suit's button."""
    form = page.locator(f"#sh-reveal-{seat}")
    if value is not None:
        form.locator("input[name=value]").fill(str(value))
    tap(table, form.get_by_role("button", name={"night": "Night", "day": "Day", "dolmen": "Dolmen card"}[suit]))


def entered(page, seat, text):
    expect(page.locator(f"#sh-reveal-{seat} .sh-my-card")).to_have_text(text)


def discard(table, page, seat, cards):
    """Enters this phone's discards: one (suit, value) per row of the form."""
    form = page.locator(f"#sh-discard-{seat}")
    rows = form.locator(".sh-discard-card")
    expect(rows).to_have_count(len(cards))
    for index, (suit, value) in enumerate(cards):
        rows.nth(index).locator("select").select_option(suit)
        rows.nth(index).locator("input.number-box").fill(str(value))
    tap(table, form.get_by_role("button", name=re.compile("^Discard th(is card|ese)")))


# --- what every phone shows -------------------------------------------------------------------

def stone_is(page, number, colour):
    circle = page.locator(f"#sh-stone-{number} circle")
    if colour is None:
        expect(circle).to_have_class("sh-free", timeout=LIVE)
    else:
        expect(circle).to_have_class(FILL[colour], timeout=LIVE)


def player_row(page, seat, in_hand, stones, cards):
    cells = page.locator(f"#sh-player-{seat} td")
    expect(cells.nth(1)).to_have_text(in_hand, timeout=LIVE)
    expect(cells.nth(2)).to_have_text(stones, timeout=LIVE)
    expect(cells.nth(3)).to_have_text(cards, timeout=LIVE)


def history_has(page, line):
    expect(page.locator(".history .events")).to_contain_text(line, timeout=LIVE)


def trump_is(page, text):
    expect(page.locator(".sh-trump-badge")).to_contain_text(text, timeout=LIVE)


def screen(page, name):
    """What the table display's screen shows at once (1920 × 1080), without scrolling."""
    screenshot(page, name, full_page=False)


def assert_fits_the_screen(page):
    """Nothing scrolls sideways: not the page, and no card of the board (the players' table included)."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    wide = page.evaluate("[...document.querySelectorAll('#board .card')]"
                         ".filter(c => c.scrollWidth > c.clientWidth).map(c => c.className)")
    assert not wide, f"cards wider than the screen: {wide}"


def assert_tap_targets(page, selector):
    """Every visible button (and field) matching ``selector`` is at least 48 × 48 px."""
    small = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
             .filter(e => e.offsetParent !== null)
             .map(e => [e.textContent.trim() || e.name, e.getBoundingClientRect()])
             .filter(([, r]) => r.width < 48 || r.height < 48)
             .map(([t, r]) => `${t}: ${Math.round(r.width)}×${Math.round(r.height)}`)""", selector)
    assert not small, f"tap targets under 48 px: {small}"


def assert_readable_ring(page):
    """The ring's numbers stay legible on a phone: at least 9 px on screen."""
    smallest = page.evaluate(
        "Math.min(...[...document.querySelectorAll('.sh-num')].map(t => t.getBoundingClientRect().height))")
    assert smallest >= 9, f"ring numbers only {smallest:.1f} px high"


# --- the main flow ------------------------------------------------------------------------------

def test_three_phones_play_a_round_of_challenges_penalties_and_conversions(server, new_phone):
    # Rounds 1 and 2, quickly: Bob wins a stone each round while Ann and Cid concede.
    token, phones, display, sessions = played(new_phone, server,
                                              [("dolmen", f"n{value}", "dolmen") for value in (10, 20)])
    ann, bob, cid = phones
    everyone = [*phones, display]
    table = (server, token, everyone)
    assert [s.get(f"{server.url}/api/tables/{token}", timeout=10).json()["seat"] for s in sessions] == [0, 1, 2]
    for page in everyone:
        stone_is(page, 10, "blue")
        stone_is(page, 20, "blue")
        expect(page.locator("#sh-status")).to_contain_text("Round 3 · challenge 1", timeout=LIVE)

    # Round 3, challenge 1. Only a phone's own card form is on it; the display has none.
    for seat, page in enumerate(phones):
        expect(page.locator("form .sh-night")).to_have_count(1)
        expect(page.locator(f"#sh-reveal-{seat}")).to_be_visible()
    expect(display.locator("#sh-reveal-0, #sh-reveal-1, #sh-reveal-2")).to_have_count(0)
    assert_tap_targets(ann, "#sh-reveal-0 button, #sh-reveal-0 input.number-box")
    assert_fits_the_screen(ann)
    assert_readable_ring(ann)

    reveal(table, ann, 0, "night", 25)
    entered(ann, 0, "Night 25")
    screenshot(ann, "stonehenge-card-entered-360")
    # Ann's card shows on her phone only: the others see that she entered one, not which.
    for page in (bob, cid, display):
        history_has(page, "Ann entered a card")
        expect(page.locator("#sh-status .badge.ok")).to_contain_text("Ann")
        assert "Night 25" not in page.content()
    assert "Night 25" not in requests.get(f"{server.url}/t/{token}/display", timeout=10).text
    assert "Night 25" not in repr(api_view(sessions[1], server, token))  # Bob's API view
    screen(display, "stonehenge-display-waiting-1920")

    reveal(table, bob, 1, "night", 6)
    entered(bob, 1, "Night 6")
    for page in (ann, cid, display):
        assert "Night 6" not in page.content()
    assert "Night 25" not in bob.content()
    reveal(table, cid, 2, "day", 3)

    # All in: Ann's apprentice is on stone 25 everywhere; Bob chooses which apprentice goes back 6.
    for page in everyone:
        stone_is(page, 25, "red")
        history_has(page, "Ann won with Night 25: apprentice on stone 25")
        expect(page.locator("#sh-last")).to_contain_text("no apprentice on the ring: no penalty")
        expect(page.locator("#sh-status")).to_contain_text("Bob moves an apprentice back 6 stones.")
    choice = bob.locator("#sh-penalty")
    expect(choice.get_by_role("button")).to_have_text(["Stone 10 → 4", "Stone 20 → 14"])
    for page in (ann, cid, display):
        expect(page.locator("#sh-penalty")).to_have_count(0)
    assert_tap_targets(bob, "#sh-penalty button")
    assert_fits_the_screen(bob)
    screenshot(bob, "stonehenge-penalty-choice-360")
    tap(table, choice.get_by_role("button", name="Stone 20 → 14"))
    for page in everyone:
        stone_is(page, 20, None)
        stone_is(page, 14, "blue")
        stone_is(page, 10, "blue")
        history_has(page, "Bob moved an apprentice back from stone 20 to stone 14")
        expect(page.locator("#sh-status")).to_contain_text("Round 3 · challenge 2")

    # Challenge 2: no trump card, Cid's Day 5 wins (and draws 3); Ann's only apprentice goes back 4 unasked.
    reveal(table, ann, 0, "day", 4)
    entered(ann, 0, "Day 4")
    reveal(table, bob, 1, "dolmen")
    entered(bob, 1, "Dolmen card")
    for page in (cid, display):
        history_has(page, "Bob entered a card")
        assert "Day 4" not in page.content()
    reveal(table, cid, 2, "day", 5)
    for page in everyone:
        stone_is(page, 5, "green")
        stone_is(page, 25, None)
        stone_is(page, 21, "red")
        history_has(page, "Cid won with Day 5: apprentice on stone 5")
        # A forced penalty is part of the challenge's move: the last challenge lists it, not the history.
        expect(page.locator("#sh-last")).to_contain_text("back 4: stone 25 → 21")
        expect(page.locator("#sh-last")).to_contain_text("draws 3 cards (not trump)")
        expect(page.locator("#sh-last")).to_contain_text("conceded: card back in hand")
        expect(page.locator("#sh-penalty")).to_have_count(0)

    # Challenge 3: Bob's Night 1 wins, nobody is penalised: the round ends, everyone draws 3.
    reveal(table, ann, 0, "dolmen")
    reveal(table, bob, 1, "night", 1)
    reveal(table, cid, 2, "dolmen")
    for page in everyone:
        stone_is(page, 1, "blue")
        history_has(page, "Bob won with Night 1: apprentice on stone 1")
        expect(page.locator("#sh-status")).to_contain_text("End of the round: everyone drew 3 cards.")
    # Hands: Ann 6 − Night 25 − Day 4 + 3 = 7 → discards 1; Bob 6 − Night 6 − Night 1 + 3 = 7 → 1;
    # Cid 6 − Day 3 − Day 5 + 3 (not trump) + 3 = 10 → 4.
    for page in everyone:
        expect(page.locator("#sh-status p .badge")).to_have_text([re.compile(r"Ann\s*−1"), re.compile(r"Bob\s*−1"),
                                                                  re.compile(r"Cid\s*−4")])
    expect(cid.locator("#sh-discard-2 .sh-discard-card")).to_have_count(4)
    expect(ann.locator("#sh-discard-1, #sh-discard-2")).to_have_count(0)
    assert_tap_targets(cid, "#sh-discard-2 button, #sh-discard-2 select, #sh-discard-2 input.number-box")
    assert_fits_the_screen(cid)
    screenshot(cid, "stonehenge-discard-form-360")

    # Discards, secretly: Bob's Night 30 shows on his phone only until all are in.
    discard(table, bob, 1, [("night", 30)])
    expect(bob.locator("#sh-discard-1")).to_contain_text("You entered Night 30")
    for page in (ann, cid, display):
        history_has(page, "Bob chose their discards")
        assert "Night 30" not in page.content()
    discard(table, ann, 0, [("day", 9)])
    discard(table, cid, 2, [("day", 1), ("day", 2), ("day", 7), ("dolmen", 1)])
    for page in everyone:
        history_has(page, "Discards revealed: Bob chooses a conversion first")
        expect(page.locator("#sh-round-end")).to_contain_text("Night 30")
        expect(page.locator("#sh-round-end")).to_contain_text("Day 1, Day 2, Day 7, Dolmen card")
        expect(page.locator("#sh-status")).to_contain_text("Bob chooses a conversion")
    for page in (ann, cid, display):
        expect(page.locator("#sh-convert")).to_have_count(0)
    convert = bob.locator("#sh-convert")
    expect(convert).to_contain_text("Cid gets the other conversion.")
    assert_tap_targets(bob, "#sh-convert button")
    assert_fits_the_screen(bob)
    screenshot(bob, "stonehenge-conversion-360")
    tap(table, convert.get_by_role("button", name=re.compile("^Spirit")))

    # Cid has Time: the trump is chosen on Cid's phone.
    expect(cid.locator("#sh-trump-choice")).to_be_visible(timeout=LIVE)
    for page in (ann, bob, display):
        expect(page.locator("#sh-trump-choice")).to_have_count(0)
        expect(page.locator("#sh-status")).to_contain_text("Cid has the Time conversion and chooses the trump.")
    assert_tap_targets(cid, "#sh-trump-choice button")
    tap(table, cid.locator("#sh-trump-choice").get_by_role("button", name="Day"))

    # Round 4 under day: every phone and the display show the same ring, trump, apprentices and history.
    for page in everyone:
        trump_is(page, "Day is trump")
        expect(page.locator(".sh-centre.sh-big")).to_have_text("☀ Day")
        expect(page.locator("#sh-status")).to_contain_text("Round 4 · challenge 1")
        for number in range(1, 31):
            colour = {1: "blue", 10: "blue", 14: "blue", 5: "green", 21: "red"}.get(number)
            stone_is(page, number, colour)
        player_row(page, 0, "5/6", "21", "6")
        player_row(page, 1, "3/6", "1, 10, 14", "6")
        player_row(page, 2, "5/6", "5", "6")
        for line in ("Cid took the Time conversion: day is trump", "Bob took the Spirit conversion",
                     "Discards revealed: Bob chooses a conversion first", "Ann chose their discards",
                     "Bob won with Night 1: apprentice on stone 1"):
            history_has(page, line)
        expect(page.locator("#sh-round-end")).to_contain_text("Time conversion: Cid — day is trump")
        expect(page.locator("#sh-round-end")).to_contain_text("Spirit conversion: Bob")
    for page in phones:
        assert_fits_the_screen(page)
    full = requests.get(f"{server.url}/t/{token}/history", cookies=sessions[0].cookies, timeout=10).text
    assert "Bob moved an apprentice back from stone 20 to stone 14" in full
    assert "Cid won with Day 5: apprentice on stone 5" in full
    screenshot(ann, "stonehenge-round-4-360")
    screen(display, "stonehenge-display-1920")


# --- the trilithon and the spell ----------------------------------------------------------------

def test_the_last_apprentice_erects_a_trilithon_then_casts_the_spell_on_every_phone(server, new_phone):
    # Five rounds through the API: Ann wins with Night 30 … 26 while Bob and Cid concede.
    token, phones, display, sessions = played(new_phone, server,
                                              [(f"n{value}", "dolmen", "dolmen") for value in range(30, 25, -1)])
    ann, bob, cid = phones
    everyone = [*phones, display]
    table = (server, token, everyone)
    for page in everyone:
        player_row(page, 0, "1/6", "26, 27, 28, 29, 30", "6")

    # Ann's sixth, in the browsers: her last apprentice is placed and the trilithon stands.
    reveal(table, ann, 0, "night", 25)
    reveal(table, bob, 1, "dolmen")
    reveal(table, cid, 2, "dolmen")
    for page in everyone:
        history_has(page, "Ann won with Night 25, placed their last apprentice and erected a trilithon")
        expect(page.locator("#sh-player-0")).to_contain_text("Trilithon", timeout=LIVE)
        player_row(page, 0, "6/6", "—", "6")  # 6 − Night 25 + 3 at the round's end, down to 6
        for number in range(25, 31):
            stone_is(page, number, None)
        expect(page.locator("#sh-last")).to_contain_text(
            "placed the last apprentice on stone 25 and erected a trilithon")
    screenshot(ann, "stonehenge-trilithon-360")

    # Five more through the API, then the last apprentice again in the browsers: the spell.
    with put_down(everyone, server, token):
        api_finish_round(sessions, server, token)
        for value in range(24, 19, -1):
            api_challenge(sessions, server, token, f"n{value}", "dolmen", "dolmen")
            api_finish_round(sessions, server, token)
    for page in everyone:
        player_row(page, 0, "1/6", "20, 21, 22, 23, 24", "6")
    reveal(table, ann, 0, "night", 19)
    entered(ann, 0, "Night 19")
    for page in (bob, cid, display):
        history_has(page, "Ann entered a card")
        assert "Night 19" not in page.content()
    reveal(table, bob, 1, "dolmen")
    reveal(table, cid, 2, "dolmen")
    for page in everyone:
        expect(page.locator("#sh-winner")).to_contain_text("Ann — Great and Mighty Beard", timeout=LIVE)
        history_has(page, "Ann placed their last apprentice again and cast the spell: Great and Mighty Beard!")
        stone_is(page, 19, "red")
        expect(page.locator("#final-scores .ranking li").first).to_contain_text("1. Ann")
        expect(page.locator("#score-breakdown tbody tr").first).to_have_text(re.compile(r"Great and Mighty Beard\s*\+1\s"))
        expect(page.locator("#sh-reveal-0, #sh-reveal-1, #sh-reveal-2, #sh-host")).to_have_count(0)
        expect(page.locator("#undo")).to_have_count(0)
    for page in phones:
        assert_fits_the_screen(page)
    final = api_view(sessions[1], server, token)
    assert (final["winner"], final["title"], final["phase"]) == (0, "Great and Mighty Beard", "over")
    screenshot(bob, "stonehenge-winner-360")
    screen(display, "stonehenge-winner-display-1920")
