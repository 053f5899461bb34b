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
    def __init__(self, url: str, game: str, players: list[dict], options: dict | None = None) -> None:
        self.url, self.game = url, game
        self.host = requests.Session()
        response = self.host.post(f"{url}/api/tables", json={"game": game, "players": players,
                                                             "options": options or {}}, timeout=10)
        assert response.status_code == 201, response.text
        self.token = response.json()["token"]
        self.seats = []
        for i in range(len(players)):
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
