"""The engine's fast paths agree with the plain code they replace.

* A seat's view from :meth:`Match.view` holds the match's immutable values and
  works out some fields from them when first read. Every field must equal the view
  built whole from the match (:func:`eager_view` below), whenever it is read,
  whatever is read first and however long after, for every seat and the
  spectator, in every preset.
* :meth:`Match.apply`'s inlined legality test for a play accepts exactly what
  :meth:`Match.is_legal` accepts and changes nothing when it refuses.
* The inlined shuffle draws the same numbers as ``random.shuffle``; ``plays_of``
  lists what ``PlaySet`` lists; :class:`RandomAgent` picks what ``rng.choice`` picks.
* The match's faster copies of rules: the legal actions it works out ahead (the
  follow-suit case inlined, plays from per-suit tables), a trick's winner found on
  its mask, the rule set's plan (hand sizes, trumps, points) and the hand results
  built when first read, each against the rules' own functions.
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
    Preset,
    RuleSet,
    SeatView,
    TrumpMethod,
    ZeroBid,
    dealing,
    verify,
)
from game.rules.actions import SUIT_PLAYS, Action, Bid, Play, PlaySet, legal_plays, plays_of
from game.rules.cards import PACK, SUIT_MASKS, Card, mask_of
from game.rules.errors import IllegalAction
from game.rules.events import DealerPasses, Event, HandDealt, HandScored, TrickWon
from game.rules.phase import AUTOMATIC
from game.rules.plan import plan_of
from game.rules.scoring import hand_points
from game.rules.tricks import legal_mask, trick_winner
from game.rules.view import FIELD_NAMES

CASES = [(preset, players) for preset in PRESET_LIST for players in preset.player_range]
IDS = [f"{preset.id}-{players}" for preset, players in CASES]


def eager_view(match: Match, seat: int | None) -> SeatView:
    """``seat``'s view built whole, field by field (the engine's code before views
    became lazy): the reference the lazy view is held to."""
    players = match.players
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


def fields_of(view: SeatView) -> dict[str, object]:
    return {name: getattr(view, name) for name in FIELD_NAMES}


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


@pytest.mark.parametrize(("preset", "players"), CASES, ids=IDS)
def test_lazy_views_equal_whole_views_at_every_state(preset: Preset, players: int) -> None:
    rules = dataclasses.replace(preset.rules(players), max_hands=2)
    rng = random.Random(players)
    kept: list[tuple[SeatView, SeatView]] = []
    for match in states(rules, seed=players * 7):
        for seat in seats(match):
            whole = eager_view(match, seat)
            fresh = match.view(seat)
            assert type(fresh) is SeatView
            assert fresh is match.view(seat), "the same state gives the same view"
            order = list(FIELD_NAMES)
            rng.shuffle(order)
            for name in order[: rng.randrange(len(order) + 1)]:
                assert getattr(fresh, name) == getattr(whole, name), name
            kept.append((fresh, whole))
    # Views kept (partly read or not at all) still show the state they were made in.
    for lazy, whole in kept:
        assert fields_of(lazy) == fields_of(whole)
        assert lazy == whole and hash(lazy) == hash(whole)
        assert "_source" not in vars(lazy)


@pytest.mark.parametrize("preset", ["oh-hell", "british-oh-hell"])
def test_secret_bids_stay_secret_in_lazy_views(preset: str) -> None:
    rules = dataclasses.replace(PRESETS[preset].rules(4), simultaneous_bidding=True, hook=False)
    match = Match(rules, 5)
    match.advance_until_decision()
    match.apply(Bid.of(2, 1))
    views = {seat: match.view(seat) for seat in seats(match)}
    match.apply(Bid.of(0, 0))  # freezes the views made before this bid
    assert views[2].bids == (None, None, 1, None) and views[0].bids == (None,) * 4
    assert views[None].bids == (None,) * 4
    assert views[1].has_bid == (False, False, True, False)
    assert match.view(0).bids == (0, None, None, None)


def test_a_view_is_never_a_way_to_the_match() -> None:
    match = Match(PRESETS["oh-hell"].rules(4), 3)
    match.advance_until_decision()
    view = match.view(match.awaiting[0])
    for value in fields_of(view).values():
        assert not isinstance(value, Match)
    match.apply(view.legal[0])
    assert not any(isinstance(value, Match) for value in vars(view).values())


def test_refused_actions_change_neither_match_nor_view() -> None:
    rng = random.Random(4)
    for match in states(PRESETS["oh-hell"].rules(4), seed=11, limit=400):
        if match.phase.automatic or match.phase is Phase.GAME_OVER:
            continue
        seat = match.awaiting[0]
        view = match.view(seat)
        before = pickle.dumps(match)
        tries: list[object] = [Play.of(s, card) for s in range(4) for card in rng.sample(PACK, 6)]
        tries += [Bid.of(s, n) for s in range(4) for n in range(0, 12, 3)]
        typed = len(tries)
        tries += [Play(True, PACK[0]), Play(seat, "AS"), Bid(seat, 1.0), Bid(float(seat), 1), None]  # type: ignore[arg-type]
        for index, action in enumerate(tries):
            legal = match.is_legal(action)  # type: ignore[arg-type]
            assert legal == (index < typed and action in match.legal_actions())
            if legal:
                continue
            with pytest.raises(IllegalAction):
                match.apply(action)  # type: ignore[arg-type]
            assert pickle.dumps(match) == before
        assert fields_of(view) == fields_of(eager_view(match, seat))


def test_copies_and_pickles_of_views_and_matches() -> None:
    match = Match(PRESETS["oh-hell"].rules(4), 8)
    match.advance_until_decision()
    view = match.view(1)
    whole = eager_view(match, 1)
    for copied in (copy.copy(view), copy.deepcopy(view), pickle.loads(pickle.dumps(view))):
        assert copied == whole and "_source" not in vars(copied)
    twin = copy.deepcopy(match)
    assert twin.view(2) == match.view(2) and twin.view(2) is not match.view(2)
    pickle.loads(pickle.dumps(match))


def test_views_kept_through_a_whole_game_show_their_own_moment() -> None:
    """Agents that keep every view they are given: replaying the game, each kept view
    equals the whole view of its moment."""
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


def test_random_agent_picks_what_rng_choice_picks() -> None:
    agent, reference = RandomAgent(9), random.Random(9)
    match = Match(PRESETS["oh-hell"].rules(4), 2)
    match.advance_until_decision()
    view = match.view(match.awaiting[0])
    for count in [*range(1, 40), 52, 3, 1, 17]:
        legal = tuple(Bid.of(0, n % 18) for n in range(count))
        object.__setattr__(view, "legal", legal)
        assert agent.choose(view) is reference.choice(legal)
    object.__setattr__(view, "legal", ())
    with pytest.raises(IndexError):
        agent.choose(view)


def test_random_games_are_the_games_they_were() -> None:
    """play_match with random agents replays move for move with the library's choice."""
    rules = PRESETS["oh-hell"].rules(4)
    for seed in range(3):
        fast = play_match(rules, seed, [RandomAgent(seed * 16 + s) for s in range(4)])
        rngs = [random.Random(seed * 16 + s) for s in range(4)]
        slow = Match(rules, seed)
        while slow.phase is not Phase.GAME_OVER:
            if slow.phase.automatic:
                slow.advance()
                continue
            seat = slow.awaiting[0]
            slow.apply(rngs[seat].choice(eager_view(slow, seat).legal))
        assert fast.actions == slow.actions and fast.scores == slow.scores


