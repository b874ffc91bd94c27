"""What the host refuses, and how it copes with players who drop and come back."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from websockets.exceptions import ConnectionClosed

from game.net import protocol as p
from game.net.client import Client, JoinError
from game.net.host import Host
from game.rules.phase import Phase
from game.rules.record import to_record
from tests.nethelp import FAST, hosting, receive_until, run, table_of
from tests.record_checker import check_record


def _to_act(client: Client) -> bool:
    return client.my_turn()


async def either_turn(*clients: Client) -> None:
    """Read from each client in turn until one of them may act."""
    while not any(client.my_turn() for client in clients):
        for client in clients:
            with contextlib.suppress(TimeoutError):
                await client.receive(0.05)


def _refused(count: int) -> object:
    return lambda client: len(client.refusals) >= count


def test_garbage_replays_and_moves_out_of_turn_are_refused_and_change_nothing() -> None:
    table = table_of(["human", "human", "random", "random"], seed=5)

    async def attack() -> None:
        async with hosting(table) as (host, address):
            ann, bo = await Client.join(address, "Ann"), await Client.join(address, "Bo")
            await either_turn(ann, bo)
            mover, other = (ann, bo) if ann.my_turn() else (bo, ann)
            before = len(table.match.actions)
            attempts = [
                b"\xff\xfe not json",
                b'{"type": "act", "moves": 0, "bid": "three"}',
                b'{"type": "act", "moves": 0, "bid": 1, "seat": 3}',
                b'{"type": "nuke"}',
                b"[" * 500,
                b'{"type":"hello","version":1,"name":"Again"}',
            ]
            for raw in attempts:
                await mover.send_raw(raw)
            await receive_until(mover, _refused(len(attempts)))
            problems = [refusal.problem for refusal in mover.refusals]
            assert problems == ["bad-message"] * 5 + ["seated"]
            # out of turn: the other seat acts for itself and is refused
            assert other.view is not None
            await other.send(p.Act(moves=other.moves, bid=0))
            await receive_until(other, _refused(1))
            assert other.refusals[-1].problem == "not-your-turn"
            assert len(table.match.actions) == before
            # a legal action, then the same message again: the replay is stale
            assert mover.view is not None
            action = mover.view.legal[0]
            seen = mover.moves
            await mover.act(action)
            await receive_until(mover, lambda c: c.moves > seen)
            stale = p.Act(moves=seen, bid=getattr(action, "tricks", None))
            await mover.send(stale)
            await receive_until(mover, _refused(len(attempts) + 1))
            assert mover.refusals[-1].problem == "stale"
            assert table.match.actions[before] == action
            assert host.refused >= len(attempts) + 2
            await ann.close()
            await bo.close()

    run(attack())


def test_an_oversized_message_closes_that_connection_only() -> None:
    table = table_of(["human", "human", "random", "random"])

    async def flood() -> None:
        async with hosting(table) as (_, address):
            ann, bo = await Client.join(address, "Ann"), await Client.join(address, "Bo")
            await ann.send_raw("x" * (p.MAX_CLIENT_BYTES * 4))
            with pytest.raises(ConnectionClosed, match="1009"):
                while True:
                    await ann.receive(20)
            # the host goes on: Bo still plays, and a new connection is answered
            await receive_until(bo, lambda c: c.view is not None)
            again = await Client.join(address, "Ann", token=ann.token)
            assert again.seat == ann.seat
            await again.close()
            await bo.close()

    run(flood())


def test_a_client_of_another_version_is_told_so() -> None:
    async def mismatch() -> None:
        async with hosting(table_of(["human", "random", "random"])) as (_, address):
            with pytest.raises(JoinError) as caught:
                await Client.join(address, "Old", version=p.PROTOCOL_VERSION + 1)
            assert caught.value.reason == "version"
            assert caught.value.host_version == p.PROTOCOL_VERSION

    run(mismatch())


def test_a_client_killed_mid_hand_reconnects_where_the_table_is() -> None:
    table = table_of(["human", "human", "random", "random"], seed=9)

    async def drop_and_return() -> None:
        async with hosting(table) as (_, address):
            ann, bo = await Client.join(address, "Ann"), await Client.join(address, "Bo")
            player = asyncio.create_task(bo.play_randomly(2))
            await receive_until(ann, _to_act)
            assert ann.view is not None
            await ann.act(ann.view.legal[0])
            await receive_until(ann, lambda c: c.moves > 0 and not c.my_turn())
            ann.ws.transport.abort()  # killed: no closing handshake
            back = await Client.join(address, "whoever", token=ann.token)
            assert back.seat == ann.seat and back.players[0].name == "Ann"
            await receive_until(back, lambda c: c.view is not None)
            assert back.view is not None and back.view.seat == ann.seat
            assert back.view.hand_number >= 1 and back.view.has_bid[ann.seat]  # her bid stands
            assert back.view.hand == table.match.view(ann.seat).hand
            end = await back.play_randomly(7)
            assert end.phase is Phase.GAME_OVER
            await player
            await back.close()
            await bo.close()

    run(drop_and_return())
    check_record(to_record(table.match, table.players))


def test_a_computer_plays_for_a_player_gone_longer_than_the_timeout() -> None:
    settings = FAST.__class__(drop_timeout=0.0, think_delay=0.0, hand_pause=0.0)
    table = table_of(["human", "human", "random"], settings=settings)

    async def gone() -> None:
        async with hosting(table) as (_, address):
            ann, bo = await Client.join(address, "Ann"), await Client.join(address, "Bo")
            await ann.close()
            end = await bo.play_randomly(1)
            assert end.phase is Phase.GAME_OVER
            signals = {(n.signal, n.seat) for n in bo.notices}
            assert ("disconnected", 0) in signals and ("computer", 0) in signals
            await bo.close()

    run(gone())
    assert table.over


def test_the_host_keeps_serving_when_one_table_fails() -> None:
    broken, fine = table_of(["random", "random", "random"]), table_of(["random", "random"] * 2)
    host = Host([broken, fine])

    def explode(now: float) -> list[object]:
        raise RuntimeError("boom")

    broken.tick = explode  # type: ignore[assignment,method-assign]

    async def serve() -> None:
        await host.start("127.0.0.1", 0)
        try:
            while not fine.over:
                await asyncio.sleep(0.02)
        finally:
            await host.close()

    run(serve())
    assert fine.over


def test_the_others_are_told_whom_the_table_waits_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("game.net.host.WAIT_NOTICE", 0.1)
    table = table_of(["human", "human", "random"], seed=2)

    async def wait() -> None:
        async with hosting(table) as (_, address):
            ann, bo = await Client.join(address, "Ann"), await Client.join(address, "Bo")
            await either_turn(ann, bo)
            slow, other = (ann, bo) if ann.my_turn() else (bo, ann)

            def told(client: Client) -> bool:
                return any(n.signal == "waiting" and n.seat == slow.seat for n in client.notices)

            await receive_until(other, told)
            assert not told(slow)  # the one waited for is not told about themselves
            await ann.close()
            await bo.close()

    run(wait())


def test_only_the_known_friendly_words_may_be_sent() -> None:
    assert p.decode_from_client('{"type":"emote","word":"thanks"}') == p.Emote("thanks")
    with pytest.raises(p.BadMessage):
        p.decode_from_client('{"type":"emote","word":"anything at all"}')
