"""The rules in plain words, as the table reads them on a phone: one text per episode kind,
opportunity, special card and symbol.

Kept in Python (not in the TOML data) so that the translation tools find every ``_()``.
Each text follows the French rulebook, which is the authority.
"""

from __future__ import annotations

from ..base import _

# The episodes the French rulebook names (it keeps their English titles). Stored by these stable
# keys, so that a rule tied to an episode (the double wound from the Dragon Battle on) holds whatever
# language or spelling the table typed its name in; shown in each phone's language.
NAMED_EPISODES = {
    "hygelacs_court": _("King Hygelac's Court"),
    "sail_to_denmark": _("Sail to Denmark"),
    "hrothgars_hall": _("King Hrothgar's Hall"),
    "grendels_attack": _("Grendel's Attack"),
    "great_rewards": _("Great Rewards"),
    "peace_returns": _("Peace Returns"),
    "many_friendships": _("Many Friendships"),
    "break_ranks": _("Break Ranks?"),
    "dragon_battle": _("Dragon Battle"),
    "recover_treasures": _("Recover Treasures"),
    "death_of_beowulf": _("Death of Beowulf"),
}

# The special cards' names, translated on each phone (kept in English on the cards themselves).
CARD_NAMES = {
    "blessing": _("King Hrothgar's Blessing"),
    "inspiration": _("Queen Wealhtheow's Inspiration"),
    "daring": _("Beowulf's Daring"),
    "resolve": _("Beowulf's Resolve"),
    "warriors_rest": _("The Warrior's Rest"),
    "hides_of_land": _("Hides of Land"),
    "all_iron_shield": _("All-Iron Shield"),
}

SYMBOLS = {
    "travelling": _("Travelling"),
    "friendship": _("Friendship"),
    "wit": _("Wit"),
    "courage": _("Courage"),
    "fighting": _("Fighting"),
}

KIND_NAMES = {
    "risk": _("Risk"),
    "opportunity": _("Opportunity"),
    "selection": _("Selection"),
    "recovery": _("Recovery"),
    "simultaneous": _("Major episode, played simultaneously"),
    "turn_order": _("Major episode, played in turn order"),
    "treasure": _("Treasure episode (bid)"),
    "recover_treasures": _("Recover Treasures"),
    "death": _("Death of Beowulf"),
}

KIND_EFFECTS = {
    "risk": _("In turn from the first player, each player may risk: turn over the top 2 cards of the "
              "draw pile, keep every card showing one of the episode's two symbols and every Beowulf "
              "card, discard the others. If neither card matches, discard both and take a scratch."),
    "selection": _("In turn from the first player, each player may take one of: a treasure token of "
                   "value 2, a face-down alliance token, a fame token of value 2, 2 cards, or discard "
                   "all their scratches. An option is closed when the supply has no token of that value "
                   "(two 1s never replace a 2)."),
    "recovery": _("The first player turns up twice as many cards as there are players. In turn from the "
                  "first player, each takes one card; then a second round the same way. Everyone gains "
                  "2 cards."),
    "simultaneous": _("Everyone secretly chooses cards from hand, then all reveal together. Most matching "
                      "symbols (Beowulf cards are jokers) takes status marker 1, the next marker 2, and so "
                      "on; a tie goes to the first player or the tied player nearest clockwise. Matching "
                      "cards are discarded, others go back to hand."),
    "turn_order": _("From the first player, each in turn must play at least one card and bring their own "
                    "total of matching symbols up to the highest so far, then stop. Before playing you may "
                    "risk 2 cards from the pile (matching ones are played; if none matches you are out and "
                    "take a scratch). Whoever cannot or will not match drops out, discards their cards and "
                    "takes the highest free status marker; the last one in takes marker 1."),
    "treasure": _("Bid with treasure (advanced rules): the first player reveals one treasure token; in "
                  "turn, each reveals tokens until their total matches or beats the highest, or drops out "
                  "and turns theirs face down again. The last one in returns what they revealed to the "
                  "supply and takes the reward; nobody else gains or loses anything."),
    "recover_treasures": _("Everyone reveals the total of their treasure tokens and treasure alliance "
                           "tokens: the highest takes status marker 1, and so on. All treasure then goes "
                           "back to the supply. The first player does not change."),
    "death": _("Everyone reveals every card in hand: the most symbols takes status marker 1, and so on "
               "(special cards without symbols are worthless now). The reward spaces are handed out as in "
               "a major episode, then the final scoring follows."),
}

