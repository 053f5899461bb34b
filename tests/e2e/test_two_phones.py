"""Two phones at one table, in real Chromium: join by the QR page's link, see each other's moves live."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot

pytestmark = pytest.mark.browser


def start_score_pad_from_home(server, new_phone):
    """A host's phone starts a score pad for Ann and Bob from the home page: the invite page."""
    host = new_phone()
    host.goto(server.url + "/")
    host.get_by_role("link", name="Score pad").click()
    host.fill("#name-0", "Ann")
    host.fill("#name-1", "Bob")
    host.get_by_role("button", name="Start the game").click()
    return host


def test_a_phone_joins_from_the_qr_page_and_sees_the_others_change_without_reloading(server, new_phone):
    host = start_score_pad_from_home(server, new_phone)
    expect(host.locator("svg.qr")).to_be_visible()
    join_link = host.locator("#join-link").get_attribute("href")
    screenshot(host, "invite-phone")

    # The host takes Ann's seat.
    host.get_by_role("link", name="Take my seat").click()
    host.get_by_role("button", name="Ann").click()
    expect(host.locator(".boardhead .me")).to_contain_text("Ann")

    # A second phone scans the code (opens the link) and taps its name.
    bob = new_phone()
    bob.goto(join_link)
    expect(bob.get_by_role("button", name="Ann")).to_have_count(0)  # a taken seat is not offered
    bob.get_by_role("button", name="Bob").click()
    expect(bob.locator(".boardhead .me")).to_contain_text("Bob")
    expect(bob.locator("#player-0 .total")).to_have_text("0")

    # Ann adds 7 points for herself; Bob's phone shows them without a reload.
    row = host.locator("form.add-points").filter(has_text="Ann")
    row.locator("input.number-box").fill("7")
    row.get_by_role("button", name="Add").click()
    expect(host.locator("#player-0 .total")).to_have_text("7")
    expect(bob.locator("#player-0 .total")).to_have_text("7", timeout=3000)
    expect(bob.locator(".history")).to_contain_text("Ann: +7 points")
    screenshot(bob, "bob-sees-ann")

    # Bob undoes it (his phone asks first, naming the move); Ann's phone follows.
    asked = []
    bob.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    bob.locator("#undo").click()
    expect(host.locator("#player-0 .total")).to_have_text("0", timeout=3000)
    assert asked == ["Undo “Ann: +7 points (round 1)” for the whole table?"]


