"""Build the standalone programs: ``uv run --group build python build/make.py``.

Draws the icon with the game's own card art, runs PyInstaller on
``build/ohhell.spec`` (work files in ``build/work/``, output in ``dist/``) and
prints the sizes. ``--smoke`` then runs the single-file program headless: it
plays a whole computer-only game with ``--demo``, writes a screenshot and must
exit 0.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "build" / "work"
DIST = ROOT / "dist"


def platform_tag() -> str:
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform)
    machine = platform.machine().lower().replace("amd64", "x86_64")
    return f"{system}-{machine}"


def draw_icon() -> Path:
    """The icon in the format the platform's executables take."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.ui.kit.icon import render_icon

    pygame.display.init()
    WORK.mkdir(parents=True, exist_ok=True)
    png = WORK / "icon.png"
    pygame.image.save(render_icon(256), str(png))
    if sys.platform == "linux":
        return png
    from PIL import Image

    target = WORK / ("icon.ico" if sys.platform == "win32" else "icon.icns")
    Image.open(png).save(target)
    return target


def build() -> Path:
    from game import __version__

    name = f"ohhell-{__version__}-{platform_tag()}"
    env = dict(os.environ, OHHELL_ONEFILE_NAME=name, OHHELL_ICON=str(draw_icon()))
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        str(ROOT / "build" / "ohhell.spec"),
        "--noconfirm",
        "--clean",
        "--log-level",
        "WARN",
        "--distpath",
        str(DIST),
        "--workpath",
        str(WORK / "pyinstaller"),
    ]
    subprocess.run(command, check=True, env=env, cwd=ROOT)
    suffix = ".exe" if sys.platform == "win32" else ""
    return DIST / (name + suffix)


def folder_size(path: Path) -> int:
    """Bytes on disk, counting each library once (not again through its symlinks)."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def smoke(program: Path) -> None:
    """Run the single-file program headless through a whole demo game."""
    shot = WORK / "smoke.png"
    shot.unlink(missing_ok=True)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["OHHELL_HOME"] = str(WORK / "smoke-home")
    start = time.perf_counter()
    result = subprocess.run(
        [
            str(program),
            "--demo",
            "--fast",
            "--exit-at-end",
            "--seed",
            "7",
            "--screenshot",
            str(shot),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    elapsed = time.perf_counter() - start
    print(result.stdout[-2000:])
    if result.returncode != 0 or not shot.is_file():
        print(result.stderr[-4000:], file=sys.stderr)
        raise SystemExit(f"smoke test failed (exit {result.returncode})")
    print(f"smoke test passed: a whole demo game in {elapsed:.1f} s, screenshot {shot}")
    version = subprocess.run([str(program), "--version"], env=env, capture_output=True, text=True)
    print(f"--version: {version.stdout.strip()}")


def first_frame_seconds(program: Path, runs: int = 5) -> float:
    """Median wall time from launch to the first frame of the title screen (then exit)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["OHHELL_HOME"] = str(WORK / "startup-home")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([str(program), "--first-frame"], env=env, check=True, timeout=120)
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def check_catalogs(folder: Path, program: Path) -> None:
    """Every language's compiled catalog is in the folder build (its sources are not),
    and the single-file program speaks each one."""
    languages = sorted(
        path.parent.parent.name for path in ROOT.glob("assets/locale/*/LC_MESSAGES/*.po")
    )
    bundled = sorted(
        path.parent.parent.name for path in folder.rglob("locale/*/LC_MESSAGES/ohhell.mo")
    )
    sources = [path.name for path in folder.rglob("ohhell.po*")]
    if bundled != languages or sources:
        raise SystemExit(f"catalogs: bundled {bundled}, expected {languages}; sources {sources}")
    for code in languages:
        result = subprocess.run(
            [str(program), "rules", "oh-hell", "--lang", code], capture_output=True, text=True
        )
        if result.returncode != 0:
            raise SystemExit(f"ohhell rules --lang {code}: {result.stderr.strip()}")
    print(f"catalogs bundled and spoken: {', '.join(languages) or 'none besides English'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="run the headless smoke test")
    parser.add_argument("--startup", action="store_true", help="time the first frame")
    args = parser.parse_args()
    if not shutil.which("objdump") and sys.platform == "linux":
        print("note: binutils not found; PyInstaller needs objdump on Linux", file=sys.stderr)
    program = build()
    folder = DIST / "ohhell"
    print(f"single file: {program} ({program.stat().st_size / 2**20:.1f} MiB)")
    print(f"folder:      {folder}/ ({folder_size(folder) / 2**20:.1f} MiB)")
    check_catalogs(folder, program)
    if args.smoke:
        smoke(program)
    if args.startup:
        print(f"first frame, single file: {first_frame_seconds(program):.2f} s (median of 5)")
        folder_program = folder / ("ohhell.exe" if sys.platform == "win32" else "ohhell")
        print(f"first frame, folder:      {first_frame_seconds(folder_program):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
