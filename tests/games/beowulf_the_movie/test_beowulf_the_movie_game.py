"""A tracked game: the board's shape, pieces on squares, saga ledger, acts, final scoring."""

from __future__ import annotations

import pytest

from companion.games import registry
from companion.games.base import Actor, RuleError, move_spec
from companion.games.beowulf_the_movie import GAME
from companion.games.beowulf_the_movie.state import saga
from tests.games.beowulf_the_movie.helpers import new_game, play, refused, with_board
from tests.helpers import HOST

ANN, BOB = Actor(0), Actor(1)


def fig(row, col, kind, seat=None):
    action = {"type": "place_figure", "row": row, "col": col, "kind": kind}
    if seat is not None:
        action["seat"] = seat
    return action


def tile(row, col, value, ability=None):
    return {"type": "place_tile", "row": row, "col": col, "value": value, "ability": ability}


@pytest.fixture
def game():
    return with_board(new_game())


def test_the_registry_finds_the_game():
    assert registry()["beowulf-the-movie"] is GAME
    assert all(spec.handler is not None for spec in GAME.actions.values())
    assert not GAME.actions["swap_tiles"].offered  # swap_tiles: replay of old tables only
    assert "act" in GAME.quick_scorers


# --- setup ---------------------------------------------------------------------------------------

def test_every_player_starts_with_50_saga_points_and_ten_figures():
    state = new_game()
    assert saga(state) == [50, 50, 50]
    view = GAME.view(state, 0)
    assert [(s["kind"], s["count"]) for s in view["players"][0]["supply"]] == [
        ("beowulf", 1), ("thane", 2), ("castle", 3), ("longship", 4)]
    assert view["players"][0]["unused_diamonds"] == 4 + 6 + 6 + 4


def test_without_a_known_board_the_table_enters_its_shape_first():
    state = new_game()
    assert state["phase"] == "board"
    refused(state, fig(0, 0, "thane"), ANN, match="board")


def test_a_board_from_the_library_is_ready_to_play():
    library = {"boards": {"1": {"rows": 5, "cols": 6, "blocked": [[0, 0]], "gorges": []}}}
    state = new_game(library=library)
    assert state["phase"] == "play"
    view = GAME.view(state, None)
    assert (view["board"]["rows"], view["board"]["cols"], view["board"]["from_library"]) == (5, 6, True)
    assert view["grid"][0][0]["state"] == "blocked"


def test_an_invalid_library_board_is_ignored_and_entered_again():
    state = new_game(library={"boards": {"1": {"rows": 0, "cols": 6}, "2": "nonsense"}})
    assert state["phase"] == "board"


# --- the board's shape ---------------------------------------------------------------------------

def test_saving_a_board_shape_is_learned_for_later_games():
    state = new_game()
    applied = play(state, {"type": "set_board_size", "rows": "5", "cols": "6"},
                   {"type": "set_square", "row": 4, "col": 5, "kind": "blocked"},
                   {"type": "confirm_board"})
    board = {"rows": 5, "cols": 6, "blocked": [[4, 5]], "gorges": [], "source": "table"}
    assert applied.learned == {"boards": {"1": board}}
    assert applied.state["phase"] == "play"
    assert new_game(library=applied.learned)["board"] == board


def test_printed_gorges_exist_only_on_the_act_ii_board():
    state = play(new_game(), {"type": "set_board_size", "rows": 3, "cols": 3}).state
    refused(state, {"type": "set_square", "row": 1, "col": 1, "kind": "gorge"}, match="Act II")


def test_act_ii_board_needs_its_three_printed_gorges_before_it_is_saved():
    state = act_two(with_board(new_game()))
    state = play(state, {"type": "set_board_size", "rows": 4, "cols": 4},
                 {"type": "set_square", "row": 0, "col": 1, "kind": "gorge"},
                 {"type": "set_square", "row": 2, "col": 2, "kind": "gorge"}).state
    refused(state, {"type": "confirm_board"}, match="3 printed Gorges")
    state = play(state, {"type": "set_square", "row": 3, "col": 0, "kind": "gorge"}).state
    refused(state, {"type": "set_square", "row": 3, "col": 3, "kind": "gorge"}, match="unmark one")
    applied = play(state, {"type": "confirm_board"})
    assert applied.learned["boards"]["2"]["gorges"] == [[0, 1], [2, 2], [3, 0]]


