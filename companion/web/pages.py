"""What every page shares: template helpers, the language switch, caching headers."""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from flask import Blueprint, Response, current_app, g, has_request_context, jsonify, redirect, request, session, url_for
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from jinja2 import pass_context
from markupsafe import Markup, escape

from .. import devices
from ..fast.kept_per_table import KeptPerTable
from ..games import get as get_game
from ..games.base import _
from ..i18n import LANG_COOKIE, LANGUAGE_NAMES, translate
from . import game_files
from .history_icons import history_icon
from ..seating import tables_of_device

ONE_YEAR = 365 * 24 * 3600

bp = Blueprint("pages", __name__)


@bp.record_once
def jinja_globals(state) -> None:
    # A global, not context: macros imported without context see it too.
    state.app.jinja_env.globals["new_request_id"] = lambda: secrets.token_urlsafe(12)
    state.app.jinja_env.globals["board_context_missing"] = board_context_missing
    state.app.jinja_env.globals["history_icon"] = history_icon
    state.app.jinja_env.globals["csrf_token"] = csrf_token
    state.app.jinja_env.globals["static_url"] = static_url
    # The boards' building blocks, documented in _macros.html. Globals, not macros imported by
    # each template: an import runs its template module again on every render.
    state.app.jinja_env.globals.update(icon=icon_markup, player=player_markup, act=act_form,
                                       act_button=act_button_markup, stepper=stepper_markup,
                                       number_entry=number_entry_markup)
    state.app.jinja_env.globals["kept"] = kept_markup


def csrf_token() -> str:
    """The CSRF token of this page's forms: Flask-WTF's, made once per request and then read from
    where it keeps it (a board has a dozen forms; Flask-WTF's own function looks its settings up
    on every call).

    Signing one is an HMAC, and a phone asks for a board after every move at its table. Unless
    tokens expire (``WTF_CSRF_TIME_LIMIT``, when a fresh one keeps an active phone going), a token
    once signed for a session serves it again: a form post that passed the CSRF check hands on
    the token it carried, and a board refresh gets the one this process last signed for the
    phone's session (Flask-WTF keeps the session's own token in ``session["csrf_token"]``).
    """
    config = current_app.config
    field = config["WTF_CSRF_FIELD_NAME"]
    token = g.get(field)
    if token is not None:
        return token
    if config["WTF_CSRF_TIME_LIMIT"] is not None:
        return generate_csrf()
    posted = request.form.get(field) if g.get("csrf_valid") else None
    signed = signed_csrf_tokens()
    session_token = session.get(field)
    if isinstance(posted, str) and posted:
        token = posted
    elif isinstance(session_token, str) and session_token in signed:
        token = signed[session_token]
    else:
        token = generate_csrf()
        session_token = session.get(field)
    setattr(g, field, token)
    if isinstance(session_token, str):
        remember_signed(signed, session_token, token)
    return token


SIGNED_CSRF_TOKENS_KEPT = 4096  # phones (sessions) whose token a process keeps signed


def signed_csrf_tokens() -> dict[str, str]:
    """This app's signed CSRF token per session token (each app signs with its own key)."""
    return current_app.extensions.setdefault("companion.signed_csrf_tokens", {})


_remembering = threading.Lock()


def remember_signed(signed: dict[str, str], session_token: str, token: str) -> None:
    with _remembering:
        signed.pop(session_token, None)
        signed[session_token] = token  # newest last: the oldest go first when there are too many
        while len(signed) > SIGNED_CSRF_TOKENS_KEPT:
            del signed[next(iter(signed))]


# The pieces every board draws most (icons, player chips, the forms of moves, steppers; a Legend
# board has dozens), made in Python: a Jinja macro call costs several times the same markup
# joined here. They are globals of every template under their short names (jinja_globals above),
# documented in _macros.html.
def icon_markup(name: str, label: str | None = None) -> Markup:
    """One of the app's own icons (static/icons.svg): icon() in templates (see _macros.html)."""
    name, href = escape(name), escape(static_url("icons.svg"))
    if label:
        return Markup(f'<svg class="icon icon-{name}" role="img" aria-label="{escape(label)}" focusable="false">'
                      f'<use href="{href}#{name}"/></svg>')
    return Markup(f'<svg class="icon icon-{name}" aria-hidden="true" focusable="false"><use href="{href}#{name}"/></svg>')


