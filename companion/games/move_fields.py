"""A move's fields read through its JSON Schema, once, before its handler runs.

A move arrives as JSON (numbers are numbers) or as a posted form (every value a string, lists
from ``x[]`` fields). ``read_fields`` turns a form's strings into what the schema says they
are — "3" into 3 for an integer, "on" into True for a boolean, an empty optional field left
out — and then checks the result against the schema with fastjsonschema (the schema compiled
once per move). So the bounds a move table declares are the bounds that hold: a handler never
checks them again, and the OpenAPI document, built from the same schemas, cannot promise other
bounds than the ones kept.

A field may name its own refusal (``"x-refusal": "%(field)s must be a square given as row,col"``)
where the schema's rule (a pattern, "not zero") has no plain words of its own.

This module knows nothing of games: a refusal is a ``FieldError`` with a message id and its
arguments, which the kit turns into the game's RuleError.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

import fastjsonschema

_ASCII_DIGITS = frozenset("0123456789")
TRUE = ("1", "true", "on", "yes")
FALSE = ("0", "false", "off", "no")


class FieldError(Exception):
    def __init__(self, msg: str, **args: Any) -> None:
        super().__init__(msg % args if args else msg)
        self.msg = msg
        self.args_ = args


def _types(schema: Mapping[str, Any]) -> tuple[str, ...]:
    """The schema's JSON types; an enum without a type is of its members' types."""
    kind = schema.get("type")
    if isinstance(kind, list):
        return tuple(kind)
    if isinstance(kind, str):
        return (kind,)
    members = schema.get("enum", ())
    return tuple({"integer" if isinstance(m, int) and not isinstance(m, bool) else
                  "boolean" if isinstance(m, bool) else "string" for m in members})


def _whole_number(text: str) -> int | None:
    """A form's optional sign and ASCII digits (not "1_000", "٣" or "５", which int() takes)."""
    text = text.strip(" \t")
    digits = text[1:] if text[:1] in ("-", "+") else text
    if not digits or len(digits) > 18 or not set(digits) <= _ASCII_DIGITS:
        return None
    return int(text)


def _read(schema: Mapping[str, Any], value: Any) -> Any:
    """One value as its schema reads it; a value it cannot read is left for validation to name."""
    types = _types(schema)
    if value == "" and "null" in types and not _admits_empty(schema):
        return None  # a form's empty slot in a list where the schema says "none here"
    if isinstance(value, float) and "integer" in types and "number" not in types and value.is_integer():
        # JSON's 10.0 is the integer 10 (JSON Schema counts it one, so the schema admits it):
        # read as one, a handler's sums, labels and plural forms never meet a float.
        return int(value)
    if isinstance(value, str) and "string" not in types:
        if "integer" in types:
            number = _whole_number(value)
            return value if number is None else number
        if "boolean" in types:
            word = value.strip().lower()
            return True if word in TRUE else False if word in FALSE else value
        return value
    alternatives = schema.get("anyOf") or schema.get("oneOf")
    if alternatives:  # read by the alternative of the value's shape (a form's list, JSON's object)
        shape = "array" if isinstance(value, list) else "object" if isinstance(value, dict) else None
        fitting = next((a for a in alternatives if shape is None or shape in _types(a)), alternatives[0])
        return _read(fitting, value)
    if isinstance(value, list) and isinstance(schema.get("items"), Mapping):
        return [_read(schema["items"], item) for item in value]
    if isinstance(value, dict) and isinstance(schema.get("properties"), Mapping):
        return _read_object(schema, value)
    return value


def _read_object(schema: Mapping[str, Any], value: Mapping[str, Any]) -> dict[str, Any]:
    properties: Mapping[str, Any] = schema.get("properties", {})
    required = set(schema.get("required", ()))
    read: dict[str, Any] = {}
    for key, item in value.items():
        field = properties.get(key)
        if field is None:
            read[key] = item
        elif item == "" and key not in required and not _admits_empty(field):
            continue  # a form's empty optional number or choice: not given
        else:
            read[key] = _read(field, item)
    return read


def _admits_empty(schema: Mapping[str, Any]) -> bool:
    """Whether "" is a value of this field (else a form's "" means the field was left empty)."""
    if "enum" in schema:
        return "" in schema["enum"]
    if "pattern" in schema and not re.search(schema["pattern"], ""):
        return False
    return "string" in _types(schema) and not schema.get("minLength")


_compiled: dict[int, Any] = {}


def _validator(schema: Mapping[str, Any]) -> Any:
    # Keyed by the schema object: a move table's rows live as long as the process.
    validate = _compiled.get(id(schema))
    if validate is None:
        validate = _compiled[id(schema)] = (schema, fastjsonschema.compile(dict(schema)))
    return validate[1]


def read_fields(schema: Mapping[str, Any], action: Mapping[str, Any],
                defaults: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The action as its schema reads it, ``defaults`` filling fields it left out, checked;
    FieldError names the first field refused."""
    read = _read_object(schema, action)
    for key, value in (defaults or {}).items():
        read.setdefault(key, value)
    try:
        _validator(schema)(read)
    except fastjsonschema.JsonSchemaValueException as refused:
        raise _refusal(refused) from None
    return read


def _refusal(refused: fastjsonschema.JsonSchemaValueException) -> FieldError:
    """The refusal in the words the handlers used before the kit checked schemas (one message id
    each, already translated)."""
    field = (refused.name or "data").removeprefix("data.").removeprefix("data") or "move"
    field = field.split("[")[0].split(".")[0] or field
    rule, bound = refused.rule, refused.rule_definition
    if rule == "required":
        missing = next((name for name in bound if name not in (refused.value or {})), field)
        return FieldError("%(where)s is missing", where=missing)
    if rule == "minimum":
        return FieldError("%(field)s must be at least %(lo)s", field=field, lo=bound)
    if rule == "maximum":
        return FieldError("%(field)s must be at most %(hi)s", field=field, hi=bound)
    if rule == "enum":
        return FieldError("%(field)s must be one of: %(choices)s", field=field,
                          choices=", ".join(str(choice) for choice in bound if choice != ""))
    if rule == "type" and "integer" in (bound if isinstance(bound, list) else [bound]):
        return FieldError("%(field)s must be a whole number", field=field)
    if rule == "maxItems":
        return FieldError("%(field)s has more than %(hi)s entries", field=field, hi=bound)
    if rule == "type" and bound == "array":
        return FieldError("%(field)s must be a list", field=field)
    if rule == "type" and bound == "boolean":
        return FieldError("%(field)s must be true or false", field=field)
    # A field whose rule plain words cannot say (a pattern, "not zero", "a square or a row and
    # a column") carries its own refusal.
    own = refused.definition.get("x-refusal") if isinstance(refused.definition, Mapping) else None
    if own:
        return FieldError(own, field=field)
    return FieldError("%(field)s is not valid", field=field)
