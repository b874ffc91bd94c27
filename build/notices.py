"""The third-party notice every build ships (``THIRD-PARTY-NOTICES.txt``).

Made from what is locked and installed, never from a list kept by hand:

- the run-time dependencies are the packages ``uv.lock`` reaches from the project's own
  ``dependencies`` (not the dev or build groups), with their markers evaluated for this
  interpreter; each one's version, licence and licence files come from its installed
  distribution's metadata;
- the native libraries are the ones the build bundles (the spec passes PyInstaller's
  binaries); each is matched to the component it belongs to (SDL and the libraries
  pygame-ce's wheels carry, OpenSSL, zlib, ...), whose licence text is in
  ``build/licenses/`` (taken from pygame-ce's source distribution, which its wheels do
  not carry, and from Debian's common licences);
- the interpreter's licence is the running Python's own ``LICENSE.txt``, the fonts'
  the OFL files beside them.

``uv run --group build python build/notices.py [--binaries-from FOLDER] [-o FILE]``
writes it outside a build (``--binaries-from dist/ohhell`` lists a finished folder
build's libraries).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import importlib.util
import os
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from packaging.markers import Marker
from packaging.utils import canonicalize_name

import meta

LICENSES = Path(__file__).resolve().parent / "licenses"
NOTICE_NAME = "THIRD-PARTY-NOTICES.txt"

# What the project itself is, in the lock.
PROJECT = "ohhell"


@dataclass(frozen=True)
class Component:
    """A native library (or family) that a build may bundle."""

    name: str
    spdx: str
    pattern: str
    """Matched against a bundled file's name, case-insensitively."""
    licence: str | None = None
    """A file under ``build/licenses/`` with its licence text."""
    note: str = ""
    lgpl: bool = False


