"""Private is private: a face-down value reaches its owner's phone and nothing else."""

from __future__ import annotations

import json

from tests.helpers import act, claim, start_table

SECRET = 73519


def everything_seen_by(phone, token) -> str:
    """Every page, fragment and API answer a phone can ask for at this table."""
    urls = [f"/t/{token}", f"/t/{token}/board", f"/t/{token}/display", f"/t/{token}/board?display=1",
            f"/t/{token}/history", f"/t/{token}/invite", f"/t/{token}/join?pick=1",
            f"/api/tables/{token}", f"/api/tables/{token}/history", f"/t/{token}/version"]
    return "\n".join(phone.get(url, follow_redirects=True).get_data(as_text=True) for url in urls)


def test_a_face_down_value_is_seen_only_on_its_owners_phone(client, phone):
    token = start_table(client)["token"]
    owner, neighbour, watcher = phone(), phone(), phone()
    claim(owner, token, 0)
    claim(neighbour, token, 1)
    written = act(owner, token, type="write_secret", points=SECRET)
    assert written.status_code == 200
    # The answer to the owner's own move may show it back to them …
    assert str(SECRET) in json.dumps(written.get_json())
    assert str(SECRET) in everything_seen_by(owner, token)
    # … but no other seat, no table display, not the host's own phone.
    for other in (neighbour, watcher, client):
        assert str(SECRET) not in everything_seen_by(other, token)
    # A move made by another seat answers with that seat's view, not the owner's.
    response = act(neighbour, token, type="add_points", seat=1, points=1)
    assert str(SECRET) not in response.get_data(as_text=True)


def test_everyone_can_see_that_a_face_down_value_was_written(client, phone):
    token = start_table(client)["token"]
    owner, neighbour = phone(), phone()
    claim(owner, token, 0)
    claim(neighbour, token, 1)
    act(owner, token, type="write_secret", points=SECRET)
    view = neighbour.get(f"/api/tables/{token}").get_json()["view"]
    assert view["players"][0]["secret_written"] is True and view["players"][0]["secret"] is None


def test_the_value_is_revealed_to_all_when_the_round_ends(client, phone):
    token = start_table(client)["token"]
    owner, neighbour = phone(), phone()
    claim(owner, token, 0)
    claim(neighbour, token, 1)
    act(owner, token, type="write_secret", points=SECRET)
    act(neighbour, token, type="end_round")
    assert neighbour.get(f"/api/tables/{token}").get_json()["view"]["players"][0]["total"] == SECRET
