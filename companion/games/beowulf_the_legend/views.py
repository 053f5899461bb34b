"""What each seat may see.

Face-down token values (and an alliance token's face) appear only under ``me``, in the view of
their owner's seat. Every other part of the view is public — what lies face up on the table:
counts of tokens, scratches and wounds, special cards taken, the board, status markers and the
treasure lying face up during a bid.
"""

from __future__ import annotations

import json
from typing import Any

from ..base import State, View, _, nmsg
from ..owed import Owed, names, owed, waiting
from .board import (EPISODES, GOLD, KINDS, LAST, MAJOR, MAX_TOKEN_VALUE, MINOR, OPPORTUNITIES, catalogue,
                    episode_name, missing, position_named)
from .box import (TOKEN_KINDS, card_name, dragon_reached, heal_choices, holds, left_of_value, needs_value, setup_cards,
                  shows, special_cards, why_not_special, why_not_take)
from .entry import form_kinds, quick_entries, spaces_in_play
from .episode import current, players, untouched, waiting_for_values
from .flow import SPECIALS_IN_BOX, least_named_specials, next_position
from .icons import COMMON_CODES, PENALTIES, icon_text, parse_space
from .major import tied_groups
from .minor import SELECTION, SELECTION_TEXTS, answer_text, unanswered, waiting_answers, walker, why_not_select
from .reference import (CATALOGUE_NOTES, GLOSSARY_ICONS, GLOSSARY_READING, GLOSSARY_SYMBOLS, KIND_EFFECTS,
                        KIND_NAMES, NAMED_EPISODES, OPPORTUNITY_EFFECTS, OPPORTUNITY_NAMES, SPECIAL_EFFECTS,
                        SPECIAL_RULE, SPECIAL_WHEN, SYMBOLS, UNKNOWN_SPECIAL_EFFECT)
from .rewards import picker
from .scoring import breakdown, holdings_of, total
from .treasure import bidder, revealed_total

def build(state: State, seat: int | None, scores: list[dict[str, Any]] | None) -> View:
    return {
        "position": state["position"],
        "episodes": EPISODES,
        "phase": state["phase"],
        "options": dict(state["options"]),
        "first_player": state["first_player"],
        "turn": whose_move(state),
        "prompt": prompt(state),
        "path": path(state),
        "episode": episode_view(state, state["position"]) if state["position"] else None,
        "next": next_view(state),
        "cover": cover_view(state),
        "players": [public_player(state, s) for s in range(players(state))],
        "me": private_view(state, seat) if seat is not None else None,
        "supply": supply_view(state),
        "specials": specials_view(state),
        "special_rule": msg(SPECIAL_RULE),
        "step": step_view(state),
        "recent": recent_view(state),
        "entry": entry_view(state) if state["position"] else None,
        "forms": FORM_CHOICES,
        "waiting_for_values": [state["players"][s]["name"] for s in waiting_for_values(state)],
        "scores": scores,
        "setup": setup_view(state) if state["phase"] == "start" else None,
        "glossary": _glossary(),
        "path_list": path_list(state),
        "owed": owed_view(state, seat) if seat is not None else None,
    }


def _glossary() -> dict[str, Any]:
    return {"symbols": [{"key": k, "picture": msg(picture), "meaning": msg(meaning)}
                        for k, picture, meaning in GLOSSARY_SYMBOLS],
            "reading": msg(GLOSSARY_READING),
            "icons": [{"key": k, "picture": msg(picture), "meaning": msg(meaning)}
                      for k, picture, meaning in GLOSSARY_ICONS]}



def path_list(state: State) -> list[dict[str, Any]]:
    """The whole path as a readable list: each entered episode with its kind, symbols and reward
    spaces, the current one marked; the next one's effect previewed (``next`` in the view)."""
    out = []
    for n in range(1, EPISODES + 1):
        record = state["board"].get(str(n)) or {}
        if not record.get("kind") and not record.get("name"):
            continue
        out.append({"n": n, "title": episode_name(record), "named": bool(record.get("name")),
                    "here": n == state["position"], "passed": n < state["position"],
                    "skipped": n in state["skipped"], **describe_kind(record),
                    "symbols": [msg(SYMBOLS[x]) for x in record.get("symbols", [])],
                    "spaces": [{"index": i, "alternatives": _alternatives(code) if code else []}
                               for i, code in enumerate(record.get("spaces", []), start=1)]})
    return out


