"""No player can work out the deal from the cards they hold (issue 35, item 1).

Deals used to be numbered below a million, so a seated player could try every number
against their own first hand (88 s on two cores) and then read every other hand. Now a
deal number is any of 2**63 - 1 drawn from the system's secure source: the same search
would take millions of years. These tests show the search that used to work, and that
nothing dealt for people is within its reach any more.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

import pytest

from game.net import hosting
from game.net.serve import new_table
from game.net.table import HostedTable, TableSettings
from game.play.setup import SEED_LIMIT, NewGameSetup, new_seed, typed_seed
from game.rules.match import Match
from game.rules.presets import PRESETS
from game.rules.record import Player
from game.rules.ruleset import RuleSet

OLD_SEEDS = 1_000_000
"""The old deal numbers were 1 to 999,999."""


def first_hand(rules: RuleSet, seed: int, seat: int) -> tuple[object, ...]:
    match = Match(rules, seed)
    match.advance_until_decision()
    return match.hand(seat)


def search_seed(rules: RuleSet, seat: int, hand: object, seeds: Iterable[int]) -> int | None:
    """The attack: the first deal number among ``seeds`` that deals ``hand`` to ``seat``."""
    return next((seed for seed in seeds if first_hand(rules, seed, seat) == hand), None)


def test_the_search_finds_a_small_deal_number_so_small_numbers_are_not_safe() -> None:
    rules = PRESETS["oh-hell"].rules(4)
    seed = 1_234
    hand = first_hand(rules, seed, 2)
    assert search_seed(rules, 2, hand, range(1, 5_000)) == seed


def test_deal_numbers_are_drawn_from_the_whole_63_bit_range() -> None:
    seeds = [new_seed() for _ in range(200)]
    assert len(set(seeds)) == len(seeds)
    assert all(1 <= seed < SEED_LIMIT for seed in seeds)
    assert max(seed.bit_length() for seed in seeds) >= 62
    # Below a million one in 2**43 times: never, in practice.
    assert min(seeds) >= OLD_SEEDS


def test_recovering_a_deal_number_would_take_millions_of_years() -> None:
    rules = PRESETS["oh-hell"].rules(4)
    tries = 300
    start = time.process_time()
    assert search_seed(rules, 0, first_hand(rules, new_seed(), 0), range(1, tries + 1)) is None
    per_try = max(time.process_time() - start, 1e-3) / tries
    years = per_try * SEED_LIMIT / 2 / (3600 * 24 * 365) / 2  # on average, on two cores
    assert years > 1_000_000


class Opened(Exception):
    """Stops ``host_game`` once its table is made (no port is opened)."""


def test_tables_dealt_for_people_use_secret_deal_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A served table, a hosted one and a new game's form."""
    made: list[int] = []

    def new(rules: RuleSet, seed: int, players: object, **_: object) -> HostedTable:
        made.append(seed)
        raise Opened

    monkeypatch.setattr(HostedTable, "new", new)
    rules = PRESETS["oh-hell"].rules(4)
    with pytest.raises(Opened):
        hosting.host_game(rules, [Player("Ann"), *[Player(f"C{i}", "easy") for i in range(3)]])
    monkeypatch.undo()
    served = new_table("oh-hell", 4, 2, "easy", TableSettings())
    deal = NewGameSetup("Ann").deal()
    assert deal is not None
    seeds = [*made, served.match.seed, deal.seed]
    assert len(seeds) == 3 and all(seed >= OLD_SEEDS for seed in seeds)


def test_a_typed_deal_number_is_digits_within_what_a_record_holds() -> None:
    assert typed_seed("7") == 7
    assert typed_seed(str(SEED_LIMIT - 1)) == SEED_LIMIT - 1
    for text in (str(SEED_LIMIT), "-3", "1e5", "\u0663", "4\u00b2", "12 34", ""):
        assert typed_seed(text) is None
