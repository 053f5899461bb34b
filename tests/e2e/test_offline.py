"""A phone that loses the Wi-Fi never drops a tap (static/outbox.js, README "When the Wi-Fi drops"):
the move is kept on the phone and shown as not sent, and lands exactly once, in order, when the
connection is back — or, refused on arrival, is shown with its reason and what was typed."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.e2e.test_two_phones import _scorepad_with_ann_on_a_phone

# What the phone keeps and sends is the page's (static/outbox.js); the server's once-only request ids are
# checked on both databases server-side (tests/test_log_paths.py, tests/test_log.py).
pytestmark = pytest.mark.browser

SHOWN = 2000  # ms: the phone says it is offline, and what is not sent, within this


NOTE_WHAT_THE_BAR_SAYS = """() => { const bar = document.getElementById("outbox"); window.barSaid = [];
  new MutationObserver(() => { if (!bar.hidden) window.barSaid.push(bar.textContent); })
    .observe(bar, {childList: true, subtree: true, characterData: true, attributes: true}); }"""

# A score pad: Ann on a phone in Chromium, Bob over the API (the two-phone tests' set-up).
scorepad_with_ann_on_a_phone = _scorepad_with_ann_on_a_phone


def add_for_ann(ann, points: int) -> None:
    row = ann.locator("form.add-points").filter(has_text="Ann")
    row.locator("input.number-box").fill(str(points))
    row.get_by_role("button", name="Add").click()


def table(server, token: str) -> dict:
    return requests.get(f"{server.url}/api/tables/{token}", timeout=10).json()


def history(server, token: str) -> list[str]:
    lines = requests.get(f"{server.url}/api/tables/{token}/history", timeout=10).json()["events"]
    return [line["label"] for line in lines if not line.get("undone")]


def test_a_tap_made_offline_is_shown_as_not_sent_and_lands_once_when_the_phone_is_back(server, new_phone):
    token, ann, _ = scorepad_with_ann_on_a_phone(server, new_phone)
    bar = ann.locator("#outbox")
    ann.context.set_offline(True)
    expect(bar).to_contain_text("This phone is offline.", timeout=SHOWN)
    add_for_ann(ann, 5)
    expect(bar).to_contain_text("1 move not sent yet — it will be sent when the connection is back.", timeout=SHOWN)
    expect(bar).to_contain_text("Add (Ann: points to add: 5)")
    assert table(server, token)["version"] == 0

    ann.context.set_offline(False)
    expect(ann.locator("#player-0 .total")).to_have_text("5", timeout=5000)
    expect(bar).to_be_hidden()
    ann.wait_for_timeout(2500)  # past the first retry: nothing is sent a second time
    assert table(server, token)["view"]["players"][0]["total"] == 5
    assert history(server, token) == ["Ann: +5 points (round 1)"]


def test_a_move_whose_answer_was_lost_is_sent_again_and_applied_once(server, new_phone):
    token, ann, _ = scorepad_with_ann_on_a_phone(server, new_phone)

    lost: list[str] = []

    def arrives_but_the_answer_is_lost(route):
        if lost:  # only the first time
            route.continue_()
            return
        lost.append(route.request.url)
        route.fetch()  # the server applies it ...
        route.abort("connectionreset")  # ... and the Wi-Fi drops before the answer is back

    ann.context.route("**/act", arrives_but_the_answer_is_lost)
    # What the bar says is noted as it changes: the live stream's news of the move the server
    # applied can bring the phone back online and the move sent again within moments, before a
    # look at the bar at a given time would have seen it.
    ann.evaluate(NOTE_WHAT_THE_BAR_SAYS)
    add_for_ann(ann, 4)
    ann.wait_for_function("() => window.barSaid.some((said) => said.includes('1 move not sent yet'))", timeout=SHOWN)
    assert table(server, token)["version"] == 1
    ann.context.unroute("**/act")
    # Sent again (a retry with backoff): the server knows its request id and applies nothing new.
    expect(ann.locator("#outbox")).to_be_hidden(timeout=6000)
    expect(ann.locator("#player-0 .total")).to_have_text("4")
    assert table(server, token)["version"] == 1
    assert history(server, token) == ["Ann: +4 points (round 1)"]


def test_a_proxys_bad_gateway_keeps_the_move_until_the_app_answers(server, new_phone):
    token, ann, _ = scorepad_with_ann_on_a_phone(server, new_phone)
    ann.context.route("**/act", lambda route: route.fulfill(status=502, content_type="text/html",
                                                    body="<html><body><h1>502 Bad Gateway</h1></body></html>"))
    add_for_ann(ann, 6)
    bar = ann.locator("#outbox")
    expect(bar).to_contain_text("The table cannot be reached.", timeout=SHOWN)
    expect(bar).to_contain_text("1 move not sent yet")
    expect(ann.locator("#board")).to_be_visible()  # the proxy's page did not take the board's place
    ann.context.unroute("**/act")
    expect(ann.locator("#player-0 .total")).to_have_text("6", timeout=6000)
    expect(bar).to_be_hidden()
    assert history(server, token) == ["Ann: +6 points (round 1)"]


def test_a_tap_kept_offline_survives_a_reload_while_offline(server, new_phone):
    token, ann, _ = scorepad_with_ann_on_a_phone(server, new_phone)
    # The page is kept for reading offline once its service worker is running.
    ann.wait_for_function("() => !!navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    ann.wait_for_function("async () => !!(await caches.match(location.href))")
    ann.context.set_offline(True)
    add_for_ann(ann, 7)
    expect(ann.locator("#outbox")).to_contain_text("1 move not sent yet", timeout=SHOWN)

    ann.reload()
    bar = ann.locator("#outbox")
    expect(bar).to_contain_text("This phone is offline.", timeout=SHOWN)
    expect(bar).to_contain_text("1 move not sent yet")
    expect(bar).to_contain_text("Add (Ann: points to add: 7)")
    assert table(server, token)["version"] == 0

    ann.context.set_offline(False)
    expect(ann.locator("#player-0 .total")).to_have_text("7", timeout=6000)
    expect(bar).to_be_hidden()
    assert history(server, token) == ["Ann: +7 points (round 1)"]


def test_two_taps_made_offline_land_in_the_order_they_were_made(server, new_phone):
    token, ann, _ = scorepad_with_ann_on_a_phone(server, new_phone)
    ann.context.set_offline(True)
    add_for_ann(ann, 2)
    add_for_ann(ann, 3)
    bar = ann.locator("#outbox")
    expect(bar).to_contain_text("2 moves not sent yet — they will be sent when the connection is back.", timeout=SHOWN)

    ann.context.set_offline(False)
    expect(ann.locator("#player-0 .total")).to_have_text("5", timeout=6000)
    expect(bar).to_be_hidden()
    assert history(server, token) == ["Ann: +3 points (round 1)", "Ann: +2 points (round 1)"]  # newest first


def test_a_kept_move_refused_on_arrival_shows_its_reason_and_what_was_typed(server, new_phone):
    token, ann, bob = scorepad_with_ann_on_a_phone(server, new_phone)
    ann.context.set_offline(True)
    add_for_ann(ann, 9)
    expect(ann.locator("#outbox")).to_contain_text("1 move not sent yet", timeout=SHOWN)
    # Meanwhile Bob ends the game without Ann's phone.
    bob.post(f"{server.url}/api/tables/{token}/actions", json={"type": "finish"}, timeout=10).raise_for_status()

    ann.context.set_offline(False)
    refused = ann.locator("#outbox .outbox-refused")
    expect(refused).to_contain_text("Not applied: Add (Ann: points to add: 9) — This game is over", timeout=6000)
    expect(ann.locator("#final-scores")).to_be_visible()  # the new board
    assert table(server, token)["view"]["players"][0]["total"] == 0  # nothing applied silently
    ann.locator("#outbox .outbox-dismiss").click()
    expect(ann.locator("#outbox")).to_be_hidden()


def test_a_kept_move_made_on_a_board_the_table_has_left_is_refused_and_the_next_not_sent(server, new_phone):
    token, ann, bob = scorepad_with_ann_on_a_phone(server, new_phone)
    ann.context.set_offline(True)
    ann.once("dialog", lambda dialog: dialog.accept())
    ann.get_by_role("button", name="End the round").click()
    add_for_ann(ann, 3)
    expect(ann.locator("#outbox")).to_contain_text("2 moves not sent yet", timeout=SHOWN)
    bob.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": 4},
             timeout=10).raise_for_status()

    ann.context.set_offline(False)
    refused = ann.locator("#outbox .outbox-refused li")
    expect(refused.first).to_contain_text("Not applied: End the round — The table changed", timeout=6000)
    expect(refused.nth(1)).to_contain_text("Add (Ann: points to add: 3) — Not sent: the move before it was not applied.")
    expect(ann.locator("#player-1 .total")).to_have_text("4")  # the new board
    # What was typed is back in its box, ready to be sent again.
    expect(ann.locator("form.add-points").filter(has_text="Ann").locator("input.number-box")).to_have_value("3")
    ann.wait_for_timeout(500)
    assert table(server, token)["version"] == 1  # Bob's move only


def test_the_rules_reference_a_phone_has_opened_stays_readable_offline(server, new_phone):
    from tests.e2e.mid_game import legend

    t = legend(server.url)
    sandra = new_phone()
    t.sit(sandra, 0)
    glossary = sandra.locator("#bl-glossary")
    expect(glossary).to_be_attached()
    sandra.wait_for_function("async () => !!(await caches.match(location.href))")
    words = glossary.text_content()
    sandra.context.set_offline(True)

    sandra.reload()
    expect(sandra.locator("#outbox")).to_contain_text("This is the copy kept on this phone", timeout=SHOWN)
    glossary.locator("summary").click()  # opened here, offline: the page works from its copy
    expect(glossary).to_have_attribute("open", "")
    assert glossary.text_content() == words and "Card symbols" in words
    expect(sandra.locator("#bl-reference")).to_contain_text("King Hrothgar's Blessing")