def setup_view(state: State) -> dict[str, Any]:
    """The setup guide for this player count: what the rulebook says to lay out, and what it does
    not say (which special cards carry a circled number up to the player count), asked once."""
    n = players(state)
    return {
        "players": n,
        "covered": n + 1 if n < 5 else None,
        "advanced": state["options"]["advanced"],
        "ask_specials": n < 5,
        "specials_told": bool(state.get("specials_told")),
        "cards": [{"key": card["key"], "name": card_name(card["key"]), "in_play": card["key"] in state["specials"],
                   "suggested": card["key"] in (state.get("specials_suggested") or [])}
                  for card in special_cards()
                  if state["options"]["advanced"] or not card.get("advanced_only")],
        "least": least_named_specials(),
        "others": SPECIALS_IN_BOX - len(setup_cards()),
        "contradictions": specials_contradictions(state) if state.get("specials_told") else [],
        "token_mix": state.get("token_mix"),
        # Earlier tables' count, offered in the form until this table confirms a count of its own.
        "token_mix_suggested": None if state.get("token_mix") else state.get("token_mix_suggested"),
        "values": list(range(1, MAX_TOKEN_VALUE + 1)),
    }


def specials_contradictions(state: State) -> list[dict[str, Any]]:
    """Where the cards in play contradict what this server holds for other player counts (same
    rules): "n'utilisez que les cartes contenant un chiffre dans un cercle dont la valeur est
    inférieure ou égale au nombre de joueurs" — a card in play with fewer players is in play with
    more, and one left out with more players is left out with fewer. One of the two lists is wrong."""
    n, out = players(state), []
    for count, cards in sorted((state.get("specials_known") or {}).items()):
        if int(count) < n:
            out += [msg(_("%(card)s is in play with %(count)s players, so with %(n)s too"), card=card_name(k),
                        count=int(count), n=n) for k in cards if k not in state["specials"]]
        else:
            out += [msg(_("%(card)s is not in play with %(count)s players, so not with %(n)s either"),
                        card=card_name(k), count=int(count), n=n) for k in state["specials"] if k not in cards
                    and k in setup_cards()]
    return out


def msg(text: str, **args: Any) -> dict[str, Any]:
    return {"msg": text, "args": args}


# --- whose move and what to do -----------------------------------------------------------

def whose_move(state: State) -> int | None:
    phase = state["phase"]
    if phase == "minor":
        return walker(state)
    if phase in ("picks", "bid_reward"):
        return picker(state)
    if phase == "bid":
        return bidder(state)
    return None


def prompt(state: State) -> dict[str, Any]:
    phase, seat = state["phase"], whose_move(state)
    who = state["players"][seat]["name"] if seat is not None else ""
    step = state["step"]
    if phase == "start":
        return msg(_("Choose the first player (the youngest), then move Beowulf onto episode 1."))
    if phase == "enter":
        return msg(_("The app does not know episode %(n)s yet: enter what the board shows."), n=state["position"])
    if phase == "minor":
        record = current(state)
        which = record.get("opportunity") if record["kind"] == "opportunity" else record["kind"]
        if which in MINOR_PROMPTS:
            return msg(MINOR_PROMPTS[which])
        return msg(_("%(name)s: take part or pass."), name=who)
    if phase == "contest":
        return msg(CONTEST_PROMPTS[current(state)["kind"]])
    if phase == "picks":
        return msg(_("%(name)s (status marker %(marker)s) picks a reward space."), name=who,
                   marker=step["markers"][seat])
    if phase == "bid":
        return msg(_("%(name)s reveals treasure to reach %(target)s, or drops out."), name=who,
                   target=step["target"])
    if phase == "bid_reward":
        return msg(_("%(name)s wins the bid and takes the reward."), name=who)
    if phase == "done":
        return msg(_("The first player moves Beowulf to the next episode."))
    if phase == "final":
        return msg(_("Before the final scoring, every face-down token needs its value (from its owner's phone)."))
    return msg(_("Final scores."))


# Minor episodes asked in one form for the table (the others go player by player).
MINOR_PROMPTS = {
    "risk": _("Each player in turn may risk 2 cards. Tick who failed, then tap Done."),
    "recovery": _("Each player takes a card in turn, twice round the table; tap Done when all have."),
    "hygelac": _("Each player may exchange exactly 2 cards; tap Done when all have."),
    "great_rewards": _("Tick who took part, then tap Done."),
    "peace_returns": _("Tick who took part, then tap Done."),
    "many_friendships": _("Tick who took part, then tap Done."),
    "break_ranks": _("Whoever takes part gives back 2 fame tokens from their own phone; then tap Done."),
}

CONTEST_PROMPTS = {
    "simultaneous": _("Everyone chooses cards secretly and reveals together: enter each player's matching symbols."),
    "death": _("Everyone reveals all the cards in hand: enter each player's symbols."),
    "turn_order": _("Play in turn from the first player: enter each player as they drop out."),
    "recover_treasures": _("Everyone reveals their treasure: the app adds it up once every value is entered."),
}


# --- the path ----------------------------------------------------------------------------

