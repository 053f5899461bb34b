"""The box: the supply beside the board, and what each player holds.

Tokens (fame, treasure, misfortune, alliance) lie face down in front of their owner: a token is
``{"id": 7, "kind": "alliance", "value": 3, "face": "treasure"}`` and its ``value`` (and an
alliance token's ``face``) is private to the owner — None until the owner enters it. Scratch and
wound tiles lie face up: public counts. Special cards are taken publicly from beside the board.

Every function here changes the state it is given: callers work on the copy ``GameKit.apply`` made.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from ..base import Label, RuleError, State, _, label, nmsg
from .board import DRAGON_BATTLE, position_named

# "CONTENU DE LA BOITE": 36 fame, 24 treasure, 3 misfortune, 36 alliance tokens;
# 12 small wound tiles (scratches), 10 large wound tiles, 1 large double-wound tile.
BOX = {"fame": 36, "treasure": 24, "misfortune": 3, "alliance": 36, "scratch": 12, "wound": 10, "double_wound": 1}
TOKEN_KINDS = ("fame", "treasure", "misfortune", "alliance")
FACES = ("fame", "treasure")
HEALS = ("wound", "double_wound", "scratches")


def note(msg: str, **args: Any) -> dict[str, Any]:
    """A public line about what happened to a player (never a face-down value)."""
    return {"msg": msg, "args": args}


def term(msgid: str) -> dict[str, Any]:
    """A word inside a message, translated with it (the web layer renders nested messages)."""
    return {"msg": msgid, "args": {}}


def name(state: State, seat: int) -> str:
    return state["players"][seat]["name"]


# --- tokens ------------------------------------------------------------------------------

def held(state: State, kind: str, value: int, owner: int | None = None) -> int:
    """How many tokens of this kind and value the table can see are held.

    What the physical table can see is the public values: a value printed on a reward space, a
    Selection option or a token taken by hand with its value says which token left the supply.
    A value an owner entered for a face-down token is private; it counts here only for its owner
    (``owner``), so that no answer to another phone depends on it (a refusal is public too).
    """
    return sum(1 for seat, p in enumerate(state["players"]) for t in p["tokens"]
               if t["kind"] == kind and t["value"] == value and (t.get("public") or seat == owner))


def left_of_value(state: State, kind: str, value: int, owner: int | None = None) -> int | None:
    """Tokens of that value still in the supply as far as the table can see (``owner``: as far as
    that player knows), or None when the table has not entered the mix."""
    mix = state.get("token_mix")
    if not mix or kind not in mix:
        return None
    return mix[kind].get(str(value), 0) - held(state, kind, value, owner)


# "Exception: Dans des cas rares, il peut arriver que tous les jetons gloire de valeur 2 aient été
#  utilisés au moment où vous atteignez l'épisode Dragon Battle ou des épisodes ultérieurs. Si cela
#  arrive, vous pouvez faire le change. Il s'agit de la seule exception autorisée."
CHANGE_FOR_FAME_2 = (1, 1)


def change_for(state: State, kind: str, value: int) -> tuple[int, ...] | None:
    """Smaller tokens that pay this gain when its value is gone: fame 2 from the Dragon Battle on."""
    if kind != "fame" or value != 2 or not dragon_reached(state):
        return None
    left = left_of_value(state, "fame", 2)
    if left is None or left > 0:
        return None
    ones = left_of_value(state, "fame", 1)
    if state["supply"]["fame"] < len(CHANGE_FOR_FAME_2) or (ones is not None and ones < len(CHANGE_FOR_FAME_2)):
        return None
    return CHANGE_FOR_FAME_2


def why_not_take(state: State, kind: str, value: int = 0) -> dict[str, Any] | None:
    """Why a token cannot be taken from the supply now (a message), or None if it can."""
    if state["supply"][kind] <= 0:
        return note(_("No %(kind)s token is left in the supply"), kind=term(KIND_NAMES[kind]))
    left = left_of_value(state, kind, value) if value else None
    if left is not None and left <= 0 and not change_for(state, kind, value):
        # "Vous ne pouvez pas prendre 2 jetons de valeur 1 à la place d'un jeton de valeur 2."
        return note(_("No %(kind)s token of value %(value)s is left in the supply"), kind=term(KIND_NAMES[kind]),
                    value=value)
    return None


def take_token(state: State, seat: int, kind: str, value: int = 0) -> dict[str, Any]:
    """Moves a token from the supply to the seat, face down (value 0: the owner enters it).

    A value given here was seen by the table (printed on the space, chosen, named): it is public.
    Fame 2 gone from the Dragon Battle on: the player takes the change (two fame 1)."""
    reason = why_not_take(state, kind, value)
    if reason:
        msg, args = reason["msg"], reason["args"]
        raise RuleError(msg, **args)
    change = change_for(state, kind, value)
    if change:
        tokens = [_take_one(state, seat, kind, v) for v in change]
        return tokens[0]
    return _take_one(state, seat, kind, value)


def _take_one(state: State, seat: int, kind: str, value: int) -> dict[str, Any]:
    state["supply"][kind] -= 1
    token = {"id": state["next_token"], "kind": kind, "value": value or None, "face": None, "public": bool(value)}
    if kind == "misfortune":
        token["value"] = None  # "- 2 points par jeton malheur": nothing to enter
    state["next_token"] += 1
    state["players"][seat]["tokens"].append(token)
    return token


def token_of(state: State, seat: int, token_id: Any) -> dict[str, Any]:
    for token in state["players"][seat]["tokens"]:
        if str(token["id"]) == str(token_id):
            return token
    raise RuleError("%(name)s holds no such token", name=name(state, seat))


def give_back(state: State, seat: int, token: dict[str, Any]) -> None:
    """Returns a token to the supply (an alliance token goes back among the face-down ones)."""
    state["players"][seat]["tokens"].remove(token)
    state["supply"][token["kind"]] += 1


def needs_value(token: dict[str, Any]) -> bool:
    return token["kind"] != "misfortune" and token["value"] is None


def shows(token: dict[str, Any], face: str) -> bool:
    """A square token of that kind, or an alliance token showing it ("jetons alliance-gloire")."""
    return token["kind"] == face or (token["kind"] == "alliance" and token["face"] == face)


def enter_value(state: State, seat: int, token: dict[str, Any], value: int, face: str | None) -> None:
    """The owner enters what is printed on a face-down token."""
    if token["kind"] == "misfortune":
        raise RuleError("A misfortune token has no value to enter")
    if token["kind"] == "alliance" and face not in FACES:
        raise RuleError("Say whether the alliance token shows fame or treasure")
    if token["kind"] != "alliance":
        # What the owner knows: the public values and their own (never another seat's hidden ones).
        left = left_of_value(state, token["kind"], value, owner=seat)
        if left is not None and left + (token["value"] == value) <= 0:  # this very token does not count
            raise RuleError("The box has no other %(kind)s token of value %(value)s",
                            kind=term(KIND_NAMES[token["kind"]]), value=value)
    token["value"] = value
    token["face"] = face if token["kind"] == "alliance" else None
    token["public"] = False  # entered by its owner: nobody else saw it


KIND_NAMES = {"fame": _("fame"), "treasure": _("treasure"), "misfortune": _("misfortune"), "alliance": _("alliance")}


# --- scratches and wounds (face up) --------------------------------------------------------

NO_SCRATCH_LEFT = _("No scratch tile is left in the supply")
THREE_SCRATCHES = _("Three scratches become a wound (no compensation cards)")
NO_TILE_LEFT = _("No %(tile)s tile is left in the supply")
REST_PLAYED = "The Warrior's Rest: %(num)s scratch discarded"  # nmsg() in rest()


def add_scratch(state: State, seat: int, warriors_rest: bool = False) -> list[dict[str, Any]]:
    player = state["players"][seat]
    notes = rest(state, seat) if warriors_rest else []
    if state["supply"]["scratch"] <= 0:
        return notes + [note(NO_SCRATCH_LEFT)]
    state["supply"]["scratch"] -= 1
    player["scratches"] += 1
    notes.append(note(_("Scratch")))
    if player["scratches"] == 3:
        # "Si un joueur reçoit une troisième égratignure, il retourne ses trois tuiles égratignure
        #  et prend une grande tuile blessure. Remarque: dans ce cas, il ne pioche pas les deux cartes."
        player["scratches"] = 0
        state["supply"]["scratch"] += 3
        notes.append(note(THREE_SCRATCHES))
        notes += add_wound(state, seat, compensation=False)
    return notes


def scratch_taken(notes: list[dict[str, Any]]) -> bool:
    """Whether add_scratch (whose notes these are) gave a scratch tile (none may be left)."""
    return not any(n["msg"] == NO_SCRATCH_LEFT for n in notes)


def scratch_news(state: State, seat: int, notes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What came with a scratch, told for the history: The Warrior's Rest played, a third
    scratch turning into a wound, a tile the supply no longer had."""
    who = name(state, seat)
    news = []
    for n in notes:
        if n["msg"] == REST_PLAYED:
            news.append(nmsg("%(name)s plays The Warrior's Rest: %(num)s scratch discarded",
                             "%(name)s plays The Warrior's Rest: %(num)s scratches discarded", n["args"]["num"],
                             name=who))
        elif n["msg"] == THREE_SCRATCHES:
            news.append(label("%(name)s's three scratches become a wound (no compensation cards)",
                              name=who).to_json())
        elif n["msg"] in (NO_SCRATCH_LEFT, NO_TILE_LEFT):
            news.append(n)
    return news


