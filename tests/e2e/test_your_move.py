"""Your own step, always in view (issue #26), in real Chromium on four touch phones at 390 × 844.

A whole 4-player Beowulf: The Legend base game is played through the pages, move for move the
rules-level script of tests/games/beowulf_the_legend/test_beowulf_the_legend_taps.py (the same
board, the same choices), each move made on the phone whose player makes it at a real table:
the first player sends what the table answers in one form (a Risk's failures, everyone's symbols,
the board's next episode), every player their own turn, their own pick and their own token values.
The first time, each episode Beowulf reaches is entered as the first player reads the board: one
tap on what it shows at a glance (a Selection, a Recovery, a Risk's pair of symbols, a name the
rulebook gives, a gold episode), or a major episode's kind, symbols, the 4 spaces in play (the
fifth lies under the red marker) and Save. With the board remembered from an earlier table, the
game is the same without those entries (checked by the rules, move for move): its count is the
first time's less the board entries, and it is not played through the phones a second time.

Counted as a person touches the screen: every tap on a control (a button, a chip, a tick box, a
disclosure, a stepper's − or +, a confirmation's OK) and every key of a typed number. Joining the
seats and starting the table are left out (names are typed there). Before every touch the test
checks the control is on the phone's screen, below the "your move" bar: a control that is not is
scrolled to, and counted as a scroll — the goal is none. Before every move the phone that makes
it must be the one whose bar points at that control, and every other phone's bar must match the
game's own account of what that seat owes.

The figures are printed (pytest -s) and reported in companion/games/beowulf_the_legend/README.md.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

import pytest
import requests
from playwright.sync_api import Page, expect

from companion.games.base import Actor
from companion.games.beowulf_the_legend.reference import SYMBOLS
from companion.games.beowulf_the_legend.views import owed_view
from tests.e2e.phones import LIVE, SWAPPING
from tests.games.beowulf_the_legend.helpers import Table
from tests.games.beowulf_the_legend.test_beowulf_the_legend_taps import MARK, Play, remembered_board

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.looks]

PHONE = {"width": 390, "height": 844, "has_touch": True, "is_mobile": True}
PLAYERS = [{"name": n, "colour": c} for n, c in (("Sandra", "red"), ("Martha", "blue"), ("Mark", "green"),
                                                  ("Peter", "yellow"))]
NAMES = [p["name"] for p in PLAYERS]
GOALS = {"remembered": 130, "first time": 220}  # the issue's, in touches
# The moves the first player sends for the whole table; the rest are sent by the seat they name.
TABLE_MOVES = {"enter_episode", "end_minor", "enter_symbols", "advance"}
NAMED_KEYS = {"King Hrothgar's Hall": "hrothgars_hall", "Grendel's Attack": "grendels_attack",
              "Dragon Battle": "dragon_battle", "Great Rewards": "great_rewards", "Peace Returns": "peace_returns",
              "Many Friendships": "many_friendships", "Break Ranks?": "break_ranks"}

# Where a control is on its phone's screen: under the sticky bar, above the screen's bottom.
ON_SCREEN = """(e) => { const box = e.getBoundingClientRect(), bar = document.getElementById("owed");
  const top = bar ? bar.getBoundingClientRect().bottom : 0;
  return {top: box.top, bottom: box.bottom, barBottom: top, height: innerHeight, drawn: box.width > 0 && box.height > 0,
          seen: box.top >= top - 1 && box.bottom <= innerHeight + 1 && box.height > 0}; }"""


# Whether the board shows a version, swapped in and settled: at once, or as soon as it does (a
# promise the test waits on, rather than asking again every 100 ms or more), or false after a while;
# with where the "your move" bar then points (it is part of the board the server sent: read in the
# same call, not asked again before each move).
SHOWN = """([version, swapping, timeout]) => new Promise((resolve) => {
  const shown = () => document.getElementById("board")?.dataset.version === version && !document.querySelector(swapping);
  const bar = () => document.getElementById("owed")?.dataset.target || "";
  if (shown()) return resolve([true, bar()]);
  const observer = new MutationObserver(() => { if (shown()) { finish(true); } });
  const timer = setTimeout(() => finish(shown()), timeout);
  const finish = (result) => { observer.disconnect(); clearTimeout(timer); resolve([result, bar()]); };
  observer.observe(document.body, {childList: true, subtree: true, attributes: true, attributeFilter: ["data-version", "class"]});
})"""


class Phones:
    """The four phones at the table: touches counted, each checked on screen before it is made."""

    def __init__(self, server_url: str, token: str, pages: list[Page]) -> None:
        self.url, self.token, self.pages = server_url, token, pages
        self.http = requests.Session()  # the test's own questions to the server, beside the phones
        self.bars = [""] * len(pages)  # where each phone's bar points, as its latest board shows it
        self.shown = 0  # the version every phone showed at the last sync
        self.touches: Counter = Counter()
        self.scrolls: list[tuple[str, int]] = []  # (what was scrolled to, how far in px)
        self.bar_misses: list[str] = []
        self.log: list[str] = []
        for seat, page in enumerate(pages):
            page.on("request", lambda r, seat=seat: self.log.append(f"{seat} > {r.method} {r.url[-40:]}") if "/t/" in r.url else None)
            page.on("response", lambda r, seat=seat: self.log.append(f"{seat} < {r.status} {r.url[-40:]}") if "/t/" in r.url else None)
            page.on("requestfailed", lambda r, seat=seat: self.log.append(f"{seat} ! {r.failure} {r.url[-40:]}"))

    def version(self) -> int:
        return self.http.get(f"{self.url}/t/{self.token}/version", timeout=10).json()["version"]

    def touch(self, what: str, locator, seat: int) -> None:
        """One touch of a control on a seat's phone, scrolled to first (and counted) if off screen."""
        page = self.pages[seat]
        try:
            where = locator.evaluate(ON_SCREEN)  # in one call when it is there, drawn (the usual case)
            if not where["drawn"]:
                locator.wait_for(state="visible")
                where = locator.evaluate(ON_SCREEN)
        except Exception:
            page.screenshot(path=f"test-output/your-move-missing-{seat}.png", full_page=True)
            open(f"test-output/your-move-missing-{seat}.html", "w").write(page.content())
            raise
        if not where["seen"]:  # a failure: what the phone showed is kept to look at
            page.screenshot(path=f"test-output/your-move-scroll-{len(self.scrolls)}.png")
            print("\n".join(self.log[-16:]))
            before = page.evaluate("scrollY")
            locator.evaluate("e => e.scrollIntoView({block: 'center'})")
            episode = page.locator("#bl-step .bl-where-n").inner_text() if page.locator("#bl-step .bl-where-n").count() else ""
            label = (locator.inner_text() or "").strip()[:40]
            self.scrolls.append((f"{NAMES[seat]}: {what}, {episode}, “{label}” (top {where['top']:.0f} px)",
                                 abs(page.evaluate("scrollY") - before)))
        self.touches[what] += 1
        locator.click()

    def keys(self, what: str, locator, seat: int, text: str) -> None:
        """A number typed: a touch on its box, then a key per character."""
        self.touch(what, locator, seat)
        self.touches[what] += len(text)
        locator.press_sequentially(text)

    def synced(self, version: int | None = None) -> None:
        """Every phone shows this version (the table's latest), swapped in and settled."""
        version = self.version() if version is None else version
        for seat, page in enumerate(self.pages):
            shown, self.bars[seat] = page.evaluate(SHOWN, [str(version), SWAPPING, LIVE])
            assert shown, f"the board is at {page.locator('#board').get_attribute('data-version')}, not {version}"
        self.shown = version

    def submit(self, what: str, locator, seat: int) -> None:
        """The touch that sends a move: every phone shows it before the next touch."""
        expected = self.shown + 1  # every phone showed the table's latest version before this touch
        self.touch(what, locator, seat)
        try:
            self.synced(expected)
        except AssertionError:
            page = self.pages[seat]
            page.screenshot(path=f"test-output/your-move-unsent-{seat}.png")
            notice = page.locator("#board > .notice")
            print(f"\n{NAMES[seat]}'s tap on {what} did not land; the phone says: "
                  f"{notice.inner_text() if notice.count() else '(nothing)'}; its board is at "
                  f"{page.locator('#board').get_attribute('data-version')}; outbox: "
                  f"{page.evaluate('JSON.stringify(Object.keys(localStorage))')}")
            print("\n".join(self.log[-12:]))
            raise

    def bar(self, seat: int) -> str:
        """Where the seat's bar points ("" while it waits, or once the game is over and it is gone),
        on the board every phone showed at the last sync (every move is synced before the next)."""
        return self.bars[seat]


