"""The learned player with a look ahead (issue 50): its play-outs see what the table
shows each seat, end as the engine ends the hand, and read no hidden card."""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import replace

import pytest

from game.ai.base import play_match
from game.ai.expert import TREE, ExpertAgent
from game.ai.knowledge import knowledge_of
from game.ai.learned import learned_bid
from game.ai.levels import make_agent
from game.ai.likelihood import BidLikelihood
from game.ai.lookahead import (
    LOOKAHEAD,
    LookaheadConfig,
    LookaheadPlayer,
    guessed_bids,
    race,
)
from game.ai.playfeatures import PlaySituation, play_situation
from game.ai.playlikelihood import PlayLikelihood, moments_of
from game.ai.playmodel import LearnedPlayer, PlayModel, shipped_play_model
from game.ai.playout import Table, play_out, points_after, seen_by
from game.ai.sampling import DealSampler
from game.ai.trickmodel import shipped_model
from game.rules import PRESETS, Match, SeatView
from game.rules.actions import Action, Bid, Play
from game.rules.phase import Phase
from game.rules.presets import PRESET_LIST
from game.rules.ruleset import HandSequence
from tests.hidden import Checked, clairvoyant, copies, decides_the_same, standard_positions
from tests.models import random_play_model

QUICK = replace(LOOKAHEAD, deals=4, batch=0, oversample=1, bid_deals=0)
"""Plain play-outs on deals drawn blind."""
RACING = replace(
    LOOKAHEAD, deals=8, batch=4, bid_deals=4, oversample=2, play_sharpness=1.0, depth=1
)
"""Every option on: racing, bids played out, deals weighed by the opponents' bids."""


def one_hand(preset: str, players: int, seed: int, size: int) -> Match:
    """One hand of ``size`` cards; preset ``must-trump`` is oh-hell with La Podrida's rule."""
    rules = replace(
        PRESETS[preset.replace("must-trump", "oh-hell")].rules(players),
        sequence=HandSequence.CONSTANT,
        largest_hand=size,
        max_hands=1,
        target_score=None,
        must_trump=preset == "must-trump",
    )
    return Match(rules, seed)


def turns(match: Match) -> Iterator[tuple[int, SeatView]]:
    """Each decision of ``match`` in turn, as (seat, view); the caller applies the action."""
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            match.advance()
            continue
        seat = match.awaiting[0]
        yield seat, match.view(seat)


def test_every_seat_in_a_play_out_sees_what_its_view_shows() -> None:
    """The situation a play-out builds for any seat, from the table as the deciding seat
    sees it, is the one :func:`play_situation` reads from that seat's own view."""
    checked = 0
    for preset, players in [("oh-hell", 4), ("must-trump", 5), ("blob", 3), ("british-oh-hell", 6)]:
        match = one_hand(preset, players, 3, 6)
        agents = [make_agent("medium", seat) for seat in range(players)]
        for seat, view in turns(match):
            if match.phase is Phase.PLAYING:
                mine = knowledge_of(view)
                for other in range(players):
                    seen = knowledge_of(match.view(other))
                    table = Table.of(seen)
                    got = seen_by(
                        table, seat, mine.hand, seen.trick, seen.taken, seen.voids,
                        table.pool, table.done,
                    )  # fmt: skip
                    assert got == play_situation(mine), (preset, other)
                    checked += 1
            match.apply(agents[seat].choose(view))
    assert checked > 200


def test_each_play_replayed_shows_what_the_seat_saw_then() -> None:
    """The play likelihood replays the hand: at each earlier play, the situation it
    rebuilds for the seat that played (its hand then: its hand now and the cards it
    played since) is the one :func:`play_situation` read from that seat's view then."""
    for preset, players in [("oh-hell", 4), ("must-trump", 5), ("blob", 3)]:
        match = one_hand(preset, players, 4, 6)
        agents = [make_agent("medium", seat) for seat in range(players)]
        then: list[PlaySituation] = []
        for seat, view in turns(match):
            if match.phase is Phase.PLAYING:
                knowledge = knowledge_of(view)
                table = Table.of(knowledge)
                moments = moments_of(knowledge, table)
                assert [(m.seat, m.card) for m in moments] == [h[:2] for h in knowledge.history]
                for moment, situation in zip(moments, then, strict=True):
                    hand = match.cards_of(moment.seat) | moment.later
                    got = seen_by(
                        table, moment.seat, hand, moment.trick, moment.taken, moment.voids,
                        moment.pool, moment.done,
                    )  # fmt: skip
                    assert got == situation, (preset, moment)
                then.append(play_situation(knowledge))
            match.apply(agents[seat].choose(view))
        assert len(then) == 6 * players


