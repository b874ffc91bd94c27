"""Shared test setup: headless SDL for any test that touches pygame, and the app
most scene tests drive."""

from __future__ import annotations

import gc
import os
import shutil
import sys
import tempfile
import types
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from hypothesis import settings

from game.i18n import set_language
from game.settings import SettingsStore
from game.ui.app import App
from tests.apps import SizedApp

# No test is timed (speed is the benchmarks' business): Hypothesis's default deadline of
# 200 ms an example failed a cold first run now and then, as "unreliable test timings".
settings.register_profile("untimed", deadline=None, print_blob=True)
settings.load_profile("untimed")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # read when the display starts
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["LANGUAGE"] = "en"  # the system's language, where a test does not choose one
os.environ["OHHELL_LAN_INTERFACES"] = "127.0.0.1"  # discovery never leaves this machine
# Never the player's real folders: a whole run (and every program it starts) gets a home of
# its own at once, and every test a fresh one of its own (``own_home``). Both, and pytest's
# own temporary folders, live in one folder of the run's, removed when the run ends.
RUN_FOLDER = Path(tempfile.mkdtemp(prefix="ohhell-tests-"))
os.environ["OHHELL_HOME"] = str(RUN_FOLDER / "home")
# What the tests and the programs they start put in the temporary folder goes there too.
(RUN_FOLDER / "tmp").mkdir()
os.environ["TMPDIR"] = str(RUN_FOLDER / "tmp")
tempfile.tempdir = None  # read again from TMPDIR


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """The tests' temporary folders inside the run's folder (unless ``--basetemp`` says
    where), so that the run leaves nothing in the system's temporary folder."""
    if config.option.basetemp is None:
        config.option.basetemp = str(RUN_FOLDER / "pytest")


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(RUN_FOLDER, ignore_errors=True)


@pytest.fixture(autouse=True)
def own_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test's settings, saves, kept games and statistics in a folder of its own,
    so no test reads what another left or touches the real user folders."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("OHHELL_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def empty_event_queue() -> Iterator[None]:
    """Empty SDL's event queue after every test. pygame_gui posts an event for much of what
    a form does (about 300 while a new-game form is built and its pages shown), each
    holding its element and through it the scene, its manager and its pictures; the game's
    loop takes them every frame, but a test that drives scenes without it left them
    queued, and so alive: 4.7 GiB by the end of a run. (Taken with ``get``:
    ``pygame.event.clear`` drops the events but not what they hold.)"""
    yield
    if pygame.display.get_init():
        pygame.event.get()
    _collect_if_grown()


_GROWTH = 256 * 2**20
_EVERY = 50
_last = {"size": 0, "tests": 0}


def _resident() -> int | None:
    """This process's resident size, where /proc tells it (Linux)."""
    try:
        with open("/proc/self/statm", "rb") as stream:
            return int(stream.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, AttributeError, ValueError):
        return None


def _collect_if_grown() -> None:
    """Collect the cyclic garbage once the process has grown by 256 MiB since the last
    time (elsewhere than Linux, every 50 tests). A scene is a web of cycles (elements,
    their callbacks, the manager) holding pictures whose pixels Python's collector does
    not count: it waits for more objects, not more bytes, and the pixels pile up."""
    _last["tests"] += 1
    size = _resident()
    grown = _last["tests"] >= _EVERY if size is None else size - _last["size"] >= _GROWTH
    if grown:
        gc.collect()
        _last["size"], _last["tests"] = _resident() or 0, 0


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The real app in a 1280x720 window, files under ``tmp_path``, animations at four
    times the speed and no sound; every scene is closed afterwards. Test modules that
    need another app (a recorder for new games, a fake table) define their own."""
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    store = SettingsStore(path=tmp_path / "settings.json")
    store.update(animation_speed=4.0, sound=False)
    application = App(pygame.display.set_mode((1280, 720)), store)
    yield application
    application.close_scenes()


@pytest.fixture
def sized_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SizedApp]:
    """Real apps of any window size, with no sound, in English and with the settings
    given (``make((960, 540), animation_speed=4.0)``); all closed afterwards."""
    made: list[App] = []

    def make(size: tuple[int, int], **settings: object) -> App:
        monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
        pygame.display.init()
        pygame.font.init()
        store = SettingsStore(path=tmp_path / "settings.json")
        store.update(**{"sound": False, "language": "en", **settings})
        made.append(App(pygame.display.set_mode(size), store))
        return made[-1]

    yield make
    for app in made:
        app.close_scenes()
    set_language("en")


@pytest.fixture
def recording_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The real app whose screens start no table: the games they would start are
    recorded (``tests.screens.started``) and any table opened is a stand-in."""
    from tests.fakes import FakeTable
    from tests.screens import Recorder

    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    fake = types.ModuleType("game.ui.table.scene")
    fake.TableScene = FakeTable  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "game.ui.table.scene", fake)  # the registry's import
    pygame.init()
    application = App(pygame.display.set_mode((1280, 720)), SettingsStore())
    application.start_game = Recorder()  # type: ignore[method-assign]
    yield application
    application.close_scenes()
