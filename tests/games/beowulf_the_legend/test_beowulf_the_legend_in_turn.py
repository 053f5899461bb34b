"""Issue #24: phones answer in whatever order people tap; the Legend's "in turn, clockwise" steps
still follow the turn, and no player's choice is replaced by a pass they did not make.

"Le premier joueur commence en décidant s'il accomplit ou non l'activité proposée. Le jeu se
poursuit dans le sens des aiguilles d'une montre." (FR l.77)
"""

from __future__ import annotations

from companion.games.base import Actor
from companion.games.beowulf_the_legend import GAME
from tests.games.beowulf_the_legend.helpers import Table, said

SANDRA, MARTHA, MARK, PETER = range(4)
BREAK_RANKS, SELECTION, RISK, RECOVERY = 33, 5, 6, 7


def wounded_with_fame(t: Table, *seats: int) -> dict[int, list[int]]:
    """Each seat holds two fame tokens and a wound: what Break Ranks? may discard."""
    tokens = {}
    for seat in seats:
        tokens[seat] = [t.give(seat, "fame", 1)["id"], t.give(seat, "fame", 3)["id"]]
        t.do("take_wound", seat=seat)
    return tokens


def test_break_ranks_answered_out_of_turn_keeps_every_players_choice():
    """FR l.108: « vous pouvez retourner deux jetons gloire [...] pour pouvoir défausser un tuile
    blessure »; l.315: « Les joueurs qui n'ont aucune tuile blessure reçoivent un bonus de cinq
    points. » Mark (third in turn) answers first: Sandra's own answer still stands."""
    t = Table()
    tokens = wounded_with_fame(t, SANDRA, MARK)
    t.jump_to(BREAK_RANKS)
    assert said(t.do("take_opportunity", Actor(MARK), tokens=tokens[MARK])) == \
        "Mark has answered; the answer waits for Sandra"
    assert t.player(MARK)["wounds"] == 1 and t.view(None)["turn"] == SANDRA  # not applied yet: it waits
    assert t.view(None)["step"]["waiting"] == [MARK]
    applied = t.do("take_opportunity", Actor(SANDRA), tokens=tokens[SANDRA])
    assert said(applied) == "Sandra gives back 2 fame tokens and heals"
    t.do("pass", Actor(MARTHA))
    assert t.player(MARK)["wounds"] == 0  # applied at Mark's turn, once Martha had answered
    t.do("pass", Actor(PETER))
    assert t.state["phase"] == "done"
    assert [(r["seat"], r["choice"]) for r in t.state["recent"]["records"]] == [
        (SANDRA, "took_part"), (MARTHA, "passed"), (MARK, "took_part"), (PETER, "passed")]
    assert (t.player(SANDRA)["wounds"], t.player(MARK)["wounds"]) == (0, 0)


def test_the_last_player_answering_first_does_not_close_the_episode():
    """FR l.77: every player decides, in turn; the episode closes when all have (Beowulf stays)."""
    t = Table()
    t.jump_to(BREAK_RANKS)
    t.do("pass", Actor(PETER), move_on=True)
    assert (t.state["phase"], t.state["position"]) == ("minor", BREAK_RANKS)
    for seat in (SANDRA, MARTHA):
        t.do("pass", Actor(seat), move_on=True)
    assert t.state["position"] == BREAK_RANKS  # Mark has not answered
    t.do("pass", Actor(MARK), move_on=True)  # Mark's answer closes it, Peter's kept pass applied after
    assert t.state["position"] > BREAK_RANKS
    assert [r["seat"] for r in t.state["recent"]["records"]] == [SANDRA, MARTHA, MARK, PETER]


def test_a_waiting_answer_can_be_changed_and_stays_on_its_own_phone():
    """FR l.77: a player decides at their turn, so until then a kept answer may change; others see
    that Mark has answered, not what."""
    t = Table()
    t.jump_to(SELECTION)
    t.do("choose_selection", Actor(MARK), option="fame2")
    assert said(t.do("choose_selection", Actor(MARK), option="treasure2")) == \
        "Mark changes their answer; it waits for Sandra"
    assert t.view(MARK)["me"]["answer"] == {"msg": "Treasure 2", "args": {}}
    other = Table()
    other.jump_to(SELECTION)
    other.do("pass", Actor(MARK))
    for seat in (None, SANDRA, PETER):  # what Mark answered changes nothing another phone sees
        assert t.view(seat) == other.view(seat)
    t.do("pass", Actor(SANDRA))
    t.do("pass", Actor(MARTHA))
    assert [tok["value"] for tok in t.tokens(MARK, "treasure")] == [2] and t.tokens(MARK, "fame") == []


