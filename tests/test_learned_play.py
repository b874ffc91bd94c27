"""The learned play model (issue 50): its features see only the seat's view, its
records round-trip, its weights file is checked, the learned player plays legally
to its bid, and self-play plays, training and loading reproduce from a seed."""

from __future__ import annotations

import copy
import json
import logging
import math
import random
from dataclasses import replace
from pathlib import Path

import pytest

from game.ai.base import play_match
from game.ai.knowledge import knowledge_of
from game.ai.levels import make_agent
from game.ai.playfeatures import (
    LEADS,
    PLAY_FEATURES,
    WINS_NOW,
    PlaySituation,
    play_features,
    play_situation,
)
from game.ai.playmodel import (
    LearnedPlayer,
    PlayModel,
    card_values,
    load_play_model,
    play_model_or_none,
)
from game.ai.playrecords import pack_play, play_shard_plays, plays_bytes, read_plays, unpack_play
from game.rules import PRESETS, Match, SeatView
from game.rules.actions import Play
from game.rules.phase import Phase
from game.rules.presets import PRESET_LIST
from game.rules.ruleset import HandSequence, TrickPoints
from tests.hidden import Checked, copies, decides_the_same, standard_positions
from tests.models import random_play_model, write_play_model
from tests.tool_module import load_tool


def play_views(preset: str, players: int, seed: int, size: int = 5) -> list[SeatView]:
    """Every play view of one hand of ``size`` cards played by medium players."""
    rules = replace(
        PRESETS[preset].rules(players),
        sequence=HandSequence.CONSTANT,
        largest_hand=size,
        max_hands=1,
        target_score=None,
    )
    match = Match(rules, seed)
    agents = [make_agent("medium", seat) for seat in range(players)]
    views = []
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            match.advance()
            continue
        seat = match.awaiting[0]
        view = match.view(seat)
        if match.phase is Phase.PLAYING:
            views.append(view)
        match.apply(agents[seat].choose(view))
    return views


def winning_model() -> PlayModel:
    """A model sure that a card taking the trick now takes exactly one trick from
    here, and any other card none."""
    hidden = 1
    columns = [(0.0,) * hidden for _ in range(PLAY_FEATURES)]
    columns[WINS_NOW] = (1.0,)
    rows = [(0.0,)] * 18
    rows[0] = (-20.0,)
    rows[1] = (20.0,)
    bias = [0.0] * 18
    bias[0] = 10.0
    bias[1] = -10.0
    return PlayModel(tuple(columns), (0.0,), tuple(rows), tuple(bias), {})


# ------------------------------------------------------------ hidden cards
def test_the_play_features_see_only_the_seats_view() -> None:
    """Redealing the other hands as the seat could not tell apart leaves the
    situation unchanged, and the learned player's card with it."""
    model = random_play_model(5)
    checked = 0
    for kind, match, seat in standard_positions():
        if match.phase is not Phase.PLAYING:
            continue
        first = play_situation(knowledge_of(match.view(seat)))
        for twin in copies(match, seat):
            assert play_situation(knowledge_of(twin.view(seat))) == first
        player = LearnedPlayer(1, model, fallback=make_agent("medium", 1))
        assert decides_the_same(match, seat, player.choose), kind
        checked += 1
    assert checked >= 4


def test_the_check_catches_a_play_model_fed_hidden_cards() -> None:
    """A player whose live cards are the next seat's hidden hand is caught."""
    model = random_play_model(5)
    caught = 0
    for _, match, seat in standard_positions():
        if match.phase is not Phase.PLAYING:
            continue
        answers = []
        for board in [copy.deepcopy(match), *copies(match, seat)]:
            view = board.view(seat)
            leak = board._hand.hands[(seat + 1) % board.players]
            situation = replace(play_situation(knowledge_of(view)), live=leak)
            cards = [action.card.index for action in view.legal if isinstance(action, Play)]
            values = {
                card: sum(c * k for k, c in enumerate(model.distribution(situation, card)))
                for card in cards
            }
            answers.append(max(cards, key=lambda card: values[card]))
        caught += len(set(answers)) > 1
    assert caught >= 2


# ------------------------------------------------------------ situation
def test_tricks_left_counts_the_trick_being_played() -> None:
    for view in play_views("oh-hell", 4, 3):
        situation = play_situation(knowledge_of(view))
        assert situation.tricks_left == view.hand_size - len(view.tricks)
        assert situation.tricks_left == len(view.hand) + (1 if view.seat in _played(view) else 0)
        assert knowledge_of(view).tricks_left == situation.tricks_left


def _played(view: SeatView) -> set[int]:
    return {(view.leader + place) % view.players for place in range(len(view.trick))}


