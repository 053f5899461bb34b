"""The evening's record: finished games, their export and import, and per-player statistics.

An export of a finished game carries everything (setup, every event, final state): the game
is over, so its face-down values are revealed, as they are at the table. Import replays the
exported events through the game's rules and refuses a file whose state does not follow.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Iterable

from sqlalchemy import insert, select

from . import log
from .extensions import db
from .games import get as get_game
from .games.base import Actor, Game, RuleError, State, _
from .log import game_of
from .models import Event, Seat, Snapshot, Table, utcnow
from .seating import new_display_token, new_token, validate_options, validate_players

FORMAT = "companion-game"
FORMAT_VERSION = 1


FINISHED_NEWEST_FIRST = (Table.updated_at.desc(), Table.id.desc())  # the id: a stable order for pages


def finished_tables() -> list[Table]:
    return list(db.session.scalars(select(Table).where(Table.finished.is_(True)).order_by(*FINISHED_NEWEST_FIRST)))


def finished_table_ids(offset: int, limit: int) -> list[int]:
    """One page of the finished games, newest first: their ids only (an export then reads one
    game at a time, so that its memory is one game's, not the page's)."""
    return list(db.session.scalars(select(Table.id).where(Table.finished.is_(True))
                                   .order_by(*FINISHED_NEWEST_FIRST).offset(offset).limit(limit)))


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


# What one import may ask of the server, checked before anything is played (issue #28: a file of
# 12,000 score-pad rounds for 8 players froze every table for a minute). The longest games
# played here are far below: a Legend of 5 players is about 400 events, a score pad of 8
# players and 40 rounds with a tap per score about 400.
MAX_IMPORT_EVENTS = 5_000
MAX_IMPORT_SEAT_MOVES = 20_000  # events × players: the moves of a score pad grow with its players
# The worker's time the replay may take once it starts (log.ReplayBudget): a guard, should a
# game's moves ever cost far more than measured (5,000 score-pad moves: 0.1 s).
IMPORT_REPLAY_SECONDS = 10.0
# The times an export can hold: a game's events happen in this century. PostgreSQL stores years
# up to 294276, which Python cannot read back (year 10000 was a 500 on every records page).
EARLIEST, LATEST = datetime(2000, 1, 1, tzinfo=timezone.utc), datetime(2100, 1, 1, tzinfo=timezone.utc)


class ImportTooLarge(RuleError):
    """An import beyond what one import may ask of the server (answered 413)."""


def _require(data: Any, key: str, kind: type) -> Any:
    if not isinstance(data, dict) or not isinstance(data.get(key), kind):
        raise RuleError("The file is not a Companion game export (%(field)s is missing).", field=key)
    return data[key]


def import_game(data: Any, host_device: str) -> Table:
    """Recreates a finished game from its export, after checking all of it; stores nothing
    unless every part holds.

    Checked before anything is played: the players and options as on the new-game form, the
    size of the history (``MAX_IMPORT_EVENTS``, ``MAX_IMPORT_SEAT_MOVES``), the players the
    setup and the final state name (the table's seats), each event's shape, seat and time.
    Then the history is played again through the log's own replay (``log.play_history``) —
    every move as the seat that made it, every undo reverting the latest move still standing —
    and must end at the file's final state, a finished game. What the file says about each
    event (its label, whether it was undone) is not trusted: the labels stored are the ones the
    replay gives, so a label whose arguments do not fit its text cannot reach a page.
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
    _within_budget(len(events), len(players))
    for state in (setup, final):
        _names_the_seats(state, players)
    history, times = _history_of(events, len(players))
    budget = log.ReplayBudget(MAX_IMPORT_EVENTS, IMPORT_REPLAY_SECONDS)
    try:
        played = log.play_history(game, setup, history, budget)
    except log.BrokenHistory as broken:
        raise _damaged(broken.n) from None
    except RuleError:
        raise
    except Exception:  # a setup the game cannot even read (it was not written by this game)
        raise RuleError("The file's history is damaged.") from None
    if any(bool(event.get("undone")) != row["undone"] for event, row in zip(events, played.rows)):
        raise RuleError("The file's history does not lead to its final state: it was changed or damaged.")
    if played.state != final or not _finished_cleanly(game, final, len(players)):
        raise RuleError("The file's history does not lead to its final state: it was changed or damaged.")
    return _store(game, players, options, setup, final, played.rows, times, host_device)


def _within_budget(events: int, seats: int) -> None:
    if events > MAX_IMPORT_EVENTS or events * seats > MAX_IMPORT_SEAT_MOVES:
        raise ImportTooLarge(_("This game is too long to import here: %(n)s events for %(seats)s players "
                               "(at most %(most)s events, or %(product)s events × players)."),
                             n=events, seats=seats, most=MAX_IMPORT_EVENTS, product=MAX_IMPORT_SEAT_MOVES)


def _names_the_seats(state: State, players: list[dict[str, str]]) -> None:
    """The state's players are the table's seats, in order: every page shows each seat from both
    (a setup naming a player the seats lacked made the table's page a 500). Every game keeps its
    players in ``state["players"]``, each with the name and colour it was set up with."""
    named = state.get("players")
    if not isinstance(named, list) or len(named) != len(players) or any(
            not isinstance(p, dict) or p.get("name") != seat["name"] or p.get("colour") != seat["colour"]
            for p, seat in zip(named, players)):
        raise RuleError(_("The file's players do not match the players its game was set up with."))


def _history_of(events: list[Any], seats: int) -> tuple[list[tuple[str, Any, Actor, Any]], list[datetime]]:
    """Each event as the log's replay takes it (kind, action, actor, the version an undo
    reverts) and the time it happened, after checking its shape: what the replay trusts."""
    history, times, now = [], [], utcnow()
    for n, event in enumerate(events, start=1):
        if not isinstance(event, dict) or event.get("version", n) != n:
            raise _damaged(n)
        seat, by_host, kind = event.get("seat"), event.get("by_host", False), event.get("kind")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats):
            raise _damaged(n)
        if not isinstance(by_host, bool) or (seat is None and not by_host):
            raise _damaged(n)  # only a seat or the host moves
        action = event.get("action")
        if kind not in ("action", "finish", "undo") or not isinstance(action, dict):
            raise _damaged(n)
        history.append((kind, action, Actor(seat, by_host), event.get("undoes")))
        times.append(_when(event.get("at"), n) or now)
    return history, times


