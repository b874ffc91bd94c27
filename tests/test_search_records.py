"""Search targets for the play model (issue 50, expert iteration): each of a decision's
best cards is played out on the same sampled deals, the records see only the seat's
view, the trick in progress is won as the rules say, and a shard reproduces."""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path

import pytest

from game.ai.features import situation_of
from game.ai.knowledge import knowledge_of
from game.ai.lookahead import LOOKAHEAD, LookaheadPlayer
from game.ai.playfeatures import play_situation
from game.ai.playmodel import LearnedPlayer, PlayModel
from game.ai.playrecords import PlayRecord, read_plays
from game.ai.search import card_classes
from game.ai.searchrecords import (
    CANDIDATES,
    dealt_bid_records,
    dealt_records,
    play_shard_dealt_bids,
    play_shard_search,
    search_records,
)
from game.ai.selfplay import BidRecord, read_records
from game.rules import Match, SeatView
from game.rules.actions import Bid, Play
from game.rules.phase import Phase
from game.rules.tricks import winning_position
from tests.hidden import copies, standard_positions
from tests.models import random_model, random_play_model
from tests.test_learned_play import play_views
from tests.test_lookahead import one_hand, turns
from tests.tool_module import load_tool

DEALS = 6


def searcher(model: PlayModel) -> LookaheadPlayer:
    return LookaheadPlayer(7, replace(LOOKAHEAD, deals=DEALS), model)


def records_at(view: SeatView, model: PlayModel) -> list[PlayRecord]:
    return search_records(view, searcher(model), model, DEALS)


def play_positions() -> list[tuple[Match, int]]:
    return [(m, seat) for _, m, seat in standard_positions() if m.phase is Phase.PLAYING]


def test_search_records_see_only_the_seats_view() -> None:
    """Redealing the other hands as the seat could not tell apart gives the same records."""
    model = random_play_model(5)
    checked = 0
    for match, seat in play_positions():
        first = records_at(copy.deepcopy(match).view(seat), model)
        assert first
        for twin in copies(match, seat):
            assert records_at(twin.view(seat), model) == first
        checked += 1
    assert checked >= 4


def test_each_candidate_is_played_out_on_every_deal() -> None:
    model = random_play_model(3)
    for view in play_views("oh-hell", 4, seed=11, size=6)[:12]:
        knowledge = knowledge_of(view)
        records = records_at(view, model)
        cards = {record.card for record in records}
        classes = card_classes(view, knowledge)
        assert cards <= set(classes)
        assert len(cards) == min(CANDIDATES, len(classes))
        weights = [weight for _deal, weight in searcher(model).deals(view, knowledge, DEALS)]
        assert len(records) == len(cards) * round(sum(weights))
        situation = play_situation(knowledge)
        for record in records:
            assert record.situation == situation
            assert record.won <= record.future <= situation.tricks_left


def test_the_last_card_of_a_trick_wins_as_the_rules_say() -> None:
    """Where the seat completes the trick, ``won`` is the rules' winner of that trick."""
    model = random_play_model(4)
    checked = 0
    for view in play_views("oh-hell", 4, seed=3, size=5):
        trick = [card.index for card in view.trick]
        if len(trick) != 3:
            continue
        trump = knowledge_of(view).trump
        for record in records_at(view, model):
            assert record.won == (winning_position([*trick, record.card], trump) == 3)
            checked += 1
    assert checked > 20