def group_of(kind: str) -> str:
    if kind in MINOR:
        return "minor"
    if kind in MAJOR:
        return "major"
    if kind in GOLD:
        return "gold"
    return "final" if kind == "death" else "unknown"


def path(state: State) -> list[dict[str, Any]]:
    here, cells = state["position"], []
    for n in range(1, EPISODES + 1):
        record = state["board"].get(str(n)) or {}
        cells.append({"n": n, "name": record.get("name", ""), "title": episode_name(record),
                      "kind": record.get("kind", ""),
                      "group": group_of(record.get("kind", "")), "here": n == here, "passed": n < here,
                      "skipped": n in state["skipped"], "source": record.get("source", "")})
    return cells


def describe_kind(record: dict[str, Any]) -> dict[str, Any]:
    kind = record.get("kind", "")
    if not kind:
        return {"kind_name": msg(_("Not known yet")), "effect": None}
    effect = OPPORTUNITY_EFFECTS.get(record.get("opportunity", "")) if kind == "opportunity" else KIND_EFFECTS[kind]
    name = OPPORTUNITY_NAMES.get(record.get("opportunity", ""), KIND_NAMES[kind]) if kind == "opportunity" \
        else KIND_NAMES[kind]
    return {"kind_name": msg(name), "effect": msg(effect) if effect else None}


def episode_view(state: State, position: int) -> dict[str, Any]:
    record = state["board"].get(str(position)) or {}
    return {
        "position": position,
        "name": record.get("name", ""),
        "title": episode_name(record),
        "kind": record.get("kind", ""),
        "group": group_of(record.get("kind", "")),
        "opportunity": record.get("opportunity", ""),
        "symbols": [msg(SYMBOLS[s]) for s in record.get("symbols", [])],
        "spaces": spaces_view(state, record) if position == state["position"] else [],
        "source": record.get("source", ""),
        "missing": missing(record, players(state), state["options"]["advanced"]),
        **describe_kind(record),
    }


def spaces_view(state: State, record: dict[str, Any]) -> list[dict[str, Any]]:
    codes = record.get("spaces", [])
    if not codes:
        return []
    in_play = 1 if record["kind"] == "treasure" else players(state)  # one icon at a bid
    taken = {p["space"]: p["seat"] for p in state["step"].get("picks", [])} if state["phase"] in ("picks", "bid_reward") \
        else {}
    who = picker(state)
    out = []
    for i, code in enumerate(codes, start=1):
        space = {"index": i, "code": code, "in_play": i <= in_play, "covered": i == in_play + 1,
                 "taken_by": taken.get(i), "alternatives": _alternatives(code), "short": []}
        if who is not None and i <= in_play and i not in taken and code:
            space["needs"] = _needs(state, who, code)
            space["short"] = shortfalls(state, code)
        out.append(space)
    return out


def shortfalls(state: State, code: str) -> list[dict[str, Any]]:
    """What a space would fail to give, said before the pick: "Dans le cas rare où tous les jetons
    d'une valeur particulière sont épuisés, l'option en question n'est plus disponible" (l.124);
    "Il ne peut pas, par exemple, prendre deux jetons de valeur 1 à la place d'un jeton de valeur
    2" (l.247). Only what the table can see counts (why_not_take reads public values), so every
    phone may be told."""
    out: list[dict[str, Any]] = []
    for alternative in parse_space(code):
        for icon in alternative:
            if icon.kind in ("fame", "treasure", "alliance"):
                reason = why_not_take(state, icon.kind, icon.n if icon.kind != "alliance" else 0)
            elif icon.kind == "special":
                reason = why_not_special(state, icon.card)
            else:
                reason = None
            if reason and reason not in out:
                out.append(reason)
    return out


def _alternatives(code: str) -> list[list[dict[str, Any]]]:
    if not code:
        return []
    names = {card["key"]: card["name"] for card in special_cards()}
    return [[icon_text(icon, names) for icon in alt] for alt in parse_space(code)]


def _needs(state: State, seat: int, code: str) -> dict[str, Any]:
    """Which extra choices a pick of this space asks of the picker (for the form)."""
    alternatives = parse_space(code)
    kinds = {icon.kind for alt in alternatives for icon in alt}
    heals = heal_choices(state, seat, wounds_only="heal" not in kinds) if kinds & {"heal", "heal_wound"} else []
    return {
        "alternative": len(alternatives) > 1,
        "heal": heals if len(heals) > 1 else [],
        "avoid": sorted(kinds & set(PENALTIES)) if holds(state, seat, "inspiration") else [],
        "rest": "scratch" in kinds and holds(state, seat, "warriors_rest") and state["players"][seat]["scratches"] > 0,
    }


