"""Build the standalone programs: ``uv run --group build python build/make.py``.

Draws the icon with the game's own card art, runs PyInstaller on
``build/ohhell.spec`` (work files in ``build/work/``, output in ``dist/``), checks
that every build carries the licences and the compiled catalogs, and prints the sizes.

- ``--smoke`` then starts every program this system gets (the single file and the
  folder build's program on Linux and Windows, the ``.app``'s executable on macOS)
  headless: ``--version`` must print the version, ``--first-frame`` must draw the title,
  and a whole computer-only game with ``--demo`` must end with a screenshot and exit 0.
- ``--startup`` times the first frame of each (median of 5).
- ``--package`` writes the release's files to ``dist/release/`` under the names
  ``build/meta.py`` gives (the README's download table lists the same).

On Linux the folder build also gets the desktop integration (``share/``: the desktop
file, the AppStream metainfo and the icons in the hicolor sizes).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import bundle
import desktop
import meta
import notices
from desktop import draw_icons, install_desktop_files

ROOT = meta.ROOT
WORK = ROOT / "build" / "work"
DIST = ROOT / "dist"
RELEASE = DIST / "release"
INSTALL_SCRIPTS = ("install.sh", "uninstall.sh")
"""The Linux folder's install step (build/linux/)."""
COVERAGE = WORK / "notice-coverage.json"
"""What the spec measured of the notice's coverage (build/ohhell.spec writes it)."""
WINDOWS = sys.platform == "win32"
MACOS = sys.platform == "darwin"


def platform_tag() -> str:
    return meta.platform_tag()


def platform_icon(icons: dict[int, Path]) -> Path:
    """The icon in the format the platform's executables take."""
    if sys.platform.startswith("linux"):
        return icons[256]
    from PIL import Image

    target = WORK / ("icon.ico" if WINDOWS else "icon.icns")
    Image.open(icons[512 if MACOS else 256]).save(target)
    return target


def single_file_name() -> str:
    return f"ohhell-{meta.version()}-{platform_tag()}"


def build(icon: Path) -> None:
    env = dict(os.environ, OHHELL_ONEFILE_NAME=single_file_name(), OHHELL_ICON=str(icon))
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


def single_file() -> Path | None:
    """The single-file program (none on macOS, which gets the app only)."""
    if MACOS:
        return None
    return DIST / (single_file_name() + (".exe" if WINDOWS else ""))


def folder_build() -> Path:
    """What the player unpacks: the folder, or the app on macOS."""
    return DIST / f"{meta.APP_NAME}.app" if MACOS else DIST / "ohhell"


def folder_program(console: bool = True) -> Path:
    """The folder build's program; on Windows the console companion unless ``console``
    is false."""
    if MACOS:
        return folder_build() / "Contents" / "MacOS" / "ohhell"
    if WINDOWS:
        return folder_build() / ("ohhell-console.exe" if console else "ohhell.exe")
    return folder_build() / "ohhell"


def programs() -> list[Path]:
    found = [folder_program()]
    one = single_file()
    return [one, *found] if one else found


def resources_folder() -> Path:
    """Where the folder build keeps its data (``sys._MEIPASS``)."""
    if MACOS:
        return folder_build() / "Contents" / "Resources"
    return folder_build() / "_internal"


def place_licences() -> None:
    """The licence and the notice at the top of the folder, where a player looks (they
    are in the resources too, and inside the single file)."""
    if MACOS:
        return
    for name in ("LICENSE.txt", notices.NOTICE_NAME):
        shutil.copy2(resources_folder() / name, folder_build() / name)


def place_install_scripts() -> None:
    """The Linux folder's install step: install.sh and uninstall.sh at its top."""
    for name in INSTALL_SCRIPTS:
        target = folder_build() / name
        shutil.copy2(desktop.LINUX_FILES / name, target)
        target.chmod(0o755)


def smoke_install() -> None:
    """install.sh in a fresh home: the command on PATH and the menu entry's Exec both
    start the installed game; uninstall.sh then leaves no file of it."""
    home = WORK / "install-home"
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir(parents=True)
    env = {k: v for k, v in _env("smoke-home").items() if not k.startswith("XDG_")}
    env["HOME"] = str(home)
    subprocess.run([str(folder_build() / "install.sh")], env=env, check=True, capture_output=True)
    entry = home / ".local/share/applications" / f"{meta.APP_ID}.desktop"
    commands = [[str(home / ".local/bin/ohhell")], desktop.exec_argv(entry.read_text("utf-8"))]
    expected = f"Oh Hell {meta.version()}"
    for command in commands:
        out = subprocess.run([*command, "--version"], env=env, capture_output=True, text=True)
        if out.stdout.strip() != expected:
            raise SystemExit(f"installed {command}: {out.stdout!r} {out.stderr!r}")
    icons = list((home / ".local/share/icons").rglob(f"{meta.APP_ID}.png"))
    if len(icons) != len(desktop.ICON_SIZES):
        raise SystemExit(f"install.sh put {len(icons)} icons in place")
    if shutil.which("desktop-file-validate"):
        subprocess.run(["desktop-file-validate", str(entry)], check=True)
    uninstall = home / ".local/lib/ohhell/uninstall.sh"
    subprocess.run([str(uninstall)], env=env, check=True, capture_output=True)
    left = [
        str(p.relative_to(home))
        for p in home.rglob("*")
        if not p.is_dir() and p.name != "mimeinfo.cache"  # update-desktop-database's
    ]
    if left:
        raise SystemExit(f"uninstall.sh left {left}")
    shutil.rmtree(home)
    print(
        "install step passed: install.sh put ohhell on PATH, the menu entry (its Exec "
        f"starts the game), {len(icons)} icons and the metainfo; uninstall.sh removed them"
    )


