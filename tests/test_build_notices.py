"""The third-party notice (build/notices.py): every bundled library and Python
distribution maps to an entry with its licence text, checked on the libraries and
distributions installed here (what a Linux build carries) without building."""

from __future__ import annotations

import importlib.metadata
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
sys.path.insert(0, str(BUILD))

import bundle  # noqa: E402
import components  # noqa: E402
import notices  # noqa: E402
from components import COMPONENTS, LICENSES, Component  # noqa: E402

MIT = "Permission is hereby granted, free of charge"
BSD = "Redistribution and use in source and binary forms"
# The seven MIT/BSD components the notice once gave one line and a URL.
SEVEN = {
    "HarfBuzz": ("libharfbuzz-672f7280.so.0.61430.0", "without written agreement"),
    "Brotli": ("libbrotlidec-8e4a5025.so.1.2.0", MIT),
    "libxmp": ("libxmp-35a4066c.so.4.7.2", MIT),
    "WavPack": ("libwavpack-59f0eb24.so.1.2.8", BSD),
    "bzip2": ("libbz2.so.1.0", BSD),
    "libffi": ("libffi.so.8", "Permission is hereby granted, free of charge"),
    "libuuid (util-linux)": ("libuuid.so.1", BSD),
}


# The libraries of pygame-ce 2.5.8's Windows and macOS wheels (read from the wheels), and
# those python.org's Python for Windows brings: what the other systems' builds carry.
OTHER_SYSTEMS = [
    *(
        f"pygame/{name}.dll"
        for name in [
            "SDL2",
            "SDL2_image",
            "SDL2_mixer",
            "SDL2_ttf",
            "freetype",
            "libjpeg-62",
            "libogg-0",
            "libopus-0",
            "libopusfile-0",
            "libpng16-16",
            "libtiff-5",
            "libwavpack-1",
            "libwebp-7",
            "libwebpdemux-2",
            "libxmp",
            "portmidi",
        ]
    ),
    *(
        f"pygame/.dylibs/lib{name}.dylib"
        for name in [
            "FLAC.14.0.0",
            "SDL2-2.0.0",
            "SDL2_image-2.0.0.800.12",
            "SDL2_mixer-2.0.0.800.2",
            "SDL2_ttf-2.0.0.2400.0",
            "brotlicommon.1.2.0",
            "brotlidec.1.2.0",
            "fluidsynth.3.5.6",
            "freetype.6",
            "harfbuzz.0",
            "jpeg.62.4.0",
            "mpg123.0",
            "ogg.0.8.6",
            "opus.0",
            "opusfile.0",
            "png16.16.58.0",
            "portmidi.2.0.7",
            "sharpyuv.0.1.2",
            "sndfile.1.0.37",
            "tiff.6.3.0",
            "vorbis.0.4.9",
            "vorbisenc.2.0.12",
            "vorbisfile.3.3.8",
            "wavpack.1",
            "webp.7.2.0",
            "webpdemux.2.0.17",
            "xmp.4.7.2",
            "z.1.3.1.zlib-ng",
        ]
    ),
    *["python311.dll", "python3.dll", "VCRUNTIME140.dll", "VCRUNTIME140_1.dll", "libffi-8.dll"],
    *["libcrypto-3.dll", "libssl-3.dll", "Python"],
]


def runtime_files() -> list[str]:
    """Every file of the locked run-time distributions installed here (site-relative)."""
    files = []
    for name, _ in notices.runtime_dependencies():
        files += [str(f) for f in importlib.metadata.distribution(name).files or []]
    return files


def test_every_component_carries_its_licence_text_or_says_why_none_is_needed() -> None:
    for component in COMPONENTS:
        assert component.has_text, component.name
        if component.licence:
            assert (LICENSES / component.licence).read_text(encoding="utf-8").strip()
    used = {c.licence for c in COMPONENTS} | {"LGPL-2.1.txt", "Apache-2.0.txt"}
    assert {p.name for p in LICENSES.iterdir()} <= used  # no stale text left behind


def test_the_seven_mit_and_bsd_components_get_their_whole_licence_text() -> None:
    files = [name for name, _ in SEVEN.values()]
    text = notices.render(files, packages=[], strict=True)
    matched, _ = bundle.match_libraries(files)
    assert set(matched) == set(SEVEN)
    texts = text.split("Licence texts", 1)[1]
    for name, (_, words) in SEVEN.items():
        component = next(c for c in COMPONENTS if c.name == name)
        assert component.licence, name
        body = (LICENSES / component.licence).read_text(encoding="utf-8").strip()
        assert words in body and "copyright" in body.lower()
        assert "IMPLIED" in body  # the disclaimer is part of the text to carry
        assert body in texts, name


