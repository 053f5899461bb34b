"""Headless Chromium (Debian's package) driven by Playwright, against a real server."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
OUTPUT = Path(__file__).resolve().parents[2] / "test-output"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
TIMEOUT = 10_000  # ms: what a phone waits for by default
IDLE_PHONES = 8  # phones of one kind kept for the next test


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: scripts/test installs Debian's chromium package")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield browser
        browser.close()


class Phones:
    """Phones (a browser context and its one page each) handed from test to test, wiped between.

    Opening a phone is the dearest thing a browser test does: a new context's window and its
    first page load cost Chromium about 1.2 s of CPU, where wiping a phone and loading a page in
    it again costs about 0.4 s — and the suite opens hundreds. A phone handed back forgets
    everything a person's phone would carry to the next table: cookies (its seat), local and
    session storage, permissions, routes, emulated media. What a phone that has opened Companion
    before keeps stays: the HTTP cache of static files, and the service worker (static/sw.js)
    with the copies it made for reading offline. Forgetting those too cost each browser test a
    worker installed again and every file fetched twice — about a sixth of the browser tests'
    CPU — and a returning phone is the usual case at a table. A phone a test changed in ways this
    cannot undo (a listener of its own, a second page, a closed context) is closed instead.
    """

    def __init__(self, browser) -> None:
        self.browser = browser
        self.idle: dict[tuple, list] = {}
        self.listeners: dict[int, dict[str, int]] = {}  # a page's own listeners, as it was opened

    def take(self, width: int, height: int, options: dict):
        idle = self.idle.get(self._kind(options))
        if idle:
            page = idle.pop()
            # Cookies go as the phone is handed out, not when it was wiped: a response the last
            # test's page had in flight then (its board, a poll) could still set them afterwards.
            page.context.clear_cookies()
            page.set_viewport_size({"width": width, "height": height})
            return page
        context = self.browser.new_context(viewport={"width": width, "height": height}, **options)
        context.set_default_timeout(TIMEOUT)
        page = context.new_page()
        self.listeners[id(page)] = self._listeners_of(page)
        return page

    def give_back(self, page, options: dict) -> None:
        idle = self.idle.setdefault(self._kind(options), [])
        if len(idle) >= IDLE_PHONES or not self._wipe(page, options):
            self.listeners.pop(id(page), None)
            self._close(page)
            return
        idle.append(page)

    def _wipe(self, page, options: dict) -> bool:
        context = page.context
        if page.is_closed() or len(context.pages) != 1 or self._listeners_of(page) != self.listeners.get(id(page)):
            return False
        try:
            origin = re.match(r"https?://[^/]+", page.url)
            if origin:
                page.evaluate("localStorage.clear(); sessionStorage.clear()")
            page.unroute_all(behavior="ignoreErrors")
            context.unroute_all(behavior="ignoreErrors")
            # Its live stream closes with the page it belonged to. A page of the same site to wait
            # on keeps the renderer process for the next test's page (about:blank would swap it
            # for a new one there, 0.15 s of CPU more per phone).
            page.goto(f"{origin.group(0)}/healthz" if origin else "about:blank")
            context.clear_permissions()
            context.set_offline(False)
            context.set_extra_http_headers({})
            page.emulate_media(media="null", color_scheme=options.get("color_scheme", "light"),
                               reduced_motion="null", forced_colors="null")
            page.set_default_timeout(TIMEOUT)
            page.set_default_navigation_timeout(TIMEOUT)
        except Exception:
            return False
        return True

    @staticmethod
    def _kind(options: dict) -> tuple:
        """Phones made with the same context options (locale, colour scheme) stand in for each other."""
        return tuple(sorted(options.items()))

    @staticmethod
    def _close(page) -> None:
        try:
            page.context.close()
        except Exception:  # already closed by the test, or the browser is going
            pass

    @staticmethod
    def _listeners_of(page) -> dict[str, int]:
        emitter = page._impl_obj  # Playwright's own object: its event names and listener counts
        return {name: emitter.listener_count(name) for name in emitter.event_names()}

    def close(self) -> None:
        for pages in self.idle.values():
            for page in pages:
                self._close(page)
        self.idle.clear()


@pytest.fixture(scope="session")
def phones(browser):
    pool = Phones(browser)
    yield pool
    pool.close()


@pytest.fixture
def new_phone(phones):
    """Each phone is its own browser context: its own cookies, like a separate device."""
    taken = []

    def make(width: int = 390, height: int = 844, **options):
        page = phones.take(width, height, options)
        taken.append((page, options))
        return page

    yield make
    for page, options in taken:
        phones.give_back(page, options)


# Pictures of what the tests look at are saved when asked for (TEST_SCREENSHOTS=1): no test reads
# them, and each costs Chromium 0.2–0.4 s of CPU (about 120 a run). A failure's picture is always saved.
SCREENSHOTS = bool(os.environ.get("TEST_SCREENSHOTS"))


def screenshot(page, name: str, *, full_page: bool = True, failure: bool = False) -> None:
    """Saves what the page shows to test-output/ (``full_page=False``: the screen alone, as a phone
    shows it — a bottom sheet is fixed to the screen, not the page): with TEST_SCREENSHOTS=1, or
    always for a ``failure``'s picture."""
    if not (SCREENSHOTS or failure):
        return
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"{name}.png"), full_page=full_page)