def test_the_inlined_shuffle_draws_what_random_shuffle_draws() -> None:
    assert dealing.FAST_SHUFFLE, "this Python's shuffle is the one the inlined copy follows"
    for seed in range(300):
        ours, theirs = list(PACK), list(PACK)
        first, second = random.Random(seed), random.Random(seed)
        for _ in range(3):
            dealing.fast_shuffle(first, ours)
            second.shuffle(theirs)
            assert ours == theirs
        assert first.getstate() == second.getstate()


def test_plays_of_lists_what_playset_lists() -> None:
    rng = random.Random(1)
    for _ in range(500):
        mask = rng.getrandbits(52) & rng.getrandbits(52)
        seat = rng.randrange(8)
        assert list(plays_of(seat, mask)) == list(PlaySet(seat, mask))
    assert plays_of(0, 0) == ()
    assert plays_of(3, PACK[51].mask) == (Play.of(3, Card.parse("AS")),)


def test_automatic_is_a_plain_flag() -> None:
    assert {phase for phase in Phase if phase.automatic} == AUTOMATIC
    assert pickle.loads(pickle.dumps(Phase.DEALING)).automatic


# ------------------------------------------------ faster copies against the rules
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


def reference_legal(match: Match, seat: int) -> list[Play | Bid]:
    """``seat``'s legal actions worked out from the rules' functions, from scratch."""
    if seat not in match.awaiting:
        return []
    if match.phase is Phase.PLAYING:
        led = match.trick[0].suit if match.trick else None
        hand = mask_of(match.hand(seat))
        return list(plays_of(seat, legal_mask(hand, led, match.trump, match.rules.must_trump)))
    barred = match.forbidden_bid(seat)
    return [Bid.of(seat, n) for n in range(match.hand_size + 1) if n != barred]


@pytest.mark.parametrize(("preset", "players"), CASES, ids=IDS)
def test_legal_actions_worked_out_ahead_are_the_rules(preset: Preset, players: int) -> None:
    """The match works out the next seat's legal actions as it applies an action (the
    follow-suit case of legal_mask inlined, plays from per-suit tables); they must be
    what the rules' functions give, for the whole table and for each seat."""
    rules = dataclasses.replace(preset.rules(players), max_hands=4)
    for match in states(rules, seed=players * 3, limit=400):
        if match.phase.automatic or match.phase is Phase.GAME_OVER:
            assert match.legal_actions() == []
            continue
        every = [action for seat in range(players) for action in reference_legal(match, seat)]
        assert list(match.legal_actions()) == every
        for seat in range(players):
            assert list(match.legal_actions(seat)) == reference_legal(match, seat)
            assert list(match.view(seat).legal) == reference_legal(match, seat)