def test_a_printed_gorge_cuts_lines_in_act_scoring():
    state = act_two(with_board(new_game()))
    state = with_board(state, rows=1, cols=6, gorges=[(0, 2), (0, 4), (0, 5)])
    state = play(state, tile(0, 0, 3), fig(0, 1, "castle", 0), tile(0, 3, 6)).state
    assert GAME.view(state, None)["players"][0]["act_points"] == 2 * 3


def test_editing_the_shape_keeps_pieces_but_not_under_a_blocked_square(game):
    state = play(game, fig(0, 0, "thane", 0), {"type": "edit_board"}).state
    refused(state, {"type": "set_square", "row": 0, "col": 0, "kind": "blocked"}, match="A1 holds a piece")
    refused(state, {"type": "set_board_size", "rows": 1, "cols": 0}, match="cols")
    state = play(state, {"type": "set_board_size", "rows": 2, "cols": 2}, {"type": "confirm_board"}).state
    assert state["pieces"] == {"0,0": {"figure": {"seat": 0, "kind": "thane"}}}


def test_editing_the_shape_changes_the_saved_shape_only_when_saved_again(game):
    state = play(game, {"type": "edit_board"}, {"type": "set_square", "row": 0, "col": 0, "kind": "blocked"}).state
    assert state["known_boards"]["1"]["blocked"] == [] and state["board"]["blocked"] == [[0, 0]]
    applied = play(state, {"type": "confirm_board"})
    assert applied.state["known_boards"]["1"]["blocked"] == [[0, 0]]
    assert applied.learned["boards"]["1"]["blocked"] == [[0, 0]]


def test_shrinking_the_board_over_a_piece_is_refused(game):
    state = play(game, tile(2, 3, 1), {"type": "edit_board"}).state
    refused(state, {"type": "set_board_size", "rows": 2, "cols": 4}, match="C4 holds a piece")


# --- figures and tiles on squares ---------------------------------------------------------------

def test_a_player_places_their_own_figure_from_their_phone(game):
    state = play(game, fig(1, 2, "beowulf"), actor=BOB).state
    assert state["pieces"]["1,2"] == {"figure": {"seat": 1, "kind": "beowulf"}}
    assert GAME.view(state, 1)["players"][1]["supply"][0]["count"] == 0


def test_a_player_cannot_place_another_players_figure_but_the_host_can(game):
    refused(game, fig(0, 0, "thane", seat=1), ANN, match="host")
    state = play(game, fig(0, 0, "thane", seat="1")).state
    assert state["pieces"]["0,0"]["figure"]["seat"] == 1


def test_a_phone_without_a_seat_cannot_move(game):
    refused(game, tile(0, 0, 2), Actor(None), match="seat")


def test_placing_on_a_taken_square_is_refused_even_from_a_stale_phone(game):
    assert GAME.actions["place_figure"].stale_ok and GAME.actions["place_tile"].stale_ok
    state = play(game, tile(0, 0, 2)).state
    refused(state, fig(0, 0, "longship"), BOB, match="A1 is already taken")


def test_placing_on_an_unplayable_square_is_refused():
    state = with_board(new_game(), blocked=[(0, 0)])
    refused(state, tile(0, 0, 2), ANN, match="not part of the board")


def test_a_player_has_only_the_figures_in_front_of_them(game):
    state = play(game, fig(0, 0, "beowulf"), actor=ANN).state
    with pytest.raises(RuleError) as error:
        GAME.apply(state, fig(0, 1, "beowulf"), ANN)
    assert error.value.msg == "%(player)s has no %(figure)s left"
    assert error.value.args_ == {"player": "Ann", "figure": {"msg": "Beowulf", "args": {}}}


@pytest.mark.parametrize("value, message", [
    (True, "value must be a whole number"), ("2.5", "value must be a whole number"),
    ("x", "value must be a whole number"), (None, "value must be a whole number"),
    (21, "value must be at most 20"), (-21, "value must be at least -20")])
def test_a_tile_value_must_be_a_whole_number_in_range(game, value, message):
    refused(game, tile(0, 0, value), ANN, match=message)


def test_a_tile_with_an_unknown_ability_is_refused(game):
    refused(game, tile(0, 0, 1, "dragonfire"), ANN, match="ability")


