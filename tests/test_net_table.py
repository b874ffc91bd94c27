"""The authoritative table without sockets: every message a client could send, as
bytes through the protocol's decoder, and the host's record checked like a local game's."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.net import protocol as p
from game.net.table import HostedTable, to_action
from game.rules.actions import Bid, Play
from game.rules.cards import PACK
from game.rules.phase import Phase
from game.rules.record import Player, to_record
from tests.nethelp import FAST, small_rules
from tests.record_checker import check_record

Kind = str  # "legal", "illegal", "stale", "garbage", "other-seat", "ready"
KINDS = ("legal", "legal", "legal", "illegal", "stale", "garbage", "other-seat", "ready")


def _message(table: HostedTable, seat: int, kind: Kind, rng: random.Random) -> bytes:
    """What a client of ``seat`` sends for a move of ``kind``."""
    match = table.match
    moves = len(match.actions)
    legal = match.view(seat).legal
    if kind == "garbage":
        return rng.choice([b"{", b'{"type":"act"}', b'{"type":"act","moves":-1,"bid":1}', b"\x00"])
    if kind == "ready":
        return p.encode(p.Ready(match.hand_number))
    if kind == "legal" and legal:
        action = rng.choice(legal)
    else:
        card = rng.choice(PACK)
        bid, play = Bid.of(seat, rng.randrange(0, 14)), Play.of(seat, card)
        action = bid if rng.random() < 0.5 else play
    if kind == "stale":
        moves = max(0, moves - rng.randrange(1, 5)) if moves else moves + 3
    if isinstance(action, Bid):
        return p.encode(p.Act(moves=moves, bid=action.tricks))
    return p.encode(p.Act(moves=moves, play=str(action.card)))


def _deliver(table: HostedTable, seat: int, raw: bytes, now: float) -> p.MessageRefused | None:
    try:
        message = p.decode_from_client(raw)
    except p.BadMessage:
        return p.MessageRefused("bad-message")
    if isinstance(message, p.Ready):
        table.ready(seat, message)
        return None
    if isinstance(message, p.Act):
        return table.act(seat, message, now)
    return p.MessageRefused("seated")


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(1, 10**6),
    humans=st.integers(1, 3),
    secret=st.booleans(),
    script=st.lists(st.tuples(st.integers(0, 7), st.sampled_from(KINDS)), max_size=300),
)
def test_random_clients_never_break_the_table(
    seed: int, humans: int, secret: bool, script: list[tuple[int, Kind]]
) -> None:
    rules = small_rules(4, hands=2)
    if secret:
        rules = dataclasses.replace(rules, simultaneous_bidding=True, hook=False)
    players = [Player(f"H{i}") for i in range(humans)]
    players += [Player(f"C{i}", "random") for i in range(4 - humans)]
    table = HostedTable.new(rules, seed, players, settings=dataclasses.replace(FAST))
    for index in range(humans):
        table.join(f"H{index}", None, 0.0)
    rng, steps = random.Random(seed), iter(script)
    for turn in range(2000):
        now = 10.0 * turn  # each turn longer than the pause after a hand
        table.tick(now)
        if table.over:
            break
        for seat, level, view in table.due(now):
            table.apply(table.agent(seat, level).choose(view), now)
        waiting = table.waiting_for()
        if not waiting:
            continue
        who, kind = next(steps, (waiting[0], "legal"))
        seat = who % humans
        before = (len(table.match.actions), table.match.phase)
        refusal = _deliver(table, seat, _message(table, seat, kind, rng), now)
        if refusal is not None:
            assert (len(table.match.actions), table.match.phase) == before  # nothing changed
        elif kind == "legal" and seat in waiting:
            assert len(table.match.actions) == before[0] + 1
    assert table.over
    check_record(to_record(table.match, table.players))


def test_a_secret_bid_sent_before_another_seat_bid_still_counts() -> None:
    rules = dataclasses.replace(small_rules(3), simultaneous_bidding=True, hook=False)
    players = [Player("Ann"), Player("Bo"), Player("Cy", "random")]
    table = HostedTable.new(rules, 5, players, settings=dataclasses.replace(FAST))
    table.join("Ann", None, 0.0)
    table.join("Bo", None, 0.0)
    table.tick(0.0)
    assert table.match.phase is Phase.BIDDING
    seen = len(table.match.actions)
    assert table.act(1, p.Act(moves=seen, bid=0), 0.0) is None  # Bo bids first
    assert table.act(0, p.Act(moves=seen, bid=1), 0.0) is None  # Ann had not seen it
    # but a message from before this hand is stale
    assert table.act(0, p.Act(moves=max(0, seen - 1), bid=1), 0.0) is not None


def test_a_seat_cannot_act_for_another_and_every_refusal_is_counted() -> None:
    players = [Player("Ann"), Player("Bo"), Player("Cy", "random")]
    table = HostedTable.new(small_rules(3), 2, players, settings=dataclasses.replace(FAST))
    assert table.act(0, p.Act(moves=0, bid=0), 0.0) == p.MessageRefused(
        "not-your-turn", "the table is not full yet"
    )
    table.join("Ann", None, 0.0)
    table.join("Bo", None, 0.0)
    table.tick(0.0)
    turn = table.match.awaiting[0]
    other = 1 - turn if turn in (0, 1) else 0
    legal = table.match.view(turn).legal[0]
    assert isinstance(legal, Bid)
    moves = len(table.match.actions)
    refusal = table.act(other, p.Act(moves=moves, bid=legal.tricks), 0.0)
    assert refusal is not None and refusal.problem == "not-your-turn"
    assert to_action(turn, p.Act(moves=moves, bid=legal.tricks)) == legal
    assert to_action(turn, p.Act(moves=moves)) is None
    assert table.join("Late", None, 0.0) == "full"
    assert table.join("Thief", "x" * 20, 0.0) == "bad-token"
