"""Languages: each phone picks its own (cookie), else its browser's preference.

Game modules hand the web layer English message ids (``Label``, ``RuleError``, ``_()``);
they are translated here, per phone, at render time — so one phone switching to French
never changes what another phone sees.
"""

from __future__ import annotations

import functools
from typing import Any

from flask import Flask, current_app, g, has_app_context, request
from flask_babel import get_translations
from babel import Locale
from babel.support import NullTranslations
from jinja2 import pass_context
from jinja2.runtime import Context, missing
from markupsafe import Markup

from .games.base import Label, _

LANG_COOKIE = "companion_lang"
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "de": "Deutsch"}

# Message ids that took a plural form later. History lines and notes already stored keep the old
# id in the database; keeping it in the catalogues lets older games still read in every language.
EARLIER_WORDINGS = (
    _("%(player)s: %(points)+d points (round %(round)s)"),
    _("Gave back %(n)s scratches"),
    _("The Warrior's Rest: %(n)s scratches discarded"),
    _("%(n)s alliance token(s): enter what they show on your phone"),
    _("Draw %(n)s cards"),
    _("%(adventurers)s adventurer(s) and %(companions)s companion(s)"),
    _("%(n)s creatures are still on the board"),
    _("A city's size is set to %(size)s fields"),
    _("%(player)s's %(band)s fights a creature of strength %(strength)s with %(swords)s sword(s)"),
    _("The host set %(player)s's hand to %(cards)s cards"),
    _("%(player)s cashed a Treasure: %(points)s saga points"),
    # Beowulf: The Legend's breakdown lines, reworded (finished games' records keep these)
    _("No wound: bonus"),
    _("3 or more wounds: −5 each"),
)


def select_locale() -> Locale:
    languages = current_app.config["LANGUAGES"]
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen not in languages:
        chosen = request.accept_languages.best_match(languages) or current_app.config["BABEL_DEFAULT_LOCALE"]
    return _locale(chosen)


@functools.lru_cache(maxsize=None)
def _locale(code: str) -> Locale:
    """The language as Babel describes it, made once (Flask-Babel would parse the code anew on
    every request: about 20 µs, a few percent of a move)."""
    return Locale.parse(code)


def translate(msg: str, args: dict[str, Any] | None = None, plural: str | None = None) -> str:
    """Translates a message id and fills its placeholders; nested labels are translated too.

    With ``plural`` (the English plural of ``msg``), the form is chosen by the count
    ``args["num"]`` under this language's plural rule (by its size: −5 points, like 5 points).
    """
    if plural is not None:
        count = abs((args or {}).get("num", 0))
        text = translations().ungettext(msg, plural, count)
        source = msg if count == 1 else plural
    else:
        text = translations().ugettext(msg) if msg else ""
        source = msg
    if not args:
        return text
    filled = {key: render_arg(value) for key, value in args.items()}
    try:
        return text % filled
    except (KeyError, TypeError, ValueError):  # a translation with a broken placeholder
        return source % filled


def render_arg(value: Any) -> Any:
    if isinstance(value, dict) and "msg" in value:
        return render_label(value)
    if isinstance(value, Label):
        return translate(value.msg, dict(value.args), value.plural)
    return value


def render_label(value: Any) -> str:
    """A stored label ({"msg", "args"[, "plural"]}), a Label, or plain text, in this phone's language."""
    if isinstance(value, Label):
        return translate(value.msg, dict(value.args), value.plural)
    if isinstance(value, dict):
        return translate(value.get("msg", ""), value.get("args"), value.get("plural"))
    return translate(str(value))


def translations() -> NullTranslations:
    """This request's translations, looked up once per request.

    Flask-Babel looks them up again for every message (a dozen context lookups each); a
    board has dozens of messages, re-rendered on every move.
    """
    if not has_app_context():
        return get_translations()
    found = g.get("_companion_translations")
    if found is None:
        found = g._companion_translations = get_translations()
    return found


def init_app(app: Flask) -> None:
    app.jinja_env.install_gettext_callables(  # what Flask-Babel installs, with the lookup done once
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, abs(n)),  # −5 points, like 5 points
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
        newstyle=True,
    )
    # `_()` and `gettext()` in templates, answered from a per-language cache (see template_gettext).
    app.jinja_env.globals["_"] = app.jinja_env.globals["gettext"] = template_gettext

    @app.context_processor
    def this_requests_catalogue() -> dict[str, Any]:
        # Handed to the templates once per render: looking it up for each text (through Flask's
        # context-local proxies) cost more than the rest of _() together.
        return {CATALOGUE: translations()}

    @app.template_filter("t")
    def t_filter(msg: Any, **args: Any) -> str:
        if isinstance(msg, (dict, Label)):
            return render_label(msg)
        return translate(str(msg), args or None)


CATALOGUE = "companion_catalogue"  # the template context's name for this request's translations


@pass_context
def template_gettext(context: Context, string: str, **variables: Any) -> str:
    """``_("...")`` in a template: what Jinja's newstyle gettext answers, with each language's
    texts kept once they are made.

    A board re-rendered on every move asks for the same two dozen fixed texts each time; through
    Jinja's i18n extension each one is three nested calls, a catalogue lookup and a formatting
    pass. Here the translated, escaped text is kept per catalogue, and only the placeholders
    (when there are some) are filled per call, exactly as the extension does: the text is always
    treated as a format string (``%%`` becomes ``%``), its arguments escaped in an escaping
    template.
    """
    autoescape = context.eval_ctx.autoescape
    catalogue = context.resolve_or_missing(CATALOGUE)  # (a macro imported without context has none)
    if catalogue is missing:
        catalogue = translations()
    known = _template_texts(catalogue, autoescape)
    if variables:
        text = known.get(string)
        if text is None:
            text = known[string] = _translated_text(catalogue, string, autoescape)
        return text % variables
    done = known.get((string,))
    if done is None:
        done = known[(string,)] = _translated_text(catalogue, string, autoescape) % {}
    return done


def _translated_text(catalogue: NullTranslations, string: str, autoescape: bool) -> str:
    text = catalogue.ugettext(string)
    return Markup(text) if autoescape else text


def _template_texts(catalogue: NullTranslations, autoescape: bool) -> dict:
    """The texts made from one catalogue (Flask-Babel keeps one per language for the process)."""
    attribute = "_companion_escaped_texts" if autoescape else "_companion_plain_texts"
    texts = catalogue.__dict__.get(attribute)
    if texts is None:
        texts = catalogue.__dict__[attribute] = {}
    return texts
