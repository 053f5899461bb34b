"""presence.py: a seat is connected while any of its phone's streams is open (a reload holds two
for a moment), and each change is announced (the generation moves) so the display fetches again."""

from __future__ import annotations

from companion.presence import Presence


def test_a_seat_stays_connected_until_its_last_stream_ends_and_each_change_is_announced():
    people = Presence()
    assert people.opened(7, 2) and people.seats(7) == {2}
    first = people.generation(7)
    assert not people.opened(7, 2)  # the same phone's second stream (a reload): no change to tell
    assert not people.closed(7, 2) and people.seats(7) == {2}
    assert people.generation(7) == first
    assert people.opened(7, 0) and people.seats(7) == {0, 2}
    assert people.closed(7, 2) and people.seats(7) == {0}
    assert people.generation(7) not in (first, 0)
    assert people.closed(7, 0) and people.seats(7) == frozenset()
    assert people.seats(8) == frozenset()  # another table's seats are its own


def test_a_stream_that_never_opened_cannot_close_a_seat():
    people = Presence()
    assert not people.closed(7, 1)
    assert people.seats(7) == frozenset()
