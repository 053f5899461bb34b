"""Playing a game through GAME.apply: setup, pickups, fights, turns, the end and the final count."""

import pytest

from companion.games.adventure_land import GAME
from companion.games.base import Actor, PlayerSpec, RuleError

NAMES = ["Anna", "Ben", "Cleo", "Dan"]
COLOURS = ["black", "green", "violet", "orange"]  # the rulebook: "noir, vert, violet et orange"


def new_game(scenario=1, players=2, sort_out="per_player", library=None):
    specs = [PlayerSpec(n, c) for n, c in zip(NAMES, COLOURS)][:players]
    return GAME.setup(specs, {"scenario": str(scenario), "sort_out": sort_out}, library or {})


def applied(state, type_, by=0, host=False, **fields):
    """``by``: the acting phone's seat (None: a phone without a seat); ``fields``: the action's."""
    return GAME.apply(state, {"type": type_, **fields}, Actor(by, host))


def act(state, type_, by=0, host=False, **fields):
    return applied(state, type_, by, host, **fields).state


def refused(state, type_, by=0, host=False, **fields):
    with pytest.raises(RuleError) as err:
        GAME.apply(state, {"type": type_, **fields}, Actor(by, host))
    return err.value.msg


def me(state, seat=0):
    return GAME.view(state, seat)["players"][seat]


def rulebook_band(state):
    """Anna: an adventurer with 2 companions, holding swords +2 and +1 and a herb of 4."""
    state = act(state, "companion_joins", band="1+0")
    state = act(state, "companion_joins", band="1+1")
    for value in (2, 1):
        state = act(state, "take_sword", value=value)
    return act(state, "take_herb", value=4)


# --- setup -------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "players, reading, adventurers, companions, swords",
    [
        (2, "per_player", 10, 30 - 16, 28 - 16),
        (3, "per_player", 8, 30 - 15, 28 - 15),
        (4, "per_player", 8, 30 - 8, 28 - 8),
        (2, "flat", 10, 22, 20),
        (3, "flat", 8, 25, 23),
        (4, "flat", 8, 28, 26),
    ],
)
def test_setup_sorts_out_adventurers_companions_and_swords_by_player_count(players, reading, adventurers, companions, swords):
    view = GAME.view(new_game(players=players, sort_out=reading), None)
    assert [p["adventurers"] for p in view["players"]] == [adventurers] * players
    assert view["supply"]["companions"] == companions
    assert view["supply"]["swords"] == swords
    assert view["setup"]["companions_put_back"] == 30 - companions


def test_two_players_also_start_facing_row_5_and_column_e():
    assert GAME.view(new_game(players=2), None)["setup"]["start_positions"][-2:] == ["5", "E"]
    assert len(GAME.view(new_game(players=3), None)["setup"]["start_positions"]) == 8


@pytest.mark.parametrize("players", [1, 5])
def test_setup_refuses_a_player_count_the_box_does_not_cover(players):
    specs = [PlayerSpec(f"P{i}", "red") for i in range(players)]
    with pytest.raises(RuleError, match="Adventure Land is played by 2 to 4 players"):
        GAME.setup(specs, {"scenario": "1"}, {})


def test_setup_refuses_an_unknown_adventure():
    with pytest.raises(RuleError, match="Choose adventure 1, 2 or 3"):
        new_game(scenario=4)


def test_escape_starts_from_city_sizes_an_earlier_table_confirmed():
    state = new_game(3, library={"city_sizes": {"six": 7}})
    sizes = {c["key"]: c["size"] for c in GAME.view(state, None)["cities"]}
    assert sizes == {"large": 12, "six": 7, "five": 5, "four": 4, "three": 3}


# --- pickups and the track (adventure 1) -------------------------------------------------------

def test_fellowship_companions_score_1_then_2_and_another_lone_adventurer_1():
    state = new_game(1)
    state = act(state, "companion_joins", band="1+0")
    state = act(state, "companion_joins", band="1+1")
    joined = applied(state, "companion_joins", band="1+0")
    assert me(joined.state)["track"] == 1 + 2 + 1
    assert joined.label.args["points"] == 1