def next_view(state: State) -> dict[str, Any] | None:
    position = next_position(state)
    if position is None:
        return None
    return episode_view(state, position)


def cover_view(state: State) -> dict[str, Any] | None:
    """The second red marker: "autant d'emplacements d'icône disponibles qu'il y a de joueurs [...]
    dans le sens des aiguilles d'une montre en commençant par l'emplacement contenant le titre".

    It lies on the next episode whose reward spaces go by status marker: a major episode, Death of
    Beowulf ("comme dans un épisode majeur") and, in the advanced game, Recover Treasures. An
    episode not entered yet may be that one, so the search stops there — except before King
    Hrothgar's Hall, "le premier épisode majeur". None once no such episode is left."""
    n = players(state)
    if n >= 5:
        return None
    marked = MAJOR + ("death",) + (("recover_treasures",) if state["options"]["advanced"] else ())
    first_major = next((c for c in catalogue() if c.get("first_major")), None)
    first = first_major["name"] if first_major else ""
    first_at = position_named(state["board"], first_major["key"]) if first_major else None
    start = state["position"] if state["phase"] in ("enter", "contest", "picks") else state["position"] + 1
    for position in range(max(start, 1), EPISODES + 1):
        record = state["board"].get(str(position)) or {}
        if record.get("kind") in marked:
            return {"position": position, "name": record.get("name", ""), "title": episode_name(record),
                    "available": n, "covered": n + 1}
        if not record.get("kind") and (first_at is None or position > first_at):
            placed = any(r.get("kind") in MAJOR for r in state["board"].values())
            return {"position": None, "name": "" if placed else first,
                    "title": "" if placed else episode_name(first_major or {}), "available": n, "covered": n + 1}
    return None


# --- players -----------------------------------------------------------------------------

def public_player(state: State, seat: int) -> dict[str, Any]:
    p = state["players"][seat]
    return {
        "index": seat,
        "name": p["name"],
        "colour": p["colour"],
        "first": seat == state["first_player"],
        "tokens": {kind: sum(1 for t in p["tokens"] if t["kind"] == kind) for kind in TOKEN_KINDS},
        "token_count": len(p["tokens"]),
        "unvalued": sum(1 for t in p["tokens"] if needs_value(t)),
        "scratches": p["scratches"],
        "wounds": p["wounds"],
        "double_wound": p["double_wound"],
        "wound_count": p["wounds"] + 2 * p["double_wound"],
        "specials": [card_name(key) for key, card in state["specials"].items()
                     if card["holder"] == seat and not card["used"]],
        "special_keys": [key for key, card in state["specials"].items() if card["holder"] == seat and not card["used"]],
    }


def private_view(state: State, seat: int) -> dict[str, Any]:
    """This seat's own face-down tokens, with values: shown on its owner's phone only."""
    p = state["players"][seat]
    revealed = set(state["step"].get("revealed", [[]] * players(state))[seat]) if state["phase"] == "bid" else set()
    h = holdings_of(p)
    return {
        "seat": seat,
        "tokens": [{**t, "revealed": t["id"] in revealed, "needs_value": needs_value(t)} for t in p["tokens"]],
        "groups": token_groups(p["tokens"], revealed),
        "needs_value": [t["id"] for t in p["tokens"] if needs_value(t)],
        "sums": {"fame": sum(h.fame), "treasure": sum(h.treasure), "alliance_fame": sum(h.alliance_fame),
                 "alliance_treasure": sum(h.alliance_treasure)},
        "score_now": total(h, **state["options"]),
        "breakdown": [{"msg": m, "points": pts} for m, pts in breakdown(h, **state["options"])],
        "specials": [{"key": key, "name": card_name(key), "effect": msg(SPECIAL_EFFECTS.get(key, UNKNOWN_SPECIAL_EFFECT))}
                     for key, card in state["specials"].items() if card["holder"] == seat and not card["used"]],
        "treasure_to_reveal": [t["id"] for t in p["tokens"]
                               if shows(t, "treasure") and t["value"] is not None and t["id"] not in revealed],
        "heal_choices": heal_choices(state, seat),
        # This player's answer kept for their turn (a minor episode): theirs alone until applied.
        "answer": answer_text(waiting_answers(state)[str(seat)]) if str(seat) in waiting_answers(state) else None,
        "mix_conflicts": mix_conflicts(state, seat),
    }


def mix_conflicts(state: State, seat: int) -> list[dict[str, Any]]:
    """This owner's face-down values that the box's token mix cannot hold (with what the table has
    seen taken): told to the owner alone, who corrects the value or the mix."""
    out = []
    for kind in ("fame", "treasure"):
        mine = sorted({t["value"] for t in state["players"][seat]["tokens"]
                       if t["kind"] == kind and t["value"] and not t.get("public")})
        out += [{"kind": kind, "value": value} for value in mine
                if (left_of_value(state, kind, value, owner=seat) or 0) < 0]
    return out