@pass_context
def player_markup(context, p) -> Markup:
    """A player's name with their colour chip; ``p`` is whatever a template would pass (a dict,
    a view's object), read as the template would read ``p.colour`` and ``p.name``."""
    read = context.environment.getattr
    return Markup(f'<span class="player"><span class="chip c-{escape(read(p, "colour"))}"></span>'
                  f'{escape(read(p, "name"))}</span>')


@pass_context
def act_form(context, type: str, *, caller, confirm=None, id=None, keep=None, adds_to=None, **options) -> Markup:
    """The form a move is posted with: act() in templates (see _macros.html).

    ``adds_to`` names (a CSS selector) the numbers on the board that the form's number box adds
    to: the phone shows them added the moment the move is sent (app.js), not a round trip later.

    ``caller`` is the {% call %} block's content (the move's own fields); the form's address and
    the version the phone is looking at come from the board's context (web/board.py), as a
    macro imported "with context" would read them. ``class`` (a Python keyword) comes in
    ``options``."""
    act_url = context.get("act_url")
    if act_url is None:
        board_context_missing("act")
    css = options.pop("class", "act")
    if options:
        raise TypeError(f"act() got unexpected arguments: {', '.join(options)}")
    new_request_id = context.environment.globals["new_request_id"]  # one maker (tests pin it)
    url = escape(act_url)
    extra = "".join(f' {name}="{escape(value)}"' for name, value in
                    (("id", id), ("data-keep", keep), ("data-adds-to", adds_to), ("hx-confirm", confirm))
                    if value)
    return Markup(
        f'<form method="post" action="{url}" hx-post="{url}" hx-target="#board" hx-swap="outerHTML"\n'
        f'      hx-sync="closest #board:replace" class="{escape(css)}"{extra}>\n'
        f'  <input type="hidden" name="csrf_token" value="{escape(csrf_token())}">\n'
        f'  <input type="hidden" name="version" value="{escape(context.get("version", ""))}">\n'
        f'  <input type="hidden" name="request_id" value="{escape(new_request_id())}">\n'
        f'  <input type="hidden" name="type" value="{escape(type)}">\n'
        f'  {caller()}\n'
        f'</form>')


@pass_context
def act_button_markup(context, type: str, text, *, confirm=None, **fields) -> Markup:
    """A big button that performs a move with fixed fields: act_button() in templates (see
    _macros.html). ``class`` (a Python keyword) comes in ``fields``, the button's own
    class; every other field becomes a hidden input, in the order given."""
    css = fields.pop("class", "btn")
    inputs = "".join(f'<input type="hidden" name="{escape(name)}" value="{escape(value)}">'
                     for name, value in fields.items())
    content = Markup(f'\n  {inputs}\n  <button type="submit" class="{escape(css)}">{escape(text)}</button>\n')
    return act_form(context, type, caller=lambda: content, confirm=confirm, **{"class": "act inline"})


def stepper_markup(name: str, value=0, min=None, max=None, label=None, aria=None) -> Markup:
    """A number entered with big − / + steppers: stepper() in templates (see _macros.html)."""
    what = aria or label
    shown = f'<span class="stepper-label">{escape(label)}</span>' if label else ""
    named = f' aria-label="{escape(what)}"' if what else ""
    low = f'min="{escape(min)}"' if min is not None else ""
    high = f'max="{escape(max)}"' if max is not None else ""
    return Markup(
        f'<span class="stepper">\n  {shown}<span class="stepper-controls">\n'
        '  <button type="button" class="btn step" data-step="-1" aria-label="−">−</button>\n'
        f'  <input type="number" inputmode="numeric" name="{escape(name)}" value="{escape(value)}"{named}\n'
        f'         {low} {high}>\n'
        '  <button type="button" class="btn step" data-step="1" aria-label="+">+</button>\n'
        '  </span>\n</span>')


