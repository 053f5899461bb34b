"""Configuration: defaults, then the environment, then what a test passes in."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

INSTANCE = Path(os.environ.get("COMPANION_INSTANCE", Path.cwd() / "instance"))


def _database_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        INSTANCE.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{INSTANCE / 'companion.db'}"
    # Hosting platforms hand out postgres:// URLs; SQLAlchemy wants a driver name.
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def _secret_key() -> str:
    """SECRET_KEY from the environment, else one generated once and kept in the instance folder.

    Keeping it on disk means a restart does not log every phone out of its seat's session.
    """
    if key := os.environ.get("SECRET_KEY"):
        return key
    INSTANCE.mkdir(parents=True, exist_ok=True)
    path = INSTANCE / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _engine_options(url: str) -> dict[str, Any]:
    # A PostgreSQL connection can go stale (a restart, a proxy's idle timeout): database.py tests
    # one that sat idle before it is used again; one in constant use is not tested each time (a
    # round trip per request). A SQLite connection is an open file that cannot go stale.
    return {"pool_pre_ping": False}


def load(overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    config: dict[str, Any] = {
        "SQLALCHEMY_DATABASE_URI": _database_url(),
        "SECRET_KEY": None,
        "BABEL_DEFAULT_LOCALE": "en",
        "LANGUAGES": ("en", "fr", "de"),
        "WTF_CSRF_TIME_LIMIT": None,  # a phone left on the table for hours must still be able to act
        "JOIN_RATE_LIMIT": os.environ.get("JOIN_RATE_LIMIT", "60 per minute"),
        "PUBLIC_URL": os.environ.get("COMPANION_PUBLIC_URL", ""),
        # Host names answered besides PUBLIC_URL's, this machine's and loopback (hosts.py).
        "ALLOWED_HOSTS": os.environ.get("COMPANION_ALLOWED_HOSTS", ""),
        "SSE_MAX_SECONDS": int(os.environ.get("SSE_MAX_SECONDS", "300")),
        # Templates compiled once for every process and the next start (web/compiled_templates.py).
        "TEMPLATE_CACHE_DIR": os.environ.get("TEMPLATE_CACHE_DIR") or str(INSTANCE / "compiled-templates"),
        "SSE_KEEPALIVE_SECONDS": float(os.environ.get("SSE_KEEPALIVE_SECONDS", "15")),
        "POLL_SECONDS": float(os.environ.get("POLL_SECONDS", "10")),
        # A table's phones, its display and a few reloads; a household or a few tables behind one
        # address. Past these a stream is refused (429) and the phone polls (stream_caps.py).
        "LIVE_STREAMS_PER_TABLE": int(os.environ.get("LIVE_STREAMS_PER_TABLE", "32")),
        "LIVE_STREAMS_PER_ADDRESS": int(os.environ.get("LIVE_STREAMS_PER_ADDRESS", "64")),
        "SNAPSHOT_EVERY": 32,
        # "fast" (fast/path.py), or "plain": the log's reference path (log.py), which reads every
        # table it changes and writes in a transaction of its own — slower, never different.
        "LOG_PATH": "fast",
        # PostgreSQL only: "off" is SQLite's durability here, and a move's write no longer waits
        # for the disk (database.py).
        "PG_SYNCHRONOUS_COMMIT": os.environ.get("PG_SYNCHRONOUS_COMMIT", "off"),
        "COMPRESS_MIMETYPES": ["text/html", "text/css", "application/javascript", "text/javascript",
                               "application/json", "image/svg+xml"],
        "SEND_FILE_MAX_AGE_DEFAULT": 3600,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
    }
    config.update(overrides or {})
    config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", _engine_options(config["SQLALCHEMY_DATABASE_URI"]))
    if not config["SECRET_KEY"]:
        config["SECRET_KEY"] = _secret_key()
    return config
