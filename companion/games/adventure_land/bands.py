"""Bands: an adventurer (or, in adventure 2, a group of them) and the companions travelling with it.

Bands of the same make-up are interchangeable for every rule the app applies (combat strength,
points for a joining companion, group size), so a band is named by its make-up: "1+2" is one
adventurer with two companions. A player's bands are kept sorted, so equal histories give equal
states.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..base import RuleError, _, nmsg

Band = dict[str, int]  # {"adventurers": a, "companions": c}


def band(adventurers: int = 1, companions: int = 0) -> Band:
    return {"adventurers": adventurers, "companions": companions}


def key(b: Band) -> str:
    return f"{b['adventurers']}+{b['companions']}"


def figures(b: Band) -> int:
    return b["adventurers"] + b["companions"]


def sort(bands: Iterable[Band]) -> list[Band]:
    """Biggest first, then most adventurers: the order the phone lists them in."""
    return sorted(bands, key=lambda b: (-figures(b), -b["adventurers"]))


def take(bands: list[Band], raw_key: Any) -> tuple[Band, list[Band]]:
    """The band named ``raw_key`` and the bands left without it; RuleError if there is none."""
    for i, b in enumerate(bands):
        if key(b) == raw_key:
            return dict(b), bands[:i] + bands[i + 1 :]
    raise RuleError("There is no band %(band)s", band=str(raw_key))


def describe(b: Band) -> dict[str, Any]:
    """A band for a history line: a nested label the web layer translates."""
    return {
        "msg": _("%(adventurers)s and %(companions)s"),
        "args": {"adventurers": nmsg("%(num)s adventurer", "%(num)s adventurers", b["adventurers"]),
                 "companions": nmsg("%(num)s companion", "%(num)s companions", b["companions"])},
    }


def grouped(bands: list[Band]) -> list[dict[str, Any]]:
    """Equal bands counted together, for the view: [{key, adventurers, companions, figures, count}]."""
    out: list[dict[str, Any]] = []
    for b in sort(bands):
        if out and out[-1]["key"] == key(b):
            out[-1]["count"] += 1
        else:
            out.append({"key": key(b), **b, "figures": figures(b), "count": 1})
    return out
