"""Access: guessing is limited, tokens stay out of logs, every change needs CSRF (or JSON from
this origin), every page carries the security headers, and an ended game is read-only.

The route lists are read from the app's url_map, so a route added later is covered by
these tests without anyone remembering to add it here.
"""

from __future__ import annotations

import re
import secrets
import time

import pytest
import requests
from sqlalchemy import func, select

from companion.extensions import db
from companion.models import Event, LibraryEntry, Seat, Snapshot, Table
from tests.helpers import act, claim, csrf_of, start_table
from tests.test_web import board_form

LIMIT = 5



def guess() -> str:
    return secrets.token_urlsafe(24)


def rules(app, method: str):
    return [rule for rule in app.url_map.iter_rules() if method in rule.methods and rule.endpoint != "static"]


def url_for_rule(rule, token: str) -> str:
    """A concrete URL for a rule: this table's token, seat 0, the score pad; anything else "x"."""
    samples = {"token": token, "index": 0, "game_key": "scorepad", "key": "scorepad", "path": "x"}
    url = rule.rule
    for argument in rule.arguments:
        url = re.sub(r"<(?:[^:<>]+:)?%s>" % argument, str(samples.get(argument, "x")), url)
    return url


def fingerprint(app) -> tuple:
    """Everything a state-changing request could touch, summarised."""
    with app.app_context():
        counts = tuple(db.session.scalar(select(func.count()).select_from(model)) for model in
                       (Table, Seat, Event, Snapshot, LibraryEntry))
        tables = tuple(db.session.execute(select(Table.token, Table.version, Table.finished).order_by(Table.id)))
        seats = tuple(db.session.execute(select(Seat.id, Seat.device).order_by(Seat.id)))
        db.session.remove()
    return counts, tables, seats


# --- guessing ----------------------------------------------------------------------------------

def test_guessing_join_links_is_limited_per_address(limited_app):
    guesser = limited_app.test_client()
    for attempt in range(LIMIT):
        assert guesser.get(f"/t/{guess()}/join").status_code == 404, attempt
    refused = guesser.get(f"/t/{guess()}/join")
    assert refused.status_code == 429 and "Too many tries" in refused.get_data(as_text=True)
    api = guesser.get(f"/api/tables/{guess()}")
    assert api.status_code == 429 and api.get_json()["error"]
    # Another address is not affected.
    other = limited_app.test_client()
    assert other.get(f"/t/{guess()}/join", environ_base={"REMOTE_ADDR": "192.0.2.7"}).status_code == 404


def test_guessing_through_any_url_with_a_token_is_limited_too(limited_app):
    """/version or /board answer 404 for a wrong token just as /join does: every wrong token counts."""
    guesser = limited_app.test_client()
    requests_ = [("GET", url_for_rule(rule, guess())) for rule in rules(limited_app, "GET") if "token" in rule.arguments]
    requests_ += [("POST", url_for_rule(rule, guess())) for rule in rules(limited_app, "POST")
                  if "token" in rule.arguments and rule.endpoint.startswith("api.")]  # forms stop at CSRF first
    assert len(requests_) >= 15
    answers = [(url, guesser.open(url, method=method, json={} if method == "POST" else None).status_code)
               for method, url in requests_ + requests_]
    assert [status for _, status in answers[:LIMIT]] == [404] * LIMIT
    assert all(status == 429 for _, status in answers[LIMIT:]), answers


def test_a_real_table_keeps_working_for_an_address_that_guessed(limited_app):
    host = limited_app.test_client()
    token = start_table(host)["token"]
    for _ in range(LIMIT + 3):
        host.get(f"/t/{guess()}/version")
    assert host.get(f"/t/{token}/version").status_code == 200
    assert host.get(f"/t/{token}/board").status_code == 200
    assert act(host, token, type="add_points", seat=0, points=1).status_code == 200


def test_failed_claims_are_limited(limited_app):
    """Trying for a seat another phone holds costs a try, over the API and the form alike."""
    host = limited_app.test_client()
    token = start_table(host)["token"]
    claim(host, token, 0)
    grabber = limited_app.test_client()
    answers = [grabber.post(f"/api/tables/{token}/seats/0/claim", json={}).status_code for _ in range(LIMIT + 2)]
    assert answers[:LIMIT] == [409] * LIMIT and answers[LIMIT:] == [429, 429]
    token = start_table(host)["token"]  # another table: the first one's failed claims are counted on it too
    claim(host, token, 0)
    form_grabber = limited_app.test_client()
    page = form_grabber.get(f"/t/{token}/join").get_data(as_text=True)
    answers = [form_grabber.post(f"/t/{token}/seats/0/claim", data={"csrf_token": csrf_of(page)},
                                 environ_base={"REMOTE_ADDR": "192.0.2.9"}).status_code for _ in range(LIMIT + 1)]
    assert answers == [302] * LIMIT + [429]


