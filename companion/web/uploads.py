"""An uploaded JSON file (a game export, a board data file): read once, the same way for both.

The file field is read up to its limit and parsed by ``json_input`` (no NaN, no deep nesting,
no huge numbers). What is wrong is raised as ``UploadError`` with an English message id,
which each page shows in the phone's language.
"""

from __future__ import annotations

from typing import Any

from flask import request

from .. import json_input
from ..games.base import RuleError


class UploadError(RuleError):
    """The uploaded file is missing, too large, or not JSON this server reads."""


class UploadTooLarge(UploadError):
    """The uploaded file is larger than its form takes (a page may answer it 413)."""


def uploaded_json(field: str, max_bytes: int, choose_message: str) -> Any:
    """The JSON document in the uploaded file ``field``; ``choose_message`` when there is none
    or it is larger than ``max_bytes``."""
    upload = request.files.get(field)
    raw = upload.read(max_bytes + 1) if upload else b""
    if len(raw) > max_bytes:
        raise UploadTooLarge(choose_message)
    if not raw:
        raise UploadError(choose_message)
    try:
        return json_input.loads(raw)
    except json_input.JsonInputError as error:
        raise UploadError(error.msg, **error.args_) from None