# How the owner's tokens are listed: by what they count for, then by value, highest first.
GROUP_ORDER = (("fame", None), ("alliance", "fame"), ("treasure", None), ("alliance", "treasure"),
               ("misfortune", None), ("alliance", None))
GROUP_TITLES = {
    ("fame", None): _("Fame"),
    ("alliance", "fame"): _("Alliance (fame)"),
    ("treasure", None): _("Treasure"),
    ("alliance", "treasure"): _("Alliance (treasure)"),
    ("misfortune", None): _("Misfortune"),
    ("alliance", None): _("Alliance"),
}


def token_groups(tokens: list[dict[str, Any]], revealed: set[int] | frozenset[int] = frozenset()
                 ) -> list[dict[str, Any]]:
    """The owner's face-down tokens grouped by kind (an alliance token by its face) and value:
    ``[{"kind", "face", "title", "count", "sum", "values": [{"value", "ids", "revealed"}]}]``.

    Values run highest first; tokens whose value is not entered yet come last (value None).
    Private: for the owner's view only.
    """
    groups = []
    for kind, face in GROUP_ORDER:
        mine = [t for t in tokens if t["kind"] == kind and (t.get("face") if kind == "alliance" else None) == face]
        if not mine:
            continue
        values: dict[int | None, list[dict[str, Any]]] = {}
        for t in sorted(mine, key=lambda t: (t["value"] is None, -(t["value"] or 0), t["id"])):
            values.setdefault(t["value"], []).append(t)
        groups.append({"kind": kind, "face": face, "title": msg(GROUP_TITLES[(kind, face)]), "count": len(mine),
                       "sum": sum(t["value"] or 0 for t in mine),
                       "values": [{"value": value, "ids": [t["id"] for t in ts],
                                   "revealed": [t["id"] for t in ts if t["id"] in revealed]}
                                  for value, ts in values.items()]})
    return groups


def supply_view(state: State) -> dict[str, Any]:
    # Only totals: the count left of each value would drop when an owner enters a face-down
    # token's value and tell every phone what it was. The rules still use the values (a gain
    # that the supply cannot give is refused, with a message to the phone that tried).
    return {"counts": dict(state["supply"]), "token_mix_known": bool(state.get("token_mix")),
            "dragon_reached": dragon_reached(state)}


def specials_view(state: State) -> list[dict[str, Any]]:
    out = []
    for key, card in state["specials"].items():
        holder = card["holder"]
        out.append({"key": key, "name": card_name(key), "holder": holder,
                    "when": msg(SPECIAL_WHEN[key]) if key in SPECIAL_WHEN else None,
                    "holder_name": state["players"][holder]["name"] if holder is not None else "",
                    "used": card["used"], "effect": msg(SPECIAL_EFFECTS.get(key, UNKNOWN_SPECIAL_EFFECT))})
    return out


# --- the step under way ------------------------------------------------------------------

def step_view(state: State) -> dict[str, Any]:
    phase, step = state["phase"], state["step"]
    names = [p["name"] for p in state["players"]]
    if phase == "minor":
        due = walker(state)
        out = {"order": step["order"], "records": _records(state, step["records"]),
               "remaining": list(dict.fromkeys(step["order"][step["turn"]:])),
               # Who answered before their turn (not what: that stays on their own phone until applied),
               # who has not answered yet, and whose kept answer could no longer stand, with why.
               "waiting": [s for s in dict.fromkeys(step["order"][step["turn"]:]) if str(s) in waiting_answers(state)],
               "unanswered": unanswered(state),
               "unanswered_names": ", ".join(state["players"][s]["name"] for s in unanswered(state)),
               "returned": [{"seat": int(s), "why": why} for s, why in step.get("returned", {}).items()],
               "round": 1 + step["turn"] // players(state) if current(state)["kind"] == "recovery" else 1}
        if current(state)["kind"] == "selection" and due is not None:
            out["selection"] = [{"option": o, "text": msg(SELECTION_TEXTS[o]), "reason": why_not_select(state, due, o)}
                                for o in SELECTION]
            # A later player may answer before the players ahead have: the answer waits for its turn.
            out["selection_for"] = {str(s): [{"option": o, "text": msg(SELECTION_TEXTS[o]),
                                              "reason": why_not_select(state, s, o)} for o in SELECTION]
                                    for s in out["remaining"]}
        if current(state).get("opportunity") in ("great_rewards", "peace_returns", "many_friendships"):
            out["gain_blocked"] = _opportunity_blocked(state)
        return out
    if phase == "contest":
        dropped = {d["seat"] for d in step.get("drops", [])}
        return {"drops": [{**d, "name": names[d["seat"]]} for d in step.get("drops", [])],
                "still_in": [s for s in range(players(state)) if s not in dropped],
                "next_marker": players(state) - len(step.get("drops", []))}
    if phase in ("picks", "bid_reward"):
        return {"markers": step.get("markers"), "counts": step.get("counts"),
                "drops": step.get("drops"), "totals": step.get("totals"), "winner": step.get("winner"),
                "picks": [{**p, "name": names[p["seat"]]} for p in step["picks"]],
                "order": sorted(range(players(state)), key=lambda s: step["markers"][s]) if step.get("markers") else [],
                # Death of Beowulf: l.311 gives no tie rule; the tie is broken by l.150's, borrowed, and
                # the host may settle it otherwise before the first pick.
                "ties": tied_groups(state), "tie_settled": bool(step.get("tie_settled"))}
    if phase == "bid":
        return {"target": step["target"],
                "revealed": [{"seat": s, "name": names[s], "values": _revealed_values(state, s),
                              "total": revealed_total(state, s)} for s in step["active"]]}
    return {}


def _records(state: State, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**r, "name": state["players"][r["seat"]]["name"]} for r in records]