def test_a_tile_from_a_form_arrives_as_strings(game):
    state = play(game, tile(0, 1, "-3", "betrayal"), tile(0, 2, "4", "")).state
    assert state["pieces"]["0,1"] == {"tile": {"value": -3, "ability": "betrayal"}}
    assert state["pieces"]["0,2"] == {"tile": {"value": 4, "ability": None}}


def test_taking_back_a_figure_returns_it_to_its_owner(game):
    state = play(game, fig(0, 0, "castle"), {"type": "remove_piece", "row": 0, "col": 0}, actor=ANN).state
    assert state["supply"][0]["castle"] == 3 and state["pieces"] == {}


def test_only_the_owner_or_host_takes_back_a_figure(game):
    state = play(game, fig(0, 0, "castle"), actor=ANN).state
    refused(state, {"type": "remove_piece", "row": 0, "col": 0}, BOB, match="host")
    refused(state, {"type": "remove_piece", "row": 1, "col": 1}, BOB, match="empty")


def test_a_table_recorded_with_the_old_swap_move_still_replays(game):
    """Tables recorded before the Golden Statue became one move hold ``swap_tiles`` events."""
    state = play(game, tile(0, 0, 5), tile(1, 1, -2), fig(2, 2, "thane", 0)).state
    swapped = play(state, {"type": "swap_tiles", "row": 0, "col": 0, "row2": 1, "col2": 1}).state
    assert swapped["pieces"]["0,0"]["tile"]["value"] == -2 and swapped["pieces"]["1,1"]["tile"]["value"] == 5
    # No longer offered (the Golden Statue swaps as it is placed): a phone sending it is told it is unknown.
    assert not GAME.actions["swap_tiles"].offered
    with pytest.raises(RuleError, match="^Unknown move: swap_tiles$"):
        move_spec(GAME, {"type": "swap_tiles"})


def test_the_live_grid_shows_what_each_figure_is_worth_now(game):
    state = play(game, fig(0, 0, "thane", 0), tile(0, 3, 4), tile(2, 0, -1)).state
    square = GAME.view(state, 0)["grid"][0][0]
    assert (square["figure"]["sum"], square["figure"]["points"]) == (3, 9)
    assert GAME.view(state, 0)["players"][0]["act_points"] == 9


# --- saga points ---------------------------------------------------------------------------------

def test_cashing_a_treasure_scores_its_value_at_once(game):
    state = play(game, {"type": "cash_treasure", "points": "3"}, actor=BOB).state
    assert saga(state) == [50, 53, 50]
    assert state["ledger"][-1] == {"seat": 1, "points": 3, "act": 1, "why": "treasure"}


def test_cashing_a_treasure_for_another_player_needs_the_host(game):
    refused(game, {"type": "cash_treasure", "seat": 0, "points": 3}, BOB, match="host")


def test_a_correction_is_kept_in_the_ledger_with_its_note(game):
    state = play(game, {"type": "correct_saga", "seat": 2, "points": "-4", "note": "paid twice"}).state
    assert saga(state) == [50, 50, 46]
    assert GAME.view(state, None)["ledger"][0]["note"] == "paid twice"
    refused(state, {"type": "correct_saga", "seat": 2, "points": 0}, match="change")


# --- acts ----------------------------------------------------------------------------------------

def scored_act_one(game):
    return play(game,
                fig(0, 0, "thane", 0), tile(0, 1, 2), tile(1, 0, 3),   # Ann's Thane: (2 + 3) × 3 = 15
                fig(2, 3, "longship", 1), tile(2, 2, -1),              # Bob's Longship: −1
                fig(1, 3, "castle", 1),                                # Bob's Castle: 3 × 2 = 6
                {"type": "score_act"})


def test_scoring_an_act_adds_each_figures_points_to_the_ledger(game):
    state = scored_act_one(game).state
    # Bob's Castle on B4 sees the 3 on B1 in its row and nothing else in column 4: 3 × 2 = 6.
    assert saga(state) == [50 + 15, 50 - 1 + 6, 50]
    lines = {(e["seat"], e["square"], e["points"]) for e in state["ledger"] if e["why"] == "figure"}
    assert lines == {(0, "A1", 15), (1, "C4", -1), (1, "B4", 6)}


def test_scoring_returns_longships_and_retires_the_other_figures(game):
    state = scored_act_one(game).state
    assert state["supply"][0] == {"beowulf": 1, "thane": 1, "castle": 3, "longship": 4}
    assert state["supply"][1] == {"beowulf": 1, "thane": 2, "castle": 2, "longship": 4}


