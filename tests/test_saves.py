"""Saves taken at any moment load and resume exactly there; damaged or hostile
record text is refused with a RecordError, never a crash; wrongly typed actions are
refused with the state unchanged."""

from __future__ import annotations

import json
import random
import typing
from collections.abc import Callable

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.rules import (
    PRESET_LIST,
    IllegalAction,
    Match,
    Phase,
    Player,
    Preset,
    RecordError,
    RuleSet,
)
from game.rules import events as event_types
from game.rules.actions import Bid, Play
from game.rules.cards import Card
from game.rules.errors import RulesError
from game.rules.record import dumps, to_record
from game.rules.ruleset import FirstDealer, HandSequence, TrickPoints, TrumpMethod, ZeroBid
from game.saves import PlayerDoc, decode_record, read_record, record_of

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def snapshot(match: Match) -> tuple[object, ...]:
    """Everything a player or the engine can observe of a match."""
    seats = range(match.players)
    return (
        match.phase,
        match.hand_number,
        match.dealer,
        match.hand_size,
        match.trump_card,
        match.awaiting,
        tuple(match.hand(seat) for seat in seats),
        match.bids,
        match.trick,
        match.tricks,
        match.taken,
        match.scores,
        # A finished record keeps the hands, not the log: secret bids come back in
        # seat order from the eldest, whatever order they were made in.
        tuple(match.actions) if match.phase is not Phase.GAME_OVER else len(match.actions),
        tuple(match.results),
        tuple(match.legal_actions()),
        match.winners,
    )


def round_trip(match: Match) -> Match:
    players = [Player(NAMES[seat], "human" if seat else "hard") for seat in range(match.players)]
    loaded, loaded_players = read_record(dumps(to_record(match, players)))
    assert loaded_players == players
    return loaded


def step(match: Match, rng: random.Random) -> list[event_types.Event]:
    """One move of the game: an automatic step, or a random legal action."""
    if match.phase.automatic:
        return match.advance()
    return match.apply(rng.choice(list(match.legal_actions())))


def play_saving_everywhere(match: Match, seed: int, steps: int) -> set[str]:
    """Play ``steps`` moves, saving and loading after each; the loaded game must equal
    the original and go on identically. Returns the kinds of event saved after."""
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(steps):
        if match.phase is Phase.GAME_OVER:
            break
        seen.update(type(event).__name__ for event in step(match, rng))
        loaded = round_trip(match)
        assert snapshot(loaded) == snapshot(match)
        if match.phase in (Phase.BIDDING, Phase.PLAYING):  # a player is to act
            action = match.legal_actions()[0]
            probe = round_trip(match)
            assert probe.apply(action) == round_trip(match).apply(action)
    return seen


def test_a_save_right_after_the_deal_loads_in_the_bidding() -> None:
    match = Match(PRESET_LIST[5].rules(4), 5)
    match.advance_until_decision()
    loaded = round_trip(match)
    assert loaded.phase is Phase.BIDDING
    assert snapshot(loaded) == snapshot(match)


def test_a_version_1_save_without_its_phase_still_loads() -> None:
    match = Match(PRESET_LIST[5].rules(4), 5)
    match.advance_until_decision()
    record = to_record(match, [Player(name) for name in NAMES[:4]]).to_json()
    record["version"] = 1
    del record["phase"]
    loaded, _ = read_record(json.dumps(record))
    assert snapshot(loaded) == snapshot(match)


def capped(rules: RuleSet, hands: int) -> RuleSet:
    """``rules`` ending after ``hands`` hands at the most (to keep a test short)."""
    return RuleSet.from_dict({**rules.to_dict(), "max_hands": hands})


@pytest.mark.parametrize("preset", PRESET_LIST, ids=lambda preset: preset.id)
def test_every_preset_saves_and_loads_at_every_step(preset: Preset) -> None:
    players = preset.min_players + (preset.max_players - preset.min_players) // 2
    seen = play_saving_everywhere(Match(capped(preset.rules(players), 3), 31), 7, 400)
    assert {"DealerChosen", "HandDealt", "CardPlayed", "TrickWon", "HandScored"} <= seen


