"""Measure changes to the computer players on paired deals (issue 30).

``uv run python tools/paired.py --variants expert,expert-share-0.4 --hand-size 5``

Plays single hands, duplicate, with each variant in one seat against the
``ismcts`` yardstick in every other seat: the very games of
``ohhell tournament --seats VARIANT,ismcts,... --duplicate --hand-size N``
(same deal seeds, rotations and agent seeds), so a variant that is a level
reproduces the tournament's row, and two variants meet the same cards and the
same yardstick decisions wherever their own choices agree. A variant that is
not a level is a configuration tried on the way (see ``VARIANTS``).

``--hand-size 0`` plays whole games instead (every hand of the preset), ``--preset``
another preset's rules (``blob``: exact bids only; oh-hell unless told), and
``--against LEVEL`` seats that level in the other seats (``tree``: the search that was
the expert before the look-ahead).

It prints, per variant, the edge over the yardstick (points a hand, the deal's
mean over its rotations, with a 95% interval), the bids made by each side and
the variant's seconds a decision; then, for every two variants, the paired
difference over the deals both played. ``--out`` keeps every game (one JSON
line each) and ``--records`` reports on kept games, pooled, without playing.

``--weights FILE --label NAME`` plays the learned variants with a candidate
weights file instead of the shipped one and names them ``VARIANT#NAME``, so two
rounds of training can be pooled from their kept games and compared, paired;
``--play-weights FILE`` does the same for the play model of the ``learned`` player.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from pathlib import Path
from typing import Any

from game.ai.base import Agent, play_match
from game.ai.expert import TREE, ExpertAgent
from game.ai.guided import GuidedAgent
from game.ai.hard import HARD, HardAgent
from game.ai.ismcts import ISMCTS, IsmctsAgent
from game.ai.learned import LearnedBidder
from game.ai.levels import MeasuredLevel, is_measured_level, make_agent
from game.ai.lookahead import LOOKAHEAD, LookaheadPlayer
from game.ai.playmodel import PLAY_VARIABLE, LearnedPlayer, load_play_model, shipped_play_model
from game.ai.sampled import SampledDealAgent
from game.ai.trickmodel import MODEL_VARIABLE, load_model, shipped_model
from game.bench.stats import Estimate, mean_ci
from game.bench.tournament import agent_seed, tasks_for
from game.play.lifeline import worker_pool
from game.rules.actions import Action
from game.rules.phase import Phase
from game.rules.presets import PRESETS, get_preset
from game.rules.ruleset import HandSequence, RuleSet
from game.rules.view import SeatView

YARDSTICK: MeasuredLevel = "ismcts"
DEFAULT_PRESET = "oh-hell"
WHOLE_GAME = 0
"""The ``--hand-size`` (and a kept game's ``hand_size``) of a whole game."""
MAX_LINE = 10_000
"""The longest record line read back (a game's line is about 200 characters)."""

VARIANTS: dict[str, Callable[[int], Agent]] = {
    "medium": lambda seed: make_agent("medium", seed),
    "hard": lambda seed: make_agent("hard", seed),
    "hard-tree": lambda seed: HardAgent(seed),
    "expert": lambda seed: make_agent("expert", seed),
    "tree": lambda seed: make_agent("tree", seed),
    "sampled": SampledDealAgent,
    "expert-share-0.4": lambda seed: ExpertAgent(seed, replace(TREE, share=0.4)),
    "hard-share-0.4": lambda seed: HardAgent(seed, replace(HARD, share=0.4)),
    "hard-infer": lambda seed: HardAgent(seed, replace(HARD, infer=True)),
    "expert-explore-1.0": lambda seed: ExpertAgent(seed, replace(TREE, exploration=1.0)),
    "expert-no-infer": lambda seed: ExpertAgent(seed, replace(TREE, infer=False)),
    "expert-x2": lambda seed: ExpertAgent(seed, TREE.scaled(2.0)),
    "expert-x3": lambda seed: ExpertAgent(seed, TREE.scaled(3.0)),
    "expert-oversample-4": lambda seed: ExpertAgent(seed, replace(TREE, oversample=4)),
    "expert-fitted": lambda seed: ExpertAgent(seed, replace(TREE, fitted_bids=True)),
    "hard-fitted-guesses": lambda seed: HardAgent(seed, replace(HARD, fitted_bids=True)),
    "hard-fitted-infer": lambda seed: HardAgent(seed, replace(HARD, fitted_bids=True, infer=True)),
    "ismcts-x10": lambda seed: IsmctsAgent(seed, ISMCTS.scaled(10.0)),
    "medium-learned": lambda seed: LearnedBidder(make_agent("medium", seed)),
    "hard-learned": lambda seed: LearnedBidder(HardAgent(seed)),
    "expert-learned": lambda seed: LearnedBidder(make_agent("expert", seed)),
    "expert-blend-0.5": lambda seed: GuidedAgent(seed, TREE, 0.5),
    "expert-learned-guesses": lambda seed: ExpertAgent(seed, replace(TREE, learned_guesses=True)),
    "expert-learned-infer": lambda seed: ExpertAgent(seed, replace(TREE, learned_infer=True)),
    "expert-learned-bid-infer": lambda seed: LearnedBidder(
        ExpertAgent(seed, replace(TREE, learned_infer=True))
    ),
    "hard-learned-guesses": lambda seed: HardAgent(seed, replace(HARD, learned_guesses=True)),
    "hard-learned-infer": lambda seed: HardAgent(
        seed, replace(HARD, infer=True, learned_infer=True)
    ),
    "hard-learned-bid-infer": lambda seed: LearnedBidder(
        HardAgent(seed, replace(HARD, infer=True, learned_infer=True))
    ),
    "learned": lambda seed: LearnedPlayer(seed, fallback=HardAgent(seed)),
    "lookahead": lambda seed: lookahead(seed),
    "lookahead-d24": lambda seed: lookahead(seed, deals=24, batch=0, oversample=1),
    "lookahead-infer": lambda seed: lookahead(seed, deals=24, batch=0, sharpness=0.0),
    "lookahead-d128": lambda seed: lookahead(seed, batch=0, oversample=1),
    "lookahead-race": lambda seed: lookahead(seed, oversample=1),
    "lookahead-bids": lambda seed: lookahead(seed, oversample=1, bid_deals=128),
    "lookahead-plays": lambda seed: lookahead(seed, play_sharpness=1.0),
    "lookahead-sharp-2": lambda seed: lookahead(seed, sharpness=2.0, oversample=8),
    "lookahead-depth-1-d384": lambda seed: lookahead(seed, depth=1, deals=384),
    "lookahead-d16": lambda seed: lookahead(seed, deals=16),
    "lookahead-bid-deals": lambda seed: lookahead(seed, bid_deals=128),
    "lookahead-bid-plays": lambda seed: lookahead(seed, bid_deals=128, bid_plays=2560),
    "lookahead-bid-more": lambda seed: lookahead(seed, bid_deals=384, bid_plays=5120),
    "lookahead-bid-256": lambda seed: lookahead(seed, bid_deals=256),
    "lookahead-wide": lambda seed: lookahead(seed, bid_deals=128, candidates=8, bid_candidates=5),
    "lookahead-tree-bid": lambda seed: BidsFrom(make_agent("tree", seed), lookahead(seed)),
}
"""Every player this tool can seat against the yardstick, by name."""


CARDS_ONLY = replace(LOOKAHEAD, bid_deals=0, bid_plays=0)
"""The look-ahead before its bids were played out (the expert until 2026-12-07): the
``lookahead`` variants measured from it keep their games."""


def lookahead(seed: int, **changes: Any) -> Agent:
    """The look-ahead that searches its cards only, with ``changes`` to its configuration
    (hard where it has no model)."""
    return LookaheadPlayer(seed, replace(CARDS_ONLY, **changes), fallback=HardAgent(seed))


class BidsFrom:
    """``bidder``'s bids and ``player``'s plays (the level of the player)."""

    def __init__(self, bidder: Agent, player: Agent) -> None:
        self.bidder = bidder
        self.player = player
        self.level = player.level

    def choose(self, view: SeatView) -> Action:
        agent = self.bidder if view.phase is Phase.BIDDING else self.player
        return agent.choose(view)


class Timed:
    """An agent that counts its decisions and the seconds they took."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.level = agent.level
        self.decisions = 0
        self.seconds = 0.0

    def choose(self, view: SeatView) -> Action:
        start = time.process_time()
        action = self.agent.choose(view)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return action


@dataclass(frozen=True)
class Game:
    """One rotation of one deal, as kept in ``--out``."""

    variant: str
    players: int
    hand_size: int
    deal: int
    rotation: int
    seat: int
    scores: tuple[int, ...]
    made: tuple[float, ...]
    """Per seat, the share of its hands whose bid it made (0 or 1 in a single hand)."""
    decisions: int
    seconds: float
    preset: str = DEFAULT_PRESET
    """The preset whose rules were played (older records: oh-hell)."""


def single_hand_rules(players: int, hand_size: int, preset: str = DEFAULT_PRESET) -> RuleSet:
    """The tournament's rules for ``--hand-size``: one hand of ``hand_size`` cards of
    ``preset``; a ``hand_size`` of 0 is the whole game (every hand of the preset)."""
    rules = get_preset(preset).rules(players)
    if hand_size == WHOLE_GAME:
        return rules
    return replace(rules, sequence=HandSequence.CONSTANT, largest_hand=hand_size, max_hands=1)


def play(
    variant: str,
    rules: RuleSet,
    deal: int,
    rotation: int,
    against: MeasuredLevel = YARDSTICK,
    label: str = "",
    preset: str = DEFAULT_PRESET,
) -> Game:
    """Play one rotation of one deal (in a worker process); the other seats are
    ``against`` (the yardstick unless told), named in the game's variant after an @;
    a ``label`` (the candidate weights') follows the variant's name after a #."""
    players = rules.players
    seat = (players - rotation) % players
    agents: list[Agent] = []
    for index in range(players):
        seed = agent_seed(deal, rotation, index)
        agents.append(
            Timed(VARIANTS[variant](seed)) if index == seat else make_agent(against, seed)
        )
    match = play_match(rules, deal, agents)
    timed = agents[seat]
    assert isinstance(timed, Timed)
    name = f"{variant}#{label}" if label else variant
    whole = len(match.results) > 1
    made = [sum(result.made[index] for result in match.results) for index in range(players)]
    return Game(
        variant=name if against == YARDSTICK else f"{name}@{against}",
        players=players,
        hand_size=WHOLE_GAME if whole else match.results[0].size,
        deal=deal,
        rotation=rotation,
        seat=seat,
        scores=match.scores,
        made=tuple(round(count / len(match.results), 4) for count in made),
        decisions=timed.decisions,
        seconds=round(timed.seconds, 4),
        preset=preset,
    )


def play_all(
    variants: Sequence[str],
    players: int,
    hand_size: int,
    deals: int,
    seed: int,
    jobs: int,
    against: MeasuredLevel = YARDSTICK,
    label: str = "",
    preset: str = DEFAULT_PRESET,
) -> list[Game]:
    """Every rotation of every deal for every variant, in the tournament's order."""
    rules = single_hand_rules(players, hand_size, preset)
    work = []
    for variant in variants:
        seats = [variant] + [str(against)] * (players - 1)
        for task in tasks_for(rules, seats, deals, seed, duplicate=True):
            work.append((variant, rules, task.seed, task.rotation, against, label, preset))
    if jobs <= 1:
        return [play(*item) for item in work]
    with worker_pool(jobs) as pool:
        return list(pool.map(play, *zip(*work, strict=True)))


def edges(games: Iterable[Game]) -> dict[str, dict[int, tuple[float, float, float]]]:
    """Per variant and deal: (edge over the yardstick, variant's made, yardstick's made)."""
    sums: dict[tuple[str, int], list[list[float]]] = {}
    for game in games:
        rows = sums.setdefault((game.variant, game.deal), [[], [], [], []])
        others = [seat for seat in range(game.players) if seat != game.seat]
        rows[0].append(game.scores[game.seat])
        rows[1].extend(game.scores[seat] for seat in others)
        rows[2].append(float(game.made[game.seat]))
        rows[3].extend(float(game.made[seat]) for seat in others)
    result: dict[str, dict[int, tuple[float, float, float]]] = {}
    for (variant, deal), (own, theirs, own_made, their_made) in sums.items():
        edge = _mean(own) - _mean(theirs)
        result.setdefault(variant, {})[deal] = (edge, _mean(own_made), _mean(their_made))
    return result


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def report(games: Sequence[Game]) -> str:
    """The text this tool prints: one row per variant, then the paired differences."""
    by_variant = edges(games)
    unit = "a game" if any(game.hand_size == WHOLE_GAME for game in games) else "a hand"
    lines = [
        f"{'variant':<18} {'deals':>5}  {f'edge {unit} [95%]':<26} made (own/others)  s/decision"
    ]
    for variant, deals in by_variant.items():
        mine = [game for game in games if game.variant == variant]
        per_decision = sum(g.seconds for g in mine) / max(1, sum(g.decisions for g in mine))
        edge = mean_ci([row[0] for row in deals.values()])
        own = _mean([row[1] for row in deals.values()])
        theirs = _mean([row[2] for row in deals.values()])
        lines.append(
            f"{variant:<18} {len(deals):>5}  {_interval(edge):<26} "
            f"{own:6.1%} / {theirs:6.1%}    {per_decision:.3f}"
        )
    for first, second in combinations(by_variant, 2):
        shared = sorted(set(by_variant[first]) & set(by_variant[second]))
        if shared:
            diff = mean_ci([by_variant[first][d][0] - by_variant[second][d][0] for d in shared])
            lines.append(f"{first} - {second}: {_interval(diff)} over {len(shared)} deals")
    return "\n".join(lines)


def _interval(estimate: Estimate) -> str:
    low, high = estimate.mean - estimate.half, estimate.mean + estimate.half
    return f"{estimate.mean:+.2f} [{low:+.2f}, {high:+.2f}]"


def write(path: str, games: Sequence[Game]) -> None:
    with open(path, "a", encoding="utf-8") as out:
        for game in games:
            out.write(json.dumps(game.__dict__) + "\n")


def read(paths: Sequence[str]) -> list[Game]:
    """Games kept by ``--out``, checked field by field; no line is read past ``MAX_LINE``.
    Deals are paired by number, so every game must have the same preset, players and
    hand size."""
    games: list[Game] = []
    for path in paths:
        try:
            games += _read_one(path)
        except UnicodeDecodeError:
            raise ValueError(f"{path}: not UTF-8 text") from None
    if len({(game.preset, game.players, game.hand_size) for game in games}) > 1:
        raise ValueError(
            "the records hold different games (preset, players or hand size): pool one kind"
        )
    return games


def _read_one(path: str) -> list[Game]:
    games = []
    with open(path, encoding="utf-8") as lines:
        number = 0
        while line := lines.readline(MAX_LINE + 1):
            number += 1
            if len(line) > MAX_LINE:
                raise ValueError(f"{path}:{number}: line too long")
            if line.strip():
                games.append(_game(_json(line, f"{path}:{number}"), f"{path}:{number}"))
    return games


def _json(line: str, where: str) -> object:
    try:
        return json.loads(line)
    except json.JSONDecodeError as error:
        raise ValueError(f"{where}: not JSON ({error.msg})") from None


def _game(data: object, where: str) -> Game:
    fields = set(Game.__dataclass_fields__)
    if not isinstance(data, dict) or set(data) not in (fields, fields - {"preset"}):
        raise ValueError(f"{where}: not a game of this tool")
    preset = data.get("preset", DEFAULT_PRESET)
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ValueError(f"{where}: unknown preset")
    numbers = ("players", "hand_size", "deal", "rotation", "seat", "decisions")
    name, _, against = str(data["variant"]).partition("@")
    known = name.partition("#")[0] in VARIANTS and (not against or is_measured_level(against))
    if not known or not all(_is_int(data[key]) for key in numbers):
        raise ValueError(f"{where}: unknown variant or bad numbers")
    players, scores, made = data["players"], data["scores"], data["made"]
    lists = isinstance(scores, list) and isinstance(made, list)
    if not lists or not 0 <= data["seat"] < players == len(scores) == len(made):
        raise ValueError(f"{where}: seats do not match the players")
    if not all(map(_is_int, scores)) or not all(map(_is_share, made)):
        raise ValueError(f"{where}: bad scores or bids made")
    if not isinstance(data["seconds"], int | float):
        raise ValueError(f"{where}: bad seconds")
    return Game(
        variant=data["variant"],
        players=players,
        hand_size=data["hand_size"],
        deal=data["deal"],
        rotation=data["rotation"],
        seat=data["seat"],
        scores=tuple(scores),
        made=tuple(float(share) for share in made),
        decisions=data["decisions"],
        seconds=float(data["seconds"]),
        preset=preset,
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_share(value: object) -> bool:
    """A share of bids made: a number from 0 to 1 (older records keep a bool)."""
    return isinstance(value, int | float) and 0 <= value <= 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tools/paired.py", description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="expert", help=", ".join(VARIANTS))
    parser.add_argument("--preset", default=DEFAULT_PRESET, choices=sorted(PRESETS))
    parser.add_argument("--players", type=int, default=4, choices=range(3, 9))
    parser.add_argument(
        "--hand-size", type=int, default=10, help="cards a hand; 0: whole oh-hell games"
    )
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument(
        "--against", default=YARDSTICK, help="the level in the other seats (the yardstick)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", help="append every game to this JSONL file")
    parser.add_argument("--records", nargs="+", help="report on kept games; play nothing")
    parser.add_argument("--weights", help="candidate weights for the learned variants")
    parser.add_argument("--play-weights", help="candidate play weights for `learned`")
    parser.add_argument("--label", default="", help="the candidate's name in the report")
    args = parser.parse_args(argv)
    if bool(args.weights or args.play_weights) != bool(args.label):
        parser.error("--weights or --play-weights and --label go together")
    try:
        if args.records:
            games = read(args.records)
        else:
            variants = [name.strip() for name in args.variants.split(",")]
            unknown = [name for name in variants if name not in VARIANTS]
            if unknown:
                parser.error(f"unknown variant {unknown[0]!r}; choose from {', '.join(VARIANTS)}")
            if not is_measured_level(args.against):
                parser.error(f"unknown level {args.against!r}")
            if not 0 <= args.hand_size <= 52 // args.players:
                parser.error(f"--hand-size must be 0 (whole games) to {52 // args.players}")
            if args.weights:
                load_model(Path(args.weights))
                os.environ[MODEL_VARIABLE] = str(Path(args.weights).resolve())
                shipped_model.cache_clear()
            if args.play_weights:
                load_play_model(Path(args.play_weights))
                os.environ[PLAY_VARIABLE] = str(Path(args.play_weights).resolve())
                shipped_play_model.cache_clear()
            games = play_all(
                variants,
                args.players,
                args.hand_size,
                args.deals,
                args.seed,
                args.jobs,
                args.against,
                args.label,
                args.preset,
            )
            if args.out:
                write(args.out, games)
    except (OSError, ValueError) as error:
        print(f"tools/paired.py: {error}", file=sys.stderr)
        return 2
    print(report(games))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
