"""``ohhell bench engine``: how fast the engine plays random hands and games, and its memory.

Two paths are measured per hand, both single-threaded:

* the match API (``Match.legal_actions`` / ``apply`` / ``advance``), with every
  legality check and event, as the table and records use it;
* the playout kernel (``game.rules.playout``), the same rules on card masks,
  as the computer players' simulations use it.

Then whole random games of the ``oh-hell`` preset (4 players, hands of
10..1..10), side by side in one run:

* the checked match loop (legal actions, ``apply`` with its check, events, log);
* ``ohhell simulate``'s play: random agents, each choosing from its seat's view;
* OpenSpiel's ``oh_hell`` driven from Python, when ``open_spiel`` is installed
  (an optional benchmark dependency, not a project one): one OpenSpiel game is
  one hand, so a whole game is 19 of them, ``num_tricks_fixed`` 10, 9 .. 1 .. 10,
  with every chance outcome (trick count, dealer, each card dealt, the trump card)
  and every bid and play chosen uniformly among ``legal_actions()``.

Each figure is the median of several timed runs, in processor time (so other
programs on the machine disturb it less); ratios are taken run by run and
their median printed.
"""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from game import cliargs
from game.rules.actions import Action
from game.rules.events import HandScored, TrickWon
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.playout import deal_masks, random_playout
from game.rules.presets import PRESETS
from game.rules.ruleset import MAX_HANDS, HandSequence, RuleSet
from game.simulate import play_games


def _random_match(rules: RuleSet, seed: int) -> Match:
    """A whole match played with random legal actions (the checked loop)."""
    rng = random.Random(seed)
    match = Match(rules, seed)
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            match.advance()
            continue
        actions = match.legal_actions()
        match.apply(actions[int(rng.random() * len(actions))])
    return match


def _match_hands(rules: RuleSet, seed: int) -> int:
    """Play a whole match with random legal actions; return the hands played."""
    return len(_random_match(rules, seed).results)


def _ten_card_hands(hands: int, seed: int) -> int:
    """Play ``hands`` 10-card hands through the match API, in matches of at most
    :data:`MAX_HANDS` hands (the most a rule set allows)."""
    played = 0
    while played < hands:
        count = min(MAX_HANDS, hands - played)
        rules = RuleSet(players=4, sequence=HandSequence.CONSTANT, largest_hand=10, max_hands=count)
        played += _match_hands(rules, seed * 1_000_003 + played)
    return played


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


def _checked_games(rules: RuleSet, seed: int, games: int) -> int:
    """Play ``games`` whole matches with random legal actions; return the actions."""
    rng = random.Random(seed)
    actions = 0
    for game in range(games):
        match = Match(rules, seed + game)
        while match.phase is not Phase.GAME_OVER:
            if match.phase.automatic:
                match.advance()
                continue
            legal = match.legal_actions()
            match.apply(legal[int(rng.random() * len(legal))])
        actions += len(match.actions)
    return actions


def _simulated_games(seed: int, games: int) -> int:
    """``ohhell simulate --variant oh-hell --players 4`` with random seats; the actions."""
    matches = play_games("oh-hell", 4, games, seed, ["random"] * 4)
    return sum(len(match.actions) for match in matches)


def _openspiel_hands(sizes: tuple[int, ...]) -> list[Any] | None:
    """OpenSpiel's ``oh_hell``, one game per hand size, or None without ``open_spiel``."""
    try:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    return [
        pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": size}) for size in sizes
    ]


def _openspiel_games(hands: list[Any], seed: int, games: int) -> int:
    """Play ``games`` sequences of OpenSpiel hands at random; return the player actions."""
    rng = random.Random(seed)
    actions = 0
    for _ in range(games):
        for game in hands:
            state = game.new_initial_state()
            while not state.is_terminal():
                if not state.is_chance_node():
                    actions += 1
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
    return actions


def _game_rates(games: int, repeat: int) -> list[tuple[str, list[float], list[float]]]:
    """(name, games/s per run, actions/s per run) of each whole-game path, interleaved."""
    rules = PRESETS["oh-hell"].rules(4)
    spiel = _openspiel_hands(rules.hand_sizes)
    paths: list[tuple[str, Callable[[int], int]]] = [
        ("checked match loop", lambda seed: _checked_games(rules, seed, games)),
        ("simulate, random seats", lambda seed: _simulated_games(seed, games)),
    ]
    if spiel is not None:
        paths.append(("OpenSpiel oh_hell", lambda seed: _openspiel_games(spiel, seed, games)))
    rates: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name, _ in paths}
    for run in range(repeat):
        for name, work in paths:
            start = time.process_time()
            actions = work(1 + run * games)
            elapsed = max(time.process_time() - start, 1e-9)
            rates[name][0].append(games / elapsed)
            rates[name][1].append(actions / elapsed)
    return [(name, *rates[name]) for name, _ in paths]


