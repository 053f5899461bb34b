"""A table of each game in the middle of play, built through the JSON API the way its phones
would (each seat's moves from that seat's own session): what the screen tests, the accessibility
test and scripts/screenshots look at.

Each builder returns the table's token and the sessions of its seats (seat i claimed by
sessions[i]); the session that started the table is the host (sessions[-1]).
"""

from __future__ import annotations

import requests

FOUR = [{"name": "Sandra", "colour": "red"}, {"name": "Martha", "colour": "blue"},
        {"name": "Mark", "colour": "green"}, {"name": "Ben", "colour": "black"}]


class Table:
    def __init__(self, url: str, game: str, players: list[dict], options: dict | None = None,
                 claim: int | None = None) -> None:
        """``claim``: how many seats phones claim (all unless told): the rest stay free."""
        self.url, self.game = url, game
        self.host = requests.Session()
        response = self.host.post(f"{url}/api/tables", json={"game": game, "players": players,
                                                             "options": options or {}}, timeout=10)
        assert response.status_code == 201, response.text
        self.token = response.json()["token"]
        self.seats = []
        for i in range(len(players) if claim is None else claim):
            phone = requests.Session()
            claimed = phone.post(f"{url}/api/tables/{self.token}/seats/{i}/claim", json={}, timeout=10)
            assert claimed.ok, claimed.text
            self.seats.append(phone)

    def act(self, by: int | None = None, /, **action) -> dict:
        """A move by seat `by`'s phone (None: the host's)."""
        who = self.host if by is None else self.seats[by]
        response = who.post(f"{self.url}/api/tables/{self.token}/actions", json=action, timeout=10)
        assert response.status_code == 200, f"{action}: {response.status_code} {response.text}"
        return response.json()["table"]["view"]

    def sit(self, page, seat: int | None, path: str = "") -> None:
        """Opens the table on a browser page as seat `seat`'s phone (None: the host's): the page
        gets that phone's cookies, as if the same phone had opened its browser."""
        phone = self.host if seat is None else self.seats[seat]
        page.context.add_cookies([{"name": c.name, "value": c.value, "url": self.url} for c in phone.cookies])
        page.goto(f"{self.url}/t/{self.token}{path}")

    def view(self) -> dict:
        return self.host.get(f"{self.url}/api/tables/{self.token}", timeout=10).json()["view"]


def legend(url: str) -> Table:
    """Four players at episode 2 (a simultaneous episode), status markers handed out, tokens, a
    scratch and a wound in front of them: Mark picks a reward space."""
    t = Table(url, "beowulf-the-legend", FOUR)
    t.act(type="set_first_player", seat=1)
    t.act(type="advance")
    t.act(type="take_opportunity", seat=1)
    for seat in (2, 3, 0):
        t.act(type="pass", seat=seat)
    for seat, kind in enumerate(("fame", "treasure", "fame", "alliance")):
        t.act(type="take_token", seat=seat, kind=kind)
    t.act(type="take_scratch", seat=2)
    t.act(type="take_wound", seat=3)
    t.act(type="enter_episode", position=2, kind="simultaneous", symbols=["friendship"],
          spaces=["special:blessing", "treasure1", "alliance2", "cards2", "fame1"])
    t.act(type="advance")
    t.act(type="enter_symbols", counts=[1, 2, 3, 0])
    return t


def movie(url: str) -> Table:
    """Act I on a 4 × 6 board: figures and tiles of four players, each figure scoring."""
    t = Table(url, "beowulf-the-movie", FOUR)
    try:  # the first game on this server: the table enters the board (later ones remember it)
        t.act(type="set_board_size", rows=4, cols=6)
        t.act(type="confirm_board")
    except AssertionError:
        assert t.view()["phase"] == "play"
    t.act(type="set_first_player", seat=0)
    moves = [(0, "place_figure", dict(row=0, col=0, kind="thane")), (1, "place_tile", dict(row=0, col=1, value=3)),
             (2, "place_figure", dict(row=1, col=1, kind="thane")), (3, "place_tile", dict(row=1, col=0, value=-2)),
             (0, "place_tile", dict(row=2, col=2, value=4)), (1, "place_figure", dict(row=2, col=3, kind="thane")),
             (2, "place_tile", dict(row=3, col=3, value=2)), (3, "place_figure", dict(row=3, col=4, kind="thane"))]
    for seat, kind, fields in moves:
        t.act(seat, type=kind, **fields)
    return t


