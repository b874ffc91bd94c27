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

import random
from collections.abc import Sequence

from game.rules.actions import Action, Bid, Play, PlaySet
from game.rules.cards import PACK, SUIT_MASKS, Card, Suit, cards_in
from game.rules.errors import IllegalAction
from game.rules.events import (
    BidMade,
    BidsRevealed,
    BidSubmitted,
    CardPlayed,
    DealerChosen,
    DealerPasses,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    NoTrump,
    TotalAnnounced,
    TrickWon,
    TrumpTurned,
    Verdict,
)
from game.rules.phase import Phase
from game.rules.reasons import NoTrumpReason, Refusal, Refused
from game.rules.results import HandResult
from game.rules.ruleset import FirstDealer, RuleSet, TrumpMethod
from game.rules.scoring import final_totals, hand_points, settle, winners_of
from game.rules.tricks import Trick, legal_mask, trick_winner
from game.rules.view import SeatView


def _well_typed(action: Bid | Play) -> bool:
    """Whether the fields of ``action`` have the types the engine reads."""
    if type(action.seat) is not int:
        return False
    if isinstance(action, Bid):
        return type(action.tricks) is int
    return type(action.card) is Card


class Match:
    """One game of the Oh Hell family. All randomness comes from ``random.Random(seed)``."""

    def __init__(self, rules: RuleSet, seed: int) -> None:
        players = rules.players
        self.rules = rules
        self.seed = seed
        self.players = players
        self._rng = random.Random(seed)
        self.phase = Phase.CHOOSING_DEALER
        self.dealer = 0
        self.hand_number = 0
        self.hand_size = 0
        self.trump_card: Card | None = None
        self.trump: Suit | None = None
        self.leader = 0
        self._to_act: int | None = None
        self._hands = [0] * players
        self._dealt = [0] * players
        self._bids: list[int | None] = [None] * players
        self._taken = [0] * players
        self._trick: list[Card] = []
        self._tricks: list[Trick] = []
        self._played = 0
        self._legal = -1
        self._scores = [0] * players
        self.results: list[HandResult] = []
        self.actions: list[Action] = []
        self.winners: tuple[int, ...] = ()
        self.settlement: tuple[float, ...] | None = None

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
        if self.phase is Phase.BIDDING:
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
        return tuple(self._tricks)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    @property
    def played_mask(self) -> int:
        """The cards played so far in this hand."""
        return self._played

    @property
    def bids_revealed(self) -> bool:
        return not (self.rules.simultaneous_bidding and self.phase is Phase.BIDDING)

    def dealt_hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` was dealt this hand."""
        return tuple(cards_in(self._dealt[seat]))

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` can see (a spectator's view for None)."""
        return seat_view(self, seat)

    def forbidden_bid(self, seat: int) -> int | None:
        """The bid the hook forbids ``seat`` now, if any."""
        if not self.rules.hook or seat != self.dealer or self.phase is not Phase.BIDDING:
            return None
        rest = sum(bid for bid in self._bids if bid is not None)
        barred = self.hand_size - rest
        return barred if barred >= 0 else None

    # ----------------------------------------------------------- legality
    def legal_actions(self, seat: int | None = None) -> Sequence[Action]:
        """Every action allowed now (only ``seat``'s when given), in a stable order:
        bids by seat then number, plays by card index."""
        if self.phase is Phase.PLAYING:
            actor = self._to_act
            if actor is None or (seat is not None and seat != actor):
                return []
            return PlaySet(actor, self._legal_play_mask())
        if self.phase is Phase.BIDDING:
            actions: list[Action] = []
            for actor in self.awaiting:
                if seat is None or seat == actor:
                    barred = self.forbidden_bid(actor)
                    actions.extend(
                        Bid.of(actor, n) for n in range(self.hand_size + 1) if n != barred
                    )
            return actions
        return []

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is one of :meth:`legal_actions`. Wrongly typed actions
        (a float or bool seat or bid, a card that is not a :class:`Card`) never are."""
        if type(action) is Play:
            return (
                self.phase is Phase.PLAYING
                and type(action.seat) is int
                and action.seat == self._to_act
                and type(action.card) is Card
                and bool(action.card.mask & self._legal_play_mask())
            )
        if type(action) is Bid:
            return (
                self.phase is Phase.BIDDING
                and type(action.seat) is int
                and type(action.tricks) is int
                and action.seat in self.awaiting
                and 0 <= action.tricks <= self.hand_size
                and action.tricks != self.forbidden_bid(action.seat)
            )
        return False

    def refusal(self, action: Action) -> Refused | None:
        """Why ``action`` is illegal now, as data (``game.i18n.reasons`` words it);
        None when it is legal."""
        if self.is_legal(action):
            return None
        if self.phase is Phase.GAME_OVER:
            return Refused(Refusal.GAME_OVER)
        if self.phase.automatic:
            return Refused(Refusal.NOT_DEALT)
        if type(action) not in (Bid, Play):
            return Refused(Refusal.NOT_AN_ACTION)
        if not _well_typed(action):
            return Refused(Refusal.ILL_TYPED)
        if isinstance(action, Bid):
            return self._refuse_bid(action)
        return self._refuse_play(action)

    def _refuse_bid(self, bid: Bid) -> Refused:
        seat, tricks = bid.seat, self.hand_size
        if self.phase is not Phase.BIDDING:
            return Refused(Refusal.BIDDING_OVER, seat)
        if seat not in range(self.players):
            return Refused(Refusal.NO_SUCH_SEAT, seat)
        if seat not in self.awaiting:
            if self._bids[seat] is not None:
                return Refused(Refusal.ALREADY_BID, seat)
            return Refused(Refusal.NOT_YOUR_BID, seat)
        if bid.tricks < 0:
            return Refused(Refusal.NEGATIVE_BID, seat, bid.tricks, tricks)
        if bid.tricks > tricks:
            return Refused(Refusal.BID_TOO_HIGH, seat, bid.tricks, tricks)
        return Refused(Refusal.HOOK, seat, bid.tricks, tricks)

    def _refuse_play(self, play: Play) -> Refused:
        seat, card = play.seat, play.card
        if self.phase is not Phase.PLAYING:
            return Refused(Refusal.NOT_PLAYING, seat, card=card)
        if seat != self._to_act:
            return Refused(Refusal.NOT_YOUR_PLAY, seat, card=card)
        if not card.mask & self._hands[seat]:
            return Refused(Refusal.NOT_HELD, seat, card=card)
        led = self._trick[0].suit
        if self._hands[seat] & SUIT_MASKS[led]:
            return Refused(Refusal.MUST_FOLLOW, seat, card=card, led=led)
        return Refused(Refusal.MUST_TRUMP, seat, card=card, led=led, trump=self.trump)

    def _legal_play_mask(self) -> int:
        """The cards the seat to act may play (cached until the next play)."""
        if self._legal < 0:
            led = self._trick[0].suit if self._trick else None
            hand = self._hands[self._to_act or 0]
            self._legal = legal_mask(hand, led, self.trump, self.rules.must_trump)
        return self._legal

    # ------------------------------------------------------------- acting
    def apply(self, action: Action) -> list[Event]:
        """Carry out a player's action and return its events.

        Raises :class:`IllegalAction` (saying why) and changes nothing if the
        action is not one of :meth:`legal_actions`.
        """
        if not self.is_legal(action):
            refused = self.refusal(action)
            assert refused is not None
            raise IllegalAction(refused)
        self.actions.append(action)
        if type(action) is Play:
            return self._play(action.seat, action.card)
        assert isinstance(action, Bid)
        return self._bid(action.seat, action.tricks)

    def advance(self) -> list[Event]:
        """Carry out the automatic step of this phase and return its events."""
        if self.phase is Phase.CHOOSING_DEALER:
            events: list[Event] = [self._choose_dealer()]
            self.hand_number = 1
            self.phase = Phase.DEALING
            return events
        if self.phase is Phase.DEALING:
            return self._deal()
        if self.phase is Phase.HAND_SCORED:
            self.dealer = self.eldest
            self.hand_number += 1
            self.phase = Phase.DEALING
            return [DealerPasses(self.dealer, self.hand_number)]
        if self.phase is Phase.GAME_OVER:
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
        self._rng.shuffle(pack)
        return pack

    def _deal(self) -> list[Event]:
        rules, players = self.rules, self.players
        size = rules.hand_size(self.hand_number)
        pack = self._shuffled()[: rules.pack_size]
        for offset in range(players):
            seat = (self.dealer + 1 + offset) % players
            mask = 0
            for card in pack[offset : size * players : players]:
                mask |= card.mask
            self._hands[seat] = self._dealt[seat] = mask
        self.hand_size = size
        self._bids = [None] * players
        self._taken = [0] * players
        self._trick, self._tricks, self._played = [], [], 0
        events: list[Event] = [HandDealt(self.hand_number, self.dealer, size, rules.stripped)]
        events.append(self._fix_trump(pack, size * players))
        self.phase = Phase.BIDDING
        self._to_act = None if rules.simultaneous_bidding else self.eldest
        return events

    def _fix_trump(self, pack: list[Card], dealt: int) -> Event:
        rules, number = self.rules, self.hand_number
        self.trump_card = self.trump = None
        if rules.trump is TrumpMethod.NONE:
            return NoTrump(NoTrumpReason.NO_TRUMPS)
        if rules.no_trump_last_hand and rules.is_last_hand(number):
            return NoTrump(NoTrumpReason.LAST_HAND)
        if rules.trump is TrumpMethod.DEALERS_LAST_CARD:
            self.trump_card = pack[dealt - 1]
        elif rules.turns_card(number):
            self.trump_card = pack[dealt]
        else:
            return NoTrump(NoTrumpReason.PACK_EXHAUSTED)
        self.trump = self.trump_card.suit
        dealers = rules.trump is TrumpMethod.DEALERS_LAST_CARD
        return TrumpTurned(self.trump_card, self.trump, dealers)

    def _bid(self, seat: int, tricks: int) -> list[Event]:
        self._bids[seat] = tricks
        if self.rules.simultaneous_bidding:
            events: list[Event] = [BidSubmitted(seat)]
            if None in self._bids:
                return events
            events.append(
                BidsRevealed(tuple(tricks for tricks in self._bids if tricks is not None))
            )
        else:
            events = [BidMade(seat, tricks)]
            if seat != self.dealer:
                self._to_act = (seat + 1) % self.players
                return events
        if self.rules.announce_total:
            total = sum(bid for bid in self._bids if bid is not None)
            verdict = Verdict.of(total, self.hand_size)
            events.append(TotalAnnounced(total, self.hand_size, verdict))
        self.phase = Phase.PLAYING
        self.leader = self._to_act = self.eldest
        self._legal = -1
        return events

    def _play(self, seat: int, card: Card) -> list[Event]:
        self._legal = -1
        self._hands[seat] ^= card.mask
        self._played |= card.mask
        trick = self._trick
        trick.append(card)
        events: list[Event] = [CardPlayed(seat, card)]
        if len(trick) < self.players:
            self._to_act = (seat + 1) % self.players
            return events
        winner = (self.leader + trick_winner(trick, self.trump)) % self.players
        self._taken[winner] += 1
        done = Trick(self.leader, tuple(trick), winner)
        self._tricks.append(done)
        events.append(TrickWon(winner, done.cards, done.leader, len(self._tricks)))
        self._trick = []
        self.leader = self._to_act = winner
        if len(self._tricks) == self.hand_size:
            events.extend(self._score_hand())
        return events

    def _score_hand(self) -> list[Event]:
        rules, size = self.rules, self.hand_size
        bids = tuple(bid if bid is not None else 0 for bid in self._bids)
        taken = self._taken
        points = tuple(hand_points(rules, bid, taken[seat], size) for seat, bid in enumerate(bids))
        self._scores = [score + gained for score, gained in zip(self._scores, points, strict=True)]
        result = HandResult(
            number=self.hand_number,
            dealer=self.dealer,
            size=size,
            dealt=tuple(self.dealt_hand(seat) for seat in range(self.players)),
            trump_card=self.trump_card,
            trump=self.trump,
            bids=bids,
            tricks=tuple(self._tricks),
            taken=tuple(self._taken),
            points=points,
            totals=tuple(self._scores),
        )
        self.results.append(result)
        self._to_act = None
        events: list[Event] = [HandScored(result.number, bids, result.taken, points, result.totals)]
        if self._game_ends():
            events.append(self._finish())
        else:
            self.phase = Phase.HAND_SCORED
        return events

    def _game_ends(self) -> bool:
        target = self.rules.target_score
        if target is not None and max(self._scores) >= target:
            return True
        return self.rules.is_last_hand(self.hand_number)

    def _finish(self) -> GameOver:
        self.phase = Phase.GAME_OVER
        self._scores = list(final_totals(self.rules, self._scores))
        self.winners = winners_of(self._scores)
        self.settlement = settle(self.rules, self._scores)
        return GameOver(self.winners, tuple(self._scores), self.settlement, self.rules.settlement)


def seat_view(match: Match, seat: int | None) -> SeatView:
    """Build ``seat``'s view of ``match``."""
    players = match.players
    if seat is not None and not 0 <= seat < players:
        raise ValueError(f"there is no seat {seat} at a table of {players}")
    revealed = match.bids_revealed
    bids = tuple(
        bid if revealed or seat_index == seat else None for seat_index, bid in enumerate(match.bids)
    )
    return SeatView(
        seat=seat,
        rules=match.rules,
        phase=match.phase,
        hand_number=match.hand_number,
        hand_size=match.hand_size,
        dealer=match.dealer,
        hand=match.hand(seat) if seat is not None else (),
        hand_counts=tuple(len(match.hand(index)) for index in range(players)),
        trump_card=match.trump_card,
        trump=match.trump,
        bids=bids,
        has_bid=tuple(bid is not None for bid in match.bids),
        taken=match.taken,
        leader=match.leader,
        trick=match.trick,
        tricks=match.tricks,
        scores=match.scores,
        results=tuple(match.results),
        awaiting=match.awaiting,
        legal=tuple(match.legal_actions(seat)) if seat is not None else (),
        forbidden_bid=match.forbidden_bid(seat) if seat is not None else None,
        winners=match.winners,
        bids_revealed=revealed,
        settlement=match.settlement,
    )