def test_the_plays_made_are_likelier_with_the_true_hands_than_with_sampled_ones() -> None:
    """By the learned play model, medium players' latest plays are likelier, on
    average, with the hands they hold than with hands drawn blind."""
    model = shipped_play_model()
    assert model is not None
    rng = random.Random(2)
    true, drawn = [], []
    for seed in range(12):
        match = one_hand("oh-hell", 4, seed, 5)
        agents = [make_agent("medium", seat) for seat in range(4)]
        for seat, view in turns(match):
            if match.phase is Phase.PLAYING and len(view.tricks) == 3:
                knowledge = knowledge_of(view)
                likelihood = PlayLikelihood(knowledge, Table.of(knowledge), model)
                sampler = DealSampler(knowledge)
                for other in {moment.seat for moment in likelihood.moments}:
                    true.append(likelihood.log_chance(other, match.cards_of(other)))
                    deals = [sampler.sample(rng)[other] for _ in range(10)]
                    drawn += [likelihood.log_chance(other, held) for held in deals]
                break
            match.apply(agents[seat].choose(view))
    assert sum(true) / len(true) > sum(drawn) / len(drawn) + 0.1


def test_a_play_out_ends_the_hand_as_the_engine_does() -> None:
    """Played out on the true deal with the learned player's own card, a play-out gives
    every seat the tricks the engine gives it when learned players play the hand."""
    model = random_play_model(3)
    for preset, players, seed in [("oh-hell", 4, 1), ("must-trump", 4, 2), ("blob", 5, 3)]:
        match = one_hand(preset, players, seed, 7)
        agents = [LearnedPlayer(seat, model) for seat in range(players)]
        predicted: list[list[int]] = []
        for seat, view in turns(match):
            action = agents[seat].choose(view)
            if match.phase is Phase.PLAYING and isinstance(action, Play):
                table = Table.of(knowledge_of(view))
                hands = [match.cards_of(other) for other in range(players)]
                predicted.append(play_out(table, hands, action.card.index, model))
            match.apply(action)
        taken = list(match.results[0].taken)
        assert len(predicted) == 7 * players
        assert all(ends == taken for ends in predicted), preset


def test_a_play_out_cut_short_values_the_next_trick_as_each_seat_would() -> None:
    """With a depth, a play-out on the true deal stops in the trick after ``depth`` more,
    and each seat's points are what the model expects, from that seat's own view at the
    table, for the card it plays there; past the end it is the hand's points."""
    model = random_play_model(4)
    for preset, players, seed, depth in [("oh-hell", 4, 1, 0), ("blob", 5, 3, 1)]:
        match = one_hand(preset, players, seed, 6)
        agents = [LearnedPlayer(seat, model) for seat in range(players)]
        starts: list[tuple[int, Table, list[int], int]] = []
        expected: dict[tuple[int, int], float] = {}
        for seat, view in turns(match):
            action = agents[seat].choose(view)
            if match.phase is Phase.PLAYING and isinstance(action, Play):
                card = action.card.index
                knowledge = knowledge_of(view)
                table = Table.of(knowledge)
                done = len(view.tricks)
                hands = [match.cards_of(other) for other in range(players)]
                starts.append((done, table, hands, card))
                chances = model.distributions(play_situation(knowledge), [card])[card]
                row = table.points[seat]
                have = knowledge.taken[seat]
                expected[done, seat] = sum(p * row[have + k] for k, p in enumerate(chances))
            match.apply(action)
        final = [float(score) for score in match.results[0].points]
        for done, table, hands, card in starts:
            leaf = done + 1 + depth
            got = points_after(table, list(hands), card, model, depth)
            want = [expected[leaf, seat] for seat in range(players)] if leaf < 6 else final
            assert got == pytest.approx(want), (preset, done)
            assert points_after(table, list(hands), card, model, None) == final


