"""axe-core (the engine the outside judges ran, bundled by axe-playwright-python) over every page
a person reaches, in light and in dark: no critical or serious violation.

The pages are those of test_phone_screens (home, each new-game page, quick score, board data; for
a table of every game: invite, seat picker, a seated player's page, history, table display; the
records). Each game in the middle of play (the page of the phone whose move it is, and the table
display on a TV) is test_display_moments's, at every moment of the game, with every violation of
any impact. Closed sections are opened first: a stepper inside a closed quick-score section is
still a control a person will use. The dark scheme differs from the light one only in its colours:
it is judged by axe's rules about colour (test_display_moments.AXE_DARK).
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot
from tests.e2e.test_display_moments import judged_by_axe
from tests.e2e.test_phone_screens import WIDE, reachable_pages, table_pages, tables_of_every_game, two_finished_games

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.looks]

SCHEMES = ("light", "dark")
SEVERE = {"critical", "serious"}


def severe_violations(axe: Axe, page, scheme: str) -> list[str]:
    return [f"{v['impact']} {v['id']}: {v['help']} — " + "; ".join(
                n["target"][0] if isinstance(n["target"][0], str) else str(n["target"][0])
                for n in v["nodes"][:4]) + (f" … ({len(v['nodes'])})" if len(v["nodes"]) > 4 else "")
            for v in judged_by_axe(axe, page, scheme) if v["impact"] in SEVERE]


def test_no_critical_or_serious_axe_violation_on_any_page_light_or_dark(server, new_phone):
    page = new_phone(**WIDE, locale="en-GB")
    pages = reachable_pages(page, server)
    tokens = tables_of_every_game(page)
    two_finished_games(page)
    pages += [path for token in tokens.values() for path in table_pages(token)] + ["/records"]

    axe, failures, judged = Axe(), {}, []

    def judge(screen, where: str, shot: str) -> None:
        """Both schemes on the page as it stands: the system's setting switches them live."""
        backgrounds = set()
        for scheme in SCHEMES:
            screen.emulate_media(color_scheme=scheme)
            backgrounds.add(screen.evaluate("getComputedStyle(document.body).backgroundColor"))
            judged.append(f"{where} ({scheme})")
            found = severe_violations(axe, screen, scheme)
            if found:
                screenshot(screen, f"axe-{scheme}-{shot}", failure=True)
                failures[f"{where} ({scheme})"] = found
        assert len(backgrounds) == len(SCHEMES), f"{where}: the page did not switch to the dark scheme"

    for path in pages:
        page.goto(server.url + path)
        expect(page.locator("main")).to_be_visible()
        judge(page, path, '-'.join(path.strip('/').split('/')[-2:]) or 'home')
    assert len(judged) == 2 * len(pages)
    assert not failures, f"axe: {len(failures)} of {len(judged)} pages fail:\n" + "\n".join(
        f"  {path}:\n" + "\n".join(f"    {line}" for line in found) for path, found in failures.items())