@pytest.mark.parametrize(("preset", "players"), CASES, ids=IDS)
def test_trick_winners_are_trick_winner(preset: Preset, players: int) -> None:
    """The match finds a trick's winner on the trick's mask; trick_winner is the rule."""
    rules = dataclasses.replace(preset.rules(players), max_hands=5)
    tricks = 0
    for match, events in events_of_random_game(rules, seed=players):
        for event in events:
            if isinstance(event, TrickWon):
                position = trick_winner(event.cards, match.trump)
                assert event.seat == (event.leader + position) % players
                tricks += 1
    assert tricks > 0


def test_legal_plays_are_plays_of() -> None:
    rng = random.Random(2)
    for _ in range(2000):
        mask = rng.getrandbits(52) & rng.getrandbits(52) & rng.getrandbits(52)
        if rng.random() < 0.3:
            mask &= SUIT_MASKS[rng.randrange(4)]
        seat = rng.randrange(8)
        assert legal_plays(seat, mask) == plays_of(seat, mask)
        for suit in range(4):
            pattern = mask >> 13 * suit & 0x1FFF
            assert SUIT_PLAYS[seat][suit][pattern] == plays_of(seat, mask & SUIT_MASKS[suit])
    assert legal_plays(0, 0) == ()


RULE_SETS = [preset.rules(players) for preset, players in CASES] + [
    RuleSet(players=4, sequence=HandSequence.CONSTANT, largest_hand=5, target_score=100),
    RuleSet(players=5, trump=TrumpMethod.DEALERS_LAST_CARD, zero_bid=ZeroBid.FIVE_PLUS_TRICKS),
]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_plan_answers_what_the_rules_answer(rules: RuleSet) -> None:
    plan = plan_of(rules)
    assert plan_of(rules) is plan
    numbers = range(1, (rules.hand_count() or 40) + 1)
    for number in numbers:
        hand = plan.hand(number)
        size = rules.hand_size(number)
        assert (hand.size, hand.last) == (size, rules.is_last_hand(number))
        dealt = size * rules.players
        if hand.turned is None:
            assert hand.no_trump is not None and not rules.turns_card(number)
        else:
            assert hand.no_trump is None
            assert hand.turned == (dealt if rules.turns_card(number) else dealt - 1)
        table = hand.points
        for bid in range(size + 1):
            assert table[bid] == tuple(
                hand_points(rules, bid, took, size) for took in range(size + 1)
            )
        assert plan.hand_dealt(number, 1, size) == HandDealt(number, 1, size, rules.stripped)
        assert plan.dealer_passes(2, number) == DealerPasses(2, number)


def test_results_built_when_read_are_the_hands_as_they_ended() -> None:
    """A hand's HandResult is built when first read; it must show the hand as it was
    when scored, whenever it is read (at once, later, or after a copy)."""
    rules = PRESETS["oh-hell"].rules(4)
    rng = random.Random(5)
    expected: list[HandResult] = []
    copies: list[Match] = []
    for match, events in events_of_random_game(rules, seed=9):
        scored = [event for event in events if isinstance(event, HandScored)]
        if not scored:
            continue
        (event,) = scored
        expected.append(
            HandResult(
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
                totals=event.totals,
            )
        )
        if rng.random() < 0.3:
            assert match.results == tuple(expected)
        if rng.random() < 0.2:
            copies.append(copy.deepcopy(match))
    assert match.results == tuple(expected) and len(expected) == 19
    for twin in copies:
        assert twin.results == tuple(expected[: len(twin.results)])
        assert pickle.loads(pickle.dumps(twin)).results == twin.results


@pytest.mark.parametrize(("preset", "players"), CASES, ids=IDS)
def test_the_verifier_legal_actions_and_apply_agree(preset: Preset, players: int) -> None:
    """One verifier: an action is in ``legal_actions`` exactly when the verifier finds
    nothing against it, on the match and on the acting seat's own view (which gives
    the same reason word for word), and ``apply`` (its fast paths included) takes
    exactly those and refuses the rest with that reason, changing nothing."""
    rules = dataclasses.replace(preset.rules(players), max_hands=2, target_score=None)
    rng = random.Random(players)
    for match in states(rules, seed=players * 5, limit=250):
        legal = set(match.legal_actions())
        tried: list[Action] = [Bid.of(s, n) for s in range(players) for n in range(-1, 15)]
        tried += [Play.of(s, card) for s in range(players) for card in rng.sample(PACK, 8)]
        tried += [Play.of(s, card) for s in range(players) for card in match.hand(s)]
        for action in tried:
            refused = verify.refusal(match, action)
            assert (refused is None) == (action in legal) == match.is_legal(action), action
            if 0 <= action.seat < players and not match.phase.automatic:
                assert verify.refusal(match.view(action.seat), action) == refused, action
            if refused is not None:
                before = pickle.dumps(match)
                with pytest.raises(IllegalAction) as caught:
                    match.apply(action)
                assert caught.value.refused == refused and pickle.dumps(match) == before
