"""Test databases: the real migrations run once per backend and test run, into a template; each
test gets a copy of it (SQLite: a file copy; PostgreSQL: ``CREATE DATABASE … TEMPLATE …``).

A copy costs milliseconds where an Alembic upgrade cost a second or more, and each test still
owns every table of its database. A PostgreSQL copy costs a second or two on a loaded machine
(and dropping it as much), so a copy a test gives back is emptied and lent again: by DELETE over a
connection kept for it (TRUNCATE, which makes every table and index new files, and a connection
of its own each time cost 150-250 ms a test on a loaded machine, where this costs a few).
tests/test_migrations.py starts from empty databases (``Databases.empty``) and runs the migrations for real.
"""

from __future__ import annotations

import itertools
import os
import shutil
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import Connection, Engine

ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = ROOT / "companion" / "migrations"
POSTGRES = os.environ.get("TEST_POSTGRES_URL", "")
BACKENDS = ["sqlite"] + (["postgresql"] if POSTGRES else [])


def psycopg(url: str) -> str:
    """SQLAlchemy's spelling of a PostgreSQL URL with the psycopg 3 driver."""
    return url.replace("postgresql://", "postgresql+psycopg://", 1)


def migrate(database_url: str, instance: Path) -> None:
    """The real migrations, to the head, as the app runs them."""
    from flask_migrate import upgrade

    from companion import create_app
    from companion.extensions import db

    os.environ["COMPANION_INSTANCE"] = str(instance)
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "test-secret", "TESTING": True})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
        db.session.remove()
        db.engine.dispose()  # PostgreSQL copies a template only while nobody is connected to it


class Databases:
    """This run's databases. PostgreSQL ones are named after the process (two runs, or two
    xdist workers, on one server never share one) and all dropped when the run ends."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.prefix = f"companion_test_{os.getpid()}"
        self.numbers = itertools.count(1)
        self.sqlite_template: Path | None = None
        self.postgres_template: str | None = None
        self.created: list[str] = []  # every PostgreSQL database this run made (template included)
        self.lent: set[str] = set()  # migrated copies a test holds
        self.returned: list[str] = []  # migrated copies no test holds, to be emptied and lent again
        self.emptying: str | None = None  # the statements that empty a migrated copy (``_empty_again``)
        self.cleaners: dict[str, Engine] = {}  # an engine per copy, to empty it through
        self._admin = None

    # --- SQLite -----------------------------------------------------------------------------

    def _sqlite(self, folder: Path, migrated: bool) -> str:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"companion-{next(self.numbers)}.db"
        if migrated:
            if self.sqlite_template is None:
                template = self.workdir / "template.db"
                migrate(f"sqlite:///{template}", self.workdir / "instance")
                self.sqlite_template = template
            shutil.copyfile(self.sqlite_template, path)
        return f"sqlite:///{path}"

    # --- PostgreSQL -------------------------------------------------------------------------

    def _execute(self, statement: str) -> None:
        if self._admin is None:
            self._admin = create_engine(psycopg(POSTGRES), isolation_level="AUTOCOMMIT")
        with self._admin.connect() as conn:
            conn.execute(text(statement))

    def _create(self, template: str) -> str:
        name = f"{self.prefix}_{next(self.numbers)}"
        self._execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        self.created.append(name)
        return name

    def _url(self, name: str) -> str:
        return psycopg(f"{POSTGRES.rpartition('/')[0]}/{name}")

    def _empty_again(self, name: str) -> None:
        """Back to the template's state: every table emptied, sequences restarted (the schema and
        its Alembic revision kept). Its durability does not matter: not waited for at commit."""
        if name not in self.cleaners:  # pre_ping: a test may end the database's connections
            self.cleaners[name] = create_engine(self._url(name), pool_size=1, pool_pre_ping=True)
        with self.cleaners[name].begin() as conn:
            if self.emptying is None:
                self.emptying = emptying_statements(conn)
            conn.execute(text("SET LOCAL synchronous_commit = off"))
            conn.execute(text(self.emptying))

    def _postgres(self, migrated: bool) -> str:
        if not migrated:
            return self._url(self._create("template0"))
        if self.postgres_template is None:
            template = self._create("template0")
            migrate(self._url(template), self.workdir / "instance")
            self.postgres_template = template
        if self.returned:
            name = self.returned.pop()
            self._empty_again(name)
        else:
            name = self._create(self.postgres_template)
        self.lent.add(name)
        return self._url(name)

    def give_back(self, url: str) -> None:
        """A test is done with a database: a migrated PostgreSQL copy is emptied for the next test,
        an empty one (whose schema the test built) dropped; a SQLite file goes with tmp_path."""
        name = url.rpartition("/")[2]
        if not url.startswith("postgresql") or name not in self.created:
            return
        if name in self.lent:
            self.lent.remove(name)
            self.returned.append(name)
        else:
            self._execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            self.created.remove(name)

    # --- what the fixtures ask for -----------------------------------------------------------

    def fresh(self, backend: str, folder: Path) -> str:
        """A database at the latest schema, this caller's alone."""
        return self._postgres(True) if backend == "postgresql" else self._sqlite(folder, True)

    def empty(self, backend: str, folder: Path) -> str:
        """A database with no tables at all, for the migrations to build."""
        return self._postgres(False) if backend == "postgresql" else self._sqlite(folder, False)

    def close(self) -> None:
        for engine in self.cleaners.values():
            engine.dispose()
        self.cleaners.clear()
        for name in reversed(self.created):
            self._execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.created.clear()
        if self._admin is not None:
            self._admin.dispose()


def emptying_statements(conn: Connection) -> str:
    """DELETE from every table of the schema (but Alembic's), each after those that refer to it,
    then every sequence used since back at its start: what ``TRUNCATE … RESTART IDENTITY`` did."""
    tables = [row[0] for row in conn.execute(text(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'alembic_version'"))]
    refers = {(row[0], row[1]) for row in conn.execute(text(
        "SELECT referring.relname, referred.relname FROM pg_constraint "
        "JOIN pg_class referring ON referring.oid = conrelid JOIN pg_class referred ON referred.oid = confrelid "
        "WHERE contype = 'f' AND conrelid <> confrelid"))}
    order: list[str] = []
    while len(order) < len(tables):
        free = [table for table in tables if table not in order
                and all(referring in order for referring, referred in refers if referred == table)]
        if not free:
            raise RuntimeError(f"tables that refer to each other: {sorted(set(tables) - set(order))}")
        order += free
    deletes = "".join(f'DELETE FROM "{table}"; ' for table in order)
    return deletes + ("SELECT setval(quote_ident(schemaname) || '.' || quote_ident(sequencename), start_value, false) "
                      "FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL")
