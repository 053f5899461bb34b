"""The board's latest history lines, kept per table version in the process (recent_history.py):
what a phone sees is what the database holds, and the five phones of a table fetching their
boards after a move cost one history query, not five."""

from __future__ import annotations

import re
from collections import namedtuple
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

import pytest

from companion.fast import recent_history
from companion.extensions import db
from tests.helpers import claim, csrf_of, start_table
from tests.test_scale import PLAYERS, QueryCounter

Line = namedtuple("Line", "version label")
WRITTEN = datetime(2026, 11, 26, 20, 0)


def at(version: int, written: datetime = WRITTEN) -> tuple[int, datetime]:
    return version, written


def test_a_version_s_lines_are_found_only_at_that_version():
    recent_history.keep("tok-a", at(3), 8, [Line(3, "c"), Line(2, "b")])
    assert recent_history.latest("tok-a", at(3), 8, read=lambda: pytest.fail("read again")) == [
        Line(3, "c"), Line(2, "b")]
    assert recent_history.latest("tok-a", at(4), 8, read=lambda: [Line(4, "d")]) == [Line(4, "d")]
    assert recent_history.kept("tok-a", at(3), 8) is None  # version 4 took its place
    assert recent_history.kept("tok-a", at(4), 8) == (Line(4, "d"),)
    assert recent_history.kept("tok-b", at(4), 8) is None  # another table
    assert recent_history.latest("tok-a", at(4), 3, read=lambda: [Line(4, "x")]) == [Line(4, "x")]  # another length


def test_the_same_version_written_at_another_moment_is_another_history():
    """A table made again under the same token (a restored database, a test starting over)."""
    recent_history.keep("tok-c", at(7), 8, [Line(7, "first life")])
    again = at(7, WRITTEN + timedelta(minutes=5))
    assert recent_history.kept("tok-c", again, 8) is None
    assert recent_history.latest("tok-c", again, 8, read=lambda: [Line(7, "second life")]) == [Line(7, "second life")]


def test_a_written_row_and_the_same_row_read_back_have_one_stamp():
    """The move's own mirror of the row holds an aware UTC moment; SQLite gives it back naive."""
    aware = SimpleNamespace(version=3, updated_at=datetime(2026, 11, 26, 21, 0, 0, 123456, tzinfo=timezone.utc))
    paris = SimpleNamespace(version=3, updated_at=aware.updated_at.astimezone(timezone(timedelta(hours=1))))
    naive = SimpleNamespace(version=3, updated_at=datetime(2026, 11, 26, 21, 0, 0, 123456))
    assert recent_history.stamp(aware) == recent_history.stamp(paris) == recent_history.stamp(naive)


def test_a_line_newer_than_the_version_read_is_not_kept_with_it():
    """A change that landed between reading the table (version 2) and reading its history."""
    assert recent_history.latest("tok-d", at(2), 8, read=lambda: [Line(3, "later"), Line(2, "b")]) == [
        Line(3, "later"), Line(2, "b")]  # shown as read, once
    assert recent_history.kept("tok-d", at(2), 8) == (Line(2, "b"),)


def test_memory_holds_a_bounded_number_of_tables(monkeypatch):
    monkeypatch.setattr(recent_history, "TABLES_KEPT", 3)
    for n in range(5):
        recent_history.keep(f"tok-e{n}", at(1), 8, [Line(1, n)])
    kept = [n for n in range(5) if recent_history.kept(f"tok-e{n}", at(1), 8) is not None]
    assert kept == [2, 3, 4]


def history_section(html: str) -> str:
    return re.search(r'<section class="card history".*?</section>', html, re.S).group(0)


def tap(player, token, csrf, n, points=1):
    return player.post(f"/t/{token}/act", headers={"HX-Request": "true"}, data={
        "csrf_token": csrf, "request_id": f"tap-{n}", "type": "add_points", "seat": str(n % 2), "points": str(points)})


def test_every_answer_shows_the_history_the_database_holds_through_moves_and_undos(app, client, phone):
    token = start_table(client, players=PLAYERS[:2])["token"]
    first, second = phone(), phone()
    claim(first, token, 0), claim(second, token, 1)
    csrfs = [csrf_of(p.get(f"/t/{token}").get_data(as_text=True)) for p in (first, second)]
    steps = ["tap", "tap", "undo", "tap", "tap", "undo", "undo", "tap"] + ["tap"] * 9 + ["undo", "tap"]
    for n, step in enumerate(steps):
        player, csrf = (first, csrfs[0]) if n % 2 == 0 else (second, csrfs[1])
        if step == "tap":
            answer = tap(player, token, csrf, n, points=n + 1)
        else:
            answer = player.post(f"/t/{token}/undo", headers={"HX-Request": "true"},
                                 data={"csrf_token": csrf, "request_id": f"undo-{n}"})
        assert answer.status_code == 200, answer.get_data(as_text=True)
        shown = history_section(answer.get_data(as_text=True))
        other = second if player is first else first
        board = other.get(f"/t/{token}/board", headers={"HX-Request": "true"}).get_data(as_text=True)
        recent_history.forget_all()  # what a process that never saw this table reads
        fresh = other.get(f"/t/{token}/board", headers={"HX-Request": "true"}).get_data(as_text=True)
        assert shown == history_section(board) == history_section(fresh), (n, step)
        assert undo_button(answer.get_data(as_text=True)) == undo_button(fresh), (n, step)
        if n == 2:  # +1 by P0, +2 by P1, then an undo: the next Undo takes back P0's move
            assert undo_button(fresh) == "Undo: P0: +1 point (round 1)"
    assert 'class="undone action"' in shown


def undo_button(html: str) -> str:
    return re.search(r'<button class="btn small" type="\w+" id="undo"[^>]*>([^<]*)</button>', html).group(1)


def test_the_phones_of_a_table_fetching_their_boards_after_a_move_read_its_history_once(app, client, phone):
    token = start_table(client, players=PLAYERS)["token"]
    phones = [phone() for _ in PLAYERS]
    for seat, p in enumerate(phones):
        claim(p, token, seat)
    csrf = csrf_of(phones[0].get(f"/t/{token}").get_data(as_text=True))
    assert tap(phones[0], token, csrf, 0).status_code == 200
    with app.app_context():
        counter = QueryCounter(db.engine)
    try:
        for p in phones[1:]:
            assert "P0: +1 point" in p.get(f"/t/{token}/board", headers={"HX-Request": "true"}).get_data(as_text=True)
        # Each board reads its table (with its seats); the history comes from the mover's answer.
        assert counter.statements == ["SELECT"] * 4, counter.statements
        recent_history.forget_all()
        counter.statements = []
        for p in phones[1:]:
            p.get(f"/t/{token}/board", headers={"HX-Request": "true"})
        assert counter.statements == ["SELECT"] * 5, counter.statements  # the first board reads it
    finally:
        counter.close()
