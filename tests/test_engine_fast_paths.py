"""The engine's few fast paths agree with the plain code they stand for, and the one
verifier agrees with the legal actions and with ``apply``.

* :func:`game.rules.verify.refusal` is the one source of legality: an action is in
  :meth:`Match.legal_actions` (worked out ahead by the phases' modules) exactly when
  the verifier finds nothing against it, on the match and on the seat's own view;
  ``apply`` takes exactly those and refuses the rest with that reason, changing
  nothing. Checked on a handful of rule sets that between them hold every rule the
  verifier reads (the sweep over every preset at every table size is ``slow``).
* A seat's view holds what the match shows, and keeps showing its own moment.
* The fast paths left: the inlined shuffle draws what ``random.shuffle`` draws; the
  legal plays looked up per suit are :func:`plays_of`; the cards of a mask looked up
  byte by byte are its cards bit by bit; the plan is the rules' answers;
  :class:`RandomAgent` picks what ``rng.choice`` picks.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from collections.abc import Iterator

import pytest

from game.ai.base import RandomAgent, play_match
from game.rules import (
    PRESET_LIST,
    PRESETS,
    HandResult,
    HandSequence,
    Match,
    Phase,
    RuleSet,
    SeatView,
    TrumpMethod,
    ZeroBid,
    dealing,
    verify,
)
from game.rules.actions import SUIT_PLAYS, Action, Bid, Play, legal_plays, plays_of
from game.rules.cards import PACK, SUIT_MASKS, cards_in, mask_of
from game.rules.errors import IllegalAction
from game.rules.events import Event, HandScored
from game.rules.phase import AUTOMATIC
from game.rules.plan import plan_of
from game.rules.tricks import legal_mask

EVERY_TABLE = [preset.rules(players) for preset in PRESET_LIST for players in preset.player_range]
EVERY_TABLE_IDS = [f"{p.id}-{n}" for p in PRESET_LIST for n in p.player_range]
FEATURED = {
    "hook": PRESETS["oh-hell"].rules(4),
    "dealers-card-target": PRESETS["oh-well"].rules(3),
    "total-announced": PRESETS["oh-pshaw"].rules(5),
    "secret-bids": RuleSet(players=4, simultaneous_bidding=True, largest_hand=5),
    "must-trump": RuleSet(players=5, must_trump=True, largest_hand=6),
    "no-trumps-eight": RuleSet(players=8, trump=TrumpMethod.NONE, largest_hand=6),
}
"""Rule sets that between them hold every rule the verifier and the phases read."""


def eager_view(match: Match, seat: int | None) -> SeatView:
    """``seat``'s view put together from the match's public reading, field by field."""
    revealed = match.bids_revealed
    bids = tuple(bid if revealed or index == seat else None for index, bid in enumerate(match.bids))
    return SeatView(
        seat=seat,
        rules=match.rules,
        phase=match.phase,
        hand_number=match.hand_number,
        hand_size=match.hand_size,
        dealer=match.dealer,
        hand=match.hand(seat) if seat is not None else (),
        trump_card=match.trump_card,
        trump=match.trump,
        bids=bids,
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
        settlement=match.settlement,
    )


def states(rules: RuleSet, seed: int, limit: int = 120) -> Iterator[Match]:
    """The live match at every state of a random game (automatic ones included)."""
    rng = random.Random(seed)
    match = Match(rules, seed)
    for _ in range(limit):
        yield match
        if match.phase is Phase.GAME_OVER:
            return
        if match.phase.automatic:
            match.advance()
            continue
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])


def seats(match: Match) -> list[int | None]:
    return [None, *range(match.players)]


# ------------------------------------------------------------ the one verifier
def reference_legal(match: Match, seat: int) -> list[Action]:
    """``seat``'s legal actions worked out from the rules' functions, from scratch."""
    if seat not in match.awaiting:
        return []
    if match.phase is Phase.PLAYING:
        led = match.trick[0].suit if match.trick else None
        hand = mask_of(match.hand(seat))
        return list(plays_of(seat, legal_mask(hand, led, match.trump, match.rules.must_trump)))
    barred = match.forbidden_bid(seat)
    return [Bid.of(seat, n) for n in range(match.hand_size + 1) if n != barred]


def check_one_verifier(rules: RuleSet, seed: int, limit: int, cards: int) -> None:
    """At each state of a random game: the legal actions (the table's and each seat's)
    are the rules', and the verifier, the seat's view and ``apply`` agree with them on
    bids of every number and on ``cards`` random cards per seat plus the cards held;
    every view's card counts and bids, worked out from its fields, are the match's."""
    rng, players = random.Random(seed), rules.players
    for match in states(rules, seed, limit):
        legal = list(match.legal_actions())
        assert legal == [a for seat in range(players) for a in reference_legal(match, seat)]
        for seat in range(players):
            assert list(match.legal_actions(seat)) == reference_legal(match, seat)
        counts = tuple(len(match.hand(seat)) for seat in range(players))
        for viewer in seats(match):  # what a view works out from its own fields
            view = match.view(viewer)
            assert view.hand_counts == counts
            assert (view.has_bid, view.bids_revealed) == (match.has_bid, match.bids_revealed)
        bids = range(-1, match.hand_size + 2)
        tried: list[Action] = [Bid.of(s, n) for s in range(players) for n in bids]
        tried += [Play.of(s, card) for s in range(players) for card in rng.sample(PACK, cards)]
        tried += [Play.of(s, card) for s in range(players) for card in match.hand(s)]
        before = pickle.dumps(match)
        for action in tried:
            refused = verify.refusal(match, action)
            assert (refused is None) == (action in legal) == match.is_legal(action), action
            if not match.phase.automatic:
                assert verify.refusal(match.view(action.seat), action) == refused, action
            if refused is not None:
                with pytest.raises(IllegalAction) as caught:
                    match.apply(action)
                assert caught.value.refused == refused, action
        assert pickle.dumps(match) == before, "a refused action changed the match"


@pytest.mark.parametrize("rules", FEATURED.values(), ids=FEATURED.keys())
def test_the_verifier_legal_actions_and_apply_agree(rules: RuleSet) -> None:
    check_one_verifier(dataclasses.replace(rules, max_hands=2, target_score=None), 5, 80, 4)


@pytest.mark.slow
@pytest.mark.parametrize("rules", EVERY_TABLE, ids=EVERY_TABLE_IDS)
def test_the_verifier_legal_actions_and_apply_agree_at_every_table(rules: RuleSet) -> None:
    check_one_verifier(dataclasses.replace(rules, max_hands=2, target_score=None), 7, 250, 8)


def test_wrong_things_are_refused_and_change_nothing() -> None:
    for match in states(PRESETS["oh-hell"].rules(4), seed=11, limit=60):
        if match.phase.automatic:
            continue
        seat, before = match.awaiting[0], pickle.dumps(match)
        view = match.view(seat)
        wrong: list[object] = [Play(True, PACK[0]), Play(seat, "AS"), Bid(seat, 1.0), None]  # type: ignore[arg-type]
        wrong.append(Bid(float(seat), 1))  # type: ignore[arg-type]
        for action in wrong:
            assert not match.is_legal(action)  # type: ignore[arg-type]
            with pytest.raises(IllegalAction):
                match.apply(action)  # type: ignore[arg-type]
            assert pickle.dumps(match) == before
        assert match.view(seat) is view


# ------------------------------------------------------------------- views
@pytest.mark.parametrize("name", ["hook", "secret-bids"])
def test_views_show_what_the_match_shows_and_keep_their_moment(name: str) -> None:
    rules = dataclasses.replace(FEATURED[name], max_hands=2)
    kept: list[tuple[SeatView, SeatView]] = []
    for match in states(rules, seed=7):
        for seat in seats(match):
            view = match.view(seat)
            assert view is match.view(seat), "the same state gives the same view"
            assert view == eager_view(match, seat)
            kept.append((view, eager_view(match, seat)))
    for view, then in kept:
        assert view == then and hash(view) == hash(then)


def test_secret_bids_stay_secret() -> None:
    rules = dataclasses.replace(PRESETS["oh-hell"].rules(4), simultaneous_bidding=True, hook=False)
    match = Match(rules, 5)
    match.advance_until_decision()
    match.apply(Bid.of(2, 1))
    views = {seat: match.view(seat) for seat in seats(match)}
    match.apply(Bid.of(0, 0))
    assert views[2].bids == (None, None, 1, None) and views[0].bids == (None,) * 4
    assert views[None].bids == (None,) * 4
    assert views[1].has_bid == (False, False, True, False)
    assert match.view(0).bids == (0, None, None, None)


def test_a_view_is_never_a_way_to_the_match() -> None:
    match = Match(PRESETS["oh-hell"].rules(4), 3)
    match.advance_until_decision()
    view = match.view(match.awaiting[0])
    for field in dataclasses.fields(view):
        assert not isinstance(getattr(view, field.name), Match)


def test_copies_and_pickles_of_views_and_matches() -> None:
    match = Match(PRESETS["oh-hell"].rules(4), 8)
    match.advance_until_decision()
    view = match.view(1)
    for copied in (copy.copy(view), copy.deepcopy(view), pickle.loads(pickle.dumps(view))):
        assert copied == eager_view(match, 1)
    twin = copy.deepcopy(match)
    assert twin.view(2) == match.view(2) and twin.view(2) is not match.view(2)
    again = pickle.loads(pickle.dumps(match))
    assert again.view(0) == match.view(0) and again.legal_actions() == match.legal_actions()


def test_views_kept_through_a_whole_game_show_their_own_moment() -> None:
    """Agents that keep every view they are given: replaying the game, each kept view
    equals the view of its moment."""
    kept: list[SeatView] = []

    class Keeping(RandomAgent):
        def choose(self, view: SeatView) -> Play | Bid:
            kept.append(view)
            return super().choose(view)

    rules = PRESETS["oh-hell"].rules(4)
    played = play_match(rules, 1, [Keeping(seat) for seat in range(4)])
    replay = Match(rules, 1)
    for index, action in enumerate(played.actions):
        replay.advance_until_decision()
        assert kept[index] == eager_view(replay, action.seat)
        replay.apply(action)
    assert len(kept) == len(played.actions)


def test_results_are_the_hands_as_they_ended() -> None:
    rules = PRESETS["oh-hell"].rules(4)
    expected: list[HandResult] = []
    for match, events in events_of_random_game(rules, seed=9):
        for event in events:
            if isinstance(event, HandScored):
                assert match.results[-1] == HandResult(
                    number=match.hand_number,
                    dealer=match.dealer,
                    size=match.hand_size,
                    dealt=tuple(match.dealt_hand(seat) for seat in range(4)),
                    trump_card=match.trump_card,
                    trump=match.trump,
                    bids=event.bids,
                    tricks=match.tricks,
                    taken=event.taken,
                    points=event.points,
                    totals=match.results[-1].totals,
                )
                expected.append(match.results[-1])
    assert match.results == tuple(expected) and len(expected) == 19


def events_of_random_game(rules: RuleSet, seed: int) -> Iterator[tuple[Match, list[Event]]]:
    """The match and the events of every step of a random game."""
    rng = random.Random(seed)
    match = Match(rules, seed)
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            yield match, match.advance()
            continue
        legal = match.legal_actions()
        yield match, match.apply(legal[rng.randrange(len(legal))])


# ----------------------------------------------------------- the fast paths
def test_random_agent_picks_what_rng_choice_picks() -> None:
    agent, reference = RandomAgent(9), random.Random(9)
    match = Match(PRESETS["oh-hell"].rules(4), 2)
    match.advance_until_decision()
    view = match.view(match.awaiting[0])
    for count in [*range(1, 40), 52, 3, 1, 17]:
        legal = tuple(Bid.of(0, n % 18) for n in range(count))
        assert agent.choose(dataclasses.replace(view, legal=legal)) is reference.choice(legal)
    with pytest.raises(IndexError):
        agent.choose(dataclasses.replace(view, legal=()))


def test_random_games_are_the_games_they_were() -> None:
    """play_match with random agents replays move for move with the library's choice."""
    rules = PRESETS["oh-hell"].rules(4)
    for seed in range(2):
        fast = play_match(rules, seed, [RandomAgent(seed * 16 + s) for s in range(4)])
        rngs = [random.Random(seed * 16 + s) for s in range(4)]
        slow = Match(rules, seed)
        while slow.phase is not Phase.GAME_OVER:
            if slow.phase.automatic:
                slow.advance()
                continue
            seat = slow.awaiting[0]
            slow.apply(rngs[seat].choice(reference_legal(slow, seat)))
        assert fast.actions == slow.actions and fast.scores == slow.scores