def adventure(url: str) -> Table:
    """Four players with herbs, swords and gold in front of them."""
    t = Table(url, "adventure-land", FOUR)
    for seat in range(4):
        t.act(seat, type="take_herb", value=2 + seat % 2)
        t.act(seat, type="take_sword", value=1 + seat % 3)
        t.act(seat, type="take_gold", seat=seat)
    return t


def stonehenge(url: str) -> Table:
    """Four players, a challenge decided (stones on the ring), the round's discards awaited."""
    t = Table(url, "stonehenge", FOUR)
    for seat, value in enumerate((12, 7, 3, 9)):
        t.act(seat, type="reveal", suit="night", value=value, challenge_id=1)
    return t


def scorepad(url: str) -> Table:
    t = Table(url, "scorepad", FOUR)
    for seat in range(4):
        t.act(type="add_points", seat=seat, points=10 + 3 * seat)
    t.act(0, type="write_secret", points=7)
    return t


GAMES = {"beowulf-the-legend": legend, "beowulf-the-movie": movie, "adventure-land": adventure,
         "stonehenge": stonehenge, "scorepad": scorepad}
# The seat whose move it is at each of these tables: its phone shows the step's forms.
ACTING_SEAT = {"beowulf-the-legend": 2, "beowulf-the-movie": 0, "adventure-land": 0, "stonehenge": 0, "scorepad": 0}


# --- the other moments the table looks at the display: setup, a round's end, the game's end, the
# finished game (issue #27). MOMENTS[game][moment] builds a table at that moment; a game without a
# moment of its own (no rounds) leaves it out. The display test walks every game of the registry.

FIVE = FOUR + [{"name": "Ingrid", "colour": "purple"}]


def setup(game: str, options: dict | None = None):
    return lambda url: Table(url, game, FOUR, options)


def legend_episode_ends(url: str) -> Table:
    """Episode 2 of the mid-game table resolved: every seat took a reward space, Beowulf waits."""
    t = legend(url)
    while (view := t.view())["phase"] == "picks":
        space = next(s["index"] for s in view["episode"]["spaces"] if s["in_play"] and s["taken_by"] is None)
        t.act(type="pick_space", seat=view["turn"], space=space)
    assert t.view()["phase"] == "done", t.view()["phase"]
    return t


def legend_finished(url: str) -> Table:
    """A whole base game played by the rules engine (the first legal move each time, as the Legend's
    whole-game test does), brought in through Records › Import: a finished table with its history."""
    import re as _re

    from tests.games.beowulf_the_legend.test_beowulf_the_legend_whole_game import played_export

    t = Table.__new__(Table)
    t.url, t.game, t.seats = url, "beowulf-the-legend", []
    t.host = requests.Session()
    page = t.host.get(f"{url}/records", timeout=10).text
    csrf = _re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    import json as _json
    response = t.host.post(f"{url}/records/import", data={"csrf_token": csrf},
                           files={"file": ("game.json", _json.dumps(played_export(FOUR)))}, timeout=30)
    assert response.ok and "/t/" in response.url, response.text[:500]
    t.token = response.url.rstrip("/").split("/t/")[1].split("/")[0]
    assert t.view()["phase"] == "over"
    return t


def movie_act_scored(url: str) -> Table:
    t = movie(url)
    t.act(type="score_act")
    return t


def movie_next_act(t: Table) -> None:
    t.act(type="next_act", first_seat=1)
    if t.view()["phase"] != "play":  # this act's board not yet known to the server
        t.act(type="set_board_size", rows=4, cols=6)
        if t.view()["act"] == 2:  # the Act II board's three printed Gorges
            for col in (3, 4, 5):
                t.act(type="set_square", row=3, col=col, kind="gorge")
        t.act(type="confirm_board")
    for seat, (row, col) in enumerate(((0, 0), (1, 2), (2, 4), (3, 1))):
        t.act(seat, type="place_figure", row=row, col=col, kind="longship")
        t.act(seat, type="place_tile", row=row, col=col + 1, value=seat + 1)
    t.act(type="score_act")


