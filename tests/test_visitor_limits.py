"""Nothing one visitor does stops the others (issue #28): the join limit, the Host check, the
display link, the board library's sources. The real-server parts (slow clients, stream caps)
are in tests/test_slow_clients.py and tests/test_stream_flood.py."""

from __future__ import annotations

import pytest

from tests.conftest import dispose, make_app
from tests.helpers import claim, csrf_of, start_table

LIMIT = 5



# --- the join limit (issue #28, item 7) ------------------------------------------------------------

def test_a_free_seat_is_taken_from_an_address_whose_failed_claims_ran_out(limited_app):
    """60 failed claims from one address (a proxy, a club's router) once refused a real player's
    claim of a free seat from that address with 429."""
    host = limited_app.test_client()
    token = start_table(host)["token"]
    claim(host, token, 0)
    grabber = limited_app.test_client()
    answers = [grabber.post(f"/api/tables/{token}/seats/0/claim", json={}).status_code for _ in range(LIMIT + 2)]
    assert answers[-1] == 429
    player = limited_app.test_client()  # the same address (the test client's 127.0.0.1)
    assert player.post(f"/api/tables/{token}/seats/1/claim", json={}).status_code == 200
    form_player = limited_app.test_client()
    page = form_player.get(f"/t/{token}/join").get_data(as_text=True)
    taken = form_player.post(f"/t/{token}/seats/2/claim", data={"csrf_token": csrf_of(page)})
    assert taken.status_code == 302 and taken.headers["Location"].endswith(f"/t/{token}")
    other_table = start_table(host)["token"]
    assert limited_app.test_client().post(f"/api/tables/{other_table}/seats/0/claim", json={}).status_code == 200


def test_failed_claims_on_one_table_are_limited_whatever_the_address(limited_app):
    host = limited_app.test_client()
    token = start_table(host)["token"]
    claim(host, token, 0)
    answers = [limited_app.test_client().post(f"/api/tables/{token}/seats/0/claim", json={},
                                              environ_base={"REMOTE_ADDR": f"192.0.2.{n}"}).status_code
               for n in range(1, LIMIT + 3)]
    assert answers == [409] * LIMIT + [429, 429]
    assert "free seat" in limited_app.test_client().post(
        f"/api/tables/{token}/seats/0/claim", json={}, environ_base={"REMOTE_ADDR": "198.51.100.1"}).get_json()["error"]


# --- the Host check (issue #28, item 8) ------------------------------------------------------------

def test_a_request_for_another_host_name_is_refused(client):
    """DNS rebinding: a page on evil.example makes a phone's browser talk to the LAN server, with
    its own name as Host. The server once answered it, uploads included."""
    home = client.get("/", headers={"Host": "evil.example"})
    assert home.status_code == 400 and "Unknown host name" in home.get_data(as_text=True)
    created = client.post("/api/tables", json={"game": "scorepad", "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]}, headers={"Host": "evil.example:8000"})
    assert created.status_code == 400
    for name in ("localhost", "127.0.0.1:8000", "127.0.0.5", "[::1]:8000"):
        assert client.get("/healthz", headers={"Host": name}).status_code == 200, name


def test_a_form_posted_from_another_site_is_refused(client):
    page = client.get("/games/beowulf-the-legend/library")
    if page.status_code == 404:
        pytest.skip("the Legend's library page moved")
    refused = client.post("/games/beowulf-the-legend/library", data={"csrf_token": csrf_of(page.get_data(as_text=True))},
                          headers={"Origin": "http://evil.example"})
    assert refused.status_code == 403
    assert client.get("/", headers={"Origin": "http://evil.example"}).status_code == 200  # a GET changes nothing


def test_the_public_url_and_the_allowed_hosts_are_answered(database_url, tmp_path):
    app = make_app(database_url, tmp_path, PUBLIC_URL="https://games.example.org/", ALLOWED_HOSTS="proxy.internal")
    try:
        client = app.test_client()
        for name in ("games.example.org", "proxy.internal:8000", "localhost"):
            assert client.get("/healthz", headers={"Host": name}).status_code == 200, name
        assert client.get("/healthz", headers={"Host": "evil.example"}).status_code == 400
        assert client.post("/api/tables", json={}, headers={"Host": "games.example.org",
                                                            "Origin": "https://evil.example"}).status_code == 403
    finally:
        dispose(app)


# --- the display link (issue #28, item 10) ----------------------------------------------------------

def display_link_of(client, token: str) -> str:
    page = client.get(f"/t/{token}/invite").get_data(as_text=True)
    assert f"/t/{token}/join" in page  # the invite shows the join link and ...
    link = page.split('id="display-link" href="', 1)[1].split('"', 1)[0]
    return link.removeprefix("http://localhost")  # ... the display link


def test_the_display_link_shows_the_table_and_cannot_take_a_seat(client, phone):
    """The join link was also the display link: whoever saw the TV's address could sit down."""
    token = start_table(client)["token"]
    claim(client, token, 0)
    display = display_link_of(client, token)
    display_token = display.rsplit("/", 1)[1]
    assert display_token != token and len(display_token) >= 32
    stranger = phone()
    page = stranger.get(display)
    assert page.status_code == 200 and "Table display" in page.get_data(as_text=True)
    assert token not in page.get_data(as_text=True)  # nothing on it leads to the join link
    board = stranger.get(f"{display}/board")
    assert board.status_code == 200 and token not in board.get_data(as_text=True)
    assert stranger.get(f"{display}/board?since=0").status_code == 204
    # The display token opens no seat, by any door.
    assert stranger.get(f"/t/{display_token}/join").status_code == 404
    assert stranger.post(f"/api/tables/{display_token}/seats/1/claim", json={}).status_code == 404
    assert stranger.get(f"/api/tables/{display_token}").status_code == 404
    # Joining still works by the join link, old display URL included.
    assert stranger.post(f"/api/tables/{token}/seats/1/claim", json={}).status_code == 200
    assert stranger.get(f"/t/{token}/display").status_code == 200
    moved = client.post(f"/api/tables/{token}/actions", json={"type": "add_points", "seat": 0, "points": 3})
    assert moved.status_code == 200
    assert "3" in stranger.get(f"{display}/board?since=0").get_data(as_text=True)