def test_the_inlined_shuffle_draws_what_random_shuffle_draws() -> None:
    assert dealing.FAST_SHUFFLE, "this Python's shuffle is the one the inlined copy follows"
    for seed in range(100):
        ours, theirs = list(PACK), list(PACK)
        first, second = random.Random(seed), random.Random(seed)
        for _ in range(3):
            dealing.fast_shuffle(first, ours)
            second.shuffle(theirs)
            assert ours == theirs
        assert first.getstate() == second.getstate()


def test_legal_plays_are_plays_of() -> None:
    rng = random.Random(2)
    for _ in range(1000):
        mask = rng.getrandbits(52) & rng.getrandbits(52) & rng.getrandbits(52)
        if rng.random() < 0.3:
            mask &= SUIT_MASKS[rng.randrange(4)]
        seat = rng.randrange(8)
        assert legal_plays(seat, mask) == plays_of(seat, mask)
        for suit in range(4):
            pattern = mask >> 13 * suit & 0x1FFF
            assert SUIT_PLAYS[seat][suit][pattern] == plays_of(seat, mask & SUIT_MASKS[suit])
    assert legal_plays(0, 0) == ()


def test_the_cards_of_a_mask_are_its_bits() -> None:
    rng = random.Random(3)
    masks = [0, (1 << 52) - 1] + [rng.getrandbits(52) & rng.getrandbits(52) for _ in range(500)]
    for mask in masks:
        assert cards_in(mask) == tuple(card for card in PACK if mask >> card.index & 1)
    with pytest.raises(IndexError):
        cards_in(1 << 52)  # no such card


