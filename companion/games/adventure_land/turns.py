"""Turns, terrain cards and the end of the game.

Rulebook, "DÉROULEMENT DU JEU": "Les joueurs jouent à tour de rôle dans le sens des aiguilles
d'une montre. Le plus jeune commence." Each terrain card puts one item on the board: "Ville Un
frère d'armes [...] Forêt La plaquette « herbes » [...] Montagne La plaquette « épée » [...]
Fleuve Une plaquette « pépite d'or » [...] Brouillard La créature maléfique du haut de la pile".

"FIN DE LA PARTIE": "Le jeu s'achève dès qu'il n'y a plus ni épée ni frère d'armes dans la
réserve. Terminez la manche en cours de façon à ce que tous les joueurs jouent le même nombre de
fois." And: "Si [...] tous les joueurs ne peuvent plus déplacer d'aventurier [...], le jeu
s'arrête aussitôt" — the host ends the game then.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..base import Actor, Applied, RuleError, State, _, label, seat_field
from .box import count
from .checks import player_name, require_no_fight

TERRAINS = ("city", "forest", "mountain", "river", "fog")
SUPPLY_OF = {"city": "companions", "mountain": "swords"}  # what the supply runs out of

PLACED = {
    "city": _("City: a companion goes on the board"),
    "forest": _("Forest: a herb goes on the board, face down"),
    "mountain": _("Mountain: a sword goes on the board, face down"),
    "river": _("River: a gold piece goes on the board; the water sprite moves to it"),
    "fog": _("Fog: a creature goes on the board; turn over one more card"),
}
FROM_THE_BOX = {
    # "Si [...] vous avez besoin de frères d'armes (si la réserve est vide), prenez en alors un dans la boîte."
    "city": _("City: the supply has no companion left, take one from the box"),
    # "S'il vous manque des épées [...] mélangez faces cachées les plaquettes « épée » dans la boîte et prenez en une."
    "mountain": _("Mountain: the supply has no sword left, shuffle the box's swords face down and draw one"),
}


def supply_exhausted(state: State) -> bool:
    return state["supply"]["companions"] == 0 and state["supply"]["swords"] == 0


def reveal(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """A terrain card turned over; the app counts the supply and the creatures on the board."""
    require_no_fight(state)
    terrain = action["terrain"]
    new = state
    msg = PLACED[terrain]
    if terrain in SUPPLY_OF:
        kind = SUPPLY_OF[terrain]
        if new["supply"][kind] > 0:
            new["supply"][kind] -= 1
        else:
            msg = FROM_THE_BOX[terrain]
    if terrain == "fog":
        if new["creatures"]["stack"] == 0:
            raise RuleError("All %(n)s creatures are already out", n=count("fog_creatures"))
        new["creatures"]["stack"] -= 1
        new["creatures"]["on_board"] += 1
    if supply_exhausted(new) and not new["last_round"]:
        new["last_round"] = True
        return Applied(new, label(_("%(placed)s — no swords or companions left: this round is the last"), placed={"msg": msg, "args": {}}))
    return Applied(new, label(msg))


def end_turn(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    require_no_fight(state)
    turn = state["turn"]
    if action.get("turn_of") not in (None, "") and seat_field(action, "turn_of", state["players"]) != turn["seat"]:
        # Two taps on one "End the turn" (the player's phone and the host's): the second must not
        # end the next player's turn, a pass they did not make.
        raise RuleError("%(player)s's turn has already ended",
                        player=player_name(state, seat_field(action, "turn_of", state["players"])))
    new, ending = state, turn["seat"]
    following = (ending + 1) % len(state["players"])
    if following == turn["first"]:
        if state["last_round"]:
            return Applied(game_ended(new), label("The last round is over: the game ends"))
        new["turn"]["round"] += 1
    new["turn"]["seat"] = following
    msg = _("%(player)s ends their turn; %(next)s plays")
    return Applied(new, label(msg, player=player_name(state, ending), next=player_name(state, following)))


def set_first_player(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """ "Le plus jeune commence": the host names them before the first turn ends."""
    turn = state["turn"]
    if turn["round"] != 1 or turn["seat"] != turn["first"]:
        raise RuleError("The first player can only change before the first turn ends")
    seat = seat_field(action, "seat", state["players"])
    new = state
    new["turn"].update(seat=seat, first=seat)
    return Applied(new, label("%(player)s starts", player=player_name(state, seat)))


def end_game(state: State, action: Mapping[str, Any], actor: Actor) -> Applied:
    """The host ends the game: nobody can move any more, or the table stops early."""
    require_no_fight(state)
    return Applied(game_ended(state), label("The host ends the game"))


def game_ended(new: State) -> State:
    """Adventure 3 still needs the table's count of figures in cities; the others are scored at once."""
    new["phase"] = "counting" if new["scenario"] == 3 else "over"
    return new