COMPONENTS = [
    Component(
        "Python (the interpreter and its standard library)",
        "PSF-2.0",
        r"^(lib)?python3|^python$",
        note="The licence text is under 'The Python interpreter' below.",
    ),
    Component("SDL 2", "Zlib", r"sdl2(?![_-]?(image|mixer|ttf))", "sdl2.txt"),
    Component("SDL_image", "Zlib", r"sdl2[_-]?image", "sdl2_image.txt"),
    Component("SDL_mixer", "Zlib", r"sdl2[_-]?mixer", "sdl2_mixer.txt"),
    Component(
        "SDL_ttf",
        "Zlib",
        r"sdl2[_-]?ttf",
        "sdl2.txt",
        "SDL_ttf is Copyright (C) 1997-2025 Sam Lantinga, under the same zlib licence as SDL.",
    ),
    Component("FreeType", "FTL", r"freetype", "freetype.txt"),
    Component(
        "HarfBuzz",
        "MIT-Modern-Variant",
        r"harfbuzz",
        note="Copyright the HarfBuzz authors; permission to use, copy, modify and distribute "
        "without fee is granted provided the copyright notice and these paragraphs appear "
        "in all copies (https://github.com/harfbuzz/harfbuzz/blob/main/COPYING).",
    ),
    Component("libpng", "Libpng", r"png", "png.txt"),
    Component("libjpeg-turbo", "IJG AND BSD-3-Clause", r"jpeg", "jpeg.txt"),
    Component("libtiff", "libtiff", r"tiff", "tiff.txt"),
    Component("libwebp (with libsharpyuv)", "BSD-3-Clause", r"webp|sharpyuv", "webp.txt"),
    Component(
        "Brotli",
        "MIT",
        r"brotli",
        note="Copyright (c) 2009, 2010, 2013-2016 by the Brotli Authors, MIT licence "
        "(https://github.com/google/brotli/blob/master/LICENSE).",
    ),
    Component("FLAC", "BSD-3-Clause", r"flac", "FLAC.txt"),
    Component("Ogg and Vorbis", "BSD-3-Clause", r"ogg|vorbis", "ogg-vorbis.txt"),
    Component("Opusfile", "BSD-3-Clause", r"opusfile", "opusfile.txt"),
    Component("Opus", "BSD-3-Clause", r"opus(?!file)", "opus.txt"),
    Component("mpg123", "LGPL-2.1-only", r"mpg123", "mpg123.txt", lgpl=True),
    Component("libsndfile", "LGPL-2.1-or-later", r"sndfile", "LGPL-2.1.txt", lgpl=True),
    Component("FluidSynth", "LGPL-2.1-or-later", r"fluidsynth", "fluidsynth.txt", lgpl=True),
    Component(
        "libxmp",
        "MIT",
        r"xmp",
        note="Copyright (C) 1996-2024 Claudio Matsuoka and Hipolito Carraro Jr, MIT licence "
        "(https://github.com/libxmp/libxmp/blob/master/docs/COPYING).",
    ),
    Component(
        "WavPack",
        "BSD-3-Clause",
        r"wavpack",
        note="Copyright (c) 1998-2024 David Bryant, BSD 3-clause licence "
        "(https://github.com/dbry/WavPack/blob/master/COPYING).",
    ),
    Component("libmodplug", "LicenseRef-public-domain", r"modplug", note="Public domain."),
    # What libtiff may link on macOS and Windows builds of pygame-ce.
    Component(
        "Zstandard",
        "BSD-3-Clause",
        r"zstd",
        note="Copyright (c) Meta Platforms, Inc. and affiliates, BSD 3-clause licence.",
    ),
    Component("libdeflate", "MIT", r"deflate", note="Copyright 2016 Eric Biggers, MIT licence."),
    Component("LERC", "Apache-2.0", r"lerc", "Apache-2.0.txt"),
    Component("alsa-lib", "LGPL-2.1-or-later", r"asound", "LGPL-2.1.txt", lgpl=True),
    Component("PortMidi", "MIT", r"portmidi", "portmidi.txt"),
    Component("zlib", "Zlib", r"^(lib)?z\.|^libz[.-]|zlib", "zlib.txt"),
    Component(
        "bzip2",
        "bzip2-1.0.6",
        r"bz2",
        note="Copyright (C) 1996-2019 Julian R Seward, bzip2 licence "
        "(https://sourceware.org/bzip2/).",
    ),
    Component(
        "XZ Utils (liblzma)", "0BSD", r"lzma", note="liblzma is under the BSD Zero Clause licence."
    ),
    Component(
        "libffi",
        "MIT",
        r"ffi",
        note="Copyright (c) 1996-2024 Anthony Green, Red Hat, Inc and others, MIT licence.",
    ),
    Component(
        "Expat", "MIT", r"expat", note="Copyright (c) 1998-2024 the Expat maintainers, MIT licence."
    ),
    Component("mpdecimal", "BSD-2-Clause", r"mpdec", note="Copyright (c) 2008-2024 Stefan Krah."),
    Component(
        "OpenSSL (for the ssl module the network game's websockets imports)",
        "Apache-2.0",
        r"libssl|libcrypto",
        "Apache-2.0.txt",
    ),
    Component(
        "libuuid (util-linux)",
        "BSD-3-Clause",
        r"uuid",
        note="Copyright (C) 1996, 1997 Theodore Ts'o, BSD 3-clause licence.",
    ),
    Component(
        "GCC run-time libraries (libgcc, libstdc++)",
        "GPL-3.0-or-later WITH GCC-exception-3.1",
        r"libgcc|libstdc\+\+|libgomp|libquadmath|winpthread",
        note="The GCC Runtime Library Exception lets these be distributed with any program.",
    ),
    Component(
        "Microsoft Visual C++ run-time",
        "LicenseRef-MSVC-redistributable",
        r"vcruntime|msvcp|ucrtbase|api-ms-win|concrt",
        note="Redistributable files of Microsoft Visual Studio, shipped with Python for Windows.",
    ),
    Component("Tcl/Tk", "TCL", r"^(lib)?t(cl|k)\d", note="Not used by the game."),
]

FORBIDDEN = re.compile(r"readline|libtinfo|ncurses", re.IGNORECASE)
"""GPL libraries that must never be bundled (GNU readline, pulled in by websockets.cli)."""

_EXTENSION = re.compile(r"\.(cpython-[^.]+|abi3)\.so$|\.pyd$|-darwin\.so$")


@dataclass
class Package:
    name: str
    version: str
    licence: str
    home: str
    texts: list[tuple[str, str]] = field(default_factory=list)


def lock_packages(lock: Path = meta.ROOT / "uv.lock") -> list[dict[str, Any]]:
    """The ``[[package]]`` tables of ``uv.lock``."""
    packages: list[dict[str, Any]] = _toml(lock)["package"]
    return packages


def _toml(path: Path) -> dict[str, Any]:
    tomllib = importlib.import_module("tomllib")  # Python 3.11+ (the builds use 3.11)
    data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    return data


def _applies(entry: dict[str, Any], environment: dict[str, str] | None = None) -> bool:
    marker = entry.get("marker")
    return marker is None or Marker(marker).evaluate(environment)


