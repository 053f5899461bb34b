"""The pages and forms: starting a game, moves, stale screens, CSRF, headers, errors."""

from __future__ import annotations

import os
import re

import pytest

from companion.web.pages import static_url
from tests.helpers import claim, csrf_of, start_table


def new_game(client, names=("Ann", "Bob"), **fields):
    page = client.get("/new/scorepad").get_data(as_text=True)
    data = {"csrf_token": csrf_of(page), "name": list(names), "colour": ["red", "blue", "green"][: len(names)], **fields}
    return client.post("/new/scorepad", data=data)


def board_form(html: str, move: str) -> dict[str, str]:
    """The hidden fields of the first form on the page for a move."""
    form = re.search(r'<form[^>]*>(?:(?!</form>).)*name="type" value="%s"(?:(?!</form>).)*</form>' % move, html, re.S)
    assert form, f"no form for {move}"
    return dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form.group(0)))


def test_starting_a_game_shows_the_qr_code_and_the_join_link(client):
    response = new_game(client)
    assert response.status_code == 302
    invite = client.get(response.location).get_data(as_text=True)
    assert "<svg" in invite and "/join" in invite
    token = response.location.split("/t/")[1].split("/")[0]
    assert f"/t/{token}/join" in invite


def test_a_game_needs_enough_distinct_players(client):
    response = new_game(client, names=("Ann",))
    assert response.status_code == 422 and "2 to 8 players" in response.get_data(as_text=True)
    response = new_game(client, names=("Ann", "ann"))
    assert response.status_code == 422 and "same name" in response.get_data(as_text=True)


