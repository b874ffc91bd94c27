"""The exact endgame solver: brute force agrees, and a search using it is legal,
deterministic and blind to hidden cards."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from game.ai.endgame import Endgame, Outcome
from game.ai.expert import ENDGAME
from game.ai.hard import HardAgent, decision_rng
from game.ai.knowledge import knowledge_of
from game.ai.objective import objective_of
from game.ai.search import Search
from game.rules import PRESETS, Phase, RuleSet
from game.rules.actions import Play
from game.rules.cards import Card, mask_of, parse_cards
from game.rules.scoring import hand_points
from game.rules.tricks import legal_mask, winning_position
from tests.hidden import Checked, medium_position

WorthOf = Callable[[Outcome], list[float]]


def brute_force(
    worth: WorthOf,
    hands: list[int],
    leader: int,
    trick: list[int],
    trump: int | None,
    must_trump: bool,
    more: tuple[int, ...],
) -> Outcome:
    """max^n over every legal card (no classes, no memory); ties to the lowest card."""
    players = len(hands)
    if len(trick) == players:
        winner = (leader + winning_position(trick, trump)) % players
        after = tuple(took + (seat == winner) for seat, took in enumerate(more))
        if not hands[winner]:
            return after
        return brute_force(worth, hands, winner, [], trump, must_trump, after)
    seat = (leader + len(trick)) % players
    hand = hands[seat]
    legal = legal_mask(hand, trick[0] // 13 if trick else None, trump, must_trump)
    best: Outcome | None = None
    for card in range(52):
        if legal >> card & 1:
            hands[seat] = hand ^ (1 << card)
            result = brute_force(worth, hands, leader, [*trick, card], trump, must_trump, more)
            if best is None or worth(result)[seat] > worth(best)[seat]:
                best = result
    hands[seat] = hand
    assert best is not None
    return best


def random_position(
    rng: random.Random,
) -> tuple[Endgame, list[int], int, list[int], int | None, bool]:
    """A random position of 1-3 tricks left, a trick maybe under way, with a solver."""
    players = rng.choice([3, 4, 5])
    tricks = rng.randint(1, 3)
    size = tricks + rng.randint(0, 3)
    rules = RuleSet(players=players, largest_hand=size, hook=False)
    pack = rng.sample(range(52), players * tricks)
    hands = [sum(1 << card for card in pack[seat::players]) for seat in range(players)]
    leader = rng.randrange(players)
    trump = rng.choice([None, 0, 1, 2, 3])
    must_trump = rng.random() < 0.3
    trick: list[int] = []
    for step in range(rng.randrange(players)):
        seat = (leader + step) % players
        legal = legal_mask(hands[seat], trick[0] // 13 if trick else None, trump, must_trump)
        card = rng.choice([index for index in range(52) if legal >> index & 1])
        hands[seat] ^= 1 << card
        trick.append(card)
    bids = [rng.randint(0, size) for _ in range(players)]
    taken = [rng.randint(0, size - tricks) for _ in range(players)]
    tables = [[hand_points(rules, bid, took, size) for took in range(size + 1)] for bid in bids]
    searcher = rng.randrange(players)

    def value(more: Outcome) -> float:
        rival = (searcher + 1) % players
        return float(tables[searcher][taken[searcher] + more[searcher]]) - 0.5 * more[rival]

    solver = Endgame(tables, taken, value, trump, must_trump, rng.choice([0.0, 0.4]), searcher)
    return solver, hands, leader, trick, trump, must_trump


def test_the_solver_agrees_with_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(300):
        solver, hands, leader, trick, trump, must_trump = random_position(rng)
        before = list(hands)
        start = (0,) * len(hands)
        expected = brute_force(solver.worth, hands, leader, trick, trump, must_trump, start)
        assert solver.outcome(hands, leader, trick) == expected
        assert hands == before
        seat = (leader + len(trick)) % len(hands)
        legal = legal_mask(hands[seat], trick[0] // 13 if trick else None, trump, must_trump)
        cards = [card for card in range(52) if legal >> card & 1]
        outcomes = solver.choices(hands, leader, trick, cards)
        assert hands == before
        for card, outcome in zip(cards, outcomes, strict=True):
            hands[seat] ^= 1 << card
            forced = brute_force(
                solver.worth, hands, leader, [*trick, card], trump, must_trump, start
            )
            hands[seat] ^= 1 << card
            assert outcome == forced
        assert sum(expected) == max(hand.bit_count() for hand in hands)


def test_a_seat_that_needs_a_trick_overtakes() -> None:
    """The ten led; the next seat holds the nine and the jack and needs a trick."""
    rules = PRESETS["oh-hell"].rules(3)
    hands = [mask_of(parse_cards(text)) for text in ("2C", "9H JH", "2H 3H")]
    tables = [[hand_points(rules, bid, took, 2) for took in range(3)] for bid in (0, 1, 0)]
    solver = Endgame(tables, [0, 0, 0], lambda more: 0.0, None, False)
    ten, nine, jack = (Card.parse(text).index for text in ("TH", "9H", "JH"))
    assert solver.choices(hands, 0, [ten], [nine, jack]) == [(2, 0, 0), (0, 2, 0)]
    assert solver.outcome(hands, 0, [ten]) == (0, 2, 0)


# ------------------------------------------------------------ in the search
@pytest.mark.parametrize("seed", [3, 8, 13])
def test_the_endgame_search_is_legal_deterministic_and_counts_its_nodes(
    seed: int,
) -> None:
    match, movers = medium_position(0, seed)
    solved = 0
    while not match.results:
        if match.phase.automatic:
            match.advance()
            continue
        seat = match.awaiting[0]
        view = match.view(seat)
        if view.phase is Phase.PLAYING and sum(view.hand_counts) <= ENDGAME.endgame_cards:
            config = ENDGAME.scaled(0.1)
            search = Search(
                view,
                knowledge_of(view),
                objective_of(view),
                config,
                decision_rng(seed, view),
            )
            candidates = search.play_candidates()
            if len(candidates) > 1:
                first = search.race_plays(candidates)
                again = HardAgent(seed, ENDGAME.scaled(0.1)).choose(view)
                assert Play.of(seat, Card.from_index(first)) == again
                assert again in view.legal
                assert HardAgent(seed, ENDGAME.scaled(0.1)).choose(view) == again
                assert search.simulated > 0
                solved += 1
            match.apply(Checked(HardAgent(seed, ENDGAME.scaled(0.1))).choose(view))
            continue
        match.apply(movers[seat].choose(view))
    assert solved > 0
