"""The board the sources do not give: the table enters it once; later games remember it."""

from __future__ import annotations

import pytest

from companion.games.beowulf_the_legend import BoardFileError, export_board, import_board
from companion.games.beowulf_the_legend.board import shipped_episodes

SANDRA, MARTHA, MARK, PETER = range(4)


def test_the_rulebook_places_only_episodes_1_2_and_36():
    shipped = shipped_episodes()
    assert sorted(shipped, key=int) == ["1", "2", "36"]
    assert shipped["1"]["opportunity"] == "hygelac"
    assert shipped["2"]["name"] == "Sail to Denmark" and shipped["2"]["kind"] == ""
    assert shipped["36"]["kind"] == "death"


def test_the_path_shows_36_episodes_with_beowulf_on_his_current_one(table):
    table.do("advance")
    path = table.view(None)["path"]
    assert len(path) == 36
    assert [cell["n"] for cell in path if cell["here"]] == [1]
    assert path[0]["group"] == "minor" and path[2]["group"] == "major" and path[7]["group"] == "gold"


def test_an_unknown_episode_asks_the_table_and_the_entry_is_learned(new_table):
    t = new_table(library={})
    t.do("advance")
    for seat in range(4):
        t.do("pass", seat=seat)
    t.do("advance")
    assert t.state["phase"] == "enter"
    assert t.view(None)["entry"]["missing"] == ["kind"]
    applied = t.do("enter_episode", kind="risk", symbols=["travelling", "wit"])
    assert t.state["phase"] == "minor"
    assert applied.learned == {"episodes": {"2": {
        "name": "Sail to Denmark", "key": "sail_to_denmark", "kind": "risk", "opportunity": "", "symbols": ["travelling", "wit"],
        "spaces": [], "source": "table"}}}


def test_a_later_game_starts_with_what_the_table_entered(new_table):
    first = new_table(library={})
    first.jump_to(12)
    applied = first.do("enter_episode", name="Grendel's Attack", kind="turn_order", symbols=["courage", "fighting"],
                       spaces=["fame5", "special:daring", "alliance", "wound", "scratch"])
    later = new_table(library=applied.learned)
    record = later.state["board"]["12"]
    assert record["source"] == "table" and record["spaces"][4] == "scratch"
    later.jump_to(12)
    assert later.state["phase"] == "contest"


def test_a_major_needs_as_many_known_spaces_as_there_are_players(new_table):
    three = new_table(players=3, library={})
    three.jump_to(9)
    three.do("enter_episode", kind="simultaneous", symbols=["friendship"], spaces=["special:blessing", "treasure1"])
    assert three.state["phase"] == "enter"
    assert three.view(None)["entry"]["missing"] == ["spaces"]
    three.do("enter_episode", spaces=["special:blessing", "treasure1", "alliance2", "", ""])
    assert three.state["phase"] == "contest"


def test_a_typed_icon_code_overrides_the_list_choice(new_table):
    t = new_table(players=2, library={})
    t.jump_to(9)
    t.do("enter_episode", kind="simultaneous", symbols=["wit", ""], spaces=["fame3", "wound", "", "", ""],
         spaces_other=["", "fame2+scratch", "", "", ""])
    assert t.state["board"]["9"]["spaces"][:2] == ["fame3", "fame2+scratch"]


def test_catalogue_suggestions_prefill_what_the_rulebook_says(new_table):
    t = new_table(library={})
    t.jump_to(3)
    names = [s["name"] for s in t.view(None)["entry"]["suggestions"]]
    assert "King Hrothgar's Hall" in names and "Grendel's Attack" in names
    hall = next(s for s in t.view(None)["entry"]["suggestions"] if s["name"] == "King Hrothgar's Hall")
    assert hall["spaces"][:4] == ["special:blessing", "treasure1", "alliance2", "cards2"]
    assert hall["note"]["msg"].startswith("The rulebook lists spaces 1–3")


def test_an_episode_name_is_used_once_on_the_board(table):
    table.jump_to(14)
    assert "already episode 3" in table.refused("enter_episode", name="king hrothgar's hall", kind="selection")


def test_a_malformed_icon_code_is_refused(table):
    table.jump_to(14)
    assert "not an icon code" in table.refused("enter_episode", kind="simultaneous", symbols=["wit"],
                                               spaces=["gold9", "", "", "", ""])


def test_the_double_wound_cannot_be_entered_before_the_dragon_battle(table):
    table.jump_to(14)
    assert "Dragon Battle" in table.refused("enter_episode", kind="simultaneous", symbols=["wit"],
                                            spaces=["double_wound", "fame1", "fame1", "fame1", "fame1"])


def test_the_current_episode_can_be_corrected_until_someone_has_moved(table):
    table.jump_to(6)
    table.do("enter_episode", kind="selection")
    assert table.state["phase"] == "minor" and table.view(None)["episode"]["kind"] == "selection"
    table.do("pass", seat=SANDRA)
    assert "under way" in table.refused("enter_episode", kind="risk", symbols=["wit", "courage"])


def test_an_untaken_space_can_be_corrected_during_the_picks(table):
    table.jump_to(3)
    table.do("enter_symbols", counts=[4, 3, 2, 1])
    table.do("pick_space", seat=SANDRA, space=1)
    spaces = list(table.state["board"]["3"]["spaces"])
    table.do("enter_episode", spaces=spaces[:3] + ["cards3", spaces[4]])
    assert "under way" in table.refused("enter_episode", spaces=["fame1"] + spaces[1:])


