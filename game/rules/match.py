"""The match: one whole game as an explicit state machine.

A match moves through the :class:`Phase` values. Players act with
:meth:`Match.apply` in the bidding and playing phases; the other phases
(choosing the first dealer, dealing, the pause after a hand is scored) move on
with :meth:`Match.advance`. Both return the events that happened, for a view to
animate. :meth:`Match.legal_actions` is the one source of legality.

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

import operator
import random
from collections.abc import Sequence
from typing import Any, cast

from game.rules import verify
from game.rules.actions import SUIT_PLAYS, Action, Bid, Play, legal_plays
from game.rules.cards import PACK, SUIT_MASKS, Card, Suit, cards_in
from game.rules.errors import IllegalAction
from game.rules.events import (
    BidMade,
    BidsRevealed,
    BidSubmitted,
    CardPlayed,
    DealerChosen,
    Event,
    GameOver,
    HandScored,
    TotalAnnounced,
    TrickWon,
    Verdict,
)
from game.rules.phase import Phase
from game.rules.plan import TRUMPS_TURNED, Plan, plan_of
from game.rules.reasons import Refusal, Refused
from game.rules.results import HandResult, ScoredHand
from game.rules.ruleset import MAX_PLAYERS, PACK_SIZE, FirstDealer, RuleSet
from game.rules.scoring import final_totals, settle, winners_of
from game.rules.tricks import Trick, legal_mask
from game.rules.view import SeatView

# The phases as module constants: in Python 3.11 reading an attribute of an Enum class
# (``Phase.PLAYING``) costs about 0.1 us, ten times a local (``EnumType`` defines ``__getattr__``).
_CHOOSING_DEALER, _DEALING = Phase.CHOOSING_DEALER, Phase.DEALING
_BIDDING, _PLAYING = Phase.BIDDING, Phase.PLAYING
_HAND_SCORED, _GAME_OVER = Phase.HAND_SCORED, Phase.GAME_OVER
_MASK_OF = operator.attrgetter("mask")
_NEW, _SET = object.__new__, object.__setattr__


# Events are immutable values, so the two that every action makes are shared
# instances, like ``Play.of`` and ``Bid.of``: the hot path allocates no event.
_CARDS_PLAYED = tuple(tuple(CardPlayed(seat, card) for card in PACK) for seat in range(MAX_PLAYERS))
_BIDS_MADE = tuple(
    tuple(BidMade(seat, tricks) for tricks in range(PACK_SIZE + 1)) for seat in range(MAX_PLAYERS)
)
_BID_ROWS: dict[tuple[int, int, int | None], tuple[Bid, ...]] = {}


_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, len(PACK))))


def _fast_shuffle(rng: random.Random, pack: list[Any]) -> None:
    """``rng.shuffle(pack)`` for a whole pack, drawing exactly the same numbers from
    ``rng`` (so every deal stays the same), with the loop inlined: a fifth of a random
    game went into the library's per-card calls."""
    getrandbits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        pack[i], pack[j] = pack[j], pack[i]


def _same_as_library() -> bool:
    """Whether :func:`_fast_shuffle` matches this Python's ``random.shuffle`` (checked
    once, at import: should a future Python shuffle differently, the library's is used)."""
    if random.Random.shuffle.__code__ is not _LIBRARY_SHUFFLE_CODE:
        return False
    for seed in range(20):
        ours, theirs = list(PACK), list(PACK)
        first, second = random.Random(seed), random.Random(seed)
        _fast_shuffle(first, ours)
        second.shuffle(theirs)
        if ours != theirs or first.random() != second.random():
            return False
    return True


_LIBRARY_SHUFFLE_CODE = random.Random.shuffle.__code__
FAST_SHUFFLE = _same_as_library()


def _bid_row(seat: int, size: int, barred: int | None) -> tuple[Bid, ...]:
    """``seat``'s bids from 0 to ``size`` except ``barred``, built once per combination."""
    key = (seat, size, barred)
    row = _BID_ROWS.get(key)
    if row is None:
        row = _BID_ROWS[key] = tuple(Bid.of(seat, n) for n in range(size + 1) if n != barred)
    return row


