"""Whose turn it is: a pointer that each turn's placement moves on, round the table.

Rulebook, "Jeu": "Le plus jeune joueur commence la partie. Quand il a fini son tour, le joueur à
sa gauche joue après lui." "Tour de jeu": a turn is one figure placed or one tile played (placed,
cashed as a Treasure, a Drunkenness replacing a Mead, a Good Counsel). "Le commencement des actes
II et III": "le premier tour est commencé par le joueur qui aurait eu le prochain tour dans l'acte
précédent, si celui-ci ne s'était pas terminé" — so the next act starts with the pointer.

The pointer counts turns; it never reads which phone tapped or which player a form still had
picked, so a tile entered from the host's phone, by a neighbour, or with no player chosen moves it
on by exactly one seat. The seats go round the table in order. What the count cannot see (a player
who passes, « il passe son tour ») the host corrects (``set_turn``).

State keys: ``turn`` (the seat whose turn it is; None until the table says who started the act)
and ``turns_played`` (turns in this act). A state recorded before the pointer existed has neither
key and is left exactly as it was, so old tables and exports replay to the same states.
"""

from __future__ import annotations

from ..base import State


def tracked(state: State) -> bool:
    return "turns_played" in state


def whose_turn(state: State) -> int | None:
    return state.get("turn") if tracked(state) else None


def new_pointer() -> dict[str, int | None]:
    return {"turn": None, "turns_played": 0}


def turn_taken(new: State) -> None:
    """One turn played: the seat on the left plays next."""
    _move(new, +1)


def turn_withdrawn(new: State) -> None:
    """A piece taken off as a mistake: the turn it stood for was not played."""
    if tracked(new) and new["turns_played"] > 0:
        _move(new, -1)


def _move(new: State, step: int) -> None:
    if not tracked(new):
        return
    new["turns_played"] += step
    if new["turn"] is not None:
        new["turn"] = (new["turn"] + step) % len(new["players"])


def act_started_by(new: State, seat: int) -> None:
    """The act's first player is known: the pointer is that seat moved on by the turns already
    entered (the table may name the starter after entering a few pieces)."""
    if tracked(new):
        new["turn"] = (seat + new["turns_played"]) % len(new["players"])


def next_act_opens(new: State, seat: int) -> None:
    if tracked(new):
        new["turn"], new["turns_played"] = seat, 0
