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
from .games.base import Actor, Game, RuleError, State, label
from .log import game_of
from .models import Event, Seat, Snapshot, Table
from .seating import new_token, validate_options, validate_players

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


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: Any) -> Any:
    """A text cell a spreadsheet will not run: one starting like a formula gets a leading "'".

    OWASP's rule for CSV injection: a player named "=HYPERLINK(…)" or "@SUM(1+1)" is text at
    the table and must stay text in the spreadsheet. Numbers (a total of -5) are left alone.
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def to_csv(rows: Iterable[dict[str, Any]]) -> str:
    out = io.StringIO()
    # Place and winner already say how each game ranked; the CSV columns stay as they were.
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, extrasaction="ignore")
    writer.writeheader()
    writer.writerows({key: spreadsheet_safe(value) for key, value in row.items()} for row in rows)
    return out.getvalue()


def _require(data: Any, key: str, kind: type) -> Any:
    if not isinstance(data, dict) or not isinstance(data.get(key), kind):
        raise RuleError("The file is not a Companion game export (%(field)s is missing).", field=key)
    return data[key]


def import_game(data: Any, host_device: str) -> Table:
    """Recreates a finished game from its export, after checking all of it; stores nothing
    unless every part holds.

    The players and options are checked as on the new-game form; then the history is played
    again in its own order through the game's rules — every move as the seat that made it,
    every undo reverting the latest move still standing, as the log does — and must end at
    the file's final state, a finished game. What the file says about each event (its label,
    whether it was undone) is not trusted: the labels stored are the ones the replay gives, so
    a label whose arguments do not fit its text cannot reach a page.
    """
    if _require(data, "format", str) != FORMAT:
        raise RuleError("The file is not a Companion game export (%(field)s is missing).", field="format")
    game = get_game(_require(data, "game", str))
    if game is None:
        raise RuleError("This server does not know the game %(game)s.", game=data["game"])
    raw_players = _require(data, "players", list)
    if not all(isinstance(player, dict) for player in raw_players):
        raise RuleError("The file is not a Companion game export (%(field)s is missing).", field="players")
    players = validate_players(raw_players, game)
    options = validate_options(_require(data, "options", dict), game)
    setup, events, final = _require(data, "setup", dict), _require(data, "events", list), _require(data, "state", dict)
    try:
        replayed = _replay_export(game, setup, events, len(players))
    except RuleError:
        raise
    except Exception:  # a setup the game cannot even read (it was not written by this game)
        raise RuleError("The file's history is damaged.") from None
    if replayed.state != final or not _finished_cleanly(game, final, len(players)):
        raise RuleError("The file's history does not lead to its final state: it was changed or damaged.")
    table = Table(token=new_token(), game=game.key, options=options, state=final,
                  version=len(events), finished=True, host_device=host_device)
    table.seats = [Seat(index=i, name=p["name"], colour=p["colour"]) for i, p in enumerate(players)]
    db.session.add(table)
    db.session.flush()
    db.session.add(Snapshot(table_id=table.id, version=0, state=setup))
    for n, (event, row) in enumerate(zip(events, replayed.rows), start=1):
        db.session.add(Event(table_id=table.id, version=n, created_at=_when(event.get("at")), **row))
    db.session.commit()
    return table


@dataclass
class _Replayed:
    state: State
    rows: list[dict[str, Any]]  # each event's columns, as the replay found them


def _damaged(n: int) -> RuleError:
    return RuleError("The file's history is damaged (event %(n)s).", n=n)


def _replay_export(game: Game, setup: State, events: list[Any], seats: int) -> _Replayed:
    """Each event of an export played again in order, as ``log.append`` and ``log.undo`` did."""
    state = setup
    standing: list[tuple[int, State, dict[str, Any]]] = []  # (version, state before, its row) of moves not undone
    rows: list[dict[str, Any]] = []
    for n, event in enumerate(events, start=1):
        if not isinstance(event, dict) or event.get("version", n) != n:
            raise _damaged(n)
        seat, by_host, kind = event.get("seat"), event.get("by_host", False), event.get("kind")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats):
            raise _damaged(n)
        if not isinstance(by_host, bool) or (seat is None and not by_host) or game.is_over(state):
            raise _damaged(n)  # only a seat or the host moves, and a finished game takes no more
        actor = Actor(seat, by_host)
        if kind in ("action", "finish"):
            action = event.get("action")
            if not isinstance(action, dict) or not isinstance(action.get("type"), str) or action["type"] not in game.actions:
                raise _damaged(n)
            try:
                applied = game.apply(state, action, actor)
            except Exception:  # a move the rules refuse, or one too damaged for them to read
                raise _damaged(n) from None
            derived = "finish" if game.is_over(applied.state) else "action"
            if kind != derived:
                raise _damaged(n)
            row = {"kind": kind, "action": action, "label": applied.label.to_json(), "seat": seat,
                   "by_host": by_host, "undone": False, "undoes": None}
            standing.append((n, state, row))
            state = applied.state
        elif kind == "undo":
            if not standing or event.get("undoes") != standing[-1][0]:
                raise _damaged(n)  # an undo reverts the latest move still standing
            version, state, undone = standing.pop()
            undone["undone"] = True
            row = {"kind": "undo", "action": {"type": "undo"}, "seat": seat, "by_host": by_host, "undone": False,
                   "undoes": version, "label": label("Undone: %(what)s", what=undone["label"]).to_json()}
        else:
            raise _damaged(n)
        rows.append(row)
    for event, row in zip(events, rows):
        if bool(event.get("undone")) != row["undone"]:
            raise RuleError("The file's history does not lead to its final state: it was changed or damaged.")
    return _Replayed(state, rows)


def _finished_cleanly(game: Game, final: State, seats: int) -> bool:
    """The final state is a finished game that every page can show: its views and scores."""
    try:
        if not game.is_over(final):
            return False
        for seat in [None, *range(seats)]:
            game.view(final, seat)
        game.final_scores(final)
        return True
    except Exception:  # a state the replay reached but the game cannot show is not importable
        return False


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