def folder_size(path: Path) -> int:
    """Bytes on disk, counting each library once (not again through its symlinks)."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def archive_names(program: Path) -> list[str]:
    """The files inside a single-file program's archive."""
    from PyInstaller.archive.readers import CArchiveReader

    return list(CArchiveReader(str(program)).toc)


def check_licences() -> None:
    """Every build carries LICENSE.txt and the notice, no GPL readline, and the notice
    names every native library the folder carries (its coverage, as the spec measured
    it, is printed)."""
    for name in ("LICENSE.txt", notices.NOTICE_NAME):
        if not (resources_folder() / name).is_file():
            raise SystemExit(f"{name} is missing from {resources_folder()}")
    carried = bundle.files_under(folder_build())
    forbidden = [
        name for name in carried if bundle.is_binary(name) and notices.FORBIDDEN.search(name)
    ]
    if forbidden:
        raise SystemExit(f"GPL libraries in the folder build: {forbidden}")
    one = single_file()
    if one is not None:
        inside = archive_names(one)
        missing = [n for n in ("LICENSE.txt", notices.NOTICE_NAME) if n not in inside]
        if missing:
            raise SystemExit(f"{one.name} lacks {missing}")
    notice = (resources_folder() / notices.NOTICE_NAME).read_text(encoding="utf-8")
    libraries = {
        Path(name).name
        for name in carried
        if bundle.is_native_library(name) and not (folder_build() / name).is_symlink()
    }
    unnamed = sorted(name for name in libraries if name not in notice)
    if unnamed:
        raise SystemExit(f"the notice does not name these bundled libraries: {unnamed}")
    coverage = json.loads(COVERAGE.read_text(encoding="utf-8"))
    print(
        f"licences: LICENSE.txt and {notices.NOTICE_NAME} in every build; the notice names "
        f"all {len(libraries)} library files of the folder and covers "
        f"{notices.Coverage(**coverage).summary()}"
    )


def check_catalogs() -> None:
    """Every language's compiled catalog is in the folder build (its sources are not),
    and each program speaks each one."""
    languages = sorted(
        path.parent.parent.name for path in ROOT.glob("assets/locale/*/LC_MESSAGES/*.po")
    )
    bundled = sorted(
        path.parent.parent.name
        for path in folder_build().rglob("locale/*/LC_MESSAGES/ohhell.mo")
        if not path.is_symlink()
    )
    sources = [path.name for path in folder_build().rglob("ohhell.po*")]
    if sorted(set(bundled)) != languages or sources:
        raise SystemExit(f"catalogs: bundled {bundled}, expected {languages}; sources {sources}")
    for program in programs():
        for code in languages:
            result = run(program, "rules", "oh-hell", "--lang", code)
            if result.returncode != 0 or not result.stdout.strip():
                raise SystemExit(f"{program.name} rules --lang {code}: {result.stderr.strip()}")
    print(f"catalogs bundled and spoken: {', '.join(languages) or 'none besides English'}")