def test_live_cards_are_neither_the_seats_nor_played() -> None:
    for view in play_views("oh-hell", 5, 8, size=7):
        situation = play_situation(knowledge_of(view))
        assert situation.live & view.hand_mask == 0
        assert situation.live & view.played_mask == 0
        if view.trump_card is not None and view.trump_card_held_by is None:
            assert situation.live & view.trump_card.mask == 0


def test_a_lead_wins_for_now_and_a_low_follow_does_not() -> None:
    from game.rules.cards import mask_of, parse_cards

    hand = mask_of(parse_cards("AS 2S 3H"))
    live = mask_of(parse_cards("KS 4H 5C"))
    lead = PlaySituation(hand, live, (), 3, 4, 3, 3, 1, (0, 1, 1), (0, 0, 0))
    assert {LEADS, WINS_NOW} <= set(play_features(lead, 51))
    follow = replace(lead, trick=(parse_cards("KS")[0].index,))
    assert WINS_NOW in play_features(follow, 51)
    assert WINS_NOW not in play_features(follow, parse_cards("2S")[0].index)
    assert all(0 <= f < PLAY_FEATURES for f in play_features(follow, 51))


# ------------------------------------------------------------ records
def test_play_records_are_reproducible_and_round_trip(tmp_path: Path) -> None:
    bids, first = play_shard_plays(seed=9, hands=15)
    assert (bids, first) == play_shard_plays(seed=9, hands=15)
    assert first != play_shard_plays(seed=10, hands=15)[1]
    assert len(bids) == len({(id(b)) for b in bids}) > 15
    assert sum(b.taken for b in bids) == sum(r.won for r in first)
    assert all(unpack_play(pack_play(record)) == record for record in first)
    path = tmp_path / "shard.bin"
    path.write_bytes(plays_bytes(first))
    assert list(read_plays(path)) == first
    for record in first:
        s = record.situation
        assert s.hand >> record.card & 1
        assert record.won <= record.future <= s.tricks_left
        assert all(0 <= f < PLAY_FEATURES for f in play_features(s, record.card))


def test_a_damaged_shard_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "shard.bin"
    path.write_bytes(plays_bytes(play_shard_plays(seed=2, hands=2)[1]) + b"\x00")
    with pytest.raises(ValueError, match="not a whole number"):
        list(read_plays(path))


# ------------------------------------------------------------ weights file
def test_a_play_weights_file_loads_as_written(tmp_path: Path) -> None:
    model = random_play_model(4)
    path = tmp_path / "play.json"
    write_play_model(model, path)
    loaded = load_play_model(path)
    situation = play_situation(knowledge_of(play_views("oh-hell", 4, 1)[0]))
    card = (situation.hand & -situation.hand).bit_length() - 1
    assert loaded.distribution(situation, card) == model.distribution(situation, card)


