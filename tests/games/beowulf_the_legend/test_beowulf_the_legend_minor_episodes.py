"""Minor episodes: walked in turn order from the first player, one tap per player."""

from __future__ import annotations

from companion.games.base import Actor
from tests.games.beowulf_the_legend.helpers import said

SANDRA, MARTHA, MARK, PETER = range(4)


def test_minor_turns_go_clockwise_from_the_first_player(new_table):
    t = new_table()
    t.do("set_first_player", seat=MARK)
    t.do("advance")
    assert t.view(None)["turn"] == MARK
    for seat in (MARK, PETER, SANDRA, MARTHA):
        t.do("pass", seat=seat)
    assert t.state["phase"] == "done"
    assert [r["seat"] for r in t.state["recent"]["records"]] == [MARK, PETER, SANDRA, MARTHA]


def test_a_later_answer_waits_and_the_host_alone_passes_those_left(new_table):
    """"Le premier joueur commence en décidant s'il accomplit ou non l'activité proposée. Le jeu se
    poursuit dans le sens des aiguilles d'une montre" (FR l.77): Mark's early choice waits for Sandra
    and Martha, who pass only when they say so — or when the host says so for them, by name."""
    t = new_table()
    t.jump_to(5)  # a Selection
    assert said(t.do("choose_selection", Actor(MARK), option="fame2")) == "Mark has answered; the answer waits for Sandra"
    assert t.tokens(MARK, "fame") == [] and t.state["step"]["records"] == []
    assert "answered on their own phone" in t.refused("end_minor", took_part=[MARK])
    assert "Only the host can pass for players who have not answered: Sandra, Martha, Peter" in t.refused(
        "end_minor", Actor(PETER))
    assert said(t.do("end_minor")) == "Sandra, Martha, Peter passed. Mark takes a fame token of value 2"
    assert [(r["seat"], r["choice"]) for r in t.state["recent"]["records"]] == [
        (SANDRA, "passed"), (MARTHA, "passed"), (MARK, "fame2"), (PETER, "passed")]


def test_the_first_player_is_chosen_only_before_beowulf_moves(table):
    table.do("advance")
    assert "already begun" in table.refused("set_first_player", seat=PETER)


def test_beowulf_cannot_move_on_before_everyone_has_had_their_turn(table):
    table.do("advance")
    table.do("pass", seat=SANDRA)
    assert "Finish this episode" in table.refused("advance")


def test_a_failed_risk_gives_a_scratch(table):
    table.jump_to(6)
    table.do("take_risk", seat=SANDRA, outcome="failed")
    assert table.player(SANDRA)["scratches"] == 1
    assert table.state["supply"]["scratch"] == 11


def test_a_kept_risk_changes_no_tiles(table):
    table.jump_to(6)
    table.do("take_risk", seat=SANDRA, outcome="kept")
    assert table.player(SANDRA)["scratches"] == 0
    assert table.view(None)["turn"] == MARTHA


def test_third_scratch_becomes_a_wound_without_compensation_cards(table):
    table.do("take_scratch", seat=SANDRA)
    table.do("take_scratch", seat=SANDRA)
    table.jump_to(6)
    table.do("take_risk", seat=SANDRA, outcome="failed")
    assert (table.player(SANDRA)["scratches"], table.player(SANDRA)["wounds"]) == (0, 1)
    assert table.state["supply"]["scratch"] == 12 and table.state["supply"]["wound"] == 9
    notes = [n["msg"] for n in table.state["step"]["records"][0]["notes"]]
    assert "Three scratches become a wound (no compensation cards)" in notes
    assert not any("Draw 2 cards" in n for n in notes)


def test_a_wound_brings_two_compensation_cards(table):
    applied = table.do("take_wound", seat=MARK)
    assert table.player(MARK)["wounds"] == 1
    assert said(applied) == "By hand: Mark takes a wound"  # a correction by hand says so


def test_beowulfs_resolve_cancels_a_failed_risk_and_the_player_may_risk_again(table):
    table.do("take_special", seat=SANDRA, card="resolve")
    table.jump_to(6)
    table.do("take_risk", seat=SANDRA, outcome="failed", resolve=True)
    assert table.player(SANDRA)["scratches"] == 0
    assert table.state["specials"]["resolve"]["used"]
    assert table.view(None)["turn"] == SANDRA
    table.do("take_risk", seat=SANDRA, outcome="failed")
    assert table.player(SANDRA)["scratches"] == 1
    assert table.view(None)["turn"] == MARTHA


