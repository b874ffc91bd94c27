"""A host and headless clients play over 127.0.0.1: whole games, and what each sees."""

from __future__ import annotations

import asyncio

from game.net.client import Client
from game.rules.phase import Phase
from game.rules.record import to_record
from tests.nethelp import hosting, run, table_of
from tests.record_checker import check_record


def test_a_host_and_three_clients_play_a_whole_game() -> None:
    table = table_of(["human", "human", "human", "random"])

    async def game() -> list[Client]:
        async with hosting(table) as (_, address):
            clients = [await Client.join(address, f"P{i}") for i in range(3)]
            ends = await asyncio.gather(*(c.play_randomly(i) for i, c in enumerate(clients)))
            for client in clients:
                await client.close()
            assert all(view.phase is Phase.GAME_OVER for view in ends)
            return clients

    clients = run(game())
    assert table.over
    check_record(to_record(table.match, table.players))
    assert [client.seat for client in clients] == [0, 1, 2]
    # each saw the final scores the host has, and the names the others chose
    for client in clients:
        assert client.view is not None
        assert client.view.scores == table.match.view(None).scores
        assert [player.name for player in client.players[:3]] == ["P0", "P1", "P2"]
        assert client.view.results == table.match.view(client.seat).results


def test_a_client_sees_only_its_own_cards() -> None:
    table = table_of(["human", "human", "random", "random"])

    async def peek() -> None:
        async with hosting(table) as (_, address):
            first = await Client.join(address, "Ann")
            second = await Client.join(address, "Bo")

            def dealt(client: Client) -> bool:
                return client.view is not None and bool(client.view.hand)

            while not dealt(first):
                await first.receive(5)
            view = first.view
            assert view is not None
            assert view.hand == table.match.hand(0)
            assert view.hand == table.match.view(0).hand
            # nothing in what seat 0 received names a card of another hand
            others = {str(c) for seat in (1, 2, 3) for c in table.match.hand(seat)}
            visible = {str(c) for c in view.trick} | (
                {str(view.trump_card)} if view.trump_card else set()
            )
            assert not (others - visible) & {str(c) for c in view.hand}
            assert first.seat == 0 and second.seat == 1
            await first.close()
            await second.close()

    run(peek())
