"""Entering the board with one tap (entry.py): what the first player taps when Beowulf reaches an
episode the app does not know, and what each tap saves."""

from __future__ import annotations

from itertools import combinations

from companion.games.beowulf_the_legend.board import missing
from companion.games.beowulf_the_legend.reference import SYMBOLS


def quick(table) -> dict[str, dict]:
    """The one-tap entries on offer, by key."""
    return {q["key"]: q for g in table.view(None)["entry"]["quick"] for q in g["entries"]}


def test_a_one_tap_entry_is_all_the_episode_needs_but_the_dragon_battles_kind(new_table):
    probe = new_table(library={})
    probe.jump_to(5)
    offered = quick(probe)
    assert {"selection", "recovery", "treasure", "hrothgars_hall", "grendels_attack", "great_rewards",
            "peace_returns", "many_friendships", "break_ranks", "recover_treasures", "dragon_battle"} <= set(offered)
    for key, entry in offered.items():
        t = new_table(library={})
        t.jump_to(5)
        t.do("enter_episode", **entry["fields"])
        record = t.state["board"]["5"]
        # "Les épisodes de couleur dorée [...] ne sont pas utilisés dans le jeu de base": passed on their colour.
        expected = ["kind"] if key == "dragon_battle" else []
        assert missing(record, 4, advanced=False) == expected, key
        if key in ("treasure", "recover_treasures"):
            assert t.state["position"] == 6 and t.state["phase"] == "enter"  # passed by: the next one is asked
        elif key != "dragon_battle":
            assert t.state["position"] == 5 and t.state["phase"] in ("minor", "contest"), key


def test_a_name_the_rulebook_gives_saves_what_it_says_about_that_episode(new_table):
    t = new_table(library={})
    t.jump_to(3)
    t.do("enter_episode", **quick(t)["hrothgars_hall"]["fields"])
    record = t.state["board"]["3"]
    assert record["name"] == "King Hrothgar's Hall" and record["kind"] == "simultaneous"
    assert record["symbols"] == ["friendship"]
    assert record["spaces"] == ["special:blessing", "treasure1", "alliance2", "cards2", ""]  # space 5: not described
    assert t.state["phase"] == "contest"  # 4 players: spaces 1-4 are all the episode needs
    t.do("enter_symbols", counts=[0, 0, 0, 0])
    t.jump_to(9)
    t.do("enter_episode", **quick(t)["peace_returns"]["fields"])
    assert t.state["board"]["9"]["opportunity"] == "peace_returns" and t.state["phase"] == "minor"


def test_the_ten_pairs_of_symbols_are_a_risk_each(new_table):
    t = new_table(library={})
    t.jump_to(5)
    pairs = [q["fields"] for key, q in quick(t).items() if key.startswith("risk-")]
    assert sorted(tuple(p["symbols"]) for p in pairs) == sorted(combinations(SYMBOLS, 2))
    assert all(p["kind"] == "risk" for p in pairs)
    t.do("enter_episode", **pairs[0])
    assert t.state["board"]["5"]["symbols"] == ["travelling", "friendship"] and t.state["phase"] == "minor"


def test_an_episode_whose_name_is_known_is_offered_kinds_not_other_names(new_table):
    t = new_table(library={})
    t.jump_to(2)  # Sail to Denmark: the rulebook names it, its kind is what is missing
    offered = quick(t)
    assert "selection" in offered and "risk-travelling-wit" in offered
    assert not {"great_rewards", "hrothgars_hall", "dragon_battle"} & set(offered)
    t.do("enter_episode", **offered["selection"]["fields"])
    assert t.state["board"]["2"]["name"] == "Sail to Denmark" and t.state["board"]["2"]["kind"] == "selection"


def test_a_name_already_on_the_board_is_not_offered_again(new_table):
    t = new_table(library={})
    t.jump_to(3)
    t.do("enter_episode", **quick(t)["grendels_attack"]["fields"])
    t.jump_to(5)
    offered = quick(t)
    assert "grendels_attack" not in offered and "hrothgars_hall" in offered


def test_an_episode_whose_kind_is_known_goes_straight_to_the_form(new_table):
    t = new_table(library={})
    t.jump_to(36)  # Death of Beowulf: its spaces are asked, nothing else
    entry = t.view(None)["entry"]
    assert entry["quick"] == [] and "death" in entry["form_kinds"] and entry["in_play"] == 4


def test_the_advanced_game_asks_a_gold_episodes_rewards_in_the_form(new_table):
    t = new_table(options={"advanced": True}, library={})
    t.jump_to(7)
    entry = t.view(None)["entry"]
    assert "treasure" not in quick(t) and "recover_treasures" not in quick(t)
    assert {"treasure", "recover_treasures"} <= set(entry["form_kinds"])
    t.do("enter_episode", kind="treasure")
    assert t.view(None)["entry"]["in_play"] == 1  # a bid has one reward space


def test_the_form_asks_for_the_spaces_in_play_and_the_covered_one_may_stay_empty(new_table):
    three = new_table(players=3, library={})
    three.jump_to(3)
    assert three.view(None)["entry"]["in_play"] == 3  # « autant d'emplacements [...] qu'il y a de joueurs »
    t = new_table(library={})
    t.jump_to(10)
    assert t.view(None)["entry"]["in_play"] == 4
    t.do("enter_episode", kind="turn_order", symbols=["wit", "courage"], space1="fame5", space2="fame3",
         space3="wound", space4="scratch", space5="")  # space 5 lies under the red marker
    assert t.state["phase"] == "contest" and t.state["board"]["10"]["spaces"][4] == ""