def test_successful_joins_and_reads_are_not_limited(limited_app):
    """A club behind one router: many phones join from one address, and each reads its own
    table as often as it likes (issue #12: 100 phones joining got 40 refusals; a phone reading
    its table got 429 after 60 reads a minute)."""
    host = limited_app.test_client()
    tokens = [start_table(host)["token"] for _ in range(LIMIT * 2)]
    answers = []
    for token in tokens:
        phone = limited_app.test_client()
        answers.append(phone.get(f"/t/{token}/join").status_code)
        answers.append(phone.post(f"/api/tables/{token}/seats/1/claim", json={}).status_code)
        answers += [phone.get(f"/api/tables/{token}").status_code for _ in range(3)]
        answers.append(phone.get(f"/t/{token}/invite").status_code)
    assert answers == [200] * len(answers)


# --- logs ----------------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.waits  # for the access log's lines
@pytest.mark.any_database  # the access log's lines are gunicorn's logger's, whatever the database
def test_join_tokens_never_reach_the_access_log(server_factory):
    server = server_factory()  # its own: the log read at the end holds this test's requests only
    host = requests.Session()
    table = host.post(f"{server.url}/api/tables", json={"game": "scorepad", "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]}, timeout=10).json()
    token = table["token"]
    assert len(token) * 6 >= 128 and re.fullmatch(r"[A-Za-z0-9_-]+", token)  # ≥128 random bits, URL-safe
    phone = requests.Session()
    phone.get(f"{server.url}/t/{token}/join", timeout=10)
    phone.post(f"{server.url}/api/tables/{token}/seats/1/claim", json={}, timeout=10)
    phone.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": 2}, timeout=10)
    for path in ("", "/board?since=0", "/display", "/history", "/version", "/invite", "/export.json"):
        phone.get(f"{server.url}/t/{token}{path}", timeout=10, headers={"Referer": f"{server.url}/t/{token}/join"})
    phone.get(f"{server.url}/api/tables/{token}/history?since=0", timeout=10)
    with phone.get(f"{server.url}/t/{token}/live", stream=True, timeout=10) as stream:
        next(stream.iter_lines(chunk_size=1))
    host.get(f"{server.url}/t/{token[:-1]}X/join", timeout=10)  # a wrong guess is not logged either
    invite = phone.get(f"{server.url}/t/{token}/invite", timeout=10).text
    display_token = invite.split('id="display-link" href="', 1)[1].split('"', 1)[0].rsplit("/", 1)[1]
    for path in ("", "/board?since=0"):  # the display link's token is a secret too
        phone.get(f"{server.url}/d/{display_token}{path}", timeout=10)
    # The stream's line is written when the server sees it closed, a moment after the client
    # let go: wait for it (the server is then killed, which would lose a line not yet written).
    deadline = time.monotonic() + 5
    while server.log_path.read_text().count(" /t/…") < 10 and time.monotonic() < deadline:
        time.sleep(0.05)
    server.stop()
    logged = server.log_path.read_text()
    assert logged.count(" /t/…") >= 9 and "/api/tables/…/actions" in logged, logged  # the requests are there …
    assert token not in logged and token[:16] not in logged  # … without the token
    assert "/d/…" in logged and display_token not in logged and display_token[:16] not in logged


# --- CSRF ----------------------------------------------------------------------------------------

# POST routes that change nothing and so need no CSRF token; each is checked to change nothing.
STATELESS_POSTS = {"health.healthz"}  # the load balancer's and the benchmark's bare route


def state_changing_rules(app):
    return [rule for method in ("POST", "PUT", "PATCH", "DELETE") for rule in rules(app, method)
            if rule.endpoint not in STATELESS_POSTS]


def test_the_stateless_posts_change_nothing(app, client):
    token = start_table(client)["token"]
    before = fingerprint(app)
    for rule in rules(app, "POST"):
        if rule.endpoint in STATELESS_POSTS:
            assert client.post(url_for_rule(rule, token), data={"type": "end_round"}).status_code == 200
    assert fingerprint(app) == before


def test_the_app_has_the_state_changing_routes_this_file_expects(app):
    endpoints = {rule.endpoint for rule in state_changing_rules(app)}
    assert {"play.act", "play.undo", "tables.create", "tables.claim", "api.act", "api.undo", "api.claim"} <= endpoints


def test_every_form_post_without_its_csrf_token_is_refused_and_changes_nothing(app, client, phone):
    token = start_table(client)["token"]
    claim(client, token, 0)
    before = fingerprint(app)
    checked = []
    for rule in state_changing_rules(app):
        if rule.endpoint.startswith("api."):
            continue
        url = url_for_rule(rule, token)
        for who in (client, phone()):  # the host in seat 0, and a stranger
            response = who.post(url, data={"type": "end_round", "points": "5", "seat": "0", "name": ["A", "B"],
                                           "lang": "fr", "version": "0"})
            assert response.status_code == 400, (url, response.status_code)
            assert "reload it and try again" in response.get_data(as_text=True)
        checked.append(url)
    assert fingerprint(app) == before
    assert len(checked) >= 8, checked


def test_every_api_post_refuses_a_form_body_and_a_foreign_origin(app, client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    before = fingerprint(app)
    checked = []
    for rule in state_changing_rules(app):
        if not rule.endpoint.startswith("api."):
            continue
        url = url_for_rule(rule, token)
        # What a page on another site can send without asking the browser first: a form, or text/plain.
        for response in (client.post(url, data={"type": "end_round"}),
                         client.post(url, data='{"type": "end_round"}', content_type="text/plain")):
            assert response.status_code == 415 and response.get_json()["error"], url
        foreign = client.post(url, json={"type": "end_round"}, headers={"Origin": "https://evil.example"})
        assert foreign.status_code == 403 and "another site" in foreign.get_json()["error"], url
        checked.append(url)
    assert fingerprint(app) == before
    assert len(checked) >= 6, checked


def test_a_same_origin_api_post_is_accepted(client):
    token = start_table(client)["token"]
    response = client.post(f"/api/tables/{token}/actions", json={"type": "add_points", "seat": 0, "points": 1},
                           headers={"Origin": "http://localhost"})
    assert response.status_code == 200


# --- headers and cookies --------------------------------------------------------------------------

def test_every_page_and_answer_carries_the_security_headers(app, client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    act(client, token, type="finish")  # so that the exports answer too
    seen = []
    for rule in rules(app, "GET"):
        url = url_for_rule(rule, token)
        response = client.get(url)
        try:
            headers = response.headers
            csp = headers.get("Content-Security-Policy", "")
            assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp, url
            assert "default-src 'self'" in csp and "object-src 'none'" in csp and "frame-ancestors 'none'" in csp, url
            assert headers["X-Content-Type-Options"] == "nosniff", url
            assert headers["X-Frame-Options"] == "DENY", url
            assert headers["Referrer-Policy"] == "same-origin", url
            if response.mimetype == "text/html" and response.status_code == 200:
                html = response.get_data(as_text=True)
                assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), url  # no inline script
                assert not re.search(r"\son[a-z]+=", html), url  # no inline event handler
        finally:
            response.close()
        seen.append((url, response.status_code))
    assert len(seen) >= 20 and sum(1 for _, status in seen if status == 200) >= 15, seen


def test_every_cookie_the_app_sets_is_httponly_and_samesite(client, phone):
    token = start_table(client)["token"]
    stranger = phone()
    page = stranger.get(f"/t/{token}/join").get_data(as_text=True)
    responses = [
        phone().get("/"),  # the device cookie, on a first visit
        stranger.post(f"/t/{token}/seats/9/claim", data={"csrf_token": csrf_of(page)}),  # a flash: the session cookie
        stranger.post("/lang", data={"csrf_token": csrf_of(page), "lang": "fr", "next": "/"}),  # the language cookie
    ]
    cookies = [value for response in responses for value in response.headers.getlist("Set-Cookie")]
    names = {cookie.split("=", 1)[0] for cookie in cookies}
    assert {"companion_device", "session", "companion_lang"} <= names, names
    for cookie in cookies:
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie, cookie


def test_the_device_cookie_is_secure_when_served_over_https(client):
    cookie = client.get("/", base_url="https://localhost").headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie


# --- an ended game --------------------------------------------------------------------------------

def test_an_ended_game_refuses_moves_and_undo_over_the_form_and_the_api(app, client, phone):
    token = start_table(client)["token"]
    claim(client, token, 0)
    player = phone()
    claim(player, token, 1)
    act(client, token, type="add_points", seat=1, points=4)
    html = player.get(f"/t/{token}").get_data(as_text=True)  # a screen from before the end
    assert act(client, token, type="finish").status_code == 200
    before = fingerprint(app)
    read_only = "This game is over: its record is read-only."
    for who in (client, player):
        for body in ({"type": "add_points", "seat": 1, "points": 1}, {"type": "end_round"}, {"type": "finish"}):
            response = act(who, token, **body)
            assert response.status_code == 422 and response.get_json()["error"] == read_only
        response = who.post(f"/api/tables/{token}/undo", json={})
        assert response.status_code == 422 and response.get_json()["error"] == read_only
    fields = board_form(html, "add_points") | {"points": "3", "version": "2"}
    for url, data in ((f"/t/{token}/act", fields), (f"/t/{token}/undo", {"csrf_token": fields["csrf_token"]})):
        response = player.post(url, data=data, headers={"HX-Request": "true"})
        assert response.status_code == 422 and read_only in response.get_data(as_text=True), url
    assert fingerprint(app) == before
    # The finished board offers no moves any more.
    board = player.get(f"/t/{token}/board").get_data(as_text=True)
    assert f'action="/t/{token}/act"' not in board and f'action="/t/{token}/undo"' not in board
