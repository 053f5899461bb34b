"""The kit every game inherits (games/base.py GameKit): one dispatch, one message per platform refusal."""

from __future__ import annotations

import copy
import pathlib

import pytest

from companion.games import registry
from companion.games.base import Actor, PlayerSpec, RuleError

GAMES = sorted(registry())
COLOURS = ("red", "blue", "green", "yellow")


def new_state(game):
    players = [PlayerSpec(f"P{i}", COLOURS[i]) for i in range(max(game.min_players, 3))]
    return game.setup(players, {}, {})


@pytest.mark.parametrize("key", GAMES)
def test_every_game_refuses_an_unknown_move_in_the_same_words_and_changes_nothing(key):
    game = registry()[key]
    state = new_state(game)
    before = copy.deepcopy(state)
    with pytest.raises(RuleError, match="^Unknown move: draw_a_card$"):
        game.apply(state, {"type": "draw_a_card"}, Actor(0))
    assert state == before


@pytest.mark.parametrize("key", GAMES)
def test_every_game_refuses_a_phone_that_is_neither_seated_nor_the_host(key):
    game = registry()[key]
    state = new_state(game)
    some_move = next(iter(game.actions))
    with pytest.raises(RuleError, match="^Take a seat at this table to make moves$"):
        game.apply(state, {"type": some_move}, Actor(None))


@pytest.mark.parametrize("key", GAMES)
def test_every_move_in_a_games_table_has_a_handler_and_a_summary(key):
    for name, spec in registry()[key].actions.items():
        assert spec.handler is not None and spec.summary, name


def test_a_move_after_the_end_is_refused_in_the_platforms_words():
    game = registry()["scorepad"]
    over = game.apply(new_state(game), {"type": "finish"}, Actor(0)).state
    with pytest.raises(RuleError, match=r"^The game is over\.$"):
        game.apply(over, {"type": "add_points", "seat": 0, "points": 3}, Actor(0))


def test_a_move_changes_a_copy_never_the_state_it_was_given():
    game = registry()["scorepad"]
    state = new_state(game)
    before = copy.deepcopy(state)
    applied = game.apply(state, {"type": "add_points", "seat": 1, "points": 3}, Actor(1))
    assert state == before
    assert applied.state["players"][1]["rounds"] == [3]


# A move only the host makes, in a state where it is allowed, per game that has one.
HOST_ONLY_MOVES = [
    ("adventure-land", "play", {"type": "end_game"}),
    ("adventure-land", "play", {"type": "set_first_player", "seat": 1}),
    ("stonehenge", None, {"type": "set_hand", "seat": 1, "cards": 4}),
]


@pytest.mark.parametrize("key, phase, move", HOST_ONLY_MOVES)
def test_every_host_only_move_refuses_a_player_in_the_same_words_and_the_host_may(key, phase, move):
    game = registry()[key]
    state = new_state(game)
    assert phase is None or state["phase"] == phase
    before = copy.deepcopy(state)
    with pytest.raises(RuleError, match="^Only the host can do this$"):
        game.apply(state, move, Actor(1))
    assert state == before
    game.apply(state, move, Actor(None, host=True))


def test_every_module_of_every_game_is_named_in_the_guide_to_adding_a_game():
    """docs/adding-a-game.md says which file holds what: a new or renamed module must be named there."""
    games = pathlib.Path(__file__).parent.parent / "companion" / "games"
    guide = (games.parent.parent / "docs" / "adding-a-game.md").read_text()
    unnamed = [f"{module.parent.name}/{module.name}" for module in sorted(games.glob("*/*.py"))
               if f"`{module.name}`" not in guide]
    assert unnamed == []


@pytest.mark.parametrize("key", GAMES)
def test_a_game_is_one_folder_named_for_its_key(key):
    """Everything of a game lives in its package: code, its board template, its README; the
    package's name and the URL key name each other (beowulf_the_legend ↔ beowulf-the-legend)."""
    from companion.games import folder, key_of

    home = folder(key)
    assert key_of(home.name) == key
    assert (home / "templates" / "_board.html").is_file(), "the live board's partial is in the game's folder"
    assert (home / "README.md").is_file(), "the game's docs page is in its folder"
