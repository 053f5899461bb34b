"""Face-down tokens: counted publicly, valued only on their owner's phone."""

from __future__ import annotations

import json

from companion.games.base import Actor
from companion.games.beowulf_the_legend import GAME
from tests.games.beowulf_the_legend.helpers import said

SANDRA, MARTHA, MARK, PETER = range(4)


def test_an_alliance_token_is_counted_but_valueless_until_its_owner_enters_it(table):
    table.do("take_token", seat=MARTHA, kind="alliance")
    token = table.tokens(MARTHA, "alliance")[0]
    assert table.view(None)["players"][MARTHA]["tokens"]["alliance"] == 1
    assert table.view(None)["players"][MARTHA]["unvalued"] == 1
    assert table.view(MARTHA)["me"]["needs_value"] == [token["id"]]
    table.do("enter_token", Actor(MARTHA), token=token["id"], value="3", face="treasure")
    assert table.view(MARTHA)["me"]["sums"]["alliance_treasure"] == 3
    assert table.view(None)["players"][MARTHA]["unvalued"] == 0


def test_only_the_owner_enters_a_tokens_value(table):
    table.do("take_token", seat=MARTHA, kind="alliance")
    token = table.tokens(MARTHA, "alliance")[0]
    assert "own phone" in table.refused("enter_token", HOST_ACTOR, token=token["id"], value=3, face="fame")
    assert "holds no such token" in table.refused("enter_token", Actor(SANDRA), token=token["id"], value=3,
                                                  face="fame")


HOST_ACTOR = Actor(None, host=True)


def test_an_alliance_token_needs_its_face(table):
    table.do("take_token", seat=MARTHA, kind="alliance")
    token = table.tokens(MARTHA, "alliance")[0]
    assert "fame or treasure" in table.refused("enter_token", Actor(MARTHA), token=token["id"], value=3)


def test_entering_a_value_is_allowed_on_a_screen_one_version_behind():
    assert GAME.actions["enter_token"].stale_ok
    assert not GAME.actions["pick_space"].stale_ok


def test_other_phones_and_the_table_display_see_counts_never_values(table):
    table.give(SANDRA, "alliance", 7, face="fame")
    table.give(SANDRA, "treasure", 4)
    for seat in (None, MARTHA, MARK, PETER):
        view = table.view(seat)
        assert view["players"][SANDRA]["token_count"] == 2
        text = json.dumps({k: v for k, v in view.items() if k != "forms"})
        assert '"value": 7' not in text and '"value": 4' not in text
        assert view["me"] is None or view["me"]["seat"] == seat
    mine = table.view(SANDRA)["me"]
    assert sorted(t["value"] for t in mine["tokens"]) == [4, 7]


def test_views_of_other_seats_do_not_change_with_a_players_private_values(table):
    table.give(SANDRA, "alliance", 2, face="fame")
    table.give(SANDRA, "fame", 3)
    before = {seat: table.view(seat) for seat in (None, MARTHA, MARK, SANDRA)}
    for token in table.player(SANDRA)["tokens"]:
        token["value"] += 3
    token["face"] = "treasure"
    assert {seat: table.view(seat) for seat in (None, MARTHA, MARK)} == {s: before[s] for s in (None, MARTHA, MARK)}
    assert table.view(SANDRA)["me"] != before[SANDRA]["me"]  # the owner does see the change


def test_history_labels_never_carry_a_tokens_value(table):
    applied_take = table.do("take_token", seat=SANDRA, kind="alliance")
    token = table.tokens(SANDRA, "alliance")[0]
    applied_enter = table.do("enter_token", Actor(SANDRA), token=token["id"], value=6, face="fame")
    for applied in (applied_take, applied_enter):
        assert 6 not in applied.label.args.values()
        assert "6" not in json.dumps(applied.label.to_json())


