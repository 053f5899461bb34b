"""The board template, rendered by the real app (Flask test client): what a phone shows and posts."""

from __future__ import annotations

import html as markup
import re

from tests.helpers import act, claim, start_table

PLAYERS = [{"name": "Sandra", "colour": "red"}, {"name": "Martha", "colour": "blue"},
           {"name": "Mark", "colour": "green"}]


def text_of(html: str) -> str:
    return markup.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def form_fields(html: str, action_type: str, index: int = 0) -> dict[str, str]:
    """The hidden fields of the index-th form posting ``action_type``."""
    forms = [f for f in re.findall(r"<form .*?</form>", html, re.S) if f'name="type" value="{action_type}"' in f]
    assert len(forms) > index, f"no form {action_type}"
    return dict(re.findall(r'type="hidden" name="([^"]+)" value="([^"]*)"', forms[index]))


def new_table(client, seat=0, options=None):
    token = start_table(client, game="beowulf-the-legend", players=PLAYERS, options=options)["token"]
    claim(client, token, seat)
    return token


def page(client, token):
    return client.get(f"/t/{token}").get_data(as_text=True)


def test_a_new_game_shows_the_path_the_first_player_and_how_to_start(client):
    token = new_table(client)
    html = page(client, token)
    assert html.count('class="bl-cell') == 36
    text = text_of(html)
    assert "Beowulf waits beside the board" in text
    assert "Move Beowulf onto episode 1" in text
    assert "King Hrothgar's Hall" in text  # where the second red marker goes with fewer than 5 players
    assert 'value="set_first_player"' in html
    assert "style=" not in html and "<script" not in html.split('id="board"')[1]


def test_moving_beowulf_puts_the_figure_on_episode_1_and_walks_the_minor_episode(client):
    token = new_table(client)
    assert act(client, token, type="advance").status_code == 200
    html = page(client, token)
    here = re.search(r'<li class="bl-cell[^"]*here[^"]*"[^>]*title="([^"]+)"', html)
    assert here and here.group(1).startswith("1 · King Hygelac")
    assert "bl-figure" in html
    text = text_of(html)
    assert "Discard exactly 2 cards" in text and "tap Done when all have" in text
    assert 'value="pass"' not in html  # an exchange of cards changes nothing the app tracks: nobody is asked
    fields = form_fields(html, "end_minor")
    assert fields["move_on"] == "1"
    response = client.post(f"/t/{token}/act", data=fields, headers={"HX-Request": "true"})
    text = text_of(response.get_data(as_text=True))
    assert response.status_code == 200 and "The app does not know episode 2 yet" in text  # one tap: done and on
    assert "Episode 1 is over" in text


def test_an_unknown_episode_is_entered_from_the_phone_and_known_at_the_next_table(client):
    token = new_table(client)
    act(client, token, type="advance")
    act(client, token, type="end_minor", move_on=True)
    html = page(client, token)
    assert "The app does not know episode 2 yet" in text_of(html)
    fields = form_fields(html, "enter_episode", index=0)  # "Enter what the board shows" comes first
    data = {**fields, "name": "Sail to Denmark", "kind": "risk", "opportunity": "",
            "symbols[]": ["travelling", "wit"], **{f"space{i}": "" for i in range(1, 6)},
            "spaces_other[]": [""] * 5}
    response = client.post(f"/t/{token}/act", data=data, headers={"HX-Request": "true"})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert "Tick who failed" in text_of(response.get_data(as_text=True))
    later = new_table(client)
    view = client.get(f"/api/tables/{later}").get_json()["view"]
    assert view["path"][1]["kind"] == "risk" and view["path"][1]["source"] == "table"


