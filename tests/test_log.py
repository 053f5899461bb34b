"""The event log: versions, replay, undo across snapshots, stale writes, double submits."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from companion import log
from companion.extensions import db
from companion.games.base import Actor, RuleError
from companion.models import Event, Snapshot, Table
from tests.helpers import HOST, claim, start_table



@pytest.fixture
def table_id(app, client):
    token = start_table(client)["token"]
    with app.app_context():
        return db.session.query(Table).filter_by(token=token).one().id


def add(table_id, seat, points, **kwargs):
    return log.append(table_id, {"type": "add_points", "seat": seat, "points": points}, HOST, **kwargs)


def totals(table_id):
    table = db.session.get(Table, table_id)
    db.session.refresh(table)
    return [sum(p["rounds"]) for p in table.state["players"]]


def test_each_change_is_a_numbered_event_and_the_state_equals_a_replay(app, table_id):
    with app.app_context():
        for points in (3, 4, 5):
            add(table_id, 0, points)
        table = db.session.get(Table, table_id)
        assert table.version == 3
        assert totals(table_id) == [12, 0, 0]
        assert log.replay(table) == table.state
        assert [e.label["args"]["num"] for e in log.history(table_id)] == [5, 4, 3]


def test_undo_reverts_the_latest_change_and_is_itself_recorded(app, table_id):
    with app.app_context():
        add(table_id, 0, 3)
        add(table_id, 1, 7)
        recorded = log.undo(table_id, HOST)
        assert totals(table_id) == [3, 0, 0]
        assert recorded.version == 3
        kinds = [(e.kind, e.undone) for e in log.history(table_id)]
        assert kinds == [("undo", False), ("action", True), ("action", False)]
        assert "Bob" in recorded.label.args["what"]["args"]["player"]
        # A second undo reverts the change before it, not the undo.
        log.undo(table_id, HOST)
        assert totals(table_id) == [0, 0, 0]
        with pytest.raises(RuleError, match="Nothing to undo"):
            log.undo(table_id, HOST)


def test_undo_far_past_several_snapshots_rebuilds_the_right_state(app, table_id):
    app.config["SNAPSHOT_EVERY"] = 4
    with app.app_context():
        for i in range(1, 11):
            add(table_id, i % 3, i)
        assert db.session.query(Snapshot).filter_by(table_id=table_id).count() >= 3
        for _ in range(7):
            log.undo(table_id, HOST)
        # Left: actions 1, 2, 3 → seat 1 got 1, seat 2 got 2, seat 0 got 3.
        assert totals(table_id) == [3, 1, 2]
        table = db.session.get(Table, table_id)
        assert log.replay(table) == table.state
        # New moves after undos keep replay and state in step.
        add(table_id, 0, 100)
        assert log.replay(db.session.get(Table, table_id)) == db.session.get(Table, table_id).state


def test_a_stale_screen_is_refused_and_nothing_is_applied(app, table_id):
    with app.app_context():
        add(table_id, 0, 1)
        with pytest.raises(log.StaleVersion) as stale:
            log.append(table_id, {"type": "end_round"}, HOST, expected_version=0)
        assert stale.value.current == 1
        assert db.session.get(Table, table_id).state["round"] == 1
        # A move that stays valid on an older screen (adding points) is applied to the newest state.
        add(table_id, 1, 2, expected_version=0)
        assert totals(table_id) == [1, 2, 0]


def test_the_same_request_twice_is_applied_once(app, table_id):
    with app.app_context():
        first = add(table_id, 0, 5, request_id="tap-1")
        second = add(table_id, 0, 5, request_id="tap-1")
        assert second.duplicate and second.version == first.version
        assert totals(table_id) == [5, 0, 0]
        assert db.session.query(Event).filter_by(table_id=table_id).count() == 1


def test_a_move_the_rules_refuse_changes_nothing(app, table_id):
    with app.app_context():
        with pytest.raises(RuleError, match="seat must be at most 2"):
            add(table_id, 7, 5)
        with pytest.raises(RuleError, match="Only the player themselves can do this, from their own phone"):
            log.append(table_id, {"type": "write_secret", "points": 3}, HOST)  # no seat
        assert db.session.get(Table, table_id).version == 0


def test_an_ended_game_is_read_only(app, table_id):
    with app.app_context():
        add(table_id, 0, 5)
        log.append(table_id, {"type": "finish"}, HOST)
        assert db.session.get(Table, table_id).finished
        with pytest.raises(log.TableFinished):
            add(table_id, 0, 1)
        with pytest.raises(log.TableFinished):
            log.undo(table_id, HOST)


@pytest.mark.parametrize("change", ["undo", "a move retried"])
def test_a_change_whose_seats_changed_hands_since_they_were_read_is_refused_as_stale(app, client, phone, change):
    """The route decides who acts from the seats it read. A change that reads the table again
    under a lock (an undo always; a move after it lost a race) and finds the seats changed
    hands meanwhile is refused as a stale screen, and writes nothing: the phone looks again."""
    token = start_table(client)["token"]
    ann = phone()
    claim(ann, token, 0)
    assert client.post(f"/api/tables/{token}/actions", json={"type": "add_points", "seat": 0, "points": 1}).status_code == 200
    with app.app_context():
        table = db.session.query(Table).filter_by(token=token).one()  # the route's read: Ann holds seat 0
        table_id, version = table.id, table.version
        # Meanwhile, from other phones: the host frees Ann's seat and, for a retried move, a
        # move makes this one's read old (in a thread: a request in this thread would share
        # this app context, and its session).
        def meanwhile():
            answers.append(client.post(f"/api/tables/{token}/seats/0/release", json={}).status_code)
            if change == "a move retried":
                answers.append(client.post(f"/api/tables/{token}/actions",
                                           json={"type": "add_points", "seat": 1, "points": 1}).status_code)

        answers: list[int] = []
        elsewhere = threading.Thread(target=meanwhile)
        elsewhere.start()
        elsewhere.join()
        assert answers and set(answers) == {200}
        ann_acts = Actor(0)
        with pytest.raises(log.StaleVersion):
            if change == "undo":
                log.undo(table_id, ann_acts)
            else:
                log.append(table_id, {"type": "add_points", "seat": 0, "points": 5}, ann_acts)
        db.session.remove()
    with app.app_context():
        written = db.session.scalar(select(func.max(Event.version)).where(Event.table_id == table_id))
        assert written == version + (change == "a move retried")
        db.session.remove()


def test_a_long_game_keeps_its_setup_and_a_few_snapshots_and_undo_still_goes_back_past_them(app, table_id):
    """A snapshot every few moves of a state that grows with the game, kept forever, grew a score
    pad's database by 7 MB by move 4,000 (issue #28). Kept: the setup, the latest few and fewer
    further back; undos going back past most of them still leave every state equal to a replay
    of the log."""
    app.config["SNAPSHOT_EVERY"] = 4
    with app.app_context():
        for i in range(1, 201):
            if i % 5 == 0:
                log.append(table_id, {"type": "end_round"}, HOST)  # the state grows a round
            else:
                add(table_id, i % 3, i)
        versions = sorted(db.session.scalars(select(Snapshot.version).where(Snapshot.table_id == table_id)))
        assert versions[0] == 0 and versions[-4:] == [188, 192, 196, 200]  # the setup and the latest ones
        assert len(versions) <= 12  # of 51 taken: fewer the further back
        for _ in range(60):  # back past every snapshot but the setup
            log.undo(table_id, HOST)
            table = db.session.get(Table, table_id)
            db.session.refresh(table)
            assert log.replay(table) == table.state
        assert table.state["round"] == 1 + 140 // 5 and table.version == 260
        for i in range(8):
            add(table_id, 1, 1)
        table = db.session.get(Table, table_id)
        assert log.replay(table) == table.state
        assert max(db.session.scalars(select(Snapshot.version).where(Snapshot.table_id == table_id))) == 268
