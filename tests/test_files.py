"""The player's files: damaged settings and saves are kept aside under new names and
explained once, read-only folders never crash the game, the lock file never
follows a link, interrupted saves leave nothing behind, and no text from a file
reaches the font renderer unbounded."""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.i18n import _, set_language
from game.instance import InstanceLock
from game.play.notices import as_notice
from game.play.session import GameSession
from game.rules.presets import PRESETS
from game.rules.record import Player
from game.rules.ruleset import RuleSet
from game.settings import FIELD_TYPES, Settings, SettingsStore, settings_from_bytes
from game.storage import TEMP_AGE, atomic_write_text, keep_aside, remove_stale_temps
from game.ui.app import App
from game.ui.kit import theme
from game.ui.menus.title import TitleScene
from game.ui.table.sprites import fit_text
from tests.fakes import FakeTable

MB = 1024 * 1024
PLAYERS = [Player("Me"), Player("Ann", "easy"), Player("Bo", "easy"), Player("Cy", "easy")]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    return tmp_path


def make_app(monkeypatch: pytest.MonkeyPatch) -> App:
    fake = types.ModuleType("game.ui.table.scene")
    fake.TableScene = FakeTable  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "game.ui.table.scene", fake)
    pygame.init()
    return App(pygame.display.set_mode((1280, 720)), SettingsStore())


