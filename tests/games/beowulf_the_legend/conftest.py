"""Fixtures for the Legend's tests: a table of four (tests/games/beowulf_the_legend/helpers.py)."""

from __future__ import annotations

import pytest

from tests.games.beowulf_the_legend.helpers import Table


@pytest.fixture
def table() -> Table:
    """Four players, Sandra first, clockwise: Sandra, Martha, Mark, Peter."""
    return Table()


@pytest.fixture
def new_table():
    return Table
