"""The Legend's "your move" bar (issue #26): over a whole scripted game, every move is owed by the
phone that makes it — the bar of that seat points at a control — and a phone that owes nothing
says whom it waits for."""

from __future__ import annotations

from typing import Any

from companion.games.base import Actor
from companion.games.beowulf_the_legend.views import owed_view
from tests.games.beowulf_the_legend.test_beowulf_the_legend_taps import Play, remembered_board

# The moves the first player sends for the whole table (one form), the others by their own seat.
TABLE_MOVES = {"enter_episode", "end_minor", "enter_symbols", "advance", "set_first_player", "reveal_treasures"}


class OwedPlay(Play):
    """The scripted game, checking before each move that its phone's bar asks for it."""

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        self.checked = 0

    def tap(self, what: str, type: str, actor: Actor | None = None, **fields: Any) -> None:
        state = self.t.state
        seat = state["first_player"] if type in TABLE_MOVES else fields["seat"]
        if type != "set_first_player":  # before anyone is first, any phone names the youngest
            self.owes(seat, type)
        super().tap(what, type, actor, **fields)

    def enter_values(self) -> None:
        for seat, player in enumerate(self.t.state["players"]):
            if any(t["kind"] != "misfortune" and t["value"] is None for t in player["tokens"]):
                bar = owed_view(self.t.state, seat)
                assert bar["target"], (seat, bar)  # its own turn first, or the token
        super().enter_values()

    def owes(self, seat: int, type: str) -> None:
        bar = owed_view(self.t.state, seat)
        assert bar is not None and bar["target"], (type, seat, self.t.state["phase"], bar)
        assert bar["target"] != "bl-me-enter", (type, seat, bar)  # the turn comes before the tokens
        for other in range(4):
            if other != seat and type not in ("drop_out",):
                other_bar = owed_view(self.t.state, other)
                assert other_bar is not None and other_bar["msg"], (other, other_bar)
        self.checked += 1


def test_every_move_of_a_whole_game_is_owed_by_the_phone_that_makes_it(new_table):
    play = OwedPlay(new_table(4, {}, remembered_board()))
    play.run()
    assert play.checked > 80
    assert all(owed_view(play.t.state, seat) is None for seat in range(4))  # the game is over


def test_a_phone_that_owes_nothing_names_whom_the_table_waits_for(new_table):
    t = new_table(4, {}, remembered_board())
    t.do("set_first_player", seat=2)
    t.do("advance")
    assert owed_view(t.state, 2)["target"] == "bl-go" or owed_view(t.state, 2)["target"].startswith("bl-")
    waiting = owed_view(t.state, 0)
    assert waiting["target"] is None and waiting["msg"] == "Waiting for %(names)s"
    assert waiting["args"]["names"] == "Mark"
