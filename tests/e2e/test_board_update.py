"""A new board changes only what changed on the phone (static/app.js, its last part): after its
own move and after another phone's, the phone shows exactly the board the server draws for its
seat, what was typed is kept or cleared as before, and the parts the move did not touch were not
drawn again."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_two_phones import _scorepad_with_ann_on_a_phone

pytestmark = pytest.mark.browser

# The phone's board and the one the server draws now for its seat, each with the values that change
# with every board blanked (the version, the one-time request ids, the CSRF token, the refresh
# address), and htmx's passing classes left out: "same" when they are alike.
SAME_AS_THE_SERVERS = """async () => {
  const plain = (html) => html.replace(/(name="(?:csrf_token|version|request_id)" value=")[^"]*"/g, '$1"')
    .replace(/ hx-get="[^"]*"/, "").replace(/ class="(?:htmx-[a-z]+ ?)+"| htmx-[a-z]+\\b/g, "")
    .replace(/ class=" +/g, ' class="');
  const url = document.getElementById("live").dataset.boardUrl;
  const drawn = await (await fetch(url, {headers: {"HX-Request": "true"}})).text();
  const box = document.createElement("template");
  box.innerHTML = drawn.trim();
  const shown = plain(document.getElementById("board").outerHTML), server = plain(box.content.firstElementChild.outerHTML);
  return shown === server ? "same" : "shown:\\n" + shown + "\\n\\nthe server's:\\n" + server;
}"""


def add_for_ann(ann, points: int) -> None:
    row = ann.locator("form#add-points-0")
    row.locator("input.number-box").fill(str(points))
    row.get_by_role("button", name="Add").click()


def test_a_board_changed_in_place_is_the_servers_and_draws_again_only_what_changed(server, new_phone):
    token, ann, bob = _scorepad_with_ann_on_a_phone(server, new_phone)
    ann.evaluate("() => { window.faceDown = document.getElementById('my-secret'); }")

    # Ann's own move: her total and the history change, her Add box starts afresh.
    add_for_ann(ann, 3)
    expect(ann.locator("#player-0 .total")).to_have_text("3")
    assert ann.evaluate(SAME_AS_THE_SERVERS) == "same"
    expect(ann.locator("form#add-points-0 input.number-box")).to_have_value("")

    # Bob's move, while Ann is half-way through typing hers: the board follows, her number stays.
    ann.locator("form#add-points-0 input.number-box").fill("4")
    bob.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": 2},
             timeout=10)
    expect(ann.locator("#player-1 .total")).to_have_text("2", timeout=3000)
    assert ann.evaluate(SAME_AS_THE_SERVERS) == "same"
    expect(ann.locator("form#add-points-0 input.number-box")).to_have_value("4")

    # The face-down section, which neither move touched, was not drawn again (the same element).
    assert ann.evaluate("() => window.faceDown === document.getElementById('my-secret')")

    # Her face-down value changes it: it is drawn anew, with the value only her phone shows.
    ann.locator("#my-secret input.number-box").fill("5")
    ann.get_by_role("button", name="Write face down").click()
    expect(ann.locator("#my-secret .secret-value")).to_have_text("5")
    assert ann.evaluate(SAME_AS_THE_SERVERS) == "same"


def test_a_board_kept_in_place_asks_for_news_since_the_version_it_shows(server, new_phone):
    token, ann, bob = _scorepad_with_ann_on_a_phone(server, new_phone)
    bob.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": 2},
             timeout=10)
    expect(ann.locator("#board")).to_have_attribute("data-version", "1", timeout=3000)
    # A phone waking up asks whether anything changed since the board it shows: nothing has.
    with ann.expect_response(lambda response: "/board?since=" in response.url) as asked:
        ann.evaluate("() => document.body.dispatchEvent(new CustomEvent('resync'))")
    assert "since=1" in asked.value.url
    assert asked.value.status == 204
