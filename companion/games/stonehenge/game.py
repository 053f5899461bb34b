"""The Stonehenge druid game: setup, what each seat sees and the winner; the moves are in moves.py."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..base import Action, GameKit, PlayerSpec, QuickScorer, RuleError, Score, State, View, _, choice_field
from .actions import ACTIONS, OPTIONS, WINNER_CARD_CHOICES
from . import moves
from .box import APPRENTICES, FIRST_TRUMP, MAX_PLAYERS, MIN_PLAYERS, STARTING_HAND
from .ring import empty_ring
from .views import TITLE, board_view


class Stonehenge(GameKit):
    key = "stonehenge"
    title = _("Stonehenge: Great Beard")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = OPTIONS
    actions = ACTIONS
    quick_scorers: Mapping[str, QuickScorer] = {}

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any], library: Mapping[str, Any]) -> State:
        if len(players) not in APPRENTICES:
            raise RuleError("This game is for %(min)s to %(max)s players.", min=MIN_PLAYERS, max=MAX_PLAYERS)
        seats = len(players)
        each = APPRENTICES[seats]
        return {
            "players": [{"name": p.name, "colour": p.colour} for p in players],
            "apprentices": each,
            "winner_card": choice_field({"winner_card": "discard", **options}, "winner_card", WINNER_CARD_CHOICES),
            "trump": FIRST_TRUMP,
            "stones": empty_ring(),
            "supply": [each] * seats,        # apprentices in hand
            "trilithon": [False] * seats,    # trilithon (dolmen) erected
            "hand": [STARTING_HAND] * seats,  # cards in hand: a public count
            "round": 1,
            "challenge": 1,
            "challenge_id": 1,               # counts every challenge of the game
            "phase": "challenge",
            "cards": [None] * seats,         # revealed cards entered for the current challenge
            "penalties": [],                 # {"seat", "value"} still to apply, in the sheet's order
            "last": None,                    # the last resolved challenge
            "round_end": None,               # the last end of round: discards and conversions
            "winner": None,
        }

    def view(self, state: State, seat: int | None) -> View:
        return board_view(state, seat)

    def is_over(self, state: State) -> bool:
        return state["winner"] is not None

    def not_now(self, state: State, phases: tuple[str, ...]) -> RuleError:
        return moves.waiting_for(state, phases)

    def acting_seats(self, state: State) -> Sequence[int]:
        return moves.acting_seats(state)

    def not_your_turn(self, state: State, action: Action) -> RuleError:
        return moves.whose_turn(state)

    def final_scores(self, state: State) -> list[Score] | None:
        """A race without points: the spell caster is first, everyone else shares second place."""
        if state["winner"] is None:
            return None
        return [Score(seat, p["name"], int(seat == state["winner"]), 1 if seat == state["winner"] else 2,
                      [(TITLE, 1)] if seat == state["winner"] else [])
                for seat, p in enumerate(state["players"])]
