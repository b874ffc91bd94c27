"""The presets: each named variant of the family as a recipe for a RuleSet.

>>> PRESETS["oh-hell"].rules(6).hand_sizes
(8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)
>>> PRESETS["up-and-down-the-river"].rules(3)
Traceback (most recent call last):
...
game.rules.errors.RulesError: rules refused: preset-players (players)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.rules.errors import RulesError
from game.rules.reasons import Conflict, RuleProblem
from game.rules.ruleset import (
    PACK_SIZE,
    FirstDealer,
    HandSequence,
    RuleSet,
    TrickPoints,
    TrumpMethod,
)


def N_(message: str) -> str:
    """Mark ``message`` for translation: the words are looked up where they are shown
    (``game.i18n.tr``), so the engine itself speaks no language."""
    return message


@dataclass(frozen=True)
class Preset:
    """A named variant: its player range, a description and its rules per player count."""

    id: str
    name: str
    min_players: int
    max_players: int
    description: str
    decisions: tuple[str, ...]
    build: Callable[[int], RuleSet]

    def rules(self, players: int) -> RuleSet:
        """The preset's rules for this many players."""
        if not self.min_players <= players <= self.max_players:
            low, high = self.min_players, self.max_players
            conflict = Conflict.PRESET_PLAYERS
            problem = RuleProblem(conflict, ("players",), players, low=low, high=high, name=self.id)
            raise RulesError(problem)
        return self.build(players)

    def matches(self, rules: RuleSet) -> bool:
        """Whether these rules are exactly this preset's."""
        try:
            return self.rules(rules.players) == rules
        except RulesError:
            return False

    @property
    def player_range(self) -> range:
        return range(self.min_players, self.max_players + 1)


