"""gunicorn's access log without join tokens: a token in a log file is a key left lying around."""

from __future__ import annotations

import re

from gunicorn.glogging import Logger

# /t/<token>/…, /api/tables/<token>/…, /d/<display token>/… — the token is the only secret in a URL.
TOKEN_IN_PATH = re.compile(r"(/(?:t|d|api/tables)/)[A-Za-z0-9_-]{16,64}")


def redact(path: str) -> str:
    return TOKEN_IN_PATH.sub(r"\1…", path)


class RedactingLogger(Logger):
    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        for key in ("U", "r", "q", "f"):
            if isinstance(atoms.get(key), str):
                atoms[key] = redact(atoms[key])
        return atoms
