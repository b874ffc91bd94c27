"""Settings: defaults from the bundled file, the player's file in the per-user
folder, damaged files kept aside with a message, atomic saves."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from game.resources import config_dir, data_dir, default_settings_file
from game.settings import (
    FIELD_TYPES,
    Settings,
    SettingsStore,
    coach_allowed,
    settings_from_bytes,
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    return tmp_path


def test_shipped_defaults_are_valid_and_complete() -> None:
    raw = default_settings_file().read_bytes()
    settings, ignored = settings_from_bytes(raw, Settings())
    assert ignored == []
    assert set(json.loads(raw)) == set(Settings().to_json()) == set(FIELD_TYPES)
    assert settings == Settings()


def test_folders_follow_ohhell_home(home: Path) -> None:
    assert config_dir() == home / "config"
    assert data_dir() == home / "data"


def test_changes_are_saved_and_reloaded(home: Path) -> None:
    store = SettingsStore()
    store.update(sound=False, card_scale=1.3, player_name="Anna")
    again = SettingsStore()
    assert again.settings.sound is False
    assert again.settings.card_scale == 1.3
    assert again.settings.player_name == "Anna"
    assert again.problem is None
    assert not [p for p in (home / "config").iterdir() if p.name.startswith(".")], "no temp files"


RETURNING = dataclasses.replace(Settings(), guide=False)
"""The defaults for a player who has a settings file (even a damaged one): no guided hand."""


def test_damaged_file_is_kept_aside_and_defaults_used(home: Path) -> None:
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    store = SettingsStore()
    assert store.settings == RETURNING
    assert store.problem and "could not be read" in store.problem
    kept = list(path.parent.glob("settings.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == "{not json"
    assert kept[0].name in store.problem
    assert json.loads(path.read_text()) == RETURNING.to_json()  # rewritten clean


def test_invalid_entries_are_reset_one_by_one(home: Path) -> None:
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps({"sound": "loud", "card_scale": 9, "colour": 1, "language": "xx", "volume": 0.2})
    )
    store = SettingsStore()
    assert store.settings.sound is True
    assert store.settings.card_scale == 1.0  # out of range: back to the default
    assert store.settings.language == ""  # no such bundled catalog: not chosen yet
    assert store.settings.volume == 0.2  # the good setting is kept
    assert store.problem is not None
    assert "reset: Sound, Card size, settings this version does not know, Language." in (
        store.problem
    )
    assert "card_scale" not in store.problem  # the player's words, not the file's
    assert json.loads(path.read_text())["volume"] == 0.2
    assert SettingsStore().problem is None


def test_the_default_name_follows_the_language_and_a_chosen_name_stays() -> None:
    from game.i18n import _, set_language

    store = SettingsStore()
    assert store.settings.player_name == "You"
    try:
        store.speak("nl")
        dutch_you = _("You")
        assert dutch_you != "You"
        assert store.settings.player_name == dutch_you
        assert SettingsStore().settings.language == "nl"
        store.speak("cs")
        assert store.settings.player_name == _("You") != dutch_you
        store.speak("en")
        assert store.settings.player_name == "You"
        store.update(player_name="Anna")
        store.speak("es")
        assert store.settings.player_name == "Anna"
    finally:
        set_language("en")


def test_the_coach_is_off_by_default_and_kept_when_turned_on(home: Path) -> None:
    assert SettingsStore().settings.coach is False
    SettingsStore().update(coach=True)
    assert SettingsStore().settings.coach is True


@pytest.mark.parametrize(
    ("wishes", "allowed"),
    [
        ([], False),
        ([False], False),
        ([True], True),
        ([True, False], False),
        ([False, True, True], False),
        ([True, True], True),
        ([True, True, True, True], True),
    ],
)
def test_the_coach_needs_every_humans_consent_once_two_play(
    wishes: list[bool], allowed: bool
) -> None:
    assert coach_allowed(wishes) is allowed
