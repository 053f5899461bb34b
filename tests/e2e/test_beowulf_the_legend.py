"""Beowulf: The Legend in real Chromium: three phones (and the table display) play a short game.

A fresh server knows only what the rulebook places on the board, so the table enters the rest
from the physical board as Beowulf reaches it:

1. Martha, the youngest, becomes first player. Beowulf moves onto episode 1, King Hygelac's Court
   (a minor opportunity): the players exchange cards, which the app does not track, so one "Done"
   tap closes it and moves Beowulf on.
2. Episode 2, Sail to Denmark: its kind is not in the rulebook; Martha, the first player, finds the
   entry open on her phone and enters it as a Selection (minor) with one tap. Martha takes Fame 2, Mark an alliance token, Sandra draws 2 cards. Mark turns his
   alliance token over and enters, on his phone only, that it shows fame 4. Sandra's tap, the last
   of the episode, also moves Beowulf on.
3. Episode 3 is the first major episode: Martha checks what the rulebook says and taps its name,
   King Hrothgar's Hall (simultaneous, Friendship; 3 players: spaces 1–3 in play, space 4 covered by the red marker).
   Revealed: Sandra 1, Martha 2, Mark 2 Friendship symbols → Martha marker 1 (tie broken from the
   first player, clockwise), Mark 2, Sandra 3. Martha takes the 2 alliance tokens (space 3), Mark
   the King Hrothgar's Blessing (space 1); Sandra, left the last space, gets the treasure 1 without
   a tap and, holding the highest marker, becomes first player; Beowulf moves on to episode 4 in
   the same tap. Martha enters her two alliance tokens: treasure 3 and fame 6.

Private values (an alliance token's face and value) must show on their owner's phone and nowhere
else: what the other phones and the display show does not change when they are entered.

Then, at 390 × 844: a half-filled episode form survives another phone's move, and the phone that
acts finds its button on its first screen (the table display, 1280 × 800, its step and path).
"""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import Page, expect

from tests.e2e.conftest import screenshot

# A game's pages, on SQLite only, as every browser test: what each move does on either database is
# tests/games/beowulf_the_legend/test_beowulf_the_legend_web.py's, live updates test_two_phones'.
pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
LIVE = 5000  # ms: another phone's change shows within this
PLAYERS = [{"name": "Sandra", "colour": "red"}, {"name": "Martha", "colour": "blue"},
           {"name": "Mark", "colour": "green"}]
SANDRA, MARTHA, MARK = 0, 1, 2


def join(new_phone, server, token: str, name: str) -> Page:
    page = new_phone(**PHONE)
    page.goto(f"{server.url}/t/{token}/join")
    page.get_by_role("button", name=name).click()
    expect(page.locator(".boardhead .me")).to_contain_text(name)
    return page


def all_show(pages, selector: str, text: str) -> None:
    for page in pages:
        expect(page.locator(selector)).to_contain_text(text, timeout=LIVE)


def at_episode(pages, n: int, name: str) -> None:
    """Every screen shows Beowulf's figure on episode n: on a phone's strip, on the display's path."""
    for page in pages:
        expect(page.locator("#bl-step .bl-where-n")).to_have_text(f"Episode {n} of 36", timeout=LIVE)
        here = page.locator(".bl-path-card li.here:visible")
        expect(here).to_have_attribute("title", f"{n} · {name}" if name else str(n))
        expect(here.locator("svg.bl-figure")).to_be_visible()


def turn_of(pages, seat: int, name: str) -> None:
    """Whose turn: the step says so and that player's row is marked, on every screen."""
    for page in pages:
        expect(page.locator("#bl-step")).to_contain_text(f"{name}'s turn", timeout=LIVE)
        expect(page.locator(".bl-player.bl-due")).to_have_attribute("id", f"bl-player-{seat}")


def first_player(pages, seat: int) -> None:
    for page in pages:
        expect(page.locator(f"#bl-player-{seat} .bl-first")).to_be_visible(timeout=LIVE)
        expect(page.locator(".bl-first")).to_have_count(1)


def tokens_of(pages, seat: int, text: str) -> None:
    for page in pages:
        expect(page.locator(f"#bl-player-{seat} .bl-counts").first).to_contain_text(text, timeout=LIVE)


