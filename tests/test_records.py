"""The evening's record: statistics, exports, import, BG Stats link."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from urllib.parse import parse_qs, urlsplit

from companion.charts import bar_chart
from tests.helpers import act, claim, csrf_of, start_table

SVG = "{http://www.w3.org/2000/svg}"


def finished_game(client, points=(5, 9, 2), players=None, options=None):
    token = start_table(client, players=players, options=options)["token"]
    claim(client, token, 0)
    for seat, value in enumerate(points):
        act(client, token, type="add_points", seat=seat, points=value)
    act(client, token, type="write_secret", points=4)
    act(client, token, type="finish")
    return token


def test_records_show_games_wins_average_and_best_per_player(client):
    finished_game(client, (5, 9, 2))   # Ann 5+4=9 ties Bob 9: both win
    finished_game(client, (1, 2, 30))  # Cid wins
    html = client.get("/records").get_data(as_text=True)
    assert "<svg" in html and "Wins per player" in html
    players, scorepad = html.split('id="player-stats"')[1], html.split('id="stats-scorepad"')[1]
    row = lambda table, name: table.split(f"<td>{name}</td>")[1].split("</tr>")[0]
    assert row(players, "Ann") == '<td class="num">2</td><td class="num">1</td>'  # 2 games, 1 win
    assert row(scorepad, "Ann") == '<td class="num">7.0</td><td class="num">9</td>'  # (9 + 5) / 2, best 9
    assert row(scorepad, "Cid") == '<td class="num">16.0</td><td class="num">30</td>'


def test_each_finished_game_lists_its_players_by_place(client):
    finished_game(client, (1, 2, 30))  # Ann 1+4=5, Bob 2, Cid 30: Cid, last at the table, came first
    html = client.get("/records").get_data(as_text=True)
    finished = html.split('class="list finished-games"')[1].split("</ul>")[0]
    assert "1. Cid (30), 2. Ann (5), 3. Bob (2)" in finished


def row_of(html: str, section: str, name: str) -> str:
    return html.split(f'id="{section}"')[1].split(f"<td>{name}</td>")[1].split("</tr>")[0]


def test_where_the_lowest_total_wins_best_is_the_lowest_and_wins_follow_the_places(client):
    golf = {"lowest_wins": True}
    finished_game(client, (5, 9, 2), options=golf)   # Ann 5+4=9, Bob 9, Cid 2: Cid wins
    finished_game(client, (1, 20, 30), options=golf)  # Ann 1+4=5 wins
    html = client.get("/records").get_data(as_text=True)
    assert 'id="stats-scorepad"' not in html  # no highest-wins score pad game was played
    assert "Lowest total wins" in html.split('id="stats-scorepad-lowest"')[1].split("</h2>")[0]
    assert row_of(html, "stats-scorepad-lowest", "Ann") == '<td class="num">7.0</td><td class="num">5</td>'
    assert row_of(html, "stats-scorepad-lowest", "Bob") == '<td class="num">14.5</td><td class="num">9</td>'
    assert row_of(html, "stats-scorepad-lowest", "Cid") == '<td class="num">16.0</td><td class="num">2</td>'
    assert row_of(html, "player-stats", "Ann") == '<td class="num">2</td><td class="num">1</td>'
    assert row_of(html, "player-stats", "Bob") == '<td class="num">2</td><td class="num">0</td>'
    assert row_of(html, "player-stats", "Cid") == '<td class="num">2</td><td class="num">1</td>'


def test_lowest_wins_and_highest_wins_games_keep_separate_averages_and_bests(client):
    finished_game(client, (5, 9, 2), options={"lowest_wins": True})  # Cid 2 wins
    finished_game(client, (5, 9, 2))                                 # Ann 9 and Bob 9 win
    html = client.get("/records").get_data(as_text=True)
    assert row_of(html, "stats-scorepad", "Cid") == '<td class="num">2.0</td><td class="num">2</td>'
    assert row_of(html, "stats-scorepad", "Bob") == '<td class="num">9.0</td><td class="num">9</td>'
    assert row_of(html, "stats-scorepad-lowest", "Cid") == '<td class="num">2.0</td><td class="num">2</td>'
    assert row_of(html, "stats-scorepad-lowest", "Bob") == '<td class="num">9.0</td><td class="num">9</td>'
    assert row_of(html, "player-stats", "Cid") == '<td class="num">2</td><td class="num">1</td>'
    assert row_of(html, "player-stats", "Ann") == '<td class="num">2</td><td class="num">1</td>'
    csv_lines = client.get("/records/export.csv").get_data(as_text=True).strip().splitlines()
    assert csv_lines[0] == "ended,game,table,seat,player,total,place,winner"  # the CSV columns are unchanged


def chart_texts(svg: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter(f"{SVG}text"))


def test_a_long_name_is_written_in_full_and_no_label_starts_left_of_the_chart():
    svg = str(bar_chart([("Dominique-Alexandra", 3), ("Bo", 1), ("Jo", 0)], "Wins per player"))
    texts = chart_texts(svg)
    assert "Dominique-Alexandra" in [t.text for t in texts]
    for text in texts:
        assert float(text.get("x")) >= 0 and text.get("text-anchor", "start") == "start"
    root = ET.fromstring(svg)
    width = float(root.get("viewBox").split()[2])
    assert width <= 390  # drawn for a phone's width, and scaled by its viewBox
    for bar in root.iter(f"{SVG}rect"):
        assert float(bar.get("x")) + float(bar.get("width")) <= width


def test_a_name_too_long_for_the_chart_is_shortened_and_kept_whole_in_its_title():
    name = "Wolfgang-Maximilian von Hohenzollern-Sigmaringen"[:40]  # as long as a seat name can be
    svg = str(bar_chart([(name, 2)], "Wins per player"))
    label, _value = chart_texts(svg)
    assert label.text.endswith("…") and name.startswith(label.text[:-1])
    assert len(label.text) * 0.9 * 14 <= 360 - 2 * float(label.get("x"))  # even in capitals it fits
    assert f"{name}: 2" in [t.text for t in ET.fromstring(svg).iter(f"{SVG}title")]


def test_the_records_chart_shows_a_long_player_name_in_full(client):
    finished_game(client, (5, 9, 2), players=[{"name": "Dominique-Alexandra", "colour": "red"},
                                              {"name": "Bob", "colour": "blue"}, {"name": "Cid", "colour": "green"}])
    html = client.get("/records").get_data(as_text=True)
    svg = html[html.index('<svg class="chart"'):html.index("</svg>") + len("</svg>")]
    texts = chart_texts(svg)
    assert "Dominique-Alexandra" in [t.text for t in texts]
    assert all(float(t.get("x")) >= 0 for t in texts)


def test_an_unfinished_game_cannot_be_exported(client):
    token = start_table(client)["token"]
    assert client.get(f"/t/{token}/export.json").status_code == 409


def test_export_then_import_recreates_the_same_finished_game(client, phone):
    token = finished_game(client)
    exported = client.get(f"/t/{token}/export.json")
    assert exported.status_code == 200 and "attachment" in exported.headers["Content-Disposition"]
    data = exported.get_json()
    assert data["scores"][0]["total"] == 9  # the face-down 4 is revealed once the game is over
    other = phone()
    page = other.get("/records").get_data(as_text=True)
    response = other.post("/records/import", data={"csrf_token": csrf_of(page),
                                                   "file": (io.BytesIO(json.dumps(data).encode()), "game.json")})
    assert response.status_code == 302
    new_token = response.location.rstrip("/").split("/t/")[1]
    assert new_token != token
    imported = other.get(f"/t/{new_token}/export.json").get_json()
    assert imported["state"] == data["state"] and imported["scores"] == data["scores"]
    assert len(imported["events"]) == len(data["events"])


def test_an_altered_export_is_refused(client):
    token = finished_game(client)
    data = client.get(f"/t/{token}/export.json").get_json()
    data["state"]["players"][1]["rounds"][0] = 1000  # Bob "scored" more than the history says
    page = client.get("/records").get_data(as_text=True)
    response = client.post("/records/import", data={"csrf_token": csrf_of(page),
                                                    "file": (io.BytesIO(json.dumps(data).encode()), "game.json")},
                           follow_redirects=True)
    assert "does not lead to its final state" in response.get_data(as_text=True)
    assert client.get("/records/export.csv").get_data(as_text=True).count("\n") == 1 + 3  # header + one game


def test_csv_export_has_a_row_per_player(client):
    token = finished_game(client)
    lines = client.get(f"/t/{token}/export.csv").get_data(as_text=True).strip().splitlines()
    assert lines[0] == "ended,game,table,seat,player,total,place,winner"
    assert [line.split(",")[4:8] for line in lines[1:]] == [["Ann", "9", "1", "True"], ["Bob", "9", "1", "True"],
                                                             ["Cid", "2", "3", "False"]]


def test_a_finished_game_links_to_bg_stats_with_players_scores_and_winners(client):
    token = finished_game(client)
    html = client.get(f"/t/{token}").get_data(as_text=True)
    link = html.split('id="bg-stats" href="')[1].split('"')[0].replace("&amp;", "&")
    data = json.loads(parse_qs(urlsplit(link).query)["data"][0])
    assert [(p["name"], p["score"], p["winner"]) for p in data["players"]] == [
        ("Ann", "9", True), ("Bob", "9", True), ("Cid", "2", False)]
