"""Major episodes: the table plays with its cards; the app records the outcome and hands out
status markers, then the reward picks follow (rewards.py).

Simultaneous play (and the hand reveal at Death of Beowulf): the table enters how many matching
symbols each player revealed. Turn-order play: the table enters players as they drop out.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..base import Action, Actor, Applied, Label, RuleError, State, _, acting_seat, bool_field, label, seat_field
from .box import add_scratch, name, play_special, scratch_news, scratch_taken, told
from .episode import current, players, require_kind
from .rewards import start_picks
from .seats import distance

MAX_SYMBOLS = 60


def markers_by_count(counts: Sequence[int], first: int) -> list[int]:
    """Status marker per seat: most first. "Si des joueurs sont à égalité de nombre de symboles, le
    premier joueur ou celui situé le plus près de lui dans le sens des aiguilles d'une montre reçoit
    le marqueur de position avec le chiffre le moins élevé, et ainsi de suite." """
    n = len(counts)
    order = sorted(range(n), key=lambda seat: (-counts[seat], distance(first, seat, n)))
    markers = [0] * n
    for marker, seat in enumerate(order, start=1):
        markers[seat] = marker
    return markers


def _counts(state: State, action: Action) -> list[int]:
    counts = list(action["counts"])  # each a whole number from 0 to MAX_SYMBOLS: the row's schema
    if len(counts) != players(state):
        raise RuleError("Enter a symbol count for each of the %(n)s players", n=players(state))
    return counts


def enter_symbols(state: State, action: Action, actor: Actor) -> Applied:
    """Simultaneous majors and Death of Beowulf: the symbols each player revealed."""
    require_kind(state, "simultaneous", "death")
    counts = _counts(state, action)
    markers = markers_by_count(counts, state["first_player"])
    start_picks(state, markers, {"counts": counts})
    return Applied(state, label("Symbols revealed: %(name)s takes status marker 1", name=name(state, markers.index(1))))


def tied_groups(state: State) -> list[list[int]]:
    """At Death of Beowulf, the players who revealed as many symbols as another, by marker.

    "Le joueur possédant le plus de symboles reçoit le marqueur de position avec le chiffre 1 [...]"
    (l.311) gives no tie rule; the app borrows the major episodes' (l.150: the first player, or the
    nearest clockwise, gets the lower marker) and the host may settle a tie otherwise."""
    step = state["step"]
    if state["phase"] != "picks" or current(state).get("kind") != "death" or not step.get("counts"):
        return []
    by_count: dict[int, list[int]] = {}
    for seat, count in enumerate(step["counts"]):
        by_count.setdefault(count, []).append(seat)
    groups = [sorted(seats, key=lambda s: step["markers"][s]) for seats in by_count.values() if len(seats) > 1]
    return sorted(groups, key=lambda g: step["markers"][g[0]])


def settle_tie(state: State, action: Action, actor: Actor) -> Applied:
    """The host puts one of the tied players ahead of the others in their group (before any pick):
    the rulebook leaves a tie at Death of Beowulf to the table (l.311)."""
    seat = seat_field(action, "first", state["players"])
    group = next((g for g in tied_groups(state) if seat in g), None)
    if group is None:
        raise RuleError("%(name)s is not tied with anyone at Death of Beowulf", name=name(state, seat))
    if state["step"]["picks"]:
        raise RuleError("The reward spaces are being picked: undo the picks before settling the tie")
    markers = state["step"]["markers"]
    slots = sorted(markers[s] for s in group)
    for marker, s in zip(slots, [seat] + [s for s in group if s != seat]):
        markers[s] = marker
    state["step"]["tie_settled"] = True
    return Applied(state, label("The host settles the tie at Death of Beowulf: %(name)s takes status marker "
                                "%(marker)s", name=name(state, seat), marker=markers[seat]))


def drop_out(state: State, action: Action, actor: Actor) -> Applied:
    """Turn-order majors: "Si vous ne savez pas, ou si vous ne voulez pas, [égaler] le plus grand nombre
    de symboles [...] vous êtes éliminé de l'épisode [...] prendre le marqueur de position avec le
    chiffre le plus élevé disponible." A failed risk puts the player out with a scratch."""
    require_kind(state, "turn_order")
    seat = acting_seat(state, action, actor)
    step = state["step"]
    if seat in [d["seat"] for d in step["drops"]]:
        raise RuleError("%(name)s has already dropped out", name=name(state, seat))
    failed_risk, rest = bool_field(action, "failed_risk"), bool_field(action, "warriors_rest")
    daring, resolve = bool_field(action, "daring"), bool_field(action, "resolve")
    if (rest or resolve) and not failed_risk:
        raise RuleError("Beowulf's Resolve and The Warrior's Rest only help when a risk fails")
    if daring:
        # "Dans un épisode majeur joué à tour de rôle, toutes les cartes correspondantes parmi les
        #  cinq sont jouées" — declared before the cards are turned; the card leaves the game.
        play_special(state, seat, "daring")
    if resolve:
        # "vous ne recevez aucune égratignure et vous pouvez décider soit de courir à nouveau un
        #  risque, soit de jouer sans recourir au risque": the player stays in the episode.
        play_special(state, seat, "resolve")
        return Applied(state, label("%(name)s cancels a failed risk with Beowulf's Resolve and plays on",
                                    name=name(state, seat)))
    marker = players(state) - len(step["drops"])
    # "vous retournez deux cartes ne correspondant pas, vous êtes éliminé [...] vous prenez bien entendu une tuile égratignure"
    notes = add_scratch(state, seat, warriors_rest=rest) if failed_risk else []
    step["drops"].append({"seat": seat, "marker": marker, "failed_risk": failed_risk, "notes": notes})
    event = told(_dropped(state, seat, marker, failed_risk, notes), scratch_news(state, seat, notes))
    if len(step["drops"]) == players(state) - 1:
        return _last_one_in(state, event)
    return Applied(state, event)


def _dropped(state: State, seat: int, marker: int, failed_risk: bool, notes: list[dict[str, Any]]) -> Label:
    who = name(state, seat)
    if not failed_risk:
        return label("%(name)s drops out and takes status marker %(marker)s", name=who, marker=marker)
    if scratch_taken(notes):
        return label("%(name)s fails a risk, takes a scratch and drops out with status marker %(marker)s",
                     name=who, marker=marker)
    return label("%(name)s fails a risk and drops out with status marker %(marker)s", name=who, marker=marker)


def _last_one_in(state: State, event: Label) -> Applied:
    # "Le dernier joueur en jeu reçoit le marqueur de position avec le chiffre 1."
    drops = state["step"]["drops"]
    markers = [1] * players(state)
    for drop in drops:
        markers[drop["seat"]] = drop["marker"]
    start_picks(state, markers, {"drops": drops})
    last = label("%(name)s is the last one in and takes status marker 1", name=name(state, markers.index(1)))
    return Applied(state, told(event, [last.to_json()]))


# Earlier history lines keep their message ids in the log: kept here so that they still translate.
EARLIER_WORDINGS = (_("%(name)s drops out and takes status marker %(marker)s; %(last)s is the last one in"),)

