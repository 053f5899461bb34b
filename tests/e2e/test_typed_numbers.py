"""Numbers from a range wider than about 10 are typed on the phone's numeric keypad, not stepped
(issue 26, "Numbers are typed, not stepped"), in real Chromium on a touch phone.

A finger's touches are counted as the issue counts them: a tap on a control is one, each key of a
typed number is one. The steppers these boxes replaced started at 15 (a Stonehenge card) and at
0 (a creature's strength and laurel): a value v took |v − start| presses there.
"""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.e2e.phones import LiveTable

# Touches on the phone's keypad, on SQLite only, as every browser test: the server's refusal of a number out of
# its bounds is the games' web tests' and test_fuzz.py's on either database.
pytestmark = pytest.mark.browser

TOUCH_PHONE = {"width": 390, "height": 844, "has_touch": True, "is_mobile": True}


class Finger:
    """Taps and keys on one phone, counted."""

    def __init__(self, page) -> None:
        self.page, self.touches = page, 0

    def tap(self, target) -> None:
        target.tap()
        self.touches += 1

    def type_number(self, box, digits: str) -> None:
        """A tap on the box (the keypad opens), then one key per digit."""
        self.tap(box)
        for key in digits:
            self.page.keyboard.press(key)
            self.touches += 1


def start_table(server, game: str, players: list[dict], **options) -> str:
    response = requests.post(f"{server.url}/api/tables", timeout=10,
                             json={"game": game, "players": players, "options": options})
    assert response.status_code == 201, response.text
    return response.json()["token"]


def seat_phone(new_phone, server, token: str, name: str):
    page = new_phone(**TOUCH_PHONE)
    page.goto(f"{server.url}/t/{token}/join")
    page.get_by_role("button", name=name).click()
    expect(page.locator(".boardhead .me")).to_contain_text(name)
    return page


def posts_of(page) -> list[str]:
    """The moves this phone sends from now on (their URLs), as a list that fills itself."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" and r.url.endswith("/act") else None)
    return sent


def assert_keypad_box(box, low: int, high: int, *, signed: bool = False) -> None:
    """The box opens the numeric keypad and names its bounds."""
    expect(box).to_have_attribute("inputmode", "numeric")
    expect(box).to_have_attribute("pattern", "-?[0-9]*" if signed else "[0-9]*")
    expect(box).to_have_attribute("data-min", str(low))
    expect(box).to_have_attribute("data-max", str(high))
    height = box.bounding_box()["height"]
    assert height >= 44, f"the box is {height} px tall: too small to tap"


def refused_on_the_page(page, box, button, digits: str, bounds: str, sent: list[str]) -> None:
    """A number out of the box's bounds: the browser keeps the move and says the bounds."""
    version = page.locator("#board").get_attribute("data-version")
    box.fill(digits)
    button.click()
    assert box.evaluate("e => e.validationMessage") == bounds
    assert box.evaluate("e => e.matches(':invalid')")
    page.wait_for_timeout(300)
    assert sent == [], f"an out-of-bounds number was sent: {sent}"
    expect(page.locator("#board")).to_have_attribute("data-version", version)


def refused_by_the_server(page, box, button, digits: str, message: str) -> None:
    """The same number from a page whose own check is skipped (an old page, no script): the
    move comes back refused, with the bounds in the notice, and the table does not change."""
    version = page.locator("#board").get_attribute("data-version")
    box.evaluate("e => e.form.noValidate = true")
    box.fill(digits)
    button.click()
    expect(page.locator("#board > .notice")).to_contain_text(message)
    expect(page.locator("#board")).to_have_attribute("data-version", version)


# --- Stonehenge: a card of 1–30 --------------------------------------------------------------------

STONEHENGE_PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
                      {"name": "Cid", "colour": "green"}]


