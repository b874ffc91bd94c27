"""What the builds, the release workflow and the tests share: the version (read from
``game/__init__.py`` without importing the game), the application's ids and names, and
the files a release uploads for each system.

The version is written once, in ``game/__init__.py``; hatchling reads it from there for
the package metadata (``[tool.hatch.version]``), the spec for the macOS bundle and the
Windows version resource, and the release workflow checks it against the tag.
"""

from __future__ import annotations

import platform
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

APP_ID = "io.github.ohhell.OhHell"
"""Reverse-DNS id: the macOS bundle id, the Linux desktop file's and metainfo's name and
the Flatpak's id. (``io.github.<owner>.<name>`` is the form Flathub accepts for a
project hosted on GitHub; change it here, and rename ``build/linux/*``, if the project's
home changes.)"""
APP_NAME = "Oh Hell"
SUMMARY = "The whole Oh Hell family of trick-taking card games"
PUBLISHER = "The Oh Hell team"

_VERSION = re.compile(r'^__version__\s*=\s*"([^"]+)"\s*$', re.MULTILINE)


def version() -> str:
    """The version in ``game/__init__.py``."""
    text = (ROOT / "game" / "__init__.py").read_text(encoding="utf-8")
    found = _VERSION.search(text)
    if found is None:
        raise SystemExit("game/__init__.py has no __version__ line")
    return found.group(1)


def numeric_version(text: str) -> tuple[int, int, int, int]:
    """The four numbers Windows' version resource takes: ``1.2.3rc1`` is (1, 2, 3, 0).

    >>> numeric_version("2.0.1")
    (2, 0, 1, 0)
    >>> numeric_version("1.2rc1")
    (1, 2, 0, 0)
    """
    release = re.match(r"\d+(?:\.\d+)*", text)
    numbers = [int(part) for part in release.group(0).split(".")][:3] if release else []
    numbers += [0] * (3 - len(numbers))
    return numbers[0], numbers[1], numbers[2], 0


def platform_tag(system: str | None = None, machine: str | None = None) -> str:
    """``linux-x86_64``, ``windows-x86_64``, ``macos-arm64``, ... for this machine."""
    system = system or sys.platform
    name = {"darwin": "macos", "win32": "windows"}.get(system, system)
    arch = (machine or platform.machine()).lower().replace("amd64", "x86_64")
    arch = {"aarch64": "arm64"}.get(arch, arch) if name == "macos" else arch
    return f"{name}-{arch}"


def release_assets(version: str, tag: str) -> list[str]:
    """The files the release workflow uploads from a build on ``tag``."""
    stem = f"ohhell-{version}-{tag}"
    if tag.startswith("windows-"):
        return [f"{stem}-setup.exe", f"{stem}.exe", f"{stem}-folder.zip"]
    if tag.startswith("macos-"):
        return [f"{stem}-app.zip"]
    return [stem, f"{stem}-folder.tar.gz"]


GLIBC_FLOOR = (2, 35)
"""The oldest glibc the Linux programs promise to run on (the README says so): that of
Ubuntu 22.04, the release workflow's Linux runner; ``build/make.py --check-glibc``
fails a build that asks for newer."""

RELEASE_TAGS = ["windows-x86_64", "macos-arm64", "macos-x86_64", "linux-x86_64"]
"""What the release workflow builds (one runner each)."""


def flatpak_asset(version: str) -> str:
    """The Flatpak bundle the release workflow's flatpak job uploads."""
    return f"ohhell-{version}-linux-x86_64.flatpak"


def all_release_assets(version: str) -> list[str]:
    """Every file of a release, but the checksums (``SHA256SUMS.txt``)."""
    names = [name for tag in RELEASE_TAGS for name in release_assets(version, tag)]
    return [*names, flatpak_asset(version)]


def changelog_section(version: str, changelog: Path = ROOT / "CHANGELOG.md") -> str:
    """The CHANGELOG's section for ``version`` (without its heading)."""
    text = changelog.read_text(encoding="utf-8")
    heading = re.compile(rf"^## \[?{re.escape(version)}\]?(?:\s|$).*$", re.MULTILINE)
    found = heading.search(text)
    if found is None:
        raise SystemExit(f"CHANGELOG.md has no section for {version}")
    rest = text[found.end() :]
    following = re.search(r"^## ", rest, re.MULTILINE)
    return rest[: following.start() if following else None].strip()


def check_tag(tag: str) -> None:
    """A release tag is ``v`` and the version, and the CHANGELOG has its section."""
    if tag != f"v{version()}":
        raise SystemExit(f"the tag {tag} is not v{version()} (game/__init__.py)")
    changelog_section(version())


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="The release's names and checks.")
    parser.add_argument("--version", action="store_true", help="print the version")
    parser.add_argument("--check-tag", metavar="TAG")
    parser.add_argument("--check-platform", metavar="TAG", help="this runner builds TAG")
    parser.add_argument("--check-assets", metavar="FOLDER", type=Path)
    parser.add_argument("--flatpak-asset", action="store_true")
    parser.add_argument("--changelog", action="store_true", help="this version's notes")
    args = parser.parse_args(argv)
    if args.version:
        print(version())
    if args.check_tag:
        check_tag(args.check_tag)
    if args.check_platform and args.check_platform != platform_tag():
        raise SystemExit(f"this runner is {platform_tag()}, not {args.check_platform}")
    if args.flatpak_asset:
        print(flatpak_asset(version()))
    if args.check_assets:
        found = sorted(p.name for p in args.check_assets.iterdir())
        expected = sorted(all_release_assets(version()))
        if found != expected:
            raise SystemExit(f"release files: found {found}, expected {expected}")
    if args.changelog:
        print(changelog_section(version()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