def test_three_phones_play_a_minor_and_a_major_episode_and_keep_token_values_private(server, new_phone):
    token = requests.post(server.url + "/api/tables", json={"game": "beowulf-the-legend", "players": PLAYERS},
                          timeout=10).json()["token"]
    sandra = join(new_phone, server, token, "Sandra")
    martha = join(new_phone, server, token, "Martha")
    mark = join(new_phone, server, token, "Mark")
    display = new_phone(**PHONE, color_scheme="dark")  # a tablet in a dim room
    display.goto(f"{server.url}/t/{token}/display")
    phones = (sandra, martha, mark)
    screens = phones + (display,)

    # --- setting up: Martha is the youngest --------------------------------------------------
    expect(sandra.locator("#bl-step .bl-where-n")).to_have_text("Beowulf waits beside the board")
    screenshot(sandra, "legend-01-setup-360")
    sandra.locator("#bl-step").get_by_role("button", name="Martha").click()
    first_player(screens, MARTHA)
    all_show(screens, ".bl-cover", "King Hrothgar's Hall")
    all_show(screens, ".bl-cover", "spaces 1–3 are available, space 4 is covered")

    # --- episode 1, King Hygelac's Court: a minor opportunity, in turn from Martha ----------
    martha.get_by_role("button", name="Move Beowulf onto episode 1").click()
    at_episode(screens, 1, "King Hygelac's Court")
    all_show(screens, "#bl-step .bl-prompt", "Each player may exchange exactly 2 cards; tap Done when all have.")
    expect(sandra.locator("#bl-step").get_by_role("button", name="Pass")).to_have_count(0)  # nobody asked one by one
    screenshot(martha, "legend-02-episode-1-360")
    martha.locator("#bl-step").get_by_role("button", name="Done: move Beowulf on").click()

    # --- episode 2, Sail to Denmark: the table enters its kind from the board ---------------
    at_episode(screens, 2, "Sail to Denmark")
    all_show(screens, "#bl-step", "Episode 1 is over")
    all_show(screens, "#bl-step .bl-records", "Everyone — Exchanged 2 cards, or kept their hand")  # said once
    screenshot(display, "legend-03-episode-1-over-display-360")
    all_show(screens, "#bl-step .bl-prompt", "The app does not know episode 2 yet")
    expect(display.locator("#bl-step")).to_contain_text("A player enters it from their phone.")
    # Martha, the first player, finds the entry open on her phone; the others have it under a tap.
    expect(sandra.locator("#bl-entry-2-open > summary")).to_have_text("Enter what the board shows")
    expect(sandra.locator("#bl-entry-2-open .bl-quick")).to_be_hidden()
    entry = martha.locator("#bl-entry-2-open")
    expect(entry.locator("select[name=key]")).to_have_value("sail_to_denmark")  # the rulebook names it
    expect(entry.locator(".bl-f-symbols")).to_be_hidden()  # asked once the kind needs them
    expect(entry.locator(".bl-quick")).not_to_contain_text("Great Rewards")  # it has its name: no other offered
    expect(entry.locator(".bl-quick-risk button")).to_have_count(10)  # a Risk: the pair of symbols it shows
    screenshot(martha, "legend-04-enter-episode-2-360")
    entry.get_by_role("button", name="Selection", exact=True).click()  # one tap
    all_show(screens, "#bl-episode h2", "2. Sail to Denmark")
    all_show(screens, "#bl-episode", "table-entered")
    turn_of(screens, MARTHA, "Martha")
    expect(martha.locator("#bl-step")).to_contain_text("Discard all your scratches — No scratch to discard")
    martha.locator("#bl-step").get_by_role("button", name="Fame 2").click()
    turn_of(screens, MARK, "Mark")
    mark.locator("#bl-step").get_by_role("button", name="An alliance token").click()
    turn_of(screens, SANDRA, "Sandra")
    sandra.locator("#bl-step").get_by_role("button", name="Draw 2 cards").click()
    at_episode(screens, 3, "")  # the last turn of the episode moved Beowulf on
    all_show(screens, "#bl-step", "Episode 2 is over")
    tokens_of(screens, MARTHA, "fame 1 · treasure 0 · alliance 0")
    tokens_of(screens, MARK, "fame 0 · treasure 0 · alliance 1")
    all_show(screens, "#bl-player-2", "1 to enter")

    # Mark turns his alliance token over: fame 4, entered on his phone alone.
    others = (sandra, martha, display)
    before = [public_text(page) for page in others]
    enter_token(mark, "fame", 4)
    expect(mark.locator("#bl-me .bl-tokens")).to_contain_text("Alliance (fame)")
    mine = mark.locator("#bl-me .bl-tokens tr")
    expect(mine.filter(has_text="Alliance (fame)").locator(".bl-value")).to_have_text("4")
    expect(mark.locator("#bl-me")).to_contain_text("If the game ended now: 9 points")
    screenshot(mark, "legend-05-mark-private-360")
    for page, seen in zip(others, before):
        expect(page.locator(".history")).to_contain_text(re.compile("Mark entered the value of an? alliance token"),
                                                         timeout=LIVE)
        unchanged_but_the_badge(page, seen, "1 to enter")
        never_shows(page, "Alliance (fame)", "If the game ended now: 9 points")

    # --- episode 3: the first major episode, King Hrothgar's Hall ----------------------------
    all_show(screens, "#bl-step .bl-prompt", "The app does not know episode 3 yet")
    martha.locator("#bl-entry-3-says > summary").click()  # what the rulebook says, to check against the board
    hall = martha.locator("#bl-says-3-king-hrothgar-s-hall")
    expect(hall).to_contain_text("Major episode, played simultaneously")
    expect(hall).to_contain_text("Friendship")
    expect(hall.locator(".bl-suggested-spaces li").nth(4)).to_have_text("not described")
    screenshot(martha, "legend-06-enter-hrothgar-360")
    martha.locator("#bl-entry-3-open").get_by_role("button", name="King Hrothgar's Hall").click()  # one tap
    at_episode(screens, 3, "King Hrothgar's Hall")
    all_show(screens, "#bl-step .bl-prompt", "Everyone chooses cards secretly and reveals together")
    for page in screens:
        spaces = page.locator("#bl-episode .bl-space")
        expect(spaces).to_have_count(5)
        expect(spaces.nth(3)).to_contain_text("covered by the red marker")
        expect(spaces.nth(4)).to_contain_text("not in play")

    # The cards are revealed: Sandra 1, Martha 2, Mark 2 Friendship symbols; Mark's phone enters them.
    reveal = mark.locator("#bl-step form").filter(has_text="Reveal")
    for name, symbols in (("Sandra", 1), ("Martha", 2), ("Mark", 2)):
        reveal.locator("[data-quick]").filter(has_text=name).get_by_role("button", name=str(symbols), exact=True).click()
    screenshot(mark, "legend-07-symbols-360")
    reveal.get_by_role("button", name="Reveal: hand out the status markers").click()
    for page in screens:
        markers = page.locator("#bl-step .bl-markers li")
        expect(markers).to_have_count(3, timeout=LIVE)
        for i, (marker, name, symbols) in enumerate(((1, "Martha", 2), (2, "Mark", 2), (3, "Sandra", 1))):
            expect(markers.nth(i).locator(".badge").first).to_have_text(str(marker))
            expect(markers.nth(i)).to_contain_text(f"{name} · {symbols} symbol{'s' if symbols != 1 else ''}")
    all_show(screens, "#bl-step .bl-prompt", "Martha (status marker 1) picks a reward space.")

    # Reward spaces in status-marker order.
    expect(sandra.locator("form.bl-pick")).to_have_count(0)
    expect(martha.locator("form.bl-pick")).to_have_count(3)
    screenshot(martha, "legend-08-picks-360")
    martha.get_by_role("button", name="Take space 3: 2 alliance tokens").click()
    all_show(screens, "#bl-step .bl-prompt", "Mark (status marker 2) picks a reward space.")
    mark.get_by_role("button", name="Take space 1: Special card: King Hrothgar's Blessing").click()
    # "Le joueur qui possède le marqueur avec le chiffre le plus élevé ne dispose d'aucun choix":
    # Sandra gets the treasure 1 without a tap, becomes first player, and Beowulf moves on.
    at_episode(screens, 4, "")
    all_show(screens, "#bl-step", "Episode 3 is over — King Hrothgar's Hall")
    all_show(screens, "#bl-step .bl-records", "Sandra — space 2: Treasure 1")
    first_player(screens, SANDRA)
    tokens_of(screens, SANDRA, "fame 0 · treasure 1 · alliance 0")
    tokens_of(screens, MARTHA, "fame 1 · treasure 0 · alliance 2")
    all_show(screens, "#bl-player-1", "2 to enter")
    all_show(screens, "#bl-player-2", "King Hrothgar's Blessing")
    expect(mark.locator("#bl-me")).to_contain_text("Your special cards")
    screenshot(display, "legend-09-major-over-display-360")

    # Martha turns her two alliance tokens over: treasure 3 and fame 6.
    others = (sandra, mark, display)
    before = [public_text(page) for page in others]
    expect(martha.locator(".bl-enter-token")).to_have_count(2)
    screenshot(martha, "legend-10-martha-enters-tokens-360")
    enter_token(martha, "treasure", 3)
    expect(martha.locator(".bl-enter-token")).to_have_count(1)
    enter_token(martha, "fame", 6)
    mine = martha.locator("#bl-me .bl-tokens tr")
    expect(mine).to_have_count(3)  # by kind: fame, alliance (fame), alliance (treasure)
    expect(mine.nth(0)).to_contain_text("Fame")
    expect(mine.nth(0).locator(".bl-value")).to_have_text("2")
    expect(mine.filter(has_text="Alliance (fame)").locator(".bl-value")).to_have_text("6")
    expect(mine.filter(has_text="Alliance (treasure)").locator(".bl-value")).to_have_text("3")
    expect(martha.locator("#bl-me")).to_contain_text("If the game ended now: 16 points")
    screenshot(martha, "legend-11-martha-private-360")
    for page, seen in zip(others, before):
        expect(page.locator(".history")).to_contain_text(re.compile("Martha entered the value of an? alliance token"),
                                                         timeout=LIVE)
        expect(page.locator("#bl-player-1")).not_to_contain_text("to enter", timeout=LIVE)
        unchanged_but_the_badge(page, seen, "2 to enter")
        never_shows(page, "Alliance (treasure)", "If the game ended now: 16 points")
    never_shows(sandra, "Alliance (fame)")
    never_shows(display, "Alliance (fame)", "If the game ended now")

    # --- Sandra, first player now: Beowulf is on episode 4 ------------------------------------
    all_show(screens, "#bl-step .bl-prompt", "The app does not know episode 4 yet")
    first_player(screens, SANDRA)
    screenshot(sandra, "legend-12-episode-4-360")

    # Only Martha's own "By hand" section offers her tokens back, values and all.
    martha.locator(".bl-by-hand summary").click()
    give_back = martha.locator(".bl-give-back .bl-chip-row")
    expect(give_back.filter(has_text="Alliance (fame)").get_by_role("button")).to_have_text("6")
    expect(give_back.filter(has_text="Alliance (treasure)").get_by_role("button")).to_have_text("3")
    screenshot(martha, "legend-13-by-hand-360")
    mark.locator(".bl-by-hand summary").click()
    expect(mark.locator(".bl-give-back .bl-chip-row").filter(has_text="Alliance (fame)").get_by_role("button")) \
        .to_have_text("4")
    never_shows(mark, "Alliance (treasure)")