class BrowserPlay(Play):
    """The rules-level script's game, each move made through the pages of the phone that makes it.

    The script's own table (``self.t``) follows along in-process: it decides each move, as in the
    rules-level count, and says what each seat owes, which every phone's bar must show."""

    def __init__(self, table: Table, phones: Phones) -> None:
        super().__init__(table)
        self.phones = phones

    def run(self) -> Counter:
        ph = self.phones
        # The youngest is Mark: Sandra's phone (first player until then) says so; Mark's moves Beowulf.
        ph.submit("first player", ph.pages[0].locator("#bl-step form:has(input[name=seat][value='2']) button"), 0)
        self.t.do("set_first_player", seat=MARK)
        self.check_bars()
        self.move("advance", MARK, lambda: ph.submit("Beowulf onto episode 1", self.control(MARK, "#bl-go button"), MARK), {})
        while self.t.state["phase"] != "over":
            self.round += 1
            assert self.round < 400, f"stuck in phase {self.t.state['phase']}"
            self.step()
        self.enter_values()
        return ph.touches

    # --- the moves, as a person makes them -----------------------------------------------------

    def tap(self, what: str, type: str, actor: Actor | None = None, **fields: Any) -> None:
        state = self.t.state
        seat = state["first_player"] if type in TABLE_MOVES else fields["seat"]
        if type == "enter_episode":
            fields = as_entered(fields, len(state["players"]))
        if type == "end_minor" and state["board"][str(state["position"])].get("opportunity") == "break_ranks":
            self.break_ranks()
        else:
            self.move(type, seat, lambda: getattr(self, "web_" + type)(seat, fields), fields)
        self.enter_values()

    def move(self, type: str, seat: int, touches, fields: dict[str, Any]) -> None:
        """Checks the seat's bar names the move's control, touches it on that phone, follows along."""
        expected = owed_view(self.t.state, seat)
        assert expected and expected["target"], (type, seat, expected)
        assert self.phones.bar(seat) == expected["target"], (type, seat, self.phones.bar(seat), expected)
        touches()
        self.t.do(type, self.t.HOST, move_on=True, **fields)
        self.after_move()

    def after_move(self) -> None:
        while self.web_phase() == "done" and self.t.state["phase"] != "done":
            first = self.t.state["first_player"]  # the last move did not move Beowulf on: the phone does
            self.phones.submit("Beowulf on", self.control(first, "#bl-go button"), first)
        self.check_bars()

    def web_phase(self) -> str:
        return self.phones.http.get(f"{self.phones.url}/api/tables/{self.phones.token}", timeout=10).json()["view"]["phase"]

    def check_bars(self) -> None:
        for seat in range(4):
            owed = owed_view(self.t.state, seat)
            target = (owed or {}).get("target") or ""
            if self.phones.bar(seat) != target:
                self.phones.bar_misses.append(f"{NAMES[seat]}: {self.phones.bar(seat)!r}, not {target!r}")

    def control(self, seat: int, selector: str):
        return self.phones.pages[seat].locator(selector)

    def web_advance(self, seat: int, fields: dict) -> None:
        self.phones.submit("Beowulf on", self.control(seat, "#bl-go button"), seat)

    def web_end_minor(self, seat: int, fields: dict) -> None:
        form = self.control(seat, "#bl-step form:has(input[name=type][value=end_minor])").first
        for name in ("failed", "took_part"):
            for s in fields.get(name, []):
                self.phones.touch("minor episodes", form.locator(f"label:has(input[name='{name}[]'][value='{s}'])"), seat)
        self.phones.submit("minor episodes", form.locator("button[type=submit]").last, seat)

    def break_ranks(self) -> None:
        """Break Ranks?: nobody gives back fame here, and each phone says so for its own player."""
        state = self.t.state
        for seat in dict.fromkeys(state["step"]["order"][state["step"]["turn"]:]):
            assert self.phones.bar(seat).startswith("bl-answer-"), (seat, self.phones.bar(seat))
            self.phones.submit("minor episodes", self.control(seat, f"#{self.phones.bar(seat)} form:has(input[name=type][value=pass]) button"), seat)
            self.t.do("pass", Actor(seat), seat=seat, move_on=True)
        self.after_move()

    def web_choose_selection(self, seat: int, fields: dict) -> None:
        button = self.control(seat, f"#bl-selection form:has(input[name=option][value='{fields['option']}']) button")
        self.phones.submit("minor episodes", button, seat)

    def web_drop_out(self, seat: int, fields: dict) -> None:
        row = self.control(seat, f"#bl-drop-{seat}")
        risk = "form:has(input[name=failed_risk]) button"
        button = row.locator(risk).first if fields.get("failed_risk") else row.locator("form:not(:has(input[name=failed_risk])) button")
        self.phones.submit("major episodes", button, seat)

    def web_enter_symbols(self, seat: int, fields: dict) -> None:
        form = self.control(seat, f"#bl-symbols-{self.t.state['position']}")
        for row, count in zip(form.locator("[data-quick]").all(), fields["counts"]):
            self.number(seat, "major episodes", row, count, start=0)
        self.phones.submit("major episodes", form.locator("button[type=submit]"), seat)

    def web_pick_space(self, seat: int, fields: dict) -> None:
        form = self.control(seat, f"#bl-picks form:has(input[name=space][value='{fields['space']}'])")
        self.phones.submit("major episodes", form.locator("button[type=submit]"), seat)

    def web_enter_episode(self, seat: int, fields: dict) -> None:
        """What the board shows, as the first player enters it: one tap on what the board shows at a
        glance (a Selection, a Recovery, a Risk's pair of symbols, a name the rulebook gives, a gold
        episode), or a major episode's kind, symbols and the spaces in play, then Save."""
        what, page, position = "board entries", self.phones.pages[seat], self.t.state["position"]
        entry = page.locator(f"#bl-entry-{position}-open")
        assert entry.evaluate("e => e.tagName") == "DIV", "the entry is open on the first player's phone, no tap"
        quick = entry.locator(".bl-quick")
        key = NAMED_KEYS.get(fields.get("name", "")) or (
            f"risk-{'-'.join(fields['symbols'])}" if fields["kind"] == "risk" else fields["kind"])
        if quick.count() and quick.locator(f"button.bl-q-{key}").count():
            self.phones.submit(what, quick.locator(f"button.bl-q-{key}"), seat)
            if not page.locator(f"#bl-entry-{position}").count():
                return  # one tap was all it needed
        form = page.locator(f"#bl-entry-{position}")
        chip = lambda name, value: form.locator(f"label:has(input[name='{name}'][value='{value}'])")  # noqa: E731
        self.tick(what, seat, chip("kind", fields["kind"]))
        for symbol in fields.get("symbols", []):
            self.tick(what, seat, chip("symbols[]", symbol))
        for i, code in enumerate(fields.get("spaces", []), start=1):
            if code:
                self.tick(what, seat, form.locator(f".bl-sp-{i}").locator(f"label:has(input[value='{code}'])").first)
        self.phones.submit(what, form.locator("button[type=submit]").last, seat)

    def tick(self, what: str, seat: int, chip) -> None:
        """A chip tapped, unless the form already shows it chosen (what the app knew)."""
        if not chip.locator("input").is_checked():
            self.phones.touch(what, chip, seat)

    def number(self, seat: int, what: str, row, value: int, start: int) -> None:
        """A number as the page asks for it: one tap on its quick value, typed in a box, or stepped
        from where the stepper starts."""
        quick = row.locator(f"button[data-value='{value}']")
        if quick.count():
            if value != start:
                self.phones.touch(what, quick, seat)
            return
        box = row.locator("input.number-box")
        if box.count():
            if value != start:
                self.phones.keys(what, box, seat, str(value))
            return
        plus, minus = row.locator("button.step[data-step='1']"), row.locator("button.step[data-step='-1']")
        for _ in range(abs(value - start)):
            self.phones.touch(what, plus if value > start else minus, seat)

    # --- the token values, from each owner's phone when its bar asks ------------------------------

    def enter_values(self) -> None:
        """Each owner turns over a new token when their bar says so (their own turn comes first)."""
        for seat, token, face, value in tokens_to_turn_over(self.t):
            assert self.phones.bar(seat) == "bl-me-enter", (seat, self.phones.bar(seat))
            row = f"#bl-token-{token['id']}-{face if token['kind'] == 'alliance' else 'fame'}"
            self.phones.submit("token values", self.control(seat, f"{row} button[name=value][value='{value}']"), seat)
            self.t.do("enter_token", Actor(seat), token=token["id"], value=value, face=face)
            self.check_bars()