def test_fellowship_gold_scores_two_and_keeps_them_when_spent_in_a_fight():
    state = act(new_game(1), "take_gold")
    assert me(state)["track"] == 2
    state = act(state, "start_fight", band="1+0", strength=1, laurel=3)
    state = act(state, "add_gold")
    assert me(state)["gold"] == 0 and me(state)["track"] == 2


def test_a_herb_is_private_only_its_count_is_public():
    done = applied(new_game(1), "take_herb", value=3)
    assert done.label.args == {"player": "Anna"}
    assert GAME.view(done.state, 0)["me"]["herbs"] == [3]
    assert GAME.view(done.state, 1)["players"][0]["herbs"] == 1
    assert GAME.view(done.state, 1)["me"]["herbs"] == []
    assert GAME.view(done.state, None)["me"] is None


def test_only_the_owner_enters_a_herb_and_only_a_printed_value():
    state = new_game(1)
    assert refused(state, "take_herb", by=None, host=True, value=3)
    assert refused(state, "take_herb", value=5)
    assert refused(state, "take_sword", value=4)


def test_the_host_records_a_public_pickup_for_another_player_but_a_player_cannot():
    state = act(new_game(1), "take_gold", by=None, host=True, seat=1)
    assert GAME.view(state, None)["players"][1]["gold"] == 1
    assert refused(state, "take_gold", by=0, seat="1") == "Only %(player)s or the host can enter this."


def test_form_posts_with_digit_strings_work_like_json():
    state = act(new_game(1), "take_sword", value="2")
    state = act(state, "start_fight", band="1+0", strength="3", laurel="2", swords=["2"])
    assert GAME.view(state, 0)["fight"]["calculator"]["sword_bonuses"] == [2]


def test_no_more_gold_than_the_box_holds():
    state = new_game(1)
    for _ in range(18):
        state = act(state, "take_gold")
    with pytest.raises(RuleError) as refusal:  # « 18 pépites d'or »
        GAME.apply(state, {"type": "take_gold"}, Actor(1))
    assert (refusal.value.args_["n"], refusal.value.args_["most"]) == (19, 18)


def test_the_water_sprite_sweeps_a_band_away_but_its_points_stay():
    state = act(new_game(1), "companion_joins", band="1+0")
    state = act(state, "swept_away", band="1+1")
    anna = me(state)
    assert anna["adventurers"] == 9 and anna["lost_to_river"] == {"adventurers": 1, "companions": 1}
    assert anna["track"] == 1


def test_a_band_that_does_not_exist_is_refused():
    assert refused(new_game(1), "companion_joins", band="1+3")


def test_only_adventure_2_merges_bands_and_the_group_counts_for_the_largest_group():
    assert refused(new_game(1), "merge_bands", band="1+0", into="1+0")
    state = act(new_game(2), "companion_joins", band="1+0")
    state = act(state, "merge_bands", band="1+0", into="1+1")
    assert me(state)["bands"][0] == {"key": "2+1", "adventurers": 2, "companions": 1, "figures": 3, "count": 1}
    state = act(act(state, "end_turn"), "end_turn", by=1)
    state = GAME.apply(state, {"type": "end_game"}, Actor(None, host=True)).state
    anna = GAME.final_scores(state)[0]
    assert dict(anna.breakdown)["Largest group (figures × 3)"] == 9


# --- fights ------------------------------------------------------------------------------------

def test_rulebook_fight_short_by_one_then_won_with_a_herb_of_4():
    state = rulebook_band(new_game(1))
    state = act(state, "start_fight", band="1+2", strength=12, laurel=5, swords=[2, 1])
    assert GAME.view(state, 0)["fight"]["stage"] == "roll"
    state = act(state, "enter_dice", dice=[3, 2])
    calc = GAME.view(state, 0)["fight"]["calculator"]
    assert (calc["total"], calc["shortfall"], calc["wins"]) == (11, 1, False)
    state = act(state, "add_herb", value=4)
    assert GAME.view(state, 0)["fight"]["calculator"]["total"] == 15
    done = applied(state, "resolve_fight")
    anna = me(done.state)
    assert anna["creatures"] == [5] and anna["swords"] == 0 and anna["herbs"] == 0
    assert anna["bands"][0]["key"] == "1+2"
    assert anna["track"] == 1 + 2 + 5
    assert GAME.view(done.state, None)["last_fight"]["won"] is True


