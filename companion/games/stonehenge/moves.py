"""Stonehenge's moves: the revealed cards, penalties, discards, conversions and corrections.

Each handler changes the copy of the state the platform hands it (``GameKit.apply``) and
returns it with the history line. Who may make a move and in which phase are declared in the
move table (actions.py) and checked by the kit first; ``waiting_for`` and ``whose_turn`` word
its refusals.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..base import Actor, Applied, Label, RuleError, State, _, acting_seat, choice_field, label, nlabel, nmsg, seat_field
from . import challenge, penalty, round_end
from .cards import SUITS, card_text, is_dolmen, read_card, read_cards

MAX_HAND = 99

WAITING_FOR = {
    "challenge": _("The game is waiting for the revealed cards of the challenge."),
    "penalty": _("The game is waiting for a penalty to be applied."),
    "discard": _("The game is waiting for the end-of-round discards."),
    "tie": _("The game is waiting for the host to break a tie."),
    "convert": _("The game is waiting for the choice of a conversion."),
    "trump": _("The game is waiting for the choice of the trump."),
}


# --- moves: each changes the copy of the state it is given (GameKit.apply made it) -----------

def reveal(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    seat = acting_seat(state, action, actor)
    if action.get("challenge_id", state["challenge_id"]) != state["challenge_id"]:
        raise RuleError("That challenge is over: enter the card for the current one.")
    card = read_card(action.get("suit"), action.get("value"))
    if state["hand"][seat] == 0:
        raise RuleError("%(player)s has no card in hand. The rules do not say what happens then; "
                        "the host can correct the number of cards.", player=_name(state, seat))
    state["cards"][seat] = card
    if any(entry is None for entry in state["cards"]):
        # Entries stay hidden until all are in: the line never says which card, and no entry is
        # refused for matching another one (that would tell this phone what another player entered).
        return Applied(state, label("%(player)s entered a card", player=_name(state, seat)))
    if clash := challenge.take_back_clashes(state):
        return Applied(state, label("Two entries name the same card: %(players)s, check your card and enter it again.",
                                    players=", ".join(_name(state, other) for other in clash)))
    challenge.resolve(state)
    line = _challenge_line(state)
    _carry_on(state)
    return Applied(state, line)


def move_back(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    due = penalty.current(state)
    seat = acting_seat(state, action, actor, default=due["seat"])
    if seat != due["seat"]:
        raise RuleError("It is %(player)s's turn to move an apprentice back.", player=_name(state, due["seat"]))
    stone = action["stone"]
    if state["stones"][stone - 1] != seat:
        raise RuleError("%(player)s has no apprentice on stone %(stone)s.", player=_name(state, seat), stone=stone)
    allowed = penalty.choices(state)
    if stone not in allowed:
        # "Un joueur ne peut appliquer une carte de pénalité à un apprenti qui ne peut pas reculer de la
        # totalité de la pénalité que s'il n'a pas le choix"
        raise RuleError("The apprentice on stone %(stone)s cannot go back %(stones)s while another one "
                        "can: choose stone %(choices)s.", stone=stone,
                        stones=nmsg("%(num)s stone", "%(num)s stones", due["value"]),
                        choices=", ".join(str(s) for s in allowed))
    done = penalty.apply_penalty(state, stone)
    _carry_on(state)
    return Applied(state, _move_line(state, done))


def discard(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    seat = acting_seat(state, action, actor)
    end = state["round_end"]
    if action.get("round", end["round"]) != end["round"]:
        raise RuleError("Those discards belong to an earlier round.")
    need = end["need"][seat]
    if not need:
        raise RuleError("%(player)s has no more than six cards and discards nothing.", player=_name(state, seat))
    cards = read_cards(action.get("suits"), action.get("values"))
    if len(cards) != need:
        raise RuleError("%(player)s discards exactly %(cards)s.", player=_name(state, seat),
                        cards=nmsg("%(num)s card", "%(num)s cards", need))
    # Only this player's own entry is checked here: the others' are face down until all are in.
    numbered = [card for card in cards if not is_dolmen(card)]
    for index, card in enumerate(numbered):
        if card in numbered[:index]:
            raise RuleError("%(card)s is entered twice: one entry is wrong.", card=card_text(card))
    if sum(is_dolmen(card) for card in cards) > 1:
        raise RuleError("A player has only one dolmen card.")
    recorded = round_end.record_discards(state, seat, cards)
    if isinstance(recorded, list):
        return Applied(state, label("Two discards name the same card: %(players)s, check your cards and enter them "
                                    "again.", players=", ".join(_name(state, other) for other in recorded)))
    if not recorded:
        return Applied(state, label("%(player)s chose their discards", player=_name(state, seat)))
    if state["phase"] == "tie":
        return Applied(state, label("Discards revealed: a tie for the host to break"))
    return Applied(state, label("Discards revealed: %(player)s chooses a conversion first",
                                player=_name(state, end["first"])))


def break_tie(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    seat = seat_field(action, "seat", state["players"])
    if seat not in round_end.undecided_group(state["round_end"]["groups"]):
        raise RuleError("%(player)s is not among the tied players.", player=_name(state, seat))
    round_end.put_first_among_tied(state, seat)
    return Applied(state, label("The host ranked %(player)s first among the tied discards", player=_name(state, seat)))


def choose_conversion(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    end = state["round_end"]
    seat = acting_seat(state, action, actor, default=end["first"])
    if seat != end["first"]:
        raise RuleError("%(player)s chooses the conversion first.", player=_name(state, end["first"]))
    conversion = action["conversion"]
    # The schema lists the trumps; only the Time conversion needs one.
    trump = choice_field(action, "trump", SUITS) if conversion == round_end.TIME else None
    round_end.choose_conversion(state, conversion, trump)
    if conversion == round_end.SPIRIT:
        return Applied(state, label("%(player)s took the Spirit conversion", player=_name(state, seat)))
    return Applied(state, _trump_line(state, seat, trump))


def choose_trump(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    holder = state["round_end"]["time"]
    seat = acting_seat(state, action, actor, default=holder)
    if seat != holder:
        raise RuleError("%(player)s has the Time conversion and chooses the trump.", player=_name(state, holder))
    trump = action["trump"]
    round_end.set_trump(state, trump)
    return Applied(state, _trump_line(state, seat, trump))


def set_hand(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    seat = seat_field(action, "seat", state["players"])
    state["hand"][seat] = action["cards"]
    return Applied(state, nlabel("The host set %(player)s's hand to %(num)s card",
                                 "The host set %(player)s's hand to %(num)s cards",
                                 state["hand"][seat], player=_name(state, seat)))

# --- what follows a move --------------------------------------------------------------------

def _carry_on(state: State) -> None:
    """After a challenge or a penalty: apply forced penalties, then the next challenge or the round's end.

    "Si au moins un joueur a reçu une pénalité, la manche se poursuit après application des
    pénalités ... Une manche se termine lorsqu'aucun joueur ne reçoit de pénalité."
    """
    if state["winner"] is not None:
        return
    if not penalty.apply_forced(state):
        state["phase"] = "penalty"
    elif state["last"]["penalised"]:
        challenge.open_challenge(state)
    else:
        round_end.end_round(state)


def _challenge_line(state: State) -> Label:
    last = state["last"]
    winner = last["winner"]
    if winner is None:
        return label("Only dolmen cards: nobody places an apprentice")
    name = _name(state, winner)
    card = card_text(last["cards"][winner])
    if last["spell"]:
        return label("%(player)s placed their last apprentice again and cast the spell: "
                     "Great and Mighty Beard!", player=name)
    if last["trilithon"]:
        return label("%(player)s won with %(card)s, placed their last apprentice and erected a trilithon",
                     player=name, card=card)
    if last["stone"] is None:
        return label("%(player)s won with %(card)s; no free stone to place an apprentice", player=name, card=card)
    return label("%(player)s won with %(card)s: apprentice on stone %(stone)s", player=name, card=card,
                 stone=last["stone"])


def _move_line(state: State, done: Mapping[str, Any]) -> Label:
    name = _name(state, done["seat"])
    if done["to"] is None:
        return label("%(player)s's apprentice left the board from stone %(start)s", player=name,
                     start=done["from"])
    return label("%(player)s moved an apprentice back from stone %(start)s to stone %(to)s", player=name,
                 start=done["from"], to=done["to"])


def _trump_line(state: State, seat: int, trump: str) -> Label:
    if trump == "day":
        return label("%(player)s took the Time conversion: day is trump", player=_name(state, seat))
    return label("%(player)s took the Time conversion: night is trump", player=_name(state, seat))


# --- checks -----------------------------------------------------------------------------------

def waiting_for(state: State, phases: tuple[str, ...]) -> RuleError:
    """What the table waits for when a move comes out of its phase (``Stonehenge.not_now``)."""
    waiting = WAITING_FOR[state["phase"]]  # a variable: the extractor would take "phase" for a message
    return RuleError(waiting)


def acting_seats(state: State) -> tuple[int, ...]:
    """The seat the step waits for: the penalised player, the first to convert, the trump's chooser."""
    phase = state["phase"]
    if phase == "penalty":
        due = penalty.current(state)
        return (due["seat"],) if due else ()
    if phase == "convert":
        return (state["round_end"]["first"],)
    if phase == "trump":
        return (state["round_end"]["time"],)
    return ()


def whose_turn(state: State) -> RuleError:
    """A who=ACTING move from another player's phone, in the step's own words."""
    phase, seats = state["phase"], acting_seats(state)
    if not seats:
        return waiting_for(state, ())
    seat = seats[0]
    if phase == "penalty":
        return RuleError("It is %(player)s's turn to move an apprentice back.", player=_name(state, seat))
    if phase == "convert":
        return RuleError("%(player)s chooses the conversion first.", player=_name(state, seat))
    return RuleError("%(player)s has the Time conversion and chooses the trump.", player=_name(state, seat))


def _name(state: State, seat: int) -> str:
    return state["players"][seat]["name"]