def runtime_dependencies(
    lock: Path = meta.ROOT / "uv.lock", environment: dict[str, str] | None = None
) -> list[tuple[str, str]]:
    """(name, version) of every package the locked run-time dependencies reach on this
    interpreter (or in the marker ``environment`` given), sorted by name; the project
    itself and its dev/build groups left out."""
    packages: dict[str, list[dict[str, Any]]] = {}
    for package in _toml(lock)["package"]:
        packages.setdefault(canonicalize_name(package["name"]), []).append(package)

    def pick(entry: dict[str, Any]) -> dict[str, Any]:
        candidates = packages[canonicalize_name(entry["name"])]
        if "version" in entry:
            candidates = [c for c in candidates if c.get("version") == entry["version"]]
        return candidates[0]

    found: dict[str, str] = {}
    todo = [e for e in packages[PROJECT][0].get("dependencies", []) if _applies(e, environment)]
    while todo:
        package = pick(todo.pop())
        name = canonicalize_name(package["name"])
        if name in found:
            continue
        found[name] = package["version"]
        todo += [e for e in package.get("dependencies", []) if _applies(e, environment)]
    return sorted(found.items())


def _licence_files(dist: importlib.metadata.Distribution) -> list[tuple[str, str]]:
    texts = []
    for file in dist.files or []:
        parts = file.parts
        if not parts or not parts[0].endswith(".dist-info"):
            continue
        name = parts[-1].upper()
        if "licenses" in parts or name.startswith(("LICENSE", "LICENCE", "COPYING", "NOTICE")):
            texts.append(("/".join(parts[1:]), file.read_text() or ""))
    return texts


def describe_package(name: str) -> Package:
    """What the notice says of an installed distribution."""
    dist = importlib.metadata.distribution(name)
    data: dict[str, Any] = dist.metadata.json
    licence = str(data.get("license_expression") or "")
    if not licence:
        short = str(data.get("license") or "").strip()
        licence = short if short and len(short) < 80 else ""
    if not licence:
        classifiers = [c for c in data.get("classifier", []) if c.startswith("License ::")]
        licence = "; ".join(c.split(" :: ")[-1] for c in classifiers) or "unknown"
    urls = {
        label.strip().lower(): url.strip()
        for label, _, url in (u.partition(",") for u in data.get("project_url", []))
    }
    preferred = [urls[k] for k in ("homepage", "home", "source", "repository") if k in urls]
    home = str(data.get("home_page") or (preferred or [*urls.values(), ""])[0])
    package = Package(str(data["name"]), dist.version, licence, home, _licence_files(dist))
    if not package.texts and canonicalize_name(name) == "pygame-ce":
        # pygame-ce's wheels carry no licence file: its source distribution's LGPL text.
        package.texts.append(
            ("LGPL 2.1 (docs/LGPL.txt of pygame-ce's source)", _read("LGPL-2.1.txt"))
        )
    return package


def _read(name: str) -> str:
    return (LICENSES / name).read_text(encoding="utf-8")


def is_native_library(dest: str) -> bool:
    """Whether a bundled binary is a native library (not a Python extension module,
    whose licence is its package's, nor one of CPython's own lib-dynload modules)."""
    name = Path(dest).name
    return not _EXTENSION.search(name) and "lib-dynload" not in Path(dest).parts


def match_libraries(binaries: Iterable[str]) -> tuple[dict[str, list[str]], list[str]]:
    """The bundled native libraries by component name, and those matching none."""
    matched: dict[str, list[str]] = {}
    unknown = []
    for dest in sorted(set(binaries)):
        if not is_native_library(dest):
            continue
        name = Path(dest).name
        for component in COMPONENTS:
            if re.search(component.pattern, name, re.IGNORECASE):
                matched.setdefault(component.name, []).append(dest)
                break
        else:
            unknown.append(dest)
    return matched, unknown


def interpreter_licence() -> str:
    # The standard library's folder (Linux, macOS), or the installation's (Windows).
    for folder in (os.path.dirname(os.__file__), sys.base_prefix):
        path = Path(folder) / "LICENSE.txt"
        if path.is_file():
            return path.read_text(encoding="utf-8", errors="replace")
    return "The Python Software Foundation License 2.0: https://docs.python.org/3/license.html"


def _fonts() -> list[tuple[str, str, str]]:
    fonts = [
        (
            "Noto Sans (the game's typeface, assets/fonts)",
            "OFL-1.1",
            str(meta.ROOT / "assets" / "fonts" / "OFL.txt"),
        )
    ]
    spec = importlib.util.find_spec("pygame_gui")
    if spec is not None and spec.origin is not None:
        data = Path(spec.origin).with_name("data") / "licenses"
        fonts.append(
            (
                "Noto Sans and Fira Code (pygame_gui's own default fonts)",
                "OFL-1.1",
                str(data / "NotoSans-LICENSE.txt"),
            )
        )
        fonts.append(("", "", str(data / "FiraCode-LICENSE.txt")))
    return fonts