def test_a_face_down_value_shows_on_its_owners_phone_only(client, phone):
    token = new_table(client, seat=0)
    martha = phone()
    claim(martha, token, 1)
    act(client, token, type="take_token", seat=1, kind="alliance")
    martha_html = page(martha, token)
    assert "what does it show?" in text_of(martha_html)
    fields = form_fields(martha_html, "enter_token")
    response = martha.post(f"/t/{token}/act", data={**fields, "face": "treasure", "value": "6"},
                           headers={"HX-Request": "true"})
    assert response.status_code == 200
    mine = page(martha, token)
    assert re.search(r"Alliance \(treasure\)</th>\s*<td[^>]*><span[^>]*>6</span>", mine)
    others = page(client, token) + client.get(f"/t/{token}/board?display=1").get_data(as_text=True)
    assert "(treasure)" not in others and "bl-value" not in others
    assert "fame 0 · treasure 0 · alliance 1 · misfortune 0" in text_of(others)


def test_the_table_display_shows_the_board_without_forms(client):
    token = new_table(client)
    act(client, token, type="advance")
    html = client.get(f"/t/{token}/board?display=1").get_data(as_text=True)
    assert "bl-display" in html and 'class="bl-cell' in html
    assert 'value="pass"' not in html and 'value="advance"' not in html


def reach_the_major_episode_at_2(client, token):
    """Episode 2 entered as a simultaneous major episode, everyone passes the minor one: its symbols are asked."""
    act(client, token, type="enter_episode", position=2, kind="simultaneous", symbols=["friendship"],
        spaces=["special:blessing", "treasure1", "alliance2", "cards2", ""])
    act(client, token, type="advance")
    act(client, token, type="end_minor", move_on=True)