def told(event: Label, news: list[dict[str, Any]]) -> Label:
    """A history line followed by what else happened, one sentence each."""
    for more in news:
        event = label("%(event)s. %(more)s", event=event.to_json(), more=more)
    return event


def add_wound(state: State, seat: int, double: bool = False, compensation: bool = True) -> list[dict[str, Any]]:
    """A wound tile; "Ce joueur prend ensuite deux cartes de la pioche" (not after three scratches)."""
    tile = "double_wound" if double else "wound"
    if double and not dragon_reached(state):
        # "La grande tuile avec deux blessures n'est pas utilisée avant que vous n'atteigniez l'épisode Dragon Battle."
        raise RuleError("The double wound is not used before the Dragon Battle "
                        "(if Beowulf is there, enter that episode's name from the board)")
    if state["supply"][tile] <= 0:
        return [note(NO_TILE_LEFT, tile=term(TILE_NAMES[tile]))]
    state["supply"][tile] -= 1
    state["players"][seat]["double_wound" if double else "wounds"] += 1
    notes = [note(_("Double wound") if double else _("Wound"))]
    if compensation:
        notes.append(note(_("Draw 2 cards (compensation for the wound)")))
    return notes


TILE_NAMES = {"wound": _("wound"), "double_wound": _("double wound"), "scratch": _("scratch")}


