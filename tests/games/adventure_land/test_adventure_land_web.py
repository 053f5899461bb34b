"""The board through the real app: what each phone and the table display show, and forms that post."""

from __future__ import annotations

import re

from tests.helpers import act, board_page, claim, post_form, start_table, table_view

PLAYERS = [{"name": "Anna", "colour": "black"}, {"name": "Ben", "colour": "green"}]


def table(client, phone, scenario="1"):
    """Anna (the host's phone, seat 0) and Ben (another phone, seat 1)."""
    token = start_table(client, game="adventure-land", players=PLAYERS, options={"scenario": scenario})["token"]
    claim(client, token, 0)
    ben = phone()
    claim(ben, token, 1)
    return token, ben


def test_every_phone_and_the_display_render_the_board(client, phone):
    token, ben = table(client, phone)
    for html in (board_page(client, token), board_page(ben, token), board_page(client, token, display=True)):
        assert 'id="al-status"' in html and 'id="al-players"' in html
    assert 'id="al-cards"' in board_page(ben, token)
    assert 'id="al-cards"' not in board_page(client, token, display=True)  # the display only shows


def test_herb_and_sword_values_show_on_their_owners_phone_only(client, phone):
    token, ben = table(client, phone)
    act(client, token, type="take_herb", value=3)
    act(client, token, type="take_sword", value=2)
    assert '<span class="badge al-herb">3</span>' in board_page(client, token)
    assert '<span class="badge al-sword">+2</span>' in board_page(client, token)
    for html in (board_page(ben, token), board_page(client, token, display=True)):
        assert "al-herb" not in html and "al-sword" not in html
        assert "1 herb, face down" in html


def test_terrain_buttons_post_and_count_the_supply(client, phone):
    token, ben = table(client, phone)
    post_form(ben, token, board_page(ben, token), "reveal", carrying={"terrain": "city"})
    assert table_view(ben, token)["supply"]["companions"] == 13


def test_the_fighter_gets_the_calculator_others_only_the_public_fight(client, phone):
    token, ben = table(client, phone)
    for move in ({"type": "companion_joins", "band": "1+0"}, {"type": "companion_joins", "band": "1+1"},
                 {"type": "take_sword", "value": 2}, {"type": "take_sword", "value": 1}, {"type": "take_herb", "value": 4}):
        act(client, token, **move)
    html = post_form(client, token, board_page(client, token), "start_fight",
                     band="1+2", strength="12", laurel="5", **{"swords[]": ["2", "1"]})
    assert 'id="al-calc"' in html
    html = post_form(client, token, html, "enter_dice", **{"dice[]": ["3", "2"]})
    assert "Short by 1." in html and "Herb +4" in html
    other = board_page(ben, token)
    assert 'id="al-fight"' in other and 'id="al-calc"' not in other and "Short by" not in other
    html = post_form(client, token, html, "add_herb", carrying={"value": "4"})
    assert "You win." in html
    post_form(client, token, html, "resolve_fight")
    anna = table_view(client, token)["players"][0]
    assert anna["creatures"] == [5] and anna["track"] == 1 + 2 + 5


def test_band_buttons_carry_the_seat_and_band_they_act_on(client, phone):
    token, ben = table(client, phone)
    post_form(ben, token, board_page(ben, token), "companion_joins", carrying={"seat": "1", "band": "1+0"})
    post_form(ben, token, board_page(ben, token), "take_sword", carrying={"value": "3"})
    ben_view = table_view(ben, token)
    assert ben_view["players"][1]["bands"][0]["key"] == "1+1" and ben_view["me"]["swords"] == [3]


def test_escape_final_count_forms_post_figures_per_city(client, phone):
    token, ben = table(client, phone, scenario="3")
    act(client, token, type="end_game")
    html = board_page(client, token)
    assert 'id="al-count"' in html and "City of 12 fields (K10, …)" in html
    cities = table_view(client, token)["cities"]
    post_form(client, token, html, "enter_city_figures", **{"city[]": [c["key"] for c in cities],
                                                           "figures[]": ["2"] + ["0"] * (len(cities) - 1)})
    assert table_view(client, token)["players"][0]["cities"] == {"large": 2}
    act(ben, token, type="enter_city_figures", city=[], figures=[])
    act(client, token, type="finish_scoring")
    assert "Final scores" in board_page(ben, token)


