"""The learned trick model (issue 50): its features see only the seat's view, its
weights file is checked when loaded, its bids are legal and follow the scoring,
and self-play data, training and loading reproduce from a seed."""

from __future__ import annotations

import copy
import json
import logging
import math
import random
from dataclasses import replace
from pathlib import Path

import pytest

from game.ai.features import FEATURES, BidSituation, active, situation_of
from game.ai.learned import LearnedBidder, learned_bid, model_bid_values
from game.ai.levels import make_agent
from game.ai.selfplay import pack_record, play_shard, read_records, shard_bytes, unpack_record
from game.ai.trickmodel import (
    load_model,
    model_or_none,
)
from game.rules import PRESETS, Match, SeatView
from game.rules.actions import Bid
from game.rules.phase import Phase
from game.rules.presets import PRESET_LIST
from game.rules.ruleset import HandSequence
from game.rules.scoring import hand_points
from tests.hidden import copies, decides_the_same, standard_positions
from tests.models import fixed_model, random_model, write_model
from tests.tool_module import load_tool


def bid_views(preset: str, players: int, seed: int) -> list[SeatView]:
    """Every bid view of the first hand of a game by medium players."""
    match = Match(PRESETS[preset].rules(players), seed)
    agents = [make_agent("medium", seat) for seat in range(players)]
    views = []
    match.advance_until_decision()
    while match.phase is Phase.BIDDING:
        seat = match.awaiting[0]
        view = match.view(seat)
        views.append(view)
        match.apply(agents[seat].choose(view))
        match.advance_until_decision()
    return views


# ------------------------------------------------------------ hidden cards
def test_the_features_see_only_the_seats_view() -> None:
    """Redealing the other hands (as the seat could not tell apart) leaves the bid's
    features unchanged, and the learned bid with them."""
    model = random_model(3)
    checked = 0
    for kind, match, seat in standard_positions():
        if match.phase is not Phase.BIDDING:
            continue
        first = situation_of(match.view(seat))
        for twin in copies(match, seat):
            assert situation_of(twin.view(seat)) == first
        assert decides_the_same(match, seat, lambda view: learned_bid(view, model)), kind
        checked += 1
    assert checked >= 4


def test_the_check_catches_a_model_fed_hidden_cards() -> None:
    """A bidder whose features include the next seat's hidden hand is caught."""
    model = random_model(3)
    caught = 0
    for _, match, seat in standard_positions():
        if match.phase is not Phase.BIDDING:
            continue
        answers = []
        for board in [copy.deepcopy(match), *copies(match, seat)]:
            view = board.view(seat)
            leak = board._hand.hands[(seat + 1) % board.players]
            situation = replace(situation_of(view), hand=view.hand_mask | leak)
            legal = [bid.tricks for bid in view.legal if isinstance(bid, Bid)]
            values = model_bid_values(model, situation, view.rules, legal)
            answers.append(max(legal, key=lambda bid: values[bid]))
        caught += len(set(answers)) > 1
    assert caught >= 2


# ------------------------------------------------------------ weights file
def test_a_good_weights_file_loads_as_written(tmp_path: Path) -> None:
    model = random_model(4)
    path = tmp_path / "model.json"
    write_model(model, path)
    loaded = load_model(path)
    situation = BidSituation(0b1011 << 20, 2, None, 4, 3, 1, (1,))
    assert loaded.distribution(situation, 1) == model.distribution(situation, 1)
    assert loaded.header["rule_space"] == "tests"