def test_automatic_is_a_plain_flag() -> None:
    assert {phase for phase in Phase if phase.automatic} == AUTOMATIC
    assert pickle.loads(pickle.dumps(Phase.DEALING)).automatic


PLANNED = [
    PRESETS["oh-hell"].rules(4),
    PRESETS["oh-well"].rules(7),
    PRESETS["up-and-down-the-river"].rules(8),
    RuleSet(players=4, sequence=HandSequence.CONSTANT, largest_hand=5, target_score=100),
    RuleSet(players=5, trump=TrumpMethod.DEALERS_LAST_CARD, zero_bid=ZeroBid.FIVE_PLUS_TRICKS),
    RuleSet(players=4, no_trump_last_hand=True, no_trump_when_exhausted=True, largest_hand=13),
]


@pytest.mark.parametrize("rules", PLANNED)
def test_the_plan_answers_what_the_rules_answer(rules: RuleSet) -> None:
    plan = plan_of(rules)
    assert plan_of(rules) is plan
    for number in range(1, (rules.hand_count() or 40) + 1):
        hand = plan.hand(number)
        size = rules.hand_size(number)
        assert (hand.size, hand.last) == (size, rules.is_last_hand(number))
        dealt = size * rules.players
        if hand.turned is None:
            assert hand.no_trump is not None and not rules.turns_card(number)
        else:
            assert hand.no_trump is None
            assert hand.turned == (dealt if rules.turns_card(number) else dealt - 1)
