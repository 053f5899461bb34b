"""Upgrades: every schema change is a migration, and a game stored by the first schema survives
every later one.

The game below is written with plain SQL into a database built at the *first* revision,
with its JSON frozen as that revision stored it: if a later change needs its data moved,
this test fails until a migration moves it.
"""

from __future__ import annotations

import hashlib
import os
from datetime import datetime, timezone
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask_migrate import downgrade, upgrade
from sqlalchemy import MetaData, inspect

from companion import create_app, log
from companion.extensions import db
from companion.models import Table
from tests.conftest import dispose
from tests.databases import ROOT

MIGRATIONS = str(ROOT / "companion" / "migrations")
HOST_SECRET = "host-phone-secret-" + "a" * 32
BOB_SECRET = "bobs-phone-secret-" + "b" * 32
TOKEN = "upgrade-test-table-token-0000000000"


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def bare_app(database_url: str, tmp_path: Path):
    """The app on an empty database, the schema left to each test's own migrations."""
    os.environ["COMPANION_INSTANCE"] = str(tmp_path / "instance")
    return create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "test-secret", "TESTING": True,
                       "RATELIMIT_ENABLED": False})


def revisions() -> tuple[str, str]:
    scripts = ScriptDirectory.from_config(_alembic_config())
    heads = scripts.get_heads()
    assert len(heads) == 1, f"the migrations have {len(heads)} heads: merge them"
    bases = scripts.get_bases()
    assert len(bases) == 1
    return bases[0], heads[0]


def _alembic_config():
    from alembic.config import Config

    config = Config(str(Path(MIGRATIONS) / "alembic.ini"))
    config.set_main_option("script_location", MIGRATIONS)
    return config


# A score pad for Ann and Bob, two moves in: Ann +7 in the open, Bob 12 face down.
SETUP = {"round": 1, "lowest_wins": False, "over": False, "players": [
    {"name": "Ann", "colour": "red", "rounds": [0], "secret": None},
    {"name": "Bob", "colour": "blue", "rounds": [0], "secret": None}]}
AFTER_ANN = {**SETUP, "players": [{**SETUP["players"][0], "rounds": [7]}, SETUP["players"][1]]}
AFTER_BOB = {**AFTER_ANN, "players": [AFTER_ANN["players"][0], {**AFTER_ANN["players"][1], "secret": 12}]}


def store_a_game_as_the_first_revision_did(app) -> None:
    """Plain inserts into the tables as they exist right now (reflected), so they match the schema."""
    now = datetime(2026, 1, 2, 20, 0, tzinfo=timezone.utc)
    with app.app_context():
        with db.engine.begin() as conn:
            schema = MetaData()
            schema.reflect(bind=conn)
            tables, seats, events, snapshots = (schema.tables[name] for name in ("tables", "seats", "events", "snapshots"))
            table_id = conn.execute(tables.insert().values(
                token=TOKEN, game="scorepad", options={"lowest_wins": False}, state=AFTER_BOB, version=2,
                finished=False, host_device=sha256(HOST_SECRET), created_at=now, updated_at=now)).inserted_primary_key[0]
            conn.execute(seats.insert(), [
                {"table_id": table_id, "index": 0, "name": "Ann", "colour": "red", "device": sha256(HOST_SECRET),
                 "claimed_at": now},
                {"table_id": table_id, "index": 1, "name": "Bob", "colour": "blue", "device": sha256(BOB_SECRET),
                 "claimed_at": now}])
            conn.execute(snapshots.insert().values(table_id=table_id, version=0, state=SETUP))
            conn.execute(events.insert(), [
                {"table_id": table_id, "version": 1, "kind": "action", "seat": 0, "by_host": True, "undone": False,
                 "action": {"type": "add_points", "seat": 0, "points": 7}, "request_id": "first-tap",
                 "label": {"msg": "%(player)s: %(points)+d points (round %(round)s)",
                           "args": {"player": "Ann", "points": 7, "round": 1}}, "created_at": now},
                {"table_id": table_id, "version": 2, "kind": "action", "seat": 1, "by_host": False, "undone": False,
                 "action": {"type": "write_secret", "points": 12}, "request_id": "second-tap",
                 "label": {"msg": "%(player)s wrote points face down", "args": {"player": "Bob"}}, "created_at": now}])


