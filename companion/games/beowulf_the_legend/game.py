"""Beowulf: The Legend as a Game: setup, views and final scores wired together; the moves are in actions.py."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..base import (Action, Actor, Applied, GameKit, LibraryFile, OptionSpec, PlayerSpec, QuickScorer, RuleError, Score,
                    State, View, _, at_table, bool_field)
from . import flow, quick_form, rewards, treasure, views
from .actions import ACTIONS
from .board import GAME_KEY, export_board, import_board
from .box import name, told
from .episode import end_when_revealed, why_not
from .quick import EXAMPLE, REQUEST_SCHEMA, RESPONSE_SCHEMA, quick_score
from .scoring import breakdown, holdings_of, places, total

class BeowulfLegend(GameKit):
    key = GAME_KEY
    title = _("Beowulf: The Legend")
    min_players = 2
    max_players = 5
    options = (
        OptionSpec("advanced", _("Advanced rules"), "bool", False,
                   help=_("Play the gold treasure episodes; treasure is bid with and scores nothing at the end.")),
        OptionSpec("harsh", _("Harsh variant"), "bool", False,
                   help=_("A player with 3 or more wounds after Death of Beowulf has fallen in battle and scores 0.")),
    )
    actions = ACTIONS
    library_file = LibraryFile(export_board, import_board)
    quick_scorers = {
        "": QuickScorer(_("Score a finished table of Beowulf: The Legend without tracking the game"),
                        REQUEST_SCHEMA, RESPONSE_SCHEMA, quick_score, EXAMPLE, from_form=quick_form.from_form),
    }

    def quick_page_view(self, payload: Mapping[str, Any] | None, result: Mapping[str, Any] | None,
                        form: Any = None) -> dict[str, Any]:
        """The quick-score page's slots and results (companion/games/beowulf_the_legend/templates/quick.html)."""
        return quick_form.page_view(payload, result, form)

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any], library: Mapping[str, Any]) -> State:
        if not self.min_players <= len(players) <= self.max_players:
            raise RuleError("Beowulf: The Legend is for %(lo)s to %(hi)s players", lo=self.min_players,
                            hi=self.max_players)
        return flow.new_game(players, options, library)

    def after_move(self, applied: Applied, action: Action, actor: Actor) -> Applied:
        if bool_field(action, "move_on") and applied.state["phase"] in ("done", "start") and at_table(actor):
            # The tap that closes an episode (or names the first player) also moves Beowulf on,
            # when nothing else is pending: "Il déplace ensuite la figurine de Beowulf sur l'épisode suivant."
            applied = Applied(applied.state, told(applied.label, [flow.move_on_label(applied.state)]),
                              applied.learned)
        if applied.state["phase"] == "final":  # waiting for face-down values: done once none is missing
            end_when_revealed(applied.state)
        return applied

    def not_now(self, state: State, phases: tuple[str, ...]) -> RuleError:
        return why_not(state, phases)

    def acting_seats(self, state: State) -> Sequence[int]:
        """Whose turn it is for the who=ACTING moves: the reward pick's picker, the treasure bid's bidder.
        (A minor episode's answers are a player's own, in any order: minor.py applies them in turn.)"""
        if state["phase"] in ("picks", "bid_reward"):
            due = rewards.picker(state)
            return () if due is None else (due,)
        if state["phase"] == "bid":
            return (treasure.bidder(state),)
        return ()

    def not_your_turn(self, state: State, action: Action) -> RuleError:
        if state["phase"] == "bid":
            return RuleError("It is %(name)s's turn to bid", name=name(state, treasure.bidder(state)))
        due = rewards.picker(state)
        if due is None:
            return why_not(state, ("picks",))
        return RuleError("It is %(name)s's turn to pick a reward space", name=name(state, due))

    def view(self, state: State, seat: int | None) -> View:
        scores = self.final_scores(state)
        shown = [{"seat": s.seat, "name": s.name, "total": s.total, "place": s.place,
                  "breakdown": [{"msg": m, "points": p} for m, p in s.breakdown]} for s in scores or []]
        return views.build(state, seat, shown or None)

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def final_scores(self, state: State) -> list[Score] | None:
        if not self.is_over(state):
            return None
        options = state["options"]
        held = [holdings_of(p) for p in state["players"]]
        totals = [total(h, **options) for h in held]
        return [Score(seat, p["name"], totals[seat], place, tuple(breakdown(held[seat], **options)))
                for seat, (p, place) in enumerate(zip(state["players"], places(totals)))]


GAME = BeowulfLegend()
