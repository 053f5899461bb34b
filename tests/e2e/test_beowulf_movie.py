"""Beowulf: The Movie Board Game in real Chromium, at phone width: two phones enter an act's board,
place their own figures and the tiles by tapping squares, see the same live scores, score the act.

The act played here (rows A–C, columns 1–4; C4 is not part of the board):

    A   Thane/Ann   .              Horn +3     −1
    B   +5          Betrayal −2    Longship/Bob Castle/Ann
    C   Beowulf/Bob +4             +2          ####

The Betrayal on B2 turns the positive tiles of row B and column 2 face down (B1 +5, C2 +4 count 0);
the Horn on A3 adds a diamond to the figures in row A and column 3 (Ann's Thane, Bob's Longship):

- Ann's Thane A1: row A +3 −1, column 1 B1 0 → sum 2 × (3 + 1 ◆) = 8
- Ann's Castle B4: row B 0 −2, column 4 −1 → sum −3 × 2 ◆ = −6
- Bob's Longship B3: row B 0 −2, column 3 +3 +2 → sum 3 × (1 + 1 ◆) = 6
- Bob's Beowulf C1: row C 0 +2, column 1 0 → sum 2 × 4 ◆ = 8

Ann +2 and Bob +14 this act: 52 and 64 saga points (everyone starts with 50).
"""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot
from tests.e2e.phones import PHONE, LiveTable, assert_fits_the_screen, screen

pytestmark = pytest.mark.browser

FIGURE_POINTS = {"sq-0-0": "+8", "sq-1-3": "-6", "sq-1-2": "+6", "sq-2-0": "+8"}


def join(new_phone, table, name):
    page = new_phone(**PHONE)
    page.goto(f"{table.url}/t/{table.token}/join")
    page.get_by_role("button", name=name).click()
    expect(page.locator(".boardhead .me")).to_contain_text(name)
    return page


def step(page, section, label, times):
    """Taps a stepper's − (times < 0) or + button, as a person at the table does."""
    stepper = page.locator(f"{section} .stepper").filter(has_text=label)
    button = stepper.locator("button[data-step='-1']" if times < 0 else "button[data-step='1']")
    for _ in range(abs(times)):
        button.click()


def tap_square(page, square):
    page.locator(f"#{square}").click()
    expect(page.locator("#bm-place")).to_be_visible()  # the picker opens as a bottom sheet


def place_figure(table, phones, square, figure):
    """phones[0] taps an empty square, then one of its own figures; every phone shows it."""
    tap_square(phones[0], square)
    table.tap(phones[0].locator("#bm-place").get_by_role("button", name=re.compile(rf"· {figure}\b")), *phones)
    for page in phones:
        expect(page.locator(f"#{square}")).to_have_class(re.compile(r"\bfigure\b"))


def place_tile(table, phones, square, value, ability=None):
    """phones[0] taps an empty square, then enters a tile's printed value and ability."""
    page = phones[0]
    tap_square(page, square)
    picker = page.locator("#bm-place")
    picker.locator("input[name=value]").fill(str(value))
    if ability:
        picker.locator("label.bm-ability").filter(has=page.locator(f"input[value='{ability}']")).click()
    table.tap(picker.get_by_role("button", name="Place the tile"), *phones)
    for other in phones:
        expect(other.locator(f"#{square} .bm-value")).to_have_text(f"{value:+d}")