def public_text(page: Page) -> str:
    """What a screen shows of the game (history aside), whitespace folded."""
    return " ".join(page.locator(".bl").inner_text().split())


def enter_token(page: Page, face: str, value: int) -> None:
    """The owner turns a new alliance token over and enters what it shows: one tap on the value in its face's row."""
    form = page.locator(".bl-enter-token").first.locator(f"form:has(input[name=face][value={face}])")
    form.get_by_role("button", name=str(value), exact=True).click()


def unchanged_but_the_badge(page: Page, before: str, badge: str) -> None:
    """A private entry changes nothing another screen shows, except the owner's "to enter" badge."""
    after = public_text(page)
    assert after == " ".join(before.replace(badge, "").split()), (before, after)


def never_shows(page: Page, *texts: str) -> None:
    content = page.content()
    for text in texts:
        assert text not in content, f"{text!r} shows on a screen that is not its owner's"


def test_the_quick_final_count_is_tapped_in_with_steppers_at_phone_width(server, new_phone):
    """No game tracked: two players count their tokens by value; a refused count keeps everything."""
    page = new_phone(**PHONE)
    page.goto(server.url + "/")
    page.locator("a[href='/score/beowulf-the-legend']").click()
    expect(page.locator("h1")).to_have_text("Final count")
    screenshot(page, "legend-quick-01-empty-360")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"

    def tap(slot: int, field: str, times: int) -> None:
        stepper = page.locator(f"#bl-quick-p{slot} .stepper").filter(has=page.locator(f"input[name='{field}']"))
        for _ in range(times):
            stepper.locator("button[data-step='1']").click()
        expect(stepper.locator("input")).to_have_value(str(times))

    def open_kind(slot: int, kind: str) -> None:
        page.locator(f"#bl-quick-p{slot} details[data-kind='{kind}'] > summary").click()

    # Sandra: fame 5, 2, 2 and treasure 3, one wound → 12. Martha: fame 5, 3, no wound → 13.
    page.locator("input[name='p0-name']").fill("Sandra")
    open_kind(0, "fame")
    tap(0, "p0-fame-5", 1)
    tap(0, "p0-fame-2", 2)
    open_kind(0, "treasure")
    tap(0, "p0-treasure-3", 1)
    tap(0, "p0-wounds", 1)
    page.locator("input[name='p1-name']").fill("Martha")
    open_kind(1, "fame")
    tap(1, "p1-fame-5", 1)
    tap(1, "p1-fame-3", 1)
    tap(1, "p1-misfortune", 3)
    tap(0, "p0-misfortune", 1)  # 4 misfortune tokens: the box holds 3
    screenshot(page, "legend-quick-02-filled-360")
    page.get_by_role("button", name="Count the scores").click()
    expect(page.locator("#bl-quick-error")).to_have_text("players: 4 misfortune in all, but the box holds only 3")
    expect(page.locator("input[name='p0-fame-2']")).to_have_value("2")
    expect(page.locator("input[name='p1-name']")).to_have_value("Martha")
    expect(page.locator("#bl-quick-p0 details[data-kind='fame']")).to_have_attribute("open", "")

    page.locator("#bl-quick-p1 .stepper").filter(has=page.locator("input[name='p1-misfortune']")) \
        .locator("button[data-step='-1']").click(click_count=3)
    page.locator("#bl-quick-p0 .stepper").filter(has=page.locator("input[name='p0-misfortune']")) \
        .locator("button[data-step='-1']").click()
    page.get_by_role("button", name="Count the scores").click()
    result = page.locator("#bl-quick-result .bl-quick-score")
    expect(result).to_have_count(2)
    expect(result.nth(0).locator(".bl-quick-name")).to_have_text("Martha")
    expect(result.nth(0).locator(".bl-quick-total")).to_have_text("13")
    expect(result.nth(1).locator(".bl-quick-name")).to_have_text("Sandra")
    expect(result.nth(1).locator(".bl-quick-total")).to_have_text("12")
    expect(result.nth(1)).to_contain_text("Fame tokens")
    expect(result.nth(0)).to_contain_text("No-wound bonus")
    screenshot(page, "legend-quick-03-scored-360")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"


