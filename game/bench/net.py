"""``ohhell bench net``: one host serving many tables, measured from its clients.

The host runs in a process of its own on 127.0.0.1 (a free port); each table has
computer players and one seat played by a headless client in this process, which
answers at once with a random legal action. It reports the messages per second the
host handled, the round trip of the client's actions (sent until the update that
shows them arrives: median, 90th, 99th percentile, worst), and the bytes sent per
hand. Bounded: it stops after ``--seconds`` or when every game is over.

With ``--floods`` it measures the host's door instead (:mod:`game.bench.flood`): the
players of one table drop and come back ``--rounds`` times through each flood of
issue 49, and it prints their rejoins (how many, how long, in how many tries), the
flood's rate, and the host's open files, memory and log lines under the flood.
``--files N`` starts the host with a file limit of N (as ``ulimit -n N``).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import multiprocessing
import random
import statistics
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection

from game import cliargs
from game.bench import flood
from game.bench.figures import percentile
from game.net import protocol as p
from game.net.client import Client
from game.net.host import Host
from game.net.table import HostedTable, TableSettings
from game.play.lifeline import Tie, deaf_children, follow, tie
from game.play.setup import COMPUTER_NAMES
from game.rules.phase import Phase
from game.rules.presets import get_preset
from game.rules.record import LEVELS, Level, Player


@dataclass
class ClientFigures:
    latencies: list[float] = field(default_factory=list)
    bytes_in: int = 0
    messages_in: int = 0
    hands: int = 0
    finished: bool = False


def table_code(index: int) -> str:
    return f"T{index:05d}"


def _tables(count: int, variant: str, players: int, level: Level, hands: int) -> list[HostedTable]:
    rules = get_preset(variant).rules(players)
    if hands:
        rules = dataclasses.replace(rules, max_hands=hands)
    settings = TableSettings(drop_timeout=600.0, think_delay=0.0, hand_pause=5.0, stand_in=level)
    tables = []
    for index in range(count):
        seats = [Player("Load")] + [Player(name, level) for name in COMPUTER_NAMES[: players - 1]]
        tables.append(HostedTable.new(rules, index + 1, seats, table_code(index), settings))
    return tables


def _host_process(pipe: Connection, options: dict[str, object], parent: Tie) -> None:
    """Serve the tables until told to stop; then send the host's figures. Ends with
    the process that started it."""
    follow(parent)

    async def serve() -> None:
        tables = _tables(
            int(options["tables"]),  # type: ignore[call-overload]
            str(options["variant"]),
            int(options["players"]),  # type: ignore[call-overload]
            options["level"],  # type: ignore[arg-type]
            int(options["hands"]),  # type: ignore[call-overload]
        )
        host = Host(tables)
        pipe.send(await host.start("127.0.0.1", 0))
        started, cpu = time.perf_counter(), time.process_time()
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, pipe.recv)  # "stop"
        elapsed, used = time.perf_counter() - started, time.process_time() - cpu
        hands = sum(len(table.match.results) for table in tables)
        pipe.send(
            {
                "messages_in": host.messages_in,
                "messages_out": host.messages_out,
                "bytes_out": host.bytes_out,
                "refused": host.refused,
                "seconds": elapsed,
                "cpu": used,
                "hands": hands,
                "actions": sum(len(table.match.actions) for table in tables),
            }
        )
        await host.close()

    asyncio.run(serve())


async def _play(address: str, code: str, seed: int, deadline: float) -> ClientFigures:
    """One headless player: act at once, time each action's round trip."""
    figures = ClientFigures()
    client = await Client.join(address, "Load", code, timeout=30)
    chooser = random.Random(seed)
    acted, sent_at, readied = -1, 0.0, 0
    try:
        while time.monotonic() < deadline:
            view = client.view
            if view is not None and view.phase is Phase.GAME_OVER:
                figures.finished = True
                break
            if view is not None and client.my_turn() and acted != client.moves:
                acted, sent_at = client.moves, time.perf_counter()
                await client.act(chooser.choice(view.legal))
            if view is not None and view.phase is Phase.HAND_SCORED and readied < view.hand_number:
                readied = view.hand_number
                await client.ready(readied)
            try:
                message = await client.receive(max(0.01, deadline - time.monotonic()))
            except TimeoutError:
                break
            figures.messages_in += 1
            if isinstance(message, p.Update) and acted >= 0 and message.moves > acted and sent_at:
                figures.latencies.append(time.perf_counter() - sent_at)
                sent_at = 0.0
    finally:
        figures.bytes_in = client.bytes_in
        figures.hands = len(client.view.results) if client.view else 0
        await client.close()
    return figures


