"""What a visitor sees when the database cannot answer (issue #28): a token the database
cannot even hold, a database that went away, a disk that is full or read-only. A clear answer
every time — 404, or 503 with ``Retry-After`` while the database is away — never a bare 500,
and the app recovers by itself once the database or the disk is back.
"""

from __future__ import annotations

import pytest

from tests.conftest import dispose, make_app
from tests.helpers import start_table

LIMIT = 3


@pytest.fixture
def limited_app(database_url, tmp_path):
    """The app as served, with the wrong-token limit on and low."""
    app = make_app(database_url, tmp_path, RATELIMIT_ENABLED=True, JOIN_RATE_LIMIT=f"{LIMIT} per minute")
    yield app
    dispose(app)


def test_a_token_with_a_nul_byte_is_a_404_counted_as_a_wrong_token(limited_app):
    """PostgreSQL refuses a NUL in a text outright: sent to it, the token was a 500 on every request."""
    host = limited_app.test_client()
    token = start_table(host)["token"]
    guesser = limited_app.test_client()
    urls = [f"/t/%00{token[1:]}/board", f"/api/tables/%00{token[1:]}", "/t/%00abc/board", f"/t/{token[:-1]}%00/join"]
    answers = [guesser.get(url) for url in urls]
    assert [answer.status_code for answer in answers[:LIMIT]] == [404] * LIMIT
    assert answers[LIMIT].status_code == 429  # each was a wrong guess, counted as any other
    assert answers[1].get_json()["error"]  # the API's answer is JSON
    assert host.get(f"/t/{token}/board").status_code == 200
