"""Small helpers the tests share: the host, starting a table and claiming seats over the API."""

from __future__ import annotations

import re
import threading
from typing import Any, Callable

from companion.games.base import Actor

HOST = Actor(None, host=True)  # the host's phone: it holds no seat and may act for any


def csrf_of(html: str) -> str:
    match = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert match, "no CSRF token on the page"
    return match.group(1)


def start_table(host, game: str = "scorepad", players=None, options=None) -> dict[str, Any]:
    players = players or [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
                          {"name": "Cid", "colour": "green"}]
    response = host.post("/api/tables", json={"game": game, "players": players, "options": options or {}})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def claim(phone, token: str, seat: int) -> dict[str, Any]:
    response = phone.post(f"/api/tables/{token}/seats/{seat}/claim", json={})
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def act(phone, token: str, **action) -> Any:
    return phone.post(f"/api/tables/{token}/actions", json=action)


def board_page(phone, token: str, display: bool = False) -> str:
    """The seat page as this phone gets it, or the table display."""
    response = phone.get(f"/t/{token}/display" if display else f"/t/{token}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def table_view(phone, token: str) -> dict[str, Any]:
    """What the JSON API shows this phone of the game."""
    return phone.get(f"/api/tables/{token}").get_json()["view"]


def forms_for(html: str, move: str) -> list[str]:
    forms = re.findall(r'<form[^>]*>(?:(?!</form>).)*?</form>', html, re.S)
    return [f for f in forms if f'name="type" value="{move}"' in f]


def post_form(phone, token: str, html: str, move: str, carrying: dict | None = None, **typed) -> str:
    """Posts the first form on the page for ``move`` whose hidden fields include ``carrying``, as a
    phone would: its hidden fields plus what the person typed, ticked or tapped (``typed``; a
    repeated field such as "city[]" is given whole here). Returns the board the answer swaps in."""
    hidden = [dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', f))
              for f in forms_for(html, move)]
    matches = [h for h in hidden if (carrying or {}).items() <= h.items()]
    assert matches, f"no form for {move} carrying {carrying}"
    response = phone.post(f"/t/{token}/act", data={**matches[0], **typed}, headers={"HX-Request": "true"})
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_data(as_text=True)


def points_at_once(phones: list, token: str, taps: int, server_of: Callable[[int, int], str]) -> list[str]:
    """Each phone (seat i) adds i + 1 points to its own seat ``taps`` times over the API, all
    phones at once (a thread each, started together); ``server_of(seat, n)`` is the base URL the
    n-th tap goes to. Each tap has its own request id. Every answer that was not a 200."""
    failures: list[str] = []
    barrier = threading.Barrier(len(phones))

    def send(seat: int) -> None:
        barrier.wait()
        for n in range(taps):
            response = phones[seat].post(
                f"{server_of(seat, n)}/api/tables/{token}/actions", timeout=30,
                json={"type": "add_points", "seat": seat, "points": seat + 1, "request_id": f"s{seat}-{n}"})
            if response.status_code != 200:
                failures.append(f"{response.status_code} {response.text[:200]}")

    threads = [threading.Thread(target=send, args=(seat,)) for seat in range(len(phones))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return failures