def tokens_to_turn_over(table: Table):
    """(seat, token, face, value) of each new token whose owner's bar asks for it, in seat order,
    as the table stands when each is turned over (a seat that owes its turn first enters its values
    afterwards)."""
    for seat, player in enumerate(table.state["players"]):
        for token in player["tokens"]:
            if token["kind"] == "misfortune" or token["value"] is not None:
                continue
            if owed_view(table.state, seat)["target"] != "bl-me-enter":
                continue
            yield seat, token, ("fame", "treasure")[token["id"] % 2], 1 + token["id"] % 3


def as_entered(fields: dict[str, Any], players: int) -> dict[str, Any]:
    """An episode as a table enters it: the reward spaces in play (space 5 lies under the red marker
    with 4 players, so nobody reads it), a Risk's symbols as the pair the phone offers."""
    out = dict(fields)
    if "spaces" in out:
        out["spaces"] = out["spaces"][:players] + [""] * (len(out["spaces"]) - players)
    if "symbols" in out:
        out["symbols"] = [s for s in SYMBOLS if s in out["symbols"]]
    return out


class Recorded(Table):
    """A table that keeps every move but the board entries, with the state it was made on: the
    board left out, and the values of face-down tokens (when an owner turns one over moves)."""

    def __init__(self, library: dict[str, Any]) -> None:
        super().__init__(4, {}, library)
        self.moves: list[tuple] = []
        self.turned_over: list[tuple] = []

    def do(self, type: str, actor: Actor = Table.HOST, **fields: Any):
        if type == "enter_token":
            self.turned_over.append((actor.seat, sorted(fields.items())))
        elif type != "enter_episode":
            state = {k: v for k, v in self.state.items() if k != "board"}
            state["players"] = [{**p, "tokens": [{"id": t["id"], "kind": t["kind"]} for t in p["tokens"]]}
                                for p in state["players"]]
            self.moves.append((type, actor, fields, json.dumps(state, sort_keys=True)))
        return super().do(type, actor, **fields)