def test_each_card_played_out_as_dealt_takes_what_the_hand_gave_the_card_played() -> None:
    """On the cards as dealt, every card class gets one record (the card played standing
    for its class), and that card gets exactly the tricks the engine then gave the seat."""
    model = random_play_model(6)
    for preset, players, seed in [("oh-hell", 4, 1), ("must-trump", 5, 2)]:
        match = one_hand(preset, players, seed, 6)
        agents = [LearnedPlayer(seat, model) for seat in range(players)]
        played: list[tuple[int, int, PlayRecord]] = []
        for seat, view in turns(match):
            action = agents[seat].choose(view)
            if match.phase is Phase.PLAYING and isinstance(action, Play):
                hands = [match.cards_of(other) for other in range(players)]
                card = action.card.index
                records = dealt_records(view, hands, model, card)
                classes = card_classes(view, knowledge_of(view))
                assert len(records) == len(classes)
                assert {record.card for record in records} - set(classes) <= {card}
                (mine,) = [record for record in records if record.card == card]
                played.append((seat, view.taken[seat], mine))
            match.apply(action)
        result = match.results[0]
        assert len(played) == 6 * players
        for number, (seat, had, record) in enumerate(played):
            assert record.future == result.taken[seat] - had
            assert record.won == (result.tricks[number // players].winner == seat)


def test_each_bid_played_out_as_dealt_takes_what_the_hand_gave_the_bid_made() -> None:
    """On the cards as dealt, every legal bid gets one record (the hook's barred bid none),
    and the bid the learned player did make gets exactly the tricks the engine gave it."""
    model, bids = random_play_model(7), random_model(8)
    for preset, players, seed in [("oh-hell", 4, 1), ("must-trump", 5, 2), ("blob", 3, 4)]:
        match = one_hand(preset, players, seed, 6)
        agents = [LearnedPlayer(seat, model, bids) for seat in range(players)]
        made: list[tuple[int, BidRecord]] = []
        for seat, view in turns(match):
            action = agents[seat].choose(view)
            if isinstance(action, Bid):
                hands = [match.cards_of(other) for other in range(players)]
                records = dealt_bid_records(view, hands, model, bids)
                assert [record.bid for record in records] == [
                    legal.tricks for legal in view.legal if isinstance(legal, Bid)
                ]
                assert {record.situation for record in records} == {situation_of(view)}
                (mine,) = [record for record in records if record.bid == action.tricks]
                made.append((seat, mine))
            match.apply(action)
        taken = match.results[0].taken
        assert len(made) == players
        assert all(record.taken == taken[seat] for seat, record in made), preset


def test_a_search_shard_reproduces_and_the_tool_writes_it(tmp_path: Path) -> None:
    bids, first = play_shard_search(seed=4, hands=6, rate=0.3, deals=4)
    assert (bids, first) == play_shard_search(seed=4, hands=6, rate=0.3, deals=4)
    assert first != play_shard_search(seed=5, hands=6, rate=0.3, deals=4)[1]
    dealt = play_shard_search(seed=4, hands=6, rate=0.3, deals=0)[1]
    assert dealt and dealt != first
    assert len(bids) > 6
    selfplay = load_tool("selfplay.py")
    out = tmp_path / "search"
    argv = ["--out", str(out), "--plays", "--search", "0.3", "--deals", "4", "--hands", "6"]
    assert selfplay.main([*argv, "--seed", "2", "--shards", "1"]) == 0
    (shard,) = out.glob("shard-*.bin")
    assert list(read_plays(shard))
    assert (out / "bids" / shard.name).exists()
    with pytest.raises(SystemExit):
        selfplay.main(["--out", str(out), "--search", "0.3"])


def test_a_dealt_bids_shard_reproduces_and_the_tool_writes_it(tmp_path: Path) -> None:
    first = play_shard_dealt_bids(seed=4, hands=5)
    assert first == play_shard_dealt_bids(seed=4, hands=5)
    assert first != play_shard_dealt_bids(seed=5, hands=5)
    assert all(0 <= record.taken <= record.situation.size for record in first)
    selfplay = load_tool("selfplay.py")
    out = tmp_path / "dealt"
    assert selfplay.main(["--out", str(out), "--dealt-bids", "--hands", "4", "--shards", "1"]) == 0
    (shard,) = out.glob("shard-*.bin")
    assert list(read_records(shard))
    with pytest.raises(SystemExit):
        selfplay.main(["--out", str(out), "--dealt-bids", "--plays"])