def _print_games(games: int, repeat: int) -> None:
    rows = _game_rates(games, repeat)
    print(
        f"Whole random 4-player oh-hell games, 10..1..10 "
        f"({repeat} runs of {games} games per path, interleaved, one core)"
    )
    print(f"{'path':<26} {'games/s':>9} {'actions/s':>11} {'vs OpenSpiel':>13}")
    spiel = next((row for row in rows if row[0].startswith("OpenSpiel")), None)
    for name, game_rates, action_rates in rows:
        ratio = ""
        if spiel is not None and name != spiel[0]:
            ratios = [ours / theirs for ours, theirs in zip(game_rates, spiel[1], strict=True)]
            ratio = f"{statistics.median(ratios):.2f}x"
        print(
            f"{name:<26} {statistics.median(game_rates):>9,.1f} "
            f"{statistics.median(action_rates):>11,.0f} {ratio:>13}"
        )
    if spiel is None:
        print(
            "OpenSpiel: not measured, open_spiel is not installed "
            "(optional: uv pip install open_spiel)"
        )
    else:
        print(
            "OpenSpiel plays each hand as its own oh_hell game (players=4, num_tricks_fixed="
            "10..1..10, 52 cards, no hook), chance outcomes included; actions/s count bids "
            "and plays only; ratios are run-by-run medians of games/s"
        )


def _recorded_games(rules: RuleSet, games: int) -> list[tuple[int, list[Action]]]:
    """The seeds and action logs of ``games`` random games of the checked loop."""
    recorded = []
    for seed in range(1, games + 1):
        recorded.append((seed, _random_match(rules, seed).actions))
    return recorded


def _replay(rules: RuleSet, seed: int, actions: list[Action]) -> float:
    """Replay a game by ``apply`` and ``advance`` alone; the seconds its advances took."""
    match, log, advancing = Match(rules, seed), iter(actions), 0.0
    clock = time.perf_counter
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            start = clock()
            match.advance()
            advancing += clock() - start
            continue
        match.apply(next(log))
    return advancing


def _driver(seed: int, steps: int, hoisted: bool) -> None:
    """The checked loop's own work on a stand-in for the match: its phase tests (reading
    ``Phase.GAME_OVER`` each step unless ``hoisted``), ``rng.random()`` and the index."""
    rng, legal, over = random.Random(seed), (0, 1, 2), Phase.GAME_OVER
    phase = Phase.PLAYING
    for _ in range(steps):
        if phase is not (over if hoisted else Phase.GAME_OVER) and not phase.automatic:
            legal[int(rng.random() * len(legal))]


def _print_parts(games: int, repeat: int) -> None:
    """Where a whole checked game's time goes: each part timed alone, fastest of the runs."""
    rules = PRESETS["oh-hell"].rules(4)
    recorded = _recorded_games(rules, games)
    steps = sum(len(actions) for _, actions in recorded) // games + 38
    parts: dict[str, Callable[[], float]] = {
        "whole checked loop": lambda: _timed(lambda: _checked_games(rules, 1, games)),
        "apply and advance alone (replayed log)": lambda: _timed(
            lambda: [_replay(rules, seed, actions) for seed, actions in recorded]
        ),
        "advance alone (the deals), timed inside the replay": lambda: sum(
            _replay(rules, seed, actions) for seed, actions in recorded
        ),
        "Match(rules, seed)": lambda: _timed(lambda: [Match(rules, s) for s, _ in recorded]),
        "the events TrickWon x109, HandScored x19": lambda: _timed(lambda: _events(games)),
        "the driver on a stand-in (loop, rng, index)": lambda: _timed(
            lambda: _drive(games, steps, hoisted=False)
        ),
        "the same, Phase.GAME_OVER read once": lambda: _timed(
            lambda: _drive(games, steps, hoisted=True)
        ),
    }
    runs: dict[str, list[float]] = {name: [] for name in parts}
    for _ in range(repeat):  # the parts interleaved, run by run
        for name, part in parts.items():
            runs[name].append(part())
    print(f"Where a whole random oh-hell game's time goes ({games} games, best of {repeat} runs)")
    for name, seconds in runs.items():
        print(f"{name:<52} {min(seconds) / games * 1e6:>9,.0f} us a game")


def _drive(games: int, steps: int, hoisted: bool) -> None:
    for seed in range(games):
        _driver(seed, steps, hoisted)


def _timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def _events(games: int) -> None:
    """Build a game's frozen events of trick and hand ends, ``games`` times over."""
    four = (0, 0, 0, 0)
    for _ in range(games):
        for number in range(109):
            TrickWon(1, (), 0, number)
        for number in range(19):
            HandScored(number, four, four, four, four)


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
    parser.add_argument(
        "--games",
        type=cliargs.bounded_int(1, 100_000),
        default=20,
        help="whole games per path and timed run (1 to 100000)",
    )
    parser.add_argument(
        "--parts",
        action="store_true",
        help="print only where a whole checked game's time goes, part by part",
    )
    args = parser.parse_args(argv)
    n, repeat = args.hands, args.repeat
    if args.parts:
        _print_parts(args.games, max(repeat, 5))
        return 0
    mixed = PRESETS["oh-hell"].rules(4)
    mixed_sizes = list(mixed.hand_sizes) * max(1, n // len(mixed.hand_sizes))
    rows = [
        ("match API, 4 players, 10-card hands", _rate(lambda s: _ten_card_hands(n, s), repeat)),
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
    print()
    _print_games(args.games, repeat)
    return 0
