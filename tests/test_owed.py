"""The "your move" bar, for every game (issue #26): a seated phone is told what its seat owes the
table, and the bar's link leads to a control on that phone's own board.

Driven by the registry: a new game is covered as soon as it is registered.
"""

from __future__ import annotations

import re

import pytest

from companion.games import registry
from tests.helpers import act, board_page, claim, start_table

NAMES = [("Ann", "red"), ("Bob", "blue"), ("Cid", "green"), ("Dot", "yellow")]
BAR = re.compile(r'<p class="owed( due)?" id="owed"[^>]*data-target="([^"]*)"[^>]*>(.*?)</p>', re.S)


def bar_of(html: str) -> tuple[str, str] | None:
    """The bar's target id ("" while waiting) and its text, or None when the page has no bar."""
    match = BAR.search(html)
    return (match.group(2), re.sub(r"<[^>]+>", "", match.group(3)).strip()) if match else None


def seated(phone, game_key: str, count: int) -> tuple[str, list]:
    host = phone()
    game = registry()[game_key]
    players = [{"name": n, "colour": c} for n, c in NAMES[:max(game.min_players, min(count, game.max_players))]]
    token = start_table(host, game_key, players)["token"]
    phones = []
    for seat in range(len(players)):
        phones.append(phone())
        claim(phones[-1], token, seat)
    return token, phones


@pytest.mark.parametrize("game_key", sorted(registry()))
def test_every_seated_phone_is_told_what_it_owes_and_the_bar_leads_to_its_control(phone, game_key):
    token, phones = seated(phone, game_key, 3)
    bars = [bar_of(board_page(p, token)) for p in phones]
    assert all(bars), f"{game_key}: a seated phone without the bar: {bars}"
    for seat, (p, (target, text)) in enumerate(zip(phones, bars)):
        assert text, f"{game_key}: seat {seat}'s bar says nothing"
        if target:
            assert f'id="{target}"' in board_page(p, token), f"{game_key}: seat {seat}'s bar leads to no {target}"
    assert any(target for target, _text in bars), f"{game_key}: nobody owes anything at the start: {bars}"


def test_the_table_display_and_the_host_without_a_seat_have_no_bar(phone):
    host = phone()
    token = start_table(host, "scorepad")["token"]
    assert bar_of(board_page(host, token)) is None
    assert bar_of(board_page(host, token, display=True)) is None


def test_the_score_pads_bar_moves_from_your_points_to_whom_the_round_waits_for(phone):
    token, (ann, bob, cid) = seated(phone, "scorepad", 3)
    assert bar_of(board_page(ann, token)) == ("add-points-0", "Enter your points for round 1")
    act(ann, token, type="add_points", seat=0, points=7)
    assert bar_of(board_page(ann, token)) == ("", "Waiting for points from: Bob, Cid")
    act(bob, token, type="add_points", seat=1, points=3)
    act(cid, token, type="add_points", seat=2, points=4)
    assert bar_of(board_page(bob, token)) == ("end-round", "Everyone has points: end round 1 when it is over")