def test_a_kept_choice_whose_token_value_ran_out_goes_back_to_its_player():
    """FR l.124: « Dans le cas rare où tous les jetons d'une valeur particulière sont épuisés,
    l'option en question n'est plus disponible. » Order matters: Sandra, ahead of Mark, takes the
    last fame 2; Mark's earlier tap does not take it from her, and Mark chooses again."""
    t = Table()
    t.do("set_token_mix", fame=[35, 1], treasure=[24])  # a single fame 2 in the box (made up)
    t.jump_to(SELECTION)
    t.do("choose_selection", Actor(MARK), option="fame2")
    t.do("choose_selection", Actor(SANDRA), option="fame2")
    applied = t.do("pass", Actor(MARTHA))
    assert said(applied) == ("Martha passes. Mark's answer can no longer be applied (No fame token of value 2 is "
                             "left in the supply): Mark answers again")
    assert [tok["value"] for tok in t.tokens(SANDRA, "fame")] == [2] and t.tokens(MARK, "fame") == []
    returned = t.view(MARK)["step"]["returned"]
    assert t.view(None)["turn"] == MARK and [(r["seat"], r["why"]["args"]["value"]) for r in returned] == [(MARK, 2)]
    t.do("choose_selection", Actor(MARK), option="cards2")
    assert t.view(None)["step"]["returned"] == []


def test_a_pass_for_players_who_have_not_answered_is_the_hosts_and_names_them():
    """FR l.77: deciding is each player's; the one tap that passes everyone left is the host's, and
    the answers already given are applied at their turns."""
    t = Table()
    tokens = wounded_with_fame(t, PETER)
    t.jump_to(BREAK_RANKS)
    t.do("take_opportunity", Actor(PETER), tokens=tokens[PETER])
    assert t.view(None)["step"]["unanswered_names"] == "Sandra, Martha, Mark"
    refusal = t.refused("end_minor", Actor(MARTHA))
    assert refusal == "Only the host can pass for players who have not answered: Sandra, Martha, Mark"
    assert said(t.do("end_minor")) == "Sandra, Martha, Mark passed. Peter gives back 2 fame tokens and heals"
    assert t.player(PETER)["wounds"] == 0


def test_a_risk_answered_early_is_not_overwritten_by_the_tables_form():
    """FR l.77 at a Risk: Peter's own "failed" stands; the table's form names the others only."""
    t = Table()
    t.jump_to(RISK)
    t.do("take_risk", Actor(PETER), outcome="failed")
    assert "answered on their own phone" in t.refused("end_minor", Actor(SANDRA), failed=[PETER])
    t.do("end_minor", Actor(SANDRA), failed=[MARTHA])
    assert [t.player(s)["scratches"] for s in range(4)] == [0, 1, 0, 1]


def test_recovery_cards_are_taken_as_the_turn_comes():
    """FR l.132: « Dans le sens des aiguilles d'une montre, en commençant par le premier joueur,
    chaque joueur choisit une carte »: the cards lie face up, so nobody takes one before their turn."""
    t = Table()
    t.jump_to(RECOVERY)
    assert "It is Sandra's turn" in t.refused("take_recovery_card", Actor(MARK))


def test_an_answer_for_an_episode_that_is_over_is_refused():
    """A screen one episode behind must not answer the next episode's question (FR l.77: each
    episode's own turn)."""
    t = Table()
    t.jump_to(SELECTION)
    assert "which is over" in t.refused("pass", Actor(SANDRA), episode=SELECTION - 1)


def test_replaying_the_moves_rebuilds_the_kept_answers():
    """Undo rebuilds the state by replaying the moves: a kept answer is part of it, the same each time."""
    t = Table()
    t.jump_to(SELECTION)
    start = t.state
    moves = [("choose_selection", Actor(MARK), {"option": "fame2"}), ("pass", Actor(PETER), {}),
             ("pass", Actor(SANDRA), {})]
    states = []
    for kind, actor, fields in moves:
        t.do(kind, actor, **fields)
        states.append(t.state)
    state = start
    for kind, actor, fields in moves[:-1]:  # the last move undone
        state = GAME.apply(state, {"type": kind, **fields}, actor).state
    assert state == states[-2] and sorted(state["step"]["waiting"]) == [str(MARK), str(PETER)]
    assert state["step"]["records"] == [] and t.state["step"]["records"][0]["seat"] == SANDRA

def test_a_kept_break_ranks_answer_that_no_longer_stands_tells_the_table_nothing_private():
    """FR l.108 (« retourner deux jetons gloire ou deux jetons gloire/alliance »): which tokens go
    back is the owner's secret. Mark corrects his alliance token's face after answering: the answer
    comes back, and the table hears only that its tokens changed."""
    t = Table()
    fame = t.give(MARK, "fame", 2)
    ally = t.give(MARK, "alliance", 3, face="fame")
    t.do("take_wound", seat=MARK)
    t.jump_to(BREAK_RANKS)
    t.do("take_opportunity", Actor(MARK), tokens=[fame["id"], ally["id"]])
    t.do("enter_token", Actor(MARK), token=ally["id"], value=3, face="treasure")  # he misread it
    for seat in (SANDRA, MARTHA):
        applied = t.do("pass", Actor(seat))
    assert said(applied).endswith("Mark's answer can no longer be applied (the tokens it gives back have changed): "
                                  "Mark answers again")
    assert "treasure" not in str(t.view(SANDRA)["step"]) and t.player(MARK)["wounds"] == 1
