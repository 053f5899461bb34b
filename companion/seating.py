"""Tables and seats: creating a table, and which phone holds which seat.

Rules of the seats: a free seat is taken by the first phone that claims it; a claimed seat
cannot be taken silently — its holder or the host releases it (hands it over) first. A phone
holds at most one seat per table; claiming another seat moves it.
"""

from __future__ import annotations

import secrets
from typing import Any, Mapping

from sqlalchemy import or_, select, update

from . import devices, library, log, stream_caps
from .extensions import db
from .games.base import MAX_NAME, Game, PlayerSpec, RuleError, _
from .models import Seat, Snapshot, Table, utcnow

COLOURS = ("red", "blue", "green", "yellow", "purple", "black", "white", "orange", "brown", "grey")


def colours_of(game: Game) -> tuple[str, ...]:
    """The colours a new table of ``game`` offers: its box's own (``game.colours``, in the
    rulebook's order) when it names them, else the platform's list."""
    return tuple(getattr(game, "colours", ()) or COLOURS)


def new_token() -> str:
    """192 random bits, URL-safe: a join link nobody can guess."""
    return secrets.token_urlsafe(24)


def new_display_token() -> str:
    """The display link's token: as random as the join token, and another one."""
    return secrets.token_urlsafe(24)


def validate_players(players: list[Mapping[str, Any]], game: Game) -> list[dict[str, str]]:
    if not game.min_players <= len(players) <= game.max_players:
        raise RuleError("%(game)s takes %(min)s to %(max)s players.", game=game.title,
                        min=game.min_players, max=game.max_players)
    clean: list[dict[str, str]] = []
    offered = colours_of(game)
    known = offered + tuple(c for c in COLOURS if c not in offered)  # records made before a box's list
    for number, player in enumerate(players, start=1):
        if not isinstance(player, Mapping):
            raise RuleError("Player %(n)s needs a name of 1 to 40 characters.", n=number)
        raw_name, colour = player.get("name", ""), player.get("colour") or offered[(number - 1) % len(offered)]
        if not isinstance(raw_name, str) or not isinstance(colour, str):
            raise RuleError("Player %(n)s needs a name of 1 to 40 characters.", n=number)
        name = raw_name.strip()
        if not name or len(name) > MAX_NAME:
            raise RuleError("Player %(n)s needs a name of 1 to 40 characters.", n=number)
        if not name.isprintable():  # a control character (PostgreSQL refuses NUL outright)
            raise RuleError("Player %(n)s's name contains a character that cannot be shown.", n=number)
        if colour not in known:
            raise RuleError("Unknown colour: %(colour)s", colour=colour)
        clean.append({"name": name, "colour": colour})
    if len({p["name"].casefold() for p in clean}) != len(clean):
        raise RuleError("Two players have the same name.")
    if len({p["colour"] for p in clean}) != len(clean):
        raise RuleError("Two players have the same colour.")
    return clean


def validate_options(raw: Mapping[str, Any], game: Game) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for spec in game.options:
        value = raw.get(spec.key, spec.default)
        if spec.kind == "bool":
            value = value in (True, "1", "true", "on", "yes")
        elif spec.kind == "choice":
            value = spec.default if value in (None, "") else value
            if str(value) not in [c for c, _ in spec.choices]:
                raise RuleError("Unknown choice for %(option)s: %(value)s", option=spec.key, value=str(value))
            value = next(c for c, _ in spec.choices if c == str(value))
        options[spec.key] = value
    unknown = set(raw) - {spec.key for spec in game.options}
    if unknown:
        raise RuleError("Unknown option: %(option)s", option=", ".join(sorted(unknown)))
    return options


def create_table(game: Game, players: list[dict[str, str]], options: dict[str, Any], host_device: str) -> Table:
    specs = [PlayerSpec(p["name"], p["colour"]) for p in players]
    state = game.setup(specs, options, library.facts(game.key))
    table = Table(token=new_token(), display_token=new_display_token(), game=game.key, options=options, state=state, version=0,
                  host_device=host_device)
    table.seats = [Seat(index=i, name=p["name"], colour=p["colour"]) for i, p in enumerate(players)]
    db.session.add(table)
    db.session.flush()
    db.session.add(Snapshot(table_id=table.id, version=0, state=state))  # where every replay starts
    db.session.commit()
    return table


def seat_of(table: Table, device: str) -> Seat | None:
    return next((seat for seat in table.seats if seat.device == device), None)


def seat_context(table: Table) -> dict[str, Any]:
    device = devices.current()
    seat = seat_of(table, device)
    return {"seat": seat.index if seat else None, "is_host": table.host_device == device, "seats": table.seats}


HELD = _("%(name)s's seat is held by another phone. Its holder or the host can hand it over.")


def claim(table: Table, index: int, device: str) -> None:
    target = next((seat for seat in table.seats if seat.index == index), None)
    if target is None:
        raise RuleError("This table has no seat %(n)s.", n=index + 1)
    if target.device == device:
        return
    if target.device is not None:  # held, as just read: refused without a write, so a stream of
        raise RuleError(HELD, name=target.name)  # failed claims takes no lock from the table's moves
    # Atomic: only a free seat can be taken, so two phones tapping the same name at once
    # cannot both get it.
    taken = db.session.execute(
        update(Seat).where(Seat.id == target.id, Seat.device.is_(None))
        .values(device=device, claimed_at=utcnow()).execution_options(synchronize_session=False)
    ).rowcount
    if taken != 1:
        db.session.rollback()
        raise RuleError(HELD, name=target.name)
    # One seat per phone per table: claiming another seat leaves the old one free.
    db.session.execute(update(Seat).where(Seat.table_id == table.id, Seat.device == device, Seat.id != target.id)
                       .values(device=None, claimed_at=None).execution_options(synchronize_session=False))
    _seating_changed(table)
    db.session.commit()
    db.session.expire(table)


def release(table: Table, index: int, device: str) -> None:
    target = next((seat for seat in table.seats if seat.index == index), None)
    if target is None:
        raise RuleError("This table has no seat %(n)s.", n=index + 1)
    if target.device is None:
        return
    if target.device != device and table.host_device != device:
        raise RuleError("Only the phone holding this seat, or the host, can hand it over.")
    target.device = None
    target.claimed_at = None
    _seating_changed(table)
    db.session.commit()


def _seating_changed(table: Table) -> None:
    """Counted on the table, in the claim's or release's transaction: a move read before it no
    longer lands (its write checks the count: log.WRITE_IF_UNCHANGED), nor one built on a copy
    kept before it (fast/table_copies.py)."""
    db.session.execute(update(Table).where(Table.id == table.id).values(seating=Table.seating + 1)
                       .execution_options(synchronize_session=False))
    log.path().seats_changed(table.token)
    stream_caps.forget_members(table.token)  # the new holder's stream is not taken for a stranger's


def tables_of_device(device: str, limit: int = 20) -> list[Table]:
    """The tables this phone hosts or sits at, newest first: how a phone finds its way back."""
    query = (
        select(Table).outerjoin(Seat, Seat.table_id == Table.id)
        .where(or_(Table.host_device == device, Seat.device == device))
        .order_by(Table.updated_at.desc()).limit(limit)
    )
    return list(db.session.scalars(query).unique())
