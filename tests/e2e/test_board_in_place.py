"""Another phone's move does not move this phone's board under its thumb (static/app.js): a box
scrolled inside the board (the score pad's rounds, wider than a phone) stays where it was."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_two_phones import _scorepad_with_ann_on_a_phone

pytestmark = pytest.mark.browser


def test_a_box_scrolled_sideways_stays_scrolled_when_another_phone_moves(server, new_phone):
    token, ann, bob = _scorepad_with_ann_on_a_phone(server, new_phone)
    for _ in range(14):  # fourteen rounds: a column each, far wider than a 390 px phone
        bob.post(f"{server.url}/api/tables/{token}/actions", json={"type": "end_round"}, timeout=10).raise_for_status()
    expect(ann.locator("#board")).to_have_attribute("data-version", "14")
    rounds = ann.locator(".sp-rounds-wrap")
    # Scrolled as a thumb scrolls it: the page hears the scroll (its event comes with the next frame)
    # before another phone moves, as it always has at a table.
    wide = rounds.evaluate("""(box) => new Promise((heard) => {
      box.addEventListener("scroll", () => heard(box.scrollLeft), {once: true});
      box.scrollLeft = box.scrollWidth; })""")
    assert wide > 100, "the rounds should be wider than the phone for this test to mean anything"

    bob.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": 3},
             timeout=10).raise_for_status()
    expect(ann.locator("#player-1 .total")).to_have_text("3")  # a new board came
    assert rounds.evaluate("(box) => box.scrollLeft") == wide