def test_a_lost_fight_removes_the_band_and_what_was_spent_and_the_creature_stays():
    state = act(rulebook_band(new_game(1)), "reveal", terrain="fog")
    state = act(state, "start_fight", band="1+2", strength=12, laurel=5, swords=[2, 1])
    state = act(state, "enter_dice", dice=[1, 1])
    state = act(state, "resolve_fight")
    anna = me(state)
    assert anna["lost_in_fights"] == {"adventurers": 1, "companions": 2}
    assert anna["swords"] == 0 and anna["herbs"] == 1 and anna["creatures"] == []
    assert GAME.view(state, None)["supply"]["creatures_on_board"] == 1
    assert anna["track"] == 3  # the companions' points stay


def test_a_reroll_costs_a_gold_piece_and_replaces_the_die():
    state = act(act(rulebook_band(new_game(1)), "take_gold"), "start_fight", band="1+2", strength=12, laurel=5, swords=[2, 1])
    state = act(state, "enter_dice", dice=[3, 2])
    state = act(state, "reroll", die=1, value=5)
    view = GAME.view(state, 1)["fight"]
    assert view["dice"] == [3, 5] and view["spent"]["gold"] == 1
    assert me(state)["gold"] == 0
    assert refused(state, "reroll", die=0, value=6) == "You have no gold left"


def test_the_calculator_warns_when_no_spending_can_win():
    state = act(new_game(1), "take_herb", value=2)
    state = act(state, "start_fight", band="1+0", strength=9, laurel=5)
    calc = GAME.view(state, 0)["fight"]["calculator"]
    assert calc["hopeless"] and calc["best_reachable"] == 3


@pytest.mark.parametrize(
    "fields",
    [
        {"band": "1+0", "strength": 5, "laurel": 1, "swords": [0, 0, 0, 0]},
        {"band": "1+0", "strength": 5, "laurel": 1, "swords": [3]},
        {"band": "2+0", "strength": 5, "laurel": 1},
    ],
)
def test_a_fight_needs_your_own_band_and_at_most_3_of_your_swords(fields):
    state = new_game(1)
    for _ in range(4):
        state = act(state, "take_sword", value=0)
    assert refused(state, "start_fight", **fields)


def test_one_die_per_sword():
    state = act(act(new_game(1), "take_sword", value=1), "start_fight", band="1+0", strength=5, laurel=1, swords=[1])
    assert refused(state, "enter_dice", dice=[3, 4])
    assert refused(state, "resolve_fight") == "Enter the dice first"


def test_a_fight_is_run_by_the_fighter_but_the_host_may_resolve_it():
    state = act(new_game(1), "start_fight", band="1+0", strength=1, laurel=2)
    assert refused(state, "add_gold", by=1)
    assert refused(state, "resolve_fight", by=1)
    state = act(state, "resolve_fight", by=None, host=True)
    assert me(state)["creatures"] == [2]


def test_during_a_fight_the_fighter_waits_but_others_carry_on():
    state = act(new_game(1), "start_fight", band="1+0", strength=1, laurel=2)
    assert refused(state, "take_gold") == "Finish %(player)s's fight first"
    assert refused(state, "reveal", terrain="city")
    state = act(state, "take_herb", by=1, value=2)
    assert GAME.view(state, None)["players"][1]["herbs"] == 1


def test_cancelling_a_fight_gives_everything_back():
    state = act(act(rulebook_band(new_game(1)), "take_gold"), "start_fight", band="1+2", strength=12, laurel=5, swords=[2, 1])
    state = act(state, "enter_dice", dice=[3, 2])
    state = act(act(state, "add_herb", value=4), "add_gold")
    state = act(state, "cancel_fight")
    assert state == act(rulebook_band(new_game(1)), "take_gold")


# --- turns, supply and the end -----------------------------------------------------------------

