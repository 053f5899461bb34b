"""What every table route needs: the table behind a token, who is acting, absolute URLs."""

from __future__ import annotations

from typing import Any

from flask import abort, current_app, request
from sqlalchemy import select
from werkzeug.datastructures import MultiDict

from .. import devices
from ..extensions import db
from ..games.base import Actor
from ..models import Table
from ..seating import seat_of


def load_table(token: str) -> Table:
    """The table behind a join token; an unknown or malformed token is a plain 404."""
    if not 16 <= len(token) <= 64:
        abort(404)
    table = db.session.scalar(select(Table).where(Table.token == token))
    if table is None:
        abort(404)
    return table


def actor_for(table: Table) -> Actor:
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


def optional_int(raw: Any) -> int | None:
    if raw in (None, ""):
        return None
    if isinstance(raw, bool):
        raise ValueError("not a whole number")
    return int(raw)
