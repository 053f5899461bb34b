"""Major episodes: status markers from the outcome, reward picks in marker order, the new first player.

The rulebook's examples: Sandra (first player), Martha, Mark and Peter sit clockwise.
"""

from __future__ import annotations

import pytest

from companion.games.base import Actor
from companion.games.beowulf_the_legend.major import markers_by_count
from tests.games.beowulf_the_legend.helpers import BOARD, english, said

SANDRA, MARTHA, MARK, PETER = range(4)


@pytest.mark.parametrize("counts, markers", [
    # "Martha [...] reçoit le marqueur de position avec le chiffre 1 et Mark reçoit celui avec le
    #  chiffre 2. Sandra est en troisième position avec un symbole amitié. [Peter] reçoit [...] 4."
    ([1, 2, 2, 0], [3, 1, 2, 4]),
    # "Sandra aurait tout de même été en troisième position même si elle n'avait joué aucun symbole"
    ([0, 2, 2, 0], [3, 1, 2, 4]),
    # "si elle avait joué 2 symboles correspondants [...] elle aurait été en première position"
    ([2, 2, 2, 0], [1, 2, 3, 4]),
])
def test_rulebook_simultaneous_example_at_king_hrothgars_hall(table, counts, markers):
    table.jump_to(3)
    table.do("enter_symbols", counts=counts)
    assert table.state["step"]["markers"] == markers


def test_ties_count_clockwise_from_the_first_player_not_from_seat_zero():
    # Mark (seat 2) is first player: tied Peter (3) comes before Sandra (0), then Martha (1).
    assert markers_by_count([1, 1, 1, 1], first=2) == [3, 4, 1, 2]


def test_symbol_counts_arrive_from_a_form_as_strings(table):
    table.jump_to(3)
    table.do("enter_symbols", counts=["1", "2", "2", "0"])
    assert table.state["step"]["markers"] == [3, 1, 2, 4]


def test_a_symbol_count_is_needed_for_every_player(table):
    table.jump_to(3)
    assert "each of the 4 players" in table.refused("enter_symbols", counts=[1, 2, 3])


def test_rulebook_turn_order_example_at_grendels_attack(table):
    table.jump_to(4)
    # Peter cannot reach 3 and drops: marker 4; Sandra's risk leaves her short: marker 3.
    table.do("drop_out", seat=PETER)
    table.do("drop_out", seat=SANDRA)
    assert table.state["phase"] == "contest"
    # Martha matches with a Beowulf card; Mark, on 3 already, must play one more card; Martha then drops.
    applied = table.do("drop_out", seat=MARTHA)
    assert table.state["step"]["markers"] == [3, 2, 1, 4]
    assert english(applied.label.msg, applied.label.args) == \
        "Martha drops out and takes status marker 2. Mark is the last one in and takes status marker 1"


def test_a_failed_risk_in_a_turn_order_major_drops_the_player_with_a_scratch(table):
    table.jump_to(4)
    table.do("drop_out", seat=PETER, failed_risk=True)
    assert table.player(PETER)["scratches"] == 1
    assert table.state["step"]["drops"][0]["marker"] == 4


def test_a_player_cannot_drop_out_twice(table):
    table.jump_to(4)
    table.do("drop_out", seat=PETER)
    assert "already dropped out" in table.refused("drop_out", seat=PETER)


def test_rulebook_resolution_of_grendels_attack_and_new_first_player(table):
    """"Mark choisit 5 points de gloire [...] Martha [...] Beowulf's Daring. Sandra [...] le jeton
    alliance, laissant la blessure à Peter [...] Il prend une tuile blessure et reçoit deux cartes
    activité en compensation. [...] il est maintenant le premier joueur" """
    table.jump_to(4)
    for seat in (PETER, SANDRA, MARTHA):
        table.do("drop_out", seat=seat)
    view = table.view(None)
    assert [s["in_play"] for s in view["episode"]["spaces"]] == [True, True, True, True, False]
    assert view["episode"]["spaces"][4]["covered"]  # "la dernière icône (égratignure) n'est pas disponible"
    assert "turn" in table.refused("pick_space", seat=MARTHA, space=2)
    table.do("pick_space", seat=MARK, space=1)
    table.do("pick_space", seat=MARTHA, space=2)
    # "Le joueur qui possède le marqueur avec le chiffre le plus élevé ne dispose d'aucun choix":
    # Sandra's pick leaves Peter the wound without a tap of his.
    applied = table.do("pick_space", seat=SANDRA, space=3)
    assert [t["value"] for t in table.tokens(MARK, "fame")] == [5]
    assert table.state["specials"]["daring"]["holder"] == MARTHA
    assert len(table.tokens(SANDRA, "alliance")) == 1
    assert table.player(PETER)["wounds"] == 1
    assert any("Draw 2 cards" in n["msg"] for n in table.state["recent"]["picks"][3]["notes"])
    assert table.state["first_player"] == PETER
    assert said(applied) == ("Sandra takes reward space 3: 1 alliance token: enter what it shows on your phone. "
                             "Peter takes reward space 4: Wound, Draw 2 cards (compensation for the wound). "
                             "Peter becomes first player")
    assert table.state["phase"] == "done"