class Match:
    """One game of the Oh Hell family. All randomness comes from ``random.Random(seed)``."""

    def __init__(self, rules: RuleSet, seed: int) -> None:
        players = rules.players
        self.rules = rules
        self.seed = seed
        self.players = players
        self._rng = random.Random(seed)
        self.phase = _CHOOSING_DEALER
        self.dealer = 0
        self.hand_number = 0
        self.hand_size = 0
        self.trump_card: Card | None = None
        self.trump: Suit | None = None
        self.leader = 0
        self._to_act: int | None = None
        self._hands = [0] * players
        self._dealt = [0] * players
        # The state is kept in lists, changed in place; views copy them (the bids and
        # the tricks taken and won, which change seldom, once after each change:
        # _frozen).
        self._bids: list[int | None] = [None] * players
        self._taken = [0] * players
        self._trick: list[Card] = []
        self._won: list[TrickWon] = []
        """The tricks of this hand so far, as their events (:attr:`tricks` reads them)."""
        self._played = 0
        self._trick_base = 0
        """The cards played before the trick in progress."""
        self._legal = 0
        """The mask of the cards the seat to act may play (0 outside the play): the
        match works it out whenever the seat to play changes."""
        self._legal_list: tuple[Action, ...] | None = None
        """The legal actions of the seat to act (bids or plays), once asked."""
        self._views: dict[int | None, SeatView] = {}
        """The views handed out since the state last changed (cleared when it does)."""
        self._next_seat = tuple((seat + 1) % players for seat in range(players))
        self._scores = (0,) * players
        self._results: tuple[HandResult, ...] = ()
        self._unrecorded: tuple[ScoredHand, ...] = ()
        """Hands scored whose :class:`HandResult` is not built yet (:attr:`results`)."""
        self._plan: Plan = plan_of(rules)
        self.actions: list[Action] = []
        self.winners: tuple[int, ...] = ()
        self.settlement: tuple[float, ...] | None = None
        self._hand_view: tuple[Any, ...] | None = None
        """What views copy that changes only between hands (None: to be built)."""
        self._frozen: tuple[tuple[int, ...], tuple[TrickWon, ...], tuple[int | None, ...]] | None
        self._frozen = None
        """The tricks taken and won and the bids as views copy them (None: to be built)."""
        self._now: tuple[Any, ...] | None = None
        """The state as the views handed out since it last changed hold it."""

    def __getstate__(self) -> dict[str, object]:
        """The match without its lazy views, caches or plan (copies and pickles start
        with none), its results built."""
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

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` can see (a spectator's view for None): a value that copies
        the public state and ``seat``'s own cards, and holds nothing else (no way
        back to the match). The same view is given again until the state changes."""
        views = self._views
        view = views.get(seat)
        if view is not None:
            return view
        if seat is not None and seat == self._to_act and self._legal_list is not None:
            legal = self._legal_list  # the very tuple the match keeps: no copy
            mask = self._hands[seat]
        elif seat is None:
            legal, mask = (), 0
        elif 0 <= seat < self.players:
            legal, mask = tuple(self.legal_actions(seat)), self._hands[seat]
        else:
            raise ValueError(f"there is no seat {seat} at a table of {self.players}")
        now = self._now
        if now is None:  # the state as every view of it holds it (shared, immutable)
            frozen = self._frozen
            if frozen is None:
                frozen = self._frozen = (tuple(self._taken), tuple(self._won), tuple(self._bids))
            between = self._hand_view
            if between is None:
                between = self._hand_view = self._between_hands()
            trick = tuple(self._trick)
            now = self._now = (self.phase, self.leader, self._to_act, trick, frozen, between)
        state = {"seat": seat, "legal": legal, "_mask": mask, "_now": now}
        if now[0] is _BIDDING and self.rules.simultaneous_bidding:
            # Secret bids: each seat sees only its own, and who has bid.
            bids = self._bids
            state["has_bid"] = tuple(bid is not None for bid in bids)
            state["bids"] = tuple(bid if i == seat else None for i, bid in enumerate(bids))
        view = views[seat] = _NEW(SeatView)
        _SET(view, "__dict__", state)  # SeatView._of, inlined
        return view

    def _between_hands(self) -> tuple[Any, ...]:
        """What views hold that changes only between hands (``view.BETWEEN_HANDS``,
        then the results built and the hands scored but not built yet)."""
        return (
            self.rules,
            self.hand_number,
            self.hand_size,
            self.dealer,
            self.trump_card,
            self.trump,
            self._scores,
            self.winners,
            self.settlement,
            self._results,
            self._unrecorded,
        )

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
        """Carry out a player's action and return its events.

        Raises :class:`IllegalAction` (saying why) and changes nothing if the
        action is not one of :meth:`legal_actions`.
        """
        kind = type(action)
        if kind is Play:
            # is_legal's test for a play, inlined: this is the engine's hottest line.
            seat, card = action.seat, action.card  # type: ignore[union-attr]
            if (
                self.phase is _PLAYING
                and type(seat) is int
                and seat == self._to_act
                and type(card) is Card
                and card.mask & self._legal
            ):
                if self._views:
                    self._views.clear()
                    self._now = None
                self.actions.append(action)
                # The play itself, inlined (it is most of the engine's work).
                mask = card.mask
                hands = self._hands
                hands[seat] ^= mask
                self._played |= mask
                trick = self._trick
                trick.append(card)
                if len(trick) < self.players:
                    after = self._to_act = self._next_seat[seat]
                    # The next seat's legal plays: legal_mask's first case (following
                    # suit) inlined, its plays looked up in that suit's table.
                    hand = hands[after]
                    led = trick[0].index // 13  # the suit as a plain int: faster to index with
                    follow = hand & SUIT_MASKS[led]
                    if follow:
                        self._legal = follow
                        self._legal_list = SUIT_PLAYS[after][led][follow >> 13 * led]
                    else:
                        legal = legal_mask(hand, led, self.trump, self.rules.must_trump)
                        self._legal = legal
                        self._legal_list = legal_plays(after, legal)
                    return [_CARDS_PLAYED[seat][card.index]]
                return self._trick_done(seat, card)
        elif kind is Bid and self._to_act is not None:
            # is_legal's test for a bid in turn, inlined (the hook is asked of the dealer).
            seat, tricks = action.seat, action.tricks  # type: ignore[union-attr]
            if (
                self.phase is _BIDDING
                and type(seat) is int
                and seat == self._to_act
                and type(tricks) is int
                and 0 <= tricks <= self.hand_size
                and (seat != self.dealer or tricks != self.forbidden_bid(seat))
            ):
                if self._views:
                    self._views.clear()
                    self._now = None
                self.actions.append(action)
                self._bids[seat] = tricks
                self._frozen = None
                dealer = self.dealer
                if seat != dealer:
                    after = self._to_act = self._next_seat[seat]
                    barred = self.forbidden_bid(after) if after == dealer else None
                    self._legal_list = _bid_row(after, self.hand_size, barred)
                    return [_BIDS_MADE[seat][tricks]]
                return self._bidding_done([_BIDS_MADE[seat][tricks]])
        elif self.is_legal(action):
            assert isinstance(action, Bid)
            if self._views:
                self._views.clear()
                self._now = None
            self.actions.append(action)
            return self._bid(action.seat, action.tricks)
        refused = self.refusal(action)
        assert refused is not None
        raise IllegalAction(refused)

    def advance(self) -> list[Event]:
        """Carry out the automatic step of this phase and return its events."""
        if self.phase.automatic:
            self._views.clear()
            self._hand_view = self._now = None
        if self.phase is _CHOOSING_DEALER:
            events: list[Event] = [self._choose_dealer()]
            self.hand_number = 1
            self.phase = _DEALING
            return events
        if self.phase is _DEALING:
            return self._deal()
        if self.phase is _HAND_SCORED:
            self.dealer = self.eldest
            self.hand_number += 1
            self.phase = _DEALING
            return [self._plan.dealer_passes(self.dealer, self.hand_number)]
        if self.phase is _GAME_OVER:
            raise IllegalAction(Refused(Refusal.GAME_OVER))
        raise IllegalAction(Refused(Refusal.WAITING, self.awaiting[0] if self.awaiting else None))

    def advance_until_decision(self) -> list[Event]:
        """Advance through automatic phases until a player must act or the game ends."""
        events: list[Event] = []
        while self.phase.automatic:
            events.extend(self.advance())
        return events

    # ------------------------------------------------------ phase helpers
    def _choose_dealer(self) -> DealerChosen:
        method = self.rules.first_dealer
        if method is FirstDealer.RANDOM:
            self.dealer = self._rng.randrange(self.players)
            return DealerChosen(self.dealer, method)
        if method is FirstDealer.FIRST_JACK:
            pack = self._shuffled()
            draws = []
            for index, card in enumerate(pack):
                draws.append((index % self.players, card))
                if card.rank == 11:
                    break
            self.dealer = draws[-1][0]
            return DealerChosen(self.dealer, method, (tuple(draws),))
        rounds = []
        contenders = list(range(self.players))
        while len(contenders) > 1:
            pack = self._shuffled()
            draw = tuple(zip(contenders, pack, strict=False))
            rounds.append(draw)
            top = max(card.rank for _, card in draw)
            contenders = [seat for seat, card in draw if card.rank == top]
        self.dealer = contenders[0]
        return DealerChosen(self.dealer, method, tuple(rounds))

    def _shuffled(self) -> list[Card]:
        pack = list(PACK)
        if FAST_SHUFFLE and type(self._rng) is random.Random:
            _fast_shuffle(self._rng, pack)
        else:
            self._rng.shuffle(pack)
        return pack

    def _deal(self) -> list[Event]:
        players, number, dealer, plan = self.players, self.hand_number, self.dealer, self._plan
        hand = plan.hand(number)
        size = hand.size
        dealt = size * players
        pack = self._shuffled()
        hands = self._hands
        for offset in range(players):
            seat = (dealer + 1 + offset) % players
            # The cards are distinct bits, so their sum is their union.
            hands[seat] = sum(map(_MASK_OF, pack[offset:dealt:players]))
        self._dealt = hands.copy()
        self.hand_size = size
        self._bids = [None] * players
        self._taken = [0] * players
        self._trick, self._won, self._played, self._trick_base = [], [], 0, 0
        self._frozen = None
        self._hand_view = None
        self._legal, self._legal_list = 0, None
        if hand.turned is None:
            self.trump_card = self.trump = None
            trump_event: Event = hand.no_trump  # type: ignore[assignment]
        else:
            card = self.trump_card = pack[hand.turned]
            self.trump = card.suit
            trump_event = TRUMPS_TURNED[plan.dealers_card][card.index]
        self.phase = _BIDDING
        self._to_act = None if self.rules.simultaneous_bidding else (dealer + 1) % players
        return [plan.hand_dealt(number, dealer, size), trump_event]

    def _bid(self, seat: int, tricks: int) -> list[Event]:
        self._bids[seat] = tricks
        self._frozen = None
        if self.rules.simultaneous_bidding:
            events: list[Event] = [BidSubmitted(seat)]
            if None in self._bids:
                return events
            events.append(
                BidsRevealed(tuple(tricks for tricks in self._bids if tricks is not None))
            )
        else:
            events = [_BIDS_MADE[seat][tricks]]
            if seat != self.dealer:
                self._to_act = (seat + 1) % self.players
                self._legal_list = None
                return events
        return self._bidding_done(events)

    def _bidding_done(self, events: list[Event]) -> list[Event]:
        """Every bid is in: announce the total if the rules say so, and start the play."""
        if self.rules.announce_total:
            total = sum(bid for bid in self._bids if bid is not None)
            verdict = Verdict.of(total, self.hand_size)
            events.append(TotalAnnounced(total, self.hand_size, verdict))
        self.phase = _PLAYING
        leader = self.leader = self._to_act = self.eldest
        legal = self._legal = self._hands[leader]  # a lead: any card (legal_mask's first case)
        self._legal_list = legal_plays(leader, legal)
        return events

    def _trick_done(self, seat: int, card: Card) -> list[Event]:
        """The events of the play that completed the trick, and the trick's end."""
        trick, leader, won, trump = self._trick, self.leader, self._won, self.trump
        # winning_position on the trick's mask: its highest trump, else its highest
        # card of the suit led (tests/test_engine_fast_paths.py holds them equal).
        cards = self._played ^ self._trick_base
        best = cards & SUIT_MASKS[trump] if trump is not None else 0
        if not best:
            best = cards & SUIT_MASKS[trick[0].suit]
        winner = (leader + trick.index(PACK[best.bit_length() - 1])) % self.players
        self._taken[winner] += 1
        trick_won = TrickWon(winner, tuple(trick), leader, len(won) + 1)
        won.append(trick_won)
        self._frozen = None
        self._trick = []
        self._trick_base = self._played
        self.leader = self._to_act = winner
        if len(won) == self.hand_size:
            self._legal, self._legal_list = 0, None
            return [_CARDS_PLAYED[seat][card.index], trick_won, *self._score_hand()]
        legal = self._legal = self._hands[winner]  # a lead: any card (legal_mask's first case)
        self._legal_list = legal_plays(winner, legal)
        return [_CARDS_PLAYED[seat][card.index], trick_won]

    def _score_hand(self) -> list[Event]:
        number, size = self.hand_number, self.hand_size
        hand = self._plan.hand(number)
        bids = cast(tuple[int, ...], tuple(self._bids))  # every seat has bid by now
        taken = tuple(self._taken)
        rows = map(hand.points.__getitem__, bids)  # hand.points[bid][taken]: hand_points
        points = tuple(map(operator.getitem, rows, taken))
        totals = scores = self._scores = tuple(map(operator.add, self._scores, points))
        dealt, won, card = tuple(self._dealt), tuple(self._won), self.trump_card
        scored = (number, self.dealer, size, dealt, card, bids, won, taken, points, totals)
        self._unrecorded += (ScoredHand._make(scored),)
        self._hand_view = None
        self._to_act = None
        events: list[Event] = [HandScored(number, bids, taken, points, totals)]
        target = self.rules.target_score
        if hand.last or (target is not None and max(scores) >= target):
            events.append(self._finish())
        else:
            self.phase = _HAND_SCORED
        return events

    def _record_results(self) -> None:
        """Build the :class:`HandResult` of every hand scored since the last time."""
        self._results += tuple(hand.result() for hand in self._unrecorded)
        self._unrecorded = ()

    def _finish(self) -> GameOver:
        self.phase = _GAME_OVER
        self._scores = tuple(final_totals(self.rules, self._scores))
        self.winners = winners_of(self._scores)
        self.settlement = settle(self.rules, self._scores)
        self._hand_view = None
        return GameOver(self.winners, self._scores, self.settlement, self.rules.settlement)
