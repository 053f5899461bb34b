"""A move shown at once (static/app.js, a form's data-adds-to): the score pad's points show on the
tapping phone the moment the move is sent, marked as on their way, not a round trip later; the
server's board then replaces them, or puts them back when the move is refused or never arrived."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.e2e.test_two_phones import _scorepad_with_ann_on_a_phone

pytestmark = pytest.mark.browser


def held_moves(page) -> list:
    """The phone's moves, held on their way to the server until the test lets each go."""
    held: list = []
    page.context.route("**/act", lambda route: held.append(route))
    return held


def the_held(page, held: list, count: int = 1) -> list:
    """The held moves once `count` have reached the route: the points show at the submit, a moment
    before the request leaves the page, so the test waits for the request itself."""
    for _ in range(250):
        if len(held) >= count:
            return held
        page.wait_for_timeout(20)  # (the route's handler runs while Playwright waits)
    raise AssertionError(f"{count} move(s) should have left the phone, {len(held)} did")


def tap_add(page, points: str) -> None:
    row = page.locator("form.add-points").filter(has_text="Ann")
    row.locator("input.number-box").fill(points)
    row.get_by_role("button", name="Add").click()


def test_the_points_show_on_the_tapping_phone_before_the_server_answers(server, new_phone):
    token, ann, _ = _scorepad_with_ann_on_a_phone(server, new_phone)
    held = held_moves(ann)
    total, round_points = ann.locator("#player-0 .total"), ann.locator("#player-0 td.current")
    tap_add(ann, "7")
    expect(total).to_have_text("7")  # while the move is still held back
    expect(total).to_have_class("num big total on-its-way")
    expect(round_points).to_have_text("7")
    expect(ann.locator("#player-1 .total")).to_have_text("0")  # nobody else's numbers move
    assert len(the_held(ann, held)) == 1 and requests.get(f"{server.url}/api/tables/{token}", timeout=10).json()["version"] == 0

    tap_add(ann, "7")  # a second tap on the same move (the same request id): shown once
    expect(total).to_have_text("7")
    ann.wait_for_timeout(200)  # (htmx sends the tap again in place of the first: hx-sync)
    expect(total).to_have_text("7")

    held[-1].continue_()
    expect(ann.locator("#board")).to_have_attribute("data-version", "1")
    expect(total).to_have_text("7")
    expect(total).not_to_have_class("num big total on-its-way")  # the server's own number now


def test_a_refused_move_puts_the_numbers_back_and_says_why(server, new_phone):
    token, ann, bob = _scorepad_with_ann_on_a_phone(server, new_phone)
    held = held_moves(ann)
    tap_add(ann, "5")
    expect(ann.locator("#player-0 .total")).to_have_text("5")
    # Meanwhile Bob's phone ends the game: Ann's move arrives too late.
    ended = bob.post(f"{server.url}/api/tables/{token}/actions", json={"type": "finish"}, timeout=10)
    assert ended.ok, ended.text
    the_held(ann, held)[0].continue_()
    expect(ann.locator("#board > .notice")).to_be_visible()
    expect(ann.locator("#player-0 .total")).to_have_text("0")
    expect(ann.locator(".on-its-way")).to_have_count(0)


def test_a_move_that_never_arrived_puts_the_numbers_back_and_is_kept_as_not_sent(server, new_phone):
    token, ann, _ = _scorepad_with_ann_on_a_phone(server, new_phone)
    held = held_moves(ann)
    tap_add(ann, "3")
    expect(ann.locator("#player-0 .total")).to_have_text("3")
    the_held(ann, held)[0].abort("internetdisconnected")
    expect(ann.locator("#outbox")).to_contain_text("1 move not sent yet")
    expect(ann.locator("#player-0 .total")).to_have_text("0")
    expect(ann.locator(".on-its-way")).to_have_count(0)


def test_a_board_redrawn_as_the_move_leaves_sends_it_from_the_new_board_once(server, new_phone):
    """The move waits for the frame that shows it (app.js): a new board drawn in that moment (another
    phone's move) has the same form, the typed number kept; the move goes from there, once."""
    token, ann, _ = _scorepad_with_ann_on_a_phone(server, new_phone)
    row = ann.locator("form.add-points").filter(has_text="Ann")
    row.locator("input.number-box").fill("4")
    # The tap, then at once, before the next frame, a new board of the same moves in its place.
    ann.evaluate("""() => {
      const form = [...document.querySelectorAll("form.add-points")].find((f) => f.textContent.includes("Ann"));
      form.requestSubmit([...form.querySelectorAll("button")].find((b) => b.type === "submit"));
      const board = document.getElementById("board"), redrawn = board.cloneNode(true);
      board.replaceWith(redrawn);
      htmx.process(redrawn);
    }""")
    expect(ann.locator("#board")).to_have_attribute("data-version", "1")
    expect(ann.locator("#player-0 .total")).to_have_text("4")
    expect(ann.locator(".on-its-way")).to_have_count(0)
    ann.wait_for_timeout(300)  # (nothing more on its way)
    table = requests.get(f"{server.url}/api/tables/{token}", timeout=10).json()
    assert table["version"] == 1, table
