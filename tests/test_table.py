"""The table scene driven by input events, headless: bidding, playing, hotseat, overlays."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ai import LEVELS
from game.play.session import GameSession
from game.rules.actions import Bid, Play
from game.rules.cards import Card
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import PRESETS
from game.rules.record import Player, PlayerKind
from game.rules.ruleset import HandSequence, RuleSet, Settlement
from game.ui.app import App
from game.ui.kit import routes
from game.ui.table.curtain import CurtainOverlay
from game.ui.table.dialogs import DEMO_RESTART
from game.ui.table.results import GameOverOverlay, HandResultOverlay
from game.ui.table.scene import TableScene
from tests.waits import wait_until

BOT: PlayerKind = "easy" if "easy" in LEVELS else "random"


def match_of(scene: object) -> Match:
    """The match of a table playing a local session."""
    session = getattr(scene, "session")  # noqa: B009 (any scene with a session)
    assert isinstance(session, GameSession)
    return session.match


def small_rules(players: int = 4, cards: int = 3, hands: int = 1, **changes: Any) -> RuleSet:
    rules = RuleSet(
        players=players, sequence=HandSequence.DESCENDING, largest_hand=cards, max_hands=hands
    )
    return dataclasses.replace(rules, **changes)


def seats(*kinds: PlayerKind) -> list[Player]:
    names = ["Anna", "Basil", "Clara", "Dmitri", "Edith", "Felix", "Greta", "Hugo"]
    return [Player(names[i], kind) for i, kind in enumerate(kinds)]


def table(app: App) -> TableScene:
    return next(scene for scene in app.scenes if isinstance(scene, TableScene))


def run_until(
    app: App, condition: Callable[[], object], frames: int = 4000, dt: float = 0.05
) -> None:
    """At most ``frames`` frames of ``dt`` seconds until ``condition()`` (the computers
    think meanwhile)."""
    step = lambda: app.frame(dt)  # noqa: E731
    wait_until(condition, "the table's state", 120, step, pause=0.001, steps=frames)


def key(app: App, code: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def click(app: App, pos: tuple[int, int]) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def hover(app: App, pos: tuple[int, int]) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(0.01)


def card_point(scene: TableScene, card: Card) -> tuple[int, int]:
    item = next(item for item in scene.hand.items if item.card == card)
    return (round(item.x) + 8, round(item.y) + 12)


def any_bid(scene: TableScene) -> int:
    action = match_of(scene).legal_actions(scene.viewer)[0]
    assert isinstance(action, Bid)
    return action.tricks


def any_play(scene: TableScene) -> Card:
    action = match_of(scene).legal_actions(scene.viewer)[0]
    assert isinstance(action, Play)
    return action.card


def wait_for_turn(app: App, scene: TableScene) -> None:
    run_until(app, lambda: scene.my_turn() or scene.my_bid() or app.top is not scene)


def test_bid_by_digit_then_play_a_whole_hand_by_keys(app: App) -> None:
    app.start_game(small_rules(), 5, seats("human", BOT, BOT, BOT))
    scene = table(app)
    run_until(app, scene.my_bid)
    assert scene.bid_panel.geometry is not None
    allowed = [n for n, button in enumerate(scene.bid_panel.buttons) if button.enabled]
    key(app, getattr(pygame, f"K_{allowed[0]}"))
    assert match_of(scene).bids[0] == allowed[0]
    while True:
        wait_for_turn(app, scene)
        if app.top is not scene:
            break
        before = len(match_of(scene).hand(0))
        key(app, pygame.K_RIGHT)
        assert scene.hand.focus is not None
        key(app, pygame.K_RETURN)
        assert len(match_of(scene).hand(0)) == before - 1
    run_until(app, lambda: isinstance(app.top, HandResultOverlay))
    overlay = app.top
    assert isinstance(overlay, HandResultOverlay)
    assert overlay.result.number == 1
    key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.top, GameOverOverlay))
    assert scene.session.over
    assert scene.shown.scores == list(match_of(scene).scores)


def test_bid_by_clicking_a_bid_button(app: App) -> None:
    app.start_game(small_rules(cards=4), 8, seats("human", BOT, BOT, BOT))
    scene = table(app)
    run_until(app, scene.my_bid)
    button = next(button for button in reversed(scene.bid_panel.buttons) if button.enabled)
    click(app, button.rect.center)
    assert match_of(scene).bids[0] == int(button.label)
    assert scene.bid_panel.geometry is None or not scene.my_bid()


def test_the_hooks_forbidden_bid_is_barred_with_the_reason(app: App) -> None:
    rules = small_rules(hook=True)
    for seed in range(1, 60):
        app.start_game(rules, seed, seats("human", BOT, BOT, BOT))
        scene = table(app)
        run_until(app, scene.my_bid)
        barred = scene.view.forbidden_bid
        if barred is None:
            continue
        button = scene.bid_panel.buttons[barred]
        assert not button.enabled
        bid = match_of(scene).legal_actions(0)[0]
        assert isinstance(bid, Bid)
        assert button.reason == scene.session.explain(type(bid).of(0, barred))
        assert str(barred) in scene.bid_panel.note
        assert not scene.bid_panel.pointing_at_barred
        hover(app, button.rect.center)
        # The note under the bids says why and lights up; no tooltip covers the title.
        assert scene.bid_panel.pointing_at_barred and scene.hud.tooltip is None
        click(app, button.rect.center)
        key(app, getattr(pygame, f"K_{barred}"))
        assert match_of(scene).bids[0] is None  # refused
        return
    pytest.fail("no deal gave the human the dealer's seat")


def test_a_card_is_played_by_click_and_by_drag(app: App) -> None:
    app.start_game(small_rules(cards=3), 3, seats("human", BOT, BOT, BOT))
    scene = table(app)
    run_until(app, scene.my_bid)
    scene.bid(1)
    wait_for_turn(app, scene)
    legal = [item.card for item in scene.hand.items if item.legal]
    click(app, card_point(scene, legal[0]))
    assert legal[0] not in match_of(scene).hand(0)
    wait_for_turn(app, scene)
    card = next(item.card for item in scene.hand.items if item.legal)
    start = card_point(scene, card)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    up = (start[0], start[1] - 200)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=up, rel=(0, -200), buttons=(1, 0, 0)))
    assert scene.hand.drag is not None and scene.hand.drag.moved
    app.frame(0.01)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=up, button=1))
    assert card not in match_of(scene).hand(0)


def test_confirm_play_needs_a_second_click(app: App) -> None:
    app.store.update(confirm_play=True)
    app.start_game(small_rules(cards=2), 4, seats("human", BOT, BOT, BOT))
    scene = table(app)
    run_until(app, scene.my_bid)
    scene.bid(0)
    wait_for_turn(app, scene)
    card = next(item.card for item in scene.hand.items if item.legal)
    click(app, card_point(scene, card))
    assert card in match_of(scene).hand(0) and scene.hand.selected == card
    app.frame(0.2)
    click(app, card_point(scene, card))
    assert card not in match_of(scene).hand(0)


def test_illegal_cards_are_refused_and_explained(app: App) -> None:
    rules = small_rules(cards=6, hands=3)
    for seed in range(1, 40):
        app.start_game(rules, seed, seats("human", BOT, BOT, BOT))
        scene = table(app)
        match = match_of(scene)
        for _ in range(60):
            wait_for_turn(app, scene)
            if app.top is not scene:
                break
            if scene.my_bid():
                scene.bid(any_bid(scene))
                continue
            illegal = [item.card for item in scene.hand.items if not item.legal]
            if not illegal:
                scene.play(any_play(scene))
                continue
            card = illegal[0]
            before = (match.hand(0), len(match.actions), match.trick)
            assert next(item for item in scene.hand.items if item.card == card).dim
            click(app, card_point(scene, card))
            key(app, pygame.K_RETURN)
            assert (match.hand(0), len(match.actions), match.trick) == before
            hover(app, card_point(scene, card))
            reason = scene.session.explain(Play.of(0, card))
            assert reason and scene.hud.tooltip is not None and scene.hud.tooltip[0] == reason
            assert not scene.play(card)
            return
    pytest.fail("never held a card that could not be played")


def test_one_human_never_sees_a_curtain(app: App) -> None:
    app.start_game(small_rules(cards=2), 2, seats(BOT, "human", BOT, BOT))
    scene = table(app)
    assert scene.viewer == 1
    while True:
        wait_for_turn(app, scene)
        assert not isinstance(app.top, CurtainOverlay)
        if app.top is not scene:
            break
        if scene.my_bid():
            scene.bid(any_bid(scene))
        else:
            scene.play(any_play(scene))
    assert isinstance(app.top, HandResultOverlay)


def test_hotseat_curtain_hides_every_hand_until_clicked(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.start_game(small_rules(cards=2), 6, seats("human", BOT, "human", BOT))
    scene = table(app)
    run_until(app, lambda: isinstance(app.top, CurtainOverlay))
    curtain = app.top
    assert isinstance(curtain, CurtainOverlay)
    assert curtain.opaque and curtain.name == "Anna" and "Anna" in curtain.button.label
    drawn = []
    monkeypatch.setattr(scene.painter, "draw", lambda surface, s: drawn.append(1))
    for _ in range(5):
        app.frame(0.05)
    assert drawn == []  # the table (and every hand) is not drawn under the curtain
    monkeypatch.undo()
    for _ in range(15):
        app.frame(0.05)  # the curtain ignores clicks for a moment
    click(app, curtain.button.rect.center)
    assert app.top is scene and scene.viewer == 0
    seen = set()
    while True:
        run_until(app, lambda: scene.my_turn() or scene.my_bid() or app.top is not scene)
        if isinstance(app.top, CurtainOverlay):
            seen.add(app.top.name)
            app.top.ready()
            continue
        if app.top is not scene:
            break
        if scene.my_bid():
            scene.bid(any_bid(scene))
        else:
            scene.play(any_play(scene))
    assert "Clara" in seen
    assert isinstance(app.top, HandResultOverlay)


def test_simultaneous_bids_are_collected_behind_the_curtain(app: App) -> None:
    rules = dataclasses.replace(PRESETS["british-oh-hell"].rules(4), simultaneous_bidding=True)
    app.start_game(rules, 4, seats("human", "human", BOT, BOT))
    scene = table(app)
    match = match_of(scene)
    for seat, name, bid in ((0, "Anna", 0), (1, "Basil", 1)):
        run_until(app, lambda: isinstance(app.top, CurtainOverlay))
        curtain = app.top
        assert isinstance(curtain, CurtainOverlay)
        assert curtain.name == name
        assert seat == 0 or curtain.note  # a secret bid: the others look away
        curtain.ready()
        run_until(app, scene.my_bid)
        assert scene.viewer == seat
        assert scene.bid(bid) and match.bids[seat] == bid
    run_until(app, lambda: match.phase is Phase.PLAYING and scene.idle)
    assert scene.shown.revealed and scene.shown.bids == list(match.bids)


def test_a_click_during_an_animation_skips_it(app: App) -> None:
    app.start_game(small_rules(cards=5), 9, seats("human", BOT, BOT, BOT))
    scene = table(app)
    run_until(
        app, lambda: scene.queue.current is not None and scene.queue.current.label == "HandDealt"
    )
    assert not scene.idle
    click(app, (640, 300))
    current = scene.queue.current
    assert scene.queue.idle or (current is not None and current.label != "HandDealt")
    run_until(app, scene.my_bid, frames=200)
    assert scene.shown.counts == [5, 5, 5, 5]


def test_hand_result_then_game_over_with_stakes(app: App) -> None:
    rules = small_rules(cards=1, hard_score_bonus=10, settlement=Settlement.DIFFERENCES, stake=2)
    app.start_game(rules, 12, seats("human", BOT, BOT, BOT))
    scene = table(app)
    run_until(app, scene.my_bid)
    scene.bid(0)
    while True:
        wait_for_turn(app, scene)
        if app.top is not scene:
            break
        scene.play(any_play(scene))
    run_until(app, lambda: isinstance(app.top, HandResultOverlay))
    overlay = app.top
    assert isinstance(overlay, HandResultOverlay)
    overlay.button.on_click()
    run_until(app, lambda: isinstance(app.top, GameOverOverlay))
    over = app.top
    assert isinstance(over, GameOverOverlay)
    assert over.headline()
    assert any("Stakes" in note for note in over.notes())
    assert any("Hard score" in note for note in over.notes())
    app.frame(0.05)


def test_play_again_starts_a_new_game(app: App) -> None:
    app.start_game(small_rules(cards=1), 13, seats("human", BOT, BOT, BOT))
    scene = table(app)
    match_of(scene).advance_until_decision()
    from game.ai.base import RandomAgent

    agent = RandomAgent(1)
    match = match_of(scene)
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            match.advance()
        else:
            match.apply(agent.choose(match.view(match.awaiting[0])))
    assert isinstance(scene.session, GameSession)
    scene.session.save()  # over: the saved game is gone, as after a last card
    assert scene.session.flush_save()
    app.push(GameOverOverlay(app, scene.session))
    app.frame(0.05)
    over = app.top
    assert isinstance(over, GameOverOverlay)
    over.again.on_click()
    assert isinstance(app.top, TableScene) and app.top is not scene
    assert match_of(app.top).rules == match_of(scene).rules


def test_demo_plays_every_seat_and_loops(app: App) -> None:
    rules = small_rules(cards=1)
    session = GameSession(rules, 3, seats(BOT, BOT, BOT, BOT))
    scene = TableScene(app, session, demo=True)
    app.replace(scene)
    run_until(app, lambda: isinstance(app.top, GameOverOverlay), frames=3000)
    assert scene.viewer == 0 and not scene.my_bid()
    for _ in range(int(DEMO_RESTART / 0.05) + 5):
        app.frame(0.05)
    fresh = table(app)
    assert fresh is not scene and fresh.demo
    assert fresh.session is not session and match_of(fresh).seed != session.match.seed


def test_partial_repaints_match_full_repaints(app: App) -> None:
    session = GameSession(small_rules(cards=4, hands=2), 5, seats(BOT, BOT, BOT, BOT))
    scene = TableScene(app, session, demo=True)
    app.replace(scene)
    checks = 0
    for frame in range(400):
        app.frame(1 / 30)
        if session.thinking is not None:
            time.sleep(0.001)
        if frame % 23 == 0 and app.top is scene:
            partial = pygame.image.tobytes(app.screen, "RGB")
            scene.painter.presenter.invalidate()
            scene.draw(app.screen)
            assert pygame.image.tobytes(app.screen, "RGB") == partial, frame
            checks += 1
    assert checks > 5 and scene.painter.presenter.partial_frames > 0


def test_the_window_shows_what_was_drawn_when_only_changes_are_copied(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app copies to the window only the areas the table changed: a window kept
    by those copies alone equals the picture drawn, overlays and returns included."""
    shown = pygame.Surface(app.screen.get_size())
    copies = {"whole": 0, "areas": 0, "area": 0}

    def flip() -> None:
        shown.blit(app.screen, (0, 0))
        copies["whole"] += 1

    def update(areas: list[pygame.Rect]) -> None:
        for area in areas:
            shown.blit(app.screen, area, area)
        copies["areas"] += 1
        copies["area"] += sum(area.width * area.height for area in areas)

    monkeypatch.setattr(pygame.display, "flip", flip)
    monkeypatch.setattr(pygame.display, "update", update)
    session = GameSession(small_rules(cards=4, hands=2), 5, seats(BOT, BOT, BOT, BOT))
    scene = TableScene(app, session, demo=True)
    app.replace(scene)
    for frame in range(400):
        app.frame(1 / 30)
        if frame % 10 == 5:
            app.frame(1 / 30)  # two frames drawn, one shown: both frames' changes count
        if frame == 200:
            app.open(routes.Pause(session))
        if frame == 230:
            app.pop()
        app.present()
        if session.thinking is not None:
            time.sleep(0.001)
        if frame % 17 == 0:
            assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(app.screen, "RGB"), (
                frame
            )
    width, height = app.screen.get_size()
    assert copies["areas"] > 20 and copies["area"] < copies["areas"] * width * height / 4
    assert copies["whole"] >= 3  # the first frame, under the overlay and after it
    whole = copies["whole"]
    app.handle(pygame.event.Event(pygame.WINDOWEXPOSED))  # the window was uncovered
    app.frame(1 / 30)
    app.present()
    assert copies["whole"] == whole + 1


