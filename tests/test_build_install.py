"""The Linux folder tarball's install step (build/linux/install.sh, uninstall.sh), run
on a stand-in folder in a temporary home: the command on PATH, the menu entry whose
Exec starts the game, the icons and metainfo under XDG_DATA_HOME, and an uninstall
that leaves nothing."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
sys.path.insert(0, str(BUILD))

import desktop  # noqa: E402
import meta  # noqa: E402

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the Linux install step")

PROGRAM = '#!/bin/sh\necho "stand-in game: $*"\n'


def unpacked(where: Path) -> Path:
    """A folder shaped like the unpacked tarball's ``ohhell/``, with a stand-in program."""
    folder = where / "ohhell"
    (folder / "_internal").mkdir(parents=True)
    (folder / "ohhell").write_text(PROGRAM, encoding="utf-8")
    (folder / "ohhell").chmod(0o755)
    pictures = where / "icons"
    pictures.mkdir()
    icons = {size: pictures / f"icon-{size}.png" for size in desktop.ICON_SIZES}
    for path in icons.values():
        path.write_bytes(b"\x89PNG stand-in")
    desktop.install_desktop_files(icons, folder)
    for name in ("install.sh", "uninstall.sh"):
        shutil.copy2(BUILD / "linux" / name, folder / name)
    return folder


def run(script: Path, home: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {"HOME": str(home), "PATH": os.environ["PATH"], "LANG": "C.UTF-8", **extra}
    return subprocess.run(["sh", str(script)], env=env, capture_output=True, text=True)


def files_in(folder: Path) -> list[str]:
    """The files left, but the desktop's own cache (update-desktop-database's, where
    that tool is installed)."""
    return sorted(
        str(p.relative_to(folder))
        for p in folder.rglob("*")
        if not p.is_dir() and p.name != "mimeinfo.cache"
    )


def started_by(command: list[str]) -> str:
    return subprocess.run([*command, "--version"], capture_output=True, text=True).stdout


def test_install_puts_the_command_the_menu_entry_and_icons_in_place_then_uninstalls(
    tmp_path: Path,
) -> None:
    folder = unpacked(tmp_path / "download")
    home = tmp_path / "a home with $pace's"  # a space, a dollar and a quote in the path
    home.mkdir()
    result = run(folder / "install.sh", home)
    assert result.returncode == 0, result.stderr
    assert "is not on your PATH" in result.stdout  # ~/.local/bin is not on this PATH

    launcher = home / ".local/bin/ohhell"
    assert started_by([str(launcher)]) == "stand-in game: --version\n"
    entry_file = home / ".local/share/applications" / f"{meta.APP_ID}.desktop"
    text = entry_file.read_text(encoding="utf-8")
    command = desktop.exec_argv(text)
    assert command == [str(launcher)]
    assert started_by(command) == "stand-in game: --version\n"
    entry = configparser.ConfigParser(interpolation=None)
    entry.read_string(text)
    assert entry["Desktop Entry"]["Icon"] == meta.APP_ID  # the rest as shipped
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(entry_file)], capture_output=True)
        assert check.returncode == 0, check.stdout
    share = home / ".local/share"
    icons = sorted(share.glob(f"icons/hicolor/*/apps/{meta.APP_ID}.png"))
    assert len(icons) == len(desktop.ICON_SIZES)
    assert (share / "metainfo" / f"{meta.APP_ID}.metainfo.xml").is_file()
    assert (home / ".local/lib/ohhell/ohhell").is_file()  # a copy: the download may go

    shutil.rmtree(folder)
    result = run(home / ".local/lib/ohhell/uninstall.sh", home)
    assert result.returncode == 0, result.stderr
    assert files_in(home) == []


def test_install_respects_xdg_data_home_and_installing_again_updates(tmp_path: Path) -> None:
    folder = unpacked(tmp_path / "download")
    home = tmp_path / "home"
    data = tmp_path / "elsewhere" / "data"
    home.mkdir()
    saves = home / ".local/share/ohhell/saves/autosave.json"  # the game's own files
    saves.parent.mkdir(parents=True)
    saves.write_text("{}", encoding="utf-8")
    bin_dir = str(home / ".local/bin")
    for _ in range(2):
        result = run(folder / "install.sh", home, XDG_DATA_HOME=str(data), PATH=bin_dir + ":/bin")
        assert result.returncode == 0, result.stderr
        assert "not on your PATH" not in result.stdout
    assert (data / "applications" / f"{meta.APP_ID}.desktop").is_file()
    assert len(list(data.glob("icons/hicolor/*/apps/*.png"))) == len(desktop.ICON_SIZES)
    assert not (home / ".local/share/applications").exists()
    listed = (home / ".local/lib/ohhell/installed-files.txt").read_text().splitlines()
    assert len(listed) == len(set(listed)) == 3 + len(desktop.ICON_SIZES)

    result = run(folder / "uninstall.sh", home, XDG_DATA_HOME=str(data))
    assert result.returncode == 0, result.stderr
    assert files_in(data) == [] and files_in(home) == [str(saves.relative_to(home))]
    again = run(folder / "uninstall.sh", home)
    assert again.returncode == 1 and "not installed" in again.stderr


def test_install_refuses_a_folder_that_is_not_the_game(tmp_path: Path) -> None:
    shutil.copy2(BUILD / "linux" / "install.sh", tmp_path / "install.sh")
    (tmp_path / "home").mkdir()
    result = run(tmp_path / "install.sh", tmp_path / "home")
    assert result.returncode == 1 and "unpacked ohhell folder" in result.stderr
    assert files_in(tmp_path / "home") == []