def test_base_game_skips_gold_treasure_episodes(table):
    table.jump_to(7)
    for seat in (SANDRA, MARTHA, MARK, PETER, SANDRA, MARTHA, MARK, PETER):
        table.do("take_recovery_card", seat=seat)
    assert table.view(None)["next"]["position"] == 9
    table.do("advance")
    assert table.state["position"] == 9 and table.state["skipped"] == [8]


def test_advanced_game_plays_gold_treasure_episodes(new_table):
    t = new_table(options={"advanced": True})
    t.jump_to(8)
    assert t.state["phase"] == "bid"


def test_entering_the_current_episode_as_gold_moves_beowulf_on_in_the_base_game(new_table):
    t = new_table(library={})
    t.jump_to(5)
    t.do("enter_episode", kind="treasure", spaces=["fame4"])
    assert t.state["position"] == 6 and t.state["phase"] == "enter"


def test_export_then_import_gives_back_the_same_episodes():
    library = {"episodes": {"12": {"kind": "selection"},
                            "4": {"name": "Grendel's Attack", "kind": "turn_order", "symbols": ["courage", "fighting"],
                                  "spaces": ["fame5", "special:daring", "alliance", "wound", "scratch"]}},
               "tokens": {"fame": {"1": 36}, "treasure": {"2": 24}}}
    data = export_board(library)
    assert data["game"] == "beowulf-the-legend" and list(data["episodes"]) == ["4", "12"]
    assert import_board(data) == {"episodes": data["episodes"], "tokens": data["tokens"]}


@pytest.mark.parametrize("data, field", [
    ({"game": "scorepad", "episodes": {}}, "game"),
    ({"format": 9, "episodes": {}}, "format"),
    ({"episodes": {"37": {"kind": "risk"}}}, "episodes"),
    ({"episodes": {"5": {"kind": "bake"}}}, "episodes.5"),
    ({"episodes": {"5": {"kind": "risk", "symbols": ["wit", "axe"]}}}, "episodes.5"),
    ({"episodes": {"5": {"kind": "death"}}}, "episodes.5"),
    ({"episodes": {"5": {"kind": "selection"}}, "tokens": {"fame": {"1": 3}, "treasure": {"1": 24}}}, "tokens"),
    ({"episodes": {}}, "episodes"),
    ([], "JSON object"),
])
def test_import_refuses_a_bad_board_file_naming_the_field(data, field):
    with pytest.raises(BoardFileError) as error:
        import_board(data)
    assert field in str(error.value)


def test_a_broken_library_entry_is_left_out_instead_of_stopping_a_new_game(new_table):
    t = new_table(library={"episodes": {"5": {"kind": "bake"}, "6": {"kind": "selection"}}})
    assert "5" not in t.state["board"] and t.state["board"]["6"]["kind"] == "selection"


def test_the_phone_form_sends_a_tap_per_space_and_typed_codes_only_for_other(new_table):
    t = new_table(players=3, library={})
    t.jump_to(9)
    t.do("enter_episode", kind="simultaneous", symbols=["wit"], space1="fame5", space2="unknown", space3="other",
         space4="special:daring", space5="fame2", spaces_other=["cards9", "", "fame3+wound", "", "nonsense"])
    assert t.state["board"]["9"]["spaces"] == ["fame5", "", "fame3+wound", "special:daring", "fame2"]
    assert t.view(None)["entry"]["missing"] == ["spaces"]  # 3 players: space 2 is in play


def test_the_phone_form_reads_only_the_spaces_the_kind_has(new_table):
    t = new_table(players=3, library={}, options={"advanced": True})
    t.jump_to(9)
    # A treasure episode has one space: what the form still holds for the others is left out.
    t.do("enter_episode", kind="treasure", space1="fame4", space2="fame1", space3="", space4="", space5="")
    assert t.state["board"]["9"]["spaces"] == ["fame4"]


def test_a_correction_under_way_accepts_the_symbols_in_another_order(table):
    table.jump_to(4)  # Grendel's Attack: courage, fighting
    table.do("drop_out", seat=PETER)
    table.do("drop_out", seat=SANDRA)
    table.do("drop_out", seat=MARTHA)
    table.do("pick_space", seat=MARK, space=1)
    table.do("enter_episode", symbols=["fighting", "courage"], space1="fame5", space2="special:daring",
             space3="alliance", space4="scratch", space5="scratch")
    assert table.state["board"]["4"]["spaces"][3] == "scratch"


def test_a_rulebook_episode_is_offered_with_its_details_to_check(new_table):
    t = new_table(library={})
    t.jump_to(3)
    hall = next(s for s in t.view(None)["entry"]["suggestions"] if s["name"] == "King Hrothgar's Hall")
    assert hall["key"] == "king-hrothgar-s-hall"
    assert hall["kind_name"]["msg"] == "Major episode, played simultaneously"
    assert [s["msg"] for s in hall["symbol_texts"]] == ["Friendship"]
    assert [sp["alternatives"] for sp in hall["space_texts"]][4] == []  # space 5: not described
    # Confirmed as it stands: with 4 players, spaces 1-4 are all it needs.
    t.do("enter_episode", name=hall["name"], kind=hall["kind"], symbols=hall["symbols"], spaces=hall["spaces"])
    assert t.state["phase"] == "contest"


def test_an_episode_whose_name_the_rulebook_gives_offers_no_other_names(new_table):
    t = new_table(library={})
    t.jump_to(2)  # Sail to Denmark: its kind is what is missing
    assert t.view(None)["entry"]["suggestions"] == []
