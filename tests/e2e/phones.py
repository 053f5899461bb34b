"""Helpers for browser tests of a game at a table: phones that tap moves and wait to see them,
the way people at a table do, and checks of what a 360 px phone screen shows."""

from __future__ import annotations

import requests
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot

PHONE = {"width": 360, "height": 740}  # a small phone
LIVE = 5000  # ms: a change shows on every other screen within this

# htmx wires a board it has just swapped in (its live trigger included) after a short settle
# delay; until then the board carries these classes.
SWAPPING = ".htmx-added, .htmx-settling, .htmx-swapping"

# The innermost elements that stick out past the right edge of the screen (a wide Beowulf board
# scrolls inside its own box, on purpose).
WIDER_THAN_THE_SCREEN = """() => [...document.querySelectorAll("body *")]
  .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1 && e.closest(".bm-grid-wrap") === null)
  .filter(e => ![...e.children].some(c => c.getBoundingClientRect().right > window.innerWidth + 1))
  .map(e => e.tagName.toLowerCase() + "." + [...e.classList].join(".") + ": " + (e.textContent || "").trim().slice(0, 40))"""


class LiveTable:
    """A table on a real server, and the screens (phones, table display) open on it."""

    def __init__(self, server_url: str, token: str) -> None:
        self.url, self.token = server_url, token

    def version(self) -> int:
        return requests.get(f"{self.url}/t/{self.token}/version", timeout=10).json()["version"]

    def synced(self, *pages) -> None:
        """Every page shows the table's latest board and is wired up for the next live message.

        A live message that reaches a phone while htmx is still settling the board it just
        swapped in is only caught by the next poll (seconds later), so a test, like a person,
        taps only once its screens have caught up.
        """
        version = str(self.version())
        for page in pages:
            expect(page.locator("#board")).to_have_attribute("data-version", version, timeout=LIVE)
            expect(page.locator(SWAPPING)).to_have_count(0, timeout=LIVE)

    def tap(self, button, *pages) -> None:
        """Taps a button that makes one move, then waits until every page shows the move."""
        expected = str(self.version() + 1)
        button.click()
        for page in pages:
            expect(page.locator("#board")).to_have_attribute("data-version", expected, timeout=LIVE)
            expect(page.locator(SWAPPING)).to_have_count(0, timeout=LIVE)


def screen(page, name: str) -> None:
    """What the phone's screen shows now (a bottom sheet is fixed to the screen, not the page)."""
    screenshot(page, name, full_page=False)


def assert_fits_the_screen(page) -> None:
    """Nothing makes the phone scroll sideways."""
    fits = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert fits, f"the page scrolls sideways: {page.evaluate(WIDER_THAN_THE_SCREEN)}"
