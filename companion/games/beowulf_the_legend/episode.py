"""The episode Beowulf stands on, and the phases a game goes through.

Phases: "start" (Beowulf beside the board), "enter" (the table enters what the board shows for
this episode), "minor" (players take part or pass in turn), "contest" (a major episode's outcome
is entered), "picks" (status markers pick reward spaces), "bid" and "bid_reward" (a treasure
episode, advanced rules), "done" (the episode is over: move Beowulf on), "final" (waiting for
face-down token values before scoring) and "over".
"""

from __future__ import annotations

from typing import Any

from ..base import RuleError, State, _
from .box import needs_value


def players(state: State) -> int:
    return len(state["players"])


def current(state: State) -> dict[str, Any]:
    return state["board"].get(str(state["position"])) or {}


def why_not(state: State, phases: tuple[str, ...]) -> RuleError:
    """What the table waits for when a move comes out of its phases (``BeowulfLegend.not_now``): the
    phases a move belongs to are declared in its row (actions.py) and checked by the kit."""
    return RuleError(PHASE_ERRORS.get(phases[0], NOT_NOW))


NOT_NOW = _("That cannot be done now")
PHASE_ERRORS = {
    "minor": _("There is no minor episode to play now"),
    "contest": _("There is no major episode to play now"),
    "picks": _("Nobody is picking a reward space now"),
    "bid": _("There is no treasure bid now"),
    "start": _("The game has already begun"),
    "done": _("Finish this episode first"),
}


def require_kind(state: State, *kinds: str) -> dict[str, Any]:
    record = current(state)
    if record.get("kind") not in kinds:
        raise RuleError("That does not belong to this episode")
    return record


def finish(state: State) -> None:
    """The episode is over; after Death of Beowulf the game ends once every value is entered."""
    step = state["step"]
    state["recent"] = {"position": state["position"],
                       **{k: step[k] for k in PUBLIC_OUTCOME if k in step}}
    state["step"] = {}
    if current(state).get("kind") == "death":
        end_when_revealed(state)
    else:
        state["phase"] = "done"


# What a finished episode leaves on show: all public (notes never carry a face-down value).
PUBLIC_OUTCOME = ("records", "picks", "markers", "counts", "drops", "totals", "winner")


def waiting_for_values(state: State) -> list[int]:
    """Seats still holding a face-down token whose value they have not entered."""
    return [seat for seat, p in enumerate(state["players"]) if any(needs_value(t) for t in p["tokens"])]


def end_when_revealed(state: State) -> None:
    # "tous les joueurs révèlent leurs jetons gloire, trésor et alliance et additionnent leurs valeurs"
    state["phase"] = "final" if waiting_for_values(state) else "over"


def untouched(state: State) -> bool:
    """Nothing has been recorded for the current episode yet (so it may still be corrected)."""
    step, phase = state["step"], state["phase"]
    if phase == "enter":
        return True
    if phase == "minor":  # an answer kept for its turn counts: correcting the episode would drop it
        return not step["records"] and not step.get("waiting")
    if phase == "contest":
        return not step.get("drops") and step.get("counts") is None
    if phase == "bid":
        return not any(step["revealed"]) and len(step["active"]) == players(state)
    return False
