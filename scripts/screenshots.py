"""scripts/screenshots: docs/screenshots/<game>-display.png (mid-play), <game>-setup-display.png,
<game>-finished-display.png and <game>-phone.png, regenerated."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.conftest import Server  # noqa: E402
from tests.databases import migrate  # noqa: E402
from tests.e2e.conftest import CHROMIUM, FLAGS  # noqa: E402
from tests.e2e.mid_game import ACTING_SEAT, MOMENTS  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
TV, PHONE = {"width": 1920, "height": 1080}, {"width": 390, "height": 844}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="companion-screenshots-"))
    database = f"sqlite:///{work / 'companion.db'}"
    migrate(database, work / "instance")
    server = Server(database, work)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
            for game, moments in MOMENTS.items():
                tables = {moment: moments[moment](server.url) for moment in ("setup", "mid", "finished")}
                for name, moment, size, scheme, seat, path in (
                        ("setup-display", "setup", TV, "light", None, "/display"),
                        ("display", "mid", TV, "dark", None, "/display"),
                        ("finished-display", "finished", TV, "dark", None, "/display"),
                        ("phone", "mid", PHONE, "light", ACTING_SEAT[game], "")):
                    table = tables[moment]
                    context = browser.new_context(viewport=size, color_scheme=scheme, locale="en-GB")
                    page = context.new_page()
                    if seat is None:
                        page.goto(f"{server.url}/t/{table.token}{path}")
                    else:
                        table.sit(page, seat, path)
                    page.wait_for_selector("#board")
                    page.wait_for_timeout(400)  # fonts and the icon sprite drawn
                    target = OUT / f"{game}-{name}.png"
                    page.screenshot(path=str(target))
                    print(f"{target.relative_to(ROOT)} ({target.stat().st_size // 1000} KB)")
                    context.close()
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    os.environ.setdefault("CHROMIUM_PATH", CHROMIUM)
    main()
