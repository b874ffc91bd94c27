"""The native libraries a build may bundle, each matched to the component it belongs to
and its licence (build/notices.py writes the notice from them).

Every component either has its licence text under ``build/licenses/`` or says where
its text is, or why its licence asks for none (``text_note``); ``tests/test_notices_build.py``
checks that no component lacks both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

LICENSES = Path(__file__).resolve().parent / "licenses"


@dataclass(frozen=True)
class Component:
    """A native library (or family) that a build may bundle."""

    name: str
    spdx: str
    pattern: str
    """Matched against a bundled file's name, case-insensitively."""
    licence: str | None = None
    """A file under ``build/licenses/`` with its licence text."""
    text_note: str = ""
    """Where the licence text is instead, or why the licence asks for none."""
    note: str = ""
    lgpl: bool = False

    @property
    def has_text(self) -> bool:
        """Whether the notice carries what this component's licence asks for."""
        return bool(self.licence or self.text_note)

    def matches(self, file_name: str) -> bool:
        return re.search(self.pattern, file_name, re.IGNORECASE) is not None


LGPL = "LGPL-2.1.txt"

COMPONENTS = [
    Component(
        "Python (the interpreter and its standard library)",
        "PSF-2.0",
        r"^(lib)?python3|^python$",
        text_note="Its licence text is under 'The Python interpreter' below.",
    ),
    Component("SDL 2", "Zlib", r"sdl2(?![_-]?(image|mixer|ttf))", "sdl2.txt"),
    Component("SDL_image", "Zlib", r"sdl2[_-]?image", "sdl2_image.txt"),
    Component("SDL_mixer", "Zlib", r"sdl2[_-]?mixer", "sdl2_mixer.txt"),
    Component(
        "SDL_ttf",
        "Zlib",
        r"sdl2[_-]?ttf",
        "sdl2.txt",
        note="SDL_ttf is Copyright (C) 1997-2025 Sam Lantinga, under the same zlib licence as SDL.",
    ),
    Component("FreeType", "FTL", r"freetype", "freetype.txt"),
    Component("HarfBuzz", "MIT-Modern-Variant", r"harfbuzz", "harfbuzz.txt"),
    Component("libpng", "Libpng", r"png", "png.txt"),
    Component("libjpeg-turbo", "IJG AND BSD-3-Clause", r"jpeg", "jpeg.txt"),
    Component("libtiff", "libtiff", r"tiff", "tiff.txt"),
    Component("libwebp (with libsharpyuv)", "BSD-3-Clause", r"webp|sharpyuv", "webp.txt"),
    Component("Brotli", "MIT", r"brotli", "brotli.txt"),
    Component("FLAC", "BSD-3-Clause", r"flac", "FLAC.txt"),
    Component("Ogg and Vorbis", "BSD-3-Clause", r"ogg|vorbis", "ogg-vorbis.txt"),
    Component("Opusfile", "BSD-3-Clause", r"opusfile", "opusfile.txt"),
    Component("Opus", "BSD-3-Clause", r"opus(?!file)", "opus.txt"),
    Component("mpg123", "LGPL-2.1-only", r"mpg123", "mpg123.txt", lgpl=True),
    Component("libsndfile", "LGPL-2.1-or-later", r"sndfile", LGPL, lgpl=True),
    Component("FluidSynth", "LGPL-2.1-or-later", r"fluidsynth", "fluidsynth.txt", lgpl=True),
    Component("Game_Music_Emu", "LGPL-2.1-or-later", r"(^|lib)gme[.-]", LGPL, lgpl=True),
    Component("GLib", "LGPL-2.1-or-later", r"lib(glib|gthread|gobject|gmodule)-2", LGPL, lgpl=True),
    Component("GNU libintl (gettext)", "LGPL-2.1-or-later", r"libintl", LGPL, lgpl=True),
    Component("libxmp", "MIT", r"xmp", "libxmp.txt"),
    Component("WavPack", "BSD-3-Clause", r"wavpack", "wavpack.txt"),
    Component(
        "libmodplug",
        "LicenseRef-public-domain",
        r"modplug",
        text_note="Public domain: no licence text to carry.",
    ),
    # What libtiff may link on macOS and Windows builds of pygame-ce.
    Component("Zstandard", "BSD-3-Clause", r"zstd", "zstd.txt"),
    Component("libdeflate", "MIT", r"deflate", "libdeflate.txt"),
    Component("LERC", "Apache-2.0", r"lerc", "Apache-2.0.txt"),
    Component("alsa-lib", "LGPL-2.1-or-later", r"asound", LGPL, lgpl=True),
    Component("PortMidi", "MIT", r"portmidi", "portmidi.txt"),
    Component("zlib", "Zlib", r"^(lib)?z\.|^libz[.-]|zlib", "zlib.txt"),
    Component("bzip2", "bzip2-1.0.6", r"bz2", "bzip2.txt"),
    Component(
        "XZ Utils (liblzma)",
        "0BSD OR LicenseRef-public-domain",
        r"lzma",
        text_note="liblzma is in the public domain (XZ Utils 5.4 and older) or under the "
        "BSD Zero Clause licence (5.6 and later): neither asks for a notice.",
    ),
    Component("libffi", "MIT", r"ffi", "libffi.txt"),
    Component("Expat", "MIT", r"expat", "expat.txt"),
    Component("mpdecimal", "BSD-2-Clause", r"mpdec", "mpdecimal.txt"),
    Component(
        "OpenSSL (for the ssl module the network game's websockets imports)",
        "Apache-2.0",
        r"libssl|libcrypto",
        "Apache-2.0.txt",
    ),
    Component("libuuid (util-linux)", "BSD-3-Clause", r"uuid", "libuuid.txt"),
    Component(
        "GCC run-time libraries (libgcc, libstdc++)",
        "GPL-3.0-or-later WITH GCC-exception-3.1",
        r"libgcc|libstdc\+\+|libgomp|libquadmath|winpthread",
        text_note="The GCC Runtime Library Exception lets these be distributed with any "
        "program, under the program's own terms.",
    ),
    Component(
        "Microsoft Visual C++ run-time",
        "LicenseRef-MSVC-redistributable",
        r"vcruntime|msvcp|ucrtbase|api-ms-win|concrt",
        text_note="Redistributable files of Microsoft Visual Studio, shipped with Python for "
        "Windows under the terms that let any program carry them.",
    ),
]

FORBIDDEN = re.compile(r"readline|libtinfo|ncurses", re.IGNORECASE)
"""GPL libraries that must never be bundled (GNU readline, pulled in by websockets.cli)."""


def component_of(file_name: str) -> Component | None:
    """The first component whose pattern matches a library's file name."""
    return next((c for c in COMPONENTS if c.matches(file_name)), None)
