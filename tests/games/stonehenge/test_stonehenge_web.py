"""The board through the real app: what each phone and the table display show, and forms that post."""

from __future__ import annotations

import re

from tests.helpers import act, board_page, claim, forms_for, post_form, start_table, table_view

PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}, {"name": "Cid", "colour": "green"}]


def table(client, phone, options=None):
    """Ann (the host's phone, seat 0), Bob (seat 1) and Cid (seat 2) on their own phones."""
    token = start_table(client, game="stonehenge", players=PLAYERS, options=options or {})["token"]
    claim(client, token, 0)
    bob, cid = phone(), phone()
    claim(bob, token, 1)
    claim(cid, token, 2)
    return token, bob, cid


def test_every_phone_and_the_display_draw_the_ring_of_thirty_stones(client, phone):
    token, bob, _ = table(client, phone)
    for html in (board_page(client, token), board_page(bob, token), board_page(client, token, display=True)):
        assert html.count('class="sh-stone"') == 30
        assert "Night is trump" in html
        assert ' style="' not in html.split('id="board"', 1)[1]


def test_a_phone_gets_a_form_for_its_own_card_only_and_the_display_none(client, phone):
    token, bob, _ = table(client, phone)
    assert [f for f in forms_for(board_page(bob, token), "reveal") if 'name="seat" value="1"' in f]
    assert not [f for f in forms_for(board_page(bob, token), "reveal") if 'name="seat" value="0"' in f]
    assert forms_for(board_page(client, token, display=True), "reveal") == []
    assert len(forms_for(board_page(client, token), "reveal")) == 3  # the host may enter for anyone


def test_a_card_entered_by_form_shows_on_its_owners_phone_only(client, phone):
    token, bob, cid = table(client, phone)
    post_form(bob, token, board_page(bob, token), "reveal", value="23", suit="day")
    assert "Day 23" in board_page(bob, token)
    for html in (board_page(cid, token), board_page(client, token, display=True)):
        assert "Day 23" not in html


def test_a_resolved_challenge_shows_the_apprentice_on_its_stone_for_everyone(client, phone):
    token, bob, cid = table(client, phone)
    act(client, token, type="reveal", seat=0, suit="night", value=12)
    act(bob, token, type="reveal", suit="day", value=30)
    act(cid, token, type="reveal", suit="dolmen")
    assert table_view(cid, token)["ring"]["stones"][11]["seat"] == 0
    html = board_page(client, token, display=True)
    stone = re.search(r'<g class="sh-stone" id="sh-stone-12">.*?</g>', html, re.S).group(0)
    assert "sh-fill-red" in stone
    assert "won: apprentice on stone 12" in html


def ok(response):
    assert response.status_code == 200, response.get_data(as_text=True)
    return response


def finish_round(host, token):
    """Ends a round from the host's phone: discards entered, Spirit chosen, the trump kept."""
    state = table_view(host, token)
    if state["phase"] == "discard":
        for seat in state["waiting_for"]:
            count = state["round_end"]["need"][seat]
            first = 1 + 5 * seat
            ok(act(host, token, type="discard", seat=seat, suits=["day"] * count,
                   values=list(range(first, first + count))))
        state = table_view(host, token)
    if state["phase"] == "convert":
        ok(act(host, token, type="choose_conversion", conversion="spirit"))
        state = table_view(host, token)
    if state["phase"] == "trump":
        ok(act(host, token, type="choose_trump", trump="night"))
    assert table_view(host, token)["phase"] == "challenge"


def test_the_penalised_player_taps_which_apprentice_moves_back(client, phone):
    token, bob, cid = table(client, phone)
    for value in (10, 20):  # Bob wins two stones, one round each (Ann and Cid concede)
        ok(act(client, token, type="reveal", seat=0, suit="dolmen"))
        ok(act(bob, token, type="reveal", suit="night", value=value))
        ok(act(cid, token, type="reveal", suit="dolmen"))
        finish_round(client, token)
    ok(act(client, token, type="reveal", seat=0, suit="night", value=25))
    ok(act(bob, token, type="reveal", suit="night", value=6))
    ok(act(cid, token, type="reveal", suit="dolmen"))
    assert forms_for(board_page(cid, token), "move_back") == []
    html = board_page(bob, token)
    assert "Stone 20 → 14" in html and "Stone 10 → 4" in html
    post_form(bob, token, html, "move_back", carrying={"stone": "20"})
    assert table_view(bob, token)["players"][1]["stones"] == [10, 14]


def test_discards_by_form_then_the_conversion_buttons(client, phone):
    token, bob, cid = table(client, phone)
    act(client, token, type="reveal", seat=0, suit="night", value=12)
    act(bob, token, type="reveal", suit="day", value=30)
    act(cid, token, type="reveal", suit="day", value=2)
    html = board_page(bob, token)
    assert len(forms_for(html, "discard")) == 1
    post_form(bob, token, html, "discard", **{"suits[]": ["day", "night"], "values[]": ["29", "28"]})
    post_form(cid, token, board_page(cid, token), "discard", **{"suits[]": ["day", "day"], "values[]": ["1", "3"]})
    post_form(client, token, board_page(client, token), "discard", carrying={"seat": "0"},
              **{"suits[]": ["day", "day"], "values[]": ["4", "5"]})
    html = board_page(bob, token)
    assert "Night 28" in board_page(cid, token)  # discards revealed to all
    post_form(bob, token, html, "choose_conversion", carrying={"conversion": "time", "trump": "day"})
    state = table_view(cid, token)
    assert (state["trump"], state["round"], state["phase"]) == ("day", 2, "challenge")
    assert "Day is trump" in board_page(client, token, display=True)
