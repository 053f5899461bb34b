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

# A game's pages, on SQLite only, as every browser test: what each move does on either database is
# tests/games/beowulf_the_movie/test_beowulf_the_movie_web.py's, live updates test_two_phones'.
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


def chip(page, form, name, value):
    """A palette chip: the label of the radio button ``name`` = ``value`` in ``form``."""
    return page.locator(f"{form} label.bm-chip:has(> input[name='{name}'][value='{value}'])")


def place_figure(table, phones, square, figure):
    """phones[0] picks one of its own figures in the palette, then taps an empty square."""
    chip(phones[0], "#bm-palette", "what", figure.lower()).click()
    table.tap(phones[0].locator(f"#{square}"), *phones)
    for page in phones:
        expect(page.locator(f"#{square}")).to_have_class(re.compile(r"\bfigure\b"))


def place_tile(table, phones, square, value, ability=None):
    """phones[0] picks a tile's printed value (and ability) in the palette, then taps a square."""
    page = phones[0]
    chip(page, "#bm-palette", "what", f"tile:{value}").click()
    if ability:
        chip(page, "#bm-palette", "ability", ability).click()
    table.tap(page.locator(f"#{square}"), *phones)
    for other in phones:
        expect(other.locator(f"#{square} .bm-value")).to_have_text(f"{value:+d}" if value else "0")


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
    # Bob cannot place Ann's figures: his palette offers his own only, and the grid stays in view.
    expect(bob.locator("#bm-palette input[name=seat]")).to_have_value("1")
    expect(chip(bob, "#bm-palette", "what", "thane")).to_contain_text("×2")
    expect(chip(bob, "#bm-palette", "what", "beowulf")).to_have_count(0)  # his Beowulf is on C1
    screen(bob, "beowulf-movie-palette-360")
    screenshot(ann, "beowulf-movie-grid-360")

    # Tapping a figure tells why it scores what it scores.
    ann.locator("#sq-0-0 summary").click()
    sheet = ann.locator("#sq-0-0 .bm-sheet")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text("turned face down by the Betrayal on B2")
    expect(sheet.locator(".bm-total")).to_contain_text("Sum 2 × 4")
    # The ◆ is the app's diamond icon, read as "diamonds" (not "black diamond") by a screen reader.
    expect(sheet.locator(".bm-total").get_by_role("img", name="diamonds")).to_be_visible()
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
    # Bob started and ten pieces went on, one turn each: Bob would have played next (l.170).
    for page in phones:
        expect(page.locator("#bm-turn")).to_contain_text("Bob would have played next: Bob starts Act II.")
    expect(bob.locator("#bm-controls").get_by_role("button", name="Start Act II: Bob starts")).to_be_visible()
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
    form.locator("#bm-size summary").click()
    step(page, "#bm-quick-form", "Rows", -4)
    step(page, "#bm-quick-form", "Columns", -3)
    form.get_by_role("button", name="Set the size").click()
    expect(page.locator("#q-1-2")).to_be_visible()
    expect(page.locator("#q-2-0")).to_have_count(0)
    expect(page.locator("#q-0-3")).to_have_count(0)

    def figure(square, colour, kind):
        chip(page, "#bm-quick-form", "player", colour).click()
        chip(page, "#bm-quick-form", "what", kind).click()
        page.locator(f"#{square}").click()
        expect(page.locator(f"#{square}")).to_have_class(re.compile(r"\bfigure\b"))

    def tile(square, value, ability=None):
        chip(page, "#bm-quick-form", "what", f"tile:{value}").click()
        if ability:
            chip(page, "#bm-quick-form", "ability", ability).click()
        page.locator(f"#{square}").click()
        expect(page.locator(f"#{square}")).to_have_class(re.compile(r"\btile\b"))

    figure("q-0-0", "red", "beowulf")
    tile("q-0-1", 3)
    tile("q-0-2", 1, "horn")
    tile("q-1-0", -2)
    figure("q-1-1", "blue", "longship")

    expect(page.locator("#q-0-0 .bm-points")).to_have_text("+10")
    expect(page.locator("#q-1-1 .bm-points")).to_have_text("+1")
    result = page.locator("#bm-quick-result")
    expect(result.locator("tr").filter(has_text="Red").locator(".total")).to_have_text("10")
    expect(result.locator("tr").filter(has_text="Blue").locator(".total")).to_have_text("1")
    rows = result.locator(".bm-breakdown tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("td")).to_have_text(["A1", "2", "5", "10"])
    expect(rows.nth(1).locator("td")).to_have_text(["B2", "1", "1", "1"])
    assert_fits_the_screen(page)
    screenshot(page, "beowulf-movie-quick-360")

    # Emptying a square scores again: without the Horn (and its +1), the Beowulf scores (3 − 2) × 4 ◆.
    chip(page, "#bm-quick-form", "what", "empty").click()
    page.locator("#q-0-2").click()
    expect(page.locator("#q-0-0 .bm-points")).to_have_text("+4")


# Issue #15's 27-piece Act I board: 9 figures, 18 tiles including a Gorge, a Betrayal and a Horn,
# on a 5 × 6 board (C6, E3 and E5 stay empty). Grouped as a table would enter it: each tile value
# once, then its squares; each colour once, then its figures.
ACT_I_TILES = [(3, ["0,1", "3,2"]), (-2, ["0,2", "4,3"]), (1, ["0,4", "3,3"]), (2, ["1,0", "2,4", "4,0"]),
               (-1, ["1,3", "3,1"]), (4, ["1,5"]), (-3, ["2,0"]), (5, ["2,1"]), (-4, ["3,5"])]
ACT_I_SPECIALS = [("horn", "0,5"), ("gorge", "1,2"), ("betrayal", "2,3")]  # printed value 0
ACT_I_FIGURES = {"red": [("longship", ["0,0", "3,4"]), ("castle", ["1,4"]), ("thane", ["4,1"])],
                 "blue": [("thane", ["0,3"]), ("longship", ["2,2"])],
                 "green": [("beowulf", ["1,1"]), ("castle", ["3,0"]), ("longship", ["4,5"])]}


def act_i_cells():
    cells = [{"row": int(sq[0]), "col": int(sq[2]), "tile": {"value": v}} for v, squares in ACT_I_TILES for sq in squares]
    cells += [{"row": int(sq[0]), "col": int(sq[2]), "tile": {"value": 0, "ability": a}} for a, sq in ACT_I_SPECIALS]
    cells += [{"row": int(sq[0]), "col": int(sq[2]), "figure": {"player": colour, "kind": kind}}
              for colour, figures in ACT_I_FIGURES.items() for kind, squares in figures for sq in squares]
    return cells


def test_a_27_piece_act_i_board_is_entered_on_the_quick_page_in_at_most_60_taps_without_scrolling(server, new_phone):
    """Issue #15's target at 390 × 844: the quick act page starts at the size this server remembers
    for Act I, every tap lands on something already in view, the page never scrolls or reloads."""
    host = requests.Session()
    token = host.post(server.url + "/api/tables", json={"game": "beowulf-the-movie", "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]}, timeout=10).json()["token"]
    for action in ({"type": "set_board_size", "rows": 5, "cols": 6}, {"type": "confirm_board"}):
        assert host.post(f"{server.url}/api/tables/{token}/actions", json=action, timeout=10).status_code == 200

    page = new_phone(width=390, height=844)
    page.goto(server.url + "/score/beowulf-the-movie/act?act=1")
    expect(page.locator("#bm-size summary")).to_contain_text("5 × 6 squares")
    expect(page.locator("#q-4-5")).to_be_visible()
    page.evaluate("window.notReloaded = true")
    taps = 0

    def tap(locator):
        nonlocal taps
        expect(locator).to_be_in_viewport(ratio=1)  # in view already: no scroll needed to reach it
        locator.click()
        taps += 1

    def tap_square(square, cls):
        tap(page.locator(f"#q-{square.replace(',', '-')}"))
        expect(page.locator(f"#q-{square.replace(',', '-')}")).to_have_class(re.compile(rf"\b{cls}\b"))

    for value, squares in ACT_I_TILES:
        tap(chip(page, "#bm-quick-form", "what", f"tile:{value}"))
        for square in squares:
            tap_square(square, "tile")
    tap(chip(page, "#bm-quick-form", "what", "tile:0"))
    for ability, square in ACT_I_SPECIALS:
        tap(chip(page, "#bm-quick-form", "ability", ability))
        tap_square(square, "tile")
    for colour, figures in ACT_I_FIGURES.items():
        tap(chip(page, "#bm-quick-form", "player", colour))
        for kind, squares in figures:
            tap(chip(page, "#bm-quick-form", "what", kind))
            for square in squares:
                tap_square(square, "figure")

    assert taps <= 60, taps
    assert page.evaluate("window.scrollY") == 0, "the page scrolled"
    assert page.evaluate("window.notReloaded === true"), "the page reloaded"
    # The same marks as a tracked game: the Gorge drawn as a Gorge, the Betrayal's tiles struck through.
    expect(page.locator("#q-1-2 .bm-gorge-mark")).to_be_visible()
    for square in ("q-2-1", "q-2-4", "q-3-3"):  # C2 +5, C5 +2, D4 +1: row C and column 4 of the Betrayal on C4
        expect(page.locator(f"#{square}")).to_have_class(re.compile(r"\bcancelled\b"))
    # The totals match the JSON scorer for the same grid.
    expected = requests.post(server.url + "/api/score/beowulf-the-movie/act",
                             json={"rows": 5, "cols": 6, "cells": act_i_cells()}, timeout=10).json()["players"]
    result = page.locator("#bm-quick-result")
    for colour, points in expected.items():
        expect(result.locator("tr").filter(has_text=colour.capitalize()).locator(".total")).to_have_text(str(points))
    screen(page, "beowulf-movie-quick-act-i-390")
    print(f"27-piece Act I board on the quick page: {taps} taps, 0 scrolls")


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


class Taps:
    """Counts the taps a person makes; a tap that makes a move waits until every phone shows it."""

    def __init__(self, table=None):
        self.table, self.count = table, 0

    def __call__(self, locator, *phones):
        self.count += 1
        if phones:
            self.table.tap(locator, *phones)
        else:
            locator.click()


def test_the_palette_places_a_figure_or_a_plain_tile_in_two_taps_and_the_same_again_in_one(server, new_phone):
    """Issue #15's target in a tracked game at 390 × 844: a figure or a plain tile costs 2 taps,
    3 with an ability; placing the same thing again costs 1; nothing reloads the page."""
    table, ann, bob, _ = table_in_play(server, new_phone)
    for page in (ann, bob):
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate("window.notReloaded = true")
    taps = Taps(table)

    taps(chip(ann, "#bm-palette", "what", "longship"))
    expect(ann.locator("#sq-1-1")).to_be_in_viewport()  # the grid stays in view while choosing
    taps(ann.locator("#sq-1-1"), ann, bob)
    assert taps.count == 2
    # The page stays where the thumb is: the grid is still in view for the next square (the board's
    # swap once scrolled the page to its bottom).
    ann.evaluate("window.scrollTo(0, 150)")  # a thumb scrolled down a little to reach the palette
    expect(ann.locator("#sq-2-2")).to_be_in_viewport(ratio=1)
    scrolled = ann.evaluate("window.scrollY")
    assert scrolled > 0
    taps(ann.locator("#sq-2-2"), ann, bob)  # the same again: one tap
    assert taps.count == 3
    assert abs(ann.evaluate("window.scrollY") - scrolled) < 5, "the page scrolled on a placement"
    for page in (ann, bob):
        expect(page.locator("#sq-1-1 .bm-letter")).to_have_text("L")
        expect(page.locator("#sq-2-2 .bm-letter")).to_have_text("L")

    taps.count = 0
    taps(chip(ann, "#bm-palette", "what", "tile:-3"))
    taps(ann.locator("#sq-0-1"), ann, bob)
    assert taps.count == 2
    taps(ann.locator("#sq-0-3"), ann, bob)
    assert taps.count == 3
    for page in (ann, bob):
        expect(page.locator("#sq-0-1 .bm-value")).to_have_text("-3")
        expect(page.locator("#sq-0-3 .bm-value")).to_have_text("-3")

    taps.count = 0
    taps(chip(ann, "#bm-palette", "what", "tile:0"))
    taps(chip(ann, "#bm-palette", "ability", "horn"))
    taps(ann.locator("#sq-2-0"), ann, bob)
    assert taps.count == 3
    expect(bob.locator("#sq-2-0 .bm-ability-tag")).to_have_text("Royal Dragon Horn")
    # The ability does not stick (a Horn is rare); the value does.
    expect(ann.locator("#bm-palette input[name=ability][value='']")).to_be_checked()
    expect(ann.locator("#bm-palette input[name=what][value='tile:0']")).to_be_checked()
    # A rarer printed value, past the ±6 chips: one tap opens them, and it stays open for the next.
    taps.count = 0
    ann.locator("#bm-pal-more > summary").click()
    taps.count += 1
    taps(chip(ann, "#bm-palette", "what", "tile:9"))
    taps(ann.locator("#sq-1-0"), ann, bob)
    assert taps.count == 3
    taps(ann.locator("#sq-1-3"), ann, bob)
    assert taps.count == 4
    for page in (ann, bob):
        expect(page.locator("#sq-1-0 .bm-value")).to_have_text("+9")
        expect(page.locator("#sq-1-3 .bm-value")).to_have_text("+9")
    for page in (ann, bob):
        assert page.evaluate("window.notReloaded === true"), "the page reloaded"
    assert_fits_the_screen(ann)
    ann.locator("#bm-board").evaluate("board => board.scrollIntoView()")
    screen(ann, "beowulf-movie-palette-390")


def test_the_palettes_pick_stays_while_another_phone_moves(server, new_phone):
    table, ann, bob, _ = table_in_play(server, new_phone)
    chip(ann, "#bm-palette", "what", "tile:4").click()
    chip(ann, "#bm-palette", "ability", "betrayal").click()

    place_figure(table, (bob, ann), "sq-0-0", "Thane")  # Ann's board is re-rendered with it

    expect(ann.locator("#bm-palette input[name=what][value='tile:4']")).to_be_checked()
    expect(ann.locator("#bm-palette input[name=ability][value='betrayal']")).to_be_checked()
    table.tap(ann.locator("#sq-1-1"), ann, bob)
    for page in (ann, bob):
        expect(page.locator("#sq-1-1 .bm-value")).to_have_text("+4")
        expect(page.locator("#sq-1-1 .bm-ability-tag")).to_have_text("Betrayal")
    expect(ann.locator("#board > .notice")).to_have_count(0)  # no refusal, no "the board changed"


def test_good_counsel_and_a_golden_statue_are_one_move_each_from_the_grid(server, new_phone):
    table, ann, bob, move = table_in_play(server, new_phone)
    move(type="place_figure", seat=0, row=0, col=0, kind="thane")
    move(type="place_tile", row=0, col=1, value=2)
    move(type="place_tile", row=2, col=3, value=-4)
    table.synced(ann, bob)
    # Good Counsel: Ann taps her Thane on A1; its only empty neighbour is B1 (A2 holds a tile).
    ann.locator("#sq-0-0 summary").click()
    counsel = ann.locator("#sq-0-0 .bm-sheet")
    expect(counsel.get_by_role("button", name=re.compile("^Move to"))).to_have_text(["Move to B1"])
    table.tap(counsel.get_by_role("button", name="Move to B1"), ann, bob)
    for page in (ann, bob):
        expect(page.locator("#sq-1-0 .bm-letter")).to_have_text("T")
        expect(page.locator("#sq-0-0 .bm-ability-tag")).to_have_text("Good Counsel")
    # Golden Statue: value, ability, the two other tiles, then its square — one move.
    chip(bob, "#bm-palette", "what", "tile:0").click()
    chip(bob, "#bm-palette", "ability", "golden-statue").click()
    bob.locator("#bm-palette select[name=swap]").select_option("0,1")
    bob.locator("#bm-palette select[name=swap2]").select_option("2,3")
    table.tap(bob.locator("#sq-2-2"), bob, ann)
    for page in (ann, bob):
        expect(page.locator("#sq-0-1 .bm-value")).to_have_text("-4")
        expect(page.locator("#sq-2-3 .bm-value")).to_have_text("+2")
        expect(page.locator("#sq-2-2 .bm-ability-tag")).to_have_text("Golden Statue")


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
    move(type="place_tile", row=2, col=2, value=0, ability="golden-statue", swap="0,2", swap2="1,0")
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
    expect(ann.locator("#bm-players .bm-legend")).to_contain_text(f"{letter} = Drakkar (1")
    expect(ann.locator("#bm-players .bm-legend").get_by_role("img", name="diamants").first).to_be_visible()
    expect(ann.locator("#bm-player-0 .bm-supply")).to_contain_text(f"{letter}×3")
    expect(chip(ann, "#bm-palette", "what", "longship")).to_contain_text(f"{letter} Drakkar")
    expect(bob.locator("#sq-0-0 .bm-letter")).to_have_text("L")  # an English phone keeps its own


def test_whose_turn_it_is_shows_on_every_phone_and_the_display_and_follows_the_turns(server, new_phone):
    """Rulebook l.63: « Quand il a fini son tour, le joueur à sa gauche joue après lui. » Each
    turn's placement moves the pointer on one seat on every screen, live, whichever phone entered
    it (turn_pointer.py): here the host's, with Ann still picked for a tile of Bob's turn."""
    host = requests.Session()
    token = host.post(server.url + "/api/tables", json={"game": "beowulf-the-movie", "players": [
        {"name": "Ann", "colour": "brown"}, {"name": "Bob", "colour": "green"}]}, timeout=10).json()["token"]

    def enter(**action):
        assert host.post(f"{server.url}/api/tables/{token}/actions", json=action, timeout=10).status_code == 200

    for action in ({"type": "set_board_size", "rows": 1, "cols": 3}, {"type": "confirm_board"},
                   {"type": "set_first_player", "seat": 0}):
        enter(**action)
    table = LiveTable(server.url, token)
    ann = join(new_phone, table, "Ann")
    bob = join(new_phone, table, "Bob")
    display = new_phone(**PHONE)
    display.goto(f"{server.url}/t/{token}/display")
    screens = (ann, bob, display)
    table.synced(*screens)
    for page in screens:
        expect(page.locator("#bm-turn")).to_be_in_viewport()  # on the first screen, the display's too
        expect(page.locator("#bm-turn")).to_contain_text("Ann's turn")
    enter(type="place_figure", row=0, col=0, kind="thane", seat=0)
    for page in screens:
        expect(page.locator("#bm-turn")).to_contain_text("Bob's turn")
    enter(type="place_tile", row=0, col=1, value=2, seat=0)  # the host's pick still on Ann
    for page in screens:
        expect(page.locator("#bm-turn")).to_contain_text("Ann's turn")
    expect(ann.locator("#bm-turn-fix")).to_have_count(0)  # only the host's phone corrects it