def test_the_covered_space_cannot_be_picked(table):
    table.jump_to(4)
    for seat in (PETER, SANDRA, MARTHA):
        table.do("drop_out", seat=seat)
    assert "at most 4" in table.refused("pick_space", seat=MARK, space=5)


def test_a_taken_space_cannot_be_picked_again(table):
    table.jump_to(3)
    table.do("enter_symbols", counts=[3, 2, 1, 0])
    table.do("pick_space", seat=SANDRA, space=2)
    assert "already taken" in table.refused("pick_space", seat=MARTHA, space=2)


def test_a_player_picks_from_their_own_phone_or_the_hosts_only(table):
    table.jump_to(3)
    table.do("enter_symbols", counts=[3, 2, 1, 0])
    # Another phone is told whose turn it is (who=ACTING), whatever seat it names.
    assert table.refused("pick_space", Actor(MARTHA), seat=SANDRA, space=1) == "It is Sandra's turn to pick a reward space"
    table.do("pick_space", Actor(SANDRA), space=1)  # seat defaults to the phone's own
    assert table.state["specials"]["blessing"]["holder"] == SANDRA


def test_double_scroll_gives_two_alliance_tokens(table):
    table.jump_to(3)
    table.do("enter_symbols", counts=[3, 2, 1, 0])
    table.do("pick_space", seat=SANDRA, space=3)
    assert len(table.tokens(SANDRA, "alliance")) == 2
    assert table.state["supply"]["alliance"] == 34


def test_five_players_use_all_five_spaces_and_no_cover(new_table):
    five = new_table(players=5)
    five.jump_to(3)
    assert five.view(None)["cover"] is None
    five.do("enter_symbols", counts=[0, 0, 0, 0, 0])
    assert all(s["in_play"] for s in five.view(None)["episode"]["spaces"])


def test_cover_marker_shows_the_spaces_left_on_the_next_major(new_table):
    three = new_table(players=3)
    cover = three.view(None)["cover"]
    # T5: "dans une partie à 3 joueurs, vous posez le marqueur sur le quatrième emplacement"
    assert cover == {"position": 3, "name": "King Hrothgar's Hall",
                     "title": {"msg": "King Hrothgar's Hall", "args": {}}, "available": 3, "covered": 4}


def test_cover_names_king_hrothgars_hall_before_any_major_is_known(new_table):
    blank = new_table(players=2, library={})
    assert blank.view(None)["cover"] == {"position": None, "name": "King Hrothgar's Hall",
                                         "title": {"msg": "King Hrothgar's Hall", "args": {}}, "available": 2,
                                         "covered": 3}


def test_inspiration_avoids_a_wound_without_compensation_cards(table):
    table.do("take_special", seat=PETER, card="inspiration")  # won at an earlier episode
    table.jump_to(4)
    for seat in (SANDRA, MARTHA, MARK):
        table.do("drop_out", seat=seat)
    assert table.view(PETER)["episode"]["spaces"][3]["needs"]["avoid"] == ["wound"]
    table.do("pick_space", seat=PETER, space=4, avoid="wound")
    assert table.player(PETER)["wounds"] == 0
    assert table.state["supply"]["wound"] == 10
    assert table.state["specials"]["inspiration"]["used"]
    notes = [n["msg"] for n in table.state["step"]["picks"][0]["notes"]]
    assert not any("Draw 2" in n for n in notes)


def test_inspiration_cannot_avoid_a_penalty_the_space_does_not_show(table):
    table.jump_to(13)
    table.do("enter_symbols", counts=[4, 3, 2, 1])
    table.do("pick_space", seat=SANDRA, space=1)
    assert "no such penalty" in table.refused("pick_space", seat=MARTHA, space=2, avoid="wound")


