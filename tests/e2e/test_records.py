"""The evening's record in real Chromium: export a finished game, import it, see it again."""

from __future__ import annotations

import json

import pytest
import requests
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot

pytestmark = pytest.mark.browser


def test_a_finished_game_is_exported_and_imported_back_from_the_phone(server_factory, new_phone):
    server = server_factory()  # its own: the records page shows every finished game on it
    api = requests.Session()
    token = api.post(server.url + "/api/tables", json={"game": "scorepad", "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]}, timeout=10).json()["token"]
    api.post(f"{server.url}/api/tables/{token}/seats/0/claim", json={}, timeout=10)
    for seat, points in ((0, 12), (1, 30)):
        api.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": seat,
                                                                    "points": points}, timeout=10)
    api.post(f"{server.url}/api/tables/{token}/actions", json={"type": "write_secret", "points": 7}, timeout=10)
    api.post(f"{server.url}/api/tables/{token}/actions", json={"type": "finish"}, timeout=10)

    phone = new_phone()
    phone.goto(f"{server.url}/t/{token}/display")
    expect(phone.locator("#final-scores")).to_contain_text("Bob")
    phone.goto(f"{server.url}/t/{token}/join")
    phone.get_by_role("button", name="Bob").click()
    with phone.expect_download() as download:
        phone.get_by_role("link", name="Export (JSON)").click()
    path = download.value.path()
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert [s["total"] for s in exported["scores"]] == [19, 30]  # Ann's face-down 7 is revealed

    # Another phone (another server's records, say) imports the file.
    other = new_phone()
    other.goto(server.url + "/records")
    other.locator("input[type=file]").set_input_files(path)
    other.get_by_role("button", name="Import", exact=True).click()
    expect(other.locator(".notice")).to_contain_text("Game imported")
    expect(other.locator("#final-scores")).to_contain_text("30")
    assert f"/t/{token}" not in other.url  # a new table, with its own link
    other.goto(server.url + "/records")
    expect(other.locator("#player-stats")).to_contain_text("Bob")
    expect(other.locator("svg.chart").first).to_be_visible()
    screenshot(other, "records-phone")


def test_a_long_name_in_the_wins_chart_is_read_in_full_on_a_phone(server_factory, new_phone):
    server = server_factory()  # its own: the wins chart counts every finished game on it
    api = requests.Session()
    token = api.post(server.url + "/api/tables", json={"game": "scorepad", "options": {"lowest_wins": True}, "players": [
        {"name": "Dominique-Alexandra", "colour": "red"}, {"name": "Bo", "colour": "blue"}]}, timeout=10).json()["token"]
    for seat, points in ((0, 3), (1, 11)):  # lowest wins: Dominique-Alexandra
        api.post(f"{server.url}/api/tables/{token}/actions", json={"type": "add_points", "seat": seat,
                                                                    "points": points}, timeout=10)
    api.post(f"{server.url}/api/tables/{token}/actions", json={"type": "finish"}, timeout=10)

    phone = new_phone()  # 390 px wide
    phone.goto(server.url + "/records")
    expect(phone.locator("#stats-scorepad-lowest")).to_contain_text("Lowest total wins")
    chart = phone.locator("svg.chart").first
    label = chart.locator("text", has_text="Dominique-Alexandra")
    expect(label).to_have_text("Dominique-Alexandra")
    box, inside = chart.bounding_box(), label.bounding_box()
    assert box["x"] + box["width"] <= 390
    assert box["x"] <= inside["x"] and inside["x"] + inside["width"] <= box["x"] + box["width"]
    for text in chart.locator("text").all():  # no label or value drawn outside the chart
        edges = text.bounding_box()
        assert box["x"] <= edges["x"] and edges["x"] + edges["width"] <= box["x"] + box["width"]
    screenshot(phone, "records-long-name-phone")
