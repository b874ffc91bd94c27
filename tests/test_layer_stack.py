"""The layer stack: a declared order, declared places, and notices, hints and tooltips
that never cover the trick in play, the active panel, the plates or the hand, and a
notice that waits behind a dialog and gets its full reading time after it."""

from __future__ import annotations

import pygame
import pytest

from game.play.notices import Notice
from game.play.preview import played_session, played_until_bid
from game.play.session import GameSession
from game.rules.record import Player
from game.ui.app import App
from game.ui.kit.layers import PLACES, PROTECTED, Layer, LayerStack, place_clear
from game.ui.kit.scene import Scene
from game.ui.menus.confirm import ConfirmOverlay
from game.ui.menus.pause import PauseOverlay
from game.ui.replay.compare import CompareSheet
from game.ui.replay.findings import AnalysisOverlay
from game.ui.scoresheet.overlay import ScoreSheetOverlay
from game.ui.table.curtain import CurtainOverlay
from game.ui.table.notices import FADE_OUT
from game.ui.table.results import GameOverOverlay, HandResultOverlay
from game.ui.table.scene import TableScene
from tests.apps import SizedApp
from tests.screens import table_shown

NAMES = ("You", "Ada", "Basil", "Clara", "Dmitri", "Edith", "Felix", "Greta")
NOTICES = (
    "Coach on",
    "Hearts are trumps",
    "Basil has lost the connection; the table waits for them to come back.",
)


@pytest.fixture
def sized(sized_app: SizedApp) -> SizedApp:
    """Apps of any window size, animations at 4.0x."""
    return lambda size: sized_app(size, animation_speed=4.0)


def _players(seats: int) -> list[Player]:
    return [Player(NAMES[0])] + [Player(name, "easy") for name in NAMES[1:seats]]


def _playing(seats: int) -> GameSession:
    """A session at the person's turn with a trick in play."""
    variant = "up-and-down-the-river" if seats == 8 else "oh-hell"
    for actions in range(seats + 1, 80):
        session = played_session(variant, _players(seats), 5, actions)
        view = session.view(0)
        if session.human_to_act() == 0 and view.trick and len(view.hand) > 2:
            return session
        session.close()
    raise AssertionError("no deal with a trick in play at the person's turn")


# ------------------------------------------------------------------ the declaration
def test_layer_stack_order_and_places_are_declared() -> None:
    assert list(Layer) == sorted(Layer)
    assert set(PLACES) == set(Layer)
    for light in (Layer.NOTICE, Layer.TOOLTIP, Layer.GUIDE):
        assert PLACES[light].covers == frozenset()  # the trick, panel, plates, hand
    assert not PLACES[Layer.NOTICE].takes_input and not PLACES[Layer.TOOLTIP].takes_input
    for modal in (Layer.DIALOG, Layer.CURTAIN, Layer.LIST):
        assert PLACES[modal].holds and PLACES[modal].covers == frozenset(PROTECTED)
    assert Layer.CURTAIN < Layer.DIALOG < Layer.LIST  # pause over the curtain, a list on top


@pytest.mark.parametrize(
    ("scene", "layer"),
    [
        (CurtainOverlay, Layer.CURTAIN),
        (PauseOverlay, Layer.DIALOG),
        (ConfirmOverlay, Layer.DIALOG),
        (HandResultOverlay, Layer.DIALOG),
        (GameOverOverlay, Layer.DIALOG),
        (ScoreSheetOverlay, Layer.DIALOG),
        (AnalysisOverlay, Layer.DIALOG),
        (CompareSheet, Layer.DIALOG),
        (TableScene, Layer.TABLE),
    ],
)
def test_layer_stack_every_overlay_has_its_layer(scene: type[Scene], layer: Layer) -> None:
    assert scene.layer is layer


def test_layer_stack_gives_a_click_to_the_topmost_layer_only() -> None:
    stack = LayerStack()
    stack.add(Layer.DIALOG, "dialog", pygame.Rect(0, 0, 100, 100))
    stack.add(Layer.NOTICE, "notice", pygame.Rect(0, 0, 50, 50))  # takes no input
    stack.add(Layer.LIST, "list", pygame.Rect(40, 40, 20, 20))
    assert [entry.name for entry in stack.entries] == ["notice", "dialog", "list"]
    assert stack.top_at((45, 45)).name == "list"  # type: ignore[union-attr]
    assert stack.top_at((10, 10)).name == "dialog"  # type: ignore[union-attr]
    assert stack.top_at((200, 200)) is None


def test_layer_stack_places_a_box_clear_of_what_it_must_not_cover() -> None:
    bounds = pygame.Rect(0, 0, 400, 300)
    keep_out = [pygame.Rect(100, 0, 200, 120), pygame.Rect(0, 200, 400, 100)]
    wish = pygame.Rect(150, 10, 100, 30)
    spot = place_clear((100, 30), wish, keep_out, bounds)
    assert bounds.contains(spot) and spot.collidelist(keep_out) == -1
    # with no room anywhere, it still lands inside the window
    crowded = place_clear((100, 30), wish, [bounds], bounds)
    assert bounds.contains(crowded)


# ------------------------------------------------------------------ the table
SIZES = [(960, 540), (1280, 720), (1920, 1080)]