def _when(text: Any, n: int) -> datetime | None:
    """An event's time, with its zone (none: UTC). None when the file gives none that reads as a
    time: the event is kept without its clock (stored as now), as a history line that does not
    fit is kept with the line the replay gives. A time outside this century is refused: the
    database may store it but not give it back."""
    try:
        moment = datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None
    if moment is None:
        return None
    try:
        moment = (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)
    except OverflowError:  # past the year 9999, or before the year 1, once in UTC
        moment = None
    if moment is None or not EARLIEST <= moment < LATEST:
        raise RuleError(_("The file's history is damaged (event %(n)s): its time is not one this server "
                          "keeps (years 2000 to 2099)."), n=n)
    return moment


def _store(game: Game, players: list[dict[str, str]], options: dict[str, Any], setup: State, final: State,
           rows: list[dict[str, Any]], times: list[datetime], host_device: str) -> Table:
    """The checked game written: its table, seats, setup and events, in one transaction (the
    events in one statement)."""
    table = Table(token=new_token(), display_token=new_display_token(), game=game.key, options=options, state=final,
                  version=len(rows), finished=True, host_device=host_device)
    table.seats = [Seat(index=i, name=p["name"], colour=p["colour"]) for i, p in enumerate(players)]
    db.session.add(table)
    db.session.flush()
    db.session.add(Snapshot(table_id=table.id, version=0, state=setup))
    if rows:
        db.session.execute(insert(Event), [{"table_id": table.id, "version": n, "created_at": at, **row}
                                           for n, (row, at) in enumerate(zip(rows, times), start=1)])
    db.session.commit()
    return table


def _damaged(n: int) -> RuleError:
    return RuleError("The file's history is damaged (event %(n)s).", n=n)


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
