"""Small things a player notices at the table: words for a player called You, the
keyboard focus, the last-trick button."""

from __future__ import annotations

from game.play.preview import played_session
from game.rules.actions import Bid
from game.rules.cards import Card
from game.rules.record import Player
from game.ui.app import App
from game.ui.table.curtain import CurtainOverlay
from game.ui.table.hand import Hand, HandCard
from game.ui.table.results import GameOverOverlay
from game.ui.table.scene import TableScene
from game.ui.table.text import called_you


def test_a_player_called_you_is_spoken_to() -> None:
    assert called_you("You") and called_you(" you ")
    assert not called_you("Yoursa") and not called_you("Ada")


def test_you_win_rather_than_you_wins(app: App) -> None:
    players = [Player("You"), Player("Ada", "medium"), Player("Basil", "medium")]
    headlines = {}
    for seed in range(1, 60):
        session = played_session("oh-pshaw", players, seed, 10**6)
        winners = session.public().winners
        if len(winners) == 1:
            headlines[winners[0]] = GameOverOverlay(app, session).headline()
        session.close()
        if 0 in headlines and len(headlines) > 1:
            break
    assert headlines.pop(0) == "You win!"
    assert headlines and all(
        text == f"{players[seat].name} wins!" for seat, text in headlines.items()
    )


def test_the_hotseat_bid_title_never_says_you_your_bid(app: App) -> None:
    """Each hotseat player's bid panel names them, but a player called You is
    spoken to: "Your bid"."""
    first = played_session("oh-pshaw", [Player(name) for name in "ABC"], 3, 0)
    seat = first.human_to_act()
    first.close()
    assert seat is not None
    names = ["Ada", "Cy", "Dee"]
    names[seat] = "You"
    session = played_session("oh-pshaw", [Player(name) for name in names], 3, 0)
    app.push(TableScene(app, session))
    scene = app.scenes[-1]
    assert isinstance(scene, TableScene)
    to_the_next_bid(app, scene)
    assert scene.viewer == seat and scene.bid_panel.title == "Your bid"
    session.act(Bid.of(seat, 0))
    to_the_next_bid(app, scene)
    assert scene.viewer != seat
    assert scene.bid_panel.title == f"{names[scene.viewer]}, your bid"


def to_the_next_bid(app: App, scene: TableScene) -> None:
    """Play frames, lifting each hotseat curtain, until a human's bid panel is open."""
    for _ in range(400):
        app.frame(0.05)
        if isinstance(app.top, CurtainOverlay):
            app.top.ready()
        if scene.my_bid() and scene.bid_panel.open:
            return
    raise AssertionError("no bid panel opened")


def items(cards: str, legal: str) -> list[HandCard]:
    hand = [Card.parse(text) for text in cards.split()]
    allowed = {Card.parse(text) for text in legal.split()}
    return [
        HandCard(card, 10.0 * index, 0.0, card in allowed, card not in allowed)
        for index, card in enumerate(hand)
    ]


def test_the_arrows_step_only_between_cards_that_may_be_played() -> None:
    hand = Hand()
    hand.items = items("2C 5H 9H KS AD", "5H KS")
    hand.arrow(1)
    assert hand.focus == Card.parse("5H")
    hand.arrow(1)
    assert hand.focus == Card.parse("KS")
    hand.arrow(1)
    assert hand.focus == Card.parse("5H")  # round again, past the barred cards
    hand.arrow(-1)
    assert hand.focus == Card.parse("KS")


def test_the_arrows_visit_every_card_while_none_may_be_played() -> None:
    hand = Hand()
    hand.items = items("2C 5H 9H", "")
    seen = set()
    for _ in range(3):
        hand.arrow(1)
        seen.add(hand.focus)
    assert seen == {Card.parse(text) for text in ("2C", "5H", "9H")}


def test_the_last_trick_button_is_barred_until_a_trick_is_won(app: App) -> None:
    players = [Player("You"), Player("Ada", "medium"), Player("Basil", "medium")]
    fresh = played_session("oh-hell", players, 5, 0)
    scene = TableScene(app, fresh)
    assert not scene.hud.last_trick.enabled
    fresh.close()
    later = played_session("oh-hell", players, 5, 3 + 6)  # three bids, two tricks
    scene = TableScene(app, later)
    assert later.public().tricks and scene.hud.last_trick.enabled
    later.close()
