"""What a seat owes the table now: the line of the phone's "your move" bar.

Each game's view carries ``"owed"`` for a seat (None for the table display, and when nothing is
owed or awaited): a message, and the id of the control on that seat's board that one tap of the
bar takes the phone to — or no id while the seat waits for someone else. The platform renders it
once for every game (templates/_owed.html), and after any move the phone brings that control
into view (static/app.js), so the acting phone never scrolls to find its next step.
"""

from __future__ import annotations

from typing import Any

Owed = dict[str, Any]


def owed(msg: str, target: str, **args: Any) -> Owed:
    """This seat must act: ``msg`` (a message id, placeholders in ``args``) and the control's id."""
    return {"msg": msg, "args": args, "target": target}


def waiting(msg: str, **args: Any) -> Owed:
    """This seat waits for someone else: said on the bar, with nothing to go to."""
    return {"msg": msg, "args": args, "target": None}


def names(state_players: list[dict[str, Any]], seats: list[int]) -> str:
    """Players' names as the bar lists them ("Ann, Bob")."""
    return ", ".join(state_players[s]["name"] for s in seats)
