"""The table display by its own link, in real Chromium (issue #28, item 10): it follows the table
live and offers no way to a seat."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_at_the_table import seated_table

pytestmark = pytest.mark.browser


def test_the_display_link_follows_the_table_live_and_leads_to_no_seat(server, new_phone):
    api, token = seated_table(server, new_phone, players=("Ann", "Bob", "Cid"))
    invite = api.get(f"{server.url}/t/{token}/invite", timeout=10).text
    link = invite.split('id="display-link" href="', 1)[1].split('"', 1)[0]
    display = new_phone(width=1920, height=1080)
    display.goto(link)
    expect(display.locator("#player-2 .total")).to_have_text("0")
    assert token not in display.content() and display.locator("form").count() <= 1  # the language switch only
    moved = api.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 2, "points": 7},
                     timeout=10)  # the host, for Cid
    assert moved.status_code == 200, moved.text
    expect(display.locator("#player-2 .total")).to_have_text("7", timeout=10_000)
    assert token not in display.content()
