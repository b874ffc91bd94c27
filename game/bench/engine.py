"""``ohhell bench engine``: how fast the engine plays random hands, and its memory.

Two paths are measured, both single-threaded:

* the match API (``Match.legal_actions`` / ``apply`` / ``advance``), with every
  legality check and event, as the table and records use it;
* the playout kernel (``game.rules.playout``), the same rules on card masks,
  as the computer players' simulations use it.

Each figure is the median of several timed runs, in hands per second of
processor time (so other programs on the machine disturb it less).
"""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from collections.abc import Callable

from game import cliargs
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.playout import deal_masks, random_playout
from game.rules.presets import PRESETS
from game.rules.ruleset import HandSequence, RuleSet


def _match_hands(rules: RuleSet, seed: int) -> int:
    """Play a whole match with random legal actions; return the hands played."""
    rng = random.Random(seed)
    match = Match(rules, seed)
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            match.advance()
            continue
        actions = match.legal_actions()
        match.apply(actions[int(rng.random() * len(actions))])
    return len(match.results)


def _kernel_hands(sizes: list[int], seed: int) -> int:
    rng = random.Random(seed)
    for size in sizes:
        hands, trump = deal_masks(rng, 4, size)
        random_playout(hands, 0, trump, False, rng)
    return len(sizes)


def _rate(work: Callable[[int], int], repeat: int) -> tuple[float, float]:
    """(median, best) hands per second over ``repeat`` runs."""
    rates = []
    for run in range(repeat):
        start = time.process_time()
        hands = work(run)
        rates.append(hands / max(time.process_time() - start, 1e-9))
    return statistics.median(rates), max(rates)


def _peak_memory(rules: RuleSet) -> tuple[float, int]:
    """Peak traced memory (KiB) while playing one whole match, and its hands."""
    tracemalloc.start()
    hands = _match_hands(rules, 1)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1024, hands


def main(argv: list[str]) -> int:
    parser = cliargs.Parser(prog="ohhell bench engine", description=__doc__)
    parser.add_argument(
        "--hands",
        type=cliargs.bounded_int(20, 1_000_000),
        default=2000,
        help="hands per timed run (20 to 1000000)",
    )
    parser.add_argument(
        "--repeat", type=cliargs.bounded_int(1, 100), default=5, help="timed runs per figure"
    )
    args = parser.parse_args(argv)
    n, repeat = args.hands, args.repeat
    ten = RuleSet(players=4, sequence=HandSequence.CONSTANT, largest_hand=10, max_hands=n)
    mixed = PRESETS["oh-hell"].rules(4)
    mixed_sizes = list(mixed.hand_sizes) * max(1, n // len(mixed.hand_sizes))
    rows = [
        ("match API, 4 players, 10-card hands", _rate(lambda s: _match_hands(ten, s), repeat)),
        (
            "match API, 4 players, mixed 10..1..10",
            _rate(lambda s: sum(_match_hands(mixed, s * 999 + k) for k in range(n // 19)), repeat),
        ),
        ("kernel, 4 players, 10-card hands", _rate(lambda s: _kernel_hands([10] * n, s), repeat)),
        (
            "kernel, 4 players, mixed 10..1..10",
            _rate(lambda s: _kernel_hands(mixed_sizes, s), repeat),
        ),
    ]
    print(f"Random single-hand playouts per second ({repeat} runs of ~{n} hands, one core)")
    print(f"{'path':<40} {'median':>10} {'best':>10}")
    for name, (median, best) in rows:
        print(f"{name:<40} {median:>10,.0f} {best:>10,.0f}")
    peak, hands = _peak_memory(mixed)
    print(f"Peak memory of a whole {hands}-hand oh-hell match: {peak:,.0f} KiB")
    return 0
