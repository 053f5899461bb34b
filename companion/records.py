"""The evening's record: finished games, their export and import, and per-player statistics.

An export of a finished game carries everything (setup, every event, final state): the game
is over, so its face-down values are revealed, as they are at the table. Import replays the
exported events through the game's rules and refuses a file whose state does not follow.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable

from sqlalchemy import select

from .extensions import db
from .games import get as get_game
from .games.base import Actor, RuleError
from .log import game_of
from .models import Event, Seat, Snapshot, Table
from .seating import new_token, validate_players

FORMAT = "companion-game"
FORMAT_VERSION = 1


def finished_tables() -> list[Table]:
    return list(db.session.scalars(select(Table).where(Table.finished.is_(True)).order_by(Table.updated_at.desc())))


def export_game(table: Table) -> dict[str, Any]:
    if not table.finished:
        raise RuleError("Only a finished game can be exported: until then its face-down values are private.")
    game = game_of(table)
    setup = db.session.scalar(select(Snapshot).where(Snapshot.table_id == table.id, Snapshot.version == 0))
    events = db.session.scalars(select(Event).where(Event.table_id == table.id).order_by(Event.version))
    scores = game.final_scores(table.state) or []
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION,
        "game": table.game, "title": game.title, "options": table.options,
        "players": [{"name": s.name, "colour": s.colour} for s in table.seats],
        "started": table.created_at.isoformat(), "ended": table.updated_at.isoformat(),
        "setup": setup.state if setup else None,
        "events": [{"version": e.version, "kind": e.kind, "action": e.action, "label": e.label, "seat": e.seat,
                    "by_host": e.by_host, "undone": e.undone, "undoes": e.undoes,
                    "at": e.created_at.isoformat()} for e in events],
        "state": table.state,
        "scores": [{"seat": s.seat, "name": s.name, "total": s.total, "place": s.place,
                    "breakdown": [[msg, points] for msg, points in s.breakdown]} for s in scores],
    }


CSV_FIELDS = ["ended", "game", "table", "seat", "player", "total", "place", "winner"]


def lowest_wins(table: Table) -> bool:
    """Whether this table ranked the lowest total first.

    No game here is lowest-wins by its rules; the score pad offers it as the setup option
    "lowest_wins" (golf-like games), and its final places follow it.
    """
    return bool((table.options or {}).get("lowest_wins"))


def score_rows(tables: Iterable[Table]) -> Iterable[dict[str, Any]]:
    """One row per player of each finished game (the CSV columns, plus how that game ranked)."""
    for table in tables:
        scores = game_of(table).final_scores(table.state) or []
        low = lowest_wins(table)
        for s in scores:
            yield {"ended": table.updated_at.isoformat(timespec="minutes"), "game": table.game,
                   "table": table.id, "seat": s.seat + 1, "player": s.name, "total": s.total,
                   "place": s.place, "winner": s.place == 1, "lowest_wins": low}


def to_csv(rows: Iterable[dict[str, Any]]) -> str:
    out = io.StringIO()
    # Place and winner already say how each game ranked; the CSV columns stay as they were.
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def _require(data: Any, key: str, kind: type) -> Any:
    if not isinstance(data, dict) or not isinstance(data.get(key), kind):
        raise RuleError("The file is not a Companion game export (%(field)s is missing).", field=key)
    return data[key]


def import_game(data: Any, host_device: str) -> Table:
    """Recreates a finished game from its export, after checking it replays to the same state."""
    if _require(data, "format", str) != FORMAT:
        raise RuleError("The file is not a Companion game export (%(field)s is missing).", field="format")
    game = get_game(_require(data, "game", str))
    if game is None:
        raise RuleError("This server does not know the game %(game)s.", game=data["game"])
    players = validate_players(_require(data, "players", list), game)
    setup, events, final = _require(data, "setup", dict), _require(data, "events", list), _require(data, "state", dict)
    state = setup
    try:
        for event in events:
            if event.get("kind") in ("action", "finish") and not event.get("undone"):
                state = game.apply(state, event["action"], Actor(event.get("seat"), bool(event.get("by_host")))).state
    except (KeyError, TypeError, AttributeError):
        raise RuleError("The file's history is damaged.") from None
    if state != final or not game.is_over(final):
        raise RuleError("The file's history does not lead to its final state: it was changed or damaged.")
    table = Table(token=new_token(), game=game.key, options=_require(data, "options", dict), state=final,
                  version=len(events), finished=True, host_device=host_device)
    table.seats = [Seat(index=i, name=p["name"], colour=p["colour"]) for i, p in enumerate(players)]
    db.session.add(table)
    db.session.flush()
    db.session.add(Snapshot(table_id=table.id, version=0, state=setup))
    for n, event in enumerate(events, start=1):
        db.session.add(Event(table_id=table.id, version=n, kind=str(event.get("kind")), action=event.get("action") or {},
                             label=event.get("label") or {"msg": "", "args": {}}, seat=event.get("seat"),
                             by_host=bool(event.get("by_host")), undone=bool(event.get("undone")),
                             undoes=event.get("undoes"), created_at=_when(event.get("at"))))
    db.session.commit()
    return table


def _when(text: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None


@dataclass(frozen=True, order=True)
class Ranking:
    """A game as its statistics are kept: a score pad played lowest-wins is a separate table
    of averages and bests from one played highest-wins (a golf total is not a quiz total)."""

    game: str
    lowest_wins: bool = False

    @property
    def anchor(self) -> str:
        return f"{self.game}-lowest" if self.lowest_wins else self.game


@dataclass
class PlayerStats:
    name: str
    games: int = 0
    wins: int = 0  # first places, as each game ranked them
    scores: dict[Ranking, list[int]] = field(default_factory=dict)  # totals per game and ranking

    def average(self, ranking: Ranking) -> float:
        totals = self.scores.get(ranking, [])
        return round(sum(totals) / len(totals), 1) if totals else 0.0

    def best(self, ranking: Ranking) -> int | None:
        """The total that would have ranked highest: the lowest where the lowest wins."""
        totals = self.scores.get(ranking)
        if not totals:
            return None
        return min(totals) if ranking.lowest_wins else max(totals)


def ranking_of(row: dict[str, Any]) -> Ranking:
    return Ranking(row["game"], bool(row.get("lowest_wins")))


def player_stats(rows: Iterable[dict[str, Any]]) -> list[PlayerStats]:
    """Games, wins, and per game (and ranking) the average and best score, by player name."""
    stats: dict[str, PlayerStats] = {}
    for row in rows:
        player = stats.setdefault(row["player"].casefold(), PlayerStats(row["player"]))
        player.games += 1
        player.wins += 1 if row["winner"] else 0
        player.scores.setdefault(ranking_of(row), []).append(row["total"])
    return sorted(stats.values(), key=lambda p: (-p.wins, -p.games, p.name.casefold()))