@pytest.mark.parametrize("players", [3, 5, 8])
def test_every_seat_count_draws_at_several_sizes(app: App, players: int) -> None:
    preset = PRESETS["up-and-down-the-river" if players == 8 else "oh-hell"]
    kinds: list[PlayerKind] = ["human", *[BOT] * (players - 1)]
    app.start_game(preset.rules(players), 1, seats(*kinds))
    scene = table(app)
    run_until(app, scene.my_bid)
    for size in ((960, 540), (1920, 1080)):
        app.screen = pygame.display.set_mode(size)
        app._resized()
        app.frame(0.05)
        assert scene.layout.size == size
        assert scene.bid_panel.geometry is not None and app.screen.get_rect().contains(
            scene.bid_panel.geometry.panel
        )


def test_tab_and_escape_open_the_score_sheet_and_menu_when_they_exist(app: App) -> None:
    app.start_game(small_rules(), 1, seats("human", BOT, BOT, BOT))
    scene = table(app)
    run_until(app, scene.my_bid)
    key(app, pygame.K_TAB)
    if app.top is not scene:
        assert type(app.top).__name__ == "ScoreSheetOverlay"
        app.pop()
    key(app, pygame.K_ESCAPE)
    if app.top is not scene:
        assert type(app.top).__name__ == "PauseOverlay"
        app.pop()
    assert app.top is scene


