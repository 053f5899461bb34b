"""Translations: every text a phone can show has an English and a French wording, German covers
at least the interface, and no translation breaks a placeholder (a broken one crashes a page).

The strings are extracted afresh, as scripts/i18n does, so a string added to the code without
running scripts/i18n and translating it fails here.
"""

from __future__ import annotations

import gettext
import html as markup
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion.games.base import nlabel
from companion.i18n import render_label
from tests.helpers import act, claim, csrf_of, start_table

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "companion" / "translations"
LANGUAGES = ("en", "fr", "de")
COMPLETE = ("en", "fr")  # every string, interface and game terms

# Where the interface lives (German must cover it): the pages, the web layer, the platform
# modules and the score pad. Games' own texts (companion/games/<package>/, templates included)
# are game terms.
INTERFACE = re.compile(r"^(templates/[^/]+\.html|companion/web/.+|companion/[^/]+\.py|companion/games/base\.py"
                       r"|companion/games/scorepad/.+)$")

# %(name)s with its flags and conversion, or a literal %%.
PLACEHOLDER = re.compile(r"%\((\w+)\)[-+ #0]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]|%%")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> Catalog:
    """The strings the code marks today, with where they come from (scripts/i18n's extraction)."""
    pot = tmp_path_factory.mktemp("i18n") / "messages.pot"
    subprocess.run([sys.executable, "-c", "from babel.messages.frontend import main; main()", "-q", "extract",
                    "-F", "babel.cfg", "-o", str(pot), "."], cwd=ROOT, check=True)
    with pot.open("rb") as f:
        return read_po(f)


def catalogue(lang: str) -> Catalog:
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    """A translation's texts: one, or one per plural form of the language."""
    return text if isinstance(text, tuple) else (text,)


def untranslated(extracted: Catalog, lang: str, wanted=lambda message: True) -> list[str]:
    """Message ids the code uses that the catalogue leaves without a text (fuzzy ones count: they are not compiled).

    A plural message needs every plural form of the language.
    """
    po = catalogue(lang)
    missing = []
    for message in extracted:
        if not message.id or not wanted(message):
            continue
        entry = po.get(message.id)
        if entry is None or not all(forms(entry.string)) or entry.fuzzy:
            missing.append(message.id)
    return missing


def report(lang: str, missing: list[str]) -> str:
    first = "\n".join(f"  {msgid!r}" for msgid in missing[:20])
    return f"{len(missing)} untranslated string(s) in {lang} (run scripts/i18n, then translate):\n{first}"


# A page read in a language: the catalogue, not the database behind it (a history line stored
# before it had a plural is read on both: test_a_history_line_stored_before_it_had_a_plural…).
ANY_DATABASE = pytest.mark.any_database


@pytest.mark.parametrize("lang", COMPLETE)
def test_every_string_has_a_text_in_english_and_french(extracted, lang):
    assert len(extracted) > 500  # the extraction found the code's strings
    missing = untranslated(extracted, lang)
    assert not missing, report(lang, missing)


def test_the_german_catalogue_covers_the_whole_interface(extracted):
    interface = [m for m in extracted if m.id and any(INTERFACE.match(path) for path, _ in m.locations)]
    assert len(interface) > 100
    missing = untranslated(extracted, "de", lambda m: any(INTERFACE.match(path) for path, _ in m.locations))
    assert not missing, report("de", missing)


def placeholders(text: str) -> list[str]:
    return sorted(match.group(0) for match in PLACEHOLDER.finditer(text))