def test_a_special_card_not_held_cannot_be_played(table):
    table.jump_to(6)
    assert "does not hold Beowulf's Daring" in table.refused("take_risk", seat=SANDRA, outcome="kept", daring=True)


def test_warriors_rest_as_the_third_scratch_arrives_leaves_one_scratch(table):
    table.do("take_special", seat=MARTHA, card="warriors_rest")
    table.do("take_scratch", seat=MARTHA)
    table.do("take_scratch", seat=MARTHA)
    table.jump_to(6)
    table.do("pass", seat=SANDRA)
    table.do("take_risk", seat=MARTHA, outcome="failed", warriors_rest=True)
    assert (table.player(MARTHA)["scratches"], table.player(MARTHA)["wounds"]) == (1, 0)
    assert table.state["specials"]["warriors_rest"]["used"]


def test_warriors_rest_any_time_discards_one_or_two_scratches(table):
    table.do("take_special", seat=MARK, card="warriors_rest")
    table.do("take_scratch", seat=MARK)
    table.do("take_scratch", seat=MARK)
    table.do("use_special", seat=MARK, card="warriors_rest", scratches=1)
    assert table.player(MARK)["scratches"] == 1


def test_selection_applies_the_chosen_option(table):
    table.jump_to(5)
    table.do("choose_selection", seat=SANDRA, option="treasure2")
    table.do("choose_selection", seat=MARTHA, option="alliance")
    table.do("choose_selection", seat=MARK, option="fame2")
    table.do("choose_selection", seat=PETER, option="cards2")
    assert [t["value"] for t in table.tokens(SANDRA, "treasure")] == [2]
    assert table.tokens(MARTHA, "alliance")[0]["value"] is None  # Martha enters it on her phone
    assert [t["value"] for t in table.tokens(MARK, "fame")] == [2]
    assert table.player(PETER)["tokens"] == []


def test_selection_option_is_closed_when_no_token_of_that_value_is_left(table):
    # The box's mix, as the table counted it once (made up for the test): a single fame 2.
    table.do("set_token_mix", fame=[35, 1], treasure=[24])
    table.give(PETER, "fame", 2)
    table.jump_to(5)
    options = {o["option"]: o["reason"] for o in table.view(None)["step"]["selection"]}
    assert options["fame2"]["msg"] == "No %(kind)s token of value %(value)s is left in the supply"
    assert options["cards2"] is None
    assert "value 2" in table.refused("choose_selection", seat=SANDRA, option="fame2")
    assert "value 2" in table.refused("choose_selection", seat=SANDRA, option="treasure2")


def test_selection_discards_all_scratches_only_when_there_are_some(table):
    table.jump_to(5)
    assert "No scratch" in table.refused("choose_selection", seat=SANDRA, option="scratches")
    table.do("take_scratch", seat=SANDRA)
    table.do("take_scratch", seat=SANDRA)
    table.do("choose_selection", seat=SANDRA, option="scratches")
    assert table.player(SANDRA)["scratches"] == 0


def test_recovery_goes_round_twice_and_cannot_be_passed(table):
    table.jump_to(7)
    assert "everyone takes a card" in table.refused("pass", seat=SANDRA)
    for seat in (SANDRA, MARTHA, MARK, PETER, SANDRA, MARTHA, MARK):
        table.do("take_recovery_card", seat=seat)
    assert table.view(None)["step"]["round"] == 2
    table.do("take_recovery_card", seat=PETER)
    assert table.state["phase"] == "done"


def test_great_rewards_pays_treasure_3(table):
    table.jump_to(9)
    table.do("take_opportunity", seat=SANDRA)
    assert [t["value"] for t in table.tokens(SANDRA, "treasure")] == [3]


def test_peace_returns_pays_fame_5_and_many_friendships_an_alliance_token(table):
    table.jump_to(10)
    table.do("take_opportunity", seat=SANDRA)
    assert [t["value"] for t in table.tokens(SANDRA, "fame")] == [5]
    table.jump_to(11)
    table.do("take_opportunity", seat=SANDRA)
    assert len(table.tokens(SANDRA, "alliance")) == 1