def test_a_face_down_value_shows_on_its_owners_phone_only(server, new_phone):
    import requests

    api = requests.Session()
    # The host's API session and the browser share nothing: the browser phones claim seats themselves.
    token = api.post(server.url + "/api/tables", json={"game": "scorepad", "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]}, timeout=10).json()["token"]
    ann, bob = new_phone(), new_phone()
    for page, name in ((ann, "Ann"), (bob, "Bob")):
        page.goto(f"{server.url}/t/{token}/join")
        page.get_by_role("button", name=name).click()
    secret = ann.locator("#my-secret")
    secret.locator("input[name=points]").fill("4242")
    secret.get_by_role("button", name="Write face down").click()
    expect(ann.locator(".secret-value")).to_have_text("4242")
    expect(bob.locator(".history")).to_contain_text("Ann wrote points face down", timeout=3000)
    assert "4242" not in bob.content()


def _scorepad_with_ann_on_a_phone(server, new_phone):
    import requests

    api = requests.Session()
    token = api.post(server.url + "/api/tables", json={"game": "scorepad", "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]}, timeout=10).json()["token"]
    ann = new_phone()
    ann.goto(f"{server.url}/t/{token}/join")
    ann.get_by_role("button", name="Ann").click()
    expect(ann.locator("#player-0 .total")).to_have_text("0")
    bob = requests.Session()
    bob.post(f"{server.url}/api/tables/{token}/seats/1/claim", json={}, timeout=10)
    return token, ann, bob


def test_a_burst_of_changes_from_other_phones_leaves_no_phone_behind(server, new_phone):
    token, ann, bob = _scorepad_with_ann_on_a_phone(server, new_phone)
    for _ in range(20):  # as fast as the server takes them, while Ann's phone is still fetching
        bob.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": 1},
                 timeout=10)
    # At once, not at some later poll: the phone caught up with every announced version.
    expect(ann.locator("#board")).to_have_attribute("data-version", "20", timeout=4000)
    expect(ann.locator("#player-1 .total")).to_have_text("20")


def test_the_tapping_phone_gets_its_new_board_once_not_again_from_the_live_stream(server, new_phone):
    token, ann, _ = _scorepad_with_ann_on_a_phone(server, new_phone)
    boards: list[int] = []
    ann.on("response", lambda r: boards.append(r.status) if f"/t/{token}/board" in r.url else None)
    row = ann.locator("form.add-points").filter(has_text="Ann")
    for expected in range(1, 4):
        row.locator("input.number-box").fill("1")
        row.get_by_role("button", name="Add").click()
        expect(ann.locator("#board")).to_have_attribute("data-version", str(expected))
        ann.wait_for_timeout(600)  # the stream's announcement of this very move has arrived by now
    # The move's answer was the new board: the announcement of it fetched nothing more
    # (at most a cheap 204 "nothing new", never the whole board a second time).
    assert 200 not in boards, boards


def test_a_move_from_another_phone_while_mine_is_on_its_way_still_reaches_me(server, new_phone):
    import threading

    token, ann, bob = _scorepad_with_ann_on_a_phone(server, new_phone)

    def bob_plays() -> None:
        for _ in range(15):
            bob.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": 1},
                     timeout=10)

    row = ann.locator("form.add-points").filter(has_text="Ann")
    other = threading.Thread(target=bob_plays)
    other.start()
    taps = 0
    while other.is_alive() or taps < 3:
        row.locator("input.number-box").fill("1")
        row.get_by_role("button", name="Add").click()  # some land on a stale board: refused, shown anew
        taps += 1
        ann.wait_for_timeout(30)
    other.join()
    final = bob.get(f"{server.url}/api/tables/{token}", timeout=10).json()
    expect(ann.locator("#board")).to_have_attribute("data-version", str(final["version"]), timeout=4000)
    expect(ann.locator("#player-1 .total")).to_have_text("15")


@pytest.mark.waits  # for the invite page's poll
def test_the_invite_page_shows_who_has_joined_without_a_reload(server, new_phone):
    import requests

    host = start_score_pad_from_home(server, new_phone)
    bob_row = host.locator("#invite-seats li").filter(has_text="Bob")
    expect(bob_row).to_contain_text("waiting")
    token = host.url.rstrip("/").split("/t/")[1].split("/")[0]
    requests.post(f"{server.url}/api/tables/{token}/seats/1/claim", json={}, timeout=10)
    expect(bob_row).to_contain_text("joined", timeout=6000)
    expect(host.locator("#invite-seats li").filter(has_text="Ann")).to_contain_text("waiting")


def test_moves_in_quick_succession_all_reach_a_phone_within_a_moment(server, new_phone):
    token, ann, bob = _scorepad_with_ann_on_a_phone(server, new_phone)
    version = 0
    # The second move of each pair is announced about when the first one's board is being
    # swapped in (gaps around a board fetch's time): that announcement must not be lost.
    for gap in (5, 10, 15, 20, 25, 30, 40, 50, 60, 80, 100, 150):
        for _ in range(2):
            bob.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": 1},
                     timeout=10)
            version += 1
            ann.wait_for_timeout(gap)
        expect(ann.locator("#board")).to_have_attribute("data-version", str(version), timeout=2000)


@pytest.mark.waits  # for the silent stream's time and the poll
def test_a_phone_whose_live_stream_is_blocked_still_follows_the_table(shared_server, new_phone):
    import requests

    server = shared_server(SSE_KEEPALIVE_SECONDS="1", POLL_SECONDS="1")
    token = requests.post(server.url + "/api/tables", json={"game": "scorepad", "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]}, timeout=10).json()["token"]
    ann = new_phone()
    ann.route("**/live", lambda route: route.abort())  # a proxy that does not pass the stream
    ann.goto(f"{server.url}/t/{token}/join")
    ann.get_by_role("button", name="Ann").click()
    bob = requests.Session()
    bob.post(f"{server.url}/api/tables/{token}/seats/1/claim", json={}, timeout=10)
    bob.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": 4}, timeout=10)
    # The stream never speaks: after its pings' time and 5 s of slack, the phone asks for itself.
    expect(ann.locator("#player-1 .total")).to_have_text("4", timeout=12000)


@pytest.mark.waits  # four poll periods
def test_a_phone_whose_stream_works_does_not_poll(shared_server, new_phone):
    import requests

    server = shared_server(SSE_KEEPALIVE_SECONDS="1", POLL_SECONDS="1")
    token = requests.post(server.url + "/api/tables", json={"game": "scorepad", "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]}, timeout=10).json()["token"]
    ann = new_phone()
    ann.goto(f"{server.url}/t/{token}/join")
    ann.get_by_role("button", name="Ann").click()
    expect(ann.locator("#board")).to_have_attribute("data-version", "0")
    asked: list[str] = []
    ann.on("request", lambda r: asked.append(r.url) if "/board" in r.url else None)
    ann.wait_for_timeout(4000)  # four poll periods; the stream pinged every second meanwhile
    # At most the stream's greeting (its first "version" event, if it connected only now) asks
    # for the board, and gets a 204: polling every second would have asked four times.
    assert len(asked) <= 1 and all("since=0" in url for url in asked), asked