@pytest.fixture
def app(home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    application = make_app(monkeypatch)
    yield application
    application.close_scenes()


# ------------------------------------------------------------ settings
def setup_with(**rules: object) -> dict[str, object]:
    base = PRESETS["oh-hell"].rules(3).to_dict()
    return {"rules": {**base, **rules}, "players": [{"name": n} for n in ("A", "B", "C")]}


WHOLE_FILE = {
    "invalid JSON": b"{not json",
    "binary": bytes(range(256)) * 4,
    "empty": b"",
    "list": b"[]",
    "null": b"null",
    "deep nesting": b"[" * 100_000,
    "deep nesting in bounds": b'{"sound": ' + b"[" * 60_000,
    "10 MB key": b'{"' + b"k" * (10 * MB) + b'": 1}',
    "10 MB file": b'{"player_name": "' + b"x" * (10 * MB) + b'"}',
    "long key": b'{"' + b"k" * 1000 + b'": 1, "sound": false}',
    "not UTF-8": b'{"player_name": "\xff\xfe"}',
}
WRONG = {
    "animation_speed": "fast",
    "card_scale": [1],
    "four_colour": "yes",
    "card_back": "plaid",
    "table_colour": 3,
    "sound": 1,
    "volume": None,
    "fullscreen": {},
    "confirm_play": "no",
    "language": 5,
    "player_name": None,
    "window_size": "big",
    "last_setup": [],
    "take_backs": True,
    "kept_games": "all",
    "coach": "on",
    "solo_setup": 3,
    "auto_play": "sometimes",
    "computer_speed": "quick",
    "text_scale": [2],
    "high_contrast": "max",
    "guide": "once",
}
ONE_FIELD = {
    "400-digit number": ("volume", int("9" * 400)),
    "window 16384": ("window_size", [16384, 16384]),
    "window too small": ("window_size", [10, 10]),
    "NaN speed": ("animation_speed", "NaN"),
    "language path": ("language", "/etc/passwd"),
    "language .mo path": ("language", "/tmp/evil/ohhell.mo"),
    "language relative path": ("language", "../../de"),
    "name with NUL": ("player_name", "Ann\x00"),
    "name with newline": ("player_name", "Ann\n"),
    "blank name": ("player_name", "   "),
    "max_hands 1e10": ("last_setup", setup_with(max_hands=1e10)),
    "max_hands 10**10": ("last_setup", setup_with(max_hands=10**10)),
    "players do not match": ("last_setup", {**setup_with(), "players": [{"name": "A"}] * 4}),
    "unknown rule": ("last_setup", setup_with(jokers=True)),
    "take-backs sometimes": ("take_backs", "sometimes"),
    "no games kept": ("kept_games", 0),
    "huge text": ("text_scale", 5.0),
    "computers at a standstill": ("computer_speed", 0.0),
    **{f"wrong type: {name}": (name, value) for name, value in WRONG.items()},
}


def write_settings(home: Path, data: bytes) -> Path:
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def assert_kept_and_clean(path: Path, original: bytes, store: SettingsStore) -> None:
    """The original kept aside once, byte for byte, named in the message; the file
    rewritten clean, so the next start says nothing."""
    [kept] = path.parent.glob("settings.damaged-*.json")
    assert kept.read_bytes() == original
    assert store.problem is not None and kept.name in store.problem
    assert len(store.problem) < 400
    assert settings_from_bytes(path.read_bytes(), Settings())[1] == []
    again = SettingsStore()
    assert again.problem is None
    assert again.settings == store.settings


@pytest.mark.parametrize("data", WHOLE_FILE.values(), ids=WHOLE_FILE.keys())
def test_an_unreadable_settings_file_gives_defaults_once(home: Path, data: bytes) -> None:
    path = write_settings(home, data)
    store = SettingsStore()
    assert store.settings == dataclasses.replace(Settings(), guide=False)  # played before
    assert "could not be read" in (store.problem or "")
    assert_kept_and_clean(path, data, store)


@pytest.mark.parametrize("case", ONE_FIELD.values(), ids=ONE_FIELD.keys())
def test_one_bad_setting_resets_only_itself(home: Path, case: tuple[str, object]) -> None:
    name, value = case
    data = json.dumps({name: value, "sound": False} if name != "sound" else {name: value})
    path = write_settings(home, data.encode())
    store = SettingsStore()
    returning = dataclasses.replace(Settings(), guide=False)  # a settings file: played before
    assert getattr(store.settings, name) == getattr(returning, name)
    if name != "sound":
        assert store.settings.sound is False  # the good setting survives
    assert name not in (store.problem or "")  # named as the Settings screen names it
    assert "were reset" in (store.problem or "")
    assert_kept_and_clean(path, data.encode(), store)


def test_every_field_has_a_wrong_type_case() -> None:
    assert set(WRONG) == set(FIELD_TYPES)


def test_settings_are_named_in_the_players_words(home: Path) -> None:
    write_settings(home, json.dumps({"animation_speed": "x", "window_size": 3}).encode())
    problem = SettingsStore().problem or ""
    assert "Animation speed, Window size" in problem
    assert "animation_speed" not in problem and "window_size" not in problem


def test_two_damages_are_kept_as_two_files(home: Path) -> None:
    path = write_settings(home, b"first")
    SettingsStore()
    path.write_bytes(b"second")
    SettingsStore()
    kept = sorted(path.parent.glob("settings.damaged-*.json"), key=lambda p: p.read_bytes())
    assert [p.read_bytes() for p in kept] == [b"first", b"second"]


def test_a_good_last_setup_and_window_are_kept(home: Path) -> None:
    setup = setup_with()
    write_settings(home, json.dumps({"last_setup": setup, "window_size": [1920, 1080]}).encode())
    store = SettingsStore()
    assert store.problem is None
    assert store.settings.window_size == (1920, 1080)
    assert store.settings.last_setup is not None
    assert store.settings.last_setup.rules == RuleSet.from_dict(setup["rules"])
    assert [player.name for player in store.settings.last_setup.players] == ["A", "B", "C"]


def test_update_refuses_values_outside_the_schema(home: Path) -> None:
    store = SettingsStore()
    store.update(window_size=(16384, 16384), volume=0.3, language="/etc/passwd")
    assert store.settings.window_size == (1280, 720)
    assert store.settings.language == ""
    assert store.settings.volume == 0.3
    with pytest.raises(KeyError):
        store.update(colour=1)


def write_mo(folder: Path, translations: dict[str, str]) -> Path:
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo as babel_write_mo

    catalog = Catalog(locale="de")
    for source, target in translations.items():
        catalog.add(source, target)
    path = folder / "LC_MESSAGES" / "ohhell.mo"
    path.parent.mkdir(parents=True)
    with open(path, "wb") as stream:
        babel_write_mo(stream, catalog)
    return path


def test_set_language_takes_only_bundled_codes(tmp_path: Path) -> None:
    write_mo(tmp_path / "evil", {"Continue": "{0.__class__}"})
    try:
        for code in (str(tmp_path / "evil"), "../../evil", "de/../..", "", "EN"):
            assert set_language(code) is False
            assert _("Continue") == "Continue"
        assert set_language("en") is True
    finally:
        set_language("en")


# --------------------------------------------------------------- saves
def valid_save() -> dict[str, Any]:
    session = GameSession(PRESETS["oh-hell"].rules(4), 3, PLAYERS)
    record = session.record()
    session.close()
    plain: dict[str, Any] = record.to_json()  # as read back from a file
    return plain


def damaged_save(kind: str) -> bytes:
    record = valid_save()
    players: list[dict[str, str]] = record["players"]
    rules: dict[str, object] = record["rules"]
    if kind == "binary":
        return bytes(range(256)) * 8
    if kind == "truncated":
        text = json.dumps(record).encode()
        return text[: len(text) // 2]
    if kind == "deep nesting":
        return b'{"format": ' + b"[" * 100_000
    if kind == "huge string":
        players[0]["name"] = "x" * MB
    elif kind == "10 MB string":
        players[0]["name"] = "x" * (10 * MB)
    elif kind == "NUL in a name":
        players[0]["name"] = "A\x00B"
    elif kind == "largest hand 1e9":
        rules["largest_hand"] = 10**9
    elif kind == "version 99":
        record["version"] = 99
    elif kind == "empty":
        return b""
    return json.dumps(record).encode()


SAVE_DAMAGE = [
    "binary",
    "truncated",
    "deep nesting",
    "huge string",
    "10 MB string",
    "NUL in a name",
    "largest hand 1e9",
    "version 99",
    "empty",
]


@pytest.mark.parametrize("kind", SAVE_DAMAGE)
def test_an_unreadable_save_is_not_offered_and_kept_aside(app: App, kind: str) -> None:
    data = damaged_save(kind)
    app.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    app.autosave_path.write_bytes(data)
    title = TitleScene(app)
    app.push(title)
    app.frame(1 / 60)
    assert "continue" not in title.buttons
    [kept] = app.autosave_path.parent.glob("autosave.damaged-*.json")
    assert kept.read_bytes() == data
    assert title.message is not None and len(title.message) < 400
    assert title.message.startswith("Your saved game could not be read and was kept as ")
    assert kept.name in title.message
    assert not app.autosave_path.exists()
    assert TitleScene(app).message is None  # said once


def test_a_readable_save_is_offered(app: App) -> None:
    app.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    app.autosave_path.write_text(json.dumps(valid_save()))
    title = TitleScene(app)
    app.push(title)
    assert title.message is None and "continue" in title.buttons


def test_two_damaged_saves_are_kept_as_two_files(app: App) -> None:
    folder = app.autosave_path.parent
    folder.mkdir(parents=True, exist_ok=True)
    for data in (b"one", b"two"):
        app.autosave_path.write_bytes(data)
        TitleScene(app)
    kept = sorted(folder.glob("autosave.damaged-*.json"), key=lambda p: p.read_bytes())
    assert [p.read_bytes() for p in kept] == [b"one", b"two"]


def test_continue_on_a_save_damaged_after_the_title_keeps_it_aside(app: App) -> None:
    app.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    app.autosave_path.write_text(json.dumps(valid_save()))
    title = TitleScene(app)
    app.push(title)
    app.autosave_path.write_bytes(b"[" * 100_000)
    title.continue_game()
    assert app.top is title and "continue" not in title.buttons
    assert title.message and "could not be read and was kept as autosave.damaged-" in title.message


def test_a_save_that_cannot_be_moved_is_not_offered_either(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("game.storage._move_no_replace", _refuse)
    app.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    app.autosave_path.write_bytes(b"garbage")
    title = TitleScene(app)
    app.push(title)
    assert "continue" not in title.buttons
    assert title.message == "Your saved game could not be read; start a new game."
    assert app.autosave_path.exists()


def _refuse(*args: object) -> None:
    raise PermissionError(13, "Permission denied")


# ----------------------------------------------------- read-only folders
def test_a_folder_that_cannot_be_created_never_crashes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "afile"
    blocker.write_text("not a folder")
    monkeypatch.setenv("OHHELL_HOME", str(blocker / "x"))
    lock = InstanceLock()
    assert lock.acquire() is False and lock.problem
    lock.release()
    app = make_app(monkeypatch)
    title = TitleScene(app)
    app.push(title)
    app.frame(1 / 60)
    assert title.message is not None
    assert "Your settings cannot be saved" in title.message
    assert "Games cannot be saved" in title.message
    assert TitleScene(app).message is None  # said once
    app.start_game(PRESETS["oh-hell"].rules(4), 3, PLAYERS)
    session = app.top.session  # type: ignore[union-attr]
    assert session.flush_save()
    assert session.save_problem and "cannot be saved" in session.save_problem
    session.match.advance_until_decision()
    session.save()  # resting until the next hand: still no exception
    app.store.update(sound=False)
    assert app.settings.sound is False and app.store.save_error
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700))
    assert app.settings.window_size == (1100, 700)
    for _press in range(2):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
        app.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode=""))
    assert app.settings.fullscreen is False
    app.close_scenes()


