"""Small helpers the tests share: the host, starting a table and claiming seats over the API."""

from __future__ import annotations

import re
from typing import Any

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
