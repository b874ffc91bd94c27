"""The match: one whole game as an explicit state machine.

A match moves through the :class:`Phase` values. Players act with
:meth:`Match.apply` in the bidding and playing phases; the other phases
(choosing the first dealer, dealing, the pause after a hand is scored) move on
with :meth:`Match.advance`. Both return the events that happened, for a view to
animate. :meth:`Match.legal_actions` is the one source of legality.

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
from typing import Any

import game.rules.bidding as bidding
import game.rules.dealing as dealing
import game.rules.playing as playing
import game.rules.snapshot as snapshot
import game.rules.verify as verify
from game.rules.actions import SUIT_PLAYS, Action, Play, legal_plays
from game.rules.cards import SUIT_MASKS, Card, Suit, cards_in
from game.rules.errors import IllegalAction
from game.rules.events import Event, TrickWon
from game.rules.phase import Phase
from game.rules.plan import Plan, plan_of
from game.rules.reasons import Refusal, Refused
from game.rules.results import HandResult, ScoredHand
from game.rules.ruleset import RuleSet
from game.rules.tricks import Trick, legal_mask
from game.rules.view import SeatView

# The phases as module constants: in Python 3.11 reading an attribute of an Enum class
# (``Phase.PLAYING``) costs about 0.1 us, ten times a local (``EnumType`` defines ``__getattr__``).
_CHOOSING_DEALER, _DEALING = Phase.CHOOSING_DEALER, Phase.DEALING
_BIDDING, _PLAYING = Phase.BIDDING, Phase.PLAYING
_HAND_SCORED, _GAME_OVER = Phase.HAND_SCORED, Phase.GAME_OVER
_CARDS_PLAYED = playing.CARDS_PLAYED
_bid_row = bidding.bid_row


class Match:
    """One game of the Oh Hell family. All randomness comes from ``random.Random(seed)``.

    The phases' work is in modules of their own, which keep the match's state:
    dealing (:mod:`game.rules.dealing`), bidding (:mod:`game.rules.bidding`), a trick
    won and a hand scored (:mod:`game.rules.playing`); seats' views are made by
    :mod:`game.rules.snapshot`; every action is judged by :mod:`game.rules.verify`.
    """

    # The state of the hand in progress (set by _new_hand):
    _bids: list[int | None]
    _taken: list[int]
    _trick: list[Card]
    _won: list[TrickWon]
    """The tricks of this hand so far, as their events (:attr:`tricks` reads them)."""
    _played: int
    _trick_base: int
    """The cards played this hand, and those played before the trick in progress."""
    _legal: int
    """The mask of the cards the seat to act may play (0 outside the play)."""
    _legal_list: tuple[Action, ...] | None
    """The legal actions of the seat to act (bids or plays), once asked."""
    _frozen: tuple[tuple[int, ...], tuple[TrickWon, ...], tuple[int | None, ...]] | None
    """The tricks taken, won and the bids as views hold them (None: to be built)."""
    _hand_view: tuple[Any, ...] | None
    """What views hold that changes only between hands (None: to be built)."""

    def __init__(self, rules: RuleSet, seed: int) -> None:
        players = rules.players
        self.rules, self.seed, self.players = rules, seed, players
        self._rng = random.Random(seed)
        self._plan: Plan = plan_of(rules)
        self._next_seat = tuple((seat + 1) % players for seat in range(players))
        self.phase = _CHOOSING_DEALER
        self.dealer = self.hand_number = self.leader = 0
        self.trump_card: Card | None = None
        self.trump: Suit | None = None
        self._to_act: int | None = None
        self._hands = [0] * players
        self._dealt = [0] * players
        self._new_hand(0)
        self._scores = (0,) * players
        self._results: tuple[HandResult, ...] = ()
        self._unrecorded: tuple[ScoredHand, ...] = ()
        """Hands scored whose :class:`HandResult` is not built yet (:attr:`results`)."""
        self.actions: list[Action] = []
        self.winners: tuple[int, ...] = ()
        self.settlement: tuple[float, ...] | None = None
        self._views: dict[int | None, SeatView] = {}
        """The views handed out since the state last changed (cleared when it does)."""
        self._now: tuple[Any, ...] | None = None
        """The state as the views handed out since it last changed hold it."""

    def __getstate__(self) -> dict[str, object]:
        """The match without its views, caches or plan (copies and pickles start with
        none), its results built."""
        self._record_results()
        state = self.__dict__.copy()
        state.update(_views={}, _legal_list=None, _hand_view=None, _frozen=None, _now=None)
        del state["_plan"]
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._plan = plan_of(self.rules)

    # ------------------------------------------------------------ reading
    @property
    def eldest(self) -> int:
        """The player to the dealer's left, who bids and leads first."""
        return (self.dealer + 1) % self.players

    @property
    def awaiting(self) -> tuple[int, ...]:
        """The seats that may act now (several during simultaneous bidding)."""
        if self._to_act is not None:
            return (self._to_act,)
        if self.phase is _BIDDING:
            return tuple(seat for seat, bid in enumerate(self._bids) if bid is None)
        return ()

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, in index order. Hidden information:
        give players :meth:`view` instead."""
        return tuple(cards_in(self._hands[seat]))

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Every bid made this hand (including secret ones not yet revealed)."""
        return tuple(self._bids)

    @property
    def taken(self) -> tuple[int, ...]:
        return tuple(self._taken)

    @property
    def trick(self) -> tuple[Card, ...]:
        """The cards of the trick in progress, in play order from ``leader``."""
        return tuple(self._trick)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of this hand."""
        return tuple(Trick(won.leader, won.cards, won.seat) for won in self._won)

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every finished hand, in order (built when first read: only the score
        sheet, records and views need them)."""
        if self._unrecorded:
            self._record_results()
        return self._results

    @property
    def scores(self) -> tuple[int, ...]:
        return self._scores

    @property
    def played_mask(self) -> int:
        """The cards played so far in this hand."""
        return self._played

    @property
    def bids_revealed(self) -> bool:
        return not (self.rules.simultaneous_bidding and self.phase is _BIDDING)

    def dealt_hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` was dealt this hand."""
        return tuple(cards_in(self._dealt[seat]))

    view = snapshot.view_of
    """What ``seat`` can see (a spectator's view for None): a value holding the
    public state and the seat's own cards, and nothing else (no way back to the
    match); the same view again until the state changes."""

    @property
    def has_bid(self) -> tuple[bool, ...]:
        """Which seats have bid this hand (public, even while bids are secret)."""
        return tuple(bid is not None for bid in self._bids)

    def cards_of(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask (hidden information)."""
        return self._hands[seat]

    def forbidden_bid(self, seat: int) -> int | None:
        """The bid the hook forbids ``seat`` now, if any (:func:`verify.barred_bid`)."""
        if not self.rules.hook or seat != self.dealer:
            return None
        return verify.barred_bid(self, seat)

    # ----------------------------------------------------------- legality
    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """Every action allowed now (only ``seat``'s when given), in a stable order:
        bids by seat then number, plays by card index."""
        legal = self._legal_list  # the one seat to act's actions, once known
        if legal is not None:
            return legal if seat is None or seat == self._to_act else []
        phase = self.phase
        if phase is _PLAYING or phase is _BIDDING:
            actor = self._to_act
            if actor is not None:
                if phase is _PLAYING:
                    legal = legal_plays(actor, self._legal)
                else:
                    legal = _bid_row(actor, self.hand_size, self.forbidden_bid(actor))
                self._legal_list = legal
                return legal if seat is None or seat == actor else []
            if phase is _PLAYING:
                return []
            actions: list[Action] = []
            for actor in self.awaiting:
                if seat is None or seat == actor:
                    actions.extend(_bid_row(actor, self.hand_size, self.forbidden_bid(actor)))
            return actions
        return []

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is allowed now (:func:`verify.refusal` finds nothing).
        Wrongly typed actions (a float or bool seat or bid, a card that is not a
        :class:`Card`) never are."""
        return verify.refusal(self, action) is None

    def refusal(self, action: Action) -> Refused | None:
        """Why ``action`` is illegal now, as data (``game.i18n.reasons`` words it);
        None when it is legal. The one verifier (:mod:`game.rules.verify`) says, as
        it does, from its own view, for a seat played from another computer."""
        return verify.refusal(self, action)

    # ------------------------------------------------------------- acting
    def apply(self, action: Action) -> list[Event]:
        """Carry out a player's action and return its events; raises
        :class:`IllegalAction` (saying why) and changes nothing if it is not allowed.
        A card takes the fast path below (:func:`verify.verify_play`'s test, inlined:
        the engine's hottest line); anything else goes to :func:`bidding.apply_bid`."""
        if type(action) is not Play:
            return bidding.apply_bid(self, action)
        seat, card = action.seat, action.card
        if not (
            self.phase is _PLAYING
            and type(seat) is int
            and seat == self._to_act
            and type(card) is Card
            and card.mask & self._legal
        ):
            raise IllegalAction(verify.refusal(self, action) or Refused(Refusal.NOT_YOUR_PLAY))
        if self._views:  # _changing, inlined
            self._views.clear()
            self._now = None
        self.actions.append(action)
        mask = card.mask
        hands = self._hands
        hands[seat] ^= mask
        self._played |= mask
        trick = self._trick
        trick.append(card)
        if len(trick) == self.players:
            return playing.trick_done(self, seat, card)
        # The next seat's legal plays: legal_mask's first case (following suit)
        # inlined, its plays looked up in that suit's table.
        after = self._to_act = self._next_seat[seat]
        hand = hands[after]
        led = trick[0].index // 13  # the suit as a plain int: faster to index with
        follow = hand & SUIT_MASKS[led]
        if follow:
            self._legal, self._legal_list = follow, SUIT_PLAYS[after][led][follow >> 13 * led]
        else:
            legal = self._legal = legal_mask(hand, led, self.trump, self.rules.must_trump)
            self._legal_list = legal_plays(after, legal)
        return [_CARDS_PLAYED[seat][card.index]]

    def _changing(self) -> None:
        """The state is about to change: the views handed out keep what they hold."""
        self._views.clear()
        self._now = None

    def advance(self) -> list[Event]:
        """Carry out the automatic step of this phase and return its events."""
        phase = self.phase
        if phase is _GAME_OVER:
            raise IllegalAction(Refused(Refusal.GAME_OVER))
        if not phase.automatic:
            raise IllegalAction(Refused(Refusal.WAITING, self.awaiting[0]))
        self._changing()
        self._hand_view = None
        if phase is _CHOOSING_DEALER:
            chosen = dealing.choose_dealer(self.rules, self._rng)
            self.dealer, self.hand_number, self.phase = chosen.seat, 1, _DEALING
            return [chosen]
        if phase is _DEALING:
            return dealing.deal(self)
        self.dealer = self.eldest  # the hand is scored: the deal passes to the left
        self.hand_number += 1
        self.phase = _DEALING
        return [self._plan.dealer_passes(self.dealer, self.hand_number)]

    def advance_until_decision(self) -> list[Event]:
        """Advance through automatic phases until a player must act or the game ends."""
        events: list[Event] = []
        while self.phase.automatic:
            events.extend(self.advance())
        return events

    def _shuffled(self) -> list[Card]:
        """A pack shuffled by the match's own generator, for the next deal."""
        return dealing.shuffled(self._rng)

    def _new_hand(self, size: int) -> None:
        """Clear what a hand keeps, for a new one of ``size`` cards each. The state is
        kept in lists changed in place, which views copy (the bids and the tricks
        taken and won, which change seldom, once after each change: ``_frozen``)."""
        players = self.players
        self.hand_size = size
        self._bids = [None] * players
        self._taken = [0] * players
        self._trick, self._won = [], []
        self._played = self._trick_base = self._legal = 0
        self._frozen = self._hand_view = self._legal_list = None

    def _record_results(self) -> None:
        """Build the :class:`HandResult` of every hand scored since the last time."""
        self._results += tuple(hand.result() for hand in self._unrecorded)
        self._unrecorded = ()
