"""At the table, in real Chromium: wake lock, waking up, the table display at TV and phone size."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot

pytestmark = pytest.mark.browser

# Records every wake-lock request the page makes (headless Chromium has no screen to keep awake).
WAKE_LOCK_SPY = """
window.__wakeRequests = 0;
Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {
  request: function (kind) {
    window.__wakeRequests += 1;
    return Promise.resolve({release: function () { return Promise.resolve(); }, addEventListener: function () {}});
  }}});
"""


def seated_table(server, new_phone, players=("Ann", "Bob")):
    api = requests.Session()
    colours = ["red", "blue", "green"]
    table = api.post(server.url + "/api/tables", json={"game": "scorepad", "players": [
        {"name": n, "colour": colours[i]} for i, n in enumerate(players)]}, timeout=10).json()
    return api, table["token"]


def take_seat(page, server, token, name):
    page.goto(f"{server.url}/t/{token}/join")
    page.get_by_role("button", name=name).click()
    expect(page.locator(".boardhead .me")).to_contain_text(name)


def test_the_game_page_asks_to_keep_the_screen_awake_and_the_phone_can_switch_it_off(server, new_phone):
    _, token = seated_table(server, new_phone)
    ann = new_phone()
    ann.add_init_script(WAKE_LOCK_SPY)
    take_seat(ann, server, token, "Ann")
    expect(ann.locator("html")).to_have_attribute("data-wake-lock", "on")
    assert ann.evaluate("window.__wakeRequests") >= 1
    ann.locator("#wake-toggle").click()
    expect(ann.locator("#wake-toggle")).to_have_attribute("aria-pressed", "false")
    ann.reload()
    expect(ann.locator(".boardhead .me")).to_contain_text("Ann")
    assert ann.evaluate("window.__wakeRequests") == 0  # switched off on this phone, remembered


def test_a_phone_coming_back_sees_what_changed_while_it_was_away(server, new_phone):
    api, token = seated_table(server, new_phone)
    ann = new_phone()
    take_seat(ann, server, token, "Ann")
    bob = requests.Session()
    bob.post(f"{server.url}/api/tables/{token}/seats/1/claim", json={}, timeout=10)
    # Ann's phone sleeps (the page is gone); Bob plays on.
    ann.goto("about:blank")
    for points in (3, 4):
        bob.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": points},
                 timeout=10)
    ann.go_back()
    away = ann.locator("#away")
    expect(away).to_contain_text("While you were away")
    expect(away).to_contain_text("Bob: +3 points")
    expect(away).to_contain_text("Bob: +4 points")
    away.get_by_role("button", name="OK").click()
    expect(ann.locator("#away")).to_have_count(0)


@pytest.mark.parametrize("size", [(1920, 1080), (360, 740)], ids=["tv", "phone"])
def test_the_table_display_shows_the_public_state_in_large_type(server, new_phone, size):
    api, token = seated_table(server, new_phone, players=("Ann", "Bob", "Cid"))
    writer = requests.Session()
    writer.post(f"{server.url}/api/tables/{token}/seats/0/claim", json={}, timeout=10)
    writer.post(f"{server.url}/api/tables/{token}/actions", json={"type": "write_secret", "points": 5150}, timeout=10)
    writer.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 0, "points": 12},
                timeout=10)
    display = new_phone(width=size[0], height=size[1])
    display.goto(f"{server.url}/t/{token}/display")
    expect(display.locator("#player-0 .total")).to_have_text("12")  # the face-down 5150 is not in it
    assert "5150" not in display.content()
    assert display.locator("#board form").count() == 0  # the display shows, it does not act
    font = display.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert font >= 20
    no_overflow = display.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert no_overflow, "the display scrolls sideways"
    screenshot(display, f"display-{size[0]}x{size[1]}")
    # It follows the table live.
    writer.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 0, "points": 1},
                timeout=10)
    expect(display.locator("#player-0 .total")).to_have_text("13", timeout=3000)


def test_a_refused_move_says_why_where_the_phone_is_looking_and_a_tap_puts_it_away(server, new_phone):
    _, token = seated_table(server, new_phone)
    ann = new_phone(height=500)  # a short screen: the board is taller than it
    take_seat(ann, server, token, "Ann")
    row = ann.locator("form.add-points").filter(has_text="Ann")  # a player enters their own points
    row.scroll_into_view_if_needed()
    ann.mouse.wheel(0, 300)
    row.locator("input[name=points]").fill("0")
    row.get_by_role("button", name="Add").click()  # 0 points: refused ("Enter some points first.")
    notice = ann.locator("#board > .notice")
    expect(notice).to_be_visible()
    assert ann.evaluate("window.scrollY") > 0, "the board should have been scrolled for this test to mean anything"
    box = notice.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 500, box  # on the screen, not at the board's top
    notice.click()
    expect(notice).to_have_count(0)
