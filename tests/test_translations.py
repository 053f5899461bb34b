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

from tests.helpers import claim, start_table

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "companion" / "translations"
LANGUAGES = ("en", "fr", "de")
COMPLETE = ("en", "fr")  # every string, interface and game terms

# Where the interface lives (German must cover it): the pages, the web layer, the platform
# modules and the score pad. Games' own texts (templates/games/<key>/, companion/games/<key>/)
# are game terms.
INTERFACE = re.compile(r"^(templates/[^/]+\.html|companion/web/.+|companion/[^/]+\.py|companion/games/base\.py"
                       r"|companion/games/scorepad/.+|templates/games/scorepad/.+)$")

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


def untranslated(extracted: Catalog, lang: str, wanted=lambda message: True) -> list[str]:
    """Message ids the code uses that the catalogue leaves without a text (fuzzy ones count: they are not compiled)."""
    po = catalogue(lang)
    missing = []
    for message in extracted:
        if not message.id or not wanted(message):
            continue
        entry = po.get(message.id)
        if entry is None or not entry.string or entry.fuzzy:
            missing.append(message.id)
    return missing


def report(lang: str, missing: list[str]) -> str:
    first = "\n".join(f"  {msgid!r}" for msgid in missing[:20])
    return f"{len(missing)} untranslated string(s) in {lang} (run scripts/i18n, then translate):\n{first}"


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
        if placeholders(message.string) != placeholders(message.id) or (
                stray_percent(message.string) and not stray_percent(message.id)):
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


def visible_text(html: str) -> str:
    text = re.sub(r"<[^>]+>", " ", html)
    return re.sub(r"\s+", " ", markup.unescape(text).replace("\xa0", " "))


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