def test_after_scoring_the_grid_stays_on_show_and_takes_no_more_pieces(game):
    state = scored_act_one(game).state
    view = GAME.view(state, None)
    assert view["phase"] == "scored" and view["grid"][0][0]["figure"]["points"] == 15
    refused(state, tile(2, 0, 1), ANN, match="has been scored")
    refused(state, {"type": "score_act"}, match="has been scored")


def test_next_act_clears_the_board_and_names_who_starts(game):
    state = scored_act_one(game).state
    applied = play(state, {"type": "next_act", "first_seat": "2"})
    new = applied.state
    assert (new["act"], new["pieces"], new["first_seat"], new["phase"]) == (2, {}, 2, "board")
    assert GAME.view(new, None)["first_player"] == "Cid"
    assert applied.label.args == {"act": "II", "player": "Cid"}


def test_next_act_needs_the_act_scored_first(game):
    refused(game, {"type": "next_act", "first_seat": 1}, match="Score Act I first")


def test_boards_entered_earlier_in_the_game_are_not_asked_again():
    library = {"boards": {"2": {"rows": 2, "cols": 5, "blocked": [], "gorges": [[0, 1], [1, 1], [0, 3]]}}}
    state = act_two(with_board(new_game(library=library)))
    assert state["phase"] == "play" and state["board"]["cols"] == 5


def act_two(state):
    return play(state, {"type": "score_act"}, {"type": "next_act", "first_seat": 0}).state


def through_act_three(state, last_act_moves=()):
    state = act_two(state)
    state = with_board(state, rows=3, cols=4, gorges=[(0, 3), (1, 3), (2, 3)])
    state = play(state, {"type": "score_act"}, {"type": "next_act", "first_seat": 1}).state
    state = with_board(state, rows=6, cols=4)
    return play(state, *last_act_moves, {"type": "score_act"}).state


def test_the_game_ends_only_after_act_iii(game):
    state = scored_act_one(game).state
    refused(state, {"type": "end_game"}, match="after Act III")
    state = through_act_three(game)
    refused(state, {"type": "next_act", "first_seat": 0}, match="last act")
    over = play(state, {"type": "end_game"}).state
    assert GAME.is_over(over) and not GAME.is_over(state)
    assert GAME.final_scores(state) is None


def test_most_saga_points_wins(game):
    state = through_act_three(game, [fig(0, 0, "longship", 1), tile(0, 1, 5)])
    scores = GAME.final_scores(play(state, {"type": "end_game"}).state)
    assert [(s.name, s.total, s.place) for s in scores] == [("Ann", 50, 2), ("Bob", 55, 1), ("Cid", 50, 2)]
    assert dict(scores[1].breakdown)["Act III figures"] == 5


def test_a_tie_goes_to_the_most_diamonds_on_unused_figures(game):
    # Reference 3.3: X keeps Beowulf + a Castle (+4 Longships), Y keeps a Thane (+4 Longships).
    moves = [fig(0, 0, "thane", 0), fig(0, 1, "thane", 0), fig(0, 2, "castle", 0), fig(0, 3, "castle", 0),
             fig(1, 0, "beowulf", 1), fig(1, 1, "thane", 1), fig(1, 2, "castle", 1), fig(1, 3, "castle", 1),
             fig(2, 0, "castle", 1), fig(2, 1, "beowulf", 2)]
    state = through_act_three(game, moves)
    state = play(state, {"type": "correct_saga", "seat": 0, "points": 100},
                 {"type": "correct_saga", "seat": 1, "points": 100}, {"type": "end_game"}).state
    scores = GAME.final_scores(state)
    assert [(s.total, s.tiebreak, s.place) for s in scores[:2]] == [(150, 4 + 2 + 4, 1), (150, 3 + 4, 2)]
    assert GAME.view(state, None)["tie_broken"] is True


def test_players_still_tied_share_the_place(game):
    state = play(through_act_three(game), {"type": "end_game"}).state
    assert [s.place for s in GAME.final_scores(state)] == [1, 1, 1]
    assert GAME.view(state, None)["final"][0]["unused_diamonds"] == 20


def test_unknown_move_is_refused(game):
    refused(game, {"type": "draw_tile"}, match="Unknown move")