@pytest.mark.parametrize("damage", ["missing", "truncated", "checksum", "shape", "not json"])
def test_a_bad_weights_file_gives_no_model_and_one_log_line(
    damage: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "model.json"
    write_model(random_model(4), path)
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    if damage == "missing":
        path.unlink()
    elif damage == "truncated":
        path.write_text(text[: len(text) // 2], encoding="utf-8")
    elif damage == "checksum":
        data["weights"]["rows"][3][1] += 0.5
        path.write_text(json.dumps(data), encoding="utf-8")
    elif damage == "shape":
        data["weights"]["rows"].pop()
        from game.ai.trickmodel import checksum

        data["sha256"] = checksum(data["weights"])
        path.write_text(json.dumps(data), encoding="utf-8")
    else:
        path.write_bytes(b"\xff\xfe not json")
    with caplog.at_level(logging.WARNING, logger="ohhell.ai"):
        assert model_or_none(path) is None
    assert len(caplog.records) == 1
    assert "learned trick model not used" in caplog.records[0].getMessage()


def test_without_a_model_the_bidder_bids_as_its_level(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A missing weights file: the wrapped level's own bids."""
    from game.ai import learned

    monkeypatch.setattr(learned, "shipped_model", lambda: model_or_none(tmp_path / "none.json"))
    views = bid_views("oh-hell", 4, 2)
    bidder = LearnedBidder(make_agent("medium", 1))
    assert bidder.model is None
    assert [bidder.choose(view) for view in views] == [
        make_agent("medium", 1).choose(view) for view in views
    ]


# ------------------------------------------------------------ the bid
def test_the_learned_bid_is_legal_and_best_under_every_presets_scoring() -> None:
    """For every preset (the hook on and off), the dealer included: the bid is one the
    engine allows and has the best expected points under that preset's scoring."""
    model = random_model(5)
    dealer_views = 0
    for preset in PRESET_LIST:
        for hook in (False, True):
            rules = replace(preset.rules(preset.min_players), hook=hook)
            for seed in range(3):
                match = Match(rules, seed)
                match.advance_until_decision()
                while match.phase is Phase.BIDDING:
                    seat = match.awaiting[0]
                    view = match.view(seat)
                    chosen = learned_bid(view, model)
                    assert chosen in view.legal
                    situation = situation_of(view)
                    expected = {}
                    for bid in view.legal:
                        assert isinstance(bid, Bid)
                        chances = model.distribution(situation, bid.tricks)
                        expected[bid.tricks] = sum(
                            p * hand_points(rules, bid.tricks, t, view.hand_size)
                            for t, p in enumerate(chances)
                        )
                    assert expected[chosen.tricks] == pytest.approx(max(expected.values()))
                    dealer_views += view.forbidden_bid is not None
                    match.apply(chosen)
                    match.advance_until_decision()
    assert dealer_views >= 5


def test_the_hook_moves_the_bid_off_the_likeliest_count() -> None:
    """A dealer sure to take one trick bids 1 without the hook; with the hook barring
    1 it bids another count."""
    model = fixed_model([0.01, 0.98, 0.01])
    for hook in (False, True):
        base = PRESETS["oh-hell"].rules(4)
        rules = replace(base, sequence=HandSequence.CONSTANT, largest_hand=2, max_hands=1)
        rules = replace(rules, hook=hook)
        for seed in range(40):
            match = Match(rules, seed)
            match.advance_until_decision()
            for _ in range(3):
                seat = match.awaiting[0]
                match.apply(Bid.of(seat, 0 if seat % 2 else 1))
                match.advance_until_decision()
            view = match.view(match.awaiting[0])
            if view.forbidden_bid == 1 or not hook:
                break
        assert (learned_bid(view, model).tricks == 1) is not hook


def test_exact_only_scoring_changes_the_best_bid() -> None:
    """Two tricks or none, evenly: with points for every trick, bidding two (12 or 0)
    and bidding nothing (10 or 2) are worth the same; with exact bids only (Blob)
    bidding nothing loses the 2 and bidding two is best."""
    model = fixed_model([0.5, 0.0, 0.5])
    situation = BidSituation(0b11, 0, None, 4, 2, 0, ())
    always = replace(PRESETS["oh-hell"].rules(4))
    values = model_bid_values(model, situation, always, [0, 1, 2])
    assert values[2] == pytest.approx(0.5 * 12 + 0.5 * 0)
    assert values[0] == pytest.approx(0.5 * 10 + 0.5 * 2)
    assert values[1] == pytest.approx(0.5 * 0 + 0.5 * 2)
    blob = PRESETS["blob"].rules(4)
    values = model_bid_values(model, situation, blob, [0, 1, 2])
    assert values == pytest.approx({0: 5.0, 1: 0.0, 2: 6.0})


# ------------------------------------------------------------ data and training
def test_self_play_is_reproducible_and_its_records_round_trip(tmp_path: Path) -> None:
    first = play_shard(seed=9, hands=20)
    assert first == play_shard(seed=9, hands=20)
    assert first != play_shard(seed=10, hands=20)
    assert all(unpack_record(pack_record(record)) == record for record in first)
    path = tmp_path / "shard.bin"
    path.write_bytes(shard_bytes(first))
    assert list(read_records(path)) == first
    for record in first:
        assert record.won & ~record.situation.hand == 0
        assert record.won.bit_count() == record.taken
        assert all(0 <= feature < FEATURES for feature in active(record.situation))


def test_generate_train_load_end_to_end(tmp_path: Path) -> None:
    """A few hundred hands (the second run resumes: nothing left to play), two
    trainings from one seed: the same weights, a model the game loads, clearly better
    than even chances over the tricks, and legal bids from it."""
    pytest.importorskip("numpy")
    selfplay = load_tool("selfplay.py")
    train = load_tool("train.py")
    data = tmp_path / "data"
    assert selfplay.main(["--out", str(data), "--shards", "2", "--hands", "150"]) == 0
    assert selfplay.main(["--out", str(data), "--shards", "2", "--hands", "150"]) == 0
    outs = [tmp_path / "one.json", tmp_path / "two.json"]
    for out in outs:
        args = [str(data), "--out", str(out), "--seed", "3", "--epochs", "4", "--batch", "32"]
        assert train.main(args) == 0
    first, second = (json.loads(out.read_text(encoding="utf-8")) for out in outs)
    assert first["weights"] == second["weights"] and first["sha256"] == second["sha256"]
    model = load_model(outs[0])
    records = [record for path in data.iterdir() for record in read_records(path)]
    even = sum(math.log(record.situation.size + 1) for record in records) / len(records)
    assert model.header["trained"]["validation_log_loss"] < even - 0.2
    for view in bid_views("blob", 5, 4):
        assert learned_bid(view, model) in view.legal


# ------------------------------------------------------------ inside the search
def test_the_searchs_situation_of_a_bid_is_the_views() -> None:
    """The guesses inside the tree encode a seat's bid as the table does: for every
    bid view, the situation built from the seat's knowledge and its own hand sets the
    same features as the one read from its view."""
    from game.ai.features import situation_in
    from game.ai.knowledge import knowledge_of

    checked = 0
    for preset, players in (("oh-hell", 4), ("oh-well", 5), ("blob", 3)):
        for view in bid_views(preset, players, 7):
            knowledge = knowledge_of(view)
            inside = situation_in(knowledge, view.seat or 0, view.hand_mask, view.bids)
            assert sorted(active(inside)) == sorted(active(situation_of(view)))
            checked += 1
    assert checked == 12


def test_the_shipped_weights_are_where_the_game_finds_its_assets() -> None:
    from game.ai.trickmodel import MODEL_FILE, shipped_path
    from game.resources import asset

    assert shipped_path() == asset(*MODEL_FILE)


def test_guided_bids_and_learned_guesses_are_legal_and_seeded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The expert's search with the model's guesses inside, and its bid blended with
    the model's: legal bids, the same for the same seed."""
    from game.ai import infoset
    from game.ai.expert import TREE, ExpertAgent
    from game.ai.guided import GuidedAgent

    model = random_model(6)
    monkeypatch.setattr(infoset, "shipped_model", lambda: model)
    small = replace(TREE.scaled(0.02), learned_guesses=True)
    for view in bid_views("oh-hell", 4, 3):
        for make in (
            lambda: ExpertAgent(1, small),
            lambda: GuidedAgent(1, small, 0.5, model),
        ):
            chosen = make().choose(view)
            assert chosen in view.legal
            assert make().choose(view) == chosen


def test_the_learned_inference_weighs_a_deal_by_the_chance_its_hands_make_their_bids() -> None:
    """Before any card is played, a deal's weight is the product over the opponents of
    the model's chance that the hand the deal gives them makes the bid they made."""
    from game.ai.features import situation_in
    from game.ai.inference import LEARNED_FLOOR, Inference
    from game.ai.knowledge import knowledge_of
    from game.ai.sampling import DealSampler

    model = random_model(7)
    match = Match(PRESETS["oh-hell"].rules(4), 11)
    agents = [make_agent("medium", seat) for seat in range(4)]
    match.advance_until_decision()
    while match.phase is Phase.BIDDING:
        seat = match.awaiting[0]
        match.apply(agents[seat].choose(match.view(seat)))
        match.advance_until_decision()
    knowledge = knowledge_of(match.view(match.awaiting[0]))
    deals = [DealSampler(knowledge).sample(random.Random(seed)) for seed in range(5)]
    weights = Inference(knowledge, model=model).weigh(deals)

    def product(deal: list[int]) -> float:
        total = 1.0
        for seat in range(4):
            bid = knowledge.bids[seat]
            if seat != knowledge.seat and bid is not None:
                situation = situation_in(knowledge, seat, deal[seat], knowledge.bids)
                total *= max(model.distribution(situation, bid)[bid], LEARNED_FLOOR)
        return total

    top = max(product(deal) for deal in deals)
    assert weights == pytest.approx([product(deal) / top for deal in deals])
    assert len(set(weights)) > 1


def test_the_next_round_of_self_play_bids_from_the_model(tmp_path: Path) -> None:
    """With a model that is sure of no tricks, the players bid nothing unless the hook
    forbids it; a weights file that cannot be read stops the tool with a clear error."""
    model = fixed_model([0.97] + [0.03 / 17] * 17)
    records = play_shard(seed=4, hands=30, explore=0.0, model=model)
    zero = [record.bid == 0 for record in records]
    assert sum(zero) >= 0.9 * len(records)
    own = play_shard(seed=4, hands=30, explore=0.0)
    assert sum(zero) > sum(record.bid == 0 for record in own) + 10
    selfplay = load_tool("selfplay.py")
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    assert selfplay.main(["--out", str(tmp_path / "d"), "--learned-bids", str(bad)]) == 2


def test_a_candidate_named_in_the_environment_replaces_the_shipped_weights(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ai.trickmodel import MODEL_VARIABLE, shipped_path

    candidate = tmp_path / "candidate.json"
    monkeypatch.setenv(MODEL_VARIABLE, str(candidate))
    assert shipped_path() == candidate
    monkeypatch.setenv(MODEL_VARIABLE, "")
    assert shipped_path() != candidate


def test_training_goes_on_from_the_last_rounds_weights(tmp_path: Path) -> None:
    """``--init``: at a learning rate of 0 the weights written are the ones read (to the
    file's 5 decimals); a file of another hidden size stops the tool with a clear error."""
    pytest.importorskip("numpy")
    train = load_tool("train.py")
    data = tmp_path / "data"
    data.mkdir()
    for seed in (1, 2):
        (data / f"shard-1-{seed:05d}.bin").write_bytes(shard_bytes(play_shard(seed, 40)))
    start, out = tmp_path / "start.json", tmp_path / "out.json"
    write_model(random_model(6, hidden=8), start)
    args = [str(data), "--init", str(start), "--hidden", "8", "--epochs", "1", "--rate", "0"]
    assert train.main([*args, "--out", str(out)]) == 0
    before = json.loads(start.read_text(encoding="utf-8"))["weights"]
    after = json.loads(out.read_text(encoding="utf-8"))["weights"]
    for name, rows in before.items():
        assert flat(after[name]) == pytest.approx(flat(rows), abs=1e-5)
    assert train.main([*args[:3], "--hidden", "16", "--out", str(out)]) == 2


def flat(values: list[object]) -> list[object]:
    """A weights list of lists as one list."""
    return [x for row in values for x in (flat(row) if isinstance(row, list) else [row])]


def test_the_searching_levels_play_self_play_at_a_budget() -> None:
    """Round 2's data: hard at a tenth of its budget, reproducible from the seed."""
    cheap = play_shard(seed=3, hands=3, level="hard", budget=0.02)
    assert cheap == play_shard(seed=3, hands=3, level="hard", budget=0.02)
    medium = play_shard(seed=3, hands=3)
    assert [r.situation.hand for r in cheap] == [r.situation.hand for r in medium]
    assert cheap != medium