OPPORTUNITY_EFFECTS = {
    "hygelac": _("Discard exactly 2 cards from your hand and draw 2 new ones (never just 1)."),
    "great_rewards": _("Discard 2 Fighting cards (or 1 Fighting card with two symbols) for a treasure token "
                       "of value 3."),
    "peace_returns": _("Discard one symbol of each of the five types for a fame token of value 5."),
    "many_friendships": _("Discard 2 Friendship cards (or 1 Friendship card with two symbols) for a face-down "
                          "alliance token."),
    "break_ranks": _("Give back 2 fame tokens (alliance tokens showing fame count) to discard one wound tile "
                     "or all your scratches."),
}

OPPORTUNITY_NAMES = {
    "hygelac": _("Exchange 2 cards (King Hygelac's Court)"),
    "great_rewards": _("Great Rewards"),
    "peace_returns": _("Peace Returns"),
    "many_friendships": _("Many Friendships"),
    "break_ranks": _("Break Ranks?"),
}

SPECIAL_EFFECTS = {
    "blessing": _("Instead of discarding a card with symbols you played, take it back into your hand. In a "
                  "turn-order major, only when your laid cards are discarded."),
    "inspiration": _("After choosing a reward space, avoid its misfortune, scratch or wound (also the double "
                     "wound at the Dragon Battle). An avoided wound gives no compensation cards."),
    "daring": _("When you risk, turn over 5 cards instead of 2; declare it before turning any card. In a "
                "turn-order major every matching card of the 5 is played."),
    "resolve": _("Cancel a failed risk entirely (also a failed Daring): no scratch; risk again or go on "
                 "without risking."),
    "warriors_rest": _("Discard one or two scratches, at any time — even as a third scratch arrives."),
    "hides_of_land": _("A Beowulf (joker) card with more than one symbol; played like an activity card."),
    "all_iron_shield": _("Advanced rules only. Its effect is not described in the French rulebook: read the "
                         "card."),
}

UNKNOWN_SPECIAL_EFFECT = _("Not described in the rulebook: read the card.")

SPECIAL_RULE = _("A special card leaves the game once used; it never goes to the discard pile.")

CATALOGUE_NOTES = {  # by NAMED_EPISODES key
    "hrothgars_hall": _("The rulebook lists spaces 1–3 (the Blessing, treasure 1, two alliance "
                              "tokens) without numbering them; space 4 shows two cards; space 5 is not "
                              "described. Check against the board."),
    "grendels_attack": _("The rulebook names fame 5, Beowulf's Daring, an alliance token and a wound as "
                          "spaces 1–4 but not their order; space 5 is a scratch. Check against the board."),
    "dragon_battle": _("The double wound tile is used from this episode on. Its kind and spaces are not "
                       "described: enter them from the board."),
    "death_of_beowulf": _("One space offers a fame token of value 5 or discarding one large wound tile "
                          "(icon code fame5|heal_wound). Enter the others from the board."),
}