@pytest.mark.parametrize("damage", ["missing", "checksum", "bid model"])
def test_a_bad_play_weights_file_gives_no_model_and_one_log_line(
    damage: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "play.json"
    write_play_model(random_play_model(4), path)
    if damage == "missing":
        path.unlink()
    elif damage == "checksum":
        data = json.loads(path.read_text(encoding="utf-8"))
        data["weights"]["rows"][3][0] += 0.5
        path.write_text(json.dumps(data), encoding="utf-8")
    else:
        path.write_text(Path("assets/models/ohhell-v1.json").read_text(encoding="utf-8"))
    with caplog.at_level(logging.WARNING, logger="ohhell.ai"):
        assert play_model_or_none(path) is None
    assert len(caplog.records) == 1
    assert "learned play model not used" in caplog.records[0].getMessage()


# ------------------------------------------------------------ the player
def test_the_learned_player_is_legal_under_every_preset() -> None:
    model = random_play_model(7)
    for preset in PRESET_LIST:
        players = max(preset.min_players, 4 if preset.max_players >= 4 else 3)
        rules = replace(preset.rules(players), max_hands=2)
        agents = [Checked(LearnedPlayer(seat, model, fallback=make_agent("medium", seat)))
                  for seat in range(players)]  # fmt: skip
        play_match(rules, 5, agents)  # Checked asserts every action is legal


def test_the_learned_player_takes_while_it_needs_and_ducks_once_it_has_its_bid() -> None:
    """Under exact-only scoring, with a model that says winning now is one trick and
    anything else none: a seat that needs one trick plays a card that wins the trick
    for now, a seat on its bid one that does not (whenever it has both)."""
    model = winning_model()
    checked = 0
    for seed in range(6):
        for view in play_views("blob", 4, seed):
            seat = view.seat
            assert seat is not None
            situation = play_situation(knowledge_of(view))
            cards = [a.card.index for a in view.legal if isinstance(a, Play)]
            wins = {card for card in cards if WINS_NOW in play_features(situation, card)}
            if not wins or len(wins) == len(cards) or situation.tricks_left < 2:
                continue
            values = card_values(view, model)
            best = max(cards, key=lambda card: (values[card], -card))
            need = situation.need
            if need == 0:
                assert best not in wins
            elif need == 1:
                assert best in wins
            checked += 1
    assert checked >= 10
    assert view.rules.trick_points is TrickPoints.EXACT


def test_without_a_play_model_the_player_plays_as_its_fallback() -> None:
    medium = make_agent("medium", 3)
    player = LearnedPlayer(3, None, fallback=make_agent("medium", 3))
    player.model = None
    for view in play_views("oh-hell", 4, 2):
        assert player.choose(view) == medium.choose(view)


def test_the_same_view_and_seed_give_the_same_card() -> None:
    model = random_play_model(2)
    views = play_views("oh-hell", 5, 11, size=8)
    rng = random.Random(4)
    for view in rng.sample(views, 10):
        one = LearnedPlayer(1, model).choose(view)
        LearnedPlayer(1, model).choose(rng.choice(views))
        assert LearnedPlayer(1, model).choose(view) == one


# ------------------------------------------------------------ end to end
def test_generate_train_load_play_end_to_end(tmp_path: Path) -> None:
    """Plays from a few hundred hands, trained twice from one seed: the same weights
    (and again from them at a rate of 0, with ``--init``), a model the game loads,
    clearly better than even chances, and a player that plays legally from it (its own
    self-play next round, too)."""
    pytest.importorskip("numpy")
    selfplay = load_tool("selfplay.py")
    train = load_tool("train_plays.py")
    data = tmp_path / "data"
    args = ["--out", str(data), "--shards", "2", "--hands", "60", "--plays"]
    assert selfplay.main(args) == 0
    outs = [tmp_path / "one.json", tmp_path / "two.json"]
    for out in outs:
        options = ["--out", str(out), "--seed", "3", "--epochs", "3", "--batch", "64"]
        assert train.main([str(data), *options, "--hidden", "16"]) == 0
    first, second = (json.loads(out.read_text(encoding="utf-8")) for out in outs)
    assert first["weights"] == second["weights"]
    still = tmp_path / "still.json"
    init = ["--init", str(outs[0]), "--hidden", "16", "--epochs", "1", "--rate", "0"]
    assert train.main([str(data), *init, "--out", str(still)]) == 0
    assert json.loads(still.read_text(encoding="utf-8"))["weights"] == first["weights"]
    assert train.main([str(data), *init[:2], "--hidden", "8", "--out", str(still)]) == 2
    model = load_play_model(outs[0])
    records = [record for path in data.glob("shard-*.bin") for record in read_plays(path)]
    even = sum(math.log(r.situation.tricks_left + 1) for r in records) / len(records)
    assert model.header["trained"]["validation_log_loss"] < even - 0.2
    for view in play_views("oh-hell", 4, 6):
        assert LearnedPlayer(0, model).choose(view) in view.legal
    again = ["--out", str(tmp_path / "r2"), "--shards", "1", "--hands", "5", "--plays"]
    assert selfplay.main([*again, "--play-model", str(outs[0])]) == 0
    assert [path.name for path in (tmp_path / "r2" / "bids").iterdir()] == ["shard-1-00000.bin"]
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    assert selfplay.main([*again, "--play-model", str(bad)]) == 2


def test_the_shipped_play_weights_are_where_the_game_finds_its_assets(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from game.ai.playmodel import PLAY_FILE, PLAY_VARIABLE, shipped_play_path
    from game.resources import asset

    monkeypatch.delenv(PLAY_VARIABLE, raising=False)
    assert shipped_play_path() == asset(*PLAY_FILE)
    monkeypatch.setenv(PLAY_VARIABLE, str(tmp_path / "candidate.json"))
    assert shipped_play_path() == tmp_path / "candidate.json"


def test_the_paired_tool_seats_a_candidate_play_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.ai.playmodel import PLAY_VARIABLE, shipped_play_model

    paired = load_tool("paired.py")
    path = tmp_path / "play.json"
    write_play_model(random_play_model(3), path)
    monkeypatch.setenv(PLAY_VARIABLE, "")
    with pytest.raises(SystemExit):
        paired.main(["--variants", "learned", "--play-weights", str(path)])
    args = ["--variants", "learned", "--play-weights", str(path), "--label", "cand"]
    try:
        assert paired.main([*args, "--hand-size", "2", "--deals", "1", "--jobs", "1"]) == 0
        assert "learned#cand" in capsys.readouterr().out
    finally:
        shipped_play_model.cache_clear()