def test_turns_go_round_and_only_the_current_player_or_host_ends_one():
    state = new_game(1, players=3)
    assert refused(state, "end_turn", by=1)
    state = act(act(act(state, "end_turn"), "end_turn", by=1), "end_turn", by=None, host=True)
    assert GAME.view(state, None)["turn"] == {"seat": 0, "first": 0, "round": 2, "name": "Anna", "first_name": "Anna"}


def test_the_host_names_the_youngest_first_before_the_first_turn_ends():
    state = act(new_game(1), "set_first_player", by=None, host=True, seat=1)
    assert GAME.view(state, None)["turn"]["name"] == "Ben"
    assert refused(act(state, "end_turn", by=1), "set_first_player", by=None, host=True, seat=0)


def test_terrain_cards_take_companions_and_swords_from_the_supply():
    state = act(act(new_game(1), "reveal", terrain="city"), "reveal", by=1, terrain="mountain")
    assert GAME.view(state, None)["supply"] == {"companions": 13, "swords": 11, "creatures_in_stack": 14, "creatures_on_board": 0}


def test_only_14_creatures_come_out_of_fog():
    state = new_game(1)
    for _ in range(14):
        state = act(state, "reveal", terrain="fog")
    assert GAME.view(state, None)["supply"]["creatures_on_board"] == 14
    assert refused(state, "reveal", terrain="fog")


def exhaust_supply(state):
    for _ in range(state["supply"]["companions"]):
        state = act(state, "reveal", terrain="city")
    for _ in range(state["supply"]["swords"]):
        state = act(state, "reveal", terrain="mountain")
    return state


def test_an_empty_supply_takes_from_the_box_and_makes_this_round_the_last():
    state = exhaust_supply(act(new_game(1, players=3), "end_turn"))  # Ben's turn, round 1
    assert GAME.view(state, None)["last_round"]
    more = applied(state, "reveal", terrain="city")
    assert "box" in more.label.msg and more.state["supply"]["companions"] == 0
    state = act(more.state, "end_turn", by=1)
    assert not GAME.is_over(state)
    state = act(state, "end_turn", by=2)
    assert GAME.is_over(state) and GAME.final_scores(state) is not None


def test_escape_goes_to_the_final_count_when_the_game_ends():
    state = exhaust_supply(new_game(3))
    state = act(act(state, "end_turn"), "end_turn", by=1)
    assert GAME.view(state, None)["phase"] == "counting" and not GAME.is_over(state)
    assert GAME.final_scores(state) is None


def test_only_the_host_ends_the_game_early():
    assert refused(new_game(1), "end_game")
    assert GAME.is_over(act(new_game(1), "end_game", by=None, host=True))


def test_nothing_moves_once_the_game_is_over():
    state = act(new_game(1), "end_game", by=None, host=True)
    assert refused(state, "take_gold") == "The game is over."


def test_an_unknown_move_is_refused():
    assert refused(new_game(1), "teleport")


# --- adventure 3's final count -----------------------------------------------------------------

def counting(state):
    return act(state, "end_game", by=None, host=True)


def test_escape_count_scores_cities_outside_figures_and_creatures_left():
    state = act(new_game(3), "companion_joins", band="1+0")  # Anna: 10 adventurers + 1 companion
    state = act(act(state, "reveal", terrain="fog"), "reveal", terrain="fog")
    state = counting(state)
    state = act(state, "enter_city_figures", city=["large", "three"], figures=["2", "0"])
    state = act(state, "enter_city_figures", by=1, city=["large"], figures=[1])
    view = GAME.view(state, None)
    assert view["scores"] is not None and not view["scores_final"]
    state = act(state, "finish_scoring")
    anna, ben = GAME.final_scores(state)
    # Anna: first in the 12-field city = 12; 9 figures outside × 2 creatures = −18.
    assert dict(anna.breakdown)["Cities"] == 12 and anna.total == 12 - 18
    assert ben.total == 6 - 9 * 2


def test_escape_count_refuses_more_figures_than_on_the_board_and_unknown_cities():
    state = counting(new_game(3))
    assert refused(state, "enter_city_figures", city=["large"], figures=[11])
    assert refused(state, "enter_city_figures", city=["atlantis"], figures=[1])
    assert refused(state, "enter_city_figures", city=["large", "large"], figures=[1, 1])
    assert refused(state, "enter_city_figures", city=["large"], figures=[1, 2])