def number_entry_markup(name: str, min: int, max: int, value=None, label=None, aria=None, required=True) -> Markup:
    """A number typed on the phone's numeric keypad: number_entry() in templates (see _macros.html).

    A box, not a stepper: a card of 1–30 is two or three touches typed, up to 15 stepped. The
    bounds are the server's own (the move's check refuses anything else); app.js checks them
    on the page too, with the words in ``data-bounds``, so a wrong number is refused before it
    is sent. A range that goes below 0 gets a ± key: a phone's numeric keypad has no minus.
    ``required=False`` where the number may stay empty (a dolmen card has none)."""
    what = aria or label
    shown = f'<span class="number-entry-label">{escape(label)}</span>' if label else ""
    named = f' aria-label="{escape(what)}"' if aria else ""
    signed = min < 0
    bounds = translate(_("A number from %(min)s to %(max)s"), {"min": min, "max": max})
    sign = (f'<button type="button" class="btn sign" data-sign aria-label="{escape(translate(_("Change the sign")))}">±</button>'
            if signed else "")
    return Markup(
        f'<label class="number-entry">{shown}<span class="number-entry-controls">'
        f'<input class="number-box" type="text" inputmode="numeric" pattern="{"-?" if signed else ""}[0-9]*"'
        f' name="{escape(name)}" value="{"" if value is None else escape(value)}"{named}{" required" if required else ""}'
        f' autocomplete="off" enterkeyhint="done" placeholder="{escape(min)}–{escape(max)}"'
        f' data-min="{escape(min)}" data-max="{escape(max)}" data-bounds="{escape(bounds)}" title="{escape(bounds)}">'
        f'{sign}</span></label>')


KEPT_PER_LANGUAGE = 128  # blocks an app keeps made, per language (a board's are about 30 KB)


def kept_markup(name: str, *key, caller) -> Markup:
    """A large block of markup made once per language for the same key, then handed out again:
    ``{% call kept("name", key…) %}…{% endcall %}`` (see _macros.html).

    For a block every phone draws after every move although it changes only with its key: the
    Legend's episode form is about 150 macro calls (5 of a board's 11 ms), the same on every phone
    for the same record. The key holds everything the block reads, the language and the game's
    constants aside. The block must show nothing private to a seat (it goes to every phone that
    asks with the same key), and no form's tokens (act() stays outside the block). While
    templates are reloaded (debug) the block is made afresh each time, so an edit shows."""
    app = current_app
    if app.debug or app.config.get("TEMPLATES_AUTO_RELOAD"):
        return Markup(caller())
    made = _kept_of(app, str(get_locale() or "en"))
    found_key = json.dumps([name, *key], sort_keys=True, default=str)
    found = made.get(found_key)
    if found is None:
        found = Markup(caller())
        made.put(found_key, found)  # the least lately used goes first (a state the table has left)
    return found


def _kept_of(app, language: str) -> KeptPerTable:
    """The blocks this app made in one language, in the store the log's caches use too."""
    stores = app.extensions.setdefault("companion.kept_markup", {})
    return stores.get(language) or stores.setdefault(language, KeptPerTable(lambda: KEPT_PER_LANGUAGE))


def board_context_missing(macro: str) -> None:
    """act() called where the board's context is not seen (a macro imported without context)
    would post its form nowhere: fail loudly instead."""
    raise RuntimeError(f"{macro}() needs the board's context: import the macro calling it with context")


@bp.app_context_processor
def helpers():
    return {
        "languages": LANGUAGE_NAMES,
        "current_language": str(get_locale() or "en"),
        "game_css": game_css,
        "quick_page": quick_page,
        "csrf_token": csrf_token,  # in place of Flask-WTF's (its context processor runs before this one)
    }


@bp.app_template_filter("game_title")
def game_title(key: str) -> str:
    game = get_game(key)
    return translate(game.title) if game else key


@bp.app_template_filter("colour_name")
def colour_name(colour: str) -> str:
    return translate(COLOUR_NAMES.get(colour, colour))