def _env(home: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYTHONUTF8", None)  # the programs must cope with the console's own encoding
    env["OHHELL_HOME"] = str(WORK / home)
    return env


def run(program: Path, *args: str, home: str = "smoke-home") -> subprocess.CompletedProcess[str]:
    # (in the system's encoding, whatever it is: no PYTHONUTF8 here, as on a player's machine)
    return subprocess.run(
        [str(program), *args],
        env=_env(home),
        capture_output=True,
        text=True,
        errors="replace",
        timeout=600,
    )


def smoke(program: Path) -> None:
    """``--version``, ``--first-frame`` and a whole headless demo game with ``program``."""
    version = run(program, "--version")
    expected = f"Oh Hell {meta.version()}"
    if version.returncode != 0 or version.stdout.strip() != expected:
        raise SystemExit(f"{program.name} --version: {version.stdout!r} {version.stderr!r}")
    frame = run(program, "--first-frame")
    if frame.returncode != 0:
        raise SystemExit(f"{program.name} --first-frame: exit {frame.returncode}: {frame.stderr}")
    shot = WORK / f"smoke-{program.name}.png"
    shot.unlink(missing_ok=True)
    start = time.perf_counter()
    result = run(
        program, "--demo", "--fast", "--exit-at-end", "--seed", "7", "--screenshot", str(shot)
    )
    elapsed = time.perf_counter() - start
    if result.returncode != 0 or not shot.is_file():
        print(result.stdout[-2000:])
        print(result.stderr[-4000:], file=sys.stderr)
        raise SystemExit(f"smoke test of {program} failed (exit {result.returncode})")
    shown = program.relative_to(DIST) if program.is_relative_to(DIST) else program
    print(
        f"smoke test passed: {shown}: {version.stdout.strip()}, first "
        f"frame drawn, a whole demo game in {elapsed:.1f} s, screenshot {shot.name}"
    )


def first_frame_seconds(program: Path, runs: int = 5) -> float:
    """Median wall time from launch to the first frame of the title screen (then exit)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [str(program), "--first-frame"], env=_env("startup-home"), check=True, timeout=120
        )
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def glibc_needed(folder: Path) -> tuple[tuple[int, ...], str]:
    """The newest glibc symbol version any program or library of ``folder`` asks for,
    and the file asking: the oldest glibc the build runs on."""
    import re

    newest: tuple[tuple[int, ...], str] = ((0,), "")
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file() or path.read_bytes()[:4] != b"\x7fELF":
            continue
        dump = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True)
        for found in re.findall(r"GLIBC_(\d+(?:\.\d+)+)", dump.stdout):
            version = tuple(int(n) for n in found.split("."))
            if version > newest[0]:
                newest = (version, str(path.relative_to(folder)))
    return newest


def report_glibc(strict: bool) -> None:
    """Print the oldest glibc the Linux build runs on; ``strict``: fail if that is newer
    than ``meta.GLIBC_FLOOR``, the README's promise."""
    version, where = glibc_needed(folder_build())
    shown, floor = ".".join(map(str, version)), ".".join(map(str, meta.GLIBC_FLOOR))
    print(f"needs glibc {shown} or newer (the newest asked: {where})")
    if version <= meta.GLIBC_FLOOR:
        print(f"glibc: within the {floor} the README promises")
        return
    message = (
        f"glibc: this build needs {shown}, newer than the {floor} the README promises "
        "(build on an older system: the release workflow builds on ubuntu-22.04)"
    )
    if strict:
        raise SystemExit(message)
    print(message + "; not a build to release")


def package() -> list[Path]:
    """The release's files for this system in ``dist/release``."""
    RELEASE.mkdir(parents=True, exist_ok=True)
    names = meta.release_assets(meta.version(), platform_tag())
    stem = f"ohhell-{meta.version()}-{platform_tag()}"
    for name in names:
        target = RELEASE / name
        one = single_file()
        if one is not None and name == one.name:
            shutil.copy2(one, target)
        elif name.endswith("-folder.tar.gz"):
            with tarfile.open(target, "w:gz") as archive:
                archive.add(folder_build(), arcname="ohhell")
        elif name.endswith("-folder.zip"):
            with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
                for path in sorted(folder_build().rglob("*")):
                    archive.write(path, Path("ohhell") / path.relative_to(folder_build()))
        elif name.endswith("-app.zip"):
            # ditto keeps the app's symbolic links and extended attributes (zipfile would not)
            subprocess.run(
                ["ditto", "-c", "-k", "--keepParent", str(folder_build()), str(target)],
                check=True,
            )
        elif name == f"{stem}-setup.exe":
            if not target.is_file():  # built by Inno Setup (build/windows/ohhell.iss)
                raise SystemExit(f"{target} is missing: run ISCC first")
        else:  # pragma: no cover - meta.release_assets and this function disagree
            raise SystemExit(f"no rule for {name}")
    files = [RELEASE / name for name in names]
    for path in files:
        print(f"release file: {path.name} ({path.stat().st_size / 2**20:.1f} MiB)")
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="run the headless smoke tests")
    parser.add_argument("--startup", action="store_true", help="time the first frames")
    parser.add_argument("--package", action="store_true", help="write the release's files")
    parser.add_argument("--no-build", action="store_true", help="use the programs in dist/")
    parser.add_argument("--glibc", action="store_true", help="the oldest glibc it runs on")
    parser.add_argument(
        "--check-glibc", action="store_true", help="and fail if newer than the README promises"
    )
    args = parser.parse_args()
    if not shutil.which("objdump") and sys.platform.startswith("linux"):
        print("note: binutils not found; PyInstaller needs objdump on Linux", file=sys.stderr)
    icons = draw_icons(WORK)
    if not args.no_build:
        build(platform_icon(icons))
        place_licences()
        if sys.platform.startswith("linux"):
            install_desktop_files(icons, folder_build())
            place_install_scripts()
    one = single_file()
    if one is not None:
        print(f"single file: {one} ({one.stat().st_size / 2**20:.1f} MiB)")
    print(f"folder:      {folder_build()}/ ({folder_size(folder_build()) / 2**20:.1f} MiB)")
    check_licences()
    check_catalogs()
    if args.smoke:
        for program in programs():
            smoke(program)
        if sys.platform.startswith("linux"):
            smoke_install()
    if args.startup:
        for program in programs():
            seconds = first_frame_seconds(program)
            print(f"first frame, {program.relative_to(DIST)}: {seconds:.2f} s (median of 5)")
    if args.glibc or args.check_glibc:
        report_glibc(strict=args.check_glibc)
    if args.package:
        package()
    return 0


if __name__ == "__main__":
    sys.exit(main())
