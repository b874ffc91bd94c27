"""Claiming the rest: every claim the engine allows is certain, checked against every deal
of the unseen cards played every way; the session carries a claim out as plays."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from game.play.session import GameSession
from game.rules.actions import Play
from game.rules.cards import PACK, Card, Suit, cards_in, mask_of
from game.rules.claims import claim_order
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import PRESETS
from game.rules.record import Player, dumps, to_record
from game.rules.tricks import legal_mask, trick_winner
from game.saves import read_record
from game.ui.app import App
from game.ui.table.scene import TableScene
from tests.screens import click
from tests.waits import wait_until


def _all_won(
    hands: list[list[Card]],
    seat: int,
    order: list[Card],
    trick: list[tuple[int, Card]],
    to_play: int,
    trump: Suit | None,
    must_trump: bool,
) -> bool:
    """Whether ``seat``, playing ``order`` card by card, takes every trick left whatever
    the others play (they try every legal card)."""
    players = len(hands)
    if len(trick) == players:
        winner = trick[trick_winner([c for _, c in trick], trump)][0]
        if winner != seat:
            return False
        if not hands[seat]:
            return True
        return _all_won(hands, seat, order, [], winner, trump, must_trump)
    led = trick[0][1].suit if trick else None
    if to_play == seat:
        card = order[0]
        allowed = cards_in(legal_mask(mask_of(hands[seat]), led, trump, must_trump))
        assert card in allowed, "the claim plays an illegal card"
        options = [card]
        rest = order[1:]
    else:
        options = list(cards_in(legal_mask(mask_of(hands[to_play]), led, trump, must_trump)))
        rest = order
    for card in options:
        hands[to_play].remove(card)
        ok = _all_won(
            hands, seat, rest, [*trick, (to_play, card)], (to_play + 1) % players, trump, must_trump
        )
        hands[to_play].append(card)
        if not ok:
            return False
    return True


def _deals(unseen: Sequence[Card], counts: dict[int, int]) -> list[dict[int, list[Card]]]:
    """Every way the unseen cards may lie in the other hands (the rest in the stock)."""
    seats = list(counts)
    out: list[dict[int, list[Card]]] = []

    def place(index: int, left: list[Card], dealt: dict[int, list[Card]]) -> None:
        if index == len(seats):
            out.append(dict(dealt))
            return
        seat = seats[index]
        for cards in itertools.combinations(left, counts[seat]):
            dealt[seat] = list(cards)
            place(index + 1, [c for c in left if c not in cards], dealt)

    place(0, list(unseen), {})
    return out


def _endgames(preset: str, players: int, seeds: range, left: int) -> list[Match]:
    """Matches in play with ``left`` cards or fewer in the hand of the seat to play."""
    found = []
    for seed in seeds:
        match = Match(PRESETS[preset].rules(players), seed)
        chooser = random.Random(seed)
        while match.phase is not Phase.GAME_OVER and match.hand_number < 4:
            if match.phase.automatic or match.phase is Phase.HAND_SCORED:
                match.advance()
                continue
            seat = match.awaiting[0]
            if match.phase is Phase.PLAYING and len(match.hand(seat)) <= left:
                found.append(match)
                break
            match.apply(chooser.choice(match.legal_actions(seat)))
    return found


@pytest.mark.parametrize(("players", "left"), [(4, 2), (3, 3)])
def test_every_claim_allowed_wins_every_trick_whatever_the_deal(players: int, left: int) -> None:
    claims = checked = 0
    for match in _endgames("oh-well", players, range(400), left):
        seat = match.awaiting[0]
        view = match.view(seat)
        order = claim_order(view)
        checked += 1
        if order is None:
            continue
        claims += 1
        played = [card for trick in view.tricks for card in trick.cards] + list(view.trick)
        unseen = [c for c in PACK if c not in view.hand and c not in played]
        counts = {s: view.hand_counts[s] for s in range(players) if s != seat}
        start = (view.leader + len(view.trick)) % players
        trick = [((view.leader + i) % players, c) for i, c in enumerate(view.trick)]
        for deal in _deals(unseen, counts):
            hands = [list(view.hand) if s == seat else deal[s] for s in range(players)]
            assert _all_won(
                hands, seat, list(order), trick, start, view.trump, view.rules.must_trump
            ), (view, order, deal)
    assert checked >= 100 and claims >= 10  # claims are found, not only refused


def test_a_claim_is_refused_when_a_higher_card_is_out() -> None:
    from game.rules.claims import claim_plan

    ace, king = Card.parse("AH"), Card.parse("KH")
    assert claim_plan([king], [ace], (), Suit.SPADES, 0) is None
    assert claim_plan([ace], [king], (), Suit.SPADES, 0) == (ace,)
    assert claim_plan([ace], [king, Card.parse("2S")], (), Suit.SPADES, 0) is None  # a ruff


def _session_at_a_claim(humans: int = 1) -> GameSession:
    for seed in range(1, 400):
        players = [Player("You")] + [Player(n, "random") for n in ("Ada", "Basil", "Clara")]
        session = GameSession(PRESETS["oh-well"].rules(4), seed, players)
        match = session.match
        chooser = random.Random(seed)
        while match.phase is not Phase.GAME_OVER and match.hand_number < 3:
            if match.phase.automatic or match.phase is Phase.HAND_SCORED:
                match.advance()
                continue
            seat = match.awaiting[0]
            if seat == 0 and session.can_claim():
                return session
            match.apply(chooser.choice(match.legal_actions(seat)))
        session.close()
    raise AssertionError("no claim found")


def test_the_session_carries_a_claim_out_as_plays_and_the_record_loads() -> None:
    session = _session_at_a_claim()
    view = session.view(0)
    order = claim_order(view)
    assert order is not None
    before = len(session.match.actions)
    tricks_before = session.match.view(None).taken[0]
    left = len(view.hand)
    assert session.claim()
    assert session.human_to_act() is None  # the claim plays for the person

    def step() -> None:
        session.tick(1.0, 1000.0)
        session.skip_wait()

    wait_until(lambda: session.match.phase is not Phase.PLAYING, "the claim played", step=step)
    mine = [a for a in session.match.actions[before:] if a.seat == 0]
    assert [a.card for a in mine if isinstance(a, Play)] == list(order)
    result = session.match.results[-1]
    assert result.taken[0] == tricks_before + left  # every trick left
    loaded, _players = read_record(dumps(to_record(session.match, session.players)))
    assert loaded.actions == session.match.actions  # the log is the single truth
    session.close()


def test_the_table_offers_the_claim_and_a_click_makes_it(app: App) -> None:
    session = _session_at_a_claim()
    scene = TableScene(app, session)
    app.push(scene)
    for _ in range(60):
        app.frame(1 / 30)
        if scene.hud.claim in scene.hud.corner:
            break
    assert scene.frame().can_claim and scene.hud.claim in scene.hud.corner
    click(app, scene.hud.claim)
    assert session.auto.claim is not None and session.human_to_act() is None
    wait_until(
        lambda: session.match.phase is not Phase.PLAYING,
        "the claim played",
        step=lambda: app.frame(1 / 30),
    )


def test_a_lone_playable_card_plays_itself_with_the_setting(app: App) -> None:
    app.store.update(auto_play=True)
    players = [Player("You"), Player("Ada", "random"), Player("Basil", "random")]
    for seed in range(1, 200):
        session = GameSession(PRESETS["oh-hell"].rules(3), seed, players)
        match, chooser = session.match, random.Random(seed)
        while match.phase is not Phase.GAME_OVER and match.hand_number < 2:
            if match.phase.automatic or match.phase is Phase.HAND_SCORED:
                match.advance()
                continue
            seat = match.awaiting[0]
            legal = match.legal_actions(seat)
            if seat == 0 and match.phase is Phase.PLAYING and len(legal) == 1:
                break
            match.apply(chooser.choice(legal))
        else:
            session.close()
            continue
        break
    lone = match.legal_actions(0)[0]
    assert len(match.hand(0)) > 1  # not the last card: a real choice taken away
    scene = TableScene(app, session)
    app.push(scene)
    for _ in range(8):
        app.frame(1 / 30)
    assert lone not in session.match.actions  # a moment to see it first
    for _ in range(40):
        app.frame(1 / 30)
    assert lone in session.match.actions
