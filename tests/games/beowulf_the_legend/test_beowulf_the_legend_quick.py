"""The quick final-count page (/score/beowulf-the-legend): the form, its scores and its refusals,
through the Flask test client; and ``quick_form.from_form`` on its own."""

from __future__ import annotations

import copy
import html as markup
import re
from typing import Any

import pytest

from companion.games.base import ScoreInputError
from companion.games.beowulf_the_legend.quick_form import from_form
from companion.games.beowulf_the_legend.quick import EXAMPLE
from tests.helpers import csrf_of

pytestmark = pytest.mark.any_database  # a quick count stores nothing

URL = "/score/beowulf-the-legend"
TOKEN_LISTS = ("fame", "treasure", "alliance_fame", "alliance_treasure")
COUNTS = ("misfortune", "wounds", "double_wounds", "scratches")


def form_of(body: dict[str, Any]) -> dict[str, list[str]]:
    """The form a table fills in for a request body: tokens counted by value, one stepper each."""
    form: dict[str, list[str]] = {}
    if body.get("advanced"):
        form["advanced"] = ["1"]
    if body.get("harsh"):
        form["harsh"] = ["1"]
    for slot, player in enumerate(body["players"]):
        form[f"p{slot}-name"] = [player["name"]]
        for kind in TOKEN_LISTS:
            for value in set(player[kind]):
                form[f"p{slot}-{kind}-{value}"] = [str(player[kind].count(value))]
        for count in COUNTS:
            form[f"p{slot}-{count}"] = [str(player[count])]
    return form


def text_of(page: str) -> str:
    return markup.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def input_value(page: str, name: str) -> str:
    match = re.search(rf'name="{re.escape(name)}" value="([^"]*)"', page)
    assert match, f"no input {name}"
    return markup.unescape(match.group(1))


def post(client, form: dict[str, list[str]]):
    token = csrf_of(client.get(URL).get_data(as_text=True))
    return client.post(URL, data={"csrf_token": token, **form})


def result_rows(page: str) -> list[tuple[str, str, str]]:
    """(place, name, total) of each row of the result, in the order shown."""
    section = page[page.index('id="bl-quick-result"'):page.index('id="bl-quick-form"')]
    return re.findall(r'bl-quick-place">place (\d+)</span> <strong class="bl-quick-name">([^<]+)</strong></span>\s*'
                      r'<strong class="big bl-quick-total">(-?\d+)</strong>', section)


# --- the form, on its own ---------------------------------------------------------------

def test_the_rulebook_example_counted_by_value_gives_back_the_json_request():
    assert from_form(form_of(EXAMPLE)) == EXAMPLE


def test_empty_slots_are_left_out_and_empty_steppers_count_zero():
    form = {"p0-name": ["Ann"], "p2-name": ["Bob"], "p2-fame-4": [""], "p2-fame-3": ["2"], "p4-name": ["  "]}
    body = from_form(form)
    assert [p["name"] for p in body["players"]] == ["Ann", "Bob"]
    assert body["players"][1]["fame"] == [3, 3] and body["players"][0]["fame"] == []
    assert body["advanced"] is False and body["harsh"] is False


@pytest.mark.parametrize("form, message", [
    ({"p0-name": ["Ann"], "p0-fame-5": ["lots"]}, "Ann, fame tokens of value 5: must be a whole number"),
    ({"p0-name": ["Ann"], "p0-wounds": ["-1"]}, "Ann, wound tiles: must not be negative"),
    ({"p0-name": ["Ann"], "p0-treasure-2": ["100000000"]}, "Ann, treasure tokens of value 2: the box holds only 24"),
    ({"p0-name": ["Ann"], "p2-scratches": ["1"]}, "Player 3: enter a name"),
])
def test_a_bad_stepper_is_refused_with_a_message_naming_the_player_and_the_field(form, message):
    with pytest.raises(ScoreInputError) as error:
        from_form(form)
    assert message in str(error.value)


# --- the page ---------------------------------------------------------------------------