class RulesPlay(Play):
    """BrowserPlay's game by the rules alone: each episode entered as the phones enter it, each new
    token turned over when its owner's bar asks for it."""

    def tap(self, what: str, type: str, actor: Actor | None = None, **fields: Any) -> None:
        if type == "enter_episode":
            fields = as_entered(fields, len(self.t.state["players"]))
        super().tap(what, type, actor, **fields)

    def enter_values(self) -> None:
        for seat, token, face, value in tokens_to_turn_over(self.t):
            self.taps["token values"] += 1
            self.t.do("enter_token", Actor(seat), token=token["id"], value=value, face=face)


def remembered_game_is_the_first_time_game_without_its_entries() -> None:
    """The game with the board remembered from an earlier table is the game played the first time
    with its board entries taken out: every other move the same, by the same seat, on the same
    state (but for the board's unseen episodes and for which new tokens are turned over yet: an
    owner turns one over while the first player enters an episode, which the remembered game
    skips), the same tokens turned over, the same end. By the rules alone (a second or two, no browser)."""
    first, remembered = Recorded({}), Recorded(remembered_board())
    RulesPlay(first).run()
    RulesPlay(remembered).run()
    assert len(first.moves) == len(remembered.moves)
    for n, (move, same) in enumerate(zip(first.moves, remembered.moves)):
        assert move == same, (n, move[:3], same[:3])
    assert sorted(first.turned_over) == sorted(remembered.turned_over)
    assert {k: v for k, v in first.state.items() if k != "board"} == \
        {k: v for k, v in remembered.state.items() if k != "board"}


