"""The setup guide: what the rulebook says to lay out by player count, and what it leaves unsaid
(which special cards carry a circled number up to the player count), asked once and remembered."""

from __future__ import annotations

from companion.games.base import Actor
from tests.games.beowulf_the_legend.helpers import BOARD, said
from tests.games.beowulf_the_legend.test_beowulf_the_legend_web import form_fields, new_table as web_table, page, text_of

SANDRA, MARTHA, MARK = range(3)


def test_the_guide_follows_the_player_count(new_table):
    """"Dans une partie à 3 joueurs, vous posez le marqueur sur le quatrième emplacement d'icône";
    "dans une partie à cinq joueurs, toutes les cartes sont utilisées"."""
    three = new_table(3).view(None)["setup"]
    assert three["covered"] == 4 and three["ask_specials"] and not three["specials_told"]
    assert "all_iron_shield" not in [c["key"] for c in three["cards"]]  # "remettez-la dans la boîte"
    five = new_table(5)
    assert five.view(None)["setup"]["covered"] is None and not five.view(None)["setup"]["ask_specials"]
    assert "every special card is used" in five.refused("set_specials_in_play", cards=["daring"])


def test_the_special_cards_in_play_are_asked_once_and_remembered_for_that_player_count(new_table):
    """"n'utilisez que les cartes contenant un chiffre dans un cercle dont la valeur est inférieure
    ou égale au nombre de joueurs [...] Les cartes non utilisées sont remises dans la boîte." """
    t = new_table(3)
    applied = t.do("set_specials_in_play", cards=["daring", "resolve", "blessing", "warriors_rest"])
    assert said(applied) == "4 special cards are in play with 3 players"
    assert sorted(t.state["specials"]) == ["blessing", "daring", "resolve", "warriors_rest"]
    assert t.learned == [{"specials_in_play": {"3-base": ["blessing", "daring", "resolve", "warriors_rest"]}}]
    later = new_table(3, {}, {"episodes": BOARD, **t.learned[0]})
    assert later.view(None)["setup"]["specials_told"] and sorted(later.state["specials"]) == sorted(t.state["specials"])
    assert "inspiration" in new_table(4, {}, {"episodes": BOARD, **t.learned[0]}).state["specials"]  # another count
    # A card back in the box is not handed out: the space is taken and the app says why.
    later.jump_to(13)  # space 1: Queen Wealhtheow's Inspiration
    later.do("enter_symbols", counts=[3, 2, 1])
    assert "not in play with this many players" in said(later.do("pick_space", seat=SANDRA, space=1))


def test_the_guide_is_only_for_before_beowulf_moves(table):
    table.do("advance")
    assert table.view(None)["setup"] is None
    assert "already begun" in table.refused("set_specials_in_play", cards=["daring"])


def test_the_phone_shows_the_guide_and_takes_the_token_mix_from_a_form(client):
    token = web_table(client)
    html = page(client, token)
    text = text_of(html)
    assert "Setting up for 3 players" in text and "covering reward space 4" in text
    assert "tick the cards showing 3 or less" in text
    fields = form_fields(html, "set_token_mix")
    data = {**fields, "fame[]": ["12", "10", "8", "6"] + ["0"] * 6, "treasure[]": ["10", "8", "6"] + ["0"] * 7}
    response = client.post(f"/t/{token}/act", data=data, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "Token values in the box: entered" in text_of(response.get_data(as_text=True))
    view = client.get(f"/api/tables/{token}").get_json()["view"]
    assert view["setup"]["token_mix"]["fame"] == {"1": 12, "2": 10, "3": 8, "4": 6}
    bad = {**form_fields(page(client, token), "set_token_mix"), "fame[]": ["1"] + ["0"] * 9, "treasure[]": ["24"]}
    refused = client.post(f"/t/{token}/act", data=bad, headers={"HX-Request": "true"})
    assert refused.status_code == 422 and "these add up to 1" in text_of(refused.get_data(as_text=True))


def test_the_cards_in_play_are_remembered_per_player_count_and_rule_set(new_table):
    """FR l.37: « Prenez la carte spéciale All-Iron Shield et remettez-la dans la boîte. Cette carte
    est uniquement utilisée avec les règles avancées. » A base game's list cannot say whether the
    shield shows a circled number: a later advanced game does not take it as told (issue #24)."""
    base = new_table(4)
    base.do("set_specials_in_play", cards=["daring", "resolve", "blessing"])
    assert base.learned == [{"specials_in_play": {"4-base": ["blessing", "daring", "resolve"]}}]
    library = {"episodes": BOARD, **base.learned[0]}
    advanced = new_table(4, {"advanced": True}, library)
    assert not advanced.view(None)["setup"]["specials_told"]
    assert "all_iron_shield" in advanced.state["specials"]  # not put back in the box on a base game's word
    ticked = [c["key"] for c in advanced.view(None)["setup"]["cards"] if c["suggested"]]
    assert ticked == ["blessing", "daring", "resolve"]  # the base list suggests the ticks
    advanced.do("set_specials_in_play", cards=["daring", "resolve", "blessing", "all_iron_shield"])
    assert advanced.learned == [{"specials_in_play": {"4-advanced": ["blessing", "daring", "resolve",
                                                                     "all_iron_shield"]}}]
    # An advanced list tells a base game too: the same circled numbers, the shield in the box.
    later = new_table(4, {}, {"episodes": BOARD, "specials_in_play": advanced.learned[0]["specials_in_play"]})
    assert later.view(None)["setup"]["specials_told"] and sorted(later.state["specials"]) == [
        "blessing", "daring", "resolve"]


def test_the_guide_refuses_cards_in_play_that_cannot_be_right(new_table, client):
    """FR l.275: « En fonction du nombre de joueurs, il y a de 4 à 9 cartes spéciales utilisées dans
    le jeu. La carte All-Iron Shield est uniquement utilisée avec les règles avancées. »"""
    t = new_table(3)
    assert "tick at least 1 of these cards" in t.refused("set_specials_in_play", cards=[])
    assert "used only with the advanced rules" in t.refused("set_specials_in_play", cards=["daring", "all_iron_shield"])
    assert "« Il y a de 4 à 9 cartes spéciales utilisées » (4 to 9 special cards are used)" in text_of(
        page(client, web_table(client)))


def test_the_guide_says_when_the_cards_contradict_another_player_count(new_table):
    """FR l.37: « n'utilisez que les cartes contenant un chiffre dans un cercle dont la valeur est
    inférieure ou égale au nombre de joueurs »: a card in play with 2 players is in play with 3."""
    library = {"episodes": BOARD, "specials_in_play": {"2-base": ["daring", "resolve"]}}
    t = new_table(3, {}, library)
    t.do("set_specials_in_play", cards=["daring", "blessing"])
    said_lines = [m["args"]["card"]["msg"] if isinstance(m["args"]["card"], dict) else m["args"]["card"]
                  for m in t.view(None)["setup"]["contradictions"]]
    assert said_lines == ["Beowulf's Resolve"]

