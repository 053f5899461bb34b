"""Rules edge cases, each following the French rulebook line it quotes."""

from __future__ import annotations

import copy

import pytest

from companion.games.base import Actor, RuleError
from companion.games.beowulf_the_legend import GAME
from companion.games.beowulf_the_legend.quick import EXAMPLE, quick_score
from companion.games.base import ScoreInputError
from tests.games.beowulf_the_legend.helpers import BOARD, said

SANDRA, MARTHA, MARK, PETER = range(4)
FEW_TWOS = {"fame": {"1": 20, "2": 1, "3": 5, "4": 4, "5": 6}, "treasure": {"1": 10, "2": 8, "3": 6}}


def test_fame_2_is_paid_in_smaller_tokens_from_the_dragon_battle_on(new_table):
    """"Exception: Dans des cas rares, il peut arriver que tous les jetons gloire de valeur 2 aient
    été utilisés au moment où vous atteignez l'épisode Dragon Battle ou des épisodes ultérieurs. Si
    cela arrive, vous pouvez faire le change. Il s'agit de la seule exception autorisée." """
    t = new_table(4, {}, {"episodes": {**BOARD, "21": {"kind": "selection"}}})
    t.do("set_token_mix", fame=[FEW_TWOS["fame"][str(v)] for v in range(1, 6)],  # this table's count
         treasure=[FEW_TWOS["treasure"][str(v)] for v in range(1, 4)])
    t.give(PETER, "fame", 2)  # the only fame 2 is gone
    t.jump_to(5)  # a Selection before the Dragon Battle: "Vous ne pouvez pas prendre 2 jetons de valeur 1"
    assert "No fame token of value 2" in t.refused("choose_selection", seat=SANDRA, option="fame2")
    t.jump_to(21)  # after the Dragon Battle (episode 20)
    applied = t.do("choose_selection", seat=SANDRA, option="fame2")
    assert sorted(x["value"] for x in t.tokens(SANDRA, "fame")) == [1, 1]
    assert said(applied) == "Sandra takes a fame token of value 2"
    assert t.state["supply"]["fame"] == 36 - 3


def test_the_dragon_battle_is_known_by_its_key_in_any_language(new_table):
    """"La grande tuile avec deux blessures n'est pas utilisée avant que vous n'atteigniez l'épisode
    Dragon Battle": a table that names it in French (or misspells it) keeps the double wound."""
    board = {k: v for k, v in BOARD.items() if k != "20"}
    t = new_table(4, {}, {"episodes": board})
    t.jump_to(20)
    t.do("enter_episode", name="Bataille contre le dragon", key="dragon_battle", kind="simultaneous",
         symbols=["fighting"], spaces=["fame7", "fame4", "wound", "double_wound", "scratch"])
    assert t.state["board"]["20"]["key"] == "dragon_battle"
    t.do("enter_symbols", counts=[1, 4, 3, 2])
    for seat, space in ((MARTHA, 1), (MARK, 2), (PETER, 3)):
        t.do("pick_space", seat=seat, space=space)
    assert t.player(SANDRA)["double_wound"] == 1
    # And the English name alone, as earlier tables saved it, is recognised as the same episode.
    again = new_table(4, {}, {"episodes": {**board, "20": {**BOARD["20"]}}})
    assert again.state["board"]["20"]["key"] == "dragon_battle"


def test_a_named_episode_is_shown_in_the_phones_language_by_its_key(new_table):
    t = new_table()
    assert t.view(None)["path"][0]["title"] == {"msg": "King Hygelac's Court", "args": {}}
    t.do("advance")
    assert t.view(None)["episode"]["title"] == {"msg": "King Hygelac's Court", "args": {}}
    typed = new_table(4, {}, {"episodes": {"5": {"name": "Le gué", "kind": "selection"}}})
    assert typed.view(None)["path"][4]["title"] == "Le gué"  # a name the table typed stays as typed


def test_an_unknown_episode_key_is_refused(table):
    table.do("advance")
    refusal = table.refused("enter_episode", position=2, key="sail_to_norway", kind="risk")
    assert refusal.startswith("key must be one of: ") and "sail_to_denmark" in refusal


