"""The new game's three rule pages: the deal and trumps, bidding and play, scoring.

Every option of :class:`~game.rules.ruleset.RuleSet` is on one of them, as a
row made by :class:`~game.ui.newgame.rows.RuleRows`; each page is built a
section at a time, in order down the page.
"""

from __future__ import annotations

from game.i18n import _
from game.rules.ruleset import (
    FirstDealer,
    HandSequence,
    RuleSet,
    Settlement,
    TrickPoints,
    TrumpMethod,
    ZeroBid,
)
from game.ui.newgame.rows import Row, RuleRows, Values


class RulePages(RuleRows):
    """Builds the Deal & trumps, Bidding & play and Scoring pages."""

    # ------------------------------------------------------- deal & trumps
    def _build_deal(self) -> None:
        self._build_hands()
        self._build_trumps()
        self._build_first_dealer()

    def _build_hands(self) -> None:
        """How many cards each hand, and how many hands."""
        page = "deal"
        self._heading(page, 148, _("Hands"))
        self._choice_row(
            page,
            176,
            "sequence",
            _("Hand sizes"),
            [
                (HandSequence.DOWN_AND_UP, _("Down & up")),
                (HandSequence.UP_AND_DOWN, _("Up & down")),
                (HandSequence.ASCENDING, _("Rising")),
                (HandSequence.DESCENDING, _("Falling")),
                (HandSequence.CONSTANT, _("Constant")),
            ],
            _("How the number of cards dealt changes from hand to hand."),
            tips=[
                _("From the largest hand down to one card, then back up."),
                _("From one card up to the largest hand, then back down."),
                _("One card in the first hand, one more every hand."),
                _("The largest hand first, one fewer every hand."),
                _("The same number of cards every hand."),
            ],
        )
        self._build_hand_limits()
        self._switch_row(
            page,
            308,
            "strip_pack",
            _("Strip the pack"),
            _("Remove cards from the bottom of the pack so it deals out evenly (Oh! Well)."),
        )

    def _build_hand_limits(self) -> None:
        """The largest hand and the number of hands, each a number or as the rules allow."""
        page = "deal"

        def largest(values: Values, rules: RuleSet | None) -> int | None:
            return rules.largest if rules is not None else None

        def hands(values: Values, rules: RuleSet | None) -> int | None:
            return rules.hand_count() if rules is not None else None

        self._stepper_row(
            page,
            220,
            "largest_hand",
            _("Largest hand"),
            _("Cards each in the largest hand."),
            1,
            52,
            none_label=_("As many as the pack allows"),
            none_tip=_("The most cards each player can be dealt (with a card left for trumps)."),
            shown=largest,
        )
        self._stepper_row(
            page,
            264,
            "max_hands",
            _("Number of hands"),
            _("Stop the game after this many hands (a cap on the sequence)."),
            1,
            99,
            none_label=_("The whole sequence"),
            none_tip=_("Play every hand of the sequence."),
            shown=hands,
        )

    def _build_trumps(self) -> None:
        """How each hand's trumps are chosen."""
        page = "deal"
        self._heading(page, 360, _("Trumps"))
        self._choice_row(
            page,
            388,
            "trump",
            _("Trumps"),
            [
                (TrumpMethod.NEXT_CARD, _("Next card turned")),
                (TrumpMethod.DEALERS_LAST_CARD, _("Dealer's last card")),
                (TrumpMethod.NONE, _("No trumps")),
            ],
            _("How the trump suit of each hand is fixed."),
            tips=[
                _("After the deal the top card of the stock is turned up."),
                _("The dealer's own last card is turned and stays in the dealer's hand."),
                _("Every hand is played without trumps."),
            ],
            weights=[1.1, 1.1, 0.8],
        )
        self._switch_row(
            page,
            432,
            "no_trump_when_exhausted",
            _("No trump when no card is left"),
            _("A hand that uses every card is played at no trump."),
        )
        self._switch_row(
            page,
            476,
            "no_trump_last_hand",
            _("No trump in the last hand"),
            _("The last hand of the game is played at no trump, and no card is turned."),
        )

    def _build_first_dealer(self) -> None:
        """Who deals first."""
        page = "deal"
        self._heading(page, 528, _("First dealer"))
        self._choice_row(
            page,
            556,
            "first_dealer",
            _("First dealer"),
            [
                (FirstDealer.RANDOM, _("Random")),
                (FirstDealer.FIRST_JACK, _("First jack")),
                (FirstDealer.HIGHEST_CARD, _("Highest card")),
            ],
            _("How the first dealer is chosen; then the deal passes to the left."),
            tips=[
                _("Chosen at random from the deal number."),
                _("Cards are dealt face up; the first player to get a jack deals."),
                _("Everyone draws a card; the highest deals (ties draw again)."),
            ],
        )

    # ------------------------------------------------------ bidding & play
    def _build_bidding(self) -> None:
        """How the bids are made, and one rule of play."""
        page = "bidding"
        self._heading(page, 148, _("Bidding"))
        self._choice_row(
            page,
            176,
            "simultaneous_bidding",
            _("Bidding"),
            [(False, _("In turn")), (True, _("Simultaneous"))],
            _("In turn from the dealer's left, or everyone at once in secret."),
            tips=[
                _("Each player bids once, starting to the dealer's left."),
                _("Everyone bids in secret and the bids are revealed together."),
            ],
        )
        self._switch_row(
            page,
            220,
            "hook",
            _("Dealer's hook"),
            _("The dealer bids last and may not make the bids add up to the tricks in the hand."),
        )
        self._switch_row(
            page,
            264,
            "announce_total",
            _("Announce over or under"),
            _("After bidding, say whether the bids are over, under or even with the tricks."),
        )
        self._heading(page, 316, _("Play"))
        self._switch_row(
            page,
            344,
            "must_trump",
            _("La Podrida"),
            _("A player who cannot follow suit must trump if able."),
        )

    # ------------------------------------------------------------- scoring
    def _build_scoring(self) -> None:
        self._build_points()
        self._build_end()
        self._build_stakes()

    def _build_points(self) -> None:
        """What a hand scores."""
        page = "scoring"
        self._heading(page, 148, _("Points"))
        self._choice_row(
            page,
            176,
            "trick_points",
            _("A point per trick"),
            [
                (TrickPoints.ALWAYS, _("Always")),
                (TrickPoints.EXACT, _("Exact bid only")),
                (TrickPoints.NEVER, _("Never")),
            ],
            _("When a player scores one point for each trick taken."),
        )
        self._stepper_row(
            page,
            220,
            "exact_bonus",
            _("Exact-bid bonus"),
            _("Points for taking exactly the number of tricks bid."),
            0,
            50,
        )
        self._choice_row(
            page,
            264,
            "zero_bid",
            _("A made bid of zero"),
            [
                (ZeroBid.NONE, _("As usual")),
                (ZeroBid.FIVE, "5"),
                (ZeroBid.TEN, "10"),
                (ZeroBid.FIVE_PLUS_TRICKS, _("5 + tricks")),
            ],
            _("What a successful bid of zero scores."),
            tips=[
                _("Scored like any other exact bid."),
                _("5 points."),
                _("10 points."),
                _("5 plus the number of tricks in the hand."),
            ],
            weights=[1.3, 0.8, 0.8, 1.1],
        )
        self._stepper_row(
            page,
            308,
            "hard_score_bonus",
            _("Winner's bonus"),
            _("Hard score: extra points for the winner at the end."),
            0,
            100,
            step=5,
        )

    def _build_end(self) -> None:
        """When the game ends: after the last hand or at a target score."""
        page = "scoring"
        self._heading(page, 360, _("End of the game"))
        ends = self.choice(
            self.rect(700, 388, 520, 36),
            [(False, _("After the last hand")), (True, _("At a target score"))],
            self.setup.values()["target_score"] is not None,
            lambda on: self.set_rule("target_score", self._last_target if on else None),
        )

        def refresh_ends(values: Values, rules: RuleSet | None) -> None:
            ends.set(values["target_score"] is not None)

        self.rows.append(
            Row(
                page,
                ("target_score",),
                _("The game ends"),
                _("After the last hand, or after the hand in which someone reaches the target."),
                self._row_rect(388),
                ends.buttons,
                refresh_ends,
            )
        )
        self.page_elements[page].extend(ends.buttons)
        self._stepper_row(
            page,
            432,
            "target_score",
            _("Target score"),
            _("The game ends after the hand in which someone reaches this score."),
            10,
            1000,
            step=10,
            enabled=lambda values: values["target_score"] is not None,
        )

    def _build_stakes(self) -> None:
        """Playing for stakes."""
        page = "scoring"
        self._heading(page, 484, _("Stakes"))
        self._choice_row(
            page,
            512,
            "settlement",
            _("Settle up"),
            [
                (Settlement.NONE, _("No stakes")),
                (Settlement.DIFFERENCES, _("Differences")),
                (Settlement.POOL, _("Pool")),
            ],
            _("How stakes are settled at the end of the game."),
            tips=[
                _("Play for the glory."),
                _("Every pair of players settles the difference of their scores."),
                _("Everyone antes to a pool and the winner takes it."),
            ],
        )
        self._stepper_row(
            page,
            556,
            "stake",
            _("Stake"),
            _("Per point (differences) or per player (pool)."),
            1,
            100,
            enabled=lambda values: values["settlement"] is not Settlement.NONE,
        )
