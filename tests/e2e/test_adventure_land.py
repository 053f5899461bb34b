"""Adventure Land in real Chromium, at phone width, through its main flow (adventure 2, "The
Magnificent"): the host starts the table on her phone, a second phone joins, Ben picks up herbs and
swords face down (their values on his phone only), fights a creature with the combat calculator,
and the host ends the game; both phones and the table display show the final scores.

Ben holds herbs 2 and 4 and swords +1 and +3. His band of 1 adventurer + 1 companion fights a
creature of strength 12 with the +3 sword and a die of 3: 1 + 1 + 3 + 3 = 8, short by 4; the
4-herb makes it 12, a win (laurel 5). Final scores, adventure 2:

- Ben: laurels 5 × 2 = 10, largest group 2 figures × 3 = 6, gold 0, herbs 2, swords 1 → 19
- Anna: laurels 0, largest group 2 × 3 = 6, gold 1 × 2 = 2 → 8
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot
from tests.e2e.phones import PHONE, LiveTable, assert_fits_the_screen

# A game's pages, on SQLite only, as every browser test: what each move does on either database is
# tests/games/adventure_land/test_adventure_land_web.py's, live updates test_two_phones'.
pytestmark = pytest.mark.browser


def move(page, scope, type_, text=None, **fields):
    """The button of the one-tap move ``type_`` (with these hidden fields) inside ``scope``."""
    form = page.locator(f"{scope} form").filter(has=page.locator(f"input[name=type][value='{type_}']"))
    for name, value in fields.items():
        form = form.filter(has=page.locator(f"input[type=hidden][name='{name}'][value='{value}']"))
    button = form.get_by_role("button", name=text) if text else form.get_by_role("button")
    expect(button).to_have_count(1)
    return button


def assert_no_face_down_values(page):
    """Another phone (holding no tile itself), or the table display: how many tiles, never which."""
    expect(page.locator(".al-herb")).to_have_count(0)
    expect(page.locator(".al-sword")).to_have_count(0)
    html = page.content()
    assert "al-herb" not in html and "al-sword" not in html
    assert not re.search(r"Herb \+\d|Sword extra values|al-calc", html)
    if page.locator(".boardhead .me").count() == 0:  # the display: no private section at all
        assert 'id="al-mine"' not in html


def start_table_on_the_hosts_phone(server, anna):
    """Anna starts the table on her phone (so she is its host) and takes her seat."""
    anna.goto(server.url + "/")
    anna.get_by_role("link", name="Adventure Land").click()
    anna.fill("#name-0", "Anna")
    anna.select_option("#colour-0", "black")
    anna.fill("#name-1", "Ben")
    anna.select_option("#colour-1", "green")
    anna.select_option("select[name=scenario]", "2")
    anna.get_by_role("button", name="Start the game").click()
    join_link = anna.locator("#join-link").get_attribute("href")
    anna.get_by_role("link", name="Take my seat").click()
    anna.get_by_role("button", name="Anna").click()
    expect(anna.locator(".boardhead .me")).to_contain_text("Anna")
    return join_link


def test_adventure_two_from_pickups_through_a_fight_to_the_final_scores(server, new_phone):
    anna, ben, display = new_phone(**PHONE), new_phone(**PHONE), new_phone(**PHONE)
    join_link = start_table_on_the_hosts_phone(server, anna)
    table = LiveTable(server.url, re.search(r"/t/([^/]+)/join", join_link).group(1))
    ben.goto(join_link)
    ben.get_by_role("button", name="Ben").click()
    expect(ben.locator(".boardhead .me")).to_contain_text("Ben")
    display.goto(f"{server.url}/t/{table.token}/display")
    phones = (anna, ben)
    screens = (*phones, display)
    table.synced(*screens)
    for page in screens:
        expect(page.locator("#al-status")).to_contain_text("Adventure 2 · The Magnificent")
    expect(anna.locator("#al-setup")).to_contain_text("16 companions and 16 swords")  # 2 players, 8 each
    # Setup's question comes first on the host's phone: who is the youngest, before any card.
    expect(anna.locator("#al-cards #al-first-player").get_by_role("combobox", name="Youngest player")).to_be_in_viewport()
    expect(ben.locator("#al-first-player")).to_have_count(0)

    # A terrain card: the supply counts down on every screen.
    table.tap(move(anna, "#al-cards", "reveal", terrain="city"), *screens)
    for page in screens:
        expect(page.locator("#al-status")).to_contain_text("Supply: 13 companions")

    # Ben picks up two herbs and two swords, face down: the values show on his phone only.
    for type_, value in (("take_herb", 4), ("take_sword", 3), ("take_herb", 2), ("take_sword", 1)):
        table.tap(move(ben, "#al-mine", type_, value=value), ben, anna, display)
    expect(ben.locator("#al-mine .al-herb")).to_have_text(["2", "4"])
    expect(ben.locator("#al-mine .al-sword")).to_have_text(["+1", "+3"])
    expect(ben.locator("#al-mine")).to_contain_text("If the game ended now you would score 13.")  # 1 × 3 + 6 + 4
    for page in (anna, display):
        holdings = page.locator("#al-player-1 .al-holdings")
        expect(holdings).to_contain_text("2 herbs, face down")
        expect(holdings).to_contain_text("2 swords, face down")
        assert_no_face_down_values(page)
    expect(anna.locator("#al-mine")).to_contain_text("If the game ended now you would score 3.")  # her own
    expect(anna.locator(".history")).to_contain_text("Ben takes a herb")
    screenshot(ben, "adventure-land-own-tiles-360")
    screenshot(display, "adventure-land-display-360")

    # Public pickups: a companion joins each player's band, Anna takes a gold piece.
    # Each phone's own pickups sit beside the terrain cards, at the top, not down in the players'
    # list; the acting player (Anna, whose turn it is) has them on the screen with her step.
    for page in phones:
        expect(page.locator("#al-players").get_by_role("button", name="+ gold piece")).to_have_count(
            1 if page is anna else 0)  # the host's tools for Ben's seat only
        expect(page.locator("#al-cards #al-pickups").get_by_role("button", name="+ gold piece")).to_have_count(1)
    expect(anna.locator("#al-pickups").get_by_role("button", name="+ gold piece")).to_be_in_viewport()
    table.tap(move(ben, "#al-pickups", "companion_joins", band="1+0"), ben, anna, display)
    table.tap(move(anna, "#al-pickups", "companion_joins", band="1+0"), *screens)
    table.tap(move(anna, "#al-pickups", "take_gold"), *screens)
    for page in phones:
        expect(page.locator("#al-player-1 .al-bands")).to_contain_text("1 adventurer + 1 companion")
        expect(page.locator("#al-player-1 .al-bands")).to_contain_text("9 × 1 adventurer alone")
        expect(page.locator("#al-player-0 .al-bands")).to_contain_text("1 adventurer + 1 companion")
        expect(page.locator("#al-player-0 .al-holdings")).to_contain_text("1 gold")

    # Ben's band meets a creature: strength 12, laurel 5; he takes his +3 sword.
    fight_form = ben.locator("#al-mine form.al-start-fight")
    fight_form.locator("select[name=band]").select_option("1+1")
    fight_form.get_by_label("Creature strength (red number)").fill("12")
    fight_form.get_by_label("Its laurel").fill("5")
    fight_form.locator("label.check").filter(has_text="+3").locator("input").check()
    table.tap(fight_form.get_by_role("button", name="Start the fight"), ben, anna, display)
    for page in screens:
        fight = page.locator("#al-fight")
        expect(fight).to_contain_text("Fight: Ben")
        expect(fight).to_contain_text("1 adventurer + 1 companion against a creature of strength 12 (laurel 5)")
        expect(fight).to_contain_text("Committed: 1 sword, 0 herbs, 0 gold.")
    expect(anna.locator("#al-calc")).to_have_count(0)
    assert_no_face_down_values(anna)

    # The die rolled at the table goes in; the calculator shows every line and the verdict.
    calc = ben.locator("#al-calc")
    calc.locator(".stepper").filter(has_text="Die 1").locator("input").fill("3")
    table.tap(calc.get_by_role("button", name="Enter the dice"), ben, anna, display)
    lines = calc.locator("table.al-lines tr")
    expect(lines).to_have_text([re.compile(rf"^\s*{label}\s*{n}\s*$") for label, n in (
        ("Adventurers", 1), ("Companions", 1), ("Dice", 3), ("Sword extra values", 3), ("Herbs", 0),
        ("Gold \\(\\+1 each\\)", 0), ("Your strength", 8), ("The creature", 12))])
    expect(ben.locator("#al-verdict")).to_have_text("Short by 4.")
    expect(move(ben, "#al-calc", "resolve_fight")).to_have_text("Fight: the band loses")
    for page in (anna, display):
        expect(page.locator("#al-fight .al-die")).to_have_text(["3"])
        assert_no_face_down_values(page)
    screenshot(ben, "adventure-land-fight-short-360")

    # The 4-herb turns it: 12 against 12 is a win ("au moins égale").
    table.tap(move(ben, "#al-calc", "add_herb", "Herb +4", value=4), ben, anna, display)
    expect(ben.locator("#al-verdict")).to_have_text("You win.")
    expect(calc.locator("tr.al-total")).to_contain_text("12")
    expect(anna.locator("#al-fight")).to_contain_text("Committed: 1 sword, 1 herb, 0 gold.")
    assert_no_face_down_values(anna)
    screenshot(ben, "adventure-land-fight-win-360")
    screenshot(anna, "adventure-land-fight-seen-by-anna-360")
    table.tap(move(ben, "#al-calc", "resolve_fight", "Fight: the band wins"), ben, anna, display)
    for page in screens:
        expect(page.locator("#al-fight")).to_have_count(0)
        expect(page.locator("#al-last-fight")).to_contain_text("Last fight: Ben won against strength 12 (laurel 5).")
        expect(page.locator("#al-last-fight")).to_contain_text("Spent: 1 sword, 1 herb, 0 gold.")
        expect(page.locator("#al-player-1 .al-holdings")).to_contain_text("1 creature (laurels 5)")
        expect(page.locator("#al-player-1 .al-holdings")).to_contain_text("1 herb, face down")
    expect(ben.locator("#al-mine .al-herb")).to_have_text(["2"])
    expect(ben.locator("#al-mine .al-sword")).to_have_text(["+1"])
    for page in phones:
        assert_fits_the_screen(page)

    # Nobody can move any more: the host ends the game; every screen shows the final scores.
    asked = []
    anna.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    table.tap(move(anna, "#al-host", "end_game", "End the game now"), *screens)
    assert asked == ["End the game now? Nobody can move, or the table stops."]
    for page in screens:
        scores = page.locator("#final-scores")
        expect(scores.locator(".ranking > li")).to_have_text(
            [re.compile(r"1\.\s*Ben\s*19\s*$"), re.compile(r"2\.\s*Anna\s*8\s*$")])
        # How the scores add up: a column per player in finishing order (Ben, Anna), a row per line.
        rows = scores.locator("#score-breakdown tr")
        expect(rows.nth(0)).to_have_text(re.compile(r"^\s*Scoring\s*Ben\s*Anna\s*$"))
        expect(scores.locator("#score-breakdown tbody tr")).to_have_text([
            re.compile(r"Creatures \(laurels × 2\)\s*\+10\s*0"), re.compile(r"Largest group \(figures × 3\)\s*\+6\s*\+6"),
            re.compile(r"Gold \(2 each\)\s*0\s*\+2"), re.compile(r"Herbs\s*\+2\s*0"),
            re.compile(r"Swords \(extra values\)\s*\+1\s*0")])
        expect(scores.locator("#score-breakdown tfoot tr")).to_have_text(
            [re.compile(r"Total\s*19\s*8"), re.compile(r"Place\s*1\s*2")])
        expect(page.locator("#al-cards")).to_have_count(0)
        assert_fits_the_screen(page)
    screenshot(ben, "adventure-land-final-360")
    screenshot(display, "adventure-land-final-display-360")


def test_the_quick_score_page_scores_the_rulebooks_example_with_each_line(server, new_phone):
    """Adventure 2, the rulebook's example: Martin, laurels 5 and 6, a group of 8 figures, 2 gold,
    herbs 3 and 4, swords 0, 1 and 3 → 22 + 24 + 4 + 7 + 4 = 61. No page reload."""
    page = new_phone(**PHONE)
    page.goto(server.url + "/")
    page.get_by_role("link", name="Quick score").and_(page.locator("[href*='adventure-land']")).click()
    page.get_by_role("link", name="Adventure 2").click()
    expect(page.locator("input[name=p0_largest_group]")).to_be_visible()
    page.evaluate("window.notReloaded = true")
    martin = page.locator("#al-quick-p0")
    for label, value in (("Name", "Martin"), ("Creatures defeated: their laurels", "5 6"),
                         ("Figures in the largest group", "8"), ("Gold pieces held", "2"),
                         ("Herbs: their values", "3 4"), ("Swords: their extra values", "0 1 3")):
        martin.get_by_label(label).fill(value)
    page.locator("#al-quick-p1").get_by_label("Name").fill("Julie")
    page.get_by_role("button", name="Score").click()
    result = page.locator("#al-quick-result")
    first = result.locator(".al-quick-score").first
    expect(first.locator(".al-quick-name")).to_have_text("Martin")
    expect(first.locator(".al-quick-total")).to_have_text("61")
    expect(first.locator(".al-quick-total")).to_be_in_viewport()  # the tap shows its answer, no scrolling up
    expect(first.locator(".al-quick-lines li")).to_have_text([
        re.compile(r"Creatures \(laurels × 2\)\s*22"), re.compile(r"Largest group \(figures × 3\)\s*24"),
        re.compile(r"Gold \(2 each\)\s*4"), re.compile(r"Herbs\s*7"), re.compile(r"Swords \(extra values\)\s*4")])
    assert page.evaluate("window.notReloaded === true")
    assert_fits_the_screen(page)
    screenshot(page, "adventure-land-quick-360")
    # Past the box: a clear refusal, what was typed stays.
    martin.get_by_label("Gold pieces held").fill("1000000")
    page.get_by_role("button", name="Score").click()
    expect(page.locator("#al-quick-error")).to_contain_text("must be at most 18")
    expect(page.locator("#al-quick-error")).to_be_in_viewport()
    expect(martin.get_by_label("Herbs: their values")).to_have_value("3 4")
