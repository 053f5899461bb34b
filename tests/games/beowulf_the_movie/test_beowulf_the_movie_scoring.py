"""The act scorer: row + column, × diamonds, with Gorge, Betrayal and Royal Dragon Horn."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tests.games.beowulf_the_movie.helpers import grid
from companion.games.beowulf_the_movie.scoring import Figure, Grid, Tile, score_grid


def figure_at(text: str, row: int, col: int):
    result = score_grid(grid(text))
    return next(f for f in result.figures if (f.row, f.col) == (row, col))


# --- the basic rule ------------------------------------------------------------------------------

def test_figure_adds_its_row_and_column_and_multiplies_by_its_diamonds():
    f = figure_at("""
        castle/brown  1  -2  4
        3             .   .  .
        -1            .   .  .
    """, 0, 0)
    assert (f.sum, f.diamonds, f.points) == (3 + 2, 2, 10)


@pytest.mark.parametrize("kind,diamonds", [("longship", 1), ("castle", 2), ("thane", 3), ("beowulf", 4)])
def test_each_kind_multiplies_by_the_diamonds_on_its_base(kind, diamonds):
    f = figure_at(f"{kind}/brown 2 3", 0, 0)
    assert (f.diamonds, f.points) == (diamonds, 5 * diamonds)


def test_publisher_preview_longship_row_of_plus1_minus2_plus4_earns_3():
    # Publisher preview (secondary source): +1, −2, +4 in a Longship's row give 3.
    assert figure_at("longship/brown 1 -2 4", 0, 0).points == 3


def test_negative_sum_scores_negative_points():
    assert figure_at("thane/grey -3 1", 0, 0).points == -6


def test_figure_with_no_tile_in_its_lines_scores_zero():
    f = figure_at("""
        beowulf/brown .
        .             5
    """, 0, 0)
    assert f.points == 0 and f.tiles == ()


def test_other_figures_in_a_line_add_nothing():
    f = figure_at("longship/brown beowulf/green 2", 0, 0)
    assert f.points == 2


def test_special_tile_without_printed_value_counts_zero():
    # Rulebook: "Une tuile spéciale sans valeur imprimée dessus est traitée en tant qu'ayant une valeur de zéro."
    assert figure_at("castle/brown good-counsel 3 mead+2", 0, 0).points == 2 * (0 + 3 + 2)


def test_players_totals_add_their_figures():
    result = score_grid(grid("""
        longship/brown  2              .
        4               castle/brown  -1
        .               1              thane/green
    """))
    by_square = {(f.row, f.col): f.points for f in result.figures}
    assert by_square == {(0, 0): 6, (1, 1): 2 * (4 - 1 + 2 + 1), (2, 2): 3 * (1 - 1)}
    assert result.totals == {"brown": 6 + 12, "green": 0}


# --- the rulebook's own example (figures A to G), one situation each -------------------------

RULEBOOK_EXAMPLE = {
    # Figure A (Drakkar brun): 1 + (−1) + (−1) + 4 + (−4) + (−1) = −2, × 1 = −2
    "A": ("""
        longship/brown 1 -1 -1
        4              .  .  .
        -4             .  .  .
        -1             .  .  .
    """, 0, 0, -2, 1, -2),
    # Figure B (Drakkar vert): 1 + (−1) + (−1) + 6 + 3 + 3 = 11, × 1 = 11
    "B": ("""
        longship/green 1 -1 -1
        6              .  .  .
        3              .  .  .
        3              .  .  .
    """, 0, 0, 11, 1, 11),
    # Figure C (Beowulf brun): 6 + 4 + (−4) + (−1) = 5, × 4 = 20; the Gorge in its row hides the
    # +5 tile and the Royal Dragon Horn on its right.
    "C": ("""
        beowulf/brown 6 gorge 5 horn
        4             . .     . .
        -4            . .     . .
        -1            . .     . .
    """, 0, 0, 5, 4, 20),
    # Figure D (Thane vert): 4 + 3 + (−6) + 1 + (−1) + 5 + (−2) + 5 = 9, × 3 = 27
    "D": ("""
        thane/green 4 3 -6 1
        -1          . .  . .
        5           . .  . .
        -2          . .  . .
        5           . .  . .
    """, 0, 0, 9, 3, 27),
    # Figure E (Drakkar brun): 6 + 3 + 3 + (−4) + (−2) + 2 = 8, × 1 = 8
    "E": ("""
        longship/brown 6 3 3
        -4             . . .
        -2             . . .
        2              . . .
    """, 0, 0, 8, 1, 8),
    # Figure F (château gris): (−4) + (−2) + 2 + (−6) + 0 = −10, × 2 = −20; the Gorge hides the
    # +1 Treasure tile in the upper part of its column; Good Counsel counts 0.
    "F": ("""
        treasure+1  . .  .
        gorge       . .  .
        castle/grey 2 -6 good-counsel
        -4          . .  .
        -2          . .  .
    """, 2, 0, -10, 2, -20),
    # Figure G (Thane gris): (−1) + 3 + 0 + 5 + (−1) + 1 + 2 = 9, × (3 + 1) = 36: the Horn in its
    # column adds a diamond.
    "G": ("""
        horn       . . . . .
        thane/grey -1 3 -1 1 2
        5          . . . . .
    """, 1, 0, 9, 4, 36),
}


@pytest.mark.parametrize("name", sorted(RULEBOOK_EXAMPLE))
def test_rulebook_example_figure(name):
    text, row, col, total, diamonds, points = RULEBOOK_EXAMPLE[name]
    f = figure_at(text, row, col)
    assert (f.sum, f.diamonds, f.points) == (total, diamonds, points)


def test_rulebook_example_totals_per_player():
    totals: dict[str, int] = {}
    for text, row, col, *_ in RULEBOOK_EXAMPLE.values():
        f = figure_at(text, row, col)
        totals[f.player] = totals.get(f.player, 0) + f.points
    assert totals == {"brown": 26, "green": 38, "grey": 16}


def test_breakdown_names_the_tiles_a_gorge_cuts_off():
    text, row, col, *_ = RULEBOOK_EXAMPLE["C"]
    f = figure_at(text, row, col)
    assert {(c.row, c.col, c.value, c.gorge) for c in f.cut_off} == {(0, 3, 5, (0, 2)), (0, 4, 0, (0, 2))}
    assert f.horns == ()


# --- Gorge -----------------------------------------------------------------------------------

def test_gorge_tile_splits_a_row_into_separate_parts():
    assert figure_at("3 longship/brown 2 gorge 5 longship/green", 0, 1).points == 5
    assert figure_at("3 longship/brown 2 gorge 5 longship/green", 0, 5).points == 5


def test_gorge_splits_a_column_too():
    f = figure_at("""
        4
        gorge
        thane/brown
        -1
    """, 2, 0)
    assert f.points == 3 * -1


def test_printed_gorge_on_the_board_works_like_a_gorge_tile():
    assert figure_at("3 longship/brown 2 # 5", 0, 1).points == 5


def test_two_gorges_make_three_parts():
    assert figure_at("9 gorge 1 longship/brown 1 gorge 9", 0, 3).points == 2


def test_gorge_tile_value_belongs_to_no_part():
    # The Gorge square is the cut itself (the rulebook does not say a Gorge carries a value).
    assert figure_at("longship/brown gorge+3 2", 0, 0).points == 0


def test_gorge_in_another_row_does_not_cut_this_row():
    f = figure_at("""
        longship/brown 2 3
        .              gorge .
    """, 0, 0)
    assert f.points == 5


# --- Betrayal --------------------------------------------------------------------------------

def test_betrayal_turns_positive_tiles_of_its_row_to_zero_and_keeps_negatives():
    f = figure_at("longship/brown 5 -3 betrayal", 0, 0)
    assert f.sum == -3
    cancelled = {(t.col, t.counts, t.cancelled_by) for t in f.tiles if t.cancelled_by}
    assert cancelled == {(1, 0, ((0, 3),))}


def test_betrayal_acts_on_its_column_too():
    f = figure_at("""
        4  longship/brown
        .  6
        .  betrayal
    """, 0, 1)
    assert f.sum == 4


def test_betrayal_cancels_a_tile_for_a_figure_that_counts_it_through_its_column():
    # The +5 lies in the Betrayal's row; the figure sees it through its own column:
    # rulebook, the tiles are turned face down before any figure scores.
    f = figure_at("""
        thane/brown .
        5           betrayal
        2           .
    """, 0, 0)
    assert (f.sum, f.points) == (2, 6)


def test_negative_betrayal_value_still_counts():
    assert figure_at("longship/brown 4 betrayal-2", 0, 0).sum == -2


def test_betrayal_beyond_a_gorge_cancels_nothing_on_this_side():
    assert figure_at("longship/brown 5 gorge 3 betrayal", 0, 0).sum == 5


def test_betrayal_across_a_gorge_in_the_tile_column_does_not_reach_it():
    f = figure_at("""
        longship/brown 5
        .              gorge
        .              betrayal
    """, 0, 0)
    assert f.sum == 5


def test_gorge_plus_betrayal_in_the_other_part_leaves_this_part_whole_and_cancels_the_other():
    text = "4 longship/brown 3 gorge 6 betrayal longship/green"
    assert figure_at(text, 0, 1).sum == 7
    assert figure_at(text, 0, 6).sum == 0


def test_positive_betrayal_tile_cancels_its_own_value():
    # It lies in its own row and column (a choice: the rulebook is silent on positive Betrayals).
    assert figure_at("longship/brown betrayal+2 3", 0, 0).sum == 0


def test_cancelled_horn_keeps_its_diamond():
    f = figure_at("longship/brown horn+2 betrayal", 0, 0)
    assert (f.sum, f.diamonds) == (0, 2)


# --- Royal Dragon Horn -----------------------------------------------------------------------

def test_horn_adds_a_diamond_to_figures_in_its_row_and_column():
    f = figure_at("""
        castle/brown 2 horn
        3            . .
    """, 0, 0)
    assert (f.diamonds, f.points) == (3, 3 * 5)


def test_horns_stack():
    f = figure_at("""
        thane/brown horn 1
        horn        .    .
    """, 0, 0)
    assert (f.diamonds, f.points) == (5, 5)


def test_horn_with_a_printed_value_counts_that_value_too():
    assert figure_at("longship/brown horn+2", 0, 0).points == 2 * 2


def test_horn_in_the_other_part_of_a_gorge_adds_nothing():
    f = figure_at("longship/brown 3 gorge horn", 0, 0)
    assert (f.diamonds, f.points) == (1, 3)


def test_horn_in_another_row_and_column_adds_nothing():
    f = figure_at("""
        longship/brown 3
        .              horn
    """, 0, 0)
    assert f.diamonds == 1


# --- properties --------------------------------------------------------------------------------

KINDS = ("longship", "castle", "thane", "beowulf")
ABILITIES = (None, None, None, "gorge", "betrayal", "horn", "treasure", "mead")


@st.composite
def grids(draw, abilities=ABILITIES, max_side=6):
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    pieces = {}
    for r in range(rows):
        for c in range(cols):
            what = draw(st.sampled_from(("empty", "tile", "tile", "figure")))
            if what == "tile":
                pieces[(r, c)] = Tile(draw(st.integers(-6, 6)), draw(st.sampled_from(abilities)))
            elif what == "figure":
                pieces[(r, c)] = Figure(draw(st.sampled_from(("brown", "green"))), draw(st.sampled_from(KINDS)))
    return Grid(rows, cols, pieces)


def transpose(g: Grid) -> Grid:
    return Grid(g.cols, g.rows, {(c, r): p for (r, c), p in g.pieces.items()},
                frozenset((c, r) for r, c in g.printed_gorges))


def by_square(g: Grid) -> dict:
    return {(f.row, f.col): f.points for f in score_grid(g).figures}


@settings(max_examples=200, deadline=None)
@given(grids())
def test_transposing_the_board_changes_no_score(g):
    transposed = by_square(transpose(g))
    assert {(c, r): p for (r, c), p in transposed.items()} == by_square(g)


@settings(max_examples=200, deadline=None)
@given(grids(abilities=(None, "treasure", "mead")))
def test_without_gorge_betrayal_or_horn_points_are_line_sums_times_diamonds(g):
    diamonds = {"longship": 1, "castle": 2, "thane": 3, "beowulf": 4}
    for f in score_grid(g).figures:
        line = [p for (r, c), p in g.pieces.items() if (r == f.row) != (c == f.col)]
        assert f.points == diamonds[f.kind] * sum(p.value for p in line if isinstance(p, Tile))


@settings(max_examples=200, deadline=None)
@given(grids(), st.data())
def test_a_betrayal_never_raises_a_score_sum(g, data):
    betrayals = [cell for cell, p in g.pieces.items() if isinstance(p, Tile) and p.ability == "betrayal"]
    if not betrayals:
        return
    cell = data.draw(st.sampled_from(betrayals))
    plain = Grid(g.rows, g.cols, {**g.pieces, cell: Tile(g.pieces[cell].value)}, g.printed_gorges)
    with_betrayal = {(f.row, f.col): f.sum for f in score_grid(g).figures}
    without = {(f.row, f.col): f.sum for f in score_grid(plain).figures}
    assert all(with_betrayal[sq] <= without[sq] for sq in without)


@settings(max_examples=200, deadline=None)
@given(grids())
def test_points_are_always_sum_times_diamonds_and_totals_add_up(g):
    result = score_grid(g)
    for f in result.figures:
        assert f.points == f.sum * f.diamonds
        assert f.sum == sum(t.counts for t in f.tiles)
    assert sum(result.totals.values()) == sum(f.points for f in result.figures)
