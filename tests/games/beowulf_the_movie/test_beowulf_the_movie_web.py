"""The board template and the quick-score page, rendered by the real app (Flask test client)."""

from __future__ import annotations

import re

from tests.helpers import act, claim, csrf_of, start_table

PLAYERS = [{"name": "Ann", "colour": "brown"}, {"name": "Bob", "colour": "green"}]


def table(client, boards=True):
    token = start_table(client, game="beowulf-the-movie", players=PLAYERS)["token"]
    claim(client, token, 0)
    if boards:
        for action in ({"type": "set_board_size", "rows": 3, "cols": 4}, {"type": "confirm_board"}):
            assert act(client, token, **action).status_code == 200
    return token


def text_of(html: str) -> str:
    """The page's text as a screen reader reads it: an icon standing alone reads as its label."""
    html = re.sub(r'<svg[^>]*\baria-label="([^"]*)"[^>]*>', r" \1 ", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def hidden_fields(html: str, form_id: str) -> dict[str, str]:
    form = re.search(r'<form\b[^>]*\bid="%s".*?</form>' % form_id, html, re.S)
    assert form, f"no form {form_id}"
    return dict(re.findall(r'type="hidden" name="([^"]+)" value="([^"]*)"', form.group(0)))


def test_a_new_table_asks_for_the_boards_shape(client):
    token = table(client, boards=False)
    html = client.get(f"/t/{token}").get_data(as_text=True)
    assert "The Act I board" in html and 'name="rows"' in html
    assert 'value="set_board_size"' in html


def test_the_grid_shows_live_scores_and_a_figures_breakdown(client):
    token = table(client)
    for action in ({"type": "place_figure", "row": 0, "col": 0, "kind": "thane"},
                   {"type": "place_tile", "row": 0, "col": 2, "value": 3, "ability": "horn"},
                   {"type": "place_tile", "row": 1, "col": 0, "value": 5},
                   {"type": "place_tile", "row": 1, "col": 1, "value": -2, "ability": "betrayal"}):
        assert act(client, token, **action).status_code == 200
    page = text_of(client.get(f"/t/{token}").get_data(as_text=True))
    assert "T +12" in page  # the Thane's square: (3 + 0) × (3 + 1)
    assert "turned face down by the Betrayal on B2" in page
    assert "Sum 3 × 4 diamonds" in page


def test_picking_a_figure_then_tapping_a_square_places_it(client):
    token = table(client)
    html = client.get(f"/t/{token}").get_data(as_text=True)
    # Every empty square is a submit button of the palette: the tap sends the picked piece.
    assert re.search(r'<button type="submit" form="bm-palette" name="square" value="1,3"', html)
    fields = hidden_fields(html, "bm-palette") | {"square": "1,3", "what": "castle"}
    response = client.post(f"/t/{token}/act", data=fields, headers={"HX-Request": "true"})
    assert response.status_code == 200
    view = client.get(f"/api/tables/{token}").get_json()["view"]
    assert view["grid"][1][3]["figure"]["kind"] == "castle"


def test_a_value_chip_then_a_square_places_a_tile_and_a_square_alone_asks_for_a_pick(client):
    token = table(client)
    fields = hidden_fields(client.get(f"/t/{token}").get_data(as_text=True), "bm-palette")
    response = client.post(f"/t/{token}/act", data=fields | {"square": "0,1", "what": "tile:-3", "ability": "horn"},
                           headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert client.get(f"/api/tables/{token}").get_json()["view"]["grid"][0][1]["tile"]["value"] == -3
    fields = hidden_fields(response.get_data(as_text=True), "bm-palette")
    refused = client.post(f"/t/{token}/act", data=fields | {"square": "0,2"}, headers={"HX-Request": "true"})
    assert refused.status_code == 422 and "Pick a figure or a tile" in refused.get_data(as_text=True)


def test_placing_on_a_taken_square_shows_why(client):
    token = table(client)
    act(client, token, type="place_tile", row=0, col=0, value=1)
    html = client.get(f"/t/{token}").get_data(as_text=True)
    fields = hidden_fields(html, "bm-palette") | {"square": "0,0", "what": "tile:2"}
    response = client.post(f"/t/{token}/act", data=fields, headers={"HX-Request": "true"})
    assert response.status_code == 422 and "Square A1 is already taken" in response.get_data(as_text=True)


def test_the_table_display_shows_the_grid_without_forms(client):
    token = table(client)
    act(client, token, type="place_tile", row=0, col=0, value=4)
    html = client.get(f"/t/{token}/board?display=1").get_data(as_text=True)
    assert "bm-display" in html and "+4" in html
    assert 'form="bm-palette"' not in html and 'value="score_act"' not in html


def test_a_board_shape_saved_at_one_table_is_ready_at_the_next(client):
    table(client)
    token = table(client, boards=False)
    view = client.get(f"/api/tables/{token}").get_json()["view"]
    assert view["phase"] == "play" and view["board"]["from_library"] is True


def test_the_act_score_endpoint_answers_and_refuses_bad_input(client):
    body = {"rows": 2, "cols": 2, "cells": [{"row": 0, "col": 0, "figure": {"player": "brown", "kind": "thane"}},
                                            {"row": 0, "col": 1, "tile": {"value": 2}}]}
    response = client.post("/api/score/beowulf-the-movie/act", json=body)
    assert response.status_code == 200 and response.get_json()["players"] == {"brown": 6}
    body["cells"].append({"row": 0, "col": 1, "tile": {"value": 1}})
    response = client.post("/api/score/beowulf-the-movie/act", json=body)
    assert response.status_code == 422 and "already taken" in response.get_json()["error"]


def test_the_quick_page_says_act_iiis_size_is_inferred_until_the_table_confirms_it_in_one_tap(client):
    """Rulebook l.164: « deux fois plus grand » — which side doubles is the table's to say."""
    table(client)  # a table entered its 3 × 4 Act I board: this server remembers it
    act_i = text_of(client.get("/score/beowulf-the-movie/act?act=1").get_data(as_text=True))
    assert "(as this server remembers it)" in act_i and "Inferred" not in act_i
    html = client.get("/score/beowulf-the-movie/act?act=3").get_data(as_text=True)
    assert "Board: 3 × 8 squares (inferred: please confirm)" in text_of(html)
    assert "(as this server remembers it)" not in text_of(html)
    assert "« deux fois plus grand »" in text_of(html)
    confirm = re.search(r'<button[^>]*name="size_confirmed" value="([^"]+)"[^>]*>(.*?)</button>', html, re.S)
    assert confirm.group(2).strip() == "Our board is 3 × 8"
    html = client.post("/score/beowulf-the-movie/act", data={
        "csrf_token": csrf_of(html), "act": "3", "rows": "3", "cols": "8", "size_confirmed": confirm.group(1)},
        headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "Board: 3 × 8 squares (confirmed by your table)" in text_of(html)
    assert 'id="bm-size-inferred"' not in html and 'name="size_confirmed" value="3x8"' in html


def test_the_quick_page_builds_the_grid_one_square_at_a_time(client):
    html = client.get("/score/beowulf-the-movie/act").get_data(as_text=True)
    token = csrf_of(html)

    def post(**fields):
        cells = re.findall(r'name="cell" value="([^"]*)"', html)
        return client.post("/score/beowulf-the-movie/act",
                           data={"csrf_token": token, "rows": "3", "cols": "4", "cell": cells, **fields})

    html = post(square="0,0", what="beowulf", player="grey").get_data(as_text=True)
    html = post(square="0,3", what="tile", value="-2", ability="").get_data(as_text=True)
    response = post(square="2,0", what="tile", value="5", ability="horn")
    html = response.get_data(as_text=True)
    assert re.findall(r'name="cell" value="([^"]*)"', html) == ["0,0,figure,beowulf,grey", "0,3,tile,-2,", "2,0,tile,5,horn"]
    assert "15" in text_of(html[html.index('id="bm-quick-result"'):])  # (−2 + 5) × (4 + 1)
    refused = post(square="1,1", what="tile", value="lots")
    assert refused.status_code == 422 and "value must be a whole number" in refused.get_data(as_text=True)
    assert "0,0,figure,beowulf,grey" in refused.get_data(as_text=True)  # the grid survives a bad edit


def test_the_shape_page_asks_to_count_act_i_before_any_act_ii_board_is_known(client):
    page = text_of(client.get(f"/t/{table(client, boards=False)}").get_data(as_text=True))
    assert "Count the rows and columns of squares on the Act I side of your board." in page
    assert "Same size as the Act II board" not in page


def test_the_palette_keeps_its_pick_after_a_move_but_not_the_ability(client):
    token = table(client)
    html = client.get(f"/t/{token}").get_data(as_text=True)
    palette = re.search(r'<form\b[^>]*\bid="bm-palette"[^>]*>', html).group(0)
    assert 'data-keep="what seat"' in palette  # static/app.js keeps these after every new board


def test_a_squares_sheet_closes_from_a_close_bar_inside_its_summary(client):
    token = table(client)
    for action in ({"type": "place_figure", "row": 0, "col": 0, "kind": "thane"},
                   {"type": "place_tile", "row": 1, "col": 1, "value": 2}):
        assert act(client, token, **action).status_code == 200
    html = client.get(f"/t/{token}").get_data(as_text=True)
    for square in ("sq-0-0", "sq-1-1"):
        summary = re.search(r'id="%s".*?<summary\b.*?</summary>' % square, html, re.S).group(0)
        assert '<span class="btn wide bm-close">Close</span>' in summary  # tapping it toggles the <details>


class ShortLabels:
    """A catalogue whose only entries are the figures' short labels (as French will have them)."""

    SHORT = {"Beowulf (short)": "B", "Thane (short)": "T", "Castle (short)": "C", "Longship (short)": "D",
             "Longship": "Drakkar"}

    def ugettext(self, msg):
        return self.SHORT.get(msg, msg)

    def ungettext(self, msg, plural, n):
        return msg if n == 1 else plural


def test_the_figures_letters_and_their_legend_come_from_the_phones_language(client, monkeypatch):
    token = table(client)
    assert act(client, token, type="place_figure", row=0, col=0, kind="longship").status_code == 200
    monkeypatch.setattr("companion.i18n.translations", lambda: ShortLabels())
    html = client.get(f"/t/{token}").get_data(as_text=True)
    assert re.search(r'id="sq-0-0".*?<strong class="bm-letter">D</strong>', html, re.S)
    page = text_of(html)
    assert "D = Drakkar (1 diamonds )" in page and "D×3" in page and "D Drakkar" in page
    assert "L = " not in page and "L×" not in page


def test_the_figures_letters_stay_english_while_a_catalogue_lacks_the_short_labels(client):
    token = table(client)
    assert act(client, token, type="place_figure", row=0, col=0, kind="longship").status_code == 200
    html = client.get(f"/t/{token}").get_data(as_text=True)
    assert "(short)" not in html
    assert re.search(r'id="sq-0-0".*?<strong class="bm-letter">L</strong>', html, re.S)
    assert "L = Longship (1 diamonds )" in text_of(html)


def primary_buttons(html: str) -> list[str]:
    return [text_of(b).strip() for b in re.findall(r'<(?:button|a)\b[^>]*class="btn primary[^"]*"[^>]*>(.*?)</(?:button|a)>', html, re.S)]


def test_a_board_not_set_up_has_saving_its_shape_as_primary_button_not_the_treasure(client):
    html = client.get(f"/t/{table(client, boards=False)}").get_data(as_text=True)
    assert "Score the Treasure" in html
    assert primary_buttons(html) == ["Set the size"]
    token = table(client, boards=False)
    act(client, token, type="set_board_size", rows=2, cols=2)
    assert primary_buttons(client.get(f"/t/{token}").get_data(as_text=True)) == ["Save the board's shape"]


def test_the_turn_pointer_shows_on_every_phone_and_the_display_and_starts_the_next_act(client, app):
    """Rulebook l.63 « le joueur à sa gauche joue après lui »; l.170 « le premier tour est commencé
    par le joueur qui aurait eu le prochain tour dans l'acte précédent »."""
    token = table(client)  # the host's phone, holding Ann's seat
    bob = app.test_client()
    claim(bob, token, 1)
    assert act(client, token, type="set_first_player", seat=0).status_code == 200
    for phone in (client, bob):
        assert "Ann's turn" in text_of(phone.get(f"/t/{token}").get_data(as_text=True))
    # Ann's turn, entered from Bob's phone; then Bob's tile, entered by the host with Ann still picked.
    assert act(bob, token, type="place_tile", row=0, col=0, value=1).status_code == 200
    assert "Bob's turn" in text_of(bob.get(f"/t/{token}").get_data(as_text=True))
    assert act(client, token, type="place_tile", row=0, col=1, value=2, seat=0).status_code == 200
    display = text_of(client.get(f"/t/{token}/board?display=1").get_data(as_text=True))
    assert "Ann's turn" in display
    assert act(bob, token, type="score_act").status_code == 200
    html = client.get(f"/t/{token}").get_data(as_text=True)
    assert "Ann would have played next: Ann starts Act II." in text_of(html)
    assert primary_buttons(html) == ["Start Act II: Ann starts"]
    assert act(bob, token, type="next_act", first_seat=1).status_code == 422  # only the host picks another
    assert act(bob, token, type="next_act").status_code == 200
    assert client.get(f"/api/tables/{token}").get_json()["view"]["turn"]["name"] == "Ann"


def test_only_the_hosts_phone_offers_to_correct_whose_turn_it_is(client, app):
    token = table(client)
    bob = app.test_client()
    claim(bob, token, 1)
    act(client, token, type="set_first_player", seat=0)
    assert 'value="set_turn"' in client.get(f"/t/{token}").get_data(as_text=True)
    assert 'value="set_turn"' not in bob.get(f"/t/{token}").get_data(as_text=True)
    assert act(bob, token, type="set_turn", seat=1).status_code == 422
    assert act(client, token, type="set_turn", seat=1).status_code == 200
    assert "Bob's turn" in text_of(bob.get(f"/t/{token}").get_data(as_text=True))


def test_the_hosts_palette_picks_a_player_then_a_figure_and_places_it_in_their_colour(client):
    token = table(client)  # this client started the table (the host) and holds Ann's seat
    html = client.get(f"/t/{token}").get_data(as_text=True)
    palette = re.search(r'<form\b[^>]*\bid="bm-palette".*?</form>', html, re.S).group(0)
    assert re.findall(r'name="seat" value="(\d)"', palette) == ["0", "1"]  # Ann (checked) and Bob
    assert re.search(r'name="seat" value="0" checked', palette)
    # The host places from the same palette as a guest: its own four figures first.
    assert re.findall(r'name="what" value="(\w+)"', palette)[:4] == ["beowulf", "thane", "castle", "longship"]
    fields = hidden_fields(html, "bm-palette") | {"square": "2,2", "what": "thane", "seat": "1"}
    assert client.post(f"/t/{token}/act", data=fields, headers={"HX-Request": "true"}).status_code == 200
    square = client.get(f"/api/tables/{token}").get_json()["view"]["grid"][2][2]
    assert (square["figure"]["player"], square["figure"]["colour"]) == ("Bob", "green")


def test_the_quick_pages_rarer_value_chip_places_a_plus_9_and_stays_picked_and_open(client):
    """The palette's chips run −6…+6; a +9 tile is one more tap away, under "Another printed value",
    and the fold stays open with +9 picked for the next square."""
    html = client.get("/score/beowulf-the-movie/act").get_data(as_text=True)
    assert 'value="tile:9"' in html and 'value="tile:-20"' in html and 'value="tile:21"' not in html
    response = client.post("/score/beowulf-the-movie/act", data={
        "csrf_token": csrf_of(html), "rows": "2", "cols": "2", "square": "0,1", "what": "tile:9", "ability": "",
        "cell": ["0,0,figure,castle,red"]})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert re.findall(r'name="cell" value="([^"]*)"', html) == ["0,0,figure,castle,red", "0,1,tile,9,"]
    assert "18" in text_of(html[html.index('id="bm-quick-result"'):])  # 9 × 2 diamonds
    assert re.search(r'<details class="bm-pal-more" id="bm-pal-more" open>', html)
    assert re.search(r'value="tile:9" checked', html)
