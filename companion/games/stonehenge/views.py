"""What each seat sees: the ring (with drawing positions), the players, and the step the game waits for.

Face-down entries (a challenge card or end-of-round discards entered before everyone's are in)
are shown only on their own seat's phone.
"""

from __future__ import annotations

import copy
import math
from typing import Any

from ..base import State, View, _
from ..owed import Owed, names, owed, waiting
from . import penalty
from .round_end import undecided_group, waiting_discarders
from .box import HAND_LIMIT, STONES
from .cards import card_text
from .ring import landing_stone, stones_of

# The ring drawn as an SVG of RING_SIZE × RING_SIZE units: stone 1 at the top, numbers clockwise.
RING_SIZE = 240
RING_RADIUS = 100
STONE_RADIUS = 9.5

TITLE = _("Great and Mighty Beard")  # "du titre honorifique de « Grande et puissante Barbe »"


def _stone_positions() -> list[tuple[float, float]]:
    centre = RING_SIZE / 2
    positions = []
    for number in range(1, STONES + 1):
        angle = 2 * math.pi * (number - 1) / STONES
        positions.append((round(centre + RING_RADIUS * math.sin(angle), 1),
                          round(centre - RING_RADIUS * math.cos(angle), 1)))
    return positions


STONE_POSITIONS = _stone_positions()


def board_view(state: State, seat: int | None) -> View:
    players = state["players"]
    last = state["last"]
    return {
        "phase": state["phase"],
        "trump": state["trump"],
        "round": state["round"],
        "challenge": state["challenge"],
        "challenge_id": state["challenge_id"],
        "winner_card": state["winner_card"],
        "hand_limit": HAND_LIMIT,
        "ring": ring_view(state),
        "players": [player_view(state, index) for index in range(len(players))],
        "waiting_for": waiting_for(state),
        "entered": [card is not None for card in state["cards"]],
        "my_card": _card_view(state["cards"][seat]) if seat is not None else None,
        "last": _last_view(last) if last else None,
        "penalty": _penalty_view(state),
        "penalties_queued": copy.deepcopy(state["penalties"][1:]),
        "round_end": round_end_view(state, seat),
        "winner": state["winner"],
        "title": TITLE if state["winner"] is not None else None,
        "owed": owed_by(state, seat) if seat is not None else None,
    }


def ring_view(state: State) -> dict[str, Any]:
    colours = [p["colour"] for p in state["players"]]
    return {
        "size": RING_SIZE,
        "centre": RING_SIZE / 2,
        "radius": STONE_RADIUS,
        "stones": [{"number": number, "seat": occupant,
                    "colour": colours[occupant] if occupant is not None else None, "x": x, "y": y}
                   for number, (occupant, (x, y)) in enumerate(zip(state["stones"], STONE_POSITIONS), start=1)],
    }


def player_view(state: State, seat: int) -> dict[str, Any]:
    player = state["players"][seat]
    on_board = stones_of(state["stones"], seat)
    return {
        "seat": seat, "name": player["name"], "colour": player["colour"],
        "in_hand": state["supply"][seat],      # apprentices not on the board
        "on_board": len(on_board), "stones": on_board,
        "apprentices": state["apprentices"],
        "trilithon": state["trilithon"][seat],
        "cards": state["hand"][seat],          # number of cards in hand
    }


def waiting_for(state: State) -> list[int]:
    """The seats the game waits for now (empty while only the host can act, and at the end)."""
    phase = state["phase"]
    end = state["round_end"]
    if phase == "challenge":
        return [seat for seat, card in enumerate(state["cards"]) if card is None]
    if phase == "penalty":
        return [penalty.current(state)["seat"]]
    if phase == "discard":
        return waiting_discarders(state)
    if phase == "convert":
        return [end["first"]]
    if phase == "trump":
        return [end["time"]]
    return []


def round_end_view(state: State, seat: int | None) -> dict[str, Any] | None:
    """The last end of round; discards stay hidden until everyone's are in (then all are revealed)."""
    end = state["round_end"]
    if end is None:
        return None
    shown = copy.deepcopy(end)
    entries = end["entries"]
    revealed = entries is not None and end["groups"] is not None
    shown["entered"] = [entry is not None for entry in entries] if entries is not None else None
    shown["entries"] = [_cards_view(entry) for entry in entries] if revealed else None
    own = entries[seat] if entries is not None and seat is not None else None
    shown["mine"] = _cards_view(own)
    shown["tied"] = undecided_group(end["groups"]) if state["phase"] == "tie" else None
    return shown


def _penalty_view(state: State) -> dict[str, Any] | None:
    due = penalty.current(state)
    if due is None or state["winner"] is not None:
        return None
    return {"seat": due["seat"], "value": due["value"],
            "choices": [{"stone": stone, "to": landing_stone(state["stones"], stone, due["value"])}
                        for stone in penalty.choices(state)]}


def _last_view(last: dict[str, Any]) -> dict[str, Any]:
    shown = copy.deepcopy(last)
    shown["cards"] = [_card_view(card) for card in last["cards"]]
    return shown


def _card_view(card: dict[str, Any] | None) -> dict[str, Any] | None:
    if card is None:
        return None
    return {**card, "text": card_text(card)}


def _cards_view(cards: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
    return None if cards is None else [_card_view(card) for card in cards]


# What a seat owes, by phase, and the control on its board (templates/_board.html) it goes to.
OWED = {
    "challenge": (_("Enter the card you revealed"), "sh-reveal-%(seat)s"),
    "penalty": (_("Move one of your apprentices back"), "sh-penalty"),
    "discard": (_("Enter your discards"), "sh-discard-%(seat)s"),
    "convert": (_("Choose your conversion"), "sh-convert"),
    "trump": (_("Choose the trump"), "sh-trump-choice"),
}


def owed_by(state: State, seat: int) -> Owed | None:
    """The phone's "your move" bar: what this seat must enter or choose now, else whom the game waits for."""
    if state["winner"] is not None or state["phase"] == "over":
        return None
    due = waiting_for(state)
    if seat in due and state["phase"] in OWED:
        text, target = OWED[state["phase"]]
        return owed(text, target % {"seat": seat})
    if state["phase"] == "tie":
        return waiting(_("Waiting for the host to break the tie"))
    return waiting(_("Waiting for %(names)s"), names=names(state["players"], due)) if due else None