def movie_last_act_scored(url: str) -> Table:
    t = movie_act_scored(url)
    movie_next_act(t)
    movie_next_act(t)
    return t


def movie_finished(url: str) -> Table:
    t = movie_last_act_scored(url)
    t.act(type="end_game")
    return t


def adventure_counting(url: str) -> Table:
    """Adventure 3 ended: the final count of figures in the cities is being entered."""
    t = Table(url, "adventure-land", FOUR, {"scenario": 3})
    for seat in range(4):
        t.act(seat, type="take_gold", seat=seat)
    t.act(type="end_game")
    assert t.view()["phase"] == "counting", t.view()["phase"]
    return t


def adventure_finished(url: str) -> Table:
    t = adventure_counting(url)
    for seat in range(4):  # nobody reached a city
        t.act(seat, type="enter_city_figures", city=[], figures=[])
    t.act(type="finish_scoring")
    return t


def stonehenge_round(t: Table, winner: int, value: int) -> None:
    """A round of one challenge: `winner` plays Night `value`, the others their dolmen cards; then
    the round's end (discards, Spirit, night kept as trump) through each phone."""
    for seat in range(len(t.seats)):
        fields = {"suit": "night", "value": value} if seat == winner else {"suit": "dolmen"}
        t.act(seat, type="reveal", **fields)
    view = t.view()
    if view["phase"] == "discard":
        for seat in view["waiting_for"]:
            count = view["round_end"]["need"][seat]
            first = 1 + 7 * seat
            t.act(seat, type="discard", suits=["day"] * count, values=list(range(first, first + count)))
        view = t.view()
    if view["phase"] == "convert":
        view = t.act(view["round_end"]["first"], type="choose_conversion", conversion="spirit")
    if view["phase"] == "trump":
        t.act(view["round_end"]["time"], type="choose_trump", trump="night")


def stonehenge_round_end(url: str) -> Table:
    """Two rounds played, the third's challenge decided: its end (the discards) is awaited."""
    t = Table(url, "stonehenge", FOUR)
    stonehenge_round(t, 1, 30)
    stonehenge_round(t, 2, 29)
    for seat, value in enumerate((12, 7, 3, 9)):
        t.act(seat, type="reveal", suit="night", value=value)
    return t


def stonehenge_trilithon(url: str) -> Table:
    """Sandra placed her sixth and last apprentice: the trilithon stands, the spell is next."""
    t = Table(url, "stonehenge", FOUR)
    for value in range(30, 24, -1):
        stonehenge_round(t, 0, value)
    return t


def stonehenge_finished(url: str) -> Table:
    t = stonehenge_trilithon(url)
    for value in range(24, 18, -1):
        stonehenge_round(t, 0, value)
    assert t.view()["phase"] == "over", t.view()["phase"]
    return t


def scorepad_rounds(url: str, rounds: int = 8) -> Table:
    """Five players, `rounds` rounds of points each."""
    t = Table(url, "scorepad", FIVE)
    for n in range(rounds):
        for seat in range(5):
            t.act(type="add_points", seat=seat, points=(7 * seat + 3 * n) % 23 - 4 or 5)
        t.act(type="end_round")
    return t


def scorepad_finished(url: str) -> Table:
    t = scorepad_rounds(url)
    t.act(type="finish")
    return t


MOMENTS = {
    "beowulf-the-legend": {"setup": setup("beowulf-the-legend"), "mid": legend,
                           "round end": legend_episode_ends, "finished": legend_finished},
    "beowulf-the-movie": {"setup": setup("beowulf-the-movie"), "mid": movie, "round end": movie_act_scored,
                          "end": movie_last_act_scored, "finished": movie_finished},
    "adventure-land": {"setup": setup("adventure-land"), "mid": adventure, "end": adventure_counting,
                       "finished": adventure_finished},
    "stonehenge": {"setup": setup("stonehenge"), "mid": stonehenge, "round end": stonehenge_round_end,
                   "end": stonehenge_trilithon, "finished": stonehenge_finished},
    "scorepad": {"setup": setup("scorepad"), "mid": scorepad, "round end": scorepad_rounds,
                 "finished": scorepad_finished},
}
