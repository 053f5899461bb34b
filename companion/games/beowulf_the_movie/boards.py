"""The shape of each act's board: rows, columns, unplayable squares and printed Gorges.

No source gives these: the first table to play an act enters them from the physical board, and
the platform keeps them server-wide (``Applied.learned`` → ``library`` of later games). They can
be exported and imported as a data file.

A board is the JSON-compatible dict
``{"rows": 6, "cols": 6, "blocked": [[r, c], ...], "gorges": [[r, c], ...], "source": "table"}``
(squares count from 0; lists sorted).
"""

from __future__ import annotations

from typing import Any, Mapping

from .box import ACTS, MAX_SIDE
from ..base import ScoreInputError, check_file_header, library_section

GAME_KEY = "beowulf-the-movie"
FILE_FORMAT = 1
SOURCE_NOTE = ("Board shapes entered by tables from their physical boards; "
               "no published source gives them.")


class BoardFileError(ScoreInputError):
    """A board shape (from a data file or the library) that cannot be a board: names the field."""


def empty_board(rows: int, cols: int) -> dict[str, Any]:
    return {"rows": rows, "cols": cols, "blocked": [], "gorges": [], "source": "table"}


def squares(board: Mapping[str, Any], key: str) -> set[tuple[int, int]]:
    """The ``blocked`` or ``gorges`` squares of a board as a set of (row, col)."""
    return {(r, c) for r, c in board.get(key, [])}


def playable(board: Mapping[str, Any]) -> list[tuple[int, int]]:
    """Squares that take a figure or a tile (neither unplayable nor a printed Gorge)."""
    taken = squares(board, "blocked") | squares(board, "gorges")
    return [(r, c) for r in range(board["rows"]) for c in range(board["cols"]) if (r, c) not in taken]


def remembered_size(act: int, known: Mapping[str, Mapping[str, Any]]) -> tuple[int, int] | None:
    """The board size to start ``act`` from, given the shapes known by act ("1", "2", "3"): its own,
    else its twin's (Acts I and II are the same size), else for Act III twice Act I's — Rulebook,
    "Le commencement des actes II et III": "l'acte III emploie la surface entière d'un double
    plateau, et est deux fois plus grand que les plateaux pour les actes I et II". Which side
    doubles the rulebook does not say: the suggestion doubles the columns (the table can change it)."""
    if str(act) in known:
        return known[str(act)]["rows"], known[str(act)]["cols"]
    twin = {1: "2", 2: "1"}.get(act)
    if twin in known:
        return known[twin]["rows"], known[twin]["cols"]
    base = known.get("1") or known.get("2")
    if act == 3 and base and base["cols"] * 2 <= MAX_SIDE:
        return base["rows"], base["cols"] * 2
    return None


ENTERED, TWIN, DOUBLED = "entered", "twin", "doubled"


def size_origin(act: int, known: Mapping[str, Mapping[str, Any]]) -> str | None:
    """Where ``remembered_size`` took its size from: ENTERED (a table entered this act's board),
    or inferred — TWIN (the other of Acts I and II) or DOUBLED (Act III from Act I: the rulebook
    says only « deux fois plus grand », not which side). A page says so and lets the table confirm."""
    if remembered_size(act, known) is None:
        return None
    if str(act) in known:
        return ENTERED
    return TWIN if act in (1, 2) else DOUBLED


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoardFileError(f"{where} must be an integer")
    if not lo <= value <= hi:
        raise BoardFileError(f"{where} must be between {lo} and {hi}")
    return value


def _square_list(data: Mapping[str, Any], key: str, rows: int, cols: int, where: str) -> list[list[int]]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise BoardFileError(f"{where}.{key} must be a list of [row, col] pairs")
    out = set()
    for i, pair in enumerate(raw):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise BoardFileError(f"{where}.{key}[{i}] must be a [row, col] pair")
        out.add((_int(pair[0], f"{where}.{key}[{i}] row", 0, rows - 1),
                 _int(pair[1], f"{where}.{key}[{i}] col", 0, cols - 1)))
    return [list(p) for p in sorted(out)]


def validate_board(data: Any, act: int, where: str = "board") -> dict[str, Any]:
    """A clean copy of a board shape for ``act``, or BoardFileError naming the bad field.

    Rulebook, "Plateau de jeu": board graphics are decorative "excepté les icônes de gorge sur le
    plateau de l'acte II"; "Gorge": "Il y a trois tuiles de gorge pré-imprimées sur le plateau de
    l'acte II."
    """
    if not isinstance(data, Mapping):
        raise BoardFileError(f"{where} must be an object")
    for name in ("rows", "cols"):
        if name not in data:
            raise BoardFileError(f"{where}.{name} is missing")
    rows = _int(data["rows"], f"{where}.rows", 1, MAX_SIDE)
    cols = _int(data["cols"], f"{where}.cols", 1, MAX_SIDE)
    blocked = _square_list(data, "blocked", rows, cols, where)
    gorges = _square_list(data, "gorges", rows, cols, where)
    if {tuple(p) for p in blocked} & {tuple(p) for p in gorges}:
        raise BoardFileError(f"{where}: a square cannot be both unplayable and a printed Gorge")
    expected = ACTS[act].printed_gorges
    if len(gorges) != expected:
        raise BoardFileError(f"{where}: the Act {ACTS[act].numeral} board has {expected} printed Gorges, "
                             f"not {len(gorges)}")
    if len(blocked) + len(gorges) >= rows * cols:
        raise BoardFileError(f"{where} has no playable square")
    return {"rows": rows, "cols": cols, "blocked": blocked, "gorges": gorges, "source": "table"}


def _act_key(key: Any, where: str) -> int:
    if str(key) not in {str(n) for n in ACTS}:
        raise BoardFileError(f"{where}: act must be one of {', '.join(str(n) for n in ACTS)}, not {key!r}")
    return int(key)


def library_boards(library: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    """The valid board shapes in the server's library, by act ("1", "2", "3")."""

    def valid(key: str, board: Any) -> tuple[str, dict[str, Any]]:
        return str(_act_key(key, "boards")), validate_board(board, int(key), f"boards.{key}")

    return library_section(library, "boards", valid)


def export_boards(library: Mapping[str, Any] | None) -> dict[str, Any]:
    """The library's board shapes as a data file another server can import."""
    return {"game": GAME_KEY, "format": FILE_FORMAT, "note": SOURCE_NOTE,
            "boards": dict(sorted(library_boards(library).items()))}


def import_boards(data: Any) -> dict[str, Any]:
    """Validates a boards data file; returns the library entry to merge: ``{"boards": {...}}``.

    Accepts what ``export_boards`` writes (a bare ``{"boards": {...}}`` too). Any bad field raises
    BoardFileError (a ScoreInputError) with a message that names it; nothing is half-imported.
    """
    data = check_file_header(data, GAME_KEY, FILE_FORMAT, BoardFileError)
    raw = data.get("boards")
    if not isinstance(raw, Mapping) or not raw:
        raise BoardFileError("boards must be an object with at least one act: {\"1\": {...}}")
    return {"boards": {str(_act_key(k, "boards")): validate_board(b, int(k), f"boards.{k}")
                       for k, b in sorted(raw.items(), key=lambda kv: str(kv[0]))}}
