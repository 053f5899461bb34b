"""A process's copy of each table it wrote (companion/fast/table_copies.py): a move built on it needs no
read, and a copy that another process made old is never trusted — not with the state, not with
who holds which seat, not with what a refused phone is shown."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
import requests
from sqlalchemy import text

from companion.fast import table_copies
from companion.extensions import db
from companion.models import Table
from tests.helpers import act, claim, csrf_of, points_at_once, start_table

SECRET = 4242


def tap(phone, token: str, csrf: str, n: int, **fields):
    """A tap on "Add" for the first seat, as the page's htmx form sends it."""
    return phone.post(f"/t/{token}/act", headers={"HX-Request": "true"}, data={
        "csrf_token": csrf, "request_id": f"tap-{n}", "type": "add_points", "seat": "0", "points": "1", **fields})


def ann_tapped_once(client, phone):
    """A new table; Ann's phone sits in the first seat and taps "Add" once, so that this process
    keeps a copy of the table at version 1. (token, Ann's phone, her page's CSRF token)"""
    token = start_table(client)["token"]
    ann = phone()
    claim(ann, token, 0)
    csrf = csrf_of(ann.get(f"/t/{token}").get_data(as_text=True))
    assert tap(ann, token, csrf, 1).status_code == 200
    return token, ann, csrf


class AnotherProcess:
    """What a second server process does to this one's copy: nothing. A change made through the
    app here is made "elsewhere" by putting back the copy this process had before it."""

    def __init__(self, token: str) -> None:
        self.token = token

    def __enter__(self):
        self.kept = table_copies._copies.get(self.token)
        assert self.kept is not None, "this process keeps no copy of the table yet"
        return self

    def __exit__(self, *exc) -> None:
        table_copies._copies.put(self.token, self.kept)


def version_of(app, token: str) -> int:
    with app.app_context():
        version = db.session.scalar(text("SELECT version FROM tables WHERE token = :t"), {"t": token})
        db.session.remove()
    return version


def test_a_move_on_a_copy_made_old_elsewhere_lands_on_the_table_as_it_is(app, client, phone):
    token, ann, csrf = ann_tapped_once(client, phone)  # Ann's copy: version 1, 1 point
    with AnotherProcess(token):
        assert act(client, token, type="add_points", seat=0, points=10).status_code == 200
    answer = tap(ann, token, csrf, 2)
    assert answer.status_code == 200
    board = answer.get_data(as_text=True)
    # Written on version 2 (1 + 10 points), not over it from the copy of version 1.
    assert 'data-version="3"' in board and '<td class="num big total">12</td>' in board
    assert version_of(app, token) == 3
    # The move wrote the table: this process keeps it now, and the next move needs no read.
    assert table_copies.kept(token)


def test_a_phone_whose_seat_was_taken_over_elsewhere_cannot_move_from_a_copy_nor_see_the_seat(
        app, client, phone):
    token = start_table(client)["token"]
    ann, bob = phone(), phone()
    claim(ann, token, 0)
    csrf = csrf_of(ann.get(f"/t/{token}").get_data(as_text=True))
    assert act(ann, token, type="write_secret", points=SECRET).status_code == 200
    assert tap(ann, token, csrf, 1).status_code == 200  # the copy: version 2, Ann's phone holds seat 0
    with AnotherProcess(token):
        # The host frees the seat and another phone sits there: who holds it changes, the
        # version does not (no move was made).
        assert client.post(f"/api/tables/{token}/seats/0/release", json={}).status_code == 200
        claim(bob, token, 0)
    assert version_of(app, token) == 2
    answer = tap(ann, token, csrf, 2)
    assert answer.status_code == 403, answer.get_data(as_text=True)
    board = answer.get_data(as_text=True)
    assert "Claim a seat to play." in board
    # Shown as the onlooker it now is: the seat's face-down number is not on this phone any more.
    assert 'data-seat=""' in board and str(SECRET) not in board
    assert version_of(app, token) == 2  # nothing written
    assert str(SECRET) in bob.get(f"/t/{token}").get_data(as_text=True)  # the seat's new holder sees it


def test_a_phone_ahead_of_the_copy_is_not_told_it_is_behind(app, client, phone):
    """The copy is at version 1; the phone already shows version 2, made elsewhere, and ends the
    round (a move that must not be made on a screen older than the table)."""
    token, ann, csrf = ann_tapped_once(client, phone)
    with AnotherProcess(token):
        assert act(client, token, type="add_points", seat=1, points=5).status_code == 200
    answer = ann.post(f"/t/{token}/act", headers={"HX-Request": "true"}, data={
        "csrf_token": csrf, "request_id": "end-1", "type": "end_round", "version": "2"})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert 'data-version="3"' in answer.get_data(as_text=True) and version_of(app, token) == 3


def test_a_copy_of_an_earlier_table_under_the_same_id_and_token_is_not_trusted(app, client, phone):
    """A database restored (or a table made again) under a running server: same token, same id,
    same version and seating, another table. Its creation time tells them apart."""
    token, ann, csrf = ann_tapped_once(client, phone)
    row, seats = table_copies._copies.get(token)
    earlier = json.loads(row["state"])
    earlier["players"][0]["rounds"] = [100]
    table_copies._copies.put(token, ({**row, "state": json.dumps(earlier),
                                      "created_at": row["created_at"] - timedelta(days=1)}, seats))
    board = tap(ann, token, csrf, 2).get_data(as_text=True)
    assert '<td class="num big total">2</td>' in board and 'data-version="2"' in board