def _capped_ten(players: int) -> int:
    """Ten cards, or fewer when ten each would leave no card to turn for trumps."""
    return min(10, (PACK_SIZE - 1) // players)


_TIES_DRAW_AGAIN = N_("Players who tie for the highest card draw again among themselves.")


def _pagat(players: int, trick_points: TrickPoints) -> RuleSet:
    """Oh Hell as McLeod gives it at pagat.com, with common or exact-only scoring."""
    return RuleSet(
        players=players,
        sequence=HandSequence.DOWN_AND_UP,
        largest_hand=_capped_ten(players),
        first_dealer=FirstDealer.HIGHEST_CARD,
        hook=True,
        trick_points=trick_points,
    )


_RANDOM_DEALER = N_(
    "The first dealer is chosen at random (from the deal number) and shown to everyone; "
    "after each hand the deal passes to the left."
)

PRESET_LIST: tuple[Preset, ...] = (
    Preset(
        id="oh-well",
        # TRANSLATORS: a game's name: the one players of your language use, if any
        name=N_("Oh! Well"),
        min_players=3,
        max_players=7,
        description=N_(
            "The British original. The pack is stripped so it deals out evenly (3 players "
            "lose one card, 5, 6 or 7 lose 2, 4 or 3) and every hand deals all of it: 17, 13, "
            "10, 8 or 7 cards each. The dealer's own last card is turned for trumps. Score a "
            "point a trick and 10 more for taking exactly your bid; the game is 100 points."
        ),
        decisions=(
            N_(
                "The game ends after the hand in which someone reaches 100; the highest total "
                "wins and a tie at the top is shared."
            ),
            _RANDOM_DEALER,
        ),
        build=lambda n: RuleSet(
            players=n,
            sequence=HandSequence.CONSTANT,
            largest_hand=None,
            strip_pack=True,
            trump=TrumpMethod.DEALERS_LAST_CARD,
            target_score=100,
        ),
    ),
    Preset(
        id="nomination-whist",
        # TRANSLATORS: a game's name: the one players of your language use, if any
        name=N_("Nomination Whist"),
        min_players=3,
        max_players=7,
        description=N_(
            "Also called Contract Whist. Seven cards each, one fewer every hand down to one, "
            "then back up to seven: 13 hands. The top card of the stock is turned for trumps. "
            "The first player dealt a jack deals first. The dealer bids last and may not make "
            "the bids add up to the tricks available, so someone must fail. A point a trick, "
            "10 more for an exact bid."
        ),
        decisions=(),
        build=lambda n: RuleSet(
            players=n,
            sequence=HandSequence.DOWN_AND_UP,
            largest_hand=7,
            first_dealer=FirstDealer.FIRST_JACK,
            hook=True,
        ),
    ),
    Preset(
        id="up-and-down-the-river",
        # TRANSLATORS: a game's name: the one players of your language use, if any
        name=N_("Up and Down the River"),
        min_players=4,
        max_players=8,
        description=N_(
            "The Australian and New Zealand name for the family game for 4 to 8 players: ten "
            "cards each (8, 7 and 6 for 6, 7 and 8 players), down by one to a single card and "
            "back up, 19 hands for 4 or 5 players. The top card of the stock is trumps, the "
            "dealer's hook applies, and you score a point a trick plus 10 for an exact bid."
        ),
        decisions=(
            N_(
                "Ten cards cannot be dealt to 6, 7 or 8 players with a card left to turn for "
                "trumps, so the largest hand is capped at 8, 7 and 6 cards and the sequence "
                "runs from there down to one and back."
            ),
            _RANDOM_DEALER,
        ),
        build=lambda n: RuleSet(
            players=n,
            sequence=HandSequence.DOWN_AND_UP,
            largest_hand=_capped_ten(n),
            hook=True,
        ),
    ),
    Preset(
        id="oh-pshaw",
        # TRANSLATORS: a game's name: the one players of your language use, if any
        name=N_("Oh Pshaw"),
        min_players=3,
        max_players=7,
        description=N_(
            "The American ascending game recorded by Bicycle, best with 4 or 5. One card each "
            "in the first hand, one more every hand up to the most the pack allows (3 players "
            "stop at 15 hands). The next card is trumps; when none is left the hand is played "
            "at no trump. The dealer may bid anything, but the total of the bids is announced "
            "as over, under or even. Only an exact bid scores: a point a trick plus 10."
        ),
        decisions=(_RANDOM_DEALER,),
        build=lambda n: RuleSet(
            players=n,
            sequence=HandSequence.ASCENDING,
            largest_hand=None,
            max_hands=15 if n == 3 else None,
            no_trump_when_exhausted=True,
            announce_total=True,
            trick_points=TrickPoints.EXACT,
        ),
    ),
    Preset(
        id="british-oh-hell",
        # TRANSLATORS: a game's name: the one players of your language use, if any
        name=N_("British Oh Hell"),
        min_players=3,
        max_players=7,
        description=N_(
            "Parlett's version of the ascending game: from one card each up to as many as the "
            "pack allows, with no trumps when every card is dealt and no restriction on the "
            "dealer. Tricks score nothing: only the 10-point bonus for taking exactly your bid "
            "counts. A variation has everyone bid at once, in secret."
        ),
        decisions=(
            N_(
                "The top is as many cards as the pack allows, 52 divided by the players: 17, "
                "13, 10, 8 or 7 cards for 3 to 7 players (15 for 3 players is an option)."
            ),
            _RANDOM_DEALER,
        ),
        build=lambda n: RuleSet(
            players=n,
            sequence=HandSequence.ASCENDING,
            largest_hand=None,
            no_trump_when_exhausted=True,
            trick_points=TrickPoints.NEVER,
        ),
    ),
    Preset(
        id="oh-hell",
        # TRANSLATORS: a game's name: the one players of your language use, if any
        name=N_("Oh Hell"),
        min_players=3,
        max_players=7,
        description=N_(
            "The game as played the world over (pagat.com, John McLeod). Draw for the first "
            "deal, highest card dealing. Ten cards each (8 for 6 players, 7 for 7), one fewer "
            "every hand down to one and back up: 19 hands for 4. The next card is trumps and "
            "the dealer's hook applies. Common scoring: a point for every trick taken, and 10 "
            "more for taking exactly your bid."
        ),
        decisions=(_TIES_DRAW_AGAIN,),
        build=lambda n: _pagat(n, TrickPoints.ALWAYS),
    ),
    Preset(
        id="blob",
        # TRANSLATORS: a game's name: the one players of your language use, if any
        name=N_("Blob"),
        min_players=3,
        max_players=7,
        description=N_(
            "Also called Blackout: Oh Hell with the simple scoring. Only a player who takes "
            "exactly the bid scores, a point a trick plus 10. The score sheet writes a 1 "
            "before a made bid and a black blob over a failed one. Highest card deals first, "
            "ten cards (8 for 6 players, 7 for 7) down to one and back, the next card is "
            "trumps and the dealer's hook applies."
        ),
        decisions=(_TIES_DRAW_AGAIN,),
        build=lambda n: _pagat(n, TrickPoints.EXACT),
    ),
    Preset(
        id="oh-hell-classic",
        # TRANSLATORS: a game's name: the one players of your language use, if any
        name=N_("Oh Hell (classic American)"),
        min_players=3,
        max_players=7,
        description=N_(
            "The classic American rules. One card each in the first hand, two in the second, "
            "and so on: 15 hands for 3 players, 13 for 4, 10 for 5, 8 for 6 and 7 for 7. The "
            "dealer turns the next card for trumps, but the last hand is always played at no "
            "trump. Nobody may pass. Only an exact bid scores: 10 plus the tricks taken."
        ),
        decisions=(_RANDOM_DEALER,),
        build=lambda n: RuleSet(
            players=n,
            sequence=HandSequence.ASCENDING,
            largest_hand=None,
            max_hands=15 if n == 3 else None,
            no_trump_last_hand=True,
            trick_points=TrickPoints.EXACT,
        ),
    ),
)

PRESETS: dict[str, Preset] = {preset.id: preset for preset in PRESET_LIST}


def preset_for(rules: RuleSet) -> Preset | None:
    """The preset these rules are exactly, if any."""
    return next((preset for preset in PRESET_LIST if preset.matches(rules)), None)


def get_preset(preset_id: str) -> Preset:
    """The preset with this id, or a RulesError listing the ids."""
    try:
        return PRESETS[preset_id]
    except KeyError:
        problem = RuleProblem(Conflict.UNKNOWN_PRESET, value=f"{preset_id:.40}")
        raise RulesError(problem) from None
