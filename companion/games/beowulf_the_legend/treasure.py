"""Treasure episodes (gold, advanced rules): the treasure bid and Recover Treasures.

Token values are private until revealed, so each bidder reveals from their own phone; a revealed
value is public while it lies face up, and private again when its owner drops out.
"The first player does not change after treasure episodes" ("le premier joueur ne change pas").
"""

from __future__ import annotations

from ..base import Action, Actor, Applied, RuleError, State, acting_seat, label
from .box import give_back, name, needs_value, shows, token_of
from .episode import players, require_kind
from .major import markers_by_count
from .rewards import start_picks
from .seats import clockwise_from


def begin_bid(state: State) -> None:
    """"le premier joueur retourne un de ses jetons trésor ronds ou carrés et annonce sa valeur" """
    state["phase"] = "bid"
    state["step"] = {
        "active": clockwise_from(state["first_player"], players(state)),  # still bidding, clockwise
        "turn": 0,  # index into active
        "revealed": [[] for _seat in state["players"]],  # token ids lying face up, per seat
        "target": 0,  # the highest total when this turn began
        "dropped": [],
    }


def bidder(state: State) -> int:
    step = state["step"]
    return step["active"][step["turn"]]


def revealed_total(state: State, seat: int) -> int:
    ids = {str(i) for i in state["step"]["revealed"][seat]}
    return sum(t["value"] for t in state["players"][seat]["tokens"] if str(t["id"]) in ids)


def reveal_treasure(state: State, action: Action, actor: Actor) -> Applied:
    seat = actor.seat  # who=OWN_SEAT: the bidder's own phone; the token must be among their own
    if seat != bidder(state):
        raise RuleError("It is %(name)s's turn to bid", name=name(state, bidder(state)))
    token = token_of(state, seat, action["token"])
    if not shows(token, "treasure") or token["value"] is None:
        raise RuleError("Reveal a treasure token, or an alliance token showing treasure, whose value you have entered")
    revealed = state["step"]["revealed"][seat]
    if token["id"] in revealed:
        raise RuleError("That token is already face up")
    revealed.append(token["id"])
    # "vous devez révéler une nouvelle tuile à chaque tour et vous ne pouvez pas jouer de trésor
    #  supplémentaire une fois que vous avez égalé ou dépassé le total précédent"
    if revealed_total(state, seat) >= state["step"]["target"]:
        _next_turn(state, state["step"]["turn"] + 1)
    return Applied(state, label("%(name)s reveals a treasure token", name=name(state, seat)))


def _next_turn(state: State, turn: int) -> None:
    step = state["step"]
    step["turn"] = turn % len(step["active"])
    step["target"] = max(revealed_total(state, seat) for seat in step["active"])


def drop_bid(state: State, action: Action, actor: Actor) -> Applied:
    """"vous retournez face cachée les jetons trésor que vous aviez précédemment joués et vous les
    ajoutez aux jetons trésor que vous avez récoltés" — nothing is lost."""
    seat = acting_seat(state, action, actor)
    if seat != bidder(state):
        raise RuleError("It is %(name)s's turn to bid", name=name(state, bidder(state)))
    step = state["step"]
    step["revealed"][seat] = []
    step["active"].remove(seat)
    step["dropped"].append(seat)
    if len(step["active"]) == 1:
        return _win(state, step["active"][0], seat)
    _next_turn(state, step["turn"])
    return Applied(state, label("%(name)s drops out of the bid", name=name(state, seat)))


def _win(state: State, winner: int, dropped: int) -> Applied:
    """"Ce joueur replace à côté du plateau tous les jetons qu'il a utilisés durant l'épisode [...]
    et il reçoit la récompense indiquée dans l'icône de l'épisode." """
    for token_id in state["step"]["revealed"][winner]:
        give_back(state, winner, token_of(state, winner, token_id))
    state["phase"] = "bid_reward"
    state["step"] = {"winner": winner, "picks": []}
    return Applied(state, label("%(name)s drops out; %(winner)s wins the bid and returns the revealed treasure",
                                name=name(state, dropped), winner=name(state, winner)))


def treasure_holdings(state: State, seat: int) -> list[dict]:
    return [t for t in state["players"][seat]["tokens"] if shows(t, "treasure")]


def reveal_treasures(state: State, action: Action, actor: Actor) -> Applied:
    """Recover Treasures: "tous les joueurs révèlent la valeur totale de leur jetons trésor et de leur
    jetons alliance contenant des trésors. Comme d'habitude, le joueur ayant le plus de jetons trésor
    reçoit le marqueur de position avec le chiffre 1 [...] Tous les joueurs replacent ensuite leurs
    jetons trésor face visible à côté du plateau de jeu." Ties: as in a simultaneous major (the
    rulebook's "comme d'habitude"; the tie rule is not restated)."""
    require_kind(state, "recover_treasures")
    waiting = [p["name"] for p in state["players"]
               if any(needs_value(t) and t["kind"] in ("treasure", "alliance") for t in p["tokens"])]
    if waiting:
        raise RuleError("First %(names)s must enter the values of their face-down tokens", names=", ".join(waiting))
    totals = [sum(t["value"] for t in treasure_holdings(state, seat)) for seat in range(players(state))]
    for seat in range(players(state)):
        for token in treasure_holdings(state, seat):
            give_back(state, seat, token)
    markers = markers_by_count(totals, state["first_player"])
    start_picks(state, markers, {"totals": totals})
    return Applied(state, label("Treasures revealed and returned: %(name)s takes status marker 1",
                                name=name(state, markers.index(1))))
