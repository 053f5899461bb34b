"""The JSON API and its OpenAPI document."""

from __future__ import annotations

from tests.helpers import act, claim, start_table


def test_the_openapi_document_lists_every_move_of_every_game(client):
    doc = client.get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.")
    moves = doc["paths"]["/api/tables/{token}/actions"]["post"]["requestBody"]["content"]["application/json"]["schema"]["oneOf"]
    titles = {m["title"] for m in moves}
    assert {"scorepad: add_points", "scorepad: write_secret", "scorepad: end_round", "scorepad: finish"} <= titles


def test_errors_are_json_with_a_message_and_a_4xx_status(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    for response, status in [
        (act(client, token, type="add_points", seat=0, points="x"), 422),
        (act(client, token, type="no_such_move"), 422),
        (act(client, token, type="add_points", seat=0, points=1, version="soon"), 422),
        (client.post(f"/api/tables/{token}/actions", data="type=end_round"), 415),
        (client.post(f"/api/tables/{token}/actions", json=[1, 2]), 400),
        (client.post("/api/tables/nope-nope-nope-nope/actions", json={"type": "end_round"}), 404),
    ]:
        assert response.status_code == status, response.get_data(as_text=True)
        assert isinstance(response.get_json()["error"], str) and response.get_json()["error"]
    assert client.get(f"/api/tables/{token}").get_json()["version"] == 0


def test_a_request_from_another_site_is_refused(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    response = client.post(f"/api/tables/{token}/actions", json={"type": "end_round"},
                           headers={"Origin": "https://evil.example"})
    assert response.status_code == 403 and response.get_json()["error"] == "Requests from another site are refused."
    assert client.get(f"/api/tables/{token}").get_json()["version"] == 0


def test_a_stale_version_over_the_api_is_a_409_with_the_current_version(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    act(client, token, type="add_points", seat=0, points=1)
    response = act(client, token, type="end_round", version=0)
    assert response.status_code == 409 and response.get_json()["version"] == 1


def test_final_scores_rank_players_and_ties_share_a_place(client):
    token = start_table(client)["token"]
    claim(client, token, 0)
    act(client, token, type="add_points", seat=0, points=5)
    act(client, token, type="add_points", seat=1, points=5)
    act(client, token, type="add_points", seat=2, points=9)
    finished = act(client, token, type="finish").get_json()["table"]
    assert finished["finished"] is True
    assert [(s["name"], s["place"]) for s in finished["scores"]] == [("Ann", 2), ("Bob", 2), ("Cid", 1)]
    late = act(client, token, type="add_points", seat=0, points=1)
    assert late.status_code == 422 and late.get_json()["error"] == "This game is over: its record is read-only."