@pytest.mark.parametrize("field, value, message", [
    ("scratches", 3, "a third scratch becomes a wound"),
    ("fame", [5, 0], "a token shows a value from 1 to 10"),
    ("treasure", [100], "a token shows a value from 1 to 10"),
    ("alliance_fame", [11], "a token shows a value from 1 to 10"),
])
def test_the_quick_scorer_takes_only_what_the_box_can_hold(field, value, message):
    """"Si un joueur reçoit une troisième égratignure, il retourne ses trois tuiles égratignure et
    prend une grande tuile blessure" — and the tokens show the values the box prints."""
    body = copy.deepcopy(EXAMPLE)
    body["players"][0][field] = value
    with pytest.raises(ScoreInputError) as error:
        quick_score(body)
    assert message in str(error.value)
    body["players"][0][field] = 2 if field == "scratches" else [10]
    assert quick_score(body)["players"][0]["name"] == "Sandra"


# --- privacy: a refusal is as public as an answer -------------------------------------------

def _answer(state, action, actor):
    try:
        applied = GAME.apply(state, action, actor)
        return ("applied", applied.label.to_json(), GAME.view(applied.state, actor.seat))
    except RuleError as error:
        return ("refused", error.msg, error.args_)


@pytest.mark.parametrize("actor", [Actor(None, host=True), Actor(MARTHA), Actor(None)])
def test_the_token_mix_answer_never_depends_on_a_value_another_player_entered(new_table, actor):
    """Ann's face-down value (here Sandra's) never changes what another phone, the host or the
    display is told by set_token_mix, take_token or a Selection — accepted or refused."""
    answers = []
    for hidden in (4, 5):
        t = new_table(4, {}, {"episodes": BOARD})
        t.do("take_token", seat=SANDRA, kind="fame")  # face down: only Sandra knows what it shows
        token = t.tokens(SANDRA, "fame")[0]["id"]
        t.do("enter_token", Actor(SANDRA), token=token, value=hidden)
        mix = {"fame": [20, 10, 5, 1], "treasure": [24]}  # one fame 4 in the box
        one = [_answer(t.state, {"type": "set_token_mix", **mix}, actor)]
        t.do("set_token_mix", **mix)
        one.append(_answer(t.state, {"type": "take_token", "seat": MARTHA, "kind": "fame", "value": 4}, actor))
        t.jump_to(5)
        one.append(_answer(t.state, {"type": "choose_selection", "seat": SANDRA, "option": "fame2"}, actor))
        answers.append(one)
    assert answers[0] == answers[1]


def test_a_hidden_value_the_mix_contradicts_is_told_to_its_owner_alone(new_table):
    t = new_table(4, {}, {"episodes": BOARD})
    t.do("take_token", seat=SANDRA, kind="fame")
    token = t.tokens(SANDRA, "fame")[0]["id"]
    t.do("enter_token", Actor(SANDRA), token=token, value=4)
    t.do("set_token_mix", fame=[20, 11, 5], treasure=[24])  # no fame 4 in this mix
    assert t.view(SANDRA)["me"]["mix_conflicts"] == [{"kind": "fame", "value": 4}]
    assert "mix_conflicts" not in str(t.view(MARTHA)["players"]) and t.view(MARTHA)["me"]["mix_conflicts"] == []
    assert "no other fame token of value 4" in t.refused("enter_token", Actor(SANDRA), token=token, value=4)


def test_a_refusal_names_what_to_heal_in_words_not_codes(table):
    """The crossed-out wound: "retourner une de vos tuiles blessure [...] ou n'importe quel nombre
    d'égratignures" — when both are possible the app asks, in words each phone translates."""
    table.do("take_wound", seat=MARTHA)
    table.do("take_scratch", seat=MARTHA)
    table.jump_to(12)
    table.do("enter_symbols", counts=[0, 5, 0, 0])
    message = table.refused("pick_space", seat=MARTHA, space=3)
    assert message == "Say what to give back: a wound tile, all scratches"
    assert "double_wound" not in message and "scratches," not in message