def play_a_whole_game(server, new_phone) -> tuple[Counter, Phones, BrowserPlay]:
    """The first time: no board remembered, each episode entered as Beowulf reaches it."""
    pages = [new_phone(**PHONE) for _ in PLAYERS]
    sandra = pages[0]
    sandra.goto(server.url + "/")
    response = sandra.request.post(f"{server.url}/api/tables", data={"game": "beowulf-the-legend", "players": PLAYERS})
    token = response.json()["token"]
    for page, p in zip(pages, PLAYERS):
        page.goto(f"{server.url}/t/{token}/join")
        page.get_by_role("button", name=p["name"]).click()
        expect(page.locator(".boardhead .me")).to_contain_text(p["name"])
    phones = Phones(server.url, token, pages)
    phones.synced()
    play = BrowserPlay(Table(4, {}, {}), phones)
    touches = play.run()
    phones.synced()
    for page in pages:
        expect(page.locator("#final-scores")).to_be_visible()
    return touches, phones, play


def report(touches: Counter, remembered: Counter, phones: Phones, seconds: float) -> None:
    far = max((px for _what, px in phones.scrolls), default=0)
    print(f"\nLegend, 4 players, first time: {sum(touches.values())} touches (goal ≤ {GOALS['first time']}), "
          f"{len(phones.scrolls)} scrolls (goal 0, longest {far} px), {seconds:.0f} s: "
          + ", ".join(f"{k} {v}" for k, v in sorted(touches.items())))
    print(f"Legend, 4 players, remembered (the first time's less its board entries): {sum(remembered.values())} "
          f"touches (goal ≤ {GOALS['remembered']})")
    for where, px in phones.scrolls:
        print(f"  scrolled {px} px to reach {where}")
    for miss in phones.bar_misses:
        print(f"  bar differs from the game's account: {miss}")