def test_the_lookahead_is_legal_under_every_preset() -> None:
    model = random_play_model(7)
    for preset in PRESET_LIST:
        players = max(preset.min_players, 4 if preset.max_players >= 4 else 3)
        rules = replace(preset.rules(players), max_hands=1)
        agents = [Checked(LookaheadPlayer(seat, QUICK, model)) for seat in range(players)]
        play_match(rules, 5, agents)  # Checked asserts every action is legal


def lookahead(model: PlayModel, config: LookaheadConfig = QUICK) -> LookaheadPlayer:
    return LookaheadPlayer(6, config, model, fallback=make_agent("medium", 6))


@pytest.mark.parametrize("config", [QUICK, RACING], ids=["plain", "every option"])
def test_the_lookahead_reads_no_hidden_card(config: LookaheadConfig) -> None:
    model = random_play_model(5)
    for kind, match, seat in standard_positions():
        assert decides_the_same(match, seat, lookahead(model, config).choose), kind


def test_the_check_catches_a_lookahead_that_plays_out_the_true_deal() -> None:
    model = random_play_model(5)
    caught = 0
    for _, match, seat in standard_positions():
        if match.phase is not Phase.PLAYING:
            continue
        answers = []
        for board in [copy.deepcopy(match), *copies(match, seat)]:
            with clairvoyant(board):
                answers.append(repr(lookahead(model).choose(board.view(seat))))
        caught += len(set(answers)) > 1
    assert caught >= 1


def test_the_same_view_and_seed_give_the_same_card() -> None:
    model = random_play_model(2)
    match = one_hand("oh-hell", 5, 11, 8)
    agents = [make_agent("medium", seat) for seat in range(5)]
    views = []
    for seat, view in turns(match):
        if match.phase is Phase.PLAYING and len(view.legal) > 1:
            views.append(view)
        match.apply(agents[seat].choose(view))
    rng = random.Random(4)
    for view in rng.sample(views, 6):
        one = lookahead(model).choose(view)
        lookahead(model).choose(rng.choice(views))
        assert lookahead(model).choose(view) == one


def test_a_race_drops_a_clearly_worse_candidate_and_keeps_a_close_one() -> None:
    """Paired by deal, "close" differs from "best" by +2 or -2 (as good on average),
    "bad" is 4 behind give or take 1: only "bad" drops out, after the first batch."""
    deals = [([index], 1.0) for index in range(64)]
    calls: list[str] = []

    def outcome(deal: list[int], name: str) -> float:
        calls.append(name)
        sign = 1 if deal[0] % 2 else -1
        return {"best": 0.0, "close": 2.0 * sign, "bad": -4.0 + sign}[name] + deal[0] % 5

    def outcomes(alive: Sequence[str], batch: Sequence[list[int]]) -> list[list[float]]:
        return [[outcome(deal, name) for deal in batch] for name in alive]

    means = race(["best", "close", "bad"], deals, outcomes, batch=16, margin=2.0)
    assert means["bad"] == -math.inf
    assert calls.count("bad") == 16
    assert calls.count("best") == calls.count("close") == 64
    assert means["best"] == means["close"] == sum(index % 5 for index in range(64)) / 64
    everything = race(["best", "close", "bad"], deals, outcomes, batch=0, margin=2.0)
    assert everything["bad"] == means["best"] - 4.0


def test_long_hands_play_their_bids_out_on_fewer_deals() -> None:
    """With ``bid_plays``, a bid at 10 cards among 4 (40 cards a deal) is played out on
    as many deals as fit (3 for 120 cards), a bid at 2 cards on all 8."""
    model = shipped_play_model()
    assert model is not None
    config = replace(QUICK, bid_deals=8, bid_plays=120)
    for size, deals in ((10, 3), (2, 8)):
        match = one_hand("oh-hell", 4, 5, size)
        match.advance_until_decision()
        view = match.view(match.awaiting[0])
        player = LookaheadPlayer(1, config, model)
        assert isinstance(player.choose(view), Bid)
        candidates = min(config.bid_candidates, len(view.legal))
        assert player.simulated == 4 * size * deals * candidates, size