def stray_percent(text: str) -> bool:
    """A % that is neither a placeholder nor %%: Jinja's gettext formats every text, so it crashes."""
    return "%" in PLACEHOLDER.sub("", text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_the_placeholders_of_their_message(lang):
    broken = []
    for message in catalogue(lang):
        if not message.id or not message.string:
            continue
        # A plural's first form answers the singular id, the others the plural id.
        ids = forms(message.id)
        for index, text in enumerate(forms(message.string)):
            source = ids[min(index, len(ids) - 1)]
            if text and (placeholders(text) != placeholders(source)
                         or stray_percent(text) and not stray_percent(source)):
                broken.append(f"  {message.id!r} -> {message.string!r}")
    assert not broken, f"{len(broken)} translation(s) in {lang} break a placeholder:\n" + "\n".join(broken[:20])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogues_compile(lang):
    po = catalogue(lang)
    errors = [(message.id, error) for message, errs in po.check() for error in errs]
    assert not errors, errors[:10]
    buffer = io.BytesIO()
    write_mo(buffer, po)
    buffer.seek(0)
    compiled = gettext.GNUTranslations(buffer)
    expected = {"en": "Undo", "fr": "Annuler", "de": "Rückgängig"}[lang]
    assert compiled.gettext("Undo") == expected


# French typography: a non-breaking space (U+00A0, or the narrow U+202F) before : ; ? and !, so
# the sign never starts a line of its own ("Herbes : 2", "Qui êtes-vous ?"). A regular space breaks
# there; no space at all is English typography.
FRENCH_HIGH_PUNCTUATION = re.compile(r"(?<![\u00a0\u202f])[:;?!]")
# What keeps its own typography inside a French text: English names the French rulebooks keep,
# and technical text.
NOT_FRENCH = re.compile(r"Beowulf: The Legend|Break Ranks\?|Content-Type: application/json|\w+://|\d:\d")


def test_french_puts_a_non_breaking_space_before_colons_semicolons_question_and_exclamation_marks():
    wrong = []
    for message in catalogue("fr"):
        for text in forms(message.string) if message.id else ():
            for sign in FRENCH_HIGH_PUNCTUATION.finditer(NOT_FRENCH.sub("", text)):
                start = max(sign.start() - 20, 0)
                wrong.append(f"  {sign.group(0)!r} in …{NOT_FRENCH.sub('', text)[start:sign.end() + 10]!r}…")
    assert not wrong, (f"{len(wrong)} French sign(s) without a non-breaking space before them "
                       "(\\u00a0 in the .po):\n" + "\n".join(wrong[:20]))


def visible_text(html: str) -> str:
    text = re.sub(r"<[^>]+>", " ", html)
    return re.sub(r"\s+", " ", markup.unescape(text).replace("\xa0", " "))


@ANY_DATABASE
def test_a_french_phone_reads_beowulf_the_legend_in_the_rulebooks_words(client, phone):
    players = [{"name": "Sandra", "colour": "red"}, {"name": "Martha", "colour": "blue"},
               {"name": "Mark", "colour": "green"}]
    token = start_table(client, game="beowulf-the-legend", players=players)["token"]
    claim(client, token, 0)
    french = phone()
    claim(french, token, 1)
    french.set_cookie("companion_lang", "fr")

    text = visible_text(french.get(f"/t/{token}").get_data(as_text=True))
    assert "Beowulf attend au bord du plateau" in text
    assert "Placer Beowulf sur l'épisode 1" in text
    assert "Cartes spéciales et réserve" in text
    assert "Réserve : gloire 36 · trésor 24 · alliance 36 · malheur 3" in text  # the tokens' names in the rulebook
    assert "égratignures 12 · blessures 10" in text
    assert "King Hrothgar's Hall" in text  # the French rulebook keeps the English episode names

    client.post(f"/api/tables/{token}/actions", json={"type": "advance"})
    text = visible_text(french.get(f"/t/{token}").get_data(as_text=True))
    assert "King Hygelac's Court" in text and "Opportunité" in text
    assert "Défaussez exactement 2 cartes de votre main et piochez-en 2 nouvelles" in text
    assert "Beowulf avance à l'épisode 1, King Hygelac's Court" in text  # the history line

    # The other phone at the table still reads English.
    text = visible_text(client.get(f"/t/{token}").get_data(as_text=True))
    assert "Discard exactly 2 cards from your hand" in text and "Beowulf moves on to episode 1" in text


# --- quick-score refusals: the page speaks the phone's language, the JSON stays English -----

def french_phone(phone, lang: str = "fr"):
    other = phone()
    other.set_cookie("companion_lang", lang)
    return other


def post_quick_form(phone, url: str, form: dict[str, list[str]]):
    token = csrf_of(phone.get(url).get_data(as_text=True))
    return phone.post(url, data={"csrf_token": token, **form})


@pytest.mark.parametrize("form, french", [
    ({"p0-name": ["Ann"], "p0-wounds": ["-1"], "p1-name": ["Bob"]},
     "Ann, tuiles blessure : le nombre ne peut pas être négatif"),
    ({"p0-name": ["Ann"], "p0-fame-5": ["40"], "p1-name": ["Bob"]},
     "Ann, jetons gloire de valeur 5 : la boîte n'en contient que 36"),
    ({"p0-name": ["Ann"], "p1-name": ["Bob"], "p2-scratches": ["1"]},
     "Joueur 3 : saisissez un nom, ou remettez ses compteurs à 0"),
    ({"p0-name": ["Ann"], "p0-fame-5": ["1"]}, "Joueurs : indiquez de 2 à 5 joueurs"),
    ({"p0-name": ["Ann"], "p0-misfortune": ["2"], "p1-name": ["Bob"], "p1-misfortune": ["2"]},
     "Joueurs : 4 jetons malheur en tout, mais la boîte n'en contient que 3"),
    # The scorer names the JSON field; the page names the player and the field, in French.
    ({"p0-name": ["Ann"], "p1-name": ["Bob"], "p1-wounds": ["11"]},
     "Bob, tuiles blessure : la boîte n'en contient que 10"),
])
@ANY_DATABASE
def test_a_french_phone_reads_a_refused_quick_count_in_french(client, phone, form, french):
    response = post_quick_form(french_phone(phone), "/score/beowulf-the-legend", form)
    assert response.status_code == 422
    assert french in visible_text(response.get_data(as_text=True))


@ANY_DATABASE
def test_a_german_phone_reads_a_refused_quick_count_in_german(client, phone):
    form = {"p0-name": ["Ann"], "p0-treasure-2": ["x"], "p1-name": ["Bob"]}
    response = post_quick_form(french_phone(phone, "de"), "/score/beowulf-the-legend", form)
    assert response.status_code == 422
    text = visible_text(response.get_data(as_text=True))
    assert "Ann, Schatzplättchen mit Wert 2: muss eine ganze Zahl sein" in text


@ANY_DATABASE
def test_a_french_phone_reads_a_refused_act_score_in_french(client, phone):
    form = {"rows": ["3"], "cols": ["3"], "cell": ["0,0,figure,beowulf,red", "0,1,figure,beowulf,red"]}
    response = post_quick_form(french_phone(phone), "/score/beowulf-the-movie/act", form)
    assert response.status_code == 422
    text = visible_text(response.get_data(as_text=True))
    assert "red a 2 figurines Beowulf sur le plateau, mais n'en possède que 1" in text
    english = post_quick_form(client, "/score/beowulf-the-movie/act", form)
    assert "red has 2 beowulf figures on the grid but owns only 1" in visible_text(english.get_data(as_text=True))


@pytest.mark.parametrize("url, body, english", [
    ("/api/score/beowulf-the-legend", {"advanced": False, "harsh": False, "players": []},
     "players: give 2 to 5 players"),
    ("/api/score/beowulf-the-legend",
     {"advanced": False, "harsh": False, "players": [
         {"name": n, "fame": [], "treasure": [], "alliance_fame": [], "alliance_treasure": [], "misfortune": 0,
          "wounds": w, "double_wounds": 0, "scratches": 0} for n, w in (("Ann", 6), ("Bob", 5))]},
     "players: 11 wounds in all, but the box holds only 10"),
    ("/api/score/beowulf-the-movie/act",
     {"rows": 2, "cols": 2, "cells": [{"row": 0, "col": c, "figure": {"player": "red", "kind": "beowulf"}}
                                      for c in (0, 1)]},
     "red has 2 beowulf figures on the grid but owns only 1"),
    ("/api/score/adventure-land", {"scenario": 2, "players": [{"name": "Ann"}, {"name": "ann"}]},
     "players[1].name: the name 'ann' is given twice"),
])
@ANY_DATABASE
def test_the_json_quick_scorers_answer_in_english_whatever_the_phones_language(client, phone, url, body, english):
    for lang in ("fr", "de"):
        other = french_phone(phone, lang)
        response = other.post(url, json=body, headers={"Accept-Language": lang})
        assert response.status_code == 422
        assert response.get_json() == {"error": english}


# --- plurals: "1 herb", "2 herbs", in every language ----------------------------------------

@ANY_DATABASE
def test_counts_take_the_singular_or_plural_of_each_language(client, phone):
    token = start_table(client, game="adventure-land", options={"scenario": "2"},
                        players=[{"name": "Anna", "colour": "black"}, {"name": "Ben", "colour": "green"}])["token"]
    claim(client, token, 0)
    ben, french, german = phone(), french_phone(phone), french_phone(phone, "de")
    claim(ben, token, 1)
    shown = {"en": ("1 herb, face down", "2 herbs, face down"),
             "fr": ("1 plaquette d'herbes, face cachée", "2 plaquettes d'herbes, face cachée"),
             "de": ("1 Kräuterplättchen, verdeckt", "2 Kräuterplättchen, verdeckt")}
    for count in (1, 2):
        act(client, token, type="take_herb", value=count + 1)
        for lang, reader, url in (("en", ben, f"/t/{token}"), ("fr", french, f"/t/{token}/display"),
                                  ("de", german, f"/t/{token}/display")):
            text = visible_text(reader.get(url).get_data(as_text=True))
            assert shown[lang][count - 1] in text, (lang, count)
            assert shown[lang][2 - count] not in text, (lang, count)
    assert "1 herbs" not in visible_text(ben.get(f"/t/{token}").get_data(as_text=True))


def test_a_history_line_takes_the_plural_of_its_count(client, phone):
    token = start_table(client)["token"]
    claim(client, token, 0)
    french = french_phone(phone)
    claim(french, token, 1)
    for points in (1, 7, -1, -5):
        act(client, token, type="add_points", seat=0, points=points)
    english = visible_text(client.get(f"/t/{token}").get_data(as_text=True))
    assert "Ann: +1 point (round 1)" in english and "Ann: +7 points (round 1)" in english
    assert "Ann: -5 points (round 1)" in english and "Ann: +1 points" not in english
    text = visible_text(french.get(f"/t/{token}").get_data(as_text=True))
    # French takes the singular for 0 and 1, and a count's size decides (−5 points, like 5 points).
    assert "Ann : +1 point (manche 1)" in text and "Ann : +7 points (manche 1)" in text
    assert "Ann : -1 point (manche 1)" in text and "Ann : -5 points (manche 1)" in text


def test_a_history_line_stored_before_it_had_a_plural_still_reads_in_each_language(app):
    stored = {"msg": "%(player)s: %(points)+d points (round %(round)s)",
              "args": {"player": "Ann", "points": 7, "round": 1}}
    for lang, expected in (("en", "Ann: +7 points (round 1)"), ("fr", "Ann\xa0: +7 points (manche 1)"),
                           ("de", "Ann: +7 Punkte (Runde 1)")):
        with app.test_request_context(headers={"Accept-Language": lang}):
            assert render_label(stored) == expected
    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert render_label(nlabel("%(num)s sword", "%(num)s swords", 1)) == "1 Schwert"
        assert render_label(nlabel("%(num)s sword", "%(num)s swords", 0)) == "0 Schwerter"
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        assert render_label(nlabel("%(num)s sword", "%(num)s swords", 0)) == "0 épée"


@ANY_DATABASE
def test_phones_in_three_languages_taking_turns_each_get_their_boards_in_their_own(client, phone):
    """The board's texts are kept once made, per language: phones answered one after the other
    each read theirs (an English, a French and a German phone tapping in turn)."""
    players = [{"name": n, "colour": c} for n, c in (("Ann", "red"), ("Bea", "blue"), ("Cem", "green"))]
    token = start_table(client, players=players)["token"]
    phones = {"en": phone(), "fr": french_phone(phone), "de": french_phone(phone, "de")}
    for seat, reader in enumerate(phones.values()):
        claim(reader, token, seat)
    csrf = {lang: csrf_of(reader.get(f"/t/{token}").get_data(as_text=True)) for lang, reader in phones.items()}
    words = {"en": ("Add points", "History", "Undo: Ann: +2 points (round 1)"),
             "fr": ("Ajouter des points", "Historique", "Annuler : Bea : +2 points (manche 1)"),
             "de": ("Punkte hinzufügen", "Verlauf", "Rückgängig: Cem: +2 Punkte (Runde 1)")}
    for turn in range(2):
        for seat, (lang, reader) in enumerate(phones.items()):  # each player enters their own points
            answer = reader.post(f"/t/{token}/act", headers={"HX-Request": "true"}, data={
                "csrf_token": csrf[lang], "request_id": f"{lang}-{turn}", "type": "add_points", "seat": str(seat),
                "points": "2"})
            assert answer.status_code == 200
            text = visible_text(answer.get_data(as_text=True))
            for word in words[lang]:
                assert word in text, (lang, turn, word)
            for other in words.keys() - {lang}:
                assert words[other][0] not in text, (lang, other)