def test_a_stonehenge_card_is_typed_and_a_number_outside_1_to_30_is_refused_on_the_page_and_by_the_server(
        server, new_phone):
    token = start_table(server, "stonehenge", STONEHENGE_PLAYERS)
    phones = [seat_phone(new_phone, server, token, p["name"]) for p in STONEHENGE_PLAYERS]
    table = LiveTable(server.url, token)
    table.synced(*phones)
    ann = phones[0]
    form = ann.locator("#sh-reveal-0")
    box, night = form.get_by_label("Number"), form.get_by_role("button", name="Night")
    assert_keypad_box(box, 1, 30)
    expect(box).to_have_value("")  # no 15 to step away from

    sent = posts_of(ann)
    refused_on_the_page(ann, box, night, "31", "A number from 1 to 30", sent)
    refused_on_the_page(ann, box, night, "0", "A number from 1 to 30", sent)
    refused_by_the_server(ann, box, night, "31", "value must be at most 30")

    # The challenge of the rules' example: 25, 6 and 3, each typed on its own phone.
    cards = [("Night", "25"), ("Night", "6"), ("Day", "3")]
    typed = 0
    for seat, (page, (suit, digits)) in enumerate(zip(phones, cards)):
        table.synced(*phones)  # each player types once their screen is still, as at a table
        finger = Finger(page)
        reveal = page.locator(f"#sh-reveal-{seat}")
        finger.type_number(reveal.get_by_label("Number"), digits)
        expected = str(table.version() + 1)
        finger.tap(reveal.get_by_role("button", name=suit))
        expect(page.locator("#board")).to_have_attribute("data-version", expected)
        typed += finger.touches
    table.synced(*phones)
    expect(ann.locator("#sh-last")).to_contain_text("Night 25")
    expect(ann.locator("#sh-last")).to_contain_text("Night 6")
    expect(ann.locator("#sh-last")).to_contain_text("Day 3")

    stepped = sum(abs(int(digits) - 15) + 1 for _, digits in cards)  # presses from 15, then the suit
    print(f"\nStonehenge challenge (25, 6, 3): {typed} touches typed, {stepped} with the stepper")
    assert typed == 3 + 2 + 2 + 3  # box, digits and suit on each phone
    assert typed < stepped


# --- Adventure Land: a creature's strength and laurel ----------------------------------------------

def test_a_creatures_strength_and_laurel_are_typed_and_their_bounds_refused_on_the_page_and_by_the_server(
        server, new_phone):
    token = start_table(server, "adventure-land", [{"name": "Anna", "colour": "black"},
                                                    {"name": "Ben", "colour": "green"}], scenario=2)
    anna = seat_phone(new_phone, server, token, "Anna")
    form = anna.locator("#al-mine form.al-start-fight")
    strength, laurel = form.get_by_label("Creature strength (red number)"), form.get_by_label("Its laurel")
    start = form.get_by_role("button", name="Start the fight")
    assert_keypad_box(strength, 0, 20)
    assert_keypad_box(laurel, 0, 10)

    sent = posts_of(anna)
    laurel.fill("4")
    refused_on_the_page(anna, strength, start, "21", "A number from 0 to 20", sent)
    strength.fill("13")
    refused_on_the_page(anna, laurel, start, "11", "A number from 0 to 10", sent)
    refused_by_the_server(anna, laurel, start, "11", "laurel must be at most 10")

    form = anna.locator("#al-mine form.al-start-fight")
    finger = Finger(anna)
    finger.type_number(form.get_by_label("Creature strength (red number)"), "13")
    finger.type_number(form.get_by_label("Its laurel"), "4")
    finger.tap(form.get_by_role("button", name="Start the fight"))
    expect(anna.locator("#al-fight")).to_contain_text(re.compile(r"against a creature of strength 13 \(laurel 4\)"))

    stepped = 13 + 4 + 1  # presses from 0, then the button
    print(f"\nAdventure Land fight (strength 13, laurel 4): {finger.touches} touches typed, {stepped} with the steppers")
    assert finger.touches == 3 + 2 + 1
    assert finger.touches < stepped


# --- The score pad: points, with a sign ------------------------------------------------------------

def test_score_pad_points_are_typed_and_the_sign_key_takes_points_away(server, new_phone):
    token = start_table(server, "scorepad", [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}])
    ann = seat_phone(new_phone, server, token, "Ann")
    row = ann.locator("form.add-points").filter(has_text="Ann")
    box = row.get_by_label("Ann: points to add")
    assert_keypad_box(box, -100000, 100000, signed=True)

    finger = Finger(ann)
    finger.type_number(box, "12")
    finger.tap(row.get_by_role("button", name="Change the sign"))
    expect(box).to_have_value("-12")
    finger.tap(row.get_by_role("button", name="Add"))
    expect(ann.locator("#player-0 .total")).to_have_text("-12")
    expect(ann.locator("#board")).to_have_attribute("data-version", "1")  # the server's board (the total shows at once)
    assert finger.touches == 5  # a stepper from 0 took 12 presses and the button

    sent = posts_of(ann)
    row = ann.locator("form.add-points").filter(has_text="Ann")
    refused_on_the_page(ann, row.get_by_label("Ann: points to add"), row.get_by_role("button", name="Add"),
                        "100001", "A number from -100000 to 100000", sent)
