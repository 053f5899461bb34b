"""Beowulf: The Movie Board Game — the Game object the registry finds."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from . import moves, quick_form, saga, views
from .actions import ACTIONS
from .boards import GAME_KEY, export_boards, import_boards
from .quick import ACT_SCORER
from ..base import ActionSpec, GameKit, LibraryFile, OptionSpec, PlayerSpec, QuickScorer, RuleError, Score, State, View, _


class BeowulfMovie(GameKit):
    key = GAME_KEY
    title = _("Beowulf: The Movie Board Game")
    # Rulebook, "Fiches d'aides": "Quatre feuilles - une pour chaque joueur"; 2–4 players on the box
    # (secondary source).
    min_players = 2
    max_players = 4
    options: Sequence[OptionSpec] = ()
    actions: Mapping[str, ActionSpec] = ACTIONS
    quick_scorers: Mapping[str, QuickScorer] = {"act": ACT_SCORER}
    library_file = LibraryFile(export_boards, import_boards)

    def setup(self, players: Sequence[PlayerSpec], options: Mapping[str, Any],
              library: Mapping[str, Any] | None = None) -> State:
        return moves.setup(players, options, library)

    def view(self, state: State, seat: int | None) -> View:
        return views.view(state, seat)

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def not_now(self, state: State, phases: tuple[str, ...]) -> RuleError:
        return moves.why_not(state, phases)

    def final_scores(self, state: State) -> list[Score] | None:
        return saga.final_scores(state)

    def quick_page_view(self, payload: Mapping[str, Any] | None, result: Mapping[str, Any] | None,
                        form: Any = None, library: Mapping[str, Any] | None = None,
                        args: Any = None) -> dict[str, Any]:
        """The quick-score page's grid (companion/games/beowulf_the_movie/templates/quick.html); ``library``
        gives the board sizes this server remembers, ``args`` the act asked for (``?act=2``)."""
        return quick_form.page_view(payload, result, form, library, args)


GAME = BeowulfMovie()
