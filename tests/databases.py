"""Test databases: the real migrations run once per backend and test run, into a template; each
test gets a copy of it (SQLite: a file copy; PostgreSQL: ``CREATE DATABASE … TEMPLATE …``).

A copy costs milliseconds where an Alembic upgrade cost a second or more, and each test still
owns every table of its database. A PostgreSQL copy costs a second or two on a loaded machine
(and dropping it as much), so a copy a test gives back is emptied (TRUNCATE) and lent again. tests/test_migrations.py starts from empty databases
(``Databases.empty``) and runs the migrations for real.
"""

from __future__ import annotations

import itertools
import os
import shutil
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

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
        self.tables: list[str] | None = None
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
        its Alembic revision kept). Cheaper than a new copy by a second or more on a loaded machine."""
        engine = create_engine(self._url(name), poolclass=NullPool)
        with engine.begin() as conn:
            if self.tables is None:
                self.tables = [row[0] for row in conn.execute(text(
                    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'alembic_version'"))]
            quoted = ", ".join(f'"{table}"' for table in self.tables)
            conn.execute(text(f"TRUNCATE {quoted} RESTART IDENTITY CASCADE"))
        engine.dispose()

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
        for name in reversed(self.created):
            self._execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.created.clear()
        if self._admin is not None:
            self._admin.dispose()
