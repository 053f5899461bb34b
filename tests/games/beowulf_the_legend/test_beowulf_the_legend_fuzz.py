"""Any move with any fields, in any phase: applied, or refused with a RuleError — never a crash."""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.base import Actor, RuleError
from companion.games.beowulf_the_legend import GAME

SANDRA, MARTHA, MARK, PETER = range(4)


def states(new_table):
    """One table per phase worth poking at."""
    out = {}
    t = new_table(options={"advanced": True})
    out["start"] = copy.deepcopy(t.state)
    t.give(MARTHA, "treasure", 3)
    t.give(MARK, "alliance", 2, face="treasure")
    t.do("take_token", seat=PETER, kind="alliance")
    t.do("take_special", seat=SANDRA, card="warriors_rest")
    t.do("take_scratch", seat=SANDRA)
    t.jump_to(6)
    out["minor"] = copy.deepcopy(t.state)
    t.jump_to(3)
    out["contest"] = copy.deepcopy(t.state)
    t.do("enter_symbols", counts=[1, 2, 3, 0])
    out["picks"] = copy.deepcopy(t.state)
    t.jump_to(4)
    out["turn_order"] = copy.deepcopy(t.state)
    t.jump_to(8)
    out["bid"] = copy.deepcopy(t.state)
    t.jump_to(14)
    out["enter"] = copy.deepcopy(t.state)
    t.jump_to(33)
    out["break_ranks"] = copy.deepcopy(t.state)
    return out


SCALARS = (st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.integers(-2, 12) | st.floats()
           | st.text(max_size=10) | st.sampled_from(["", "0", "1", "2", "99", " 3 ", "wit", "fame5", "wound",
                                                     "scratches", "fame", "treasure", "alliance", "kept", "failed",
                                                     "special:x", "risk", "simultaneous", "fame5|heal_wound"]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=4),
                                                                                           inner, max_size=3),
                      max_leaves=10)
FIELDS = sorted({f for spec in GAME.actions.values() for f in spec.schema.get("properties", {})})
CACHE: dict[str, dict] = {}
ACTORS = st.sampled_from([Actor(None, True), Actor(0), Actor(1), Actor(2), Actor(3), Actor(None)])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(phase=st.sampled_from(["start", "minor", "contest", "picks", "turn_order", "bid", "enter", "break_ranks"]),
       kind=st.sampled_from(sorted(GAME.actions)), fields=st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=5),
       actor=ACTORS)
def test_any_move_with_any_fields_is_applied_or_refused_with_a_rule_error(new_table, phase, kind, fields, actor):
    if "states" not in CACHE:  # built once: the states are never changed (asserted below)
        CACHE["states"] = states(new_table)
    before = CACHE["states"][phase]
    frozen = json.dumps(before, sort_keys=True)
    try:
        applied = GAME.apply(before, {"type": kind, **fields}, actor)
    except RuleError:
        pass
    else:
        assert json.loads(json.dumps(applied.state)) == applied.state
        GAME.view(applied.state, None)
        GAME.view(applied.state, 1)
    assert json.dumps(before, sort_keys=True) == frozen

