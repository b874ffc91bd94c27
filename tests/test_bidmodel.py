"""The fitted model of how other seats bid (game/ai/bidmodel.py), the expert's
inference weighing deals with it, and tools/fit_bids.py that fits it."""

from __future__ import annotations

import json
import math
import types
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ai.bidmodel import FITTED, BidModel, bid_model
from game.ai.heuristics import expected_tricks
from game.ai.inference import Inference
from game.ai.knowledge import knowledge_of
from game.bench import tournament
from game.rules.actions import Bid
from game.rules.cards import mask_of
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.ruleset import HandSequence, RuleSet
from game.saves import read_record
from tests.tool_module import load_tool


@given(
    st.floats(-1.0, 12.0),
    st.integers(1, 13),
    st.one_of(st.none(), st.integers(0, 13)),
    st.sampled_from(sorted(FITTED)),
)
def test_bid_chances_are_a_distribution_over_the_legal_bids(
    estimate: float, size: int, forbidden: int | None, known: int
) -> None:
    chances = bid_model(known).chances(estimate, size, forbidden)
    assert len(chances) == size + 1
    assert math.isclose(sum(chances), 1.0)
    for bid, chance in enumerate(chances):
        assert chance == 0.0 if bid == forbidden else chance > 0.0


def test_the_likeliest_bid_is_the_legal_one_nearest_the_centre() -> None:
    model = BidModel(-0.5, 1.5, 0.4)
    assert model.likeliest(2.0, 5, None) == 2  # centre 2.5: the lower on a tie
    assert model.likeliest(2.4, 5, None) == 3  # centre 3.1
    assert model.likeliest(2.4, 5, 3) == 4  # 3 barred: 4 is nearer 3.1 than 2 is
    chances = model.chances(2.4, 5, None)
    assert max(range(6), key=chances.__getitem__) == model.likeliest(2.4, 5, None)


def test_sizes_without_their_own_fit_take_the_nearest() -> None:
    assert bid_model(min(FITTED)) == FITTED[min(FITTED)]
    assert bid_model(52) == FITTED[max(FITTED)]


def _after_the_eldest_bid(bid: int) -> Inference:
    """The next seat's fitted inference once the eldest bid ``bid`` on 5 cards."""
    rules = RuleSet(players=4, sequence=HandSequence.CONSTANT, largest_hand=5, max_hands=1)
    match = Match(rules, 11)
    while match.phase.automatic:
        match.advance()
    match.apply(Bid.of(match.awaiting[0], bid))
    view = match.view(match.awaiting[0])
    assert view.phase is Phase.BIDDING
    return Inference(knowledge_of(view), model=bid_model(5))


def test_fitted_inference_prefers_deals_whose_hands_match_the_bids() -> None:
    """Whatever the eldest bid, a deal giving it a hand that bids so is far likelier
    than one giving it a hand that bids far from it, weak or strong."""
    model = bid_model(5)
    probe = _after_the_eldest_bid(0).knowledge
    unseen = [index for index in range(52) if probe.unseen >> index & 1]
    hands = [sum(1 << index for index in unseen[at : at + 5]) for at in range(0, 40, 2)]
    guesses = {
        hand: model.likeliest(expected_tricks(hand, probe.trump, 4, 5, True), 5, None)
        for hand in hands
    }
    weak, strong = min(hands, key=guesses.__getitem__), max(hands, key=guesses.__getitem__)
    assert guesses[strong] >= guesses[weak] + 2
    for hand, other in ((weak, strong), (strong, weak)):
        inference = _after_the_eldest_bid(guesses[hand])
        (bidder,) = inference.opponents
        assert inference.knowledge.unseen == probe.unseen
        estimate = expected_tricks(hand, probe.trump, 4, 5, True)
        chance = model.chances(estimate, 5, None)[guesses[hand]]
        assert inference._seat_log_weight(bidder, hand) == pytest.approx(math.log(chance))
        assert (
            inference._seat_log_weight(bidder, hand)
            > inference._seat_log_weight(bidder, other) + 1.0
        )


@pytest.fixture(scope="module")
def fit_tool() -> types.ModuleType:
    return load_tool("fit_bids.py")