def said_once(records: list[dict[str, Any]], everyone: int) -> list[dict[str, Any]]:
    """An episode's outcome with each thing said once: players whose lines read the same share one
    ("Everyone — exchanged 2 cards, or kept their hand", not four lines), in the order first seen;
    ``everyone`` marks a line that is every player's."""
    lines: dict[str, dict[str, Any]] = {}
    for r in records:
        line = lines.setdefault(json.dumps(r["notes"], sort_keys=True), {"seats": [], "notes": r["notes"]})
        line["seats"].append(r["seat"])
    return [{**line, "everyone": everyone > 1 and len(line["seats"]) == everyone} for line in lines.values()]


def _revealed_values(state: State, seat: int) -> list[int]:
    """Treasure lying face up in the bid: public while it lies there."""
    ids = set(state["step"]["revealed"][seat])
    return [t["value"] for t in state["players"][seat]["tokens"] if t["id"] in ids]


def _opportunity_blocked(state: State) -> dict[str, Any] | None:
    which = current(state)["opportunity"]
    kind, value = {"great_rewards": ("treasure", 3), "peace_returns": ("fame", 5),
                   "many_friendships": ("alliance", 0)}[which]
    return why_not_take(state, kind, value)


def recent_view(state: State) -> dict[str, Any] | None:
    recent = state.get("recent")
    if not recent or state["phase"] in ("picks", "bid_reward") or (state["phase"] == "minor" and state["step"]["records"]):
        return None  # shown until the next episode has its own outcome on screen
    names = [p["name"] for p in state["players"]]
    record = state["board"].get(str(recent["position"])) or {}
    return {"position": recent["position"], "name": record.get("name", ""), "title": episode_name(record),
            "records": _records(state, recent.get("records") or []),
            "lines": said_once(recent.get("records") or [], len(state["players"])),
            "picks": [{**p, "name": names[p["seat"]]} for p in recent.get("picks") or []],
            "markers": recent.get("markers"), "counts": recent.get("counts"), "totals": recent.get("totals"),
            "drops": [{**d, "name": names[d["seat"]]} for d in recent.get("drops") or []]}


# --- entering the board ------------------------------------------------------------------

def entry_view(state: State) -> dict[str, Any]:
    """The form to enter (or correct) the current episode: what is known, and suggestions."""
    position = state["position"]
    record = state["board"].get(str(position)) or {}
    placed = [r.get("name", "") for r in state["board"].values()]
    suggestions = [] if record.get("kind") or record.get("name") else [
        {**c, **describe_kind(c), "key": slug(c["name"]), "symbol_texts": [msg(SYMBOLS[s]) for s in c["symbols"]],
         "space_texts": [{"index": i, "alternatives": _alternatives(code)} for i, code in enumerate(c["spaces"], 1)],
         "note": msg(CATALOGUE_NOTES[c["key"]]) if c["key"] in CATALOGUE_NOTES else None,
         "title": episode_name(c)}
        for c in catalogue() if position_named(state["board"], c["key"]) is None]
    spaces = list(record.get("spaces") or [])
    return {
        "position": position,
        "record": {**record, "spaces": spaces + [""] * (5 - len(spaces))},
        "missing": missing(record, players(state), state["options"]["advanced"]),
        "note": msg(CATALOGUE_NOTES[record["key"]]) if record.get("key") in CATALOGUE_NOTES else None,
        "suggestions": suggestions,
        "quick": quick_entries(state, record),
        "form_kinds": form_kinds(state, record),
        "in_play": spaces_in_play(state, record),
        "correctable": state["phase"] in ("enter", "done") or (state["phase"] in ("minor", "contest", "bid")
                                                                 and untouched(state)),
    }


