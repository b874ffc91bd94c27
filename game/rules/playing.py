"""The playing phase: a card played, a trick won.

The verifier (:mod:`game.rules.verify`) has allowed the card before :func:`play`
sees it; these functions change the :class:`HandState` and say what happened.
The hand's score is the match's to keep (:meth:`Match.apply`, after the last trick).
"""

from __future__ import annotations

from game.rules.actions import Play, legal_plays
from game.rules.cards import PACK, Card
from game.rules.events import CardPlayed, Event, TrickWon
from game.rules.ruleset import MAX_PLAYERS, RuleSet
from game.rules.state import HandState
from game.rules.tricks import Trick, legal_mask, trick_winner

CARDS_PLAYED = tuple(tuple(CardPlayed(seat, card) for card in PACK) for seat in range(MAX_PLAYERS))
"""Every card's event for every seat, made once (events are immutable values)."""


def plays_now(rules: RuleSet, state: HandState, seat: int) -> tuple[Play, ...]:
    """``seat``'s plays now: :func:`legal_mask` of its cards for the trick in progress."""
    led = state.trick[0].suit if state.trick else None
    return legal_plays(seat, legal_mask(state.hands[seat], led, state.trump, rules.must_trump))


def play(rules: RuleSet, state: HandState, seat: int, card: Card) -> list[Event]:
    """``seat`` plays ``card``: its events, and the trick's end once every seat played."""
    state.hands[seat] ^= card.mask
    state.trick = (*state.trick, card)
    events: list[Event] = [CARDS_PLAYED[seat][card.index]]
    if len(state.trick) < state.players:
        after = state.to_act = state.next_seat(seat)
        state.legal = plays_now(rules, state, after)
        return events
    events.append(_trick_won(state))
    if len(state.tricks) < state.size:
        state.legal = legal_plays(state.leader, state.hands[state.leader])
    else:  # the hand is over: the match scores it
        state.to_act, state.legal = None, ()
    return events


def _trick_won(state: HandState) -> TrickWon:
    """The trick is complete: its winner takes it and leads the next."""
    leader, cards = state.leader, state.trick
    winner = (leader + trick_winner(cards, state.trump)) % state.players
    state.tricks = (*state.tricks, Trick(leader, cards, winner))
    taken = list(state.taken)
    taken[winner] += 1
    state.taken = tuple(taken)
    state.leader = state.to_act = winner
    state.trick = ()
    return TrickWon(winner, cards, leader, len(state.tricks))
