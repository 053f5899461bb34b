"""What the first player taps when Beowulf reaches an episode the app does not know yet.

The table reads the episode off the physical board. Most episodes are saved with one tap, because
what the app needs follows from what the board shows at a glance:

- a Selection or a Recovery: the kind says everything (the rulebook gives their activity);
- a Risk: the two symbols on the board, one tap on the pair (« Chaque épisode risque possède deux
  symboles »);
- an episode the rulebook names (« Il y a 5 épisodes opportunité différents », King Hrothgar's
  Hall, Grendel's Attack, Recover Treasures …): its name, with what the rulebook says about it;
  whatever it leaves out (the Dragon Battle's kind, a space not described) is asked next;
- in the base game a gold episode: the colour alone (« ne sont pas utilisés dans le jeu de base »).

A major episode needs its symbols and reward spaces: the form (templates/_forms.html) asks for
them, only as many spaces as are in play (space N+1 lies under the red marker; the others are
optional, for a larger table later). Nothing here is applied without the tap: each entry is an
``enter_episode`` move with the fields listed, recorded and undoable like any other.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..base import State, _
from .board import GOLD, LAST, MAJOR, MINOR, SPACE_COUNT, catalogue, position_named
from .episode import players
from .reference import NAMED_EPISODES, SYMBOLS


def quick_entries(state: State, record: dict[str, Any]) -> list[dict[str, Any]]:
    """The one-tap entries for this episode, grouped by its colour on the board.

    Only while its kind is not known: an episode with a kind (the Death of Beowulf, a library entry
    missing its spaces, the Dragon Battle once named) goes straight to the form. The rulebook's
    names are offered only when the board's name is not known yet, and only those not placed."""
    if record.get("kind"):
        return []
    advanced = state["options"]["advanced"]
    named = [] if record.get("name") else [c for c in catalogue()
                                            if position_named(state["board"], c["key"]) is None]
    groups = [
        _group("major", _("Major episode (red)"), [_named(c) for c in named if c["kind"] in MAJOR]),
        _group("minor", _("Minor episode (beige)"),
               [_kind("selection", _("Selection")), _kind("recovery", _("Recovery"))]
               + [_named(c) for c in named if c["kind"] in MINOR]),
        _group("risk", _("Risk (beige): tap the two symbols it shows"), risk_pairs()),
        # In the advanced game a gold episode needs its rewards: the form asks for them (its kinds).
        _group("gold", _("Treasure episode (gold): not played in the base game"),
               [] if advanced else ([_kind("treasure", _("Treasure episode"))]
                                    + [_named(c) for c in named if c["kind"] in GOLD])),
        _group("named", _("Named in the rulebook, kind not described"),
               [_named(c) for c in named if not c["kind"]]),
    ]
    return [g for g in groups if g["entries"]]


def risk_pairs() -> list[dict[str, Any]]:
    """The ten pairs of symbol types a Risk episode may show, one tap each."""
    return [{"key": f"risk-{a}-{b}", "text": _msg(_("%(a)s + %(b)s"), a=_msg(SYMBOLS[a]), b=_msg(SYMBOLS[b])),
             "fields": {"kind": "risk", "symbols": [a, b]}}
            for a, b in combinations(SYMBOLS, 2)]


def form_kinds(state: State, record: dict[str, Any]) -> list[str]:
    """The kinds the entry form offers: those that need more than one tap (a major episode, in the
    advanced game a gold one), the Death of Beowulf on the last episode, and the kind already known."""
    kinds = list(MAJOR) + (list(GOLD) if state["options"]["advanced"] else [])
    if state["position"] == LAST:
        kinds.append("death")
    if record.get("kind") and record["kind"] not in kinds:
        kinds.append(record["kind"])
    return kinds


def spaces_in_play(state: State, record: dict[str, Any]) -> int:
    """How many reward spaces the form asks for first: as many as players (« autant d'emplacements
    d'icône disponibles qu'il y a de joueurs »), one at a treasure bid. The others are offered as
    optional, for a larger table."""
    return 1 if record.get("kind") == "treasure" else min(players(state), SPACE_COUNT["simultaneous"])


def _group(key: str, title: str, entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {"key": key, "title": _msg(title), "entries": entries}


def _kind(kind: str, text: str) -> dict[str, Any]:
    return {"key": kind, "text": _msg(text), "fields": {"kind": kind}}


def _named(record: dict[str, Any]) -> dict[str, Any]:
    """An episode the rulebook names, with everything it says about it."""
    fields = {field: record[field] for field in ("name", "kind", "opportunity", "symbols", "spaces") if record[field]}
    return {"key": record["key"], "text": _msg(NAMED_EPISODES[record["key"]]), "fields": fields}


def _msg(text: str, **args: Any) -> dict[str, Any]:
    return {"msg": text, "args": args}
