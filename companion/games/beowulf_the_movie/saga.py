"""Saga points by source, and the final ranking with its tie-break.

Rulebook, "Score final": "Le joueur avec le total le plus élevé est le gagnant ! Si plusieurs
joueurs sont ex-æquo, c'est celui avec le plus grand nombre de diamants totaux sur les bases de ses
figurines inutilisées qui gagne. Les joueurs qui sont encore à égalité se partagent alors la
victoire."
"""

from __future__ import annotations

from typing import Any

from .box import ACTS
from .state import saga, unused_diamonds
from ..base import Score, State, _, rank

ACT_LINES = {1: _("Act I figures"), 2: _("Act II figures"), 3: _("Act III figures")}


def breakdown(state: State, seat: int) -> list[tuple[str, int]]:
    """(message id, points) lines that add up to the seat's saga points."""
    start = treasures = corrections = 0
    acts = {n: 0 for n in ACTS}
    for entry in state["ledger"]:
        if entry["seat"] != seat:
            continue
        if entry["why"] == "start":
            start += entry["points"]
        elif entry["why"] == "figure":
            acts[entry["act"]] += entry["points"]
        elif entry["why"] == "treasure":
            treasures += entry["points"]
        else:
            corrections += entry["points"]
    lines = [(_("Starting saga points"), start)]
    lines += [(ACT_LINES[n], points) for n, points in acts.items() if n <= state["act"]]
    if treasures:
        lines.append((_("Treasures cashed"), treasures))
    if corrections:
        lines.append((_("Corrections"), corrections))
    return lines


def final_scores(state: State) -> list[Score] | None:
    if state["phase"] != "over":
        return None
    totals = saga(state)
    tiebreaks = [unused_diamonds(state, seat) for seat in range(len(totals))]
    places = rank(totals, tiebreaks)
    return [Score(seat=seat, name=p["name"], total=totals[seat], place=places[seat],
                  breakdown=breakdown(state, seat), tiebreak=tiebreaks[seat])
            for seat, p in enumerate(state["players"])]


def tie_broken(state: State) -> bool:
    """True when players level on saga points are separated by unused diamonds (worth saying)."""
    totals = saga(state)
    tiebreaks = [unused_diamonds(state, seat) for seat in range(len(totals))]
    return any(totals[a] == totals[b] and tiebreaks[a] != tiebreaks[b]
               for a in range(len(totals)) for b in range(a + 1, len(totals)))


def final_view(state: State) -> list[dict[str, Any]] | None:
    scores = final_scores(state)
    if scores is None:
        return None
    return [{"seat": s.seat, "name": s.name, "colour": state["players"][s.seat]["colour"],
             "total": s.total, "place": s.place, "unused_diamonds": s.tiebreak,
             "breakdown": [{"label": msg, "points": pts} for msg, pts in s.breakdown]}
            for s in sorted(scores, key=lambda s: (s.place, s.seat))]
