"""The turn pointer: whose turn it is, moved on by each turn's placement, and the next act's starter.

Rulebook (FR), "Jeu" (l.63): « Le plus jeune joueur commence la partie. Quand il a fini son tour, le
joueur à sa gauche joue après lui. » "Le commencement des actes II et III" (l.170): « le premier
tour est commencé par le joueur qui aurait eu le prochain tour dans l'acte précédent, si celui-ci
ne s'était pas terminé. »
"""

from __future__ import annotations

from companion.games.base import Actor
from companion.games.beowulf_the_movie import GAME
from tests.games.beowulf_the_movie.helpers import new_game, play, refused, with_board
from tests.helpers import HOST

ANN, BOB, CID = Actor(0), Actor(1), Actor(2)


def figure(square, kind="longship", seat=None):
    row, col = square
    return {"type": "place_figure", "row": row, "col": col, "kind": kind, **({} if seat is None else {"seat": seat})}


def tile(square, value=1, ability=None):
    row, col = square
    return {"type": "place_tile", "row": row, "col": col, "value": value, "ability": ability}


def act_one(rows=1, cols=4, starter=0):
    state = with_board(new_game(), rows=rows, cols=cols)
    return play(state, {"type": "set_first_player", "seat": starter}).state


def whose_turn(state):
    return GAME.view(state, None)["turn"]["name"]


def test_ann_placing_the_last_piece_after_ann_bob_cid_makes_bob_start_the_next_act():
    """l.170: Ann placed the act's last piece, so « le prochain tour » would have been Bob's (l.63:
    the player on her left)."""
    state = play(act_one(), (figure((0, 0)), ANN), (tile((0, 1)), BOB), (figure((0, 2)), CID),
                 (tile((0, 3)), ANN), {"type": "score_act"}).state
    assert whose_turn(state) == "Bob"
    state = play(state, ({"type": "next_act"}, ANN)).state
    assert (state["act"], state["first_seat"], whose_turn(state)) == (2, 1, "Bob")


def test_turns_ann_bob_cid_tapped_on_anns_phone_make_ann_start_as_the_rule_says():
    """The issue's table: turns Ann, Bob, Cid — Cid played last, so Ann would have played next
    (l.170) — but Ann's phone entered every tile. The pointer follows the turns, not the phone."""
    state = play(act_one(cols=3), (figure((0, 0)), ANN), (tile((0, 1)), ANN), (tile((0, 2), 4), ANN),
                 {"type": "score_act"}).state
    assert whose_turn(state) == "Ann"
    assert GAME.view(state, None)["proposed_first_seat"] == 0
    assert play(state, {"type": "next_act"}).state["first_seat"] == 0


def test_a_tile_with_no_player_chosen_or_a_stale_host_pick_moves_the_turn_on_by_one_seat():
    """l.63 « le joueur à sa gauche joue après lui »: one turn, one seat, whatever the form sent."""
    state = play(act_one(), tile((0, 0))).state  # the host's phone, no player chosen: Ann's turn
    assert whose_turn(state) == "Bob"
    state = play(state, {**tile((0, 1)), "seat": 0}).state  # the host's pick stayed on Ann: Bob's turn
    assert whose_turn(state) == "Cid"


def test_a_drunkenness_replacing_a_mead_is_one_turn_of_whoever_plays_not_the_tapping_phone():
    """l.114: Ivresse « remplacer une tuile Bière qui est déjà placée sur le plateau » is how the
    tile is played: that turn, nothing more."""
    state = play(act_one(), (tile((0, 0), 3, "mead"), ANN)).state
    state = play(state, ({"type": "drunkenness", "square": "0,0", "value": -3}, ANN)).state  # Bob's turn, Ann taps
    assert whose_turn(state) == "Cid"


def test_a_treasure_cashed_and_a_good_counsel_are_each_one_turn():
    """l.108: a Treasure is played by « retourner la tuile dans la boîte [...] et immédiatement
    marquer »; l.67–70: a turn places a figure or plays one tile."""
    state = play(act_one(rows=2, cols=2), (figure((0, 0)), ANN),
                 ({"type": "cash_treasure", "points": 2}, BOB),
                 ({"type": "good_counsel", "seat": 0, "square": "0,0", "to": "1,0", "value": 1}, HOST)).state
    assert whose_turn(state) == "Ann"


def test_a_piece_taken_off_as_a_mistake_gives_the_turn_back():
    state = play(act_one(), (figure((0, 0)), ANN), (tile((0, 1), 7), BOB)).state
    state = play(state, {"type": "remove_piece", "row": 0, "col": 1}).state  # not Bob's tile after all
    assert whose_turn(state) == "Bob"
    assert whose_turn(play(state, (tile((0, 1), 2), BOB)).state) == "Cid"


def test_the_host_corrects_the_pointer_when_a_player_passes_and_no_phone_else_can():
    """l.78: « il passe son tour » — nothing is placed, so only the host can move the pointer on."""
    state = act_one()
    refused(state, {"type": "set_turn", "seat": 1}, BOB, match="the host")
    state = play(state, {"type": "set_turn", "seat": 1}, actor=HOST).state  # Ann passed
    assert whose_turn(state) == "Bob"


def test_the_next_act_starts_with_the_pointer_and_only_the_host_names_someone_else():
    """l.170: the starter follows from the turns; a phone cannot pick another one."""
    state = play(act_one(cols=2), (figure((0, 0)), ANN), (tile((0, 1)), BOB), {"type": "score_act"}).state
    refused(state, {"type": "next_act", "first_seat": 0}, ANN, match="Cid would have played next")
    assert play(state, ({"type": "next_act", "first_seat": 2}, BOB)).state["first_seat"] == 2
    assert play(state, {"type": "next_act", "first_seat": 0}, actor=HOST).state["first_seat"] == 0


def test_a_starter_named_after_some_turns_were_entered_counts_those_turns():
    """The table may enter pieces before saying who started (l.63: Ann, the youngest)."""
    state = play(with_board(new_game(), rows=1, cols=4), tile((0, 0)), tile((0, 1))).state
    assert GAME.view(state, None)["turn"] is None
    state = play(state, {"type": "set_first_player", "seat": 0}).state
    assert whose_turn(state) == "Cid"


def test_without_a_starter_the_table_names_who_starts_the_next_act():
    state = play(with_board(new_game(), rows=1, cols=1), tile((0, 0)), {"type": "score_act"}).state
    refused(state, {"type": "next_act"}, match="Say who starts Act II")
    assert play(state, {"type": "next_act", "first_seat": 1}).state["first_seat"] == 1


def test_a_table_recorded_before_the_pointer_replays_unchanged():
    """Its states have no pointer: moves keep them as they were (the old ``last_seat``), so its
    log and its exports replay to the very same states; the table still names the starter."""
    state = with_board(new_game(), rows=1, cols=2)
    del state["turn"], state["turns_played"]
    state["last_seat"] = None
    state = play(state, (figure((0, 0)), ANN), (tile((0, 1)), BOB), {"type": "score_act"}).state
    assert "turn" not in state and "turns_played" not in state and state["last_seat"] == 1
    view = GAME.view(state, None)
    assert view["turn"] is None and view["proposed_first_seat"] == 2
    state = play(state, ({"type": "next_act", "first_seat": 0}, ANN)).state
    assert state["first_seat"] == 0 and "turn" not in state
    refused(state, {"type": "set_turn", "seat": 1}, match="recorded before")
