"""The browser tests' phones are handed from test to test (tests/e2e/conftest.py, ``Phones``): a
phone handed back must reach the next test as a new phone would, knowing nothing of the last."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect


pytestmark = [pytest.mark.browser, pytest.mark.looks]  # nothing here depends on the database
PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]


def test_a_phone_handed_back_reaches_the_next_test_holding_no_seat_and_no_storage(server, phones):
    token = requests.post(f"{server.url}/api/tables", json={"game": "scorepad", "players": PLAYERS[:2]},
                          timeout=10).json()["token"]
    phone = phones.take(360, 740, {})
    phone.goto(f"{server.url}/t/{token}/join")
    phone.get_by_role("button", name=PLAYERS[0]["name"]).click()
    expect(phone.locator(".boardhead .me")).to_contain_text(PLAYERS[0]["name"])
    phone.evaluate("localStorage.setItem('left-behind', '1'); sessionStorage.setItem('left-behind', '1')")
    phone.route("**/live", lambda route: route.abort())
    phones.give_back(phone, {})

    again = phones.take(390, 844, {})
    assert again is phone, "the phone was wiped and kept, not closed"
    assert again.viewport_size == {"width": 390, "height": 844}
    assert again.context.cookies() == []
    again.goto(f"{server.url}/t/{token}")
    expect(again.locator(".boardhead .me")).to_have_count(0)  # no seat: the join page's choice again
    # (htmx notes the page it has just loaded in the session storage: a new phone's would too.)
    assert again.evaluate("[localStorage.getItem('left-behind'), sessionStorage.getItem('left-behind')]") == [None, None]
    phones.give_back(again, {})


def test_a_phone_with_a_listener_of_its_own_is_closed_not_handed_on(phones):
    phone = phones.take(360, 740, {})
    phone.on("dialog", lambda dialog: dialog.accept())
    phones.give_back(phone, {})
    assert phone.is_closed()
    other = phones.take(360, 740, {})
    assert other is not phone
    phones.give_back(other, {})