def test_escape_count_needs_every_player_before_the_final_scores():
    state = act(counting(new_game(3)), "enter_city_figures", city=[], figures=[])
    with pytest.raises(RuleError, match="Enter the figures in cities of: Ben$"):
        GAME.apply(state, {"type": "finish_scoring"}, Actor(0))


def test_a_confirmed_city_size_is_scored_and_learned_for_later_games():
    state = counting(new_game(3))
    done = GAME.apply(state, {"type": "set_city_size", "city": "six", "size": "7"}, Actor(None, host=True))
    assert done.learned == {"city_sizes": {"six": 7}}
    state = act(done.state, "enter_city_figures", city=["six"], figures=[1])
    state = act(act(state, "enter_city_figures", by=1, city=[], figures=[]), "finish_scoring")
    assert dict(GAME.final_scores(state)[0].breakdown)["Cities"] == 7


def test_the_host_corrects_the_creatures_left_on_the_board():
    state = act(counting(new_game(3)), "set_creatures_on_board", by=None, host=True, count=3)
    assert GAME.view(state, None)["supply"]["creatures_on_board"] == 3
    assert refused(state, "set_creatures_on_board", by=None, host=True, count=15)


def test_the_game_scores_with_the_quick_scorers_function():
    """Same holdings through the game and through POST /api/score give the same totals."""
    state = rulebook_band(new_game(2))
    state = act(act(state, "take_gold"), "take_gold")
    state = act(state, "start_fight", band="1+0", strength=1, laurel=6)
    state = act(state, "resolve_fight")
    state = act(state, "take_sword", by=1, value=3)
    state = act(state, "end_game", by=None, host=True)
    quick = GAME.quick_scorers[""].score({"scenario": 2, "players": [
        {"name": "Anna", "creatures": [6], "gold": 2, "herbs": [4], "swords": [1, 2], "largest_group": 3},
        {"name": "Ben", "creatures": [], "gold": 0, "herbs": [], "swords": [3], "largest_group": 1},
    ]})
    assert [s.total for s in GAME.final_scores(state)] == [p["total"] for p in quick["players"]]


@pytest.mark.parametrize("fields, words", [
    ({"strength": 10 ** 9, "laurel": 5}, "strength"),
    ({"strength": 21, "laurel": 5}, "strength"),
    ({"strength": 12, "laurel": 11}, "laurel"),
    ({"strength": 12, "laurel": 10 ** 4000}, "laurel"),
])
def test_a_fight_refuses_a_creature_past_what_the_cards_print(fields, words):
    """The examples show laurels 5–8 and strength 12; box.toml [limits] bounds them (10 and 20)."""
    state = act(new_game(1), "companion_joins", band="1+0")
    with pytest.raises(RuleError, match=words):
        GAME.apply(state, {"type": "start_fight", "band": "1+1", **fields}, Actor(0, False))


def test_the_players_take_the_rulebooks_colours_and_violet_is_one():
    from companion.seating import colours_of
    assert colours_of(GAME) == ("black", "green", "violet", "orange")


def test_a_fights_swords_and_a_citys_figures_are_bounded_by_the_box():
    state = act(new_game(1), "companion_joins", band="1+0")
    with pytest.raises(RuleError, match="swords"):
        GAME.apply(state, {"type": "start_fight", "band": "1+1", "strength": 5, "laurel": 5,
                           "swords": [10 ** 4000]}, Actor(0, False))


def test_a_second_tap_on_end_turn_never_ends_the_next_players_turn():
    """Rulebook (l.116): « Les joueurs jouent à tour de rôle dans le sens des aiguilles d'une montre. »
    Anna's phone and the host both tap "End the turn of Anna": Ben keeps his turn."""
    state = act(new_game(), "end_turn", by=0, turn_of=0)
    assert refused(state, "end_turn", by=None, host=True, turn_of=0) == "%(player)s's turn has already ended"
    assert GAME.view(state, None)["turn"]["seat"] == 1
    assert act(state, "end_turn", by=1, turn_of=1)["turn"]["seat"] == 0