def test_every_kind_of_event_is_saved_after() -> None:
    secret = RuleSet(players=3, simultaneous_bidding=True, announce_total=True, largest_hand=3)
    tables = [capped(preset.rules(preset.min_players), 2) for preset in PRESET_LIST]
    seen: set[str] = set()
    for rules in [*tables, secret]:
        seen |= play_saving_everywhere(Match(rules, 3), 3, 10_000)
    kinds = {kind.__name__ for kind in typing.get_args(event_types.Event)}
    assert kinds and kinds - seen == set()  # an empty union would prove nothing


rule_sets: st.SearchStrategy[dict[str, object]] = st.builds(
    dict,
    players=st.integers(3, 8),
    sequence=st.sampled_from([kind.value for kind in HandSequence]),
    largest_hand=st.integers(1, 4),
    max_hands=st.integers(1, 3),
    strip_pack=st.booleans(),
    trump=st.sampled_from([kind.value for kind in TrumpMethod]),
    no_trump_when_exhausted=st.booleans(),
    no_trump_last_hand=st.booleans(),
    first_dealer=st.sampled_from([kind.value for kind in FirstDealer]),
    simultaneous_bidding=st.booleans(),
    hook=st.booleans(),
    announce_total=st.booleans(),
    must_trump=st.booleans(),
    trick_points=st.sampled_from([kind.value for kind in TrickPoints]),
    exact_bonus=st.integers(0, 20),
    zero_bid=st.sampled_from([kind.value for kind in ZeroBid]),
)


def _build(options: dict[str, object]) -> RuleSet | None:
    try:
        return RuleSet.from_dict(options)
    except (RulesError, RecordError):
        return None