def slug(name: str) -> str:
    """A name as a piece of an element id: "King Hrothgar's Hall" → "king-hrothgar-s-hall"."""
    return "-".join("".join(c if c.isalnum() else " " for c in name.casefold()).split())


# --- the entry form ----------------------------------------------------------------------

# The kinds as the form asks for them: grouped by the episode's colour on the board, each with a
# short name under its group (the full names in KIND_NAMES are for the episode's own card).
KIND_GROUPS = (
    (_("Minor episode (beige)"), (("risk", _("Risk")), ("opportunity", _("Opportunity")),
                                  ("selection", _("Selection")), ("recovery", _("Recovery"))),),
    (_("Major episode (red)"), (("simultaneous", _("played simultaneously")),
                                ("turn_order", _("played in turn order"))),),
    (_("Treasure episode (gold, advanced rules)"), (("treasure", _("Treasure bid")),
                                                    ("recover_treasures", _("Recover Treasures"))),),
    (_("The last episode"), (("death", _("Death of Beowulf")),),),
)

# The rewards the form offers as taps, per space; anything else is typed as icon codes.
# A number alone stands for the group's icon ("Fame" 5 is fame5); the full wording shows once chosen.
# Layout: "above" puts the group's title above its taps (fame needs the whole width), "inline" at
# the start of their row, "hidden" only for a screen reader (the words on the taps say it all).
SPACE_GROUPS = (
    (_("Fame"), ("fame1", "fame2", "fame3", "fame4", "fame5", "fame6", "fame7"), True, "above"),
    (_("Treasure"), ("treasure1", "treasure2", "treasure3", "treasure4"), True, "inline"),
    (_("Alliance tokens"), ("alliance", "alliance2"), True, "inline"),
    (_("Draw cards"), ("cards1", "cards2", "cards3"), True, "inline"),
    (_("Penalties"), ("misfortune", "scratch", "wound", "double_wound"), False, "hidden"),
    (_("More"), ("heal", "fame5|heal_wound", "nothing"), False, "hidden"),
)


# Before a space is chosen its taps show a short word, so a whole space's choices fit on a phone's
# screen; the full wording (the glossary's) shows once it is chosen.
SHORT_TEXTS = {"misfortune": _("Misfortune"), "wound": _("Wound"), "heal": _("Heal"),
               "fame5|heal_wound": _("Fame 5 or heal a wound")}


def _space_groups() -> list[dict[str, Any]]:
    groups = []
    for title, codes, numbered, layout in SPACE_GROUPS:
        choices = []
        for code in codes:
            alternatives = _alternatives(code)
            number = "".join(c for c in code if c.isdigit()) or "1"
            short = number if numbered else (msg(SHORT_TEXTS[code]) if code in SHORT_TEXTS else None)
            choices.append({"value": code, "alternatives": alternatives, "short": short})
        groups.append({"title": msg(title), "choices": choices, "numbered": numbered, "layout": layout})
    # A card's short name is the word that tells it apart on the card itself (kept in English, as printed).
    groups.append({"title": msg(_("Special card")), "numbered": False, "layout": "inline", "choices": [
        {"value": f"special:{card['key']}", "alternatives": _alternatives(f"special:{card['key']}"),
         "short": card.get("short") or card_name(card["key"])} for card in special_cards()]})
    return groups


FORM_CHOICES = {
    "kinds": [{"value": k, "text": msg(KIND_NAMES[k])} for k in KINDS],
    "kind_groups": [{"title": msg(title), "kinds": [{"value": k, "text": msg(text)} for k, text in kinds]}
                    for title, kinds in KIND_GROUPS],
    "opportunities": [{"value": o, "text": msg(OPPORTUNITY_NAMES[o])} for o in OPPORTUNITIES],
    "symbols": [{"value": s, "text": msg(t)} for s, t in SYMBOLS.items()],
    "named_episodes": [{"value": k, "text": msg(t)} for k, t in NAMED_EPISODES.items()],
    "icons": [{"value": code, "alternatives": _alternatives(code)} for code in COMMON_CODES],
    "space_groups": _space_groups(),
    "space_codes": [c["value"] for g in _space_groups() for c in g["choices"]],
    "last": LAST,
    "token_kinds": list(TOKEN_KINDS),
}


# --- what this seat owes the table (the phone's "your move" bar) --------------------------
#
# Each target is the id of a control on this seat's board (templates/_step.html and what it
# includes): a test renders every phase and checks the id is there. What the whole table answers
# in one form (a Risk's failures, everyone's symbols, the board's next episode) is the first
# player's to send: "Le premier joueur commence", and the first player moves Beowulf.

