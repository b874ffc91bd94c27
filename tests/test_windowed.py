"""A windowed build (the Windows program, the macOS app) has no terminal of its own:
an internal error there is shown in a message box saying where the log is; with a
terminal, or headless, it is the one line on stderr as anywhere else."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import game.__main__ as entry
import game.cli
from game.exits import INTERNAL_ERROR


def _crash(args: list[str]) -> int:
    raise RuntimeError("the deck is on fire")


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(entry, "show_error", shown.append)
    monkeypatch.setattr(game.cli, "run", _crash)
    return shown


def test_an_error_without_a_terminal_is_shown_in_a_box_naming_the_log(
    boxes: list[str], monkeypatch: pytest.MonkeyPatch, own_home: Path
) -> None:
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setattr(sys, "stderr", None)  # what a windowed Windows program has
    assert entry.main(["--demo"]) == INTERNAL_ERROR
    (text,) = boxes
    log = own_home / "data" / entry.ERROR_LOG_NAME
    assert "RuntimeError: the deck is on fire" in text
    assert str(log) in text
    assert "the deck is on fire" in log.read_text(encoding="utf-8")


def test_with_a_terminal_or_headless_no_box(
    boxes: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert entry.main(["--demo"]) == INTERNAL_ERROR  # SDL_VIDEODRIVER=dummy
    monkeypatch.delenv("SDL_VIDEODRIVER")
    assert entry.main(["--demo"]) == INTERNAL_ERROR  # stderr is there
    assert boxes == []
    assert capsys.readouterr().err.count("internal error: RuntimeError") == 2


def test_the_mac_app_from_the_finder_has_no_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(sys, "executable", "/Applications/Oh Hell.app/Contents/MacOS/ohhell")
    assert entry.no_terminal()  # pytest's captured stderr is no terminal
    monkeypatch.setattr(sys, "executable", "/usr/local/bin/python3")
    assert not entry.no_terminal()


def test_only_a_windowed_windows_program_attaches_to_a_console() -> None:
    assert not entry.attach_parent_console()  # not Windows, and stdout is there
