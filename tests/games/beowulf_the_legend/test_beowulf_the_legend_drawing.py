"""What a Legend board costs to draw: the parts every seat sees are made once per table version
and language, then handed to every other phone (kept(), web/pages.py), and a move makes them
again. Counted in blocks made, not in milliseconds (a count a loaded machine cannot change)."""

from __future__ import annotations

import pytest

from tests.helpers import act, claim, start_table

PLAYERS = [{"name": "Sandra", "colour": "red"}, {"name": "Martha", "colour": "blue"},
           {"name": "Mark", "colour": "green"}, {"name": "Ben", "colour": "black"}]


@pytest.fixture
def made(app) -> list[str]:
    """The kept blocks the app makes (rather than hands out again), in order."""
    made: list[str] = []
    keep = app.jinja_env.globals["kept"]

    def counting(name, *key, caller):
        return keep(name, *key, caller=lambda: (made.append(name), caller())[1])

    app.jinja_env.globals["kept"] = counting
    return made


def board(phone, token: str, lang: str = "en", display: bool = False) -> str:
    phone.set_cookie("companion_lang", lang)
    response = phone.get(f"/t/{token}/board" + ("?display=1" if display else ""), headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.get_data(as_text=True)


def seated_table(app):
    host = app.test_client()
    token = start_table(host, game="beowulf-the-legend", players=PLAYERS)["token"]
    phones = [app.test_client() for _ in PLAYERS]
    for seat, phone in enumerate(phones):
        claim(phone, token, seat)
    return host, token, phones


def test_every_other_phone_gets_the_public_parts_the_first_one_made(app, made):
    host, token, phones = seated_table(app)
    board(phones[0], token)
    assert made == ["legend-public", "legend-reference"]
    for phone in [*phones[1:], host]:
        board(phone, token)
    assert made == ["legend-public", "legend-reference"]  # nothing made again for 3 phones and the host
    board(host, token, display=True)  # the display lays them out otherwise: its own
    board(phones[1], token, lang="fr")  # a French phone: its own
    assert made == ["legend-public", "legend-reference"] * 3


def test_a_move_is_on_every_phone_that_drew_the_board_before_it(app, made):
    host, token, phones = seated_table(app)
    before = [board(phone, token) for phone in phones]
    assert all('id="bl-player-2"' in html for html in before)
    assert act(host, token, type="take_scratch", seat=2).status_code == 200
    after = [board(phone, token) for phone in phones]
    assert made == ["legend-public", "legend-reference"] * 2
    for old, new in zip(before, after):
        mark = new.split('id="bl-player-2"')[1].split("</li>")[0]
        assert '#scratch"/></svg><strong class="num">1</strong>' in mark  # Mark's scratch, on every phone
        assert '#scratch"/></svg><strong class="num">0</strong>' in old.split('id="bl-player-2"')[1].split("</li>")[0]

def test_the_episode_form_is_made_once_for_the_phones_of_a_table(app, made):
    """About 150 macro calls: the same on every phone for the same record."""
    host, token, phones = seated_table(app)
    for move in ({"type": "advance"}, {"type": "take_opportunity", "seat": 0},
                 *({"type": "pass", "seat": seat} for seat in (1, 2, 3)), {"type": "advance"}):
        assert act(host, token, **move).status_code == 200, move
    first = board(phones[0], token)
    assert 'class="act stack bl-entry"' in first  # episode 2 is not known: the table enters it
    forms = made.count("legend-episode-form")
    assert forms == 1
    for phone in [*phones[1:], host]:
        assert 'class="act stack bl-entry"' in board(phone, token)
    assert made.count("legend-episode-form") == forms
