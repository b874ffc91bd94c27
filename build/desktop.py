"""The Linux desktop integration: the desktop file, the AppStream metainfo and the icon
in the hicolor sizes, under ``PREFIX/share``. build/make.py puts them in the Linux
folder build, the Flatpak manifest under ``/app``:
``python3 build/desktop.py PREFIX`` (pygame must be importable)."""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import meta

LINUX_FILES = meta.ROOT / "build" / "linux"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)


def draw_icons(folder: Path) -> dict[int, Path]:
    """The icon, drawn with the game's own card art, as PNG files in every hicolor size."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(meta.ROOT))
    import pygame

    from game.ui.icon import render_icon

    pygame.display.init()
    folder.mkdir(parents=True, exist_ok=True)
    icons = {}
    for size in ICON_SIZES:
        icons[size] = folder / f"icon-{size}.png"
        pygame.image.save(render_icon(size), str(icons[size]))
    return icons


def install_desktop_files(icons: dict[int, Path], prefix: Path) -> list[Path]:
    """The desktop file, the metainfo and the icons under ``prefix/share``."""
    share = prefix / "share"
    written = []
    for source, folder in (
        (LINUX_FILES / f"{meta.APP_ID}.desktop", share / "applications"),
        (LINUX_FILES / f"{meta.APP_ID}.metainfo.xml", share / "metainfo"),
    ):
        folder.mkdir(parents=True, exist_ok=True)
        written.append(Path(shutil.copy2(source, folder / source.name)))
    for size, png in icons.items():
        folder = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True, exist_ok=True)
        written.append(Path(shutil.copy2(png, folder / f"{meta.APP_ID}.png")))
    return written


def exec_argv(entry: str) -> list[str]:
    r"""The command a desktop entry's ``Exec`` key runs (the Desktop Entry
    Specification's string escapes and quoting undone, field codes dropped).

    >>> exec_argv('[Desktop Entry]\nExec="/home/a b/.local/bin/ohhell" %U\n')
    ['/home/a b/.local/bin/ohhell']
    >>> exec_argv('Exec="/x/\\\\$HOME\\\\\\\\y" --go\n')
    ['/x/$HOME\\y', '--go']
    """
    line = next(x for x in entry.splitlines() if x.startswith("Exec="))
    value = re.sub(r"\\(.)", lambda m: _STRING_ESCAPES.get(m[1], m[1]), line[len("Exec=") :])
    args: list[str] = []
    for quoted, plain in re.findall(r'"((?:[^"\\]|\\.)*)"|(\S+)', value):
        arg = re.sub(r"\\(.)", r"\1", quoted) if quoted else plain
        if not re.fullmatch(r"%[a-zA-Z]", arg):
            args.append(arg.replace("%%", "%"))
    return args


_STRING_ESCAPES = {"s": " ", "n": "\n", "t": "\t", "r": "\r"}
"""The general escapes of string values (``\\`` is one backslash)."""


if __name__ == "__main__":
    prefix = Path(sys.argv[1])
    for path in install_desktop_files(draw_icons(prefix / "icon-work"), prefix):
        print(path)
    shutil.rmtree(prefix / "icon-work")
