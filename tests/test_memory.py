"""Memory stays flat in a long run: every cache is bounded, finished games are freed."""

from __future__ import annotations

import gc
import importlib
import pkgutil
import threading
import weakref
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import game.ai
import game.ui
from game.ai import heuristics
from game.bench import memory as membench
from game.play.session import GameSession
from game.rules.record import Player
from game.rules.ruleset import HandSequence, RuleSet
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.cards.art import card_art
from game.ui.kit import theme
from game.ui.table.scene import TableScene


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    store = SettingsStore(path=tmp_path / "settings.json")
    store.update(sound=False)
    application = App(pygame.display.set_mode((1280, 720)), store)
    application.fast = True
    yield application
    application.close_scenes()


def _square(side: int) -> pygame.Surface:
    return pygame.Surface((side, side), pygame.SRCALPHA)


def test_every_cache_of_the_game_is_bounded() -> None:
    for package in (game.ai, game.ui):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not module.name.endswith(("tournament", "__main__")):
                importlib.import_module(module.name)
    found = membench.caches()
    assert "ai.heuristics.suit_chances" in found and "kit.theme.text" in found
    for name, cache in found.items():
        assert cache.cache_info().maxsize is not None, f"{name} is unbounded"


def test_picture_cache_keeps_the_most_recent_entries() -> None:
    cache = theme.PictureCache(_square, maxsize=4, screens=100.0)
    for side in range(1, 11):
        cache(side)
    cache(8)  # a hit makes 8 the most recent
    cache(11)  # evicts 7, the least recent
    info = cache.cache_info()
    assert info.currsize == 4 and info.hits == 1 and info.misses == 11
    assert info.bytes == sum(side * side * 4 for side in (8, 9, 10, 11))
    before = cache.cache_info().misses
    cache(7)
    assert cache.cache_info().misses == before + 1


def test_picture_cache_stays_within_its_bytes() -> None:
    cache = theme.PictureCache(_square, maxsize=1000, screens=0.01)  # about 36 KB
    for side in range(20, 60):
        cache(side)
    info = cache.cache_info()
    assert 0 < info.bytes <= info.max_bytes and 1 < info.currsize < 10
    cache(200)  # too big for the budget alone: kept until the next picture
    assert cache.cache_info().currsize == 1


def test_picture_cache_tells_keywords_from_positions() -> None:
    cache = theme.PictureCache(lambda *args, **kwargs: (args, kwargs), 8, 1.0)
    assert cache(1, ("size", 2)) != cache(1, size=2)


def test_text_cache_stays_bounded_when_overfilled() -> None:
    cached = theme._text
    cached.cache_clear()
    for number in range(cached.maxsize + 60):
        theme.text(str(number), 12)
    info = cached.cache_info()
    assert info.currsize <= info.maxsize and info.bytes <= info.max_bytes
    cached.cache_clear()


def test_suit_chances_cache_stays_bounded_when_overfilled() -> None:
    cached = heuristics._suit_chances
    for holding in range(1, heuristics.SUIT_CACHE + 200):
        cached(holding & 0x1FFF, ~holding & 0x1FFF, 0.5 + holding * 1e-6, False, 0.3, 3)
    assert cached.cache_info().currsize == heuristics.SUIT_CACHE
    cached.cache_clear()


def test_card_art_and_fonts_stay_bounded() -> None:
    for width in range(20, 60):
        card_art(width)
    for size in range(8, 120):
        theme.font(size)
    for cache in (membench.caches()["cards.art.cached_card_art"], theme.font):
        info = cache.cache_info()
        assert info.maxsize is not None and info.currsize <= info.maxsize


def test_a_new_demo_game_frees_the_last_one(app: App) -> None:
    """Without waiting for the garbage collector: a finished game's scenes hold
    window-sized pictures that the collector does not count."""
    rules = RuleSet(players=4, sequence=HandSequence.DESCENDING, largest_hand=1, max_hands=1)
    players = [Player(name, "random") for name in ("Ada", "Basil", "Clara", "Dmitri")]
    session = GameSession(rules, 3, players)
    app.replace(TableScene(app, session, demo=True))
    old: list[weakref.ref[object]] = [weakref.ref(session), weakref.ref(app.scenes[0])]
    del session

    def after(number: int) -> None:
        if number == 1:
            table = app.scenes[0]
            assert isinstance(table, TableScene)
            old.extend([weakref.ref(table.session), weakref.ref(table)])

    gc.disable()  # only the app's own collection may free them
    try:
        membench.play_demo_games(app, 2, after, shortest=0.05)
        app.frame(0.01)  # the first frame after a scene change frees the closed ones
        assert [ref() for ref in old] == [None] * 4
    finally:
        gc.enable()
    # The computer players thought in the one shared worker process: no game left a
    # thread behind.
    assert not any(thread.name.startswith("ai") for thread in threading.enumerate())


def test_summary_growth_per_game() -> None:
    rss = [90.0, 95.0, 96.0, 97.0, 100.0, 101.0, 102.0, 103.0]
    lines = membench.memory_summary(rss)
    assert "after game 5: 100.0 MB" in lines[0] and "+1.00 MB/game" in lines[1]
    assert "too few games" in membench.memory_summary(rss[:3])[0]