def test_a_major_episode_is_played_from_the_forms_to_the_new_first_player(client):
    token = new_table(client)
    reach_the_major_episode_at_2(client, token)
    html = page(client, token)
    fields = form_fields(html, "enter_symbols")
    response = client.post(f"/t/{token}/act", data={**fields, "counts[]": ["1", "2", "0"]},
                           headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "Take space 1" in html and "covered by the red marker" in html
    for space in (3, 1):  # Martha (marker 1), Sandra (2); Mark (3) is left the last space without a tap
        html = page(client, token)
        picked = [f for f in re.findall(r"<form .*?</form>", html, re.S) if f'name="space" value="{space}"' in f]
        fields = dict(re.findall(r'type="hidden" name="([^"]+)" value="([^"]*)"', picked[0]))
        assert client.post(f"/t/{token}/act", data=fields, headers={"HX-Request": "true"}).status_code == 200
    view = client.get(f"/api/tables/{token}").get_json()["view"]
    assert view["first_player"] == 2 and view["position"] == 3 and view["phase"] == "enter"  # the last pick moved on
    assert view["specials"][0]["holder_name"] == "Sandra"


def test_the_quick_scorer_answers_the_rulebook_example_and_names_bad_fields(client):
    from companion.games.beowulf_the_legend.quick import EXAMPLE

    response = client.post("/api/score/beowulf-the-legend", json=EXAMPLE)
    assert response.status_code == 200
    assert [p["total"] for p in response.get_json()["players"]] == [12, 13, 12, 3]
    bad = {**EXAMPLE, "players": EXAMPLE["players"][:1]}
    response = client.post("/api/score/beowulf-the-legend", json=bad)
    assert response.status_code == 422 and "players" in response.get_json()["error"]


def test_death_of_beowulf_ends_the_game_with_scores_on_every_phone(client, phone):
    token = start_table(client, game="beowulf-the-legend", players=PLAYERS[:2])["token"]
    claim(client, token, 0)
    martha = phone()
    claim(martha, token, 1)
    for position in range(2, 36):  # gold episodes: the base game passes them by
        assert act(client, token, type="enter_episode", position=position, kind="treasure",
                   spaces=["fame1"]).status_code == 200
    act(client, token, type="enter_episode", position=36, spaces=["fame5|heal_wound", "fame3", "", "", ""])
    act(client, token, type="advance")
    act(client, token, type="pass", seat=0)
    act(client, token, type="pass", seat=1)
    act(client, token, type="advance")
    assert client.get(f"/api/tables/{token}").get_json()["view"]["position"] == 36
    act(client, token, type="enter_symbols", counts=[1, 4])
    act(martha, token, type="pick_space", space=1, alternative=0)
    act(client, token, type="pick_space", space=2)
    for reader in (client, martha):
        html = page(reader, token)
        text = text_of(html)
        assert "Final scores" in text and "Episode 36 is over" in text
        # The breakdown is a table (the frame's, as for every game): a column per player in finishing
        # order (Martha 10, Sandra 8).
        table = re.search(r'<table class="scores-table breakdown" id="score-breakdown">.*?</table>', html, re.S).group(0)
        header = text_of(re.search(r"<thead>.*?</thead>", table, re.S).group(0)).split()
        assert header == ["Scoring", "Martha", "Sandra"]
        rows = {text_of(m.group(1)).strip(): text_of(m.group(2)).split()
                for m in re.finditer(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', table, re.S)}
        assert rows["Fame tokens"] == ["+5", "+3"] and rows["No-wound bonus"] == ["+5", "+5"]
        assert rows["Total"] == ["10", "8"] and rows["Place"] == ["1", "2"]
        assert "Misfortune (−2 each)" not in rows  # nobody scores on it
    assert "Final scores" in text_of(client.get(f"/t/{token}/board?display=1").get_data(as_text=True))


FILLED_IN = re.compile(r'<input[^>]* type="(?:text|radio|checkbox|number)"|<select')


def ids_to_keep(html: str) -> list[str]:
    """The ids of the board's forms a person fills in (not one-tap buttons) and of its <details>;
    each must have one (asserted here)."""
    board = html.split('id="board"', 1)[1]
    ids = []
    for form in re.findall(r"<form .*?</form>", board, re.S):
        if FILLED_IN.search(form):
            found = re.match(r'<form [^>]*\bid="([^"]+)"', form)
            assert found, f"a form to fill in without an id: {form[:300]}"
            ids.append(found.group(1))
    for details in re.findall(r"<details[^>]*>", board):
        found = re.search(r'\bid="([^"]+)"', details)
        assert found, f"a <details> without an id: {details}"
        ids.append(found.group(1))
    assert len(ids) == len(set(ids)), f"ids used twice: {ids}"
    return ids


def test_every_form_to_fill_in_and_every_disclosure_keeps_its_id_across_renders(client, phone):
    """app.js restores typed values and open <details> by id when another phone's move re-renders
    the board: the ids must exist, be unique, and not change while the state does not."""
    token = new_table(client, seat=0)
    martha = phone()
    claim(martha, token, 1)
    seen = set()

    def check(*expected):
        for reader in (client, martha):
            first = ids_to_keep(page(reader, token))
            assert ids_to_keep(page(reader, token)) == first
            seen.update(first)
        for form_id in expected:
            assert form_id in seen, (form_id, seen)

    check("bl-path-all", "bl-reference", "bl-by-hand")
    act(client, token, type="advance")
    for seat in range(3):
        act(client, token, type="pass", seat=seat)
    act(client, token, type="advance")  # episode 2: the table enters its kind
    check("bl-entry-2", "bl-entry-2-open")
    before = ids_to_keep(page(martha, token))
    act(client, token, type="take_token", seat=2, kind="alliance")  # another phone's move
    assert ids_to_keep(page(martha, token)) == before
    act(client, token, type="take_special", seat=0, card="daring")  # the risk form then asks about it
    act(client, token, type="enter_episode", kind="risk", symbols=["wit", "courage"])
    check("bl-risk-2-0", "bl-correct-2")
    act(client, token, type="take_token", seat=1, kind="fame")
    check()  # Martha's own token to turn over: one tap on its value, nothing to fill in, on her phone only
    assert 'id="bl-token-2"' in page(martha, token) and 'id="bl-token-2"' not in page(client, token)
    martha.post(f"/api/tables/{token}/actions", json={"type": "enter_token", "token": 2, "value": 3})
    for seat in range(3):
        act(client, token, type="take_risk", seat=seat, outcome="kept")
    act(client, token, type="advance")  # episode 3: a rulebook episode can be confirmed
    check("bl-entry-3", "bl-entry-3-open", "bl-entry-3-says")  # what the rulebook says about the names offered
    act(client, token, type="enter_episode", name="King Hrothgar's Hall", kind="simultaneous",
        symbols=["friendship"], spaces=["special:blessing", "treasure1", "alliance2", "cards2", ""])
    check("bl-symbols-3")
    act(client, token, type="enter_symbols", counts=[1, 2, 0])
    check()
    assert 'id="bl-pick-3-0-1"' in page(martha, token)  # Martha holds marker 1: her picks carry ids too


def test_the_phone_shows_what_to_do_before_the_path_and_the_reference(client, phone):
    token = new_table(client, seat=0)
    martha = phone()
    claim(martha, token, 1)
    reach_the_major_episode_at_2(client, token)
    act(client, token, type="enter_symbols", counts=[1, 2, 0])
    html = page(martha, token)
    order = [html.index(marker) for marker in ('id="bl-step"', "Take space 1", 'class="list bl-markers"',
                                               'class="card bl-path-card"', 'id="bl-episode"', "bl-players")]
    assert order == sorted(order), order
    assert "Your turn" in text_of(html.split('id="bl-step"')[1].split("</section>")[0])
    # The path is a strip around Beowulf's episode; the whole path opens on demand.
    strip = re.search(r'<ol class="bl-strip">(.*?)</ol>', html, re.S).group(1)
    assert re.findall(r'<span class="bl-n">(\d+)', strip) == ["1", "2", "3", "4", "5"]
    assert 'aria-current="step" title="2 · Sail to Denmark"' in strip


def test_the_table_display_puts_the_step_first_and_names_the_episodes_on_the_path(client):
    token = new_table(client)
    act(client, token, type="advance")
    html = client.get(f"/t/{token}/board?display=1").get_data(as_text=True)
    assert html.index('id="bl-step"') < html.index("bl-path-card") < html.index('id="bl-episode"')
    cells = re.findall(r'<li class="bl-cell[^"]*"[^>]*>\s*<span class="bl-n">(\d+)</span> '
                       r'<span class="bl-name">([^<]*)</span>', html)
    assert len(cells) == 36
    assert cells[0] == ("1", "King Hygelac&#39;s Court") and cells[35] == ("36", "Death of Beowulf")
    assert "<details" not in html.split('class="card bl-path-card"')[1].split("</section>")[0]


def test_the_second_red_marker_reads_the_same_way_wherever_it_lies(client):
    token = new_table(client)
    text = text_of(page(client, token))
    assert ("Second red marker: King Hrothgar's Hall, the first major episode (not on the path yet) — "
            "spaces 1–3 are available, space 4 is covered") in text
    act(client, token, type="enter_episode", position=3, name="King Hrothgar's Hall", kind="simultaneous",
        symbols=["friendship"], spaces=["special:blessing", "treasure1", "alliance2", "cards2", ""])
    assert "Second red marker: episode 3, King Hrothgar's Hall — spaces 1–3" in text_of(page(client, token))


def test_a_refused_episode_entry_keeps_what_was_typed_and_tapped(client):
    token = new_table(client)
    act(client, token, type="advance")
    act(client, token, type="end_minor", move_on=True)
    html = page(client, token)
    fields = form_fields(html, "enter_episode", index=0)
    data = {**fields, "name": "The Long Ride", "kind": "risk", "opportunity": "",
            "symbols[]": ["travelling", "wit", "courage"],  # a risk shows 2 symbol types: refused
            **{f"space{i}": "" for i in range(1, 6)}, "spaces_other[]": [""] * 5}
    response = client.post(f"/t/{token}/act", data=data, headers={"HX-Request": "true"})
    answer = response.get_data(as_text=True)
    assert response.status_code == 422 and "shows exactly 2 symbol types" in text_of(answer)
    form = re.search(r'<form [^>]*id="bl-entry-2".*?</form>', answer, re.S).group(0)
    assert 'value="The Long Ride"' in form
    assert re.search(r'value="risk" checked', form)
    for symbol in ("travelling", "wit", "courage"):
        assert re.search(rf'value="{symbol}" checked', form), symbol
    assert "symbol types. Major played simultaneously" in text_of(answer)  # the form states its rule first


def test_a_hidden_value_the_mix_cannot_hold_is_told_on_its_owners_phone_only(client, phone):
    token = new_table(client, seat=0)
    martha = phone()
    claim(martha, token, 1)
    act(client, token, type="take_token", seat=1, kind="fame")
    mine = martha.get(f"/api/tables/{token}").get_json()["view"]["me"]["tokens"][0]["id"]
    entered = martha.post(f"/api/tables/{token}/actions", json={"type": "enter_token", "token": mine, "value": 4})
    assert entered.status_code == 200
    assert act(client, token, type="set_token_mix", fame=[20, 11, 5], treasure=[24]).status_code == 200
    assert "no room for your fame token of value 4" in text_of(page(martha, token))
    assert "no room" not in text_of(page(client, token))


def test_a_risk_is_one_form_who_failed_and_moves_beowulf_on(client):
    token = new_table(client)
    act(client, token, type="advance")
    act(client, token, type="end_minor", move_on=True)
    act(client, token, type="enter_episode", position=2, kind="risk", symbols=["travelling", "wit"])
    act(client, token, type="take_special", seat=2, card="daring")
    html = page(client, token)
    assert "Tick who failed" in text_of(html) and 'value="take_risk"' not in html
    fields = form_fields(html, "end_minor")
    assert fields["move_on"] == "1"
    response = client.post(f"/t/{token}/act", data={**fields, "failed[]": ["0", "2"], "daring[]": ["2"]},
                           headers={"HX-Request": "true"})
    assert response.status_code == 200
    view = client.get(f"/api/tables/{token}").get_json()["view"]
    assert [p["scratches"] for p in view["players"]] == [1, 0, 1]
    assert view["position"] == 3 and view["phase"] == "enter"  # one tap: closed and moved on
    assert next(c for c in view["specials"] if c["key"] == "daring")["used"]
    history = client.get(f"/api/tables/{token}/history").get_json()
    assert "Risk: Sandra, Mark failed and took a scratch" in str(history)


def test_undo_takes_back_a_closing_tap_and_the_move_of_beowulf_with_it(client):
    token = new_table(client)
    act(client, token, type="advance")
    before = client.get(f"/api/tables/{token}").get_json()["view"]
    assert act(client, token, type="end_minor", move_on=True).status_code == 200
    assert client.get(f"/api/tables/{token}").get_json()["view"]["position"] == 2
    assert client.post(f"/api/tables/{token}/undo", json={}).status_code == 200
    after = client.get(f"/api/tables/{token}").get_json()["view"]
    assert (after["position"], after["phase"], after["step"]) == (before["position"], before["phase"], before["step"])


def test_a_later_players_selection_waits_for_the_turn_and_undo_takes_it_back(client, phone):
    """FR l.77 (« Le jeu se poursuit dans le sens des aiguilles d'une montre »): Mark, last in turn,
    chooses first; his phone says it waits for Sandra; nobody is passed for; undo takes it back."""
    token = new_table(client, seat=0)
    mark = phone()
    claim(mark, token, 2)
    act(client, token, type="advance")
    act(client, token, type="end_minor", move_on=True)
    act(client, token, type="enter_episode", position=2, kind="selection")
    html = page(mark, token)
    assert "your answer is applied in turn, after Sandra's" in text_of(html)
    forms = [f for f in re.findall(r"<form .*?</form>", html, re.S)
             if 'value="choose_selection"' in f and 'name="option" value="fame2"' in f]
    fields = dict(re.findall(r'type="hidden" name="([^"]+)" value="([^"]*)"', forms[0]))
    assert fields["seat"] == "2" and fields["episode"] == "2"
    assert mark.post(f"/t/{token}/act", data=fields, headers={"HX-Request": "true"}).status_code == 200
    assert "Your answer: Fame 2 — waiting for Sandra." in text_of(page(mark, token))
    assert 'value="end_minor"' not in page(mark, token)  # only the host passes for the others
    view = client.get(f"/api/tables/{token}").get_json()["view"]
    assert (view["position"], view["turn"], view["step"]["records"]) == (2, 0, [])
    host = page(client, token)
    assert "Answered, applied in turn: Mark" in text_of(host) and "Fame 2" not in text_of(host).split("Answered")[1]
    button = re.search(r'<form [^>]*hx-confirm="([^"]+)"[^>]*>(?:(?!</form>).)*value="end_minor"', host, re.S)
    assert button and "Record that Sandra, Martha pass?" in markup.unescape(button.group(1))
    assert client.post(f"/api/tables/{token}/undo", json={}).status_code == 200
    assert client.get(f"/api/tables/{token}").get_json()["view"]["step"]["waiting"] == []
    assert "Your answer:" not in text_of(page(mark, token))


def test_markers_and_pieces_show_their_icons_named_for_a_screen_reader(client, phone):
    """Status markers carry the marker's icon, read as "status marker" beside the bare number; a
    history line naming a piece (a scratch taken by hand) starts with that piece's icon."""
    token = new_table(client, seat=0)
    martha = phone()
    claim(martha, token, 1)
    reach_the_major_episode_at_2(client, token)
    act(client, token, type="enter_symbols", counts=[1, 2, 0])
    markers = re.search(r'<ol class="list bl-markers">(.*?)</ol>', page(martha, token), re.S).group(1)
    assert len(re.findall(r'<svg class="icon icon-status" role="img" aria-label="status marker"', markers)) == 3
    assert re.findall(r'aria-label="status marker"[^>]*>.*?</svg>(\d)</span>', markers, re.S) == ["1", "2", "3"]
    act(client, token, type="take_scratch", seat=1)
    history = page(martha, token).split('class="card history"')[1]
    line = re.search(r"<li[^>]*>(.*?)</li>", history, re.S).group(1)
    assert 'class="icon icon-scratch" aria-hidden="true"' in line
    assert text_of(line).strip() == "By hand: Martha takes a scratch"


def test_the_board_entry_is_open_on_the_first_players_phone_and_one_tap_saves_an_episode(client, phone):
    """Beowulf reaches episode 3, which the app does not know: Sandra, the first player, finds its
    entry on her phone without a tap (her bar points at it); Martha's phone has it folded under
    "Enter what the board shows". One tap on "Recovery" saves it and starts the episode."""
    token = new_table(client, seat=0)
    martha = phone()
    claim(martha, token, 1)
    act(client, token, type="advance")
    act(client, token, type="end_minor", move_on=True)
    act(client, token, type="enter_episode", kind="selection")
    for seat in range(3):
        act(client, token, type="pass", seat=seat, move_on=True)
    sandras, marthas = page(client, token), page(martha, token)
    assert re.search(r'<div class="bl-entry-all" id="bl-entry-3-open">', sandras)
    assert 'data-target="bl-entry-3-open"' in sandras  # the bar takes her there
    assert re.search(r'<details class="bl-suggestion bl-entry-all" id="bl-entry-3-open">\s*<summary', marthas)
    one_tap = [f for f in re.findall(r"<form .*?</form>", sandras, re.S) if 'class="btn bl-q-recovery"' in f]
    assert len(one_tap) == 1
    fields = dict(re.findall(r'type="hidden" name="([^"]+)" value="([^"]*)"', one_tap[0]))
    assert {k: fields[k] for k in ("type", "position", "kind")} == {"type": "enter_episode", "position": "3",
                                                                   "kind": "recovery"}
    response = client.post(f"/t/{token}/act", data=fields, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "Recovery" in text_of(response.get_data(as_text=True).split('id="bl-step"')[1].split("</section>")[0])
    assert client.get(f"/api/tables/{token}").get_json()["view"]["phase"] == "minor"