def heal(state: State, seat: int, what: str) -> list[dict[str, Any]]:
    """Gives back one wound tile (the double one included) or all scratches."""
    player = state["players"][seat]
    if what == "scratches":
        if not player["scratches"]:
            raise RuleError("%(name)s has no scratch", name=player["name"])
        state["supply"]["scratch"] += player["scratches"]
        count, player["scratches"] = player["scratches"], 0
        return [nmsg("Gave back %(num)s scratch", "Gave back %(num)s scratches", count)]
    field = "double_wound" if what == "double_wound" else "wounds"
    if what not in HEALS or not player[field]:
        raise RuleError("%(name)s has no such wound tile", name=player["name"])
    # "les blessures ne peuvent pas être converties en égratignures": a tile goes back whole.
    player[field] -= 1
    state["supply"][what] += 1
    return [note(_("Gave back a double wound tile") if what == "double_wound" else _("Gave back a wound tile"))]


HEAL_TERMS = {"wound": _("a wound tile"), "double_wound": _("the double wound tile"), "scratches": _("all scratches")}


def heal_terms(choices: list[str]) -> Any:
    """What can be given back, in words each phone translates ("a wound tile, all scratches"),
    never the codes the API takes."""
    out: Any = term(HEAL_TERMS[choices[0]])
    for more in choices[1:]:
        out = label("%(a)s, %(b)s", a=out, b=term(HEAL_TERMS[more])).to_json()
    return out


