"""What the history says: every phone reads it, so it names the player and tells what happened,
a scratch's consequences included."""

from __future__ import annotations

from tests.games.beowulf_the_legend.helpers import english, said

SANDRA, MARTHA, MARK, PETER = range(4)


def test_a_selection_is_told_in_the_third_person(table):
    table.jump_to(5)
    table.do("take_scratch", seat=MARK)
    assert said(table.do("choose_selection", seat=SANDRA, option="treasure2")) == \
        "Sandra takes a treasure token of value 2"
    assert said(table.do("choose_selection", seat=MARTHA, option="alliance")) == \
        "Martha takes a face-down alliance token"
    assert said(table.do("choose_selection", seat=MARK, option="scratches")) == "Mark gives back 1 scratch"
    assert said(table.do("choose_selection", seat=PETER, option="cards2")) == "Peter draws 2 cards"


def test_a_third_scratch_is_told_as_the_wound_it_becomes(table):
    assert said(table.do("take_scratch", seat=SANDRA)) == "By hand: Sandra takes a scratch"
    table.do("take_scratch", seat=SANDRA)
    assert said(table.do("take_scratch", seat=SANDRA)) == \
        "By hand: Sandra takes a scratch. Sandra's three scratches become a wound (no compensation cards)"
    table.do("take_scratch", seat=MARTHA)
    table.do("take_scratch", seat=MARTHA)
    table.jump_to(6)
    assert said(table.do("take_risk", seat=SANDRA, outcome="failed")) == "Sandra fails a risk and takes a scratch"
    assert said(table.do("take_risk", seat=MARTHA, outcome="failed")) == \
        "Martha fails a risk and takes a scratch. Martha's three scratches become a wound (no compensation cards)"


def test_a_scratch_the_supply_no_longer_has_is_told(table):
    table.state["supply"]["scratch"] = 0
    assert said(table.do("take_scratch", seat=PETER)) == "By hand: Peter takes no scratch. No scratch tile is left in the supply"
    table.jump_to(6)
    assert said(table.do("take_risk", seat=SANDRA, outcome="failed")) == \
        "Sandra fails a risk. No scratch tile is left in the supply"


def test_the_warriors_rest_played_with_a_scratch_is_told(table):
    table.do("take_special", seat=SANDRA, card="warriors_rest")
    table.do("take_scratch", seat=SANDRA)
    table.jump_to(6)
    assert said(table.do("take_risk", seat=SANDRA, outcome="failed", warriors_rest=True)) == \
        "Sandra fails a risk and takes a scratch. Sandra plays The Warrior's Rest: 1 scratch discarded"


def test_a_drop_out_after_a_failed_risk_tells_the_scratch_and_what_it_became(table):
    table.do("take_scratch", seat=SANDRA)
    table.do("take_scratch", seat=SANDRA)
    table.jump_to(4)  # Grendel's Attack, turn order
    assert said(table.do("drop_out", seat=PETER, failed_risk=True)) == \
        "Peter fails a risk, takes a scratch and drops out with status marker 4"
    assert table.state["step"]["drops"][0]["notes"][0]["msg"] == "Scratch"
    assert said(table.do("drop_out", seat=SANDRA, failed_risk=True)) == (
        "Sandra fails a risk, takes a scratch and drops out with status marker 3. "
        "Sandra's three scratches become a wound (no compensation cards)")
    assert said(table.do("drop_out", seat=MARTHA)) == \
        "Martha drops out and takes status marker 2. Mark is the last one in and takes status marker 1"


def test_a_reward_scratch_that_becomes_a_wound_is_told(table):
    table.do("take_scratch", seat=PETER)
    table.do("take_scratch", seat=PETER)
    table.jump_to(4)
    for seat in (PETER, SANDRA, MARTHA):
        table.do("drop_out", seat=seat)
    for seat, space in ((MARK, 1), (MARTHA, 2)):
        table.do("pick_space", seat=seat, space=space)
    assert said(table.do("pick_space", seat=SANDRA, space=3)).endswith(
        "Peter takes reward space 4: Wound, Draw 2 cards (compensation for the wound). Peter becomes first player")
    table.jump_to(12)  # space 4 is a scratch
    table.do("enter_symbols", counts=[4, 3, 2, 1])
    table.do("pick_space", seat=SANDRA, space=1)
    table.do("pick_space", seat=MARTHA, space=2)
    table.do("take_scratch", seat=MARK)
    table.do("take_scratch", seat=MARK)
    assert said(table.do("pick_space", seat=MARK, space=4)) == (
        "Mark takes reward space 4: Scratch, Three scratches become a wound (no compensation cards), Wound. "
        "Mark's three scratches become a wound (no compensation cards)")


def test_a_token_is_named_with_its_article(table):
    assert said(table.do("take_token", seat=MARK, kind="alliance")) == "By hand: Mark takes an alliance token from the supply"
    assert said(table.do("take_token", seat=MARK, kind="fame", value=2)) == "By hand: Mark takes a fame token from the supply"
