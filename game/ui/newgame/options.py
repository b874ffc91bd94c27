"""What the three rule pages offer, line by line: the deal and trumps, bidding
and play, scoring. Every option of :class:`~game.rules.ruleset.RuleSet` is on
one of them. These are descriptions only (labels, choices, tips); the
:class:`~game.ui.newgame.rules.RulesPage` lays them out and makes their widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.i18n import _
from game.play.setup import NewGameSetup
from game.rules.ruleset import (
    FirstDealer,
    HandSequence,
    Settlement,
    TrickPoints,
    TrumpMethod,
    ZeroBid,
)


@dataclass(frozen=True)
class Heading:
    """The title of a section of a page."""

    text: str


@dataclass(frozen=True)
class Options:
    """A row of buttons, one per value of option ``name``, of which one is chosen."""

    name: str
    label: str
    tip: str
    options: Sequence[tuple[Any, str]]
    tips: Sequence[str] | None = None
    """One tip per option, shown when the mouse rests on it."""
    weights: Sequence[float] | None = None
    """The buttons' relative widths (equal by default)."""

    def read(self, setup: NewGameSetup) -> Any:
        """The value shown as chosen."""
        return setup.values()[self.name]

    def write(self, setup: NewGameSetup, value: Any) -> None:
        setup.set_rule(self.name, value)


@dataclass(frozen=True)
class EndOptions(Options):
    """After the last hand (False) or at a target score (True)."""

    def read(self, setup: NewGameSetup) -> Any:
        return setup.values()["target_score"] is not None

    def write(self, setup: NewGameSetup, value: Any) -> None:
        setup.end_at_target(bool(value))


@dataclass(frozen=True)
class Number:
    """[-] value [+] for option ``name`` (bounds in :data:`~game.play.setup.STEPS`),
    with a button for its "as the rules allow" value when ``unset_label`` is given."""

    name: str
    label: str
    tip: str
    unset_label: str | None = None
    unset_tip: str = ""


Line = Heading | Options | Number


def switch(name: str, label: str, tip: str) -> Options:
    """Off and On for a yes-or-no option."""
    return Options(name, label, tip, [(False, _("Off")), (True, _("On"))])


# ------------------------------------------------------------ deal & trumps
def deal_lines() -> list[Line]:
    return [*_hands(), *_trumps(), *_first_dealer()]


def _hands() -> list[Line]:
    """How many cards each hand, and how many hands."""
    return [
        Heading(_("Hands")),
        Options(
            "sequence",
            _("Hand sizes"),
            _("How the number of cards dealt changes from hand to hand."),
            [
                (HandSequence.DOWN_AND_UP, _("Down & up")),
                (HandSequence.UP_AND_DOWN, _("Up & down")),
                (HandSequence.ASCENDING, _("Rising")),
                (HandSequence.DESCENDING, _("Falling")),
                (HandSequence.CONSTANT, _("Constant")),
            ],
            tips=[
                _("From the largest hand down to one card, then back up."),
                _("From one card up to the largest hand, then back down."),
                _("One card in the first hand, one more every hand."),
                _("The largest hand first, one fewer every hand."),
                _("The same number of cards every hand."),
            ],
        ),
        Number(
            "largest_hand",
            _("Largest hand"),
            _("Cards each in the largest hand."),
            _("As many as the pack allows"),
            _("The most cards each player can be dealt (with a card left for trumps)."),
        ),
        Number(
            "max_hands",
            _("Number of hands"),
            _("Stop the game after this many hands (a cap on the sequence)."),
            _("The whole sequence"),
            _("Play every hand of the sequence."),
        ),
        switch(
            "strip_pack",
            _("Strip the pack"),
            _("Remove cards from the bottom of the pack so it deals out evenly (Oh! Well)."),
        ),
    ]


def _trumps() -> list[Line]:
    """How each hand's trumps are chosen."""
    return [
        Heading(_("Trumps")),
        Options(
            "trump",
            _("Trumps"),
            _("How the trump suit of each hand is fixed."),
            [
                (TrumpMethod.NEXT_CARD, _("Next card turned")),
                (TrumpMethod.DEALERS_LAST_CARD, _("Dealer's last card")),
                (TrumpMethod.NONE, _("No trumps")),
            ],
            tips=[
                _("After the deal the top card of the stock is turned up."),
                _("The dealer's own last card is turned and stays in the dealer's hand."),
                _("Every hand is played without trumps."),
            ],
            weights=[1.1, 1.1, 0.8],
        ),
        switch(
            "no_trump_when_exhausted",
            _("No trump when no card is left"),
            _("A hand that uses every card is played at no trump."),
        ),
        switch(
            "no_trump_last_hand",
            _("No trump in the last hand"),
            _("The last hand of the game is played at no trump, and no card is turned."),
        ),
    ]


