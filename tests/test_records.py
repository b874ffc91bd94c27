"""Game records: round trips of finished and unfinished games, and malformed
records refused with a message that says where (never a traceback)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import RandomAgent, play_match
from game.rules import PRESETS, Match, Phase, Player, RecordError, from_record, to_record
from game.rules.record import Record, dumps
from game.saves import read_record

PLAYERS = [Player("Anna"), Player("Ben", "easy"), Player("Cleo", "hard"), Player("Dev", "expert")]


def finished() -> Record:
    rules = PRESETS["oh-hell"].rules(4)
    return to_record(play_match(rules, 17, [RandomAgent(s) for s in range(4)]), PLAYERS)


def in_progress(actions: int) -> tuple[Match, Record]:
    match = Match(PRESETS["nomination-whist"].rules(4), 23)
    chooser = RandomAgent(5)
    for _ in range(actions):
        match.advance_until_decision()
        match.apply(chooser.rng.choice(match.legal_actions()))
    return match, to_record(match, PLAYERS)


def test_finished_record_round_trips_through_json_text() -> None:
    record = finished()
    match, players = read_record(dumps(record))
    assert players == PLAYERS
    assert match.phase is Phase.GAME_OVER
    assert to_record(match, players) == record
    assert record.actions is None


@pytest.mark.parametrize("actions", [0, 1, 3, 4, 5, 17, 60, 200])
def test_save_in_progress_resumes_exactly(actions: int) -> None:
    match, record = in_progress(actions)
    loaded, _ = read_record(dumps(record))
    assert loaded.phase is match.phase
    assert loaded.awaiting == match.awaiting
    assert [loaded.hand(s) for s in range(4)] == [match.hand(s) for s in range(4)]
    assert loaded.trick == match.trick and loaded.bids == match.bids
    assert loaded.legal_actions() == match.legal_actions()
    # and both continue identically
    for _ in range(30):
        if match.phase is Phase.GAME_OVER:
            break
        events = match.advance_until_decision()
        assert loaded.advance_until_decision() == events
        action = match.legal_actions()[-1]
        assert loaded.apply(action) == match.apply(action)


def test_a_record_without_actions_is_rebuilt_from_its_hands() -> None:
    record = finished()
    match, _ = from_record(record)
    assert len(match.actions) == 19 * 4 + sum(PRESETS["oh-hell"].rules(4).hand_sizes) * 4


def put(record: dict[str, Any], path: Sequence[object], value: object) -> None:
    """Set the part of ``record`` that ``path`` (keys and indexes) leads to."""
    target: Any = record  # dicts and lists: only the path knows which
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def broken(path: list[str | int], value: object) -> str:
    """A finished game's record text with the part at ``path`` replaced."""
    record = finished().to_json()
    put(record, path, value)
    return json.dumps(record)


@pytest.mark.parametrize(
    ("path", "value", "where"),
    [
        (["format"], "chess-pgn", "format"),
        (["version"], 99, "version"),
        (["seed"], "seven", "seed"),
        (["rules", "players"], 9, "rules"),
        (["rules", "hook"], "maybe", "rules.hook"),
        (["players"], [{"name": "A"}], "players"),
        (["players", 1, "kind"], "godlike", "players[1].kind"),
        (["hands", 0, "cards", 1, 0], "ZZ", "hands[0].cards"),
        (["hands", 2, "bids", 0], 11, "hands[2].bids[0]"),
        (["hands", 2, "bids", 0], "two", "hands[2].bids[0]"),
        (["hands", 4, "tricks", 0, "cards", 0], "XX", "hands[4].tricks[0].cards[0]"),
        (["hands", 4, "tricks", 0, "leader"], 7, "hands[4].tricks[0].leader"),
        (["hands", 1, "points", 0], 999, "hands[1].points"),
        (["hands", 1, "trump_card"], "AS", "hands[1].trump_card"),
        (["winners"], [3, 2], "winners"),
        (["hands", 3], "a hand", "hands[3]"),
    ],
)
def test_malformed_record_is_refused_saying_where(
    path: list[str | int], value: object, where: str
) -> None:
    with pytest.raises(RecordError) as caught:
        read_record(broken(path, value))
    assert caught.value.where.startswith(where), str(caught.value)


def test_swapped_cards_are_caught_as_an_illegal_play() -> None:
    record = finished().to_json()
    trick = record["hands"][0]["tricks"][0]
    trick["cards"][0], trick["cards"][1] = trick["cards"][1], trick["cards"][0]
    with pytest.raises(RecordError, match="is illegal here"):
        read_record(json.dumps(record))


def test_not_json_is_refused_saying_so() -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        read_record('{"format": "ohhell-record",')


@pytest.mark.slow  # fuzzing: the damages named above are the quick run's
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_any_damage_gives_a_record_error_or_a_valid_game(data: st.DataObject) -> None:
    record = finished().to_json()
    paths = list(_leaf_paths(record))
    path = data.draw(st.sampled_from(paths))
    value: object = data.draw(
        st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.text(max_size=3), st.just([]))
    )
    put(record, path, value)
    try:
        read_record(json.dumps(record))
    except RecordError as error:
        assert str(error)


def _leaf_paths(value: object, prefix: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaf_paths(item, (*prefix, key))
    elif isinstance(value, list) and value:
        for index, item in enumerate(value[:3]):
            yield from _leaf_paths(item, (*prefix, index))
    else:
        yield prefix
