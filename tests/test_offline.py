"""What a phone that lost the Wi-Fi relies on from the server (static/outbox.js, static/sw.js):
a kept move sent again is answered as landed — never applied twice, never refused — however far
the table moved on meanwhile; and the service worker is served for the whole app."""

from __future__ import annotations

from tests.helpers import claim, start_table
from tests.test_web import board_form

HTMX = {"HX-Request": "true"}


def total_of_ann(client, token: str) -> int:
    return client.get(f"/api/tables/{token}").get_json()["view"]["players"][0]["total"]


def test_a_move_sent_again_after_the_table_moved_on_is_answered_as_landed_once(client, phone):
    token = start_table(client)["token"]
    claim(client, token, 0)
    bob = phone()
    claim(bob, token, 1)
    fields = board_form(client.get(f"/t/{token}").get_data(as_text=True), "add_points") | {"points": "5"}
    assert client.post(f"/t/{token}/act", data=fields, headers=HTMX).status_code == 200  # its answer was lost
    for points in (1, 2):  # the table moves on before the phone is back
        bob.post(f"/api/tables/{token}/actions", json={"type": "add_points", "seat": 1, "points": points})
    again = client.post(f"/t/{token}/act", data=fields, headers=HTMX)
    assert again.status_code == 200
    assert "Already done: Ann: +5 points" in again.get_data(as_text=True)
    assert total_of_ann(client, token) == 5
    assert client.get(f"/api/tables/{token}").get_json()["version"] == 3


def test_a_move_that_ended_the_game_sent_again_is_answered_as_landed(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    fields = board_form(client.get(f"/t/{token}").get_data(as_text=True), "finish")
    assert client.post(f"/t/{token}/act", data=fields, headers=HTMX).status_code == 200
    again = client.post(f"/t/{token}/act", data=fields, headers=HTMX)
    assert again.status_code == 200 and "Already done" in again.get_data(as_text=True)


def test_an_undo_sent_again_is_answered_as_landed_and_undoes_once(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    html = client.get(f"/t/{token}").get_data(as_text=True)
    for points in (3, 4):
        html = client.post(f"/t/{token}/act", data=board_form(html, "add_points") | {"points": str(points)},
                           headers=HTMX).get_data(as_text=True)
    undo = {name: value for name, value in board_form_of_undo(html).items()}
    assert client.post(f"/t/{token}/undo", data=undo, headers=HTMX).status_code == 200
    again = client.post(f"/t/{token}/undo", data=undo, headers=HTMX)
    assert again.status_code == 200 and "Already done" in again.get_data(as_text=True)
    assert total_of_ann(client, token) == 3


def board_form_of_undo(html: str) -> dict[str, str]:
    import re

    form = re.search(r'<form class="undo".*?</form>', html, re.S)
    assert form, "no undo form"
    return dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form.group(0)))


def test_the_service_worker_is_served_at_the_root_for_the_whole_app_and_never_kept_old(client):
    with client.get("/sw.js") as response:
        assert response.status_code == 200
        assert response.mimetype == "text/javascript"
        assert response.headers["Cache-Control"] == "no-cache"
        assert 'request.method !== "GET"' in response.get_data(as_text=True)  # a move is never stored nor replayed
    page = client.get("/").get_data(as_text=True)
    assert 'data-service-worker="/sw.js"' in page


def test_the_seat_page_carries_the_outbox_bar_in_the_phones_language(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    client.set_cookie("companion_lang", "fr")
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert 'id="outbox"' in page
    assert "{n} coup pas encore envoyé — il le sera dès le retour de la connexion." in page
    assert "{n} coups pas encore envoyés — ils le seront dès le retour de la connexion." in page
    assert "Ce téléphone est hors ligne." in page


def test_a_move_with_a_whole_number_written_10_0_sent_again_is_answered_as_landed(client):
    players = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]
    token = start_table(client, "beowulf-the-movie", players)["token"]
    claim(client, token, 0)
    move = {"type": "cash_treasure", "request_id": "kept-on-the-phone", "points": 10.0}
    first = client.post(f"/api/tables/{token}/actions", json=move)
    again = client.post(f"/api/tables/{token}/actions", json=move)
    assert first.status_code == again.status_code == 200, again.get_data(as_text=True)
    assert client.get(f"/api/tables/{token}").get_json()["version"] == 1