def test_the_fit_finds_the_model_that_made_the_bids(fit_tool: types.ModuleType) -> None:
    """Bids drawn from a known model are fitted back to it, within the grid's step."""
    import random

    truth = BidModel(-0.6, 1.4, 0.5)
    rng = random.Random(5)
    records = []
    for _ in range(1500):
        estimate = rng.uniform(0.0, 4.0)
        chances = truth.chances(estimate, 5, None)
        bid = rng.choices(range(6), chances)[0]
        records.append(fit_tool.BidRecord("hard", 4, 5, False, estimate, bid, None))
    fitted = fit_tool.fit(records)
    assert fitted.offset == pytest.approx(truth.offset, abs=0.16)
    assert fitted.slope == pytest.approx(truth.slope, abs=0.11)
    assert fitted.spread == pytest.approx(truth.spread, abs=0.06)
    assert "5: BidModel(" in fit_tool.report(records)


def test_collected_bids_are_the_levels_own(fit_tool: types.ModuleType) -> None:
    records = fit_tool.collect_deal("hard", 4, 3, 7)
    assert [record.players for record in records] == [4] * 4
    assert all(0 <= record.bid <= 3 and record.bid != record.forbidden for record in records)


@pytest.mark.parametrize(
    "content",
    [
        b"not json\n",
        b'{"level": "hard"}\n',
        json.dumps(
            {
                "level": "hard",
                "players": 4,
                "size": 3,
                "lead": False,
                "estimate": 1.0,
                "bid": 9,
                "forbidden": None,
            }
        ).encode()
        + b"\n",
        b"\xff\xfe\n",
        b"x" * 5000 + b"\n",
        b"",
    ],
)
def test_the_fit_refuses_data_it_cannot_trust(
    fit_tool: types.ModuleType, tmp_path: Path, content: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bids.jsonl"
    path.write_bytes(content)
    assert fit_tool.main(["fit", str(path)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("tools/fit_bids.py: ") and "Traceback" not in error
    assert error.count("\n") == 1


@pytest.mark.parametrize("sizes", ["abc", "3-x", "0-4", "9-3", "1-40"])
def test_collecting_refuses_sizes_it_cannot_deal(
    fit_tool: types.ModuleType, tmp_path: Path, sizes: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bids.jsonl"
    assert fit_tool.main(["collect", "--sizes", sizes, "--out", str(out)]) == 2
    assert (
        capsys.readouterr().err
        == f"tools/fit_bids.py: sizes {sizes!r}: give 1 to 17, as N or N-M\n"
    )
    assert not out.exists()


@pytest.mark.parametrize("option", [["--jobs", "0"], ["--deals", "0"], ["--deals", "-3"]])
def test_collecting_refuses_no_workers_or_no_deals(
    fit_tool: types.ModuleType, tmp_path: Path, option: list[str]
) -> None:
    out = tmp_path / "bids.jsonl"
    with pytest.raises(SystemExit) as stopped:
        fit_tool.main(["collect", *option, "--out", str(out)])
    assert stopped.value.code == 2
    assert not out.exists()


def test_recorded_games_give_each_bid_as_its_bidder_saw_it(
    fit_tool: types.ModuleType, tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    args = ["--variant", "oh-hell", "--players", "3", "--seats", "easy,medium,easy"]
    args += ["--games", "1", "--seed", "5", "--hands", "4", "--jobs", "1", "--out", str(out)]
    assert tournament.main([*args, "--json"]) == 0
    records = fit_tool.recorded_bids([str(out)], "medium")
    match, _ = read_record(out.read_text(encoding="utf-8").splitlines()[0])
    results = match.results
    assert len(results) == 4 and len(records) == 4
    for record, result in zip(records, results, strict=True):
        assert (record.level, record.players, record.size) == ("medium", 3, result.size)
        assert record.bid == result.bids[1]
        assert record.lead == (result.dealer == 0)
        trump = None if result.trump is None else int(result.trump)
        hand = mask_of(result.dealt[1])
        assert record.estimate == expected_tricks(hand, trump, 3, result.size, record.lead)
        others = sum(result.bids) - result.bids[1]
        barred = result.size - others if result.dealer == 1 else None
        assert record.forbidden == (barred if barred is not None and barred >= 0 else None)


def test_recorded_games_that_cannot_be_read_are_refused_in_one_line(
    fit_tool: types.ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = tmp_path / "games.jsonl"
    games.write_text('{"format": "ohhell-record", "version": 2, "seed": 1.5}\n', encoding="utf-8")
    out = tmp_path / "bids.jsonl"
    assert fit_tool.main(["games", str(games), "--level", "hard", "--out", str(out)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("tools/fit_bids.py: ") and error.count("\n") == 1
    assert not out.exists()