def test_the_hand_is_sorted_trumps_first_with_colours_alternating(app: App) -> None:
    app.start_game(small_rules(cards=10, players=4), 21, seats("human", BOT, BOT, BOT))
    scene = table(app)
    run_until(app, scene.my_bid)
    cards = [item.card for item in scene.hand.items]
    trump = scene.shown.trump
    suits = [card.suit for card in cards]
    groups = [s for i, s in enumerate(suits) if i == 0 or suits[i - 1] != s]
    assert len(groups) == len(set(groups))  # each suit together
    if trump in suits:
        assert groups[0] == trump
    for suit in set(suits):
        ranks = [card.rank for card in cards if card.suit == suit]
        assert ranks == sorted(ranks, reverse=True)


def test_a_game_resumed_between_hands_shows_the_result_again(app: App, tmp_path: Path) -> None:
    from game.ai.base import RandomAgent

    rules = small_rules(cards=2, hands=2)
    session = GameSession(rules, 2, seats("human", BOT, BOT, BOT), autosave=tmp_path / "save.json")
    match, agent = session.match, RandomAgent(3)
    while match.phase is not Phase.HAND_SCORED:
        if match.phase.automatic:
            match.advance()
        else:
            match.apply(agent.choose(match.view(match.awaiting[0])))
    session.save()
    assert session.flush_save()
    resumed = GameSession.resume(tmp_path / "save.json")
    scene = TableScene(app, resumed)
    app.replace(scene)
    run_until(app, lambda: isinstance(app.top, HandResultOverlay), frames=50)
    result = app.top
    assert isinstance(result, HandResultOverlay)
    result.dismiss()
    run_until(app, scene.my_bid)
    assert scene.shown.hand_number == 2


def test_a_new_surface_is_always_drawn_whole(app: App) -> None:
    session = GameSession(small_rules(), 5, seats(BOT, BOT, BOT, BOT))
    scene = TableScene(app, session, demo=True)
    app.replace(scene)
    for _ in range(40):
        app.frame(0.05)
    reference = pygame.Surface(app.size)
    scene.draw(reference)
    fresh = pygame.Surface(app.size)
    scene.draw(fresh)
    assert pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(reference, "RGB")


@pytest.mark.parametrize(
    ("button", "scene_name"), [("new", "NewGameScene"), ("home", "TitleScene")]
)
def test_game_over_leads_to_a_new_game_or_the_title(app: App, button: str, scene_name: str) -> None:
    pytest.importorskip("game.ui.newgame.scene" if button == "new" else "game.ui.menus.title")
    app.start_game(small_rules(cards=1), 13, seats("human", BOT, BOT, BOT))
    scene = table(app)
    over = GameOverOverlay(app, scene.session)
    app.push(over)
    getattr(over, button).on_click()
    assert type(app.top).__name__ == scene_name
    assert scene not in app.scenes
