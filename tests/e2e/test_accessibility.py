"""axe-core (the engine the outside judges ran, bundled by axe-playwright-python) over every page
a person reaches, in light and in dark: no critical or serious violation.

The pages are those of test_phone_screens (home, each new-game page, quick score, board data; for
a table of every game: invite, seat picker, a seated player's page, history; the records), walked
once in English on a 390 px phone: each is checked there not to scroll sideways (test_phone_screens
walks French; on home, each quick score and each play page its targets are checked to be at least
44 px there too) and judged by axe in the same visit. The table display, and each game in the middle
of play (the page of the phone whose move it is, and the table display on a TV), are
test_display_moments's, at every moment of the game, with every violation of any impact. Closed
sections are opened first: a stepper inside a closed quick-score section is still a control a
person will use. The dark scheme differs from the light one only in its colours: it is judged by
axe's rules about colour (test_display_moments.AXE_DARK).
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.e2e.conftest import screenshot
from tests.e2e.test_display_moments import judged_by_axe
from tests.e2e.test_phone_screens import LOCALES, WIDE, walk_every_page

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.looks]

SCHEMES = ("dark", "light")  # dark first: the page is left light, as the next one is walked
SEVERE = {"critical", "serious"}


def severe_violations(axe: Axe, page, scheme: str) -> list[str]:
    return [f"{v['impact']} {v['id']}: {v['help']} — " + "; ".join(
                n["target"][0] if isinstance(n["target"][0], str) else str(n["target"][0])
                for n in v["nodes"][:4]) + (f" … ({len(v['nodes'])})" if len(v["nodes"]) > 4 else "")
            for v in judged_by_axe(axe, page, scheme) if v["impact"] in SEVERE]


def test_every_page_in_english_fits_a_390_px_phone_and_has_no_critical_or_serious_axe_violation_light_or_dark(
        server_factory, new_phone):
    page = new_phone(**WIDE, locale=LOCALES["en"])
    axe, failures, judged, walked = Axe(), {}, [], []

    def judge(path: str) -> None:
        """Both schemes on the page as it stands: the system's setting switches them live."""
        walked.append(path)
        if path.endswith("/display"):
            return  # judged at every moment of its game, light and dark, by test_display_moments
        backgrounds = set()
        for scheme in SCHEMES:
            page.emulate_media(color_scheme=scheme)
            backgrounds.add(page.evaluate("getComputedStyle(document.body).backgroundColor"))
            judged.append(f"{path} ({scheme})")
            found = severe_violations(axe, page, scheme)
            if found:
                screenshot(page, f"axe-{scheme}-{'-'.join(path.strip('/').split('/')[-2:]) or 'home'}", failure=True)
                failures[f"{path} ({scheme})"] = found
        assert len(backgrounds) == len(SCHEMES), f"{path}: the page did not switch to the dark scheme"

    phone_failures = walk_every_page(page, server_factory(), "en", judge)
    assert not phone_failures, "\n".join(phone_failures)
    assert len(walked) > 25 and len(judged) == 2 * sum(not path.endswith("/display") for path in walked), judged
    assert not failures, f"axe: {len(failures)} of {len(judged)} pages fail:\n" + "\n".join(
        f"  {path}:\n" + "\n".join(f"    {line}" for line in found) for path, found in failures.items())