def owed_view(state: State, seat: int) -> Owed | None:
    """What this seat owes now: its part of the turn first (the others wait for it), then its new
    face-down tokens to turn over; otherwise whom the table waits for."""
    turn = _turn_owed(state, seat)
    if turn is not None:
        return turn
    unvalued = [t for t in state["players"][seat]["tokens"] if needs_value(t)]
    if unvalued:
        return {**nmsg(_("Turn over your new token"), _("Turn over your %(num)s new tokens"), len(unvalued)),
                "target": "bl-me-enter"}
    return _awaited(state, seat)


def _turn_owed(state: State, seat: int) -> Owed | None:
    phase, first = state["phase"], state["first_player"]
    due = whose_move(state)
    if phase == "start" and seat == first:
        return owed(_("You are the first player: move Beowulf onto episode 1"), "bl-go")
    if phase == "done" and seat == first:
        return owed(_("Move Beowulf to the next episode"), "bl-go")
    if phase == "enter" and seat == first:
        return owed(_("Enter episode %(n)s from the board"), f"bl-entry-{state['position']}-open", n=state["position"])
    if phase == "minor":
        return _minor_owed(state, seat)
    if phase == "contest":
        return _contest_owed(state, seat)
    if phase == "picks" and seat == due:
        return owed(_("Your turn: pick a reward space"), "bl-picks")
    if phase == "bid_reward" and seat == due:
        return owed(_("You won the bid: take the reward"), "bl-picks")
    if phase == "bid" and seat == due:
        return owed(_("Your turn: reveal treasure or drop out"), "bl-bid")
    return None


def _minor_owed(state: State, seat: int) -> Owed | None:
    record, step = current(state), state["step"]
    which = record.get("opportunity") if record["kind"] == "opportunity" else record["kind"]
    first = seat == state["first_player"]
    records = len(step["records"])
    if which == "selection":  # each phone answers its own, in any order (applied in turn order)
        if seat == walker(state):
            return owed(_("Your turn: choose a reward or pass"), "bl-selection")
        if seat in step["order"][step["turn"]:] and not _answered(state, seat):
            return owed(_("Choose a reward or pass: it counts when your turn comes"), "bl-selection")
        return None
    if which == "break_ranks":
        if seat in step["order"][step["turn"]:] and not _answered(state, seat):
            return owed(_("Break Ranks?: give back 2 fame tokens to heal, or pass"),
                        f"bl-answer-{state['position']}-{seat}")
        return None
    if not first:
        return None
    if which == "risk":
        return owed(_("Tick who failed the risk, then tap Done"), f"bl-risk-{state['position']}-{records}")
    if which in ("recovery", "hygelac"):
        return owed(_("When everyone has, tap Done"), "bl-done")
    return owed(_("Tick who took part, then tap Done"), f"bl-took-part-{state['position']}-{records}")


def _answered(state: State, seat: int) -> bool:
    """Whether this seat has already answered the minor episode (in its turn, or kept for it)."""
    step = state["step"]
    return any(r["seat"] == seat for r in step["records"]) or str(seat) in (step.get("waiting") or {})


def _contest_owed(state: State, seat: int) -> Owed | None:
    kind = current(state)["kind"]
    if kind == "turn_order":
        out = {d["seat"] for d in state["step"].get("drops", [])}
        return owed(_("Tap when you drop out"), f"bl-drop-{seat}") if seat not in out else None
    if seat != state["first_player"]:
        return None
    if kind == "recover_treasures":
        return owed(_("Everyone reveals their treasure: tap when they have"), "bl-reveal-all")
    return owed(_("Enter everyone's symbols"), f"bl-symbols-{state['position']}")


def _awaited(state: State, seat: int) -> Owed | None:
    """Whom the table waits for, named on the bar of a phone that owes nothing."""
    phase, players_ = state["phase"], state["players"]
    if phase == "over":
        return None
    if phase == "final":
        return waiting(_("Waiting for token values from: %(names)s"), names=names(players_, waiting_for_values(state)))
    if phase == "contest" and current(state)["kind"] == "turn_order":
        out = {d["seat"] for d in state["step"].get("drops", [])}
        return waiting(_("Waiting for %(names)s"), names=names(players_, [s for s in range(players(state))
                                                                          if s not in out]))
    if phase == "minor" and current(state).get("opportunity") == "break_ranks":
        return waiting(_("Waiting for %(names)s"), names=names(players_, [s for s in dict.fromkeys(
            state["step"]["order"][state["step"]["turn"]:]) if not _answered(state, s)]))
    due = whose_move(state)
    return waiting(_("Waiting for %(names)s"), names=players_[state["first_player"] if due is None else due]["name"])
