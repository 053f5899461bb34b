"""One challenge: everyone's revealed card, the winner's apprentice, who is penalised and in what order.

These functions change the state they are given: ``GameKit.apply`` hands the moves its own copy.
"""

from __future__ import annotations

from typing import Any

from ..base import State
from .box import OFF_SUIT_BONUS_DRAW
from .cards import Card, is_dolmen, is_off_suit, strength, strongest
from .ring import placement_stone, stones_of


def open_challenge(state: State, *, new_round: bool = False) -> None:
    """Every player plays a new card face down: the app waits for everyone's revealed card."""
    if new_round:
        state["round"] += 1
        state["challenge"] = 1
    else:
        state["challenge"] += 1
    state["challenge_id"] += 1
    state["cards"] = [None] * len(state["players"])
    state["phase"] = "challenge"


def resolve(state: State) -> None:
    """Applies a challenge once every revealed card is in; leaves the penalties to apply in order.

    Follows the sheet's order: the winner places an apprentice (and may erect a trilithon or cast
    the spell), then the others discard and are penalised.
    """
    cards: list[Card] = state["cards"]
    trump = state["trump"]
    winner = strongest(cards, trump)
    record: dict[str, Any] = {
        "round": state["round"], "challenge": state["challenge"], "challenge_id": state["challenge_id"],
        "trump": trump, "cards": cards, "winner": winner, "stone": None, "bonus": False,
        "trilithon": False, "spell": False, "conceded": [], "spared": [], "penalised": [], "moves": [],
    }
    state["last"] = record
    if winner is not None:
        _winner_places(state, record, cards[winner])
    for seat, card in enumerate(cards):
        if seat == winner:
            continue
        if is_dolmen(card):
            # "Une carte dolmen permet d'abandonner - le joueur qui la joue la reprend en main sans
            # supporter de pénalité."
            record["conceded"].append(seat)
            continue
        state["hand"][seat] -= 1  # "défaussent la carte jouée"
        if stones_of(state["stones"], seat):
            record["penalised"].append(seat)
        else:
            # "Si le joueur n'a pas d'apprenti sur le plateau, il défausse simplement la carte jouée
            # sans recevoir de pénalité."
            record["spared"].append(seat)
    record["penalised"] = penalty_order(record["penalised"], cards, trump)
    state["penalties"] = [] if record["spell"] else [
        {"seat": seat, "value": cards[seat]["value"]} for seat in record["penalised"]]
    state["cards"] = [None] * len(cards)


def _winner_places(state: State, record: dict[str, Any], card: Card) -> None:
    seat = record["winner"]
    if state["winner_card"] == "discard":
        # The sheet is silent on the winner's card; the table chose at setup (option "winner_card").
        state["hand"][seat] -= 1
    if is_off_suit(card, state["trump"]):
        state["hand"][seat] += OFF_SUIT_BONUS_DRAW  # "ce joueur pioche en outre trois cartes"
        record["bonus"] = True
    stone = placement_stone(state["stones"], card["value"])
    record["stone"] = stone
    if stone is None:
        return
    state["stones"][stone - 1] = seat
    state["supply"][seat] -= 1
    if state["supply"][seat] == 0:
        _last_apprentice_placed(state, record, seat)


def _last_apprentice_placed(state: State, record: dict[str, Any], seat: int) -> None:
    if state["trilithon"][seat]:
        # "Lorsqu'un joueur ayant déjà érigé un dolmen place de nouveau son dernier apprenti sur le
        # plateau, le sortilège est lancé."
        record["spell"] = True
        state["winner"] = seat
        state["phase"] = "over"
        return
    # "Lorsqu'un joueur place son dernier apprenti sur le plateau (le 6e à 3 ou 4 joueurs, le 5e à
    # 5 joueurs), il érige un dolmen. Il retire ses jetons du plateau ... Le jeu continue ensuite."
    # The disks come back to the player: they must be placed again to cast the spell.
    record["trilithon"] = True
    state["trilithon"][seat] = True
    state["stones"] = [None if occupant == seat else occupant for occupant in state["stones"]]
    state["supply"][seat] = state["apprentices"]


def penalty_order(penalised: list[int], cards: list[Card], trump: str) -> list[int]:
    """Who moves back first: "celui d'entre eux qui a joué la plus forte carte le fait en premier,
    les autres suivant en sens horaire" — seats are numbered clockwise."""
    if not penalised:
        return []
    seats = len(cards)
    first = max(penalised, key=lambda seat: strength(cards[seat], trump))
    return sorted(penalised, key=lambda seat: (seat - first) % seats)
