"""Reading JSON that someone sent: a request body, an uploaded game or board file.

One reader for every door, so that each refuses the same things the same way, before any
of it reaches a game or the database:

- not UTF-8, not JSON, ``NaN``/``Infinity`` (Python's parser takes them; PostgreSQL's JSON
  and every client refuse them);
- nesting deeper than ``MAX_DEPTH`` (a body nested 1,000 levels deep makes the parser, or
  anything walking the result, run out of stack: a RecursionError, which was a 500);
- a whole number beyond ``MAX_SAFE_INTEGER`` (no count at a table comes near it; one with
  thousands of digits cannot even be written back as text).

Pure Python, no Flask: the web layer turns ``JsonInputError`` into its own answer.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_DEPTH = 64
MAX_SAFE_INTEGER = 2**53 - 1  # what a browser's JSON reads exactly


class JsonInputError(ValueError):
    """The input is not JSON this server takes; ``msg`` is an English message id."""

    def __init__(self, msg: str, **args: Any) -> None:
        super().__init__(msg % args if args else msg)
        self.msg, self.args_ = msg, args


def _constant(name: str) -> None:
    raise JsonInputError("%(value)s is not a JSON number: send finite numbers only.", value=name)


def _decimal(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999
        raise JsonInputError("%(value)s is not a JSON number: send finite numbers only.", value=text)
    return value


def depth_of(document: Any) -> int:
    """How deeply lists and objects nest in a parsed document (a loop, not a recursion); a
    whole number beyond ``MAX_SAFE_INTEGER`` met on the way is refused.

    The numbers are checked here, in the walk the depth needs anyway, rather than by a hook
    the parser calls for each number: that hook made reading a 2.6 MB game export take 1.5 s
    instead of 0.3 (issue #28), the worker's time every other table waited for."""
    deepest, stack = 0, [(document, 1)]
    while stack:
        node, depth = stack.pop()
        children = node.values() if type(node) is dict else node
        deepest = max(deepest, depth)
        for child in children:
            kind = type(child)
            if kind is dict or kind is list:
                stack.append((child, depth + 1))
            elif kind is int and not -MAX_SAFE_INTEGER <= child <= MAX_SAFE_INTEGER:
                raise JsonInputError("A number is too large.")
    return deepest


def loads(raw: bytes | str) -> Any:
    """The document in ``raw``, or JsonInputError saying what is wrong with it."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise JsonInputError("The input is not JSON (it is not UTF-8 text).") from None
    try:
        document = json.loads(raw, parse_constant=_constant, parse_float=_decimal)
    except JsonInputError:
        raise
    except RecursionError:
        raise JsonInputError("The JSON is nested too deeply.") from None
    except json.JSONDecodeError:
        raise JsonInputError("The input is not JSON.") from None
    except ValueError:  # a number of more than 4,300 digits, which Python will not read
        raise JsonInputError("A number is too large.") from None
    if type(document) not in (dict, list):
        depth_of([document])  # a bare number is checked as one in a list would be
    elif depth_of(document) > MAX_DEPTH:
        raise JsonInputError("The JSON is nested too deeply.")
    return document