def test_a_move_posted_by_htmx_returns_the_new_board(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    html = client.get(f"/t/{token}").get_data(as_text=True)
    fields = board_form(html, "add_points") | {"points": "7"}
    response = client.post(f"/t/{token}/act", data=fields, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert 'id="board"' in response.get_data(as_text=True)
    assert client.get(f"/api/tables/{token}").get_json()["view"]["players"][0]["total"] == 7
    assert "HX-Request" in response.headers["Vary"]


def test_the_board_a_move_gets_back_carries_forms_that_work_for_the_next_moves(client, phone):
    """The answer's forms hand on the token the tap was checked with; another phone's token,
    or none, is still refused."""
    token = start_table(client)["token"]
    claim(client, token, 0)
    html = client.get(f"/t/{token}").get_data(as_text=True)
    for points in (2, 3, 4):
        response = client.post(f"/t/{token}/act", data=board_form(html, "add_points") | {"points": str(points)},
                               headers={"HX-Request": "true"})
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        assert board_form(html, "add_points")["csrf_token"]
    assert client.get(f"/api/tables/{token}").get_json()["view"]["players"][0]["total"] == 9
    stranger = phone()
    claim(stranger, token, 1)
    refused = stranger.post(f"/t/{token}/act", data=board_form(html, "add_points") | {"points": "5"},
                            headers={"HX-Request": "true"})
    assert refused.status_code == 400
    assert client.get(f"/api/tables/{token}").get_json()["view"]["players"][0]["total"] == 9


def test_a_stale_screen_gets_the_new_state_and_a_clear_message(client, phone):
    token = start_table(client)["token"]
    claim(client, token, 0)
    old = client.get(f"/t/{token}").get_data(as_text=True)
    other = phone()
    claim(other, token, 1)
    other.post(f"/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": 4})
    response = client.post(f"/t/{token}/act", data=board_form(old, "end_round"), headers={"HX-Request": "true"})
    assert response.status_code == 409
    body = response.get_data(as_text=True)
    assert "The table changed" in body and 'data-version="1"' in body
    assert client.get(f"/api/tables/{token}").get_json()["view"]["round"] == 1


def test_a_double_submitted_form_applies_once(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    fields = board_form(client.get(f"/t/{token}").get_data(as_text=True), "add_points") | {"points": "5"}
    client.post(f"/t/{token}/act", data=fields, headers={"HX-Request": "true"})
    again = client.post(f"/t/{token}/act", data=fields, headers={"HX-Request": "true"})
    assert "Already done" in again.get_data(as_text=True)
    assert client.get(f"/api/tables/{token}").get_json()["view"]["players"][0]["total"] == 5


def test_a_form_without_its_csrf_token_is_refused(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    response = client.post(f"/t/{token}/act", data={"type": "add_points", "seat": "0", "points": "5"})
    assert response.status_code == 400 and "reload it and try again" in response.get_data(as_text=True)
    assert client.get(f"/api/tables/{token}").get_json()["version"] == 0


def test_a_wrong_number_gets_a_clear_message_and_changes_nothing(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    fields = board_form(client.get(f"/t/{token}").get_data(as_text=True), "add_points") | {"points": "lots"}
    response = client.post(f"/t/{token}/act", data=fields, headers={"HX-Request": "true"})
    assert response.status_code == 422 and "points must be a whole number" in response.get_data(as_text=True)
    assert client.get(f"/api/tables/{token}").get_json()["version"] == 0


def test_a_phone_without_a_seat_cannot_move(client, phone):
    token = start_table(client)["token"]
    watcher = phone()
    response = watcher.post(f"/api/tables/{token}/actions", json={"type": "end_round"})
    assert response.status_code == 403 and response.get_json()["error"] == "Claim a seat to play."
    assert watcher.get(f"/t/{token}").location.endswith(f"/t/{token}/join")


def test_pages_carry_a_strict_content_security_policy_and_no_inline_script(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    for url in ("/", f"/t/{token}", f"/t/{token}/invite", f"/t/{token}/display", f"/t/{token}/history"):
        response = client.get(url)
        assert response.status_code == 200, url
        csp = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        html = response.get_data(as_text=True)
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), url
        assert "style=\"" not in html, url
        assert response.headers["Referrer-Policy"] == "same-origin"


def test_the_history_page_lists_every_change_with_undo_marked(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    client.post(f"/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": 3})
    client.post(f"/api/tables/{token}/undo", json={})
    html = client.get(f"/t/{token}/history").get_data(as_text=True)
    assert "Bob: +3 points (round 1)" in html and "Undone: Bob: +3 points" in html


def test_the_board_fragment_answers_204_when_nothing_changed(client):
    token = start_table(client)["token"]
    assert client.get(f"/t/{token}/board?since=0").status_code == 204
    client.post(f"/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": 3})
    assert client.get(f"/t/{token}/board?since=0").status_code == 200


@pytest.mark.any_database
def test_static_files_are_served_from_this_server_not_a_cdn(client):
    html = client.get("/").get_data(as_text=True)
    scripts = re.findall(r'<script src="([^"]+)"', html)
    assert scripts and all(s.startswith("/static/") for s in scripts)
    with client.get("/static/vendor/htmx-2.0.11.min.js") as response:
        assert response.status_code == 200 and b"htmx" in response.data


@pytest.mark.any_database
def test_a_static_url_names_the_files_content_and_is_cached_for_a_year(app, client, tmp_path):
    """Every reference to a static file carries a hash of its content (made once per file, not
    once per icon on a board); a phone keeps the file a year, and a changed file is a new URL."""
    html = client.get("/").get_data(as_text=True)
    css = re.search(r'<link rel="stylesheet" href="(/static/app\.css\?v=([0-9a-f]{12}))"', html)
    assert css, "the stylesheet's URL carries its hash"
    assert css.group(1) in client.get("/").get_data(as_text=True)  # the same URL, page after page
    with client.get(css.group(1)) as response:
        assert response.status_code == 200 and "immutable" in response.headers["Cache-Control"]
    # While developing, an edited file gets a new URL at once.
    folder = tmp_path / "static"
    folder.mkdir()
    (folder / "app.css").write_text("body { color: red }")
    app.static_folder, app.debug = str(folder), True
    with app.test_request_context("/"):
        first = static_url("app.css")
        (folder / "app.css").write_text("body { color: blue }")
        os.utime(folder / "app.css", (1, 1))
        assert static_url("app.css") != first


def test_a_one_tap_button_posts_its_fixed_fields(app):
    with app.test_request_context("/"):
        from flask import render_template_string

        html = render_template_string('{{ act_button("add_points", "+3<", class="btn big", seat=1, points=3) }}',
                                      act_url="/t/x/act", version=3)
    assert 'name="seat" value="1"' in html and 'name="points" value="3"' in html
    assert 'name="type" value="add_points"' in html and 'name="version" value="3"' in html
    assert 'action="/t/x/act"' in html
    assert '<button type="submit" class="btn big">+3&lt;</button>' in html  # its text is escaped
    assert html.index('name="seat"') < html.index('name="points"')  # the fields in the order given


def test_a_macro_that_posts_a_move_without_the_board_s_context_fails_loudly(app):
    """A form posting nowhere would look fine and do nothing at the table."""
    with app.test_request_context("/"):
        from flask import render_template_string

        with pytest.raises(RuntimeError, match="needs the board's context"):
            render_template_string('{{ act_button("add_points", "+3", seat=1) }}')


def test_ending_a_score_pad_round_asks_first_because_it_reveals_the_face_down_points(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    html = client.get(f"/t/{token}").get_data(as_text=True)
    form = re.search(r'<form[^>]*>(?:(?!</form>).)*name="type" value="end_round"', html, re.S).group(0)
    assert 'hx-confirm="End round 1? Everyone\'s face-down points are revealed and counted."' in form
    finish = re.search(r'<form[^>]*>(?:(?!</form>).)*name="type" value="finish"', html, re.S).group(0)
    assert "hx-confirm=" in finish


def test_the_home_page_groups_each_games_start_and_quick_score_in_one_box(client):
    html = client.get("/").get_data(as_text=True)
    boxes = dict(re.findall(r'<li class="game" id="game-([\w-]+)">(.*?)</li>', html, re.S))
    assert set(boxes) == {"adventure-land", "beowulf-the-legend", "beowulf-the-movie", "scorepad", "stonehenge"}
    assert 'href="/new/beowulf-the-legend"' in boxes["beowulf-the-legend"]
    assert 'href="/score/beowulf-the-legend"' in boxes["beowulf-the-legend"]
    assert 'href="/score/beowulf-the-movie' in boxes["beowulf-the-movie"]
    assert 'href="/score/adventure-land"' in boxes["adventure-land"]  # issue #15: its quick-score page
    assert "Quick score" not in boxes["scorepad"] + boxes["stonehenge"]


@pytest.mark.any_database
def test_an_options_help_is_its_own_paragraph_tied_to_its_control(client):
    html = client.get("/new/beowulf-the-legend").get_data(as_text=True)
    assert re.search(r'<input type="checkbox" name="harsh"[^>]*aria-describedby="help-harsh"', html)
    assert re.search(r'<p class="muted option-help" id="help-harsh">A player with 3 or more wounds', html)
    html = client.get("/new/adventure-land").get_data(as_text=True)
    assert re.search(r'<select id="option-sort_out" name="sort_out" aria-describedby="help-sort_out">', html)


def test_a_history_line_gets_the_icon_of_the_piece_it_names():
    from companion.games.base import label
    from companion.web.history_icons import history_icon

    wound = label("By hand: %(event)s", event=label("%(name)s takes the double wound", name="Mark").to_json())
    assert history_icon("beowulf-the-legend", wound) == "double-wound"
    assert history_icon("beowulf-the-legend", label("%(name)s takes a fame token from the supply").to_json()) == "fame"
    assert history_icon("beowulf-the-legend", label("%(name)s plays %(card)s")) is None
    assert history_icon("stonehenge", label("%(name)s takes a wound")) is None  # another game's words


@pytest.mark.any_database
def test_a_games_stylesheet_is_served_from_its_folder_with_its_hash(client):
    """A game's CSS lives in companion/games/<package>/static/: a page of that game links it by
    its content's hash, and the phone keeps it a year."""
    from companion.games import folder

    html = client.get("/score/beowulf-the-legend").get_data(as_text=True)
    link = re.search(r'href="(/games/beowulf-the-legend/static/game\.css\?v=[0-9a-f]{12})"', html)
    assert link, "the Legend's quick page links the game's own stylesheet"
    with client.get(link.group(1)) as response:
        assert response.status_code == 200 and "immutable" in response.headers["Cache-Control"]
        assert response.data == (folder("beowulf-the-legend") / "static" / "game.css").read_bytes()
    assert client.get("/games/no-such-game/static/game.css").status_code == 404


def test_the_display_invites_a_latecomer_with_the_join_qr_only_while_a_seat_is_free(app, client):
    """The display shows the join link's QR so a latecomer can scan it from the table; once every
    seat is taken it goes, so a display link passed on to onlookers no longer leads to a seat."""
    from tests.helpers import claim, start_table

    token = start_table(client, players=[{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}])["token"]
    claim(client, token, 0)
    free = client.get(f"/t/{token}/display/seats").get_data(as_text=True)
    assert "<svg" in free and "display-join" in free
    claim(app.test_client(), token, 1)
    full = client.get(f"/t/{token}/display/seats").get_data(as_text=True)
    assert "display-join" not in full and "<svg" not in full
