"""The match: one whole game as an explicit state machine.

A match moves through the :class:`Phase` values. Players act with
:meth:`Match.apply` in the bidding and playing phases; the other phases
(choosing the first dealer, dealing, the pause after a hand is scored) move on
with :meth:`Match.advance`. Both return the events that happened, for a view to
animate. Every action is judged by the one verifier (:mod:`game.rules.verify`):
:meth:`Match.apply` asks it first, then hands the action to its phase's module;
:meth:`Match.legal_actions` lists what it allows.

>>> from game.rules.actions import Bid
>>> from game.rules.presets import PRESETS
>>> match = Match(PRESETS["oh-hell"].rules(4), seed=7)
>>> match.phase
<Phase.CHOOSING_DEALER: 'choosing-dealer'>
>>> _ = match.advance(), match.advance()
>>> match.phase, match.hand_size, len(match.hand(match.awaiting[0]))
(<Phase.BIDDING: 'bidding'>, 10, 10)
>>> match.apply(Bid.of(match.awaiting[0], 99))
Traceback (most recent call last):
...
game.rules.errors.IllegalAction: action refused: bid-too-high
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import game.rules.bidding as bidding
import game.rules.dealing as dealing
import game.rules.playing as playing
import game.rules.verify as verify
from game.rules.actions import Action, Bid, Play
from game.rules.cards import Card, Suit, cards_in
from game.rules.errors import IllegalAction
from game.rules.events import DealerPasses, Event, GameOver, HandScored
from game.rules.phase import Phase
from game.rules.plan import Plan, plan_of
from game.rules.reasons import Refusal, RefusedAction
from game.rules.results import HandResult
from game.rules.ruleset import RuleSet
from game.rules.scoring import final_totals, hand_points, settle, winners_of
from game.rules.state import HandState
from game.rules.tricks import Trick
from game.rules.view import SeatView


class Match:
    """One game of the Oh Hell family. All randomness comes from ``random.Random(seed)``.

    The hand in progress is a :class:`HandState` that the phases' modules change:
    dealing (:mod:`game.rules.dealing`), bidding (:mod:`game.rules.bidding`) and
    playing (:mod:`game.rules.playing`); the match keeps the game around it (the
    scores, the results, the log) and judges every action by :mod:`game.rules.verify`.
    """

    def __init__(self, rules: RuleSet, seed: int) -> None:
        self.rules, self.seed, self.players = rules, seed, rules.players
        self._rng = random.Random(seed)
        self._plan: Plan = plan_of(rules)
        self.phase = Phase.CHOOSING_DEALER
        self._hand = HandState.before_the_deal(rules.players)
        self._scores = (0,) * rules.players
        self._results: tuple[HandResult, ...] = ()
        self.actions: list[Action] = []
        self.winners: tuple[int, ...] = ()
        self.settlement: tuple[float, ...] | None = None
        self._views: dict[int | None, SeatView] = {}
        """The views handed out since the state last changed (cleared when it does)."""

    def __getstate__(self) -> dict[str, object]:
        """The match without its views or plan (copies and pickles start with none)."""
        state = self.__dict__.copy()
        state["_views"] = {}
        del state["_plan"]
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._plan = plan_of(self.rules)

    # ------------------------------------------------------------ reading
    @property
    def dealer(self) -> int:
        return self._hand.dealer

    @property
    def hand_number(self) -> int:
        return self._hand.number

    @property
    def hand_size(self) -> int:
        return self._hand.size

    @property
    def leader(self) -> int:
        """The seat that led the trick in progress (or the last trick)."""
        return self._hand.leader

    @property
    def trump_card(self) -> Card | None:
        return self._hand.trump_card

    @property
    def trump(self) -> Suit | None:
        return self._hand.trump

    @property
    def eldest(self) -> int:
        """The player to the dealer's left, who bids and leads first."""
        return (self.dealer + 1) % self.players

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats that may act now (several during simultaneous bidding)."""
        hand = self._hand
        if hand.to_act is not None:
            return (hand.to_act,)
        if self.phase is Phase.BIDDING:
            return tuple(seat for seat, bid in enumerate(hand.bids) if bid is None)
        return ()

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, in index order. Hidden information:
        give players :meth:`view` instead."""
        return cards_in(self._hand.hands[seat])

    def cards_of(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask (hidden information)."""
        return self._hand.hands[seat]

    def dealt_hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` was dealt this hand."""
        return cards_in(self._hand.dealt[seat])

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Every bid made this hand (including secret ones not yet revealed)."""
        return self._hand.bids

    @property
    def has_bid(self) -> tuple[bool, ...]:
        """Which seats have bid this hand (public, even while bids are secret)."""
        return tuple(bid is not None for bid in self._hand.bids)

    @property
    def bids_revealed(self) -> bool:
        return not (self.rules.simultaneous_bidding and self.phase is Phase.BIDDING)

    @property
    def taken(self) -> tuple[int, ...]:
        return self._hand.taken

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in play order from ``leader``."""
        return self._hand.trick

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of this hand."""
        return self._hand.tricks

    @property
    def played_mask(self) -> int:
        """The cards played so far in this hand."""
        hand = self._hand
        return sum(hand.dealt) ^ sum(hand.hands)  # the masks are disjoint: sums are unions

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every finished hand, in order."""
        return self._results

    @property
    def scores(self) -> tuple[int, ...]:
        return self._scores

    def forbidden_bid(self, seat: int) -> int | None:
        """The bid the hook forbids ``seat`` now, if any (:func:`verify.barred_bid`)."""
        return verify.barred_bid(self, seat)

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` can see (a spectator's view for None): a value holding the
        public state and the seat's own cards, and nothing else (no way back to the
        match); the same view again until the state changes."""
        view = self._views.get(seat)
        if view is None:
            if seat is not None and not 0 <= seat < self.players:
                raise ValueError(f"there is no seat {seat} at a table of {self.players}")
            view = self._views[seat] = self._view_of(seat)
        return view

    def _view_of(self, seat: int | None) -> SeatView:
        hand, revealed = self._hand, self.bids_revealed
        bids = hand.bids
        if not revealed:  # secret bids: each seat sees only its own
            bids = tuple(bid if index == seat else None for index, bid in enumerate(bids))
        # The fields in their order, unnamed: 21 keywords made ``ohhell simulate``, which
        # builds a view a turn, a tenth slower; the tests check each field against the match.
        return SeatView(
            seat,
            self.rules,
            self.phase,
            hand.number,
            hand.size,
            hand.dealer,
            () if seat is None else cards_in(hand.hands[seat]),  # the seat's hand
            hand.trump_card,
            hand.trump,
            bids,
            hand.taken,
            hand.leader,
            hand.trick,
            hand.tricks,
            self._scores,
            self._results,
            self.awaiting,
            () if seat is None else tuple(self.legal_actions(seat)),
            None if seat is None else verify.barred_bid(self, seat),  # forbidden_bid
            self.winners,
            self.settlement,
        )

    # ----------------------------------------------------------- legality
    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """Every action allowed now (only ``seat``'s when given), in a stable order:
        bids by seat then number, plays by card index."""
        hand = self._hand
        if hand.to_act is not None:
            return hand.legal if seat is None or seat == hand.to_act else []
        return [
            action
            for actor in self.awaiting  # secret bids: every seat yet to bid
            if seat is None or seat == actor
            for action in bidding.legal_bids(self.rules, hand, actor)
        ]

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is allowed now (:func:`verify.refusal` finds nothing).
        Wrongly typed actions (a float or bool seat or bid, a card that is not a
        :class:`Card`) never are."""
        return verify.refusal(self, action) is None

    def refusal(self, action: Action) -> RefusedAction | None:
        """Why ``action`` is illegal now, as data (``game.i18n.reasons`` words it);
        None when it is legal. The one verifier (:mod:`game.rules.verify`) says, as
        it does, from its own view, for a seat played from another computer."""
        return verify.refusal(self, action)

    # ------------------------------------------------------------- acting
    def apply(self, action: Action) -> list[Event]:
        """Carry out a player's action and return its events; raises
        :class:`IllegalAction` (saying why) and changes nothing if it is not allowed."""
        refused = verify.refusal(self, action)
        if refused is not None:
            raise IllegalAction(refused)
        self._views.clear()
        self.actions.append(action)
        hand = self._hand
        if self.phase is Phase.BIDDING:
            assert type(action) is Bid  # the verifier takes nothing else
            events = bidding.bid(self.rules, hand, action.seat, action.tricks)
            if None not in hand.bids:
                self.phase = Phase.PLAYING
                events += bidding.open_play(self.rules, hand)
            return events
        assert type(action) is Play
        events = playing.play(self.rules, hand, action.seat, action.card)
        if len(hand.tricks) == hand.size:
            events += self._score_hand()
        return events

    def advance(self) -> list[Event]:
        """Carry out the automatic step of this phase and return its events."""
        hand, phase = self._hand, self.phase
        if phase is Phase.GAME_OVER:
            raise IllegalAction(RefusedAction(Refusal.GAME_OVER))
        if not phase.automatic:
            raise IllegalAction(RefusedAction(Refusal.WAITING, self.awaiting[0]))
        self._views.clear()
        if phase is Phase.CHOOSING_DEALER:
            chosen = dealing.choose_dealer(self.rules, self._rng)
            hand.dealer, hand.number, self.phase = chosen.seat, 1, Phase.DEALING
            return [chosen]
        if phase is Phase.DEALING:
            pack = self._shuffled()
            self._hand = dealing.deal(self.rules, self._plan, pack, hand.number, hand.dealer)
            self.phase = Phase.BIDDING
            return dealing.dealt_events(self._plan, self._hand)
        # the hand is scored: the deal passes to the left
        hand.dealer, hand.number, self.phase = self.eldest, hand.number + 1, Phase.DEALING
        return [DealerPasses(hand.dealer, hand.number)]

    def advance_until_decision(self) -> list[Event]:
        """Advance through automatic phases until a player must act or the game ends."""
        events: list[Event] = []
        while self.phase.automatic:
            events.extend(self.advance())
        return events

    def _shuffled(self) -> list[Card]:
        """A pack shuffled by the match's own generator, for the next deal."""
        return dealing.shuffled(self._rng)

    def _score_hand(self) -> list[Event]:
        """Score the hand just played; end the game if it was the last or reached the
        target."""
        hand, rules = self._hand, self.rules
        bids = tuple(bid for bid in hand.bids if bid is not None)  # every seat has bid
        points = tuple(
            hand_points(rules, bid, took, hand.size)
            for bid, took in zip(bids, hand.taken, strict=True)
        )
        totals = self._scores = tuple(map(sum, zip(self._scores, points, strict=True)))
        self._results += (
            HandResult(
                number=hand.number,
                dealer=hand.dealer,
                size=hand.size,
                dealt=tuple(map(cards_in, hand.dealt)),
                trump_card=hand.trump_card,
                trump=hand.trump,
                bids=bids,
                tricks=hand.tricks,
                taken=hand.taken,
                points=points,
                totals=totals,
            ),
        )
        events: list[Event] = [HandScored(hand.number, bids, hand.taken, points, totals)]
        target = rules.target_score
        if self._plan.hand(hand.number).last or (target is not None and max(totals) >= target):
            events.append(self._finish())
        else:
            self.phase = Phase.HAND_SCORED
        return events

    def _finish(self) -> GameOver:
        """The game is over: the final totals, the winners and what the stakes settle."""
        self.phase = Phase.GAME_OVER
        scores = self._scores = final_totals(self.rules, self._scores)
        self.winners = winners_of(scores)
        self.settlement = settle(self.rules, scores)
        return GameOver(self.winners, scores, self.settlement, self.rules.settlement)
