"""One move per special tile, with the rulebook's checks (Rulebook, "Capacités spéciales").

The board used (3 rows × 4 columns, D3 not part of it), squares as people say them (A1 top left).
"""

from __future__ import annotations

import json

import pytest

from companion.games.base import Actor
from tests.games.beowulf_the_movie.helpers import new_game, play, refused, with_board
from tests.helpers import HOST

ANN, BOB = Actor(0), Actor(1)


def fig(row, col, kind, seat):
    return {"type": "place_figure", "row": row, "col": col, "kind": kind, "seat": seat}


def tile(row, col, value, ability=None, **follow_up):
    return {"type": "place_tile", "row": row, "col": col, "value": value, "ability": ability, **follow_up}


@pytest.fixture
def game():
    return with_board(new_game(), rows=3, cols=4, blocked=[(2, 3)])


# --- Good Counsel ----------------------------------------------------------------------------------
# Rulebook, "Bon conseil": "le joueur identifie une de ses figurines sur le plateau de jeu, et la
# déplace sur une case vide adjacente (c.-à-d., non en diagonale), ensuite, le joueur place la tuile
# Bon conseil à l'endroit (case vide) où se trouvait sa figurine avant de la déplacer."

def test_good_counsel_moves_an_own_figure_beside_it_and_leaves_the_tile_where_it_stood(game):
    state = play(game, fig(0, 0, "thane", 0), actor=ANN).state
    applied = play(state, {"type": "good_counsel", "square": "0,0", "to": "1,0", "value": 2}, actor=ANN)
    assert applied.state["pieces"]["1,0"] == {"figure": {"seat": 0, "kind": "thane"}}
    assert applied.state["pieces"]["0,0"] == {"tile": {"value": 2, "ability": "good-counsel"}}
    assert applied.state["supply"][0]["thane"] == 1  # the figure moved; none came from the supply
    assert "A1" in str(applied.label.to_json()) and "A2" not in str(applied.label.to_json())


def test_good_counsel_refuses_a_diagonal_or_distant_square(game):
    state = play(game, fig(0, 0, "thane", 0), actor=ANN).state
    refused(state, {"type": "good_counsel", "square": "0,0", "to": "1,1"}, ANN, match="not diagonally")
    refused(state, {"type": "good_counsel", "square": "0,0", "to": "2,2"}, ANN, match="C3 is not one")


def test_good_counsel_refuses_a_taken_or_unplayable_neighbour(game):
    state = play(game, fig(1, 3, "castle", 0), tile(1, 2, 3), actor=ANN).state
    refused(state, {"type": "good_counsel", "square": "1,3", "to": "1,2"}, ANN, match="B3 is not one")
    refused(state, {"type": "good_counsel", "square": "1,3", "to": "2,3"}, ANN, match="C4 is not one")
    moved = play(state, {"type": "good_counsel", "square": "1,3", "to": "0,3"}, actor=ANN).state
    assert moved["pieces"]["0,3"]["figure"]["kind"] == "castle"


def test_good_counsel_cannot_choose_a_figure_with_no_empty_neighbour(game):
    """Rulebook: "La tuile Bon conseil ne peut pas être employée pour déplacer une figurine s'il y a
    aucune place vide adjacente à côté de celle-ci"."""
    state = play(game, fig(0, 0, "thane", 0), tile(0, 1, 1), tile(1, 0, -1), actor=ANN).state
    refused(state, {"type": "good_counsel", "square": "0,0", "to": "0,1"}, ANN, match="no empty square beside it")
    from companion.games.beowulf_the_movie.specials import counsel_destinations
    assert counsel_destinations(state, 0, 0) == []


def test_good_counsel_moves_only_ones_own_figure(game):
    state = play(game, fig(0, 0, "thane", 1), actor=BOB).state
    refused(state, {"type": "good_counsel", "square": "0,0", "to": "1,0"}, ANN, match="your own figures")
    refused(state, {"type": "good_counsel", "square": "0,1", "to": "1,1"}, ANN, match="holds no figure")
    # The host enters it for the figure's owner.
    moved = play(state, {"type": "good_counsel", "square": "0,0", "to": "0,1", "seat": 1}).state
    assert moved["pieces"]["0,1"]["figure"]["seat"] == 1


# --- Drunkenness -----------------------------------------------------------------------------------
# Rulebook, "Ivresse": "La deuxième option est de remplacer une tuile Bière qui est déjà placée sur
# le plateau. Une tuile Bière qui est remplacée est retournée dans la boîte (enlevée du jeu)."

def test_drunkenness_replaces_a_mead_tile_in_one_move(game):
    state = play(game, tile(1, 1, 3, "mead")).state
    applied = play(state, {"type": "drunkenness", "square": "1,1", "value": -3}, actor=BOB)
    assert applied.state["pieces"] == {"1,1": {"tile": {"value": -3, "ability": "drunkenness"}}}
    assert "Mead" in json.dumps(applied.label.to_json())


def test_drunkenness_replaces_only_a_mead_tile(game):
    state = play(game, tile(1, 1, 3), fig(0, 0, "beowulf", 0)).state
    refused(state, {"type": "drunkenness", "square": "1,1", "value": -3}, BOB, match="B2 holds none")
    refused(state, {"type": "drunkenness", "square": "0,0", "value": -3}, BOB, match="A1 holds none")
    refused(state, {"type": "drunkenness", "square": "2,2", "value": -3}, BOB, match="C3 holds none")
    # Rulebook: "La première option est de placer la tuile sur le plateau comme un péril normal."
    placed = play(state, tile(2, 2, -2, "drunkenness"), actor=BOB).state
    assert placed["pieces"]["2,2"] == {"tile": {"value": -2, "ability": "drunkenness"}}


