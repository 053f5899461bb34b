"""Whole games: a scripted one to the final scores, and random ones checking the invariants.

Invariants (hypothesis): apply never mutates its input and is deterministic (replaying the moves
gives the same state); states survive JSON; every token and tile is either in the supply or held,
never more than the box; nobody holds 3 scratches; a seat's view never depends on another seat's
face-down values.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import Actor, RuleError
from companion.games.beowulf_the_legend import GAME
from companion.games.beowulf_the_legend.box import BOX
from companion.games.beowulf_the_legend.quick import quick_score
from companion.games.beowulf_the_legend.views import whose_move
from tests.helpers import HOST

Move = tuple[str, Actor, dict[str, Any]]

SPACE_SETS = (
    ["fame5", "special:daring", "alliance", "wound", "scratch"],
    ["fame3", "misfortune+fame5", "heal", "scratch", "cards1"],
    ["special:inspiration", "special:warriors_rest", "special:resolve", "wound", "misfortune"],
    ["fame5|heal_wound", "treasure2", "alliance2", "fame", "scratch+scratch"],
)
GOLD_SETS = (["fame4"], ["special:all_iron_shield"], ["heal"], ["alliance2"])
SYMBOLS = (["wit"], ["courage", "fighting"], ["friendship", "travelling"])


def full_board(known: dict[str, Any]) -> dict[str, Any]:
    """Every episode known: the conftest board, with Selections where it has nothing."""
    board = {str(n): {"kind": "selection"} for n in range(3, 36)}
    board.update(known)
    return {"episodes": board}


# --- the move proposer -------------------------------------------------------------------

def entries(state: dict[str, Any]) -> list[Move]:
    """Ways the table might enter the current episode from the board."""
    p = state["position"]
    spaces = SPACE_SETS[p % len(SPACE_SETS)]
    if p == 36:
        return [("enter_episode", HOST, {"kind": "death", "spaces": spaces})]
    name = {"name": "Dragon Battle"} if p == 30 else {}
    dragon = ["double_wound", "fame7", "wound", "fame1", "scratch"]
    return [("enter_episode", HOST, {**name, **fields}) for fields in (
        {"kind": "risk", "symbols": ["wit", "courage"]},
        {"kind": "opportunity", "opportunity": ("great_rewards", "peace_returns", "many_friendships",
                                                "break_ranks", "hygelac")[p % 5]},
        {"kind": "selection"}, {"kind": "recovery"},
        {"kind": "simultaneous", "symbols": SYMBOLS[p % 3][:1], "spaces": dragon if p == 30 else spaces},
        {"kind": "turn_order", "symbols": ["courage", "fighting"], "spaces": spaces},
        {"kind": "treasure", "spaces": GOLD_SETS[p % len(GOLD_SETS)]},
        {"kind": "recover_treasures", "spaces": spaces},
    )]


def progress(state: dict[str, Any]) -> list[Move]:
    """Moves that carry the game forward in the current phase."""
    phase, seat, n = state["phase"], whose_move(state), len(state["players"])
    kind = state["board"].get(str(state["position"]), {}).get("kind")
    if phase == "start":
        return [("advance", HOST, {})] + [("set_first_player", HOST, {"seat": s}) for s in range(n)]
    if phase == "done":
        return [("advance", HOST, {})]
    if phase == "enter":
        return entries(state)
    if phase == "minor":
        return minor_moves(state, seat, kind)
    if phase == "contest":
        if kind == "turn_order":
            out = {d["seat"] for d in state["step"]["drops"]}
            return [("drop_out", HOST, {"seat": s, "failed_risk": f}) for s in range(n) if s not in out
                    for f in (False, True)]
        if kind == "recover_treasures":
            return [("reveal_treasures", HOST, {})] + value_entries(state)
        return [("enter_symbols", HOST, {"counts": [(s * k) % 4 for s in range(n)]}) for k in (1, 3)]
    if phase in ("picks", "bid_reward"):
        return pick_moves(state, GAME.view(state, None), seat)
    if phase == "bid":
        return [("drop_bid", HOST, {"seat": seat})] + [("reveal_treasure", Actor(seat), {"token": t})
                                                        for t in treasure_ids(state, seat)]
    if phase == "final":
        return value_entries(state)
    return []


def minor_moves(state: dict[str, Any], seat: int, kind: str) -> list[Move]:
    me = {"seat": seat}
    if kind == "recovery":
        return [("take_recovery_card", HOST, me), ("end_minor", HOST, {"move_on": True})]
    moves: list[Move] = [("pass", HOST, me), ("end_minor", HOST, {"move_on": True}),
                         ("end_minor", HOST, {"failed": [seat]}), ("end_minor", HOST, {"took_part": [seat]})]
    if kind == "risk":
        moves += [("take_risk", HOST, {**me, "outcome": o}) for o in ("kept", "failed")]
        moves += [("take_risk", HOST, {**me, "outcome": "failed", "resolve": True}),
                  ("take_risk", HOST, {**me, "outcome": "failed", "warriors_rest": True})]
    elif kind == "selection":
        moves += [("choose_selection", HOST, {**me, "option": o})
                  for o in ("treasure2", "alliance", "fame2", "cards2", "scratches")]
    elif state["board"][str(state["position"])]["opportunity"] == "break_ranks":
        fame = [t["id"] for t in state["players"][seat]["tokens"]
                if (t["kind"] == "fame" or t["face"] == "fame") and t["value"]]
        if len(fame) >= 2:
            moves += [("take_opportunity", Actor(seat), {"tokens": fame[:2], "heal": h})
                      for h in ("wound", "double_wound", "scratches")]
    else:
        moves.append(("take_opportunity", HOST, me))
    return moves


def pick_moves(state: dict[str, Any], view: dict[str, Any], seat: int) -> list[Move]:
    moves = []
    for space in view["episode"]["spaces"]:
        if not space["in_play"] or space["taken_by"] is not None:
            continue
        for extra in ({}, {"alternative": 0}, {"alternative": 1}, {"heal": "wound"}, {"heal": "scratches"},
                      {"avoid": "wound"}, {"avoid": "scratch"}, {"warriors_rest": True}):
            moves.append(("pick_space", HOST, {"seat": seat, "space": space["index"], **extra}))
    return moves


def treasure_ids(state: dict[str, Any], seat: int) -> list[int]:
    return [t["id"] for t in state["players"][seat]["tokens"]
            if (t["kind"] == "treasure" or t["face"] == "treasure") and t["value"]]


def value_entries(state: dict[str, Any]) -> list[Move]:
    moves = []
    for seat, p in enumerate(state["players"]):
        for t in p["tokens"]:
            if t["kind"] != "misfortune" and t["value"] is None:
                for value, face in ((1, "fame"), (3, "treasure"), (2, "fame")):
                    moves.append(("enter_token", Actor(seat), {"token": t["id"], "value": value, "face": face}))
    return moves


def side_moves(state: dict[str, Any]) -> list[Move]:
    """Moves a table makes by hand at any time."""
    n = len(state["players"])
    moves: list[Move] = []
    for s in range(n):
        moves += [("take_scratch", HOST, {"seat": s}), ("take_wound", HOST, {"seat": s}),
                  ("take_wound", HOST, {"seat": s, "double": True}), ("heal", HOST, {"seat": s, "what": "wound"}),
                  ("take_token", HOST, {"seat": s, "kind": "misfortune"}),
                  ("take_token", HOST, {"seat": s, "kind": "alliance"}),
                  ("use_special", HOST, {"seat": s, "card": "warriors_rest"}),
                  ("take_special", HOST, {"seat": s, "card": "inspiration"})]
        for t in state["players"][s]["tokens"][:2]:
            moves.append(("return_token", Actor(s), {"token": t["id"]}))
    moves.append(("set_token_mix", HOST, {"fame": [20, 10, 3, 2, 1], "treasure": [12, 8, 4]}))
    return moves + value_entries(state)


# --- invariants ---------------------------------------------------------------------------

def check_box(state: dict[str, Any]) -> None:
    held = {kind: sum(1 for p in state["players"] for t in p["tokens"] if t["kind"] == kind)
            for kind in ("fame", "treasure", "misfortune", "alliance")}
    held["scratch"] = sum(p["scratches"] for p in state["players"])
    held["wound"] = sum(p["wounds"] for p in state["players"])
    held["double_wound"] = sum(p["double_wound"] for p in state["players"])
    for kind, box in BOX.items():
        assert state["supply"][kind] >= 0, kind
        assert state["supply"][kind] + held[kind] == box, kind
    assert all(p["scratches"] <= 2 for p in state["players"])


def check_privacy(state: dict[str, Any]) -> None:
    """Changing one seat's face-down values changes no other seat's view (nor the table display's).

    Each seat's view of the true state is built once and compared with every owner's altered copy
    (built per owner, it was two thirds of the views this test renders); the copy shares all but
    the owner's tokens, the only part altered."""
    if state["phase"] == "over":
        return  # the token mix no longer excuses a difference: decisions use public values only
    n = len(state["players"])
    face_up = {i for ids in state["step"].get("revealed", []) for i in ids} if state["phase"] == "bid" else set()
    true_views = {seat: GAME.view(state, seat) for seat in [None, *range(n)]}
    for owner in range(n):
        other = with_face_down_values_changed(state, owner, face_up)
        for seat in [None] + [s for s in range(n) if s != owner]:
            assert GAME.view(other, seat) == true_views[seat], (owner, seat)


def with_face_down_values_changed(state: dict[str, Any], owner: int, face_up: set[int]) -> dict[str, Any]:
    """The state with each of the owner's face-down values one higher (an alliance token's face
    turned): a new players list, owner and tokens; everything else shared with ``state``."""
    tokens = []
    for token in state["players"][owner]["tokens"]:
        token = dict(token)
        if token["value"] is not None and token["id"] not in face_up and not token.get("public"):
            token["value"] += 1
            if token["kind"] == "alliance":
                token["face"] = "fame" if token["face"] == "treasure" else "treasure"
        tokens.append(token)
    players = list(state["players"])
    players[owner] = {**players[owner], "tokens": tokens}
    return {**state, "players": players}


def play(draw, table: Any, steps: int) -> None:
    """Plays ``steps`` moves chosen by hypothesis (mostly forward moves, some by hand), checking as it goes.

    Each state is written as JSON once: that text is compared with the state after the next move
    is applied (apply left its input as it was) and read back (the state survives JSON)."""
    start = copy.deepcopy(table.state)
    state, written = table.state, json.dumps(table.state)
    applied: list[tuple[dict[str, Any], Actor]] = []
    choices = draw(st.lists(st.integers(0, 2**16), min_size=steps, max_size=steps))
    for step, choice in enumerate(choices):
        if state["phase"] == "over":
            break
        moves = progress(state)
        if choice % 10 == 0 or not moves:
            moves = side_moves(state) or moves
        kind, actor, fields = moves[(choice // 10) % len(moves)]
        try:
            after = GAME.apply(state, {"type": kind, **fields}, actor).state
        except RuleError:
            continue
        assert json.dumps(state) == written, "apply must not change the state it is given"
        state, written = after, json.dumps(after)
        applied.append(({"type": kind, **fields}, actor))
        assert json.loads(written) == state
        check_box(state)
        if step % 15 == 0:
            check_privacy(state)
    assert GAME.setup(table.players, table.options, table.library) == start, "setup is deterministic"
    # The log's own replay: one copy of the start, each move applied to it in place.
    replay = copy.deepcopy(start)
    for action, actor in applied:
        replay = GAME.apply_in_place(replay, action, actor).state
    assert replay == state, "replaying the same moves gives the same state"


@pytest.mark.slow
@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture])
@given(data=st.data(), players=st.integers(2, 5), advanced=st.booleans(), known=st.booleans())
def test_random_games_keep_the_box_whole_private_values_private_and_replay_the_same(new_table, data, players,
                                                                                    advanced, known):
    library = full_board(new_table.BOARD) if known else {}
    play(data.draw, new_table(players, {"advanced": advanced}, library), steps=350)


# --- a scripted game to the end -------------------------------------------------------------

def test_a_whole_base_game_ends_with_scores_from_the_shared_scoring_rule(new_table):
    t = new_table(4, {"harsh": True}, full_board(new_table.BOARD))
    while t.state["phase"] != "over":
        moves = progress(t.state)
        for kind, actor, fields in moves:  # the first legal move, every time: a deterministic game
            try:
                t.do(kind, actor, **fields)
                break
            except RuleError:
                continue
        else:
            raise AssertionError(f"stuck in phase {t.state['phase']}")
    assert t.state["position"] == 36
    scores = GAME.final_scores(t.state)
    quick = quick_score({"advanced": False, "harsh": True, "players": [
        {"name": p["name"],
         "fame": [x["value"] for x in p["tokens"] if x["kind"] == "fame"],
         "treasure": [x["value"] for x in p["tokens"] if x["kind"] == "treasure"],
         "alliance_fame": [x["value"] for x in p["tokens"] if x["kind"] == "alliance" and x["face"] == "fame"],
         "alliance_treasure": [x["value"] for x in p["tokens"] if x["kind"] == "alliance" and x["face"] == "treasure"],
         "misfortune": sum(1 for x in p["tokens"] if x["kind"] == "misfortune"), "wounds": p["wounds"],
         "double_wounds": p["double_wound"], "scratches": p["scratches"]} for p in t.state["players"]]})
    assert [(s.name, s.total, s.place) for s in scores] == [(p["name"], p["total"], p["place"])
                                                           for p in quick["players"]]
    for seat in (None, 0, 3):
        assert [s["total"] for s in GAME.view(t.state, seat)["scores"]] == [s.total for s in scores]
    assert "The game is over." in t.refused("advance")


def played_export(players: list[dict[str, str]]) -> dict[str, Any]:
    """A whole base game (the first legal move each time, on a board the table enters as it goes)
    written as Records › Export writes it: what the browser tests import as a finished table."""
    from companion.games.base import PlayerSpec

    specs = [PlayerSpec(p["name"], p["colour"]) for p in players]
    state = GAME.setup(specs, {}, {})
    setup, events = copy.deepcopy(state), []
    while not GAME.is_over(state):
        for kind, actor, fields in progress(state):
            try:
                applied = GAME.apply(state, {"type": kind, **fields}, actor)
            except RuleError:
                continue
            state = applied.state
            events.append({"version": len(events) + 1, "kind": "finish" if GAME.is_over(state) else "action",
                           "action": {"type": kind, **fields}, "seat": actor.seat, "by_host": actor.host})
            break
        else:
            raise AssertionError(f"stuck in phase {state['phase']}")
    return {"format": "companion-game", "game": GAME.key, "options": {}, "players": players,
            "setup": setup, "events": events, "state": state}