def test_a_token_given_back_returns_to_the_supply(table):
    token = table.give(MARK, "fame", 2)
    assert table.state["supply"]["fame"] == 35
    applied = table.do("return_token", Actor(MARK), token=token["id"])
    assert table.state["supply"]["fame"] == 36 and table.player(MARK)["tokens"] == []
    # Only "By hand" offers it: the history files it as a correction, not as an episode's cost.
    assert said(applied) == "By hand: Mark gives a fame token back to the supply"


def test_the_owner_enters_a_value_the_mix_still_has(table):
    table.do("set_token_mix", fame={"1": 35, "5": 1}, treasure={"1": 24})
    table.give(SANDRA, "fame", 5)
    table.do("take_token", seat=MARTHA, kind="fame")  # the board's value was not entered
    token = table.tokens(MARTHA, "fame")[0]
    assert "no other fame token of value 5" in table.refused("enter_token", Actor(MARTHA), token=token["id"], value=5)
    table.do("enter_token", Actor(MARTHA), token=token["id"], value=1)


def test_the_token_mix_must_add_up_to_the_box_and_is_remembered(table):
    assert "36" in table.refused("set_token_mix", fame=[10, 10], treasure=[24])
    applied = table.do("set_token_mix", fame=[12, 10, 6, 4, 4], treasure=[10, 8, 6])
    assert applied.learned == {"tokens": {"fame": {"1": 12, "2": 10, "3": 6, "4": 4, "5": 4},
                                          "treasure": {"1": 10, "2": 8, "3": 6}}}
    supply = table.view(None)["supply"]
    assert supply["token_mix_known"] is True
    assert "by_value" not in supply  # counts by value would give away face-down values


def test_a_player_sees_their_own_running_score(table):
    table.give(PETER, "fame", 5)
    table.give(PETER, "alliance", 3, face="treasure")
    table.do("take_token", seat=PETER, kind="misfortune")
    assert table.view(PETER)["me"]["score_now"] == 5 + 3 - 2 + 5


def test_final_scores_wait_for_every_face_down_value_then_show_on_every_phone(new_table):
    t = new_table(players=2)
    t.do("take_token", seat=1, kind="alliance")
    t.jump_to(36)
    t.do("enter_symbols", counts=[2, 1])
    t.do("pick_space", seat=0, space=2)
    t.do("pick_space", seat=1, space=1, alternative=0)
    assert t.state["phase"] == "final" and t.view(None)["scores"] is None
    assert t.view(None)["waiting_for_values"] == ["Martha"]
    token = t.tokens(1, "alliance")[0]
    t.do("enter_token", Actor(1), token=token["id"], value=4, face="fame")
    assert GAME.is_over(t.state)
    for seat in (None, 0, 1):
        assert [(s["name"], s["total"]) for s in t.view(seat)["scores"]] == [("Sandra", 8), ("Martha", 14)]


def test_the_owner_sees_the_tokens_grouped_by_kind_and_value_highest_first(table):
    for value in (2, 5, 2, 1):
        table.give(MARTHA, "fame", value)
    table.give(MARTHA, "treasure", 3)
    table.give(MARTHA, "alliance", 4, face="fame")
    table.do("take_token", seat=MARTHA, kind="misfortune")
    table.do("take_token", seat=MARTHA, kind="alliance")  # not turned over yet
    groups = table.view(MARTHA)["me"]["groups"]
    assert [(g["kind"], g["face"]) for g in groups] == [("fame", None), ("alliance", "fame"), ("treasure", None),
                                                       ("misfortune", None), ("alliance", None)]
    fame = groups[0]
    assert [(x["value"], len(x["ids"])) for x in fame["values"]] == [(5, 1), (2, 2), (1, 1)]
    assert fame["sum"] == 10 and fame["count"] == 4
    assert groups[-1]["values"][0]["value"] is None
    assert table.view(SANDRA)["me"]["groups"] == [] and table.view(None)["me"] is None