def test_two_phones_place_figures_on_the_act_grid_and_see_the_same_scores_and_result(server, new_phone):
    token = requests.post(server.url + "/api/tables", json={"game": "beowulf-the-movie", "players": [
        {"name": "Ann", "colour": "brown"}, {"name": "Bob", "colour": "green"}]}, timeout=10).json()["token"]
    table = LiveTable(server.url, token)
    ann = join(new_phone, table, "Ann")
    bob = join(new_phone, table, "Bob")
    phones = (ann, bob)
    table.synced(*phones)

    # The first table to play Act I enters its board's shape: 3 rows, 4 columns, C4 not part of it.
    expect(ann.locator("#bm-shape")).to_contain_text("The Act I board's shape")
    # No Act II board is known yet: the hint says to count, not "same size as the Act II board".
    expect(ann.locator("#bm-shape")).to_contain_text("Count the rows and columns of squares on the Act I side")
    expect(ann.locator("#bm-shape")).not_to_contain_text("Same size as the Act II board")
    step(ann, "#bm-shape", "Rows", -3)
    step(ann, "#bm-shape", "Columns", -2)
    table.tap(ann.locator("#bm-shape").get_by_role("button", name="Set the size"), ann, bob)
    expect(bob.locator("#shape-2-3")).to_be_visible()
    expect(bob.locator("#shape-3-0")).to_have_count(0)
    bob.locator("#shape-2-3").click()
    table.tap(bob.get_by_role("button", name="Not part of the board"), bob, ann)
    expect(ann.locator("#shape-2-3")).to_have_class(re.compile(r"\bblocked\b"))
    screenshot(ann, "beowulf-movie-board-shape-360")
    table.tap(ann.get_by_role("button", name="Save the board's shape"), ann, bob)
    table.tap(bob.locator("#bm-controls").get_by_role("button", name="Bob"), bob, ann)  # the youngest starts
    expect(ann.locator("#bm-act")).to_contain_text("Bob started this act.")

    # Pieces go on as they are played; each phone places its own figures.
    place_figure(table, (ann, bob), "sq-0-0", "Thane")
    place_tile(table, (bob, ann), "sq-0-2", 3, "horn")
    place_figure(table, (bob, ann), "sq-2-0", "Beowulf")
    place_tile(table, (ann, bob), "sq-1-0", 5)
    place_figure(table, (bob, ann), "sq-1-2", "Longship")
    place_tile(table, (ann, bob), "sq-0-3", -1)
    place_tile(table, (bob, ann), "sq-1-1", -2, "betrayal")
    place_figure(table, (ann, bob), "sq-1-3", "Castle")
    place_tile(table, (ann, bob), "sq-2-1", 4)
    place_tile(table, (bob, ann), "sq-2-2", 2)

    # Both phones show every figure's score now, and each player's total on the board.
    for page in phones:
        for square, points in FIGURE_POINTS.items():
            expect(page.locator(f"#{square} .bm-points")).to_have_text(points)
        expect(page.locator("#bm-player-0 td.num").first).to_have_text("+2")
        expect(page.locator("#bm-player-1 td.num").first).to_have_text("+14")
        expect(page.locator("#sq-1-0")).to_have_class(re.compile(r"\bcancelled\b"))  # face down
        expect(page.locator("#sq-2-1")).to_have_class(re.compile(r"\bcancelled\b"))
        expect(page.locator("#bm-act")).to_contain_text("Empty squares left: 1.")
        assert_fits_the_screen(page)
    # Bob cannot place Ann's figures: his picker offers his own only.
    tap_square(bob, "sq-0-1")
    expect(bob.locator("#bm-place input[name=seat]")).to_have_value("1")
    expect(bob.locator("#bm-place").get_by_role("button", name=re.compile("· Thane ×2"))).to_be_visible()
    expect(bob.locator("#bm-place h3")).to_have_text("Square A2", use_inner_text=True)  # the sheet names the picked square
    screen(bob, "beowulf-movie-picker-360")
    cancel = bob.locator("#bm-place").get_by_role("button", name="Cancel")
    expect(cancel).to_be_in_viewport()
    assert cancel.bounding_box()["height"] >= 44
    cancel.click()
    expect(bob.locator("#bm-place")).to_be_hidden()
    expect(bob.locator("input.bm-radio:checked")).to_have_count(0)
    expect(bob.locator("#sq-0-1")).to_have_class(re.compile(r"\bempty\b"))  # nothing was sent
    screenshot(ann, "beowulf-movie-grid-360")

    # Tapping a figure tells why it scores what it scores.
    ann.locator("#sq-0-0 summary").click()
    sheet = ann.locator("#sq-0-0 .bm-sheet")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text("turned face down by the Betrayal on B2")
    expect(sheet).to_contain_text("Sum 2 × 4 ◆")
    expect(sheet).to_contain_text("(3 + 1 from Horns)")
    expect(sheet.locator(".bm-total strong")).to_have_text("8")
    screen(ann, "beowulf-movie-figure-sheet-360")
    close = ann.locator("#sq-0-0 .bm-close")  # the same full-width bar as the picker's Cancel
    expect(close).to_have_text("Close")
    expect(close).to_be_in_viewport()
    assert close.bounding_box()["height"] >= 44
    close.click()
    expect(sheet).to_be_hidden()
    expect(ann.locator("#sq-0-0 .bm-points")).to_have_text("+8")  # nothing was sent
    # A tile's sheet closes the same way.
    ann.locator("#sq-1-0 summary").click()
    expect(ann.locator("#sq-1-0 .bm-sheet")).to_be_visible()
    ann.locator("#sq-1-0 .bm-close").click()
    expect(ann.locator("#sq-1-0 .bm-sheet")).to_be_hidden()
    # Tapping the square again (outside the sheet) closes it too.
    ann.locator("#sq-0-0 summary").click()
    expect(sheet).to_be_visible()
    ann.locator("#sq-0-0 summary").click(position={"x": 5, "y": 5})
    expect(sheet).to_be_hidden()

    # The act ends with A2 still empty: the phone asks first.
    asked = []
    ann.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    table.tap(ann.locator("#bm-controls").get_by_role("button", name="Score Act I"), ann, bob)
    for page in phones:
        expect(page.locator("#bm-act .badge")).to_have_text("scored")
        expect(page.locator("#bm-player-0 .total")).to_have_text("52")
        expect(page.locator("#bm-player-1 .total")).to_have_text("64")
        expect(page.locator("#bm-player-0 td.num").first).to_have_text("+2")
        expect(page.locator("#bm-player-1 td.num").first).to_have_text("+14")
        ledger = page.locator("#bm-ledger")
        ledger.locator("summary").click()
        expect(ledger).to_contain_text("Act I: Thane on A1")
        expect(ledger.locator("tr").filter(has_text="Act I: Castle on B4").locator("td.num")).to_have_text("-6")
        expect(ledger.locator("tr").filter(has_text="Act I: Beowulf on C1").locator("td.num")).to_have_text("+8")
        # The Longship is back in front of Bob; the Beowulf that scored is out of the game.
        expect(page.locator("#bm-player-1 .bm-supply")).to_contain_text("L×4")
        expect(page.locator("#bm-player-1 .bm-supply")).to_contain_text("B×0")
        assert_fits_the_screen(page)
    assert asked == ["Empty squares left: 1. Score the act now anyway?"]
    expect(bob.locator("#bm-controls")).to_contain_text("Next act: who would have played next?")
    screenshot(bob, "beowulf-movie-act-scored-360")