def test_a_refused_move_is_answered_from_the_database_not_from_the_copy(app, client, phone):
    """A copy made old elsewhere says the game is still on; the database says it is over."""
    token, ann, csrf = ann_tapped_once(client, phone)
    with AnotherProcess(token):
        assert act(client, token, type="finish").status_code == 200
    answer = tap(ann, token, csrf, 2)
    assert answer.status_code == 422
    assert "This game is over" in answer.get_data(as_text=True)
    assert 'id="final-scores"' in answer.get_data(as_text=True)


def test_a_copy_is_attached_as_read_and_owns_nothing_a_request_changes(app, client, phone):
    token, ann, csrf = ann_tapped_once(client, phone)
    with app.test_request_context():
        table = table_copies.attach(token)
        assert table is not None and table_copies.is_copy(table)
        assert not db.session.dirty and not db.session.new  # nothing to write back
        read = db.session.execute(text("SELECT version, seating, state FROM tables WHERE token = :t"),
                                  {"t": token}).one()
        state = read.state if isinstance(read.state, dict) else json.loads(read.state)
        assert (table.version, table.seating, table.state) == (read.version, read.seating, state)
        assert [seat.index for seat in table.seats] == [0, 1, 2] and table.seats[0].device is not None
        table.state["players"][0]["rounds"] = [999]  # a request's own objects...
        db.session.rollback()
        db.session.expunge_all()
        again = table_copies.attach(token)
        assert again.state["players"][0]["rounds"] == [1]  # ...never reach the copy
        assert not db.session.dirty
        db.session.remove()


def test_a_claim_or_a_release_here_forgets_the_copy(app, client, phone):
    token, ann, csrf = ann_tapped_once(client, phone)
    assert table_copies.kept(token)
    claim(phone(), token, 1)
    assert not table_copies.kept(token)
    with app.app_context():
        assert db.session.scalar(text("SELECT seating FROM tables WHERE token = :t"), {"t": token}) == 2
        db.session.remove()


def test_copies_are_bounded(app, monkeypatch):
    monkeypatch.setattr(table_copies, "TABLES_KEPT", 3)
    table_copies.forget_all()
    with app.test_request_context():
        for n in range(5):
            table = Table(token=f"token-{n:016d}", game="scorepad", options={}, state={"n": n}, version=n,
                          seating=0, finished=False, host_device="h", id=n + 1)
            table.seats = []
            table_copies.keep(table)
        assert table_copies.count() == 3
        assert not table_copies.kept("token-0000000000000000") and table_copies.kept("token-0000000000000004")
    table_copies.forget_all()


@pytest.fixture(autouse=True)
def fresh_copies():
    """Each test starts with a process that keeps no copy (tokens never repeat, but be sure)."""
    table_copies.forget_all()
    yield
    table_copies.forget_all()


@pytest.mark.slow
def test_two_processes_each_with_its_copies_lose_no_tap_and_apply_none_twice(request, backend):
    """Two gunicorn instances on one database (the run's shared server and another on its
    database), four phones tapping through both at once: each process's copy is old whenever the
    other wrote last. Then a phone whose seat was taken over through one process taps through the
    other, which still keeps the copy of before."""
    if backend != "postgresql":
        pytest.skip("several server processes need PostgreSQL")
    servers = [request.getfixturevalue("server"), request.getfixturevalue("other_process")]
    token = requests.post(f"{servers[0].url}/api/tables", timeout=10, json={
        "game": "scorepad", "players": [{"name": f"P{i}", "colour": c}
                                        for i, c in enumerate(["red", "blue", "green", "yellow"])]}).json()["token"]
    phones = [requests.Session() for _ in range(4)]
    for seat, phone in enumerate(phones):
        assert phone.post(f"{servers[seat % 2].url}/api/tables/{token}/seats/{seat}/claim", json={},
                          timeout=10).status_code == 200
    # Each phone's taps alternate between the processes.
    failures = points_at_once(phones, token, 25, lambda seat, n: servers[(seat + n) % 2].url)
    assert failures == []
    table = requests.get(f"{servers[1].url}/api/tables/{token}", timeout=10).json()
    assert table["version"] == 100
    assert [p["total"] for p in table["view"]["players"]] == [25 * (seat + 1) for seat in range(4)]

    # Seat 0's phone taps through process 0, which keeps the table as it wrote it...
    here, there = servers
    last = phones[0].post(f"{here.url}/api/tables/{token}/actions", timeout=10,
                          json={"type": "add_points", "seat": 0, "points": 1})
    assert last.status_code == 200 and last.json()["version"] == 101
    # ...then, through process 1, that phone hands its seat over and a new phone sits there.
    newcomer = requests.Session()
    assert phones[0].post(f"{there.url}/api/tables/{token}/seats/0/release", json={}, timeout=10).status_code == 200
    assert newcomer.post(f"{there.url}/api/tables/{token}/seats/0/claim", json={}, timeout=10).status_code == 200
    refused = phones[0].post(f"{here.url}/api/tables/{token}/actions", timeout=10,
                             json={"type": "add_points", "seat": 0, "points": 1})
    assert refused.status_code == 403, refused.text
    assert requests.get(f"{there.url}/api/tables/{token}", timeout=10).json()["version"] == 101