@bp.app_url_defaults
def versioned_static(endpoint: str, values: dict) -> None:
    # Static URLs carry a hash of the file: a phone caches them for a year and still
    # gets a new version the moment the file changes.
    if endpoint == "static" and "filename" in values:
        values.setdefault("v", static_hash(values["filename"]))


@bp.after_app_request
def vary_on_htmx(response: Response) -> Response:
    # One URL serves the page or its fragment: caches must keep them apart.
    response.vary.add("HX-Request")
    static = request.endpoint in ("static", "game_files.static")
    if static and request.args.get("v"):
        response.headers["Cache-Control"] = f"public, max-age={ONE_YEAR}, immutable"
    elif not static:
        response.headers.setdefault("Cache-Control", "no-store")
    return response


@bp.get("/manifest.webmanifest")
def manifest():
    # Installed on a home screen, the app opens at /resume: straight into this phone's seat.
    body = {
        "name": "Companion", "short_name": "Companion", "start_url": "/resume", "scope": "/",
        "display": "standalone", "background_color": "#14161a", "theme_color": "#14161a",
        "icons": [{"src": url_for("static", filename=f"icons/icon-{n}.png"), "sizes": f"{n}x{n}",
                   "type": "image/png", "purpose": "any maskable"} for n in (192, 512)],
    }
    response = jsonify(body)
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/resume")
def resume():
    """The table this phone last played at, else the home page."""
    mine = [t for t in tables_of_device(devices.current(), limit=1) if not t.finished]
    return redirect(url_for("play.page", token=mine[0].token) if mine else url_for("tables.home"))


@bp.post("/lang")
def set_language():
    code = request.form.get("lang", "")
    response = redirect(same_site_path(request.form.get("next", "/")))
    if code in current_app.config["LANGUAGES"]:
        response.set_cookie(LANG_COOKIE, code, max_age=ONE_YEAR, samesite="Lax", httponly=True,
                            secure=request.is_secure)
    return response


def same_site_path(back: str) -> str:
    """``back`` if it is a path on this site, else "/": never a redirect to another site.

    Browsers drop tabs and newlines from a URL and read a backslash as a slash, so
    "/\t/evil.example" and "/\\evil.example" both mean "//evil.example" to them: the path
    must be plain printable ASCII without a backslash, and say no host of its own.
    """
    if (not back.startswith("/") or not back.isascii() or not back.isprintable() or "\\" in back
            or back.startswith("//") or urlsplit(back).netloc):
        return "/"
    return back


COLOUR_NAMES = {"red": _("red"), "blue": _("blue"), "green": _("green"), "yellow": _("yellow"),
                "purple": _("purple"), "black": _("black"), "white": _("white"), "orange": _("orange"),
                "brown": _("brown"), "grey": _("grey"), "violet": _("violet")}


def quick_page(key: str) -> str | None:
    """The quick-score page of a game, when the game ships one (its folder's templates/quick.html)."""
    return url_for("quick.page", game_key=key) if game_files.has_template(key, "quick.html") else None


@lru_cache(maxsize=256)
def _hash_file(path: str, mtime: float) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


def static_url(filename: str) -> str:
    """A static file's URL (with its hash, see versioned_static), made once per file.

    A board draws the icon sprite a dozen times or more, and each ``url_for`` costs about 70 µs
    (building the route, and a stat of the file for its hash). Files change only while developing:
    there (debug, or templates reloaded) the URL is made afresh each time.
    """
    app = current_app
    if app.debug or app.config.get("TEMPLATES_AUTO_RELOAD"):
        return url_for("static", filename=filename)
    made = app.extensions.setdefault("companion_static_urls", {})
    key = (request.script_root if has_request_context() else "", filename)
    url = made.get(key)
    if url is None:
        url = made[key] = url_for("static", filename=filename)
    return url


def static_hash(filename: str) -> str:
    path = Path(current_app.static_folder or "") / filename
    try:
        return _hash_file(str(path), path.stat().st_mtime)
    except OSError:
        return "0"


def game_css(key: str) -> str | None:
    """The URL of a game's own stylesheet (its folder's static/game.css), when it has one."""
    return game_files.static_url(key, "game.css")