# --- the glossary: what a player sees on the board and the cards, and what it does --------
# Pictures: the French rulebook names the horn ("corne"), the axe ("hache") and the fist ("poing"),
# the double scroll ("deux rouleaux de parchemin") and the crossed-out wound ("une blessure
# barrée"); the ship and the fox come from a secondary source (shared/reference), said so below.
GLOSSARY_SYMBOLS = (
    ("travelling", _("A ship"), _("Travelling: a card symbol an episode may ask for (the picture is from a "
                                  "secondary source, not the French rulebook).")),
    ("friendship", _("A drinking horn"), _("Friendship (our reading): a card symbol an episode may ask for.")),
    ("wit", _("A fox"), _("Wit: a card symbol an episode may ask for (the picture is from a secondary "
                           "source, not the French rulebook).")),
    ("courage", _("A fist"), _("Courage (our reading): a card symbol an episode may ask for.")),
    ("fighting", _("An axe"), _("Fighting (our reading): a card symbol an episode may ask for.")),
    ("beowulf", _("Beowulf's head"), _("A Beowulf card: a joker, it counts as any one symbol. Hides of Land "
                                        "is the only one with more than one symbol.")),
)
# Which picture is which symbol is our reading: the rulebook names the pictures (« corne, hache,
# poing », l.55) and the symbols, never side by side.
GLOSSARY_READING = _("Horn = Friendship, fist = Courage, axe = Fighting is our reading: the rulebook names the "
                     "pictures « corne, hache, poing » (l.55) but never says which symbol each one is.")
GLOSSARY_ICONS = (
    ("fame", _("A square fame token with a number"), _("Take the fame token of exactly that value, face "
                                                         "down. It scores its value at the end.")),
    ("treasure", _("A square treasure token with a number"), _("Take the treasure token of exactly that "
                                                                 "value, face down. It scores its value in the "
                                                                 "base game; in the advanced game it is bid.")),
    ("misfortune", _("A misfortune token"), _("Take a misfortune token: 2 points off at the end.")),
    ("alliance", _("A scroll (a round token)"), _("Draw one round alliance token face down, look at it and "
                                                   "keep it face down: it shows a fame or a treasure value.")),
    ("alliance2", _("A double scroll"), _("Draw two face-down alliance tokens.")),
    ("cards", _("Cards with a number"), _("Draw that many cards from the pile.")),
    ("special", _("A special card"), _("Take that special card from beside the board into your hand.")),
    ("scratch", _("A small wound tile"), _("A scratch, face up. A third scratch becomes a wound, without the 2 "
                                          "compensation cards.")),
    ("wound", _("A large wound tile"), _("A wound, face up; draw 2 cards as compensation. 3 or more wounds "
                                        "cost 5 points each at the end; no wound at all earns 5.")),
    ("double_wound", _("A large tile with two wounds"), _("The double wound, « la grande tuile avec deux "
                                                          "blessures » (l.267): it shows two wounds, so it "
                                                          "counts as two. Not used before the Dragon Battle.")),
    ("heal", _("A crossed-out wound"), _("Give back one wound tile (the double one included) or any number "
                                         "of scratches.")),
    ("fame5|heal_wound", _("Fame 5 or a large wound tile (Death of Beowulf)"),
     _("Take a fame token of value 5, or discard one large wound tile.")),
    ("red_marker", _("A red marker"), _("The first player's marker; with fewer than 5 players the second "
                                        "one covers the first reward space not in play.")),
    ("status", _("A numbered status marker"), _("How the players rank in a major episode: 1 picks a reward "
                                                "space first; the highest has no choice and then becomes "
                                                "first player.")),
    ("simultaneous", _("A straight arrow"), _("A major episode played simultaneously.")),
    ("turn_order", _("A curved arrow"), _("A major episode played in turn order.")),
)

# When each special card may be played ("Les cartes spéciales contenant un texte décrivant une
# activité ne peuvent être utilisées que si le texte l'autorise").
SPECIAL_WHEN = {
    "blessing": _("When you would discard a card with symbols you played."),
    "inspiration": _("Right after choosing a reward space with a misfortune, scratch or wound."),
    "daring": _("When you decide to risk, before turning any card."),
    "resolve": _("When a risk fails."),
    "warriors_rest": _("At any time, even as a third scratch arrives."),
    "hides_of_land": _("Like an activity card, for its symbols."),
    "all_iron_shield": _("Advanced rules only: read the card."),
}
