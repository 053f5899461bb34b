"""The quick scorers that take players' names check them one way (companion/games/quick_names.py)."""

from __future__ import annotations

import copy

import pytest

from companion.games import registry
from companion.games.base import ScoreInputError

# The quick scorers whose players carry a "name": their own examples, as the API documents them.
NAMED = [(key, scorer) for key, game in registry().items() for scorer in game.quick_scorers.values()
         if scorer.example and isinstance(scorer.example.get("players"), list)
         and all(isinstance(p, dict) and "name" in p for p in scorer.example["players"])]


def with_names(example, *names):
    body = copy.deepcopy(dict(example))
    for player, name in zip(body["players"], names):
        player["name"] = name
    return body


def test_two_quick_scorers_take_names():
    assert {key for key, _ in NAMED} == {"adventure-land", "beowulf-the-legend"}


@pytest.mark.parametrize("key, scorer", NAMED, ids=[key for key, _ in NAMED])
def test_a_name_is_trimmed_and_a_blank_an_unprintable_or_a_repeated_one_refused_alike(key, scorer):
    answer = scorer.score(with_names(scorer.example, "  Ann ", "Bob"))
    assert [p["name"] for p in answer["players"]][:2] == ["Ann", "Bob"]
    for names, message in ((("  ", "Bob"), "players[0].name must be a non-empty string"),
                           (("Ann\u0000", "Bob"), "players[0].name must be a name of 1 to 40 characters that can be shown"),
                           (("Ann", "ANN"), "players[1].name: the name 'ANN' is given twice")):
        with pytest.raises(ScoreInputError) as refusal:
            scorer.score(with_names(scorer.example, *names))
        assert str(refusal.value) == message
