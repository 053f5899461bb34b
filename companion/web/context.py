"""What every table route needs: the table behind a token, who is acting, absolute URLs."""

from __future__ import annotations

import string
from dataclasses import dataclass, replace
from typing import Any

from flask import abort, current_app, request
from limits import parse as parse_limit
from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload
from werkzeug.datastructures import MultiDict

from .. import devices, log
from .. import shared_counts
from ..extensions import db
from ..games.base import Actor, Game, whole_number
from ..models import Table
from ..seating import seat_of

# Built once (building it costs about as much as running it). The seats come in the same
# query: every table route asks which seat this phone holds.
TABLE_BY_TOKEN = select(Table).options(joinedload(Table.seats)).where(Table.token == bindparam("token"))
TABLE_BY_DISPLAY_TOKEN = (select(Table).options(joinedload(Table.seats))
                          .where(Table.display_token == bindparam("token")))


# What ``seating.new_token`` writes (URL-safe base64). A token of other characters is no table's,
# and is not sent to the database: PostgreSQL refuses a NUL byte in a text outright (a 500).
TOKEN_CHARACTERS = frozenset(string.ascii_letters + string.digits + "-_")


def well_formed_token(token: str) -> bool:
    return 16 <= len(token) <= 64 and TOKEN_CHARACTERS.issuperset(token)


def load_table(token: str) -> Table:
    """The table behind a join token; an unknown or malformed token is a plain 404, and counts
    as a wrong guess either way."""
    table = db.session.scalar(TABLE_BY_TOKEN, {"token": token}) if well_formed_token(token) else None
    if table is None:
        count_a_wrong_token()
        abort(404)
    return table


def table_for_a_move(token: str) -> Table:
    """The table a move is built on: the log's path may have it without a read (fast/path.py: a
    copy of it), else ``load_table``."""
    return log.path().table_for_a_move(token, load_table)


def load_displayed_table(display_token: str) -> Table:
    """The table behind a display link (read-only: it claims no seat); a wrong one is a 404,
    counted as a wrong guess as on the join link."""
    table = (db.session.scalar(TABLE_BY_DISPLAY_TOKEN, {"token": display_token})
             if well_formed_token(display_token) else None)
    if table is None:
        count_a_wrong_token()
        abort(404)
    return table


def count_a_wrong_token() -> None:
    """A wrong token costs its address one try of JOIN_RATE_LIMIT, whichever URL it came by.

    The join routes have their own limit; this one closes the side doors: guessing through
    /version, /board or the API is limited just the same. Right tokens cost nothing, so a
    phone polling its own table is never slowed down.
    """
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return
    if not a_try("wrong tokens from", remote_address()):
        abort(429)


def within_the_claim_limits(table_id: int) -> bool:
    """A failed claim (a seat another phone holds, a seat the table lacks) costs one try of
    JOIN_RATE_LIMIT on its address and one on its table; False once either has none left.

    Only failures are counted, and only after they failed: a claim of a free seat is never
    refused, so a real player behind the router (or the proxy) of someone who keeps trying
    for held seats still sits down. The table's own count stops a stranger who comes by many
    addresses; the address's, one who tries many tables.
    """
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return True
    address_ok = a_try("failed claims from", remote_address())
    table_ok = a_try("failed claims on", str(table_id))
    return address_ok and table_ok


def a_try(what: str, who: str) -> bool:
    """One try of JOIN_RATE_LIMIT, counted across the server's processes (shared_counts.py);
    False once the limit's period holds more than it allows."""
    limit = parse_limit(current_app.config["JOIN_RATE_LIMIT"])
    return shared_counts.of_the_app().hit(f"{what} {who}", limit.amount, limit.get_expiry())


def remote_address() -> str:
    """The client's address as the server sees it (behind a proxy: the proxy's)."""
    return request.remote_addr or "127.0.0.1"


@dataclass(frozen=True)
class PhoneAt:
    """The phone making this request, at its table: the table as read, its game, and who the phone
    is there (its seat, whether it hosts). Resolved once per request (``phone_at``) and handed on:
    to the move service, the log, and the board that answers."""

    table: Table
    game: Game
    actor: Actor
    seating: int  # the table's seating counter when the actor was resolved

    def after_the_change(self) -> PhoneAt:
        """The same phone at the table as it stands after a change (``log.current``). Who the phone
        is carries over while no seat changed hands (the seating counter is as read)."""
        table = log.current(self.table)
        if table.seating == self.seating:
            return replace(self, table=table)
        return phone_at(table)


def phone_at(table: Table) -> PhoneAt:
    """This request's phone at ``table``: its game and who the phone is there, looked up now."""
    return PhoneAt(table, log.game_of(table), actor_for(table), table.seating)


def actor_for(table: Table) -> Actor:
    """Which seat the phone's device cookie holds at ``table``, and whether it hosts it."""
    device = devices.current()
    seat = seat_of(table, device)
    return Actor(seat.index if seat else None, host=table.host_device == device)


def public_url(path: str) -> str:
    """An absolute URL phones can open: COMPANION_PUBLIC_URL when set, else this request's host."""
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    return base.rstrip("/") + path


CONTROL_FIELDS = ("csrf_token", "version", "request_id")


def form_to_action(form: MultiDict) -> dict[str, Any]:
    """A posted form as an action: "x[]" fields become lists, control fields are left out."""
    action: dict[str, Any] = {}
    for key in form:
        if key in CONTROL_FIELDS:
            continue
        if key.endswith("[]"):
            action[key[:-2]] = form.getlist(key)
        else:
            action[key] = form.get(key)
    return action


MAX_REQUEST_ID = 64  # the width of events.request_id


def valid_request_id(raw: Any) -> bool:
    """A move's one-time id (sent twice, applied once): 1 to 64 printable characters.

    Checked before it reaches the database: PostgreSQL refuses a NUL character or a longer
    string outright, and a refusal there would be a 500 instead of a clear answer.
    """
    return isinstance(raw, str) and 1 <= len(raw) <= MAX_REQUEST_ID and raw.isprintable()


def optional_int(raw: Any) -> int | None:
    """A form's or a body's optional version number: ASCII digits (or a JSON int), else ValueError."""
    if raw in (None, ""):
        return None
    number = whole_number(raw)
    if number is None:
        raise ValueError("not a whole number")
    return number


def version_arg(name: str) -> int | None:
    """A version in the query string (``since``, ``before``); None when absent or not a number.

    Clamped to what a version can be, so that "-99999999999999999999" reads as "from the start"
    instead of reaching the database as a number it cannot hold.
    """
    text = (request.args.get(name) or "").strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not digits or not digits.isascii() or not digits.isdigit():
        return None
    if len(digits) > 10:  # past any version, either way: not worth converting thousands of digits
        return -1 if text.startswith("-") else log.MAX_VERSION + 1
    return max(-1, min(int(text), log.MAX_VERSION + 1))
