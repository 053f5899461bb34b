"""The kit every game inherits (games/base.py GameKit): one dispatch, one message per platform refusal."""

from __future__ import annotations

import copy
import pathlib

import pytest

from companion.games import registry
from companion.games.base import ACTING, HOST, OWN_SEAT, WHO, Actor, GameKit, PlayerSpec, RuleError

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


# Every row of every game's move table that declares who may make it, read from the tables.
ROWS_BY_WHO = {who: [(key, name) for key in GAMES for name, row in registry()[key].actions.items()
                     if row.who == who and row.offered]
               for who in (HOST, OWN_SEAT, ACTING)}


@pytest.mark.parametrize("key, move", ROWS_BY_WHO[HOST])
def test_every_host_only_move_refuses_a_player_in_the_same_words_before_its_handler_runs(key, move):
    """A row declared who=HOST: the kit refuses a seated player whatever the move's fields or the
    game's step, in one message for every game, and changes nothing."""
    game = registry()[key]
    state = new_state(game)
    before = copy.deepcopy(state)
    with pytest.raises(RuleError, match="^Only the host can do this$"):
        game.apply(state, {"type": move}, Actor(1))
    assert state == before


@pytest.mark.parametrize("key, move", ROWS_BY_WHO[OWN_SEAT])
def test_every_own_seat_move_refuses_the_host_and_another_seats_phone(key, move):
    """A row declared who=OWN_SEAT (a private holding): only the owner's own phone; the host's
    phone and a phone naming another seat are refused before the handler runs."""
    game = registry()[key]
    state = new_state(game)
    for actor, action in ((Actor(None, host=True), {"type": move}), (Actor(0), {"type": move, "seat": 1})):
        with pytest.raises(RuleError, match="^Only the player themselves can do this, from their own phone.$"):
            game.apply(state, action, actor)


@pytest.mark.parametrize("key, move", ROWS_BY_WHO[ACTING])
def test_every_acting_move_refuses_a_phone_whose_turn_it_is_not_before_its_handler_runs(key, move, monkeypatch):
    """A row declared who=ACTING: in the move's phase, a phone whose seat the game does not wait for
    is refused with the game's own words (``not_your_turn``) and nothing changes; the host is not
    refused for who they are (the host keeps the table going for anyone)."""
    game = registry()[key]
    row = game.actions[move]
    state = new_state(game)
    before = copy.deepcopy(state)
    monkeypatch.setattr(game, "phase_of", lambda _state: row.phases[0] if row.phases else None)
    monkeypatch.setattr(game, "acting_seats", lambda _state: (0,))
    monkeypatch.setattr(game, "not_your_turn", lambda _state, _action: RuleError("not your turn (the game's words)"))
    with pytest.raises(RuleError, match=r"^not your turn \(the game's words\)$"):
        game.apply(state, {"type": move}, Actor(1))
    assert state == before
    try:
        game.apply(state, {"type": move}, Actor(None, host=True))
    except (RuleError, KeyError, IndexError, TypeError) as refused:  # the patched phase is not a real state
        assert "not your turn" not in str(refused)


@pytest.mark.parametrize("key", sorted({key for key, _move in ROWS_BY_WHO[ACTING]}))
def test_a_game_with_acting_moves_says_whose_turn_it_is(key):
    """Without ``acting_seats`` no player's phone could ever make a who=ACTING move."""
    assert type(registry()[key]).acting_seats is not GameKit.acting_seats


# Every row whose phases the game's opening step is not in: refused there, in the game's words.
OUT_OF_PHASE = [(key, name) for key in GAMES for name, row in registry()[key].actions.items()
                if row.offered and row.phases
                and registry()[key].phase_of(new_state(registry()[key])) not in row.phases]


def test_some_moves_of_every_game_with_phases_are_out_of_phase_at_the_start():
    """The check below is not empty: every game that declares phases has moves the start refuses."""
    with_phases = {key for key in GAMES if any(row.phases for row in registry()[key].actions.values())}
    assert with_phases and with_phases == {key for key, _move in OUT_OF_PHASE}


@pytest.mark.parametrize("key, move", OUT_OF_PHASE)
def test_every_move_out_of_its_phases_is_refused_in_the_games_words_and_changes_nothing(key, move):
    """The kit checks a row's phases before the handler runs; the refusal is the game's ``not_now``
    (what the table waits for), never a handler's error about missing fields."""
    game = registry()[key]
    row = game.actions[move]
    state = new_state(game)
    before = copy.deepcopy(state)
    actor = Actor(None, host=True) if row.who in (HOST, ACTING) else Actor(0)
    expected = str(game.not_now(state, row.phases))
    with pytest.raises(RuleError) as refused:
        game.apply(state, {"type": move}, actor)
    assert str(refused.value) == expected
    assert state == before


def test_the_kit_checks_the_rows_schema_before_the_handler_and_hands_it_numbers():
    """The bounds a move table declares hold without the handler checking them: a form's "3"
    arrives as 3, a number past the schema's maximum is refused naming the field."""
    game = registry()["scorepad"]
    state = new_state(game)
    with pytest.raises(RuleError, match="^points must be at most 100000$"):
        game.apply(state, {"type": "add_points", "seat": "0", "points": "100001"}, Actor(0))
    with pytest.raises(RuleError, match="^points must be a whole number$"):
        game.apply(state, {"type": "add_points", "points": "1_000"}, Actor(0))
    assert game.apply(state, {"type": "add_points", "seat": "0", "points": "3"}, Actor(0)).state["players"][0]["rounds"] == [3]


def test_a_whole_number_sent_as_json_10_0_arrives_as_the_integer_10():
    """JSON Schema counts 10.0 an integer, so the schema admits it: a handler still gets the int
    (a float reached the Movie's "Already done: …" label as a plural count, and its total as 10.0)."""
    game = registry()["scorepad"]
    state = new_state(game)
    rounds = game.apply(state, {"type": "add_points", "seat": 0, "points": 3.0}, Actor(0)).state["players"][0]["rounds"]
    assert rounds == [3] and type(rounds[0]) is int
    with pytest.raises(RuleError, match="^points must be a whole number$"):
        game.apply(state, {"type": "add_points", "seat": 0, "points": 2.5}, Actor(0))


def test_every_rows_who_and_phases_are_ones_the_kit_knows():
    for key in GAMES:
        for name, row in registry()[key].actions.items():
            assert row.who in WHO, (key, name)
            assert all(isinstance(phase, str) for phase in row.phases), (key, name)


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
