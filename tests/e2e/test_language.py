"""Each phone reads its own language, in real Chromium: the switch in the top bar changes that
phone only; a phone whose browser prefers French gets French without choosing."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot

pytestmark = pytest.mark.browser  # a phone's language is its own cookie


def scorepad_table(server) -> str:
    response = requests.post(server.url + "/api/tables", json={"game": "scorepad", "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]}, timeout=10)
    assert response.status_code == 201, response.text
    return response.json()["token"]


def sit(page, server, token: str, name: str) -> None:
    page.goto(f"{server.url}/t/{token}/join")
    page.get_by_role("button", name=name).click()
    expect(page.locator(".boardhead .me")).to_contain_text(name)


def test_switching_one_phone_to_french_leaves_the_other_phone_in_english(server, new_phone):
    token = scorepad_table(server)
    ann, bob = new_phone(), new_phone()
    sit(ann, server, token, "Ann")
    sit(bob, server, token, "Bob")
    expect(ann.locator("html")).to_have_attribute("lang", "en")

    # Ann picks Français in the top bar: the select submits by itself and the page comes back in French.
    ann.select_option("select#lang-select", "fr")
    expect(ann.locator("html")).to_have_attribute("lang", "fr")
    expect(ann.locator("select#lang-select")).to_have_value("fr")
    expect(ann.locator(".history h2")).to_have_text("Historique")
    expect(ann.locator("#undo")).to_have_text("Annuler")
    expect(ann.get_by_role("heading", name="Manche 1")).to_be_visible()

    # Ann adds 7 points: the history line reads French on her phone, English on Bob's.
    row = ann.locator("form.add-points").filter(has_text="Ann")
    row.locator("input.number-box").fill("7")
    row.get_by_role("button", name="Ajouter").click()
    expect(ann.locator(".history")).to_contain_text("Ann : +7 points (manche 1)")
    expect(ann.locator("#undo")).to_contain_text("Annuler : Ann : +7 points (manche 1)")
    screenshot(ann, "language-ann-french")

    expect(bob.locator(".history")).to_contain_text("Ann: +7 points (round 1)", timeout=3000)
    expect(bob.locator(".history h2")).to_have_text("History")
    expect(bob.locator("#undo")).to_contain_text("Undo: Ann: +7 points (round 1)")
    bob.reload()
    expect(bob.locator("html")).to_have_attribute("lang", "en")
    expect(bob.locator("select#lang-select")).to_have_value("en")
    expect(bob.get_by_role("heading", name="Round 1")).to_be_visible()
    screenshot(bob, "language-bob-english")

    # The choice stays with Ann's phone: a reload, or another page, is still French.
    ann.reload()
    expect(ann.locator(".history h2")).to_have_text("Historique")
    ann.goto(server.url + "/")
    expect(ann.get_by_role("link", name="Bloc de score", exact=True)).to_be_visible()
    expect(ann.get_by_role("heading", name="Vos tables")).to_be_visible()


def test_a_phone_whose_browser_prefers_french_reads_french_without_choosing(server, new_phone):
    token = scorepad_table(server)
    french = new_phone(locale="fr-FR")
    french.goto(f"{server.url}/t/{token}/join")
    expect(french.locator("html")).to_have_attribute("lang", "fr")
    expect(french.locator("select#lang-select")).to_have_value("fr")
    expect(french.get_by_role("heading", name="Qui êtes-vous ?")).to_be_visible()
    french.get_by_role("button", name="Ann").click()
    expect(french.locator(".history h2")).to_have_text("Historique")
    expect(french.get_by_role("button", name="Terminer la manche")).to_be_visible()

    # It can still choose another language for itself.
    french.select_option("select#lang-select", "de")
    expect(french.locator(".history h2")).to_have_text("Verlauf")
    expect(french.get_by_role("button", name="Runde beenden")).to_be_visible()

    english = new_phone(locale="en-GB")
    english.goto(f"{server.url}/t/{token}/join")
    expect(english.get_by_role("heading", name="Who are you?")).to_be_visible()
