"""The reference a player reads at the table: the glossary of pictures, the path as a list, the
special cards with who holds them and when they are played."""

from __future__ import annotations

import re

from tests.games.beowulf_the_legend.test_beowulf_the_legend_web import new_table as web_table, page, text_of
from tests.helpers import act


def test_the_glossary_names_what_a_player_sees_and_opens_from_any_step(client):
    token = web_table(client)
    for step in ("start", "minor", "major"):
        if step == "minor":
            act(client, token, type="advance")
        if step == "major":
            act(client, token, type="enter_episode", position=2, kind="simultaneous", symbols=["friendship"],
                spaces=["special:blessing", "treasure1", "alliance2", "cards2", ""])
            act(client, token, type="end_minor", move_on=True)
        html = page(client, token)
        step_card = html[html.index('id="bl-step"'):]
        step_card = step_card[:step_card.index("</section>")]
        assert 'id="bl-glossary"' in step_card, step  # one tap, inside the step itself
        text = text_of(step_card)
        for picture in ("A drinking horn", "An axe", "A fist", "A double scroll", "A crossed-out wound"):
            assert picture in text, (step, picture)
    assert "Draw two face-down alliance tokens" in text


def test_the_path_reads_as_a_list_with_the_current_episode_marked_and_the_next_effect(new_table):
    t = new_table()
    t.do("advance")
    rows = t.view(None)["path_list"]
    here = next(r for r in rows if r["here"])
    assert here["n"] == 1 and here["title"] == {"msg": "King Hygelac's Court", "args": {}}
    hall = next(r for r in rows if r["n"] == 3)
    assert [s["alternatives"][0][0]["msg"] for s in hall["spaces"]][:2] == ["Special card: %(card)s", "Treasure %(n)s"]
    assert hall["symbols"] == [{"msg": "Friendship", "args": {}}]


def test_special_cards_say_who_holds_them_and_when_they_are_played(new_table):
    t = new_table()
    t.do("take_special", seat=2, card="daring")
    daring = next(c for c in t.view(None)["specials"] if c["key"] == "daring")
    assert daring["holder_name"] == "Mark"
    assert daring["when"]["msg"] == "When you decide to risk, before turning any card."


def test_the_glossary_says_which_picture_is_which_symbol_is_our_reading(client):
    """FR l.55 names the pictures only: « (corne, hache, poing, etc...) »; which symbol each stands
    for is the app's reading, and the glossary says so (issue #24)."""
    text = text_of(page(client, web_table(client)))
    for meaning in ("Friendship (our reading)", "Courage (our reading)", "Fighting (our reading)"):
        assert meaning in text
    assert "the rulebook names the pictures « corne, hache, poing » (l.55) but never says which symbol" in text


def test_the_double_wound_counting_two_quotes_its_line(client):
    """FR l.267: « La grande tuile avec deux blessures n'est pas utilisée avant que vous n'atteigniez
    l'épisode Dragon Battle. » The app reads "deux blessures" as two wounds toward l.317's « trois
    ou plus », and quotes the line that shows it."""
    text = text_of(page(client, web_table(client)))
    assert "The double wound, « la grande tuile avec deux blessures » (l.267): it shows two wounds, so it counts " \
           "as two." in text


def test_german_calls_the_advanced_game_erweitertes_spiel_throughout():
    """DE summary l.90: « Erweitertes Spiel mit Schatz-Episoden: » — one name for the advanced
    game, not a mix of "Profiregeln", "Profispiel" and "erweiterte Regeln" (issue #24)."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    path = Path(__file__).resolve().parents[3] / "companion" / "translations" / "de" / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as f:
        catalogue = read_po(f, locale="de")
    advanced = {m.id: m.string for m in catalogue if isinstance(m.id, str) and "advanced" in m.id.lower()}
    assert advanced["Advanced rules"] == "Erweitertes Spiel"
    assert "im Erweiterten Spiel" in advanced["All-Iron Shield back in the box (advanced rules only)."]
    for message in catalogue:
        for text in (message.string if isinstance(message.string, tuple) else (message.string,)):
            assert not re.search(r"Profiregel|Profispiel|erweiterten? Regeln", text or ""), (message.id, text)