def heal_choices(state: State, seat: int, wounds_only: bool = False) -> list[str]:
    player = state["players"][seat]
    choices = [h for h, field in (("wound", "wounds"), ("double_wound", "double_wound")) if player[field]]
    if player["scratches"] and not wounds_only:
        choices.append("scratches")
    return choices


def rest(state: State, seat: int, count: int = 2) -> list[dict[str, Any]]:
    """The Warrior's Rest: "Cette carte spéciale vous permet de retourner une ou deux tuiles égratignure"."""
    player = state["players"][seat]
    if not player["scratches"]:
        raise RuleError("%(name)s has no scratch to discard", name=player["name"])
    play_special(state, seat, "warriors_rest")
    gone = min(count, player["scratches"])
    player["scratches"] -= gone
    state["supply"]["scratch"] += gone
    return [nmsg("The Warrior's Rest: %(num)s scratch discarded", "The Warrior's Rest: %(num)s scratches discarded", gone)]


def dragon_reached(state: State) -> bool:
    dragon = position_named(state["board"], DRAGON_BATTLE)
    return dragon is not None and state["position"] >= dragon


# --- special cards -----------------------------------------------------------------------

@cache
def special_cards() -> tuple[dict[str, Any], ...]:
    with resources.files(__package__).joinpath("data/special_cards.toml").open("rb") as f:
        return tuple(tomllib.load(f)["card"])


def card_names() -> dict[str, str]:
    return {card["key"]: card["name"] for card in special_cards()}


def new_specials(advanced: bool, in_play: list[str] | None = None) -> dict[str, dict[str, Any]]:
    """The special cards beside the board. "Prenez la carte spéciale All-Iron Shield et remettez-la
    dans la boîte" (advanced rules only). "n'utilisez que les cartes contenant un chiffre dans un
    cercle dont la valeur est inférieure ou égale au nombre de joueurs": which card carries which
    number is in no source, so ``in_play`` is what the table told (None: not told yet, all beside)."""
    return {card["key"]: {"holder": None, "used": False} for card in special_cards()
            if (advanced or not card.get("advanced_only")) and (in_play is None or card["key"] in in_play)}


def setup_cards() -> list[str]:
    """The named special cards a table may have to put back for its player count."""
    return [card["key"] for card in special_cards()]


def card_name(key: str) -> Any:
    """A special card's name: a message translated on each phone (a card the rulebook does not
    name, entered from the board, by the words the table typed)."""
    from .reference import CARD_NAMES  # reference imports nothing of ours; kept local for clarity

    if key in CARD_NAMES:
        return term(CARD_NAMES[key])
    return card_names().get(key, key.replace("_", " "))


def why_not_special(state: State, key: str) -> dict[str, Any] | None:
    """Why a reward space's special card cannot be handed out now (a public message), or None."""
    card = state["specials"].get(key)
    if card is None and key == "all_iron_shield" and not state["options"]["advanced"]:
        return note(_("%(card)s is only used with the advanced rules"), card=card_name(key))
    if card is None and key in card_names():  # put back in the box at setup for this player count
        return note(_("%(card)s is not in play with this many players"), card=card_name(key))
    if card is not None and (card["holder"] is not None or card["used"]):
        return note(_("%(card)s has already been taken"), card=card_name(key))
    return None


def give_special(state: State, seat: int, key: str) -> list[dict[str, Any]]:
    reason = why_not_special(state, key)
    if reason:
        raise RuleError(reason["msg"], **reason["args"])
    # A special card the rulebook does not name, entered from the board, joins the game when met.
    card = state["specials"].setdefault(key, {"holder": None, "used": False})
    card["holder"] = seat
    return [note(_("Special card: %(card)s"), card=card_name(key))]


def holds(state: State, seat: int, key: str) -> bool:
    card = state["specials"].get(key)
    return bool(card) and card["holder"] == seat and not card["used"]


def play_special(state: State, seat: int, key: str) -> None:
    """The card leaves the game: "Elles ne sont pas placées sur la pile de défausse"."""
    if not holds(state, seat, key):
        raise RuleError("%(name)s does not hold %(card)s", name=name(state, seat), card=card_name(key))
    state["specials"][key]["used"] = True