async def _clients(port: int, count: int, seconds: float) -> list[ClientFigures]:
    address = f"127.0.0.1:{port}"
    deadline = time.monotonic() + seconds
    return list(
        await asyncio.gather(*(_play(address, table_code(i), i, deadline) for i in range(count)))
    )


def net_report(host: dict[str, float], clients: list[ClientFigures], tables: int) -> list[str]:
    latencies = [value for figures in clients for value in figures.latencies]
    messages = host["messages_in"] + host["messages_out"]
    seconds = host["seconds"]
    hands = max(1, int(host["hands"]))
    lines = [
        f"{tables} tables, {host['actions']:.0f} actions, {host['hands']:.0f} hands scored, "
        f"{sum(f.finished for f in clients)} games finished in {seconds:.1f} s",
        f"host: {messages / seconds:,.0f} messages/s ({host['messages_in']:.0f} in, "
        f"{host['messages_out']:.0f} out), {host['actions'] / seconds:,.0f} actions/s, "
        f"CPU {100 * host['cpu'] / seconds:.0f}% of one core, {host['refused']:.0f} refused",
        f"bytes sent per hand: {host['bytes_out'] / hands:,.0f} to the table "
        f"({sum(f.bytes_in for f in clients) / hands:,.0f} to the human seat)",
    ]
    if latencies:
        ms = [value * 1000 for value in latencies]
        lines.append(
            f"action round trip over {len(ms)} actions: median {statistics.median(ms):.2f} ms, "
            f"p90 {percentile(ms, 0.9):.2f} ms, p99 {percentile(ms, 0.99):.2f} ms, "
            f"worst {max(ms):.2f} ms"
        )
    return lines


def main(argv: list[str]) -> int:
    parser = cliargs.Parser(prog="ohhell bench net", description=__doc__)
    parser.add_argument("--tables", type=cliargs.bounded_int(1, 1000), default=200)
    parser.add_argument("--seconds", type=cliargs.bounded_float(1, 600), default=30.0)
    parser.add_argument("--variant", default="oh-hell")
    parser.add_argument("--players", type=cliargs.player_count, default=4)
    parser.add_argument(
        "--hands",
        type=cliargs.bounded_int(0, 100),
        default=0,
        help="play only this many hands (0: the whole game)",
    )
    parser.add_argument("--level", choices=LEVELS, default="random")
    parser.add_argument("--floods", action="store_true", help="measure rejoins under floods")
    parser.add_argument(
        "--rounds", type=cliargs.bounded_int(1, 100), default=5, help="rejoins per player"
    )
    parser.add_argument(
        "--addresses",
        type=cliargs.bounded_int(1, 2000),
        default=300,
        help="loopback addresses the floods come from",
    )
    parser.add_argument(
        "--files",
        type=cliargs.bounded_int(64, 1 << 20),
        default=None,
        help="the host's file limit (as ulimit -n)",
    )
    parser.add_argument(
        "--gap", type=cliargs.bounded_float(0, 60), default=0.5, help="seconds between rejoins"
    )
    args = parser.parse_args(argv)
    if args.floods:
        return _floods(args)
    get_preset(args.variant).rules(args.players)
    options = {
        key: getattr(args, key) for key in ("tables", "variant", "players", "level", "hands")
    }
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    process = context.Process(target=_host_process, args=(theirs, options, tie()), daemon=True)
    with deaf_children():
        process.start()
    try:
        if not ours.poll(60):
            print("ohhell bench net: the host did not start")
            return 1
        port = ours.recv()
        cpu = time.process_time()
        clients = asyncio.run(_clients(port, args.tables, args.seconds))
        client_cpu = time.process_time() - cpu
        ours.send("stop")
        host = ours.recv() if ours.poll(30) else None
    finally:
        process.join(30)
        if process.is_alive():
            process.terminate()
    if host is None:
        print("ohhell bench net: the host sent no figures")
        return 1
    print("\n".join(net_report(host, clients, args.tables)))
    share = 100 * client_cpu / host["seconds"]
    print(f"the {args.tables} clients (one process): CPU {share:.0f}% of one core")
    return 0


def _floods(args: argparse.Namespace) -> int:
    """``--floods``: rejoins through each flood, and the host's figures."""
    humans = min(4, args.players - 1)
    floods = flood.floods(args.addresses)
    cap, reports = flood.run_floods(floods, humans, args.rounds, args.files, 2000, args.gap)
    print("\n".join(flood.report_lines(cap, reports)))
    return 0