def _post_and_draw(app: App, scene: TableScene) -> None:
    for text in NOTICES:
        scene.notices.post(Notice(text, "info"))
    scene.notify("Coach on")
    scene._hint("Nothing to take back in this hand.", scene.layout.status)
    for _ in range(3):
        app.frame(1 / 30)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [3, 4, 8])
def test_layer_stack_notices_never_cover_the_trick_plates_or_hand(
    sized: object, size: tuple[int, int], seats: int
) -> None:
    app = sized(size)  # type: ignore[operator]
    scene = table_shown(app, _playing(seats))
    assert scene.shown.trick, "a trick is in play"
    _post_and_draw(app, scene)
    placed = [e for e in scene.stack.entries if e.layer in (Layer.NOTICE, Layer.TOOLTIP)]
    assert len([e for e in placed if e.layer is Layer.NOTICE]) == 2  # two shown at once
    assert any(e.layer is Layer.TOOLTIP for e in placed)  # the hint
    assert scene.stack.trespasses() == []
    for entry in placed:
        assert scene.layout.window.contains(entry.rect)
    for a in placed:  # nor on each other
        assert all(a is b or not a.rect.colliderect(b.rect) for b in placed)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_layer_stack_notices_never_cover_the_bid_panel(
    sized: object, size: tuple[int, int]
) -> None:
    app = sized(size)  # type: ignore[operator]
    session = played_until_bid("oh-hell", _players(4), 3, seat=0)
    scene = table_shown(app, session)
    assert scene.bid_panel.geometry is not None and scene.my_bid()
    _post_and_draw(app, scene)
    assert "panel" in scene.stack.protected
    assert any(e.layer is Layer.NOTICE for e in scene.stack.entries)
    assert scene.stack.trespasses() == []


def test_layer_stack_tooltips_of_the_top_bar_cover_no_plate(sized: object) -> None:
    app = sized((960, 540))  # type: ignore[operator]
    session = _playing(8)
    session.take_backs_allowed = True
    scene = table_shown(app, session)
    undo = scene.hud.undo
    assert undo in scene.hud.buttons
    pos = undo.rect.center
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(1 / 30)
    tips = [e for e in scene.stack.entries if e.layer is Layer.TOOLTIP]
    assert tips and scene.stack.trespasses() == []


def test_layer_stack_a_notice_waits_behind_a_dialog_and_gets_its_full_time(
    sized: object,
) -> None:
    app = sized((1280, 720))  # type: ignore[operator]
    scene = table_shown(app, _playing(4))
    notice = Notice("Ada has lost the connection.", "problem")
    scene.notices.post(notice)
    app.frame(0.5)  # half a second read before the dialog comes
    app.push(PauseOverlay(app, scene.session))
    for _ in range(40):  # far longer than the notice's time
        app.frame(0.25)
    assert [n.text for n, _ in scene.notices.showing()] == [notice.text]
    assert not any(e.layer is Layer.NOTICE for e in scene.stack.entries)  # not drawn under it
    app.pop()
    app.frame(1 / 60)
    assert any(e.name == notice.text for e in scene.stack.entries)
    time = 1 / 60
    while time < notice.least - 0.05:  # its whole time, after the dialog
        app.frame(0.1)
        time += 0.1
        assert [n.text for n, _ in scene.notices.showing()] == [notice.text]
    for _ in range(round((FADE_OUT + 0.3) / 0.1)):
        app.frame(0.1)
    assert scene.notices.showing() == []


def test_layer_stack_a_card_under_the_last_trick_is_not_pointed_at(sized: object) -> None:
    app = sized((1280, 720))  # type: ignore[operator]
    session = _playing(4)
    scene = table_shown(app, session)
    if scene.shown.last_trick is None:
        pytest.skip("no trick taken yet in this deal")
    scene.trick.toggle(scene.shown)
    app.frame(1 / 30)
    panel = scene.trick.panel
    assert panel is not None
    rest = {item.card: item.y for item in scene.hand.items}
    under = next(
        (
            i
            for i in scene.hand.items
            if i.legal and panel.collidepoint(round(i.x) + 5, round(i.y) + 5)
        ),
        None,
    )
    if under is None:
        pytest.skip("no playable card under the last trick here")
    pos = (round(under.x) + 5, round(under.y) + 5)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(10):
        app.frame(1 / 30)
    assert scene.hand.item(under.card).y == pytest.approx(rest[under.card], abs=1)  # type: ignore[union-attr]


def test_layer_stack_words_said_during_play_never_cover_the_trick(sized: object) -> None:
    from game.ui.table.animation import Effect

    app = sized((960, 540))  # type: ignore[operator]
    scene = table_shown(app, _playing(8))
    for seat, _card in scene.shown.trick:  # each seat that played says something
        spot = scene.layout.seats[seat].bubble
        scene.effects.add(Effect("bubble", "Well played!", spot, 3.5, seat=seat))
    for _ in range(8):
        app.frame(1 / 30)
    said = [e for e in scene.stack.entries if e.name == "Well played!"]
    assert len(said) == len(scene.shown.trick) and scene.stack.trespasses() == []
    for entry in said:  # where a bubble would sit, on the seat's card, it does not
        assert not any(
            entry.rect.colliderect(scene.layout.seats[s].trick) for s, _ in scene.shown.trick
        )