def test_a_space_offering_a_choice_asks_which(table):
    table.jump_to(36)
    table.player(SANDRA)["wounds"] = 1
    table.state["supply"]["wound"] -= 1
    table.do("enter_symbols", counts=[9, 1, 1, 1])
    assert "choice" in table.refused("pick_space", seat=SANDRA, space=1)
    table.do("pick_space", seat=SANDRA, space=1, alternative=1)  # discard one large wound tile
    assert table.player(SANDRA)["wounds"] == 0
    assert table.tokens(SANDRA, "fame") == []


def test_a_gain_out_of_stock_never_pushes_a_player_onto_another_space(table):
    """"Dans le cas rare où tous les jetons d'une valeur particulière sont épuisés, l'option en
    question n'est plus disponible" speaks of the Selection: a reward space is taken as chosen,
    with what the supply can give, and never traded for a penalty because a token is gone."""
    table.jump_to(20)  # Dragon Battle: fame7, fame4, wound, double_wound, scratch
    table.state["token_mix"] = {"fame": {"1": 26, "4": 1, "7": 9}, "treasure": {"1": 24}}
    table.give(PETER, "fame", 4)  # the only fame 4 is gone
    table.do("enter_symbols", counts=[3, 2, 1, 0])
    table.do("pick_space", seat=SANDRA, space=1)
    applied = table.do("pick_space", seat=MARTHA, space=2)  # fame 4 is gone: she still takes the space
    assert table.player(MARTHA)["wounds"] == 0 and table.tokens(MARTHA, "fame") == []
    assert "No fame token of value 4 is left in the supply" in said(applied)
    table.do("pick_space", seat=MARK, space=3)
    assert table.player(PETER)["double_wound"] == 1  # the last marker, given without a tap


def test_the_last_space_is_taken_even_when_its_gain_is_gone(new_table):
    two = new_table(players=2)
    two.jump_to(3)
    two.state["specials"]["blessing"]["holder"] = 1  # already taken at an earlier episode
    two.do("enter_symbols", counts=[0, 1])  # Martha 1 picks treasure; Sandra is left with the Blessing
    two.do("pick_space", seat=1, space=2)
    assert "already been taken" in two.state["recent"]["picks"][1]["notes"][0]["msg"]
    assert two.state["first_player"] == 0


def test_the_last_space_waits_for_its_player_when_it_asks_something(new_table):
    two = new_table(players=2)
    two.jump_to(36)  # space 1 offers fame 5 or discarding a wound tile
    two.do("enter_symbols", counts=[0, 1])
    two.do("pick_space", seat=1, space=2)
    assert two.state["phase"] == "picks"  # Sandra still chooses between fame 5 and a healed wound
    two.do("pick_space", seat=0, space=1, alternative=0)
    assert two.state["phase"] in ("final", "over")


def test_the_second_red_marker_waits_on_an_episode_not_entered_yet_after_the_first_major(new_table):
    t = new_table(players=3, library={"episodes": {"3": BOARD["3"]}})
    t.jump_to(4)  # after King Hrothgar's Hall: episode 4 is not entered, it may be the next major
    assert t.view(None)["cover"] == {"position": None, "name": "", "title": "", "available": 3, "covered": 4}


def test_the_second_red_marker_lies_on_death_of_beowulf_then_is_gone(new_table):
    t = new_table(players=2)
    for position in range(2, 36):
        if str(position) not in BOARD:
            t.do("enter_episode", position=position, kind="recovery")
    t.jump_to(36)
    assert t.view(None)["cover"] == {"position": 36, "name": "Death of Beowulf",
                                     "title": {"msg": "Death of Beowulf", "args": {}}, "available": 2, "covered": 3}
    t.do("enter_symbols", counts=[1, 0])
    t.do("pick_space", seat=0, space=1, alternative=0)  # the last space goes to Martha without a tap
    assert t.state["phase"] in ("final", "over") and t.view(None)["cover"] is None


def test_the_drop_out_form_takes_the_cards_played_on_a_risk(table):
    """"Si vous utilisez la carte Beowulf's Daring lors d'un épisode majeur dans lequel les joueurs
    jouent chacun à leur tour, toutes les cartes qui correspondent sont jouées"; Beowulf's Resolve:
    "vous ne recevez aucune égratignure et vous pouvez décider soit de courir à nouveau un risque,
    soit de jouer sans recourir au risque"."""
    table.do("take_special", seat=PETER, card="resolve")
    table.do("take_special", seat=MARK, card="daring")
    table.jump_to(4)
    applied = table.do("drop_out", seat=PETER, failed_risk=True, resolve=True)
    assert said(applied) == "Peter cancels a failed risk with Beowulf's Resolve and plays on"
    assert table.state["step"]["drops"] == [] and table.player(PETER)["scratches"] == 0
    assert table.state["specials"]["resolve"]["used"]
    table.do("drop_out", seat=MARK, failed_risk=True, daring=True)
    assert table.state["specials"]["daring"]["used"] and table.player(MARK)["scratches"] == 1
    assert "does not hold Beowulf's Daring" in table.refused("drop_out", seat=SANDRA, failed_risk=True, daring=True)
    assert "only help when a risk fails" in table.refused("drop_out", seat=SANDRA, resolve=True)


