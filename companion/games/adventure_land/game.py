"""Adventure Land (HABA, 2015; Kramer & Kiesling): the game object the platform registers."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..base import Action, ActionSpec, Actor, Applied, GameKit, OptionSpec, PlayerSpec, RuleError, Score, State, View, _, label, whole_number
from . import quick_form, setup as setup_rules
from .actions import ACTIONS
from .box_limits import KINDS, OVER_THE_BOX, beyond_the_box
from .box import FLAT, PER_PLAYER
from .checks import player_name, why_not
from .quick import QUICK_SCORER
from .state import box_totals, scores
from .views import view as seat_view


class AdventureLand(GameKit):
    key = "adventure-land"
    title = _("Adventure Land")
    # "aventuriers (10 de chaque couleur : noir, vert, violet et orange)" (box contents)
    colours = ("black", "green", "violet", "orange")
    min_players = setup_rules.MIN_PLAYERS
    max_players = setup_rules.MAX_PLAYERS
    options = (
        OptionSpec(
            "scenario",
            _("Adventure"),
            kind="choice",
            default="1",
            choices=(
                ("1", _("1 — The Fellowship (simplest)")),
                ("2", _("2 — The Magnificent")),
                ("3", _("3 — Escape to the Cities")),
            ),
        ),
        OptionSpec(
            "sort_out",
            _("Companions and swords put back"),
            kind="choice",
            default=PER_PLAYER,
            choices=(
                (PER_PLAYER, _("Per player (French rulebook: 8 / 5 / 2 each)")),
                (FLAT, _("Flat (English edition: 8 / 5 / 2 in all)")),
            ),
            help=_("The editions disagree: use the reading your box's rulebook gives."),
        ),
    )
    actions = ACTIONS
    quick_scorers = {"": QUICK_SCORER}

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any], library: Mapping[str, Any]) -> State:
        return setup_rules.new_game(players, options, library)

    def apply_in_place(self, state: State, action: Action, actor: Actor, row: ActionSpec | None = None) -> Applied:
        """The kit's dispatch, then the box (box_limits.py, the quick scorer's check too): a move
        that would leave the players holding more of a kind than the box has is refused. Here,
        not in ``apply``, so that the log's replay (an imported game) checks it too."""
        before = box_totals(state)  # the move changes ``state`` itself
        applied = super().apply_in_place(state, action, actor, row)
        excess = beyond_the_box(box_totals(applied.state), before=before)
        if excess is not None:
            raise RuleError(OVER_THE_BOX, what=label(KINDS[excess.what]).to_json(), n=excess.n, most=excess.most)
        return applied

    def view(self, state: State, seat: int | None) -> View:
        return seat_view(state, seat)

    def not_now(self, state: State, phases: tuple[str, ...]) -> RuleError:
        return why_not(state, phases)

    def acting_seats(self, state: State) -> Sequence[int]:
        """The seat whose turn it is (who=ACTING: ending the turn)."""
        return (state["turn"]["seat"],) if state["phase"] == "play" else ()

    def not_your_turn(self, state: State, action: Action) -> RuleError:
        ended = whole_number(action.get("turn_of"))  # as sent: the kit checks who before the fields
        if isinstance(ended, int) and 0 <= ended < len(state["players"]) and ended != state["turn"]["seat"]:
            # A second tap on one "End the turn": it must not end the next player's turn.
            return RuleError("%(player)s's turn has already ended", player=player_name(state, ended))
        return RuleError("It is %(player)s's turn", player=player_name(state, state["turn"]["seat"]))

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def final_scores(self, state: State) -> list[Score] | None:
        return scores(state) if self.is_over(state) else None

    def quick_page_view(self, payload: Mapping[str, Any] | None, result: Mapping[str, Any] | None,
                        form: Any = None, args: Any = None) -> dict[str, Any]:
        """The quick-score page (companion/games/adventure_land/templates/quick.html); ``args``: ?scenario=2."""
        return quick_form.page_view(payload, result, form, args)


GAME = AdventureLand()
