"""The OpenAPI 3.1 document, built from the games' own action and scorer schemas.

Generated rather than hand-written, so a game that adds a move is documented by adding it.
"""

from __future__ import annotations

from typing import Any

from ..games import registry

ERROR = {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}}
TOKEN = {"name": "token", "in": "path", "required": True, "schema": {"type": "string", "minLength": 16, "maxLength": 64}}
SEAT = {"name": "index", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0, "maximum": 9}}


def _errors(*codes: int) -> dict[str, Any]:
    return {str(code): {"description": "Refused, with a message", "content": {"application/json": {"schema": ERROR}}}
            for code in codes}


def _json(schema: dict[str, Any], description: str = "OK") -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _body(schema: dict[str, Any], example: Any = None) -> dict[str, Any]:
    media: dict[str, Any] = {"schema": schema}
    if example is not None:
        media["example"] = example
    return {"required": True, "content": {"application/json": media}}


def _action_schemas() -> list[dict[str, Any]]:
    schemas = []
    for game in registry().values():
        for name, spec in sorted((n, s) for n, s in game.actions.items() if s.offered):
            fields = dict(spec.schema)
            properties = {"type": {"const": name}, "version": {"type": "integer", "minimum": 0},
                          "request_id": {"type": "string", "minLength": 1, "maxLength": 64},
                          **fields.get("properties", {})}
            schemas.append({"title": f"{game.key}: {name}", "description": spec.summary, "type": "object",
                            "required": ["type", *fields.get("required", [])], "properties": properties})
    return schemas


TABLE = {"type": "object", "properties": {
    "token": {"type": "string"}, "game": {"type": "string"}, "version": {"type": "integer"},
    "finished": {"type": "boolean"}, "url": {"type": "string"}, "join_url": {"type": "string"},
    "seat": {"type": ["integer", "null"]}, "host": {"type": "boolean"},
    "seats": {"type": "array", "items": {"type": "object"}}, "view": {"type": "object"},
    "scores": {"type": ["array", "null"]}}}
RECORDED = {"type": "object", "properties": {"version": {"type": "integer"}, "label": {"type": "string"},
                                             "duplicate": {"type": "boolean"}, "table": TABLE}}


def _table_paths() -> dict[str, Any]:
    players = {"type": "array", "minItems": 1, "maxItems": 10, "items": {
        "type": "object", "required": ["name"],
        "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 40},
                       "colour": {"type": "string"}}}}
    return {
        "/api/games": {"get": {"summary": "The games this server knows", "responses": {"200": _json({"type": "object"})}}},
        "/api/tables": {"post": {
            "summary": "Start a game; this client (its device cookie) becomes the host",
            "requestBody": _body({"type": "object", "required": ["game", "players"], "properties": {
                "game": {"type": "string"}, "players": players, "options": {"type": "object"}}},
                {"game": "scorepad", "players": [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]}),
            "responses": {"201": _json(TABLE, "Created"), **_errors(400, 403, 413, 415, 422)}}},
        "/api/tables/{token}": {"get": {"summary": "The table as this client's seat sees it", "parameters": [TOKEN],
                                        "responses": {"200": _json(TABLE), **_errors(404, 429)}}},
        "/api/tables/{token}/seats/{index}/claim": {"post": {
            "summary": "Bind this client to a free seat", "parameters": [TOKEN, SEAT],
            "requestBody": _body({"type": "object"}, {}),
            "responses": {"200": _json(TABLE), **_errors(400, 403, 404, 409, 413, 415, 429)}}},
        "/api/tables/{token}/seats/{index}/release": {"post": {
            "summary": "Hand a seat over (its holder or the host)", "parameters": [TOKEN, SEAT],
            "requestBody": _body({"type": "object"}, {}),
            "responses": {"200": _json(TABLE), **_errors(400, 403, 404, 413, 415)}}},
        "/api/tables/{token}/actions": {"post": {
            "summary": "Make a move. `version`: the version the client looked at (a stale one is refused with 409 "
                       "unless the move stays valid); `request_id`: sent twice, applied once",
            "parameters": [TOKEN], "requestBody": _body({"oneOf": _action_schemas()}),
            "responses": {"200": _json(RECORDED), **_errors(400, 403, 404, 409, 413, 415, 422, 503)}}},
        "/api/tables/{token}/undo": {"post": {
            "summary": "Undo the latest move (recorded as a move of its own)", "parameters": [TOKEN],
            "requestBody": _body({"type": "object", "properties": {
                "version": {"type": "integer"}, "request_id": {"type": "string", "minLength": 1, "maxLength": 64}}}, {}),
            "responses": {"200": _json(RECORDED), **_errors(400, 403, 404, 409, 413, 415, 422, 503)}}},
        "/api/tables/{token}/history": {"get": {
            "summary": "Every recorded change, newest first, 1,000 a page: `since` keeps those after a version, "
                       "`before` those before one; the answer's `before` is the cursor for the next older page "
                       "(null on the oldest)", "parameters": [
                TOKEN, {"name": "since", "in": "query", "required": False, "schema": {"type": "integer"}},
                {"name": "before", "in": "query", "required": False, "schema": {"type": "integer"}}],
            "responses": {"200": _json({"type": "object", "properties": {
                "version": {"type": "integer"}, "before": {"type": ["integer", "null"]},
                "events": {"type": "array", "items": {"type": "object"}}}}), **_errors(404)}}},
    }


def _score_paths() -> dict[str, Any]:
    paths = {}
    for game in registry().values():
        for sub, scorer in game.quick_scorers.items():
            path = f"/api/score/{game.key}" + (f"/{sub}" if sub else "")
            paths[path] = {"post": {
                "summary": scorer.summary, "requestBody": _body(dict(scorer.request_schema), scorer.example),
                "responses": {"200": _json(dict(scorer.response_schema)), **_errors(400, 403, 413, 415, 422)}}}
    return paths


def document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {"title": "Companion", "version": "1", "description":
                 "A table companion for physical board games. Clients are identified by the "
                 "HttpOnly device cookie set on the first request; keep a cookie jar."},
        "paths": {**_table_paths(), **_score_paths()},
    }