def test_a_space_whose_token_value_is_gone_says_so_before_the_pick(table):
    """FR l.124: « Dans le cas rare où tous les jetons d'une valeur particulière sont épuisés,
    l'option en question n'est plus disponible »; l.247: « Il ne peut pas, par exemple, prendre deux
    jetons de valeur 1 à la place d'un jeton de valeur 2 ». Martha sees that space 2's fame 4 is
    gone while she chooses, not after (issue #24)."""
    table.jump_to(20)  # Dragon Battle: fame7, fame4, wound, double_wound, scratch
    table.state["token_mix"] = {"fame": {"1": 26, "4": 1, "7": 9}, "treasure": {"1": 24}}
    table.give(PETER, "fame", 4)  # the only fame 4 is gone
    table.do("enter_symbols", counts=[3, 2, 1, 0])
    table.do("pick_space", seat=SANDRA, space=1)
    for seat in (None, MARTHA, MARK):  # public: the value was printed on a space, the table saw it go
        spaces = {s["index"]: s for s in table.view(seat)["episode"]["spaces"]}
        assert [english(r["msg"], r["args"]) for r in spaces[2]["short"]] == [
            "No fame token of value 4 is left in the supply"]
        assert spaces[3]["short"] == [] and spaces[1]["short"] == []  # taken spaces say nothing more
    html = picks_page(table, MARTHA)
    assert "The supply cannot give all of it now: No fame token of value 4 is left in the supply" in \
        " ".join(html.split())


def test_a_tie_at_death_of_beowulf_says_its_rule_is_borrowed_and_the_host_settles_it(table):
    """FR l.311: « Le joueur possédant le plus de symboles reçoit le marqueur de position avec le
    chiffre 1 [...] » — no tie rule. The app borrows l.150's (« le premier joueur ou celui situé le
    plus près de lui dans le sens des aiguilles d'une montre reçoit [...] le chiffre le moins
    élevé »), says so, and lets the host settle it (issue #24)."""
    table.jump_to(36)
    table.do("enter_symbols", counts=[1, 4, 4, 0])
    step = table.view(None)["step"]
    assert step["ties"] == [[MARTHA, MARK]] and not step["tie_settled"]
    assert step["markers"][MARTHA] == 1  # l.150, borrowed: Martha sits nearer Sandra clockwise
    html = picks_page(table, MARTHA, host=True)
    assert "the rulebook gives no tie rule at Death of Beowulf (l.311). The app borrowed the major episodes' " \
           "rule (l.150)" in html and 'name="first" value="2"' in html
    assert "Only the host" in table.refused("settle_tie", Actor(MARK), first=MARK)
    assert "not tied" in table.refused("settle_tie", first=SANDRA)
    assert said(table.do("settle_tie", first=MARK)) == \
        "The host settles the tie at Death of Beowulf: Mark takes status marker 1"
    assert table.state["step"]["markers"][MARK] == 1 and table.state["step"]["markers"][MARTHA] == 2
    table.do("pick_space", seat=MARK, space=1, alternative=0)
    assert "undo the picks" in table.refused("settle_tie", first=MARTHA)


def test_a_tie_in_a_major_episode_follows_its_own_rule_and_asks_nothing(table):
    """FR l.150 is the major episodes' own tie rule: nothing is borrowed there, nothing to settle."""
    table.jump_to(12)
    table.do("enter_symbols", counts=[1, 4, 4, 0])
    assert table.view(None)["step"]["ties"] == []


def picks_page(table, seat: int, host: bool = False) -> str:
    """The pick step as a phone renders it (the game's partial, by the app's own Jinja setup)."""
    from flask import render_template

    from companion import create_app

    view = table.view(seat)
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.test_request_context():
        html = render_template("games/beowulf-the-legend/_picks.html", v=view, st=view["step"], mine=True,
                               due=view["turn"], players=view["players"], is_host=host, act_url="/t/x/act",
                               version=1)
    return " ".join(html.split())
