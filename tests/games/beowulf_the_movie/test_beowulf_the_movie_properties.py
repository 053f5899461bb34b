"""Invariants of a tracked game under any sequence of moves, legal or not."""

from __future__ import annotations

import json

from hypothesis import event, given, settings, strategies as st

from companion.games.base import Actor, RuleError
from companion.games.beowulf_the_movie import GAME
from companion.games.beowulf_the_movie.box import FIGURES
from companion.games.beowulf_the_movie.state import saga
from tests.games.beowulf_the_movie.helpers import new_game

SQUARE = st.integers(0, 4)
ACTORS = st.sampled_from([Actor(None, host=True), Actor(0), Actor(1), Actor(None)])
PLACE_FIGURE = st.builds(lambda r, c, k, s: {"type": "place_figure", "row": r, "col": c, "kind": k, "seat": s},
                        SQUARE, SQUARE, st.sampled_from(list(FIGURES)), st.sampled_from([0, 1, None]))
PLACE_TILE = st.builds(lambda r, c, v, a: {"type": "place_tile", "row": r, "col": c, "value": v, "ability": a},
                       SQUARE, SQUARE, st.integers(-6, 6), st.sampled_from([None, "gorge", "betrayal", "horn"]))
MOVES = st.one_of(
    PLACE_FIGURE, PLACE_FIGURE, PLACE_FIGURE, PLACE_TILE, PLACE_TILE,
    st.builds(lambda r, c: {"type": "set_board_size", "rows": r, "cols": c}, st.integers(1, 5), st.integers(1, 5)),
    st.builds(lambda r, c, k: {"type": "set_square", "row": r, "col": c, "kind": k},
              SQUARE, SQUARE, st.sampled_from(["open", "blocked", "gorge"])),
    st.just({"type": "confirm_board"}),
    st.just({"type": "edit_board"}),
    st.builds(lambda r, c: {"type": "remove_piece", "row": r, "col": c}, SQUARE, SQUARE),
    st.builds(lambda r, c, a, b: {"type": "place_tile", "row": r, "col": c, "value": 0, "ability": "golden-statue",
                                  "swap": f"{a[0]},{a[1]}", "swap2": f"{b[0]},{b[1]}"},
              SQUARE, SQUARE, st.tuples(SQUARE, SQUARE), st.tuples(SQUARE, SQUARE)),
    st.builds(lambda a, b: {"type": "good_counsel", "square": f"{a[0]},{a[1]}", "to": f"{b[0]},{b[1]}"},
              st.tuples(SQUARE, SQUARE), st.tuples(SQUARE, SQUARE)),
    st.builds(lambda p: {"type": "cash_treasure", "points": p}, st.integers(0, 6)),
    st.builds(lambda s, p: {"type": "correct_saga", "seat": s, "points": p}, st.sampled_from([0, 1]), st.integers(-9, 9)),
    st.builds(lambda s: {"type": "set_first_player", "seat": s}, st.integers(0, 1)),
    st.just({"type": "score_act"}),
    st.builds(lambda s: {"type": "next_act", "first_seat": s}, st.integers(0, 1)),
    st.just({"type": "end_game"}),
)


def figures_accounted_for(state) -> bool:
    """Every figure is in front of its owner, on the board, or retired by act scoring.

    Once an act is scored its grid stays on show, but those figures are already dealt with:
    Longships are back in front of their owners, the others are in the ledger (and the box).
    """
    scored = state["phase"] in ("scored", "over")
    for seat in range(len(state["players"])):
        for kind, spec in FIGURES.items():
            on_board = 0 if scored else sum(1 for e in state["pieces"].values()
                                            if e.get("figure") == {"seat": seat, "kind": kind})
            retired = 0 if spec.returns_after_act else sum(
                1 for e in state["ledger"] if e["why"] == "figure" and e["seat"] == seat and e["kind"] == kind)
            if state["supply"][seat][kind] + on_board + retired != spec.count:
                return False
    return True


# Boards known from earlier games, so that random moves reach every act without entering shapes.
LIBRARY = {"boards": {"1": {"rows": 4, "cols": 5}, "2": {"rows": 4, "cols": 5, "gorges": [[0, 2], [2, 0], [3, 4]]},
                      "3": {"rows": 5, "cols": 5, "blocked": [[4, 4]]}}}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(MOVES, ACTORS), min_size=8, max_size=60), st.booleans())
def test_any_moves_leave_their_input_untouched_and_keep_the_books_straight(moves, known_boards):
    library = LIBRARY if known_boards else {}
    state = new_game(names=("Ann", "Bob"), colours=("brown", "green"), library=library)
    replay = []
    for action, actor in moves:
        before = json.dumps(state, sort_keys=True)
        try:
            applied = GAME.apply(state, action, actor)
        except RuleError:
            assert json.dumps(state, sort_keys=True) == before
            continue
        assert json.dumps(state, sort_keys=True) == before
        # The platform keeps states as JSON: a state read back must take the move the same way.
        assert GAME.apply(json.loads(before), action, actor).state == applied.state
        state = applied.state
        replay.append((action, actor))
        event(action["type"])
        assert json.loads(json.dumps(state)) == state
        assert figures_accounted_for(state)
        assert all(n >= 0 for supply in state["supply"] for n in supply.values())
        view = GAME.view(state, 0)
        assert [p["saga"] for p in view["players"]] == saga(state)
        json.dumps(view)
    again = new_game(names=("Ann", "Bob"), colours=("brown", "green"), library=library)
    for action, actor in replay:
        again = GAME.apply(again, action, actor).state
    assert again == state
