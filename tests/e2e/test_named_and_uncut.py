"""What a phone says, it says once, whole and by name (issue 26, "Numbers are typed, not stepped",
its Movie and text items), in real Chromium at 390 × 844: the Movie's quick page names its colour
chips by player and keeps the act's totals on the screen with the board; no label is cut (its
text fits its box: scrollWidth ≤ clientWidth); a seated host places from the same palette as a
guest."""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.e2e.phones import LiveTable

pytestmark = pytest.mark.browser  # what a label says and whether it fits

PHONE = {"width": 390, "height": 844}

# Every label of the quick page and the palette whose text could be cut.
CUT_LABELS = """() => [...document.querySelectorAll(
    ".bm-chip > span, .bm-chip-name, .bm-ability-tag, .bm-quick-totals .badge, .bm-pal-more > summary")]
  .filter(e => e.getClientRects().length > 0 && e.scrollWidth > e.clientWidth)
  .map(e => `${e.className}: "${e.textContent.trim()}" ${e.scrollWidth} > ${e.clientWidth}`)"""


def chip(page, name: str, value: str):
    return page.locator(f"label.bm-chip:has(> input[name='{name}'][value='{value}'])")


def test_the_movies_quick_page_names_its_colours_by_player_keeps_the_totals_in_view_and_cuts_no_label(
        server, new_phone):
    page = new_phone(**PHONE)
    page.goto(server.url + "/score/beowulf-the-movie/act?act=1")
    colours = page.locator("#bm-quick-form [role=radiogroup][aria-label=Colour] label.bm-chip")
    expect(colours).to_have_count(10)
    expect(colours.first).to_have_text("red")  # a colour without a player still says which it is
    expect(page.get_by_role("radio", name="orange")).to_have_count(1)

    # The table names the two colours that play, once: the chips then carry the names, and only those.
    page.locator("#bm-names summary").click()
    page.get_by_label("Player with red").fill("Ann")
    page.get_by_label("Player with blue").fill("Dominique-Alexandra")
    page.get_by_role("button", name="Put the names on the chips").click()
    expect(colours).to_have_text(["Ann", "Dominique-Alexandra"])
    expect(page.get_by_role("radio", name="Ann")).to_have_count(1)

    # A Beowulf for Ann, a +2 Royal Dragon Horn beside it, a Longship for Dominique-Alexandra.
    chip(page, "player", "red").click()
    chip(page, "what", "beowulf").click()
    page.locator("#q-0-0").click()
    expect(page.locator("#q-0-0")).to_have_class(re.compile(r"\bfigure\b"))
    chip(page, "what", "tile:2").click()
    chip(page, "ability", "horn").click()
    page.locator("#q-0-1").click()
    expect(page.locator("#q-0-1 .bm-ability-tag")).to_have_text("Royal Dragon Horn")
    chip(page, "player", "blue").click()
    chip(page, "what", "longship").click()
    page.locator("#q-1-1").click()
    expect(page.locator("#q-1-1")).to_have_class(re.compile(r"\bfigure\b"))

    # The totals, by name, on the same screen as the board; the names stayed on (they travel with each tap).
    totals = page.locator("#bm-quick-totals")
    expect(totals).to_contain_text(re.compile(r"Ann\s*\d+"))
    expect(totals).to_contain_text(re.compile(r"Dominique-Alexandra\s*\d+"))
    expect(totals).to_be_in_viewport(ratio=1)
    expect(page.locator("#q-0-0")).to_be_in_viewport(ratio=1)
    expect(page.locator("#bm-quick-result tr").filter(has_text="Ann")).to_have_count(1)
    assert page.evaluate(CUT_LABELS) == []


def test_a_seated_host_places_from_the_same_palette_as_a_guest(server, new_phone):
    host = new_phone(**PHONE)
    host.goto(server.url + "/")  # the phone that starts the table is its host
    response = host.request.post(f"{server.url}/api/tables", data={"game": "beowulf-the-movie", "players": [
        {"name": "Ann", "colour": "brown"}, {"name": "Bob", "colour": "green"}]})
    assert response.ok, response.text()
    token = response.json()["token"]
    table = LiveTable(server.url, token)
    for action in ({"type": "set_board_size", "rows": 3, "cols": 4}, {"type": "confirm_board"},
                   {"type": "set_first_player", "seat": 0}):
        assert host.request.post(f"{server.url}/api/tables/{token}/actions", data=action).ok
    host.goto(f"{server.url}/t/{token}/join")
    host.get_by_role("button", name="Ann").click()
    guest = new_phone(**PHONE)
    guest.goto(f"{server.url}/t/{token}/join")
    guest.get_by_role("button", name="Bob").click()
    table.synced(host, guest)

    def shown_palette(page) -> list[str]:
        """The palette as a finger meets it: the chips outside the folded-away parts."""
        return page.locator("#bm-palette > .bm-pal-row:visible label.bm-chip").all_inner_texts()

    expect(host.locator("#bm-palette #bm-pal-for")).to_have_count(1)  # the host's extra, folded
    expect(guest.locator("#bm-palette #bm-pal-for")).to_have_count(0)
    host_chips, guest_chips = shown_palette(host), shown_palette(guest)
    assert host_chips == guest_chips, (host_chips, guest_chips)
    assert not any("Bob" in text for text in host_chips)  # no player row before the figures

    # The host's own figure goes on in two taps, as a guest's does, without a scroll.
    host.locator("#bm-palette > .bm-pal-row label.bm-chip:has(> input[name='what'][value='thane'])").click()
    expect(host.locator("#sq-0-0")).to_be_in_viewport(ratio=1)
    table.tap(host.locator("#sq-0-0"), host, guest)
    expect(guest.locator("#sq-0-0")).to_have_class(re.compile(r"\bfigure\b"))
    expect(guest.locator("#sq-0-0 .chip").first).to_have_class(re.compile(r"c-brown"))
    assert host.evaluate("window.scrollY") == 0
    assert host.evaluate(CUT_LABELS) == []


def test_undo_stays_one_line_and_asks_with_the_whole_move(server, new_phone):
    response = requests.post(f"{server.url}/api/tables", timeout=10, json={"game": "scorepad", "players": [
        {"name": "Dominique-Alexandra", "colour": "red"}, {"name": "Bob", "colour": "blue"}]})
    token = response.json()["token"]
    page = new_phone(width=360, height=740)
    page.goto(f"{server.url}/t/{token}/join")
    page.get_by_role("button", name="Dominique-Alexandra").click()
    row = page.locator("form.add-points").filter(has_text="Dominique-Alexandra")
    row.get_by_label("Dominique-Alexandra: points to add").fill("12")
    row.get_by_role("button", name="Add").click()
    undo = page.locator("#undo")
    expect(undo).to_have_attribute("title", "Undo: Dominique-Alexandra: +12 points (round 1)")
    one_line = page.locator(".boardhead").evaluate(
        "h => { const b = h.querySelector('#undo'); return [b.getBoundingClientRect().height, h.getBoundingClientRect().height]; }")
    assert one_line[0] <= 48, f"Undo wraps: {one_line[0]} px tall"
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    undo.click()
    expect(page.locator("#player-0 .total")).to_have_text("12")
    assert asked == ["Undo “Dominique-Alexandra: +12 points (round 1)” for the whole table?"]