def test_a_game_stored_at_the_first_revision_is_intact_after_upgrading_to_the_latest(empty_database_url, tmp_path):
    first, head = revisions()
    app = bare_app(empty_database_url, tmp_path)
    try:
        with app.app_context():
            upgrade(directory=MIGRATIONS, revision=first)
        store_a_game_as_the_first_revision_did(app)
        with app.app_context():
            upgrade(directory=MIGRATIONS, revision="head")
            with db.engine.connect() as conn:
                assert MigrationContext.configure(conn).get_current_revision() == head
    finally:
        dispose(app)

    app = bare_app(empty_database_url, tmp_path)
    try:
        bob = app.test_client()
        bob.set_cookie("companion_device", BOB_SECRET)
        table = bob.get(f"/api/tables/{TOKEN}").get_json()
        assert (table["game"], table["version"], table["seat"], table["finished"]) == ("scorepad", 2, 1, False)
        players = table["view"]["players"]
        assert [p["total"] for p in players] == [7, 0] and players[1]["secret"] == 12  # Bob still sees his
        history = bob.get(f"/api/tables/{TOKEN}/history").get_json()["events"]
        assert [e["label"] for e in history] == ["Bob wrote points face down", "Ann: +7 points (round 1)"]
        with app.app_context():
            stored = db.session.query(Table).filter_by(token=TOKEN).one()
            assert log.replay(stored) == stored.state
            db.session.remove()
        # The game goes on: a move, the same tap again (its request id still known), an undo.
        host = app.test_client()
        host.set_cookie("companion_device", HOST_SECRET)
        again = host.post(f"/api/tables/{TOKEN}/actions", json={"type": "add_points", "seat": 0, "points": 7,
                                                                "request_id": "first-tap"})
        assert again.get_json()["duplicate"] is True
        ended = host.post(f"/api/tables/{TOKEN}/actions", json={"type": "end_round"}).get_json()["table"]
        assert ended["version"] == 3 and [p["total"] for p in ended["view"]["players"]] == [7, 12]
        undone = host.post(f"/api/tables/{TOKEN}/undo", json={}).get_json()["table"]
        assert undone["version"] == 4 and undone["view"]["round"] == 1
    finally:
        dispose(app)


def test_the_models_and_the_migrations_describe_the_same_schema(empty_database_url, tmp_path):
    """`flask db check` in a test: a model change without its migration fails here."""
    app = bare_app(empty_database_url, tmp_path)
    try:
        with app.app_context():
            upgrade(directory=MIGRATIONS)
            with db.engine.connect() as conn:
                context = MigrationContext.configure(conn, opts={"compare_type": True,
                                                                 "compare_server_default": True})
                differences = compare_metadata(context, db.metadata)
        assert differences == [], f"models differ from the migrations; run `flask db migrate`: {differences}"
    finally:
        dispose(app)


def test_every_migration_downgrades_and_upgrades_again(empty_database_url, tmp_path):
    app = bare_app(empty_database_url, tmp_path)
    try:
        with app.app_context():
            upgrade(directory=MIGRATIONS)
            downgrade(directory=MIGRATIONS, revision="base")
            assert set(inspect(db.engine).get_table_names()) <= {"alembic_version"}
            upgrade(directory=MIGRATIONS)
            assert {"tables", "seats", "events", "snapshots", "library"} <= set(inspect(db.engine).get_table_names())
    finally:
        dispose(app)


@pytest.mark.parametrize("column", ["token", "request_id"])
def test_the_columns_the_web_layer_checks_are_as_wide_as_it_assumes(column):
    """The API and forms refuse what does not fit before it reaches the database (64 characters)."""
    from companion.models import Event
    from companion.web.context import MAX_REQUEST_ID

    width = {"token": Table.__table__.c.token.type.length, "request_id": Event.__table__.c.request_id.type.length}
    assert width[column] >= 64 and (column != "request_id" or width[column] == MAX_REQUEST_ID)