def test_saves_that_fail_are_remembered_not_raised(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SettingsStore()
    path = home / "data" / "autosave.json"
    session = GameSession(PRESETS["oh-hell"].rules(4), 3, PLAYERS, autosave=path)
    calls = []

    def failing(target: object, text: str) -> None:
        calls.append(target)
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr("game.play.autosave.atomic_write_text", failing)
    monkeypatch.setattr("game.settings.atomic_write_text", failing)
    clock = [100.0]
    monkeypatch.setattr("game.play.saving.time.monotonic", lambda: clock[0])
    session.save()
    assert session.flush_save()  # written in the background: wait for the failure
    session.save()
    assert session.flush_save()
    assert len(calls) == 1, "no retry before the back-off is due"
    problem = (
        "Your game cannot be saved now (Read-only file system). Play on: saving is tried again."
    )
    assert session.save_problem == problem and texts(session) == [problem]
    clock[0] += 0.6
    session.watch_saving()  # the table's tick: the retry is due
    assert session.flush_save() and len(calls) == 2
    session.watch_saving()
    assert texts(session) == [problem], "said once"
    assert store.save() is False and store.save_error == "Read-only file system"
    store.update(volume=0.1)
    assert store.settings.volume == 0.1
    monkeypatch.undo()
    monkeypatch.setattr("game.play.saving.time.monotonic", lambda: clock[0])
    clock[0] += 1.1
    session.watch_saving()
    assert session.flush_save()
    session.watch_saving()
    assert session.save_problem is None and texts(session)[-1] == "Your game is saved again."
    assert path.is_file()
    assert store.save() is True
    session.close()


def texts(session: GameSession) -> list[str]:
    return [as_notice(signal).text for signal in session.signals]


# ------------------------------------------------------------------ lock
def test_the_lock_refuses_a_symlink_and_leaves_its_target_alone(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    link = tmp_path / "ohhell.lock"
    link.symlink_to(target)
    lock = InstanceLock(link)
    assert lock.acquire() is False and not lock.held
    assert target.read_text() == "keep me"


def test_the_lock_never_truncates_a_hard_linked_file(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    os.link(target, tmp_path / "ohhell.lock")
    lock = InstanceLock(tmp_path / "ohhell.lock")
    assert lock.acquire() is False
    assert target.read_text() == "keep me"


def test_the_lock_file_is_private_and_holds_the_process_id(tmp_path: Path) -> None:
    lock = InstanceLock(tmp_path / "ohhell.lock")
    assert lock.acquire() is True
    assert (tmp_path / "ohhell.lock").read_text() == str(os.getpid())
    if sys.platform != "win32":
        assert (tmp_path / "ohhell.lock").stat().st_mode & 0o777 == 0o600
    lock.release()


# ------------------------------------------------------- temporary files
def test_stale_temporary_files_are_removed_and_nothing_else(tmp_path: Path) -> None:
    old = time.time() - TEMP_AGE - 60
    names = {
        ".autosave.json.ab_cd123": True,
        ".settings.json.x1y2z3w4": True,
        ".autosave.json.fresh123": False,  # a save in progress
        ".autosave.json.toolong12": False,
        "autosave.json": False,
        ".other.json.abcd1234": True,  # any of the game's writers
        ".game-20261203-101010-000001.json.k2j3h4g5.tmp": True,
        ".probe.k2j3h4g5": True,
        ".ohhell-check-k2j3h4g5": True,
        ".game-20261203-101010-000001.json.k2j3h4g5.tmp.x": False,
        "notes.txt": False,
    }
    for name in names:
        (tmp_path / name).write_text("x")
        if name != ".autosave.json.fresh123":
            os.utime(tmp_path / name, (old, old))
    removed = remove_stale_temps(tmp_path)
    assert sorted(p.name for p in removed) == sorted(n for n, gone in names.items() if gone)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        n for n, gone in names.items() if not gone
    )


def test_the_store_clears_leftovers_in_both_folders_at_start(home: Path) -> None:
    old = time.time() - TEMP_AGE - 60
    for folder, name in (
        ("config", ".settings.json.abcd1234"),
        ("data", ".autosave.json.k2j3h4g5"),
        ("data/games", ".game-20261203-101010-000001.json.k2j3h4g5"),
        ("data/games", ".game-20261203-101010-000002.analysis.json.k2j3h4g5.tmp"),
        ("data/exports", ".ohhell-statistics-20261203-101010.csv.k2j3h4g5.tmp"),
    ):
        path = home / folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("half a save")
        os.utime(path, (old, old))
    SettingsStore()
    assert not [path for path in home.rglob(".*") if path.is_file()]


def test_atomic_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    atomic_write_text(tmp_path / "settings.json", "{}")
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_keep_aside_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    taken = []
    for index in range(12):
        path.write_text(str(index))
        kept = keep_aside(path)
        assert kept is not None and kept not in taken
        taken.append(kept)
    assert sorted(int(p.read_text()) for p in taken) == list(range(12))
    assert keep_aside(tmp_path / "missing.json") is None


# ------------------------------------------------------------------ text
def test_fit_text_cuts_a_huge_string_to_a_bounded_result() -> None:
    pygame.font.init()
    result = fit_text("W" * 100_000, 16, 200)
    assert result.endswith("…") and 1 < len(result) <= 40
    assert theme.font(16).size(result)[0] <= 200
    assert fit_text("short", 16, 200) == "short"
    assert fit_text("x" * 100_000, 16, 100_000).endswith("…")  # wide but still bounded


def test_theme_text_and_wrap_are_bounded() -> None:
    pygame.font.init()
    assert theme.text("x" * MB, 15).get_width() < 20_000
    lines = theme.wrap("word " * 200_000 + "y" * MB, 15, 400)
    assert sum(len(line) for line in lines) <= theme.MAX_WRAPPED
