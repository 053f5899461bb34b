"""The end of a round: everyone draws, hands come down to six, and the conversions.

"Une manche se termine lorsqu'aucun joueur ne reçoit de pénalité. Chaque joueur pioche alors
trois nouvelles cartes. Si un joueur a plus de six cartes en main, en comptant sa carte dolmen,
il défausse les cartes de son choix pour n'en garder que six."

These functions change the state they are given: ``GameKit.apply`` hands the moves its own copy.
"""

from __future__ import annotations

from ..base import State
from .box import END_OF_ROUND_DRAW, HAND_LIMIT
from .cards import Card, is_dolmen
from .challenge import open_challenge

TIME, SPIRIT = "time", "spirit"
CONVERSIONS = (TIME, SPIRIT)


def end_round(state: State) -> None:
    """Draw three each, discard down to six, then the conversion step (or straight to a new round)."""
    hands = [cards + END_OF_ROUND_DRAW for cards in state["hand"]]
    need = [max(0, cards - HAND_LIMIT) for cards in hands]
    state["hand"] = [min(cards, HAND_LIMIT) for cards in hands]
    discarders = [seat for seat, count in enumerate(need) if count]
    state["round_end"] = {
        "round": state["round"], "need": need, "entries": None, "groups": None,
        "first": None, "second": None, "time": None, "spirit": None, "trump": None,
    }
    if not discarders:
        # "Si aucun joueur ne défausse de cartes, il n'y a pas de conversion."
        open_challenge(state, new_round=True)
    elif len(discarders) == 1:
        # "Si un seul joueur défausse des cartes, il choisit la conversion de son choix."
        settle_order(state, [discarders])
    else:
        # "ils choisissent les cartes à défausser secrètement et les révèlent simultanément"
        state["round_end"]["entries"] = [None] * len(need)
        state["phase"] = "discard"


def waiting_discarders(state: State) -> list[int]:
    """Seats that must discard and have not entered their discards yet."""
    end = state["round_end"]
    return [seat for seat, count in enumerate(end["need"]) if count and end["entries"][seat] is None]


def record_discards(state: State, seat: int, cards: list[Card]) -> bool:
    """Keeps one player's discards; True when the last of them came in and were ranked."""
    state["round_end"]["entries"][seat] = cards
    if waiting_discarders(state):
        return False
    settle_order(state, ranked_groups(state["round_end"]["entries"], state["trump"]))
    return True


def discard_key(cards: list[Card], trump: str) -> tuple[int, int]:
    """Ranks discards: "la valeur totale la plus élevée"; on a tie, "celui des ex aequo ayant
    défaussé la plus forte carte d'atout". A dolmen card has no value; 0 = no trump card discarded."""
    numbered = [card for card in cards if not is_dolmen(card)]
    total = sum(card["value"] for card in numbered)
    best_trump = max((card["value"] for card in numbered if card["suit"] == trump), default=0)
    return total, best_trump


def ranked_groups(entries: list[list[Card] | None], trump: str) -> list[list[int]]:
    """Discarders from first to last; players the rules cannot separate share a group."""
    keys = {seat: discard_key(cards, trump) for seat, cards in enumerate(entries) if cards is not None}
    groups: list[list[int]] = []
    for seat in sorted(keys, key=lambda seat: keys[seat], reverse=True):
        if groups and keys[groups[-1][0]] == keys[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def undecided_group(groups: list[list[int]]) -> list[int] | None:
    """The tied players among whom the first or second chooser is still unknown, if any."""
    position = 0
    for group in groups:
        if position >= 2:
            return None
        if len(group) > 1:
            return group
        position += 1
    return None


def settle_order(state: State, groups: list[list[int]]) -> None:
    """Records the ranking; names the two choosers once the rules (or the host) separate them."""
    end = state["round_end"]
    end["groups"] = groups
    if undecided_group(groups) is not None:
        # Tied totals and no trump card among the tied discards: the sheet does not say.
        state["phase"] = "tie"
        return
    end["first"] = groups[0][0]
    end["second"] = groups[1][0] if len(groups) > 1 else None
    state["phase"] = "convert"


def put_first_among_tied(state: State, seat: int) -> None:
    """The host's decision for a tie the rules leave open: ``seat`` ranks before the others tied with it."""
    groups = [list(group) for group in state["round_end"]["groups"]]
    tied = undecided_group(groups)
    index = groups.index(tied)
    rest = [other for other in tied if other != seat]
    groups[index:index + 1] = [[seat], rest]
    settle_order(state, groups)


def choose_conversion(state: State, conversion: str, trump: str | None) -> None:
    """The first chooser's pick; "le joueur dont les cartes défaussées ont la seconde valeur la plus
    élevée bénéficie de la conversion que n'a pas choisie le premier"."""
    end = state["round_end"]
    other = SPIRIT if conversion == TIME else TIME
    end[conversion] = end["first"]
    end[other] = end["second"]
    if conversion == TIME:
        set_trump(state, trump)
    elif end["second"] is not None:
        state["phase"] = "trump"
    else:
        open_challenge(state, new_round=True)


def set_trump(state: State, trump: str) -> None:
    """Time conversion: "Le joueur décide de l'atout. Il peut changer du jour à la nuit, ou inversement,
    ou ne rien changer." Spirit needs nothing from the app: the hand size stays the same."""
    state["round_end"]["trump"] = trump
    state["trump"] = trump
    open_challenge(state, new_round=True)