def test_a_whole_legend_game_on_four_phones_takes_few_touches_and_no_scrolls(server, new_phone):
    """The first time, and with the board remembered. The second is the first without its board
    entries (checked by the rules first: the same moves by the same seats on the same states, but
    for the board and when a new token is turned over), so it costs the first time's touches less
    the board entries. What a remembered board changes on a phone is the path's later episodes,
    the history's lines and the Undo button's label; the steps a move is made on are drawn from the
    same states, so the remembered game is not played a second time on the phones (each took
    about 50 s of CPU, most of it Chromium drawing every move's board on four phones)."""
    remembered_game_is_the_first_time_game_without_its_entries()
    started = time.monotonic()
    touches, phones, play = play_a_whole_game(server, new_phone)
    remembered = Counter({what: n for what, n in touches.items() if what != "board entries"})
    report(touches, remembered, phones, time.monotonic() - started)
    assert not phones.bar_misses, phones.bar_misses
    # Every control is on the acting phone's screen when it is touched: the bar's, brought there by
    # app.js, and every tap of an episode's entry after it.
    assert not phones.scrolls, phones.scrolls
    assert touches["board entries"] > 0, touches
    assert sum(touches.values()) <= GOALS["first time"], touches
    assert sum(remembered.values()) <= GOALS["remembered"], touches


def test_one_tap_on_the_bar_takes_the_phone_to_what_it_owes_and_the_bar_follows_the_table(server, new_phone):
    """A score pad on a short screen: scrolled down to the history, Ann's bar still says what she
    owes; one tap brings her points box into view, below the bar, ready for the keypad. Once she
    has entered them, the bar names whom the round waits for."""
    ann = new_phone(width=390, height=560, has_touch=True, is_mobile=True)
    ann.goto(server.url + "/")
    players = [{"name": n, "colour": c} for n, c in (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"),
                                                      ("Dot", "yellow"), ("Eve", "purple"))]
    token = ann.request.post(f"{server.url}/api/tables", data={"game": "scorepad", "players": players}).json()["token"]
    ann.goto(f"{server.url}/t/{token}/join")
    ann.get_by_role("button", name="Ann").click()
    bar = ann.locator("#owed")
    expect(bar).to_have_text("Enter your points for round 1")
    ann.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    form = ann.locator("#add-points-0")
    expect(form).not_to_be_in_viewport()
    expect(bar).to_be_in_viewport(ratio=1)  # it stays at the top of the screen
    bar.locator("a").tap()
    expect(form).to_be_in_viewport(ratio=1)
    assert form.evaluate(ON_SCREEN)["seen"], "the points box is under the bar"
    box = form.locator("input[name=points]")
    expect(box).to_be_focused()
    box.press_sequentially("12")
    form.get_by_role("button", name="Add").tap()
    expect(bar).to_have_text("Waiting for points from: Bob, Cid, Dot, Eve")
    expect(bar.locator("a")).to_have_count(0)  # waiting: nothing to go to
