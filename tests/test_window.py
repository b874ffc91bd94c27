"""The window survives F11: one window, switched in place, its size and place kept;
and a second copy's request brings it forward. Headless (SDL's dummy driver)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.instance import RAISED, ShowRequests
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.window import DisplayWindow, GameWindow

DESKTOP = (1920, 1080)
WINDOWED = (1400, 800)
PLACE = (300, 200)


class FakeWindow:
    """A window as a forgetful window manager keeps it: full screen fills the
    desktop; back to windowed, it stays at the desktop's size and corner."""

    def __init__(self) -> None:
        self.fullscreen = False
        self.size = WINDOWED
        self.position = PLACE
        self.switches = 0
        self.raised = 0

    def set_fullscreen(self) -> None:
        self.fullscreen, self.size, self.position = True, DESKTOP, (0, 0)
        self.switches += 1

    def set_windowed(self) -> None:
        self.fullscreen = False
        self.switches += 1

    def show(self) -> None:
        pass

    def bring_forward(self) -> bool:
        self.raised += 1
        return True


@pytest.fixture
def fake() -> FakeWindow:
    return FakeWindow()


@pytest.fixture
def app(fake: FakeWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    pygame.display.init()
    screen = pygame.display.set_mode((1280, 720))
    store = SettingsStore()
    store.update(window_size=WINDOWED)
    return App(screen, store, GameWindow(lambda: fake))


def press_f11(app: App) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    app.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode=""))


def resized(app: App, size: tuple[int, int]) -> None:
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1]))


def test_size_and_place_come_back_after_any_number_of_round_trips(fake: FakeWindow) -> None:
    window = GameWindow(lambda: fake)
    for _trip in range(50):
        assert window.set_fullscreen(True) is True
        assert (fake.fullscreen, fake.size) == (True, DESKTOP)
        assert window.set_fullscreen(False) is True
        assert (fake.fullscreen, fake.size, fake.position) == (False, WINDOWED, PLACE)
    assert fake.switches == 100


def test_asking_for_the_mode_the_window_has_changes_nothing(fake: FakeWindow) -> None:
    window = GameWindow(lambda: fake)
    assert window.set_fullscreen(False) is False
    window.set_fullscreen(True)
    assert window.set_fullscreen(True) is False
    assert fake.switches == 1


def test_f11_goes_by_the_window_not_by_a_stale_setting(app: App, fake: FakeWindow) -> None:
    app.store.update(fullscreen=True)  # says full screen; the window is windowed
    press_f11(app)
    assert fake.fullscreen is True and app.settings.fullscreen is True
    app.store.update(fullscreen=False)  # and the other way round
    press_f11(app)
    assert fake.fullscreen is False and app.settings.fullscreen is False
    assert fake.switches == 2


def test_resize_events_of_a_switch_never_switch_again(app: App, fake: FakeWindow) -> None:
    press_f11(app)
    for _event in range(3):
        resized(app, DESKTOP)  # what the switch itself reports, maybe more than once
    assert fake.switches == 1 and fake.fullscreen
    assert app.settings.window_size == WINDOWED, "the full screen is not the window's size"
    press_f11(app)
    resized(app, DESKTOP)  # late, from the first switch
    resized(app, WINDOWED)
    assert fake.switches == 2 and not fake.fullscreen
    assert app.settings.window_size == WINDOWED and app.settings.fullscreen is False


def test_a_held_f11_switches_once(app: App, fake: FakeWindow) -> None:
    for _repeat in range(5):  # a held key repeats (pygame_gui turns repeats on)
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert fake.switches == 1
    app.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode=""))
    press_f11(app)
    assert fake.switches == 2 and not fake.fullscreen


def test_the_player_s_resizes_are_kept_and_bounded(app: App, fake: FakeWindow) -> None:
    resized(app, (1500, 900))
    assert app.settings.window_size == (1500, 900)
    resized(app, (400, 300))
    assert app.settings.window_size == (960, 540)
    assert fake.switches == 0


def test_a_second_copy_s_request_brings_the_window_forward(
    app: App, fake: FakeWindow, tmp_path: Path
) -> None:
    requests = ShowRequests(tmp_path)
    app.show_requests = requests
    assert requests.ask()
    app.look_for_requests(0.2)  # not yet time to look
    assert fake.raised == 0 and requests.pending()
    app.look_for_requests(0.4)
    assert fake.raised == 1 and requests.answer() == RAISED
    app.look_for_requests(1.0)  # answered: nothing more to do
    assert fake.raised == 1


def test_the_real_window_is_switched_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    pygame.display.init()
    app = App(pygame.display.set_mode((1280, 720), pygame.RESIZABLE), SettingsStore())
    window_id = DisplayWindow().window.id
    switches: list[bool] = []
    switch = app.window.set_fullscreen

    def counted(on: bool) -> bool:
        switches.append(on)
        return switch(on)

    monkeypatch.setattr(app.window, "set_fullscreen", counted)
    for _trip in range(3):
        press_f11(app)
        for event in pygame.event.get():  # what SDL reports of the switch
            app.handle(event)
        assert pygame.display.is_fullscreen() and app.settings.fullscreen
        assert app.screen is pygame.display.get_surface() and app.size != (1280, 720)
        press_f11(app)
        for event in pygame.event.get():
            app.handle(event)
        assert not pygame.display.is_fullscreen() and not app.settings.fullscreen
        assert app.size == (1280, 720) and app.settings.window_size == (1280, 720)
    assert switches == [True, False] * 3
    assert DisplayWindow().window.id == window_id, "never re-created"


@pytest.mark.parametrize(
    ("driver", "given", "expected"),
    [("x11", None, "0"), ("x11", "1", "1"), ("wayland", None, None), ("dummy", None, None)],
)
def test_the_native_framebuffer_is_asked_for_only_with_x11_and_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch, driver: str, given: str | None, expected: str | None
) -> None:
    from game.ui.window import prefer_native_framebuffer

    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", given or "")  # restored afterwards
    if given is None:
        monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION")
    prefer_native_framebuffer()
    assert os.environ.get("SDL_FRAMEBUFFER_ACCELERATION") == expected
