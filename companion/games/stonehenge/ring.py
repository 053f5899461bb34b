"""The outer ring of 30 stones: who stands where, placing apprentices and moving them back.

``stones[n - 1]`` is the seat whose apprentice stands on stone n, or None when the stone is
free; a list cannot hold two apprentices on one stone.
"""

from __future__ import annotations

from .box import STONES

Stones = list[int | None]


def empty_ring() -> Stones:
    return [None] * STONES


def stones_of(stones: Stones, seat: int) -> list[int]:
    """The numbers of the stones where this seat's apprentices stand, lowest first."""
    return [number for number, occupant in enumerate(stones, start=1) if occupant == seat]


def highest_free_at_or_below(stones: Stones, number: int) -> int | None:
    """The stone ``number`` if free, else the highest free stone below it; None if there is none."""
    for candidate in range(min(number, STONES), 0, -1):
        if stones[candidate - 1] is None:
            return candidate
    return None


def placement_stone(stones: Stones, card_value: int) -> int | None:
    """Where the challenge winner's apprentice goes.

    "Le joueur qui a joué la plus forte carte place un apprenti sur la pierre correspondante du
    cercle extérieur. Si cette pierre est occupée, l'apprenti va sur la pierre inférieure libre de
    valeur la plus élevée, et il peut donc arriver que l'apprenti ne puisse être placé."
    """
    return highest_free_at_or_below(stones, card_value)


def can_go_back_fully(start: int, penalty: int) -> bool:
    """Whether an apprentice can go back the whole penalty without passing stone 1.

    The sheet's "ne peut pas reculer de la totalité de la pénalité" read literally: the stone
    ``penalty`` below exists. Going on past taken stones afterwards is going back *more*.
    """
    return start - penalty >= 1


def landing_stone(stones: Stones, start: int, penalty: int) -> int | None:
    """Where an apprentice moving back lands; None when it leaves the board.

    "Il doit reculer l'un de ses apprentis ... de la valeur de la carte qu'il a jouée. Si cette
    pierre est occupée, l'apprenti continue à reculer jusqu'à la première pierre libre de valeur
    inférieure à cette pierre, ou est retiré du plateau s'il n'y a pas de pierre inférieure libre."
    "Un apprenti qui recule au-delà de la pierre 1 est retiré du plateau de jeu et rendu à son
    propriétaire."
    """
    if not can_go_back_fully(start, penalty):
        return None
    return highest_free_at_or_below(stones, start - penalty)


def penalty_choices(stones: Stones, seat: int, penalty: int) -> list[int]:
    """The stones whose apprentice this seat may move back.

    "Un joueur ne peut appliquer une carte de pénalité à un apprenti qui ne peut pas reculer de la
    totalité de la pénalité que s'il n'a pas le choix et, dans ce cas, il doit appliquer la
    pénalité à son apprenti situé sur la pierre de plus forte valeur."
    """
    own = stones_of(stones, seat)
    full = [number for number in own if can_go_back_fully(number, penalty)]
    if full:
        return full
    return [max(own)] if own else []


def move_back(stones: Stones, start: int, penalty: int) -> int | None:
    """Moves the apprentice on ``start`` back (changes ``stones``); returns where it landed, None if off."""
    seat = stones[start - 1]
    landing = landing_stone(stones, start, penalty)
    stones[start - 1] = None
    if landing is not None:
        stones[landing - 1] = seat
    return landing