def test_quick_score_answers_the_rulebook_example_and_refuses_bad_input(client):
    body = {"scenario": 2, "players": [
        {"name": "Martin", "creatures": [5, 6], "gold": 2, "herbs": [3, 4], "swords": [0, 1, 3], "largest_group": 8},
        {"name": "Julie", "creatures": [], "gold": 0, "herbs": [], "swords": [], "largest_group": 1}]}
    response = client.post("/api/score/adventure-land", json=body)
    assert response.status_code == 200
    martin = response.get_json()["players"][0]
    assert (martin["name"], martin["total"], martin["place"]) == ("Martin", 61, 1)
    assert [line["points"] for line in martin["breakdown"]] == [22, 24, 4, 7, 4]
    body["players"][1]["name"] = "Martin"
    response = client.post("/api/score/adventure-land", json=body)
    assert response.status_code == 422 and "twice" in response.get_json()["error"]


def test_the_quick_score_page_gives_each_players_lines_for_every_adventure(client):
    import re

    from tests.helpers import csrf_of
    html = client.get("/score/adventure-land?scenario=2").get_data(as_text=True)
    assert 'name="p0_largest_group"' in html and 'name="p0_gold_taken"' not in html
    token = csrf_of(html)
    # The rulebook's example: "(5 + 6) = 11 × 2 = 22", "8 figurines × 3 = 24", … = 61.
    response = client.post("/score/adventure-land", data={
        "csrf_token": token, "scenario": "2", "p0_name": "Martin", "p0_creatures": "5 6", "p0_gold": "2",
        "p0_herbs": "3, 4", "p0_swords": "0 1 3", "p0_largest_group": "8", "p1_name": "Julie"})
    assert response.status_code == 200
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))
    assert "Martin 61 Creatures (laurels × 2) 22 Largest group (figures × 3) 24 Gold (2 each) 4 Herbs 7" in text
    for scenario, fields in (("1", {"p0_creatures": "5", "p0_companions": "3 1", "p0_gold_taken": "2"}),
                             ("3", {"p0_creatures": "8 7 7", "p0_gold": "2", "p0_outside_cities": "3",
                                    "p0_city_four": "2", "creatures_left_on_board": "5"})):
        page = client.post("/score/adventure-land", data={"csrf_token": token, "scenario": scenario,
                                                          "p0_name": "Ann", "p1_name": "Ben", **fields})
        assert page.status_code == 200 and 'id="al-quick-result"' in page.get_data(as_text=True)
    # Past the box, or not ASCII digits: a clear refusal, and the typed counts stay.
    for bad in ({"p0_companions": "20 20"}, {"p0_gold_taken": "1" * 5000}, {"p0_gold_taken": "٣"}):
        refused = client.post("/score/adventure-land", data={"csrf_token": token, "scenario": "1", "p0_name": "Ann",
                                                             "p1_name": "Ben", **bad})
        assert refused.status_code == 422, bad
        assert 'id="al-quick-error"' in refused.get_data(as_text=True)
    assert 'value="20 20"' in client.post("/score/adventure-land", data={
        "csrf_token": token, "scenario": "1", "p0_name": "Ann", "p1_name": "Ben", "p0_companions": "20 20"}).get_data(as_text=True)


def test_a_table_takes_the_rulebooks_colours_violet_included(client):
    from tests.helpers import start_table
    players = [{"name": n, "colour": c} for n, c in (("Ann", "black"), ("Ben", "violet"))]
    assert start_table(client, game="adventure-land", players=players)["token"]
    html = client.get("/new/adventure-land").get_data(as_text=True)
    first_seat = re.search(r'<select id="colour-0" name="colour">(.*?)</select>', html, re.S).group(1)
    assert re.findall(r'<option value="(\w+)"', first_seat) == ["black", "green", "violet", "orange"]


def test_adventure_2_offers_merging_a_players_bands_and_adventure_1_never(client, phone):
    token, ben = table(client, phone, scenario="2")
    assert 'class="act row al-merge"' in board_page(client, token)
    merged = post_form(client, token, board_page(client, token), "merge_bands", {"seat": "0"},
                       band="1+0", into="1+0")
    assert "adventurers join up" in merged
    token, ben = table(client, phone, scenario="1")
    assert "al-merge" not in board_page(client, token) and "al-merge" not in board_page(ben, token)