def test_break_ranks_gives_back_two_fame_tokens_to_heal_a_wound(table):
    fame = table.give(PETER, "fame", 1)
    ally = table.give(PETER, "alliance", 2, face="fame")
    table.do("take_wound", seat=PETER)
    table.jump_to(33)
    for seat in (SANDRA, MARTHA, MARK):
        table.do("pass", seat=seat)
    assert "from their own phone" in table.refused("take_opportunity", seat=PETER, tokens=[fame["id"], ally["id"]])
    table.do("take_opportunity", Actor(PETER), tokens=[str(fame["id"]), str(ally["id"])])
    assert table.player(PETER)["wounds"] == 0 and table.player(PETER)["tokens"] == []
    assert table.state["supply"]["fame"] == 36 and table.state["supply"]["alliance"] == 36


def test_break_ranks_refuses_treasure_tokens(table):
    a = table.give(SANDRA, "treasure", 1)
    b = table.give(SANDRA, "fame", 1)
    table.do("take_scratch", seat=SANDRA)
    table.jump_to(33)
    assert "Only fame tokens" in table.refused("take_opportunity", Actor(SANDRA), tokens=[a["id"], b["id"]])


def test_break_ranks_asks_what_to_discard_when_there_is_a_choice(table):
    a, b = table.give(SANDRA, "fame", 1), table.give(SANDRA, "fame", 2)
    table.do("take_scratch", seat=SANDRA)
    table.do("take_wound", seat=SANDRA)
    table.jump_to(33)
    assert "Say what to give back" in table.refused("take_opportunity", Actor(SANDRA), tokens=[a["id"], b["id"]])
    table.do("take_opportunity", Actor(SANDRA), tokens=[a["id"], b["id"]], heal="scratches")
    assert (table.player(SANDRA)["scratches"], table.player(SANDRA)["wounds"]) == (0, 1)


def test_wounds_never_turn_back_into_scratches(table):
    table.do("take_wound", seat=SANDRA)
    assert "no scratch" in table.refused("heal", seat=SANDRA, what="scratches")


def test_the_double_wound_is_not_used_before_the_dragon_battle(table):
    assert "Dragon Battle" in table.refused("take_wound", seat=SANDRA, double=True)
    table.jump_to(20)
    table.do("enter_symbols", counts=[1, 4, 3, 2])
    for seat in (MARTHA, MARK, PETER):
        table.do("pick_space", seat=seat, space={MARTHA: 1, MARK: 2, PETER: 3}[seat])
    assert table.player(SANDRA)["double_wound"] == 1  # the last space, given without a tap
    assert table.state["supply"]["double_wound"] == 0
    assert table.view(None)["players"][SANDRA]["wound_count"] == 2


def test_the_heal_icon_gives_back_the_only_thing_to_heal(table):
    table.do("take_scratch", seat=MARTHA)
    table.jump_to(12)
    table.do("enter_symbols", counts=[0, 5, 0, 0])
    table.do("pick_space", seat=MARTHA, space=3)
    assert table.player(MARTHA)["scratches"] == 0


def test_misfortune_runs_out_after_three(table):
    for seat in (SANDRA, MARTHA, MARK):
        table.do("take_token", seat=seat, kind="misfortune")
    assert "No misfortune token" in table.refused("take_token", seat=PETER, kind="misfortune")
    assert table.view(None)["supply"]["counts"]["misfortune"] == 0


def test_one_tap_closes_a_recovery_king_hygelacs_court_or_an_opportunity_for_the_table(table):
    """Recovery ("Après que tous les joueurs aient choisi une carte, le premier joueur effectue un
    deuxième tour") and the card exchange at King Hygelac's Court change nothing the app tracks;
    at Great Rewards only who took part matters."""
    table.do("advance")
    assert said(table.do("end_minor", move_on=True)).startswith("King Hygelac's Court: the card exchanges are done")
    assert table.state["position"] == 2
    table.jump_to(7)
    assert "Only a Risk asks who failed" in table.refused("end_minor", failed=[SANDRA])
    assert said(table.do("end_minor")) == "Recovery: everyone has taken their cards"
    table.jump_to(9)
    applied = table.do("end_minor", took_part=[MARK, SANDRA])
    assert said(applied) == "Sandra, Mark took the opportunity; the others passed"
    assert [t["value"] for t in table.tokens(SANDRA, "treasure")] == [3] and table.tokens(MARTHA, "treasure") == []