def test_the_bids_still_to_come_are_the_ones_the_learned_bid_makes() -> None:
    """Guessed on the true deal, the bids after this seat's are the bids the learned
    bid makes from each seat's own view at the table (the engine's hook included)."""
    model = shipped_model()
    assert model is not None
    hooked = 0
    for seed in range(12):
        match = one_hand("oh-hell", 4, seed, 5)
        match.advance_until_decision()
        seat = match.awaiting[0]
        knowledge = knowledge_of(match.view(seat))
        hands = [match.cards_of(other) for other in range(4)]
        mine = seed % 3
        guessed = guessed_bids(knowledge, hands, mine, model)
        match.apply(Bid.of(seat, mine))
        while match.phase is Phase.BIDDING:
            view = match.view(match.awaiting[0])
            match.apply(learned_bid(view, model))
            match.advance_until_decision()
        made = [bid for bid in match.view(seat).bids if bid is not None]
        assert guessed == made, seed
        hooked += sum(made) == 4 or sum(made) == 6
    assert hooked


def test_the_bids_made_are_likelier_with_the_true_hands_than_with_sampled_ones() -> None:
    """After medium players bid, the learned likelihood of each opponent's bid is
    higher, on average, with the hand it holds than with hands drawn blind."""
    model = shipped_model()
    assert model is not None
    rng = random.Random(1)
    true, drawn = [], []
    for seed in range(20):
        match = one_hand("oh-hell", 4, seed, 5)
        agents = [make_agent("medium", seat) for seat in range(4)]
        match.advance_until_decision()
        while match.phase is Phase.BIDDING:
            seat = match.awaiting[0]
            match.apply(agents[seat].choose(match.view(seat)))
            match.advance_until_decision()
        knowledge = knowledge_of(match.view(match.awaiting[0]))
        likelihood = BidLikelihood(knowledge, model)
        sampler = DealSampler(knowledge)
        for seat in likelihood.opponents:
            true.append(likelihood.log_chance(seat, match.cards_of(seat)))
            drawn += [likelihood.log_chance(seat, sampler.sample(rng)[seat]) for _ in range(10)]
    assert sum(true) / len(true) > sum(drawn) / len(drawn) + 1.0


# ------------------------------------------------------------ the expert level
class Sentinel:
    """A fallback that records the views it is asked about and plays the first legal action."""

    level = "sentinel"

    def __init__(self) -> None:
        self.asked: list[SeatView] = []

    def choose(self, view: SeatView) -> Action:
        self.asked.append(view)
        return view.legal[0]


def test_the_expert_plays_the_lookaheads_cards_and_falls_back_beyond_seven_seats() -> None:
    """The expert level plays the look-ahead's very cards (the ``lookahead`` its figures
    were measured as); at a table of 8 seats, which the models never learned, every
    decision goes to the fallback."""
    match = one_hand("oh-hell", 4, 11, 5)
    expert = make_agent("expert", 3)
    lookahead = LookaheadPlayer(3, fallback=make_agent("hard", 3))
    checked = 0
    for seat, view in turns(match):
        if seat == 0 and len(view.legal) > 1:
            assert expert.choose(view) == lookahead.choose(view)
            checked += 1
        match.apply(expert.choose(view) if seat == 0 else view.legal[0])
    assert checked >= 3
    for players in (7, 8):
        sentinel = Sentinel()
        player = LookaheadPlayer(3, QUICK, fallback=sentinel)
        match = one_hand("up-and-down-the-river", players, 11, 4)
        decided = 0
        for _seat, view in turns(match):
            decided += len(view.legal) > 1
            match.apply(player.choose(view))
        assert decided > 8
        assert len(sentinel.asked) == (decided if players == 8 else 0)


def test_without_play_weights_the_expert_plays_as_the_tree_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no play model to read, every card is the fallback's, and the expert level's
    fallback is the tree search at its own budget (the expert before the look-ahead)."""
    from game.ai import playmodel

    expert = make_agent("expert", 5)
    assert isinstance(expert, LookaheadPlayer)
    assert type(expert.fallback) is ExpertAgent and expert.fallback.config == TREE
    monkeypatch.setattr(playmodel, "shipped_play_model", lambda: None)
    sentinel = Sentinel()
    player = LookaheadPlayer(5, fallback=sentinel)
    match = one_hand("oh-hell", 4, 12, 5)
    plays = 0
    for _seat, view in turns(match):
        plays += match.phase is Phase.PLAYING and len(view.legal) > 1
        match.apply(player.choose(view))
    assert plays > 4
    assert len(sentinel.asked) == plays
    assert all(view.phase is Phase.PLAYING for view in sentinel.asked)