def test_every_library_and_distribution_installed_for_the_game_is_covered() -> None:
    files = runtime_files()
    libraries = [f for f in files if bundle.is_native_library(f)]
    assert len(libraries) >= 16  # pygame-ce's wheel carries SDL and its libraries
    packages = notices.bundled_packages(["pygame.base", "zeroconf", "i18n"], files, strict=True)
    assert {"pygame-ce", "zeroconf", "python-i18n", "msgspec", "websockets"} <= set(packages)
    matched, unknown = bundle.match_libraries(files)
    coverage = notices.check(notices.describe(packages), matched, unknown)
    assert coverage.problems == []
    assert coverage.libraries == coverage.libraries_covered == len(libraries)
    assert coverage.distributions == coverage.distributions_covered == len(packages)
    text = notices.render(files, packages=packages, strict=True)
    for library in libraries:
        assert library in text
    for package in packages:
        assert re.search(rf"^- {re.escape(package)} ", text.lower().replace("_", "-"), re.M)
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text  # pygame-ce's, which its wheel lacks
    assert "SIL OPEN FONT LICENSE" in text and "PYTHON SOFTWARE FOUNDATION" in text.upper()


def test_the_libraries_of_the_windows_and_macos_builds_are_covered_too() -> None:
    matched, unknown = bundle.match_libraries(OTHER_SYSTEMS)
    assert unknown == []
    coverage = notices.check([], matched, unknown)
    assert coverage.libraries == coverage.libraries_covered == len(OTHER_SYSTEMS)


def test_a_component_without_its_text_or_an_unknown_library_stops_a_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bare = Component("Mystery codec", "MIT", r"mystery")
    monkeypatch.setattr(components, "COMPONENTS", [*COMPONENTS, bare])
    monkeypatch.setattr(notices, "COMPONENTS", components.COMPONENTS)
    monkeypatch.setattr(components, "component_of", lambda n: bare if "mystery" in n else None)
    monkeypatch.setattr(bundle, "component_of", components.component_of)
    with pytest.raises(SystemExit, match="no licence text for Mystery codec"):
        notices.render(["libmystery.so.1"], packages=[], strict=True)
    with pytest.raises(SystemExit, match="no known component"):
        notices.render(["libother.so.2"], packages=[], strict=True)
    with pytest.raises(SystemExit, match="GPL"):
        notices.render(["libreadline.so.8"])


def test_bundled_modules_map_to_their_distributions() -> None:
    owned = {"pygame": "pygame-ce", "pygame_ce.libs": "pygame-ce", "i18n": "python-i18n"}
    found, unknown = bundle.bundled_distributions(
        [
            *("pygame.mixer", "asyncio", "game.ui", "pyimod02_importers", "mystery.m"),
            *("_sysconfigdata__linux_x86_64-linux-gnu", "_pyi_rth_utils.qt"),
        ],
        ["pygame_ce.libs/libSDL2.so", "i18n/loaders/x.pyc", "base_library.zip"],
        owned,
    )
    assert found == ["pygame-ce", "python-i18n"] and unknown == ["mystery"]
    with pytest.raises(SystemExit, match="no known distribution"):
        notices.bundled_packages(["mystery.mod"], [], strict=True)
    assert not bundle.is_native_library("pygame/base.cpython-311-x86_64-linux-gnu.so")
    assert not bundle.is_native_library("lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so")
    assert bundle.is_native_library("pygame_ce.libs/libpng16-fefdc88d.so.16.58.0")
    assert bundle.is_native_library("pygame/SDL2.dll") and bundle.is_native_library("Python")


@pytest.mark.skipif(sys.platform == "win32", reason="links a stand-in /app with symlinks")
def test_the_flatpak_notice_lists_the_packages_installed_under_its_prefix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    prefix_site = tmp_path / "lib" / "python3.12" / "site-packages"
    prefix_site.mkdir(parents=True)
    for name in ("pygame-ce", "zeroconf", "ifaddr"):  # what /app would hold, linked
        dist = importlib.metadata.distribution(name)
        for file in dist.files or []:
            if file.parts[0] != "..":
                (prefix_site / file).parent.mkdir(parents=True, exist_ok=True)
                (prefix_site / file).symlink_to(Path(str(dist.locate_file(file))))
    monkeypatch.setattr(sys, "path", list(sys.path))
    files, names = notices.prefix_build(tmp_path)
    assert names == ["ifaddr", "pygame-ce", "zeroconf"]
    text = notices.render(files, packages=names, strict=True, flatpak=True)
    assert "pygame_ce.libs/libSDL2" in text and "python-dependencies.json" in text
    assert "The Python interpreter (its LICENSE.txt)" not in text  # the runtime's own


def test_the_lgpl_note_names_what_exists() -> None:
    text = notices.render(["pygame_ce.libs/libmpg123-8b3c3c9e.so.0.49.4"], packages=[])
    note = text.split("Replacing the LGPL libraries", 1)[1].split("Python packages", 1)[0]
    assert "\n  mpg123" in note and "uv run --no-sync python build/make.py" in note
    assert (BUILD / "make.py").is_file() and (BUILD / "linux/python-dependencies.json").is_file()
    assert "build = [" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    spec = (BUILD / "ohhell.spec").read_text(encoding="utf-8")
    assert '"pygame": "pyc", "zeroconf": "pyc"' in spec  # the folders the note names