@pytest.mark.slow  # the presets' walk above is the quick run's
@settings(max_examples=60, deadline=None)
@given(options=rule_sets, seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_generated_rule_sets_save_and_load_at_every_step(
    options: dict[str, object], seed: int, moves: int
) -> None:
    rules = _build(options)
    assume(rules is not None)
    assert rules is not None
    play_saving_everywhere(Match(rules, seed), moves, 200)


# --------------------------------------------------------------- typed actions
def bidding_match() -> Match:
    match = Match(PRESET_LIST[5].rules(4), 9)
    match.advance_until_decision()
    return match


def playing_match() -> Match:
    match = bidding_match()
    while match.phase is Phase.BIDDING:
        match.apply(match.legal_actions()[0])
    return match


def _first(match: Match) -> tuple[int, Card]:
    seat = match.awaiting[0]
    return seat, match.hand(seat)[0]


@pytest.mark.parametrize(
    "make",
    # Each builds its action with a wrongly typed field on purpose.
    [
        lambda seat, _card: Bid(seat, 0.5),  # type: ignore[arg-type]
        lambda seat, _card: Bid(seat, 1.0),  # type: ignore[arg-type]
        lambda seat, _card: Bid(seat, True),
        lambda seat, _card: Bid(float(seat), 1),  # type: ignore[arg-type]
        lambda seat, _card: Bid(bool(seat), 0) if seat in (0, 1) else Bid(True, 0),
        lambda seat, _card: Bid(seat, "1"),  # type: ignore[arg-type]
        lambda seat, _card: Bid(seat, None),  # type: ignore[arg-type]
    ],
)
def test_wrongly_typed_bids_are_refused_with_the_state_unchanged(
    make: Callable[[int, Card], Bid],
) -> None:
    match = bidding_match()
    seat, card = _first(match)
    before = snapshot(match)
    with pytest.raises(IllegalAction):
        match.apply(make(seat, card))
    assert snapshot(match) == before


@pytest.mark.parametrize(
    "make",
    # Each builds a wrongly typed play on purpose, or something that is no action.
    [
        lambda seat, card: Play(float(seat), card),  # type: ignore[arg-type]
        lambda seat, card: Play(seat == 1, card),
        lambda seat, card: Play(seat, str(card)),  # type: ignore[arg-type]
        lambda seat, card: Play(seat, card.index),
        lambda seat, card: ("seat", seat, card),
    ],
)
def test_wrongly_typed_plays_are_refused_with_the_state_unchanged(
    make: Callable[[int, Card], object],
) -> None:
    match = playing_match()
    seat, card = _first(match)
    before = snapshot(match)
    with pytest.raises(IllegalAction):
        match.apply(make(seat, card))  # type: ignore[arg-type]  # not always an action
    assert snapshot(match) == before


def test_a_bool_seat_equal_to_the_actor_is_still_refused() -> None:
    match = playing_match()
    while match.awaiting[0] != 1:
        match.apply(match.legal_actions()[0])
    action = match.legal_actions()[0]
    assert isinstance(action, Play)
    with pytest.raises(IllegalAction):
        match.apply(Play(True, action.card))


# ------------------------------------------------------------ damaged text
def _record_text() -> str:
    match = playing_match()
    return dumps(to_record(match, [Player(name) for name in NAMES[:4]]))


def _with(old: str, new: str) -> str:
    text = _record_text()
    assert old in text
    return text.replace(old, new, 1)


DAMAGED = {
    "empty": "",
    "not json": "hello",
    "binary": b"\x00\xff\xfe\x89PNG\r\n",
    "truncated": _record_text()[:-7],
    "a list": "[]",
    "null": "null",
    "deep nesting": "[" * 100_000 + "]" * 100_000,
    "deep in rules": _with('"rules":{', '"rules":{"x":' + "[" * 5000 + "]" * 5000 + ","),
    "400-digit seed": _with('"seed":9', '"seed":' + "9" * 400),
    "float seed": _with('"seed":9', '"seed":9.5'),
    "nan": _with('"seed":9', '"seed":NaN'),
    "largest hand 1e9": _with('"largest_hand":10', '"largest_hand":1000000000'),
    "max hands 1e10": _with('"max_hands":null', '"max_hands":10000000000'),
    "NUL in a name": _with('"name":"Ann"', '"name":"A\\u0000nn"'),
    "newline in a name": _with('"name":"Ann"', '"name":"A\\nnn"'),
    "1 MB name": _with('"name":"Ann"', '"name":"' + "A" * 1_000_000 + '"'),
    "10 MB name": _with('"name":"Ann"', '"name":"' + "A" * 10_000_000 + '"'),
    "empty name": _with('"name":"Ann"', '"name":""'),
    "bool seat": _with('"seat":', '"seat":true,"x":'),
    "version 99": _with('"version":2', '"version":99'),
    "unknown field": _with('"seed":', '"evil":1,"seed":'),
    "phase unknown": _with('"phase":"playing"', '"phase":"dancing"'),
    "phase too far": _with('"phase":"playing"', '"phase":"game-over"'),
    "9 players": _with('"players":[', '"players":[{"name":"X"},{"name":"Y"},'),
    "a million actions": _with('"actions":[', '"actions":[' + '{"seat":0,"bid":0},' * 1_000_000),
    "a bid and a play": _with('"actions":[', '"actions":[{"seat":0,"bid":0,"play":"AS"},'),
    "an action of neither": _with('"actions":[', '"actions":[{"seat":0},'),
    "an invisible name": _with('"name":"Ann"', '"name":"\\u200b"'),
    "trump X": _with('"trump":"', '"trump":"X","x":"'),
}


@pytest.mark.parametrize(
    ("old", "new", "where", "says"),
    [
        ('"actions":[', '"actions":[{"seat":0,"bid":0,"play":"AS"},', "actions[0]", "or"),
        ('"actions":[', '"actions":[{"seat":0},', "actions[0]", "or"),
        ('"name":"Ann"', '"name":"\\u200b"', "players[0].name", "character"),
        ('"phase":"playing"', '"phase":"dancing"', "phase", "dancing"),
    ],
)
def test_what_the_schema_cannot_say_is_refused_saying_where(
    old: str, new: str, where: str, says: str
) -> None:
    with pytest.raises(RecordError) as caught:
        read_record(_with(old, new))
    assert caught.value.where == where, str(caught.value)
    assert says in caught.value.problem, str(caught.value)


@pytest.mark.parametrize("text", DAMAGED.values(), ids=DAMAGED.keys())
def test_damaged_record_text_is_refused_saying_where(text: str | bytes) -> None:
    with pytest.raises(RecordError) as caught:
        read_record(text)
    message = str(caught.value)
    assert 0 < len(message) < 400, message


def test_the_schema_and_the_engine_know_the_same_player_kinds() -> None:
    from game.rules.record import PLAYER_KINDS

    hints = typing.get_type_hints(PlayerDoc)
    assert typing.get_args(hints["kind"]) == PLAYER_KINDS


def test_a_clean_record_decodes_to_typed_values_that_write_it_back_unchanged() -> None:
    text = _record_text()
    record = record_of(decode_record(text))
    assert record.phase is not None and record.actions is not None
    assert record.to_json() == json.loads(text)
