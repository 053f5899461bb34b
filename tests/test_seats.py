"""Joining a table: claiming seats, handing them over, coming back after a reload."""

from __future__ import annotations

import re

from tests.helpers import claim, csrf_of, start_table


def test_join_token_is_long_and_unguessable(client):
    tokens = {start_table(client)["token"] for _ in range(5)}
    assert len(tokens) == 5
    assert all(len(t) >= 32 for t in tokens)  # 24 random bytes, URL-safe: 192 bits


def test_a_phone_claims_a_free_seat_and_lands_on_it_again_after_a_reload(client, phone):
    token = start_table(client)["token"]
    mark = phone()
    page = mark.get(f"/t/{token}/join")
    assert page.status_code == 200 and "Bob" in page.get_data(as_text=True)
    response = mark.post(f"/t/{token}/seats/1/claim", data={"csrf_token": csrf_of(page.get_data(as_text=True))})
    assert response.status_code == 302 and response.location.endswith(f"/t/{token}")
    # A reload, or the join link scanned again, goes straight back to the seat.
    assert mark.get(f"/t/{token}/join").location.endswith(f"/t/{token}")
    assert mark.get(f"/api/tables/{token}").get_json()["seat"] == 1


def test_a_second_phone_cannot_silently_take_a_claimed_seat(client, phone):
    token = start_table(client)["token"]
    first, second = phone(), phone()
    claim(first, token, 0)
    refused = second.post(f"/api/tables/{token}/seats/0/claim", json={})
    assert refused.status_code == 409
    assert "held by another phone" in refused.get_json()["error"]
    assert first.get(f"/api/tables/{token}").get_json()["seat"] == 0
    assert second.get(f"/api/tables/{token}").get_json()["seat"] is None


def test_the_holder_hands_the_seat_over(client, phone):
    token = start_table(client)["token"]
    first, second = phone(), phone()
    claim(first, token, 0)
    assert first.post(f"/api/tables/{token}/seats/0/release", json={}).status_code == 200
    claim(second, token, 0)
    assert second.get(f"/api/tables/{token}").get_json()["seat"] == 0


def test_only_the_holder_or_the_host_can_free_a_seat(client, phone):
    token = start_table(client)["token"]
    holder, stranger = phone(), phone()
    claim(holder, token, 2)
    assert stranger.post(f"/api/tables/{token}/seats/2/release", json={}).status_code == 403
    assert client.post(f"/api/tables/{token}/seats/2/release", json={}).status_code == 200  # the host
    assert holder.get(f"/api/tables/{token}").get_json()["seat"] is None


def test_claiming_another_seat_moves_the_phone(client, phone):
    token = start_table(client)["token"]
    mark = phone()
    claim(mark, token, 0)
    seats = claim(mark, token, 1)["seats"]
    assert [s["claimed"] for s in seats] == [False, True, False]


def test_an_unknown_or_forged_token_is_a_plain_404(client):
    start_table(client)
    assert client.get("/t/not-a-real-token-at-all-000000/join").status_code == 404
    assert client.get("/api/tables/x").get_json() == {"error": client.get("/api/tables/x").get_json()["error"]}
    assert client.get("/api/tables/x").status_code == 404


def test_seat_numbers_outside_the_table_are_refused(client, phone):
    token = start_table(client)["token"]
    response = phone().post(f"/api/tables/{token}/seats/9/claim", json={})
    assert response.status_code == 409 and "no seat 10" in response.get_json()["error"]


def test_the_device_cookie_is_httponly_and_samesite(client):
    response = client.get("/")
    cookie = response.headers["Set-Cookie"]
    assert "companion_device=" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_the_seat_pickers_forms_free_a_seat_for_the_host_and_leave_it_for_its_phone(client, phone):
    token = start_table(client)["token"]
    holder, other = phone(), phone()
    claim(holder, token, 2)
    claim(other, token, 1)
    release = f'action="/t/{token}/seats/%d/release"'
    host_page = client.get(f"/t/{token}/join").get_data(as_text=True)
    assert "Free this seat" in host_page and release % 2 in host_page and release % 1 in host_page
    assert 'data-confirm="Free Cid’s seat?' in host_page  # the host is asked before a phone loses its seat
    stranger_page = phone().get(f"/t/{token}/join").get_data(as_text=True)
    assert "Free this seat" not in stranger_page and "release" not in stranger_page
    response = client.post(f"/t/{token}/seats/2/release", data={"csrf_token": csrf_of(host_page)})
    assert response.status_code == 302
    assert holder.get(f"/api/tables/{token}").get_json()["seat"] is None
    # The phone on seat 1 picks again: it can leave its own seat, not free another's.
    own_page = other.get(f"/t/{token}/join?pick=1").get_data(as_text=True)
    assert "Leave my seat" in own_page and "Free this seat" not in own_page and release % 1 in own_page
    other.post(f"/t/{token}/seats/1/release", data={"csrf_token": csrf_of(own_page)})
    assert other.get(f"/api/tables/{token}").get_json()["seat"] is None


def test_the_invite_page_tells_the_host_who_has_joined_and_who_is_awaited(client, phone):
    token = start_table(client)["token"]
    claim(phone(), token, 1)
    seats = client.get(f"/t/{token}/invite/seats").get_data(as_text=True)
    rows = re.findall(r"<li[^>]*>(.*?)</li>", seats, re.S)
    assert ["Ann" in rows[0], "Bob" in rows[1], "Cid" in rows[2]] == [True, True, True]
    assert ["joined" in row for row in rows] == [False, True, False]
    assert 'class="chip c-blue"' in rows[1]
    assert client.get(f"/t/{token}/invite").get_data(as_text=True).count('class="chip c-') == 3