PHONE_390 = {"width": 390, "height": 844}


def new_legend_table(server) -> tuple[requests.Session, str]:
    """A table whose host (this session) makes the moves the test does not tap."""
    host = requests.Session()
    token = host.post(server.url + "/api/tables", json={"game": "beowulf-the-legend", "players": PLAYERS},
                      timeout=10).json()["token"]
    return host, token


def host_act(server, host: requests.Session, token: str, **action) -> None:
    response = host.post(f"{server.url}/api/tables/{token}/actions", json=action, timeout=10)
    assert response.status_code == 200, response.text


def version_of(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-version"))


def table_at_episode_three(server):
    """A new table played to episode 3, whose board is not entered yet: the first episode passed
    by all, the second a recovery episode where each took two cards."""
    host, token = new_legend_table(server)
    host_act(server, host, token, type="advance")
    for seat in range(3):
        host_act(server, host, token, type="pass", seat=seat)
    host_act(server, host, token, type="enter_episode", position=2, kind="recovery")
    host_act(server, host, token, type="advance")
    for seat in (0, 1, 2, 0, 1, 2):
        host_act(server, host, token, type="take_recovery_card", seat=seat)
    host_act(server, host, token, type="advance")
    return host, token


def test_a_half_filled_episode_form_survives_another_phones_move(server, new_phone):
    """Sandra is entering episode 3 from the board when Martha takes a scratch on her own phone:
    the board re-renders on Sandra's phone (static/app.js keeps what a form and a <details> with an
    id held), and what she typed and tapped is still there, her cursor too."""
    host, token = table_at_episode_three(server)
    sandra = join(new_phone, server, token, "Sandra")
    martha = join(new_phone, server, token, "Martha")

    sandra.locator("#bl-path-all > summary").click()  # she looks at the whole path, too
    form = sandra.locator("#bl-entry-3")  # the first player's phone: the entry is there, no tap
    form.locator(".bl-f-kind .bl-chip").filter(has_text="played in turn order").click()
    form.locator("#bl-entry-3-name > summary").click()  # the name is optional, under its own tap
    form.locator("input[name=name]").fill("Grendel's Mother")
    form.locator(".bl-f-symbols .bl-chip").filter(has_text="Courage").click()
    form.locator(".bl-f-symbols .bl-chip").filter(has_text="Fighting").click()
    form.locator(".bl-sp-1 .bl-chip").filter(has=sandra.locator("input[value=fame5]")).click()
    form.locator(".bl-sp-2 .bl-chip").filter(has_text="Other icons").click()
    codes = form.locator(".bl-sp-2 input[name='spaces_other[]']")
    codes.fill("fame3+wound")
    expect(form.locator(".bl-sp-3 .bl-sp-choices")).to_be_visible()  # the next space to tap
    expect(form.locator(".bl-sp-4 .bl-sp-choices")).to_be_hidden()  # 3 players: space 4 is covered
    assert sandra.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"
    screenshot(sandra, "legend-form-01-half-filled")

    # Martha takes a scratch by hand on her own phone: another phone's move.
    before = version_of(sandra)
    martha.locator(".bl-by-hand summary").click()
    martha.once("dialog", lambda dialog: dialog.accept())  # a by-hand correction asks first
    martha.locator(".bl-by-hand").get_by_role("button", name="+ scratch").click()
    expect(sandra.locator("#board")).to_have_attribute("data-version", str(before + 1), timeout=LIVE)
    expect(sandra.locator("#bl-player-1")).to_contain_text("scratches 1")

    expect(sandra.locator("#bl-entry-3-name")).to_have_attribute("open", "")
    expect(sandra.locator("#bl-path-all")).to_have_attribute("open", "")
    expect(form.locator("input[name=name]")).to_have_value("Grendel's Mother")
    expect(form.locator("input[name=kind][value=turn_order]")).to_be_checked()
    expect(form.locator("input[name='symbols[]'][value=courage]")).to_be_checked()
    expect(form.locator("input[name='symbols[]'][value=fighting]")).to_be_checked()
    expect(form.locator("input[name=space1][value=fame5]")).to_be_checked()
    expect(form.locator("input[name=space2][value=other]")).to_be_checked()
    expect(codes).to_have_value("fame3+wound")
    expect(codes).to_be_focused()
    screenshot(sandra, "legend-form-02-after-marthas-move")

    # She finishes: space 3, then the spaces not in play with 3 players (optional, under a tap), and the save.
    form.locator(".bl-sp-3 .bl-chip").filter(has=sandra.locator("input[value=alliance]")).click()
    form.locator("#bl-entry-3-more > summary").click()
    for space, code in ((4, "wound"), (5, "scratch")):
        form.locator(f".bl-sp-{space} .bl-chip").filter(has=sandra.locator(f"input[value={code}]")).click()
    form.get_by_role("button", name="Save what the board shows").click()
    expect(sandra.locator("#bl-episode h2")).to_contain_text("3. Grendel's Mother", timeout=LIVE)
    spaces = sandra.locator("#bl-episode .bl-space .bl-icons")
    expect(spaces).to_have_text(["Fame 5", "Fame 3 + Wound (+2 cards)", "An alliance token", "Wound (+2 cards)",
                                 "Scratch"])


def test_a_refused_episode_entry_keeps_what_was_entered_and_says_what_to_change(server, new_phone):
    """Sandra enters episode 3 with one symbol type where a major episode in turn order shows two:
    the save is refused, the notice says what to change, and her name, kind, symbol and reward
    taps are all still there (static/app.js), so she adds the missing symbol and saves."""
    host, token = table_at_episode_three(server)
    sandra = join(new_phone, server, token, "Sandra")

    form = sandra.locator("#bl-entry-3")
    form.locator(".bl-f-kind .bl-chip").filter(has_text="played in turn order").click()
    form.locator("#bl-entry-3-name > summary").click()
    form.locator("input[name=name]").fill("Grendel's Mother")
    form.locator(".bl-f-symbols .bl-chip").filter(has_text="Courage").click()
    form.locator(".bl-sp-1 .bl-chip").filter(has=sandra.locator("input[value=fame5]")).click()
    form.locator(".bl-sp-2 .bl-chip").filter(has_text="Other icons").click()
    form.locator(".bl-sp-2 input[name='spaces_other[]']").fill("fame3+wound")
    form.locator(".bl-sp-3 .bl-chip").filter(has=sandra.locator("input[value=alliance]")).click()
    form.locator("#bl-entry-3-more > summary").click()
    for space, code in ((4, "wound"), (5, "scratch")):
        form.locator(f".bl-sp-{space} .bl-chip").filter(has=sandra.locator(f"input[value={code}]")).click()
    before = version_of(sandra)
    form.get_by_role("button", name="Save what the board shows").click()

    expect(sandra.locator("#board > .notice")).to_contain_text("shows exactly 2 symbol types", timeout=LIVE)
    assert version_of(sandra) == before  # refused: nothing recorded
    expect(form.locator("input[name=name]")).to_be_visible()
    expect(form.locator("input[name=name]")).to_have_value("Grendel's Mother")
    expect(form.locator(".bl-f-kind input:checked")).to_have_count(1)
    expect(form.locator(".bl-f-kind .bl-chip").filter(has_text="played in turn order").locator("input")).to_be_checked()
    expect(form.locator(".bl-f-symbols .bl-chip").filter(has_text="Courage").locator("input")).to_be_checked()
    for space, code in ((1, "fame5"), (2, "other"), (3, "alliance"), (4, "wound"), (5, "scratch")):
        expect(form.locator(f"input[name=space{space}][value={code}]")).to_be_checked()
    expect(form.locator(".bl-sp-2 input[name='spaces_other[]']")).to_have_value("fame3+wound")
    screenshot(sandra, "legend-form-03-refused-kept")

    form.locator(".bl-f-symbols .bl-chip").filter(has_text="Fighting").click()
    form.get_by_role("button", name="Save what the board shows").click()
    expect(sandra.locator("#bl-episode h2")).to_contain_text("3. Grendel's Mother", timeout=LIVE)


def test_by_hand_stays_open_after_this_phones_own_tap_in_it(server, new_phone):
    """Martha opens "By hand" and takes a scratch in it: the board answering her own move keeps the
    section open (static/app.js keeps open <details> across every new board), so her next tap
    there is one tap, not two."""
    _host, token = new_legend_table(server)
    martha = join(new_phone, server, token, "Martha")
    martha.locator("#bl-by-hand > summary").click()
    before = version_of(martha)
    # A correction by hand asks first: a slip of the thumb, answered "Cancel", changes nothing.
    asked = []
    martha.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    martha.locator("#bl-by-hand").get_by_role("button", name="+ scratch").click()
    martha.wait_for_timeout(300)
    assert asked == ["By hand: Martha takes a scratch?"]
    assert version_of(martha) == before
    martha.once("dialog", lambda dialog: dialog.accept())
    martha.locator("#bl-by-hand").get_by_role("button", name="+ scratch").click()
    expect(martha.locator("#board")).to_have_attribute("data-version", str(before + 1), timeout=LIVE)
    expect(martha.locator("#bl-player-1")).to_contain_text("scratches 1")
    expect(martha.locator("#bl-by-hand")).to_have_attribute("open", "")
    # The history says it was a correction made by hand.
    expect(martha.locator("#undo")).to_contain_text("By hand: Martha takes a scratch")
    martha.once("dialog", lambda dialog: dialog.accept())
    martha.locator("#bl-by-hand").get_by_role("button", name="+ scratch").click()
    expect(martha.locator("#bl-player-1")).to_contain_text("scratches 2", timeout=LIVE)
    expect(martha.locator("#bl-by-hand")).to_have_attribute("open", "")


def first_screen(page: Page, locator, name: str) -> None:
    """What the phone must tap is on its first screen, and nothing scrolls sideways."""
    page.evaluate("window.scrollTo(0, 0)")
    box = locator.bounding_box()
    screenshot(page, name, full_page=False)
    assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"], (name, box)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), f"{name}: scrolls sideways"


def test_the_acting_phone_finds_its_buttons_on_its_first_screen(server, new_phone):
    host, token = new_legend_table(server)
    martha = new_phone(**PHONE_390)
    martha.goto(f"{server.url}/t/{token}/join")
    martha.get_by_role("button", name="Martha").click()
    mark = new_phone(**PHONE_390)
    mark.goto(f"{server.url}/t/{token}/join")
    mark.get_by_role("button", name="Mark").click()
    display = new_phone(1280, 800)
    display.goto(f"{server.url}/t/{token}/display")

    first_screen(martha, martha.get_by_role("button", name="Move Beowulf onto episode 1"), "legend-fold-01-start-390")
    host_act(server, host, token, type="set_first_player", seat=1)
    host_act(server, host, token, type="advance")
    done = martha.locator("#bl-step").get_by_role("button", name="Done: move Beowulf on")
    expect(done).to_be_visible(timeout=LIVE)
    first_screen(martha, done, "legend-fold-02-minor-390")

    host_act(server, host, token, type="end_minor")
    host_act(server, host, token, type="enter_episode", position=2, kind="simultaneous", symbols=["friendship"],
             spaces=["special:blessing", "treasure1", "alliance2", "cards2", "fame1"])
    host_act(server, host, token, type="advance")
    reveal = mark.get_by_role("button", name="Reveal: hand out the status markers")
    expect(reveal).to_be_visible(timeout=LIVE)
    first_screen(mark, reveal, "legend-fold-03-symbols-390")
    host_act(server, host, token, type="enter_symbols", counts=[1, 2, 3])
    take = mark.get_by_role("button", name=re.compile("^Take space 1"))
    expect(take).to_be_visible(timeout=LIVE)
    first_screen(mark, take, "legend-fold-04-picks-390")
    expect(mark.locator("#bl-step .bl-your-turn")).to_have_text("Your turn")

    # The table display: the episode, the prompt and the markers first, the named path beside.
    expect(display.locator("#bl-step .bl-prompt")).to_have_text("Mark (status marker 1) picks a reward space.",
                                                                timeout=LIVE)
    first_screen(display, display.locator("#bl-step"), "legend-fold-05-display-1280")
    here = display.locator(".bl-path-card li.here")
    expect(here).to_contain_text("2")
    box = here.bounding_box()
    assert box["y"] + box["height"] <= 800, "the path's current episode is below the fold"
    expect(display.locator(".bl-path-card li.bl-cell").first).to_contain_text("King Hygelac's Court")


# --- the setup guide, the glossary and the translated names, at 390 × 844 ---------------------


def test_a_new_table_goes_through_the_setup_guide_and_reads_the_glossary_in_three_languages(server, new_phone):
    host, token = new_legend_table(server)
    sandra = new_phone(**PHONE_390)
    sandra.goto(f"{server.url}/t/{token}/join")
    sandra.get_by_role("button", name="Sandra").click()

    # The setup guide for 3 players: the rulebook's steps as tick boxes, then what it leaves unsaid.
    guide = sandra.locator("#bl-setup")
    expect(guide).to_contain_text("Setting up for 3 players")
    expect(guide).to_contain_text("covering reward space 4")
    cards = guide.locator("#bl-setup-cards")
    for name in ("Beowulf's Daring", "Beowulf's Resolve", "King Hrothgar's Blessing", "The Warrior's Rest"):
        cards.locator(".bl-chip").filter(has_text=name).click()
    save = cards.get_by_role("button", name="Save the cards in play")
    save.scroll_into_view_if_needed()
    assert sandra.evaluate("window.scrollY") > 0
    save.click()
    expect(sandra.locator(".history")).to_contain_text("4 special cards are in play with 3 players", timeout=LIVE)
    # The phone shows its next step (issue #26): Sandra, the first player, moves Beowulf on; her
    # "your move" bar says so and the button is back on her screen, below the bar.
    expect(sandra.locator("#owed")).to_have_text("You are the first player: move Beowulf onto episode 1")
    expect(sandra.get_by_role("button", name="Move Beowulf onto episode 1")).to_be_in_viewport(ratio=1)
    for box in guide.locator("#bl-setup-list input[type=checkbox]").all():
        box.check()
    screenshot(sandra, "legend-setup-390")
    host_act(server, host, token, type="set_first_player", seat=MARTHA)  # another phone's tap
    expect(sandra.locator("#bl-player-1 .bl-first")).to_be_visible(timeout=LIVE)
    expect(guide.locator("#bl-setup-list input:checked")).to_have_count(8)  # the ticks survive it
    sandra.locator("#bl-step").get_by_role("button", name="Mark").click()  # this phone's own tap
    expect(sandra.locator("#bl-player-2 .bl-first")).to_be_visible(timeout=LIVE)
    expect(guide.locator("#bl-setup-list input:checked")).to_have_count(8)  # the ticks survive it too
    sandra.get_by_role("button", name="Move Beowulf onto episode 1").click()

    # A minor episode: the glossary opens from the step.
    expect(sandra.locator("#bl-step .bl-where-n")).to_have_text("Episode 1 of 36", timeout=LIVE)
    sandra.locator("#bl-glossary > summary").click()
    expect(sandra.locator("#bl-glossary dt").filter(has_text="A double scroll")).to_be_visible()
    expect(sandra.locator("#bl-glossary")).to_contain_text("Draw two face-down alliance tokens.")
    screenshot(sandra, "legend-glossary-minor-390")

    # A major episode (Great Rewards is entered as the next one, then a major one): the glossary again.
    host_act(server, host, token, type="end_minor", move_on=True)
    host_act(server, host, token, type="enter_episode", key="great_rewards", kind="opportunity",
             opportunity="great_rewards")
    host_act(server, host, token, type="end_minor", move_on=True)
    host_act(server, host, token, type="enter_episode", key="hrothgars_hall", kind="simultaneous",
             symbols=["friendship"], spaces=["special:blessing", "treasure1", "alliance2", "cards2", "fame1"])
    expect(sandra.locator("#bl-step .bl-where-n")).to_have_text("Episode 3 of 36", timeout=LIVE)
    expect(sandra.locator("#bl-step .bl-prompt")).to_contain_text("Everyone chooses cards secretly")
    # Which symbols count is said on the step itself, not only in the episode card further down.
    expect(sandra.locator("#bl-step .bl-step-symbols")).to_contain_text("Friendship")
    expect(sandra.locator("#bl-glossary dt").filter(has_text="A double scroll")).to_be_visible()  # still open
    mark = new_phone(**PHONE_390)  # a phone opening it at the major episode
    mark.goto(f"{server.url}/t/{token}/join")
    mark.get_by_role("button", name="Mark").click()
    expect(mark.locator("#bl-glossary dt").first).to_be_hidden()
    mark.locator("#bl-glossary > summary").click()
    expect(mark.locator("#bl-glossary dt").filter(has_text="A crossed-out wound")).to_be_visible()
    screenshot(mark, "legend-glossary-major-390")
    assert mark.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "scrolls sideways"

    # A French and a German display: episode and card names in their language. The glossary is
    # read on a phone, not the TV (issue #27: the display is read-only): Mark's phone in each language.
    for lang, great_rewards, game, double_scroll in (
            ("fr", "Great Rewards", "Beowulf : la Légende", "Deux rouleaux de parchemin"),
            ("de", "Reicher Lohn", "Beowulf: Die Legende", "Eine doppelte Schriftrolle")):
        tv = new_phone(**PHONE_390)
        tv.context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
        tv.goto(f"{server.url}/t/{token}/display")
        expect(tv.locator("html")).to_have_attribute("lang", lang)
        expect(tv.locator("body")).to_contain_text(game)
        expect(tv.locator(".bl-path-card li.bl-cell").nth(1)).to_contain_text(great_rewards)
        expect(tv.locator("#bl-reference")).to_contain_text("Beowulf's Daring")
        expect(tv.locator("#bl-glossary")).to_have_count(0)  # nobody taps a TV
        mark.context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
        mark.reload()
        expect(mark.locator("html")).to_have_attribute("lang", lang)
        expect(mark.locator("#bl-glossary dt").first).to_be_hidden()
        mark.locator("#bl-glossary > summary").click()
        expect(mark.locator("#bl-glossary dt").filter(has_text=double_scroll)).to_be_visible()


def test_two_phones_answer_break_ranks_out_of_turn_and_both_choices_stand(server, new_phone):
    """Issue #24. « Le premier joueur commence en décidant s'il accomplit ou non l'activité
    proposée. Le jeu se poursuit dans le sens des aiguilles d'une montre. » (FR l.77) and « Dans
    l'épisode Break Ranks? [...] vous pouvez retourner deux jetons gloire [...] pour pouvoir
    défausser un tuile blessure » (l.108). Mark (third in turn) answers first, then Martha (second),
    both before Sandra: each answer waits for its turn, nobody is passed for, and both heal."""
    from tests.e2e.mid_game import FOUR, Table
    from tests.e2e.phones import LiveTable

    t = Table(server.url, "beowulf-the-legend", FOUR)
    t.act(type="set_first_player", seat=SANDRA)
    t.act(type="advance")
    for seat in (MARTHA, MARK):
        for value in (2, 3):
            t.act(type="take_token", seat=seat, kind="fame", value=value)
        t.act(type="take_wound", seat=seat)
    t.act(type="end_minor", move_on=True)
    # Entered from a seated phone, not the host's: this table's board, not the server's library.
    t.act(SANDRA, type="enter_episode", position=2, kind="opportunity", opportunity="break_ranks")
    live = LiveTable(server.url, t.token)
    martha, mark = new_phone(**PHONE), new_phone(**PHONE)
    t.sit(martha, MARTHA)
    t.sit(mark, MARK)
    live.synced(martha, mark)
    for page in (martha, mark):
        expect(page.locator("#bl-step")).to_contain_text("your answer is applied in turn, after Sandra's")

    def give_back_and_heal(page: Page) -> None:
        form = page.locator("form.bl-break-ranks")
        for chip in ("2", "3"):
            form.locator(".bl-chip").filter(has_text=chip).first.click()
        live.tap(form.get_by_role("button", name="Give them back and heal"), martha, mark)

    give_back_and_heal(mark)  # third in turn, first to answer
    expect(mark.locator("#bl-answer-waits")).to_contain_text("Your answer: Take part — waiting for Sandra.")
    expect(martha.locator("#bl-waiting")).to_contain_text("Mark")
    screenshot(mark, "legend-break-ranks-waiting-360")
    give_back_and_heal(martha)  # second in turn, second to answer
    expect(martha.locator("#bl-answer-waits")).to_contain_text("waiting for Sandra")
    assert [p["wounds"] for p in t.view()["players"]] == [0, 1, 1, 0]  # nothing applied before Sandra
    t.act(SANDRA, type="pass")  # Sandra passes: Martha's answer, then Mark's, are applied in turn
    live.synced(martha, mark)
    for page in (martha, mark):
        records = page.locator("#bl-step .bl-records")
        expect(records).to_contain_text("Sandra — Passed")
        expect(records).to_contain_text("Martha — Gave back 2 fame tokens")
        expect(records).to_contain_text("Mark — Gave back 2 fame tokens")
    assert [p["wounds"] for p in t.view()["players"]] == [0, 0, 0, 0]
    assert t.view()["turn"] == 3 and t.view()["position"] == 2  # Ben has not answered: the episode stays
    t.act(3, type="pass")
    assert [r["choice"] for r in t.view()["recent"]["records"]] == ["passed", "took_part", "took_part", "passed"]