RELINKING = """\
Replacing the LGPL libraries (pygame-ce, SDL's audio libraries, zeroconf)
--------------------------------------------------------------------------
pygame-ce and zeroconf are under the GNU Lesser General Public License 2.1, and so are
mpg123, libsndfile, FluidSynth and alsa-lib where listed below. You may replace them with
versions of your own:

- In the folder build (the -folder archive, the Windows installer's folder, the macOS
  app's Contents/Frameworks and Contents/Resources), every one of them is a separate
  file: pygame-ce is the folder `pygame` (with its libraries beside it, in
  `pygame_ce.libs` on Linux, inside `pygame` on Windows, in `pygame/.dylibs` on macOS)
  and zeroconf the folder `zeroconf`, under `_internal` (Linux, Windows) or
  `Contents/Frameworks` (macOS). Build the library from its source (pygame-ce and
  zeroconf on PyPI, SDL at libsdl.org) for the same Python version and put your files in
  their place; the program loads whatever is there.
- The single-file program unpacks those same files into a temporary folder at each start;
  use the folder build (or build the programs yourself) to run modified libraries.
- The game's own source is MIT-licensed and public: `uv run --group build python
  build/make.py` builds the programs from it with whatever pygame-ce and zeroconf are
  installed in its environment.
"""


def render(binaries: Iterable[str] | None = None, *, strict: bool = False) -> str:
    """The notice's text. ``binaries``: the bundled files' destination names (none: the
    native-library part says only what a build would list). ``strict``: refuse a
    bundled library that matches no known component, and any GPL readline."""
    binaries = list(binaries or [])
    forbidden = [b for b in binaries if FORBIDDEN.search(Path(b).name)]
    if forbidden:
        raise SystemExit(f"notices: GPL libraries bundled: {', '.join(forbidden)}")
    matched, unknown = match_libraries(binaries)
    if unknown and strict:
        raise SystemExit(f"notices: bundled libraries of no known component: {', '.join(unknown)}")
    version = meta.version()
    rule = "=" * 78
    out = [
        f"{meta.APP_NAME} {version}: third-party software in this program",
        rule,
        "",
        f"{meta.APP_NAME} itself is under the MIT licence (LICENSE.txt beside this file).",
        "It bundles the following software, each under its own licence.",
        "",
        RELINKING,
        "",
        "Python packages (the locked run-time dependencies)",
        "-" * 50,
    ]
    packages = [describe_package(name) for name, _ in runtime_dependencies()]
    for package in packages:
        out.append(
            f"- {package.name} {package.version}: {package.licence}  {package.home}".rstrip()
        )
    out += ["", "Fonts", "-" * 5]
    for name, spdx, _ in _fonts():
        if name:
            out.append(f"- {name}: {spdx}")
    if binaries:
        out += ["", "Native libraries in this build", "-" * 30]
        for component in COMPONENTS:
            files = matched.get(component.name)
            if files:
                lgpl = " (LGPL: see 'Replacing the LGPL libraries')" if component.lgpl else ""
                out.append(f"- {component.name}: {component.spdx}{lgpl}")
                out += [f"    {file}" for file in files]
                if component.note:
                    out.append(f"    {component.note}")
        for file in unknown:
            out.append(f"- {file}: a library of the build machine this notice has no entry for")
    out += [
        "",
        "- The PyInstaller bootloader: GPL-2.0-or-later WITH Bootloader-exception (its",
        "  licence lets it be distributed with any program).",
        "",
    ]

    out += [rule, "Licence texts", rule, ""]
    for package in packages:
        for title, text in package.texts:
            out += [f"--- {package.name} {package.version}: {title}", "", text.strip(), ""]
    for name, _, path in _fonts():
        out += [
            f"--- {name or 'Fira Code'}: {Path(path).name}",
            "",
            Path(path).read_text(encoding="utf-8").strip(),
            "",
        ]
    shown: set[str] = set()
    for component in COMPONENTS:
        if component.name in matched and component.licence and component.licence not in shown:
            shown.add(component.licence)
            users = [
                c.name for c in COMPONENTS if c.licence == component.licence and c.name in matched
            ]
            out += [
                f"--- {', '.join(users)}: {component.licence}",
                "",
                _read(component.licence).strip(),
                "",
            ]
    out += ["--- The Python interpreter (its LICENSE.txt)", "", interpreter_licence().strip(), ""]
    return "\n".join(out)


def bundled_files(folder: Path) -> list[str]:
    """Every file of a finished folder build, relative to it."""
    return [str(p.relative_to(folder)) for p in sorted(folder.rglob("*")) if p.is_file()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binaries-from", type=Path, help="a finished folder build")
    parser.add_argument("-o", "--output", type=Path, help="where to write (default: print)")
    parser.add_argument("--strict", action="store_true", help="refuse unknown libraries")
    args = parser.parse_args()
    binaries = bundled_files(args.binaries_from) if args.binaries_from else None
    libraries = [b for b in binaries or [] if re.search(r"\.(so|dylib|dll)(\.|$)", b)]
    text = render(libraries, strict=args.strict)
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