def _first_dealer() -> list[Line]:
    return [
        Heading(_("First dealer")),
        Options(
            "first_dealer",
            _("First dealer"),
            _("How the first dealer is chosen; then the deal passes to the left."),
            [
                (FirstDealer.RANDOM, _("Random")),
                (FirstDealer.FIRST_JACK, _("First jack")),
                (FirstDealer.HIGHEST_CARD, _("Highest card")),
            ],
            tips=[
                _("Chosen at random from the deal number."),
                _("Cards are dealt face up; the first player to get a jack deals."),
                _("Everyone draws a card; the highest deals (ties draw again)."),
            ],
        ),
    ]


# ----------------------------------------------------------- bidding & play
def bidding_lines() -> list[Line]:
    """How the bids are made, and one rule of play."""
    return [
        Heading(_("Bidding")),
        Options(
            "simultaneous_bidding",
            _("Bidding"),
            _("In turn from the dealer's left, or everyone at once in secret."),
            [(False, _("In turn")), (True, _("Simultaneous"))],
            tips=[
                _("Each player bids once, starting to the dealer's left."),
                _("Everyone bids in secret and the bids are revealed together."),
            ],
        ),
        switch(
            "hook",
            _("Dealer's hook"),
            _("The dealer bids last and may not make the bids add up to the tricks in the hand."),
        ),
        switch(
            "announce_total",
            _("Announce over or under"),
            _("After bidding, say whether the bids are over, under or even with the tricks."),
        ),
        Heading(_("Play")),
        switch(
            "must_trump",
            _("La Podrida"),
            _("A player who cannot follow suit must trump if able."),
        ),
    ]


# ------------------------------------------------------------------ scoring
def scoring_lines() -> list[Line]:
    return [*_points(), *_end(), *_stakes()]


def _points() -> list[Line]:
    """What a hand scores."""
    return [
        Heading(_("Points")),
        Options(
            "trick_points",
            _("A point per trick"),
            _("When a player scores one point for each trick taken."),
            [
                (TrickPoints.ALWAYS, _("Always")),
                (TrickPoints.EXACT, _("Exact bid only")),
                (TrickPoints.NEVER, _("Never")),
            ],
        ),
        Number(
            "exact_bonus",
            _("Exact-bid bonus"),
            _("Points for taking exactly the number of tricks bid."),
        ),
        Options(
            "zero_bid",
            _("A made bid of zero"),
            _("What a successful bid of zero scores."),
            [
                (ZeroBid.NONE, _("As usual")),
                (ZeroBid.FIVE, "5"),
                (ZeroBid.TEN, "10"),
                (ZeroBid.FIVE_PLUS_TRICKS, _("5 + tricks")),
            ],
            tips=[
                _("Scored like any other exact bid."),
                _("5 points."),
                _("10 points."),
                _("5 plus the number of tricks in the hand."),
            ],
            weights=[1.3, 0.8, 0.8, 1.1],
        ),
        Number(
            "hard_score_bonus",
            _("Winner's bonus"),
            _("Hard score: extra points for the winner at the end."),
        ),
    ]


def _end() -> list[Line]:
    """When the game ends: after the last hand or at a target score."""
    return [
        Heading(_("End of the game")),
        EndOptions(
            "target_score",
            _("The game ends"),
            _("After the last hand, or after the hand in which someone reaches the target."),
            [(False, _("After the last hand")), (True, _("At a target score"))],
        ),
        Number(
            "target_score",
            _("Target score"),
            _("The game ends after the hand in which someone reaches this score."),
        ),
    ]


def _stakes() -> list[Line]:
    """Playing for stakes."""
    return [
        Heading(_("Stakes")),
        Options(
            "settlement",
            _("Settle up"),
            _("How stakes are settled at the end of the game."),
            [
                (Settlement.NONE, _("No stakes")),
                (Settlement.DIFFERENCES, _("Differences")),
                (Settlement.POOL, _("Pool")),
            ],
            tips=[
                _("Play for the glory."),
                _("Every pair of players settles the difference of their scores."),
                _("Everyone antes to a pool and the winner takes it."),
            ],
        ),
        Number("stake", _("Stake"), _("Per point (differences) or per player (pool).")),
    ]
