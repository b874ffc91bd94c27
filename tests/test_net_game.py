"""A host and headless clients play over 127.0.0.1: whole games, and what each sees."""

from __future__ import annotations

import asyncio
import random

from game.net import protocol as p
from game.net.client import Client
from game.rules.events import DealerChosen
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


def test_the_deal_number_is_told_only_once_the_game_is_over() -> None:
    """The deal number deals every hand: a client told it early could see them all."""
    table = table_of(["human", "random", "random"])

    async def game() -> Client:
        async with hosting(table) as (_, address):
            client = await Client.join(address, "Ann")
            seeds = []
            chooser = random.Random(1)
            while client.view is None or client.view.phase is not Phase.GAME_OVER:
                message = await client.receive(20)
                if isinstance(message, p.Update):
                    seeds.append(message.seed)
                if client.my_turn() and client.view is not None:
                    await client.act(chooser.choice(client.view.legal))
                elif client.view is not None and client.view.phase is Phase.HAND_SCORED:
                    await client.ready(client.view.hand_number)
            assert set(seeds[:-1]) == {None} and seeds[-1] == table.match.seed
            assert "seed" not in p.Welcome.__struct_fields__
            await client.close()
            return client

    assert run(game()).seed == table.match.seed


def test_a_client_is_sent_no_card_of_another_hand() -> None:
    table = table_of(["human", "human", "random", "random"])

    async def peek() -> None:
        async with hosting(table) as (_, address):
            first = await Client.join(address, "Ann")
            first.raw_log = []
            second = await Client.join(address, "Bo")
            while first.view is None or not first.view.hand:
                await first.receive(20)
            view = first.view
            assert view.phase is Phase.BIDDING and view.hand == table.match.hand(0)
            sent = "".join(raw if isinstance(raw, str) else raw.decode() for raw in first.raw_log)
            hidden = {c for seat in (1, 2, 3) for c in table.match.hand(seat)}
            hidden.discard(view.trump_card)  # a turned card is public
            for event in first.events:  # and so are the cards drawn for the first dealer
                if isinstance(event, DealerChosen):
                    hidden -= {card for draw in event.draws for _, card in draw}
            assert hidden and not [card for card in hidden if f'"{card}"' in sent]
            assert all(f'"{card}"' in sent for card in view.hand)  # the check can fail
            await first.close()
            await second.close()

    run(peek())