def test_the_page_offers_five_player_slots_with_steppers_and_no_inline_script_or_style(client):
    response = client.get(URL)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert csrf_of(page)
    assert all(f'name="p{slot}-name"' in page for slot in range(5)) and 'name="p5-name"' not in page
    assert 'name="p0-fame-5"' in page and 'name="p4-alliance_treasure-1"' in page and 'name="p1-double_wounds"' in page
    assert page.count('class="btn step"') == 5 * (4 * 10 + 4) * 2  # − and + on every stepper
    assert "style=" not in page and "<script>" not in page and "<script " not in page.split("</head>")[1]


def test_the_home_page_links_to_the_quick_count(client):
    assert f'href="{URL}"' in client.get("/").get_data(as_text=True)


def test_the_rulebook_example_scores_sandra_12_martha_13_mark_12_peter_3(client):
    response = post(client, form_of(EXAMPLE))
    page = response.get_data(as_text=True)
    assert response.status_code == 200, text_of(page)
    assert result_rows(page) == [("1", "Martha", "13"), ("2", "Sandra", "12"), ("2", "Mark", "12"), ("4", "Peter", "3")]
    result = text_of(page[page.index('id="bl-quick-result"'):page.index('id="bl-quick-form"')])
    # Each player's lines: Peter 13 fame, 3 + 2 treasure, three wounds cost 15.
    peter = result[result.index("Peter"):]
    assert "Fame tokens +13" in peter and "Treasure tokens +3" in peter
    assert "Alliance tokens showing treasure +2" in peter
    assert "3 or more wounds (−5 each) −15" in peter
    martha = result[result.index("Martha"):result.index("Sandra")]
    assert "No-wound bonus +5" in martha
    # What was entered stays in the form to adjust.
    assert input_value(page, "p3-name") == "Peter" and input_value(page, "p3-fame-5") == "2"
    assert input_value(page, "p2-misfortune") == "1"


def test_harsh_and_advanced_rules_change_the_count(client):
    body = copy.deepcopy(EXAMPLE)
    body["harsh"] = True
    page = post(client, form_of(body)).get_data(as_text=True)
    assert ("4", "Peter", "0") in result_rows(page)
    assert "Fallen in battle (harsh variant): scores 0" in text_of(page)
    assert re.search(r'name="harsh" value="1" checked', page)
    body = copy.deepcopy(EXAMPLE)
    body["advanced"] = True
    rows = result_rows(post(client, form_of(body)).get_data(as_text=True))
    # Treasure scores nothing: Sandra 9 + 0, Martha 8 + 5, Mark 12 − 2, Peter 13 − 15.
    assert rows == [("1", "Martha", "13"), ("2", "Mark", "10"), ("3", "Sandra", "9"), ("4", "Peter", "-2")]


def test_a_refused_count_shows_the_message_and_keeps_every_value_entered(client):
    form = form_of(EXAMPLE)
    form["p0-misfortune"] = ["2"]  # with Mark's 1 and Martha's 2: 5 misfortune tokens, the box holds 3
    form["p1-misfortune"] = ["2"]
    response = post(client, form)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "players: 5 misfortune in all, but the box holds only 3" in text_of(page)
    assert 'id="bl-quick-result"' not in page
    for name, value in form.items():
        if name.startswith("p"):
            assert input_value(page, name) == value[0], name


def test_a_refusal_names_the_player_rather_than_the_json_field(client):
    form = form_of(EXAMPLE)
    form["p2-wounds"] = ["11"]
    page = post(client, form).get_data(as_text=True)
    error = re.search(r'id="bl-quick-error">([^<]*)<', page).group(1)
    assert markup.unescape(error) == "Mark, wound tiles: the box holds only 10"


def test_values_without_a_name_are_refused_not_dropped(client):
    form = form_of(EXAMPLE)
    form["p4-fame-3"] = ["1"]
    response = post(client, form)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Player 5: enter a name, or set their counts back to 0" in text_of(page)
    assert input_value(page, "p4-fame-3") == "1"
    assert re.search(r'id="bl-quick-p4" open', page)  # the slot with the values stays open


def test_one_player_is_not_a_table(client):
    response = post(client, {"p0-name": ["Ann"], "p0-fame-5": ["1"]})
    assert response.status_code == 422
    assert "players: give 2 to 5 players" in text_of(response.get_data(as_text=True))


def test_the_page_refuses_a_post_without_its_csrf_token(client):
    response = client.post(URL, data=form_of(EXAMPLE))
    assert response.status_code == 400 and "reload it and try again" in response.get_data(as_text=True)