def test_the_quick_act_scorer_shows_every_figures_score_on_the_grid(server, new_phone):
    """No game tracked: a 2 × 3 grid tapped in square by square.

        A   Beowulf/red  +3            Horn +1
        B   −2           Longship/blue .

    Beowulf A1: (3 + 1 − 2) × (4 + 1 ◆) = 10; Longship B2: (−2 + 3) × 1 ◆ = 1.
    """
    page = new_phone(**PHONE)
    page.goto(server.url + "/score/beowulf-the-movie/act")
    form = page.locator("#bm-quick-form")
    step(page, "#bm-quick-form", "Rows", -4)
    step(page, "#bm-quick-form", "Columns", -3)
    form.get_by_role("button", name="Set the size").click()
    expect(page.locator("#q-1-2")).to_be_visible()
    expect(page.locator("#q-2-0")).to_have_count(0)
    expect(page.locator("#q-0-3")).to_have_count(0)

    def tap(square):
        page.locator(f"#{square}").click()
        expect(form.locator(".bm-picker")).to_be_visible()

    def figure(square, colour, name):
        tap(square)
        form.locator("select[name=player]").select_option(colour)
        form.get_by_role("button", name=re.compile(rf"· {name}$")).click()
        expect(page.locator(f"#{square}")).to_have_class(re.compile(r"\bfigure\b"))

    def tile(square, value, ability=None):
        tap(square)
        form.locator(".bm-picker input[name=value]").fill(str(value))
        if ability:
            form.locator("label.bm-ability").filter(has=page.locator(f"input[value='{ability}']")).click()
        form.get_by_role("button", name="Place the tile").click()
        expect(page.locator(f"#{square}")).to_have_class(re.compile(r"\btile\b"))

    figure("q-0-0", "red", "Beowulf")
    tile("q-0-1", 3)
    tile("q-0-2", 1, "horn")
    tile("q-1-0", -2)
    figure("q-1-1", "blue", "Longship")

    expect(page.locator("#q-0-0 .bm-points")).to_have_text("10")
    expect(page.locator("#q-1-1 .bm-points")).to_have_text("1")
    result = page.locator("#bm-quick-result")
    expect(result.locator("tr").filter(has_text="Red").locator(".total")).to_have_text("10")
    expect(result.locator("tr").filter(has_text="Blue").locator(".total")).to_have_text("1")
    rows = result.locator(".bm-breakdown tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("A1")
    expect(rows.nth(0).locator("td")).to_have_text(["A1", "2", "5", "10"])
    expect(rows.nth(1).locator("td")).to_have_text(["B2", "1", "1", "1"])
    assert_fits_the_screen(page)
    screenshot(page, "beowulf-movie-quick-360")

    # Emptying a square scores again: without the Horn (and its +1), the Beowulf scores (3 − 2) × 4 ◆.
    page.locator("#q-0-2").click()
    form.get_by_role("button", name="Empty it").click()
    expect(page.locator("#q-0-0 .bm-points")).to_have_text("4")


def table_in_play(server, new_phone):
    """A 3 × 4 Act I board entered by the host (the API session that started the table), Ann and
    Bob on their phones, Bob starting."""
    host = requests.Session()
    token = host.post(server.url + "/api/tables", json={"game": "beowulf-the-movie", "players": [
        {"name": "Ann", "colour": "brown"}, {"name": "Bob", "colour": "green"}]}, timeout=10).json()["token"]
    table = LiveTable(server.url, token)

    def move(**action):
        response = host.post(f"{server.url}/api/tables/{token}/actions", json=action, timeout=10)
        assert response.status_code == 200, response.text

    for action in ({"type": "set_board_size", "rows": 3, "cols": 4}, {"type": "confirm_board"},
                   {"type": "set_first_player", "seat": 1}):
        move(**action)
    ann = join(new_phone, table, "Ann")
    bob = join(new_phone, table, "Bob")
    table.synced(ann, bob)
    return table, ann, bob, move


def test_a_picker_half_filled_in_stays_open_with_its_choices_while_another_phone_moves(server, new_phone):
    table, ann, bob, _ = table_in_play(server, new_phone)
    # Ann picks B2 and starts entering a tile: −3, a Horn; she has scrolled down the sheet.
    tap_square(ann, "sq-1-1")
    picker = ann.locator("#bm-place")
    picker.locator("input[name=value]").fill("-3")
    picker.locator("label.bm-ability").filter(has=ann.locator("input[value='horn']")).click()
    body = picker.locator(".bm-picker-body")  # the sheet's body scrolls above its Cancel bar
    scrolled = body.evaluate("sheet => { sheet.scrollTop = 120; return sheet.scrollTop; }")
    assert scrolled > 0, "the picker is expected to scroll on a small phone"

    # Meanwhile Bob places his Thane on A1: Ann's board is re-rendered with it.
    place_figure(table, (bob, ann), "sq-0-0", "Thane")

    expect(picker).to_be_visible()
    expect(ann.locator("#sq-1-1 input.bm-radio")).to_be_checked()
    expect(picker.locator("input[name=value]")).to_have_value("-3")
    expect(picker.locator("input[name=ability][value='horn']")).to_be_checked()
    expect(picker.get_by_role("button", name=re.compile("· Thane ×"))).to_be_visible()
    expect(picker.get_by_role("button", name="Place the tile")).to_be_visible()
    assert body.evaluate("sheet => sheet.scrollTop") == scrolled
    # Her choice is made on the new board's version: it goes through, on both phones.
    table.tap(picker.get_by_role("button", name="Place the tile"), ann, bob)
    for page in (ann, bob):
        expect(page.locator("#sq-1-1 .bm-value")).to_have_text("-3")
        expect(page.locator("#sq-1-1 .bm-ability-tag")).to_have_text("Royal Dragon Horn")
        expect(page.locator("#sq-0-0")).to_have_class(re.compile(r"\bfigure\b"))
    expect(ann.locator("#board .notice")).to_have_count(0)


def test_a_picker_closes_when_another_phone_takes_its_square(server, new_phone):
    table, ann, bob, _ = table_in_play(server, new_phone)
    tap_square(ann, "sq-1-1")
    ann.locator("#bm-place input[name=value]").fill("4")

    # Bob puts his Thane on B2, the square Ann was filling in.
    place_figure(table, (bob, ann), "sq-1-1", "Thane")

    expect(ann.locator("#bm-place")).to_be_hidden()
    expect(ann.locator("input.bm-radio:checked")).to_have_count(0)
    # The next square Ann picks starts afresh: nothing of the choice made for B2 is offered.
    tap_square(ann, "sq-2-2")
    expect(ann.locator("#bm-place input[name=value]")).to_have_value("0")
    expect(ann.locator("#bm-place input[name=ability][value='']")).to_be_checked()


def test_a_squares_sheet_stays_open_while_another_phone_moves_and_closes_once_its_tile_is_swapped_away(
        server, new_phone):
    table, ann, bob, move = table_in_play(server, new_phone)
    for tile in ({"row": 0, "col": 2, "value": 3, "ability": "horn"}, {"row": 1, "col": 0, "value": 5}):
        move(type="place_tile", **tile)
        table.synced(ann, bob)
    ann.locator("#sq-0-2 summary").click()
    sheet = ann.locator("#sq-0-2 .bm-sheet")
    expect(sheet).to_be_visible()

    place_figure(table, (bob, ann), "sq-0-0", "Thane")  # another square: the sheet stays
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text("Royal Dragon Horn")

    # A Golden Statue swaps the Horn on A3 with the +5 on B1: the sheet was opened for the Horn.
    move(type="swap_tiles", square="0,2", square2="1,0")
    table.synced(ann, bob)
    expect(ann.locator("#sq-0-2 .bm-value")).to_have_text("+5")
    expect(sheet).to_be_hidden()


def french_short_label(msgid, english):
    """What the French catalogue gives a figure's short label (the English letter until it has one)."""
    from pathlib import Path

    from babel.messages.pofile import read_po
    po = Path(__file__).resolve().parents[2] / "companion" / "translations" / "fr" / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as f:
        entry = read_po(f, locale="fr").get(msgid)
    return entry.string if entry is not None and entry.string and not entry.fuzzy else english


def test_a_french_phone_shows_its_own_figure_letters_on_the_grid_and_in_the_legend(server, new_phone):
    table, ann, bob, move = table_in_play(server, new_phone)
    move(type="place_figure", seat=0, row=0, col=0, kind="longship")
    ann.context.add_cookies([{"name": "companion_lang", "value": "fr", "url": server.url}])
    ann.reload()
    letter = french_short_label("Longship (short)", "L")
    expect(ann.locator("#sq-0-0 .bm-letter")).to_have_text(letter)
    expect(ann.locator("#bm-players .bm-legend")).to_contain_text(f"{letter} = Drakkar (1 ◆)")
    expect(ann.locator("#bm-player-0 .bm-supply")).to_contain_text(f"{letter}×3")
    tap_square(ann, "sq-1-1")
    expect(ann.locator("#bm-place h3")).to_have_text("Case B2", use_inner_text=True)
    expect(ann.locator("#bm-place").get_by_role("button", name=re.compile(rf"^{letter} · Drakkar"))).to_be_visible()
    expect(bob.locator("#sq-0-0 .bm-letter")).to_have_text("L")  # an English phone keeps its own
