"""An episode's outcome says each thing once: players whose lines read the same share one line
(issue 26: "Everyone exchanged 2 cards or kept their hand", not four lines)."""

from __future__ import annotations

from companion.games.beowulf_the_legend.views import said_once
from tests.games.beowulf_the_legend.helpers import english

EXCHANGED = [{"msg": "Exchanged 2 cards, or kept their hand"}]
KEPT = [{"msg": "Kept the matching cards, or passed"}]
SCRATCH = [{"msg": "A scratch"}]


def test_king_hygelacs_court_is_one_line_for_everyone(table):
    table.do("advance")
    table.do("end_minor", move_on=True)
    lines = table.view(None)["recent"]["lines"]
    assert len(lines) == 1, lines
    assert lines[0]["everyone"] and lines[0]["seats"] == [0, 1, 2, 3]
    assert [english(n["msg"], n.get("args")) for n in lines[0]["notes"]] == ["Exchanged 2 cards, or kept their hand"]


def test_players_who_differ_keep_their_own_line_and_the_same_ones_share_theirs_in_order():
    records = [{"seat": 1, "notes": KEPT}, {"seat": 2, "notes": SCRATCH}, {"seat": 3, "notes": KEPT},
               {"seat": 0, "notes": KEPT}]
    assert said_once(records, 4) == [{"seats": [1, 3, 0], "notes": KEPT, "everyone": False},
                                     {"seats": [2], "notes": SCRATCH, "everyone": False}]


def test_one_player_alone_is_not_everyone():
    assert said_once([{"seat": 0, "notes": EXCHANGED}], 4)[0]["everyone"] is False
    assert said_once([], 4) == []


def test_the_risk_is_explained_once_on_the_phone_and_the_summary_reads_everyone_once(client):
    from tests.games.beowulf_the_legend.test_beowulf_the_legend_web import new_table, page, text_of
    from tests.helpers import act

    token = new_table(client)
    act(client, token, type="advance")
    act(client, token, type="end_minor", move_on=True)  # King Hygelac's Court, for the whole table
    summary = text_of(page(client, token))
    assert summary.count("Exchanged 2 cards, or kept their hand") == 1, summary
    assert "Everyone — Exchanged 2 cards, or kept their hand" in summary
    act(client, token, type="enter_episode", position=2, kind="risk", symbols=["travelling", "wit"])
    text = text_of(page(client, token))
    assert text.count("may risk 2 cards") == 1, text
    assert text.count("Who turned over no matching card?") == 1, text
