"""Board shapes entered by tables: export to a data file, import with validation."""

from __future__ import annotations

import json

import pytest

from companion.games.beowulf_the_movie import export_boards, import_boards
from companion.games.beowulf_the_movie.boards import BoardFileError
from companion.games.base import ScoreInputError

ACT_I = {"rows": 5, "cols": 6, "blocked": [[4, 5], [0, 0]], "gorges": [], "source": "table"}
ACT_II = {"rows": 5, "cols": 6, "blocked": [], "gorges": [[1, 1], [2, 4], [3, 2]], "source": "table"}


def test_export_writes_every_valid_board_marked_as_table_entered():
    data = export_boards({"boards": {"2": ACT_II, "1": ACT_I, "3": {"rows": 99, "cols": 1}}, "other": 1})
    assert data["game"] == "beowulf-the-movie" and data["format"] == 1
    assert "entered by tables" in data["note"]
    assert list(data["boards"]) == ["1", "2"]
    assert data["boards"]["1"]["blocked"] == [[0, 0], [4, 5]]


def test_an_exported_file_imports_back_unchanged():
    library = {"boards": {"1": ACT_I, "2": ACT_II}}
    exported = json.loads(json.dumps(export_boards(library)))
    assert import_boards(exported) == {"boards": export_boards(library)["boards"]}


def test_export_of_an_empty_library_has_no_boards():
    assert export_boards({})["boards"] == {} and export_boards(None)["boards"] == {}


@pytest.mark.parametrize("data,message", [
    ([], "JSON object"),
    ({"game": "beowulf-the-legend", "boards": {"1": ACT_I}}, "for 'beowulf-the-legend'"),
    ({"format": 2, "boards": {"1": ACT_I}}, "format"),
    ({"boards": {}}, "at least one act"),
    ({"boards": {"4": ACT_I}}, "act must be one of 1, 2, 3"),
    ({"boards": {"1": {"cols": 6}}}, r"boards.1.rows is missing"),
    ({"boards": {"1": {"rows": 21, "cols": 6}}}, r"boards.1.rows must be between 1 and 20"),
    ({"boards": {"1": {"rows": "5", "cols": 6}}}, r"boards.1.rows must be an integer"),
    ({"boards": {"1": {**ACT_I, "blocked": [[5, 0]]}}}, r"boards.1.blocked\[0\] row"),
    ({"boards": {"1": {**ACT_I, "blocked": [[1]]}}}, r"\[row, col\] pair"),
    ({"boards": {"1": {**ACT_I, "gorges": [[1, 1]]}}}, "Act I board has 0 printed Gorges, not 1"),
    ({"boards": {"2": {**ACT_II, "gorges": [[1, 1]]}}}, "Act II board has 3 printed Gorges, not 1"),
    ({"boards": {"2": {**ACT_II, "blocked": [[1, 1]]}}}, "both unplayable and a printed Gorge"),
    ({"boards": {"1": {"rows": 1, "cols": 1, "blocked": [[0, 0]]}}}, "no playable square"),
])
def test_import_refuses_a_bad_file_with_a_message_naming_the_field(data, message):
    with pytest.raises(BoardFileError, match=message):
        import_boards(data)


def test_import_errors_are_score_input_errors_for_the_platform():
    assert issubclass(BoardFileError, ScoreInputError)


def test_a_size_worked_out_from_another_acts_board_is_called_inferred_not_remembered():
    """Rulebook l.164: l'acte III « est deux fois plus grand que les plateaux pour les actes I et
    II » — it does not say which side doubles, so Act III's 5 × 12 from a 5 × 6 Act I is inferred."""
    from companion.games.beowulf_the_movie.boards import DOUBLED, ENTERED, TWIN, size_origin
    from companion.games.beowulf_the_movie.quick_form import page_view
    known = {"1": ACT_I}
    assert [size_origin(act, known) for act in (1, 2, 3)] == [ENTERED, TWIN, DOUBLED]
    assert size_origin(3, {}) is None
    act_iii = page_view(None, None, None, {"boards": known}, {"act": "3"})
    assert (act_iii["rows"], act_iii["cols"], act_iii["size_origin"], act_iii["size_confirmed"]) == (5, 12, DOUBLED, False)
    from werkzeug.datastructures import MultiDict
    form = MultiDict({"act": "3", "rows": "5", "cols": "12", "size_confirmed": "5x12"})
    confirmed = page_view(None, None, form, {"boards": known})
    assert confirmed["size_confirmed"] is True
    other_size = page_view({"rows": 5, "cols": 10, "cells": []}, None, form, {"boards": known})
    assert (other_size["size_origin"], other_size["size_confirmed"]) == (None, False)
