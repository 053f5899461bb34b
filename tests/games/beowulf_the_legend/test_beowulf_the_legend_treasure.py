"""Treasure episodes (advanced rules): the bid, and Recover Treasures."""

from __future__ import annotations

import pytest

from companion.games.base import Actor

SANDRA, MARTHA, MARK, PETER = range(4)


@pytest.fixture
def advanced(new_table):
    t = new_table(options={"advanced": True})
    t.do("set_first_player", seat=MARTHA)
    return t


def test_the_bid_is_revealed_turn_by_turn_and_the_last_one_in_pays_and_wins(advanced):
    t = advanced
    m3 = t.give(MARTHA, "treasure", 3)
    k2, k2b = t.give(MARK, "treasure", 2), t.give(MARK, "alliance", 2, face="treasure")
    p1 = t.give(PETER, "treasure", 1)
    t.jump_to(8)
    assert t.view(None)["turn"] == MARTHA  # the first player opens
    assert "from their own phone" in t.refused("reveal_treasure", token=m3["id"])
    t.do("reveal_treasure", Actor(MARTHA), token=m3["id"])
    assert t.view(None)["turn"] == MARK and t.view(None)["step"]["target"] == 3
    t.do("reveal_treasure", Actor(MARK), token=k2["id"])
    assert t.view(None)["turn"] == MARK  # 2 < 3: Mark reveals on
    t.do("reveal_treasure", Actor(MARK), token=k2b["id"])
    assert t.view(None)["step"]["revealed"][1]["values"] == [2, 2]  # public while face up
    t.do("drop_bid", seat=PETER)  # 1 cannot reach 4
    assert p1 in t.player(PETER)["tokens"]
    t.do("drop_bid", seat=SANDRA)  # no treasure at all
    t.do("drop_bid", seat=MARTHA)  # keeps her 3, face down again
    assert t.state["phase"] == "bid_reward" and t.view(None)["turn"] == MARK
    assert m3 in t.player(MARTHA)["tokens"]
    assert t.tokens(MARK, "treasure") == [] and t.tokens(MARK, "alliance") == []
    assert t.state["supply"]["treasure"] == 24 - 2 and t.state["supply"]["alliance"] == 36
    t.do("pick_space", seat=MARK, space=1)
    assert [tk["value"] for tk in t.tokens(MARK, "fame")] == [4]
    assert t.state["first_player"] == MARTHA  # "le premier joueur ne change pas"
    assert t.state["phase"] == "done"


def test_a_bidder_who_already_leads_must_reveal_one_more(advanced):
    t = advanced
    a, b = t.give(MARTHA, "treasure", 2), t.give(MARTHA, "treasure", 1)
    c = t.give(MARK, "treasure", 2)
    t.jump_to(8)
    t.do("reveal_treasure", Actor(MARTHA), token=a["id"])
    t.do("reveal_treasure", Actor(MARK), token=c["id"])  # matches 2: turn over
    t.do("drop_bid", seat=PETER)
    t.do("drop_bid", seat=SANDRA)
    assert t.view(None)["turn"] == MARTHA and t.view(None)["step"]["target"] == 2
    t.do("reveal_treasure", Actor(MARTHA), token=b["id"])  # 3 > 2: one token, then it is Mark's turn
    assert t.view(None)["turn"] == MARK


def test_only_treasure_with_an_entered_value_can_be_revealed(advanced):
    t = advanced
    fame = t.give(MARTHA, "fame", 2)
    t.do("take_token", seat=MARTHA, kind="alliance")
    pending = t.tokens(MARTHA, "alliance")[0]
    t.jump_to(8)
    assert "treasure" in t.refused("reveal_treasure", Actor(MARTHA), token=fame["id"])
    assert "treasure" in t.refused("reveal_treasure", Actor(MARTHA), token=pending["id"])


def test_a_dropped_bidders_values_go_face_down_again(new_table):
    t = new_table(options={"advanced": True})
    a = t.give(SANDRA, "treasure", 3)
    b = t.give(MARTHA, "treasure", 4)
    c = t.give(MARK, "treasure", 5)
    t.jump_to(8)
    t.do("reveal_treasure", Actor(SANDRA), token=a["id"])
    t.do("reveal_treasure", Actor(MARTHA), token=b["id"])
    t.do("reveal_treasure", Actor(MARK), token=c["id"])
    t.do("drop_bid", seat=PETER)
    assert [r["values"] for r in t.view(None)["step"]["revealed"]] == [[3], [4], [5]]
    t.do("drop_bid", seat=SANDRA)
    revealed = t.view(MARTHA)["step"]["revealed"]
    assert [(r["name"], r["values"]) for r in revealed] == [("Martha", [4]), ("Mark", [5])]
    assert a in t.player(SANDRA)["tokens"]


def test_recover_treasures_ranks_by_treasure_held_then_returns_it_all(new_table):
    t = new_table(options={"advanced": True})
    t.give(SANDRA, "treasure", 2)
    t.give(MARTHA, "treasure", 3)
    t.give(MARTHA, "alliance", 1, face="treasure")
    t.give(MARK, "alliance", 4, face="treasure")
    t.give(PETER, "alliance", 5, face="fame")
    t.jump_to(34)
    t.do("reveal_treasures")
    assert t.state["step"]["totals"] == [2, 4, 4, 0]
    assert t.state["step"]["markers"] == [3, 1, 2, 4]  # Martha before Mark: nearer the first player
    assert t.state["supply"]["treasure"] == 24 and t.state["supply"]["alliance"] == 35
    assert len(t.tokens(PETER, "alliance")) == 1  # fame-faced alliance tokens stay
    for seat, space in ((MARTHA, 1), (MARK, 2), (SANDRA, 3)):  # Peter's is the last space: no tap
        t.do("pick_space", seat=seat, space=space)
    assert t.state["first_player"] == SANDRA and t.state["phase"] == "done"


def test_recover_treasures_waits_for_unentered_values(new_table):
    t = new_table(options={"advanced": True})
    t.do("take_token", seat=MARK, kind="alliance")
    t.jump_to(34)
    assert "Mark must enter" in t.refused("reveal_treasures")