# --- Temptation and Courage ------------------------------------------------------------------------
# Rulebook, "Tentation": "il peut choisir une tuile de courage déjà en jeu et l'enlever du jeu (en la
# renvoyant dans la boîte), le joueur n'est pas obligé d'agir ainsi." "Courage": "il peut choisir une
# tuile de tentation qui est déjà dans le jeu et l'enlever du jeu".

def test_temptation_removes_a_courage_tile_in_play_as_it_is_placed(game):
    state = play(game, tile(0, 0, 2, "courage")).state
    applied = play(state, tile(1, 1, -1, "temptation", remove="0,0"))
    assert applied.state["pieces"] == {"1,1": {"tile": {"value": -1, "ability": "temptation"}}}
    assert "goes back to the box" in json.dumps(applied.label.to_json())


def test_courage_removes_a_temptation_tile_in_play(game):
    state = play(game, tile(0, 0, -2, "temptation")).state
    after = play(state, tile(1, 1, 1, "courage", remove="0,0")).state
    assert "0,0" not in after["pieces"] and after["pieces"]["1,1"]["tile"]["ability"] == "courage"


def test_temptation_removes_only_a_courage_tile_and_courage_only_a_temptation_tile(game):
    state = play(game, tile(0, 0, 4), tile(0, 1, -2, "temptation"), tile(0, 2, 2, "courage"),
                 fig(2, 0, "castle", 0)).state
    refused(state, tile(1, 1, -1, "temptation", remove="0,0"), match="only a Courage tile")
    refused(state, tile(1, 1, -1, "temptation", remove="0,1"), match="only a Courage tile")
    refused(state, tile(1, 1, -1, "temptation", remove="2,0"), match="only a Courage tile")
    refused(state, tile(1, 1, 1, "courage", remove="0,2"), match="only a Temptation tile")
    refused(state, tile(1, 1, 1, "courage", remove="1,2"), match="only a Temptation tile")
    refused(state, tile(1, 1, 3, None, remove="0,1"), match="Only a Temptation or a Courage tile")
    refused(state, tile(1, 1, 3, "horn", remove="0,2"), match="Only a Temptation or a Courage tile")
    # Optional: "le joueur n'est pas obligé d'agir ainsi".
    kept = play(state, tile(1, 1, -1, "temptation")).state
    assert kept["pieces"]["0,2"]["tile"]["ability"] == "courage"


# --- Golden Statue ---------------------------------------------------------------------------------
# Rulebook, "Statue d'or": "il peut immédiatement permuter les positions de deux autres tuiles
# quelconques qui sont déjà sur le plateau. Cependant, des figurines ne peuvent pas être déplacées."

def test_golden_statue_swaps_two_other_tiles_as_it_is_placed(game):
    state = play(game, tile(0, 0, 5), tile(1, 1, -2, "horn")).state
    after = play(state, tile(2, 2, 0, "golden-statue", swap="0,0", swap2="1,1")).state
    assert after["pieces"]["0,0"] == {"tile": {"value": -2, "ability": "horn"}}
    assert after["pieces"]["1,1"] == {"tile": {"value": 5, "ability": None}}
    assert after["pieces"]["2,2"] == {"tile": {"value": 0, "ability": "golden-statue"}}


def test_golden_statue_does_not_swap_itself_figures_or_empty_squares(game):
    state = play(game, tile(0, 0, 5), tile(1, 1, -2), fig(0, 3, "thane", 0)).state
    refused(state, tile(2, 2, 0, "golden-statue", swap="2,2", swap2="0,0"), match="two other tiles, not itself")
    refused(state, tile(2, 2, 0, "golden-statue", swap="0,0", swap2="0,3"), match="A4 holds no tile")
    refused(state, tile(2, 2, 0, "golden-statue", swap="0,0", swap2="2,1"), match="C2 holds no tile")
    refused(state, tile(2, 2, 0, "golden-statue", swap="0,0", swap2="0,0"), match="two different tiles")
    refused(state, tile(2, 2, 0, "golden-statue", swap="0,0"), match="Choose the two tiles")
    refused(state, tile(2, 2, 0, "horn", swap="0,0", swap2="1,1"), match="Only a Golden Statue")
    # An earlier Golden Statue already on the board is one of the "autres tuiles quelconques".
    state = play(state, tile(2, 2, 0, "golden-statue")).state
    after = play(state, tile(2, 1, 1, "golden-statue", swap="2,2", swap2="0,0")).state
    assert after["pieces"]["0,0"]["tile"]["ability"] == "golden-statue"


def test_special_moves_check_their_squares_and_numbers(game):
    state = play(game, tile(1, 1, 3, "mead"), fig(0, 0, "thane", 0)).state
    refused(state, {"type": "drunkenness", "square": "1,1", "value": 10 ** 40}, match="value")
    refused(state, {"type": "drunkenness", "square": "9,9"}, match="row")
    refused(state, {"type": "drunkenness", "square": "x"}, match="row,col")
    refused(state, tile(2, 2, 0, "temptation", remove="-1,0"), match="row")
