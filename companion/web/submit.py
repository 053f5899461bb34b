"""One way a phone changes a table, whichever door it came in by: the seat page's forms or the JSON API.

The two doors parse a request into a move (or an undo, a claim, a release) and render the
``Outcome``; who may do it, which HTTP status each refusal gets and what the phone is told are
decided here, once, so the page and the API cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from .. import devices, log, seating
from ..games.base import Action, Actor, RuleError, _, at_table
from ..i18n import translate
from ..models import Table
from .context import PhoneAt, load_table, phone_at, within_the_claim_limits

CLAIM_TO_PLAY = _("Claim a seat to play.")
ONLY_PLAYERS_UNDO = _("Only the players at this table can undo.")
STALE = _("The table changed — here is the new state. Nothing was applied; check and try again.")
BUSY = _("The table is very busy; please try again.")
TOO_MANY_FAILED_CLAIMS = _("Too many tries for seats other phones hold; wait a minute. A free seat can still be taken.")


@dataclass(frozen=True)
class Outcome:
    """What came of a request: the HTTP status both doors answer with, and what to tell the phone.

    ``kind`` is "done", "info" (a double tap: already done), "stale" (the screen was behind;
    ``version`` is the table's newest) or "error"; ``text`` is in the phone's language, None when
    there is nothing to say.
    """

    status: int
    kind: str
    text: str | None = None
    recorded: log.Recorded | None = None
    version: int | None = None
    phone: PhoneAt | None = None  # the phone at the table it came of (a move, an undo): what the answer shows

    @property
    def refused(self) -> bool:
        return self.status >= 400

    @property
    def landed(self) -> bool:
        """A move written now (not refused, not a repeat of one written before)."""
        return self.recorded is not None and not self.recorded.duplicate

    def notice(self) -> dict[str, str] | None:
        """The line the seat page shows above the board."""
        return {"kind": self.kind, "text": self.text} if self.text else None


def submit(table: Table, action: Action, *, expected_version: int | None, request_id: str | None,
           history_lines: int = 0) -> Outcome:
    """A move on ``table`` (``context.table_for_a_move``): recorded through the event log, or
    refused with the reason. ``history_lines``: the answer shows that many history lines
    (``Outcome.recorded.history``). The log's path may do it again on the table read anew
    (fast/path.py: a move on a copy that did not land); each try resolves the phone there once."""

    def move(table: Table) -> Outcome:
        phone = phone_at(table)
        return _change(phone, CLAIM_TO_PLAY, lambda: log.append(
            table.id, action, phone.actor, game=phone.game, expected_version=expected_version,
            request_id=request_id, history_lines=history_lines))

    return log.path().move(table, load_table, move)


def undo(phone: PhoneAt, *, expected_version: int | None, request_id: str | None, history_lines: int = 0) -> Outcome:
    return _change(phone, ONLY_PLAYERS_UNDO, lambda: log.undo(
        phone.table.id, phone.actor, game=phone.game, expected_version=expected_version, request_id=request_id,
        history_lines=history_lines))


def _change(phone: PhoneAt, refusal_for_onlookers: str, change: Callable[[], log.Recorded]) -> Outcome:
    return replace(_answer(phone.actor, refusal_for_onlookers, change), phone=phone)


def _answer(actor: Actor, refusal_for_onlookers: str, change: Callable[[], log.Recorded]) -> Outcome:
    # Seated or the host, checked here for every change from either door (a watching phone
    # is told to claim a seat; the game's own GameKit.apply refuses it too, for direct callers).
    if not at_table(actor):
        return Outcome(403, "error", translate(refusal_for_onlookers))
    try:
        recorded = change()
    except log.StaleVersion as stale:
        return Outcome(409, "stale", translate(STALE), version=stale.current)
    except RuleError as error:
        return Outcome(422, "error", translate(error.msg, error.args_))
    except log.Busy:
        return Outcome(503, "error", translate(BUSY))
    if recorded.duplicate:
        return Outcome(200, "info", translate("Already done: %(what)s", {"what": recorded.label.to_json()}),
                       recorded)
    return Outcome(200, "done", None, recorded)


def claim(table: Table, index: int) -> Outcome:
    """This phone takes a seat; a seat another phone holds is a conflict (409), and past the
    failed-claim limits a 429 (context.within_the_claim_limits: a free seat is never refused)."""
    table_id = table.id  # read before the claim: a refused claim rolls the session back
    outcome = _seat_change(lambda: seating.claim(table, index, devices.current()), 409)
    if outcome.refused and not within_the_claim_limits(table_id):
        return Outcome(429, "error", translate(TOO_MANY_FAILED_CLAIMS))
    return outcome


def release(table: Table, index: int) -> Outcome:
    """This phone (or the host) frees a seat; anyone else is refused (403)."""
    return _seat_change(lambda: seating.release(table, index, devices.current()), 403)


def _seat_change(change: Callable[[], object], refused_status: int) -> Outcome:
    try:
        change()
    except RuleError as error:
        return Outcome(refused_status, "error", translate(error.msg, error.args_))
    return Outcome(200, "done")
