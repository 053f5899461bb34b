"""Helpers for the Legend's tests: a table under test, whose moves are applied as the platform applies them."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from companion.games.base import Actor, Applied, PlayerSpec, RuleError
from tests.helpers import HOST
from companion.games.beowulf_the_legend import GAME

NAMES = ("Sandra", "Martha", "Mark", "Peter", "Ingrid")
COLOURS = ("red", "blue", "green", "yellow", "purple")

# A board as a table might have entered it (positions and icons made up for the tests; the
# named episodes carry what the rulebook says about them).
BOARD = {
    "3": {"name": "King Hrothgar's Hall", "kind": "simultaneous", "symbols": ["friendship"],
          "spaces": ["special:blessing", "treasure1", "alliance2", "cards2", "fame1"]},
    "4": {"name": "Grendel's Attack", "kind": "turn_order", "symbols": ["courage", "fighting"],
          "spaces": ["fame5", "special:daring", "alliance", "wound", "scratch"]},
    "5": {"kind": "selection"},
    "6": {"kind": "risk", "symbols": ["wit", "courage"]},
    "7": {"kind": "recovery"},
    "8": {"kind": "treasure", "spaces": ["fame4"]},
    "9": {"name": "Great Rewards", "kind": "opportunity", "opportunity": "great_rewards"},
    "10": {"name": "Peace Returns", "kind": "opportunity", "opportunity": "peace_returns"},
    "11": {"name": "Many Friendships", "kind": "opportunity", "opportunity": "many_friendships"},
    "12": {"kind": "simultaneous", "symbols": ["wit"],
           "spaces": ["fame3", "misfortune+fame5", "heal", "scratch", "cards1"]},
    "13": {"kind": "simultaneous", "symbols": ["courage"],
           "spaces": ["special:inspiration", "special:warriors_rest", "special:resolve", "wound", "misfortune"]},
    "20": {"name": "Dragon Battle", "kind": "simultaneous", "symbols": ["fighting"],
           "spaces": ["fame7", "fame4", "wound", "double_wound", "scratch"]},
    "33": {"name": "Break Ranks?", "kind": "opportunity", "opportunity": "break_ranks"},
    "34": {"name": "Recover Treasures", "kind": "recover_treasures",
           "spaces": ["fame5", "fame3", "fame2", "nothing", "misfortune"]},
    "36": {"name": "Death of Beowulf", "kind": "death",
           "spaces": ["fame5|heal_wound", "fame3", "cards2", "fame1", "nothing"]},
}
LIBRARY = {"episodes": BOARD}


def english(msg: str, args: dict[str, Any] | None = None) -> str:
    """A message as an English phone shows it: placeholders filled, nested terms rendered."""
    if not args:
        return msg
    return msg % {k: english(v["msg"], v.get("args")) if isinstance(v, dict) and "msg" in v else v
                  for k, v in args.items()}


def said(applied: Applied) -> str:
    """The history line of a move as an English phone reads it."""
    from companion.games.base import english as in_english  # plural forms included

    return in_english(applied.label.msg, dict(applied.label.args), applied.label.plural)


def specs(players: int) -> list[PlayerSpec]:
    return [PlayerSpec(NAMES[i], COLOURS[i]) for i in range(players)]


class Table:
    """A game in progress: ``do`` applies a move (as the host unless told), keeping the new state."""

    BOARD = BOARD
    HOST = HOST

    def __init__(self, players: int = 4, options: dict[str, Any] | None = None,
                 library: dict[str, Any] | None = None) -> None:
        self.players, self.options = specs(players), options or {}
        self.library = LIBRARY if library is None else library
        self.state = GAME.setup(self.players, self.options, self.library)
        self.learned: list[dict[str, Any]] = []

    def do(self, type: str, actor: Actor = HOST, **fields: Any) -> Applied:
        before = json.dumps(self.state, sort_keys=True)
        applied = GAME.apply(self.state, {"type": type, **fields}, actor)
        assert json.dumps(self.state, sort_keys=True) == before, "apply must not change the state it is given"
        self.state = applied.state
        if applied.learned:
            self.learned.append(dict(applied.learned))
        return applied

    def refused(self, type: str, actor: Actor = HOST, **fields: Any) -> str:
        """The move is refused with a RuleError and changes nothing; returns the message."""
        before = copy.deepcopy(self.state)
        with pytest.raises(RuleError) as error:
            GAME.apply(self.state, {"type": type, **fields}, actor)
        assert self.state == before
        return english(error.value.msg, error.value.args_)

    def jump_to(self, position: int) -> None:
        """Puts Beowulf just before ``position`` (test scaffolding) and moves him onto it."""
        self.state["position"], self.state["phase"], self.state["step"] = position - 1, "done", {}
        self.do("advance")

    def player(self, seat: int) -> dict[str, Any]:
        return self.state["players"][seat]

    def view(self, seat: int | None) -> dict[str, Any]:
        return GAME.view(self.state, seat)

    def tokens(self, seat: int, kind: str) -> list[dict[str, Any]]:
        return [t for t in self.player(seat)["tokens"] if t["kind"] == kind]

    def give(self, seat: int, kind: str, value: int = 0, face: str | None = None) -> dict[str, Any]:
        """Hands a token to ``seat`` through the moves a table would make."""
        self.do("take_token", seat=seat, kind=kind, value=value if kind in ("fame", "treasure") else 0)
        token = self.player(seat)["tokens"][-1]
        if kind == "alliance":
            self.do("enter_token", Actor(seat), token=token["id"], value=value, face=face)
        return self.player(seat)["tokens"][-1]
