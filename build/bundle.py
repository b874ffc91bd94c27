"""What a build bundles, read from the files it carries: the native libraries (matched to
their components in build/components.py) and the Python distributions whose modules,
extension modules or data files are in it (found through the installed distributions'
own file lists)."""

from __future__ import annotations

import importlib.metadata
import re
import sys
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from components import Component, component_of

PROJECT = "ohhell"
"""The project's own distribution (its import package is ``game``)."""
OWN_PACKAGES = {"game"}
PYINSTALLER_MODULES = re.compile(r"^(pyimod\d+_|_pyi_rth_utils$|pyi_splash$)")
"""PyInstaller's own run-time modules (the notice's PyInstaller entry covers them)."""

_EXTENSION = re.compile(r"\.(cpython-[^.]+|abi3)\.so$|\.pyd$|-darwin\.so$")
_BINARY = re.compile(r"\.(so|dylib|dll|pyd)(\.[0-9.]+)?$|^Python$", re.IGNORECASE)
_LIBRARY = re.compile(r"\.(so|dylib|dll)(\.[0-9.]+)?$|^Python$", re.IGNORECASE)


def canonicalize_name(name: str) -> str:
    """A distribution's name as the lock and PyPI compare it (PEP 503).

    >>> canonicalize_name("Pygame_CE")
    'pygame-ce'
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def _parts(dest: str) -> tuple[str, ...]:
    return PurePosixPath(dest.replace("\\", "/")).parts


def is_binary(dest: str) -> bool:
    """Whether a bundled file is machine code: a library or an extension module."""
    return bool(_BINARY.search(_parts(dest)[-1]))


def is_native_library(dest: str) -> bool:
    """Whether a bundled file is a native library: not a Python extension module (whose
    licence is its package's), nor one of CPython's own lib-dynload modules."""
    name = _parts(dest)[-1]
    return (
        bool(_LIBRARY.search(name))
        and not _EXTENSION.search(name)
        and "lib-dynload" not in _parts(dest)
    )


def match_libraries(files: Iterable[str]) -> tuple[dict[str, list[str]], list[str]]:
    """The bundled native libraries by component name, and those matching none."""
    matched: dict[str, list[str]] = {}
    unknown = []
    for dest in sorted(set(files)):
        if not is_native_library(dest):
            continue
        component = component_of(_parts(dest)[-1])
        if component is None:
            unknown.append(dest)
        else:
            matched.setdefault(component.name, []).append(dest)
    return matched, unknown


def uncovered_components(matched: dict[str, list[str]]) -> list[Component]:
    """The matched components whose licence text the notice could not carry."""
    from components import COMPONENTS

    return [c for c in COMPONENTS if c.name in matched and not c.has_text]


def _top_name(part: str) -> str:
    """``pygame`` for ``pygame``, ``typing_extensions`` for ``typing_extensions.py``."""
    return part.split(".", 1)[0] if "." in part and not part.endswith(".libs") else part


def owners(path: list[str] | None = None) -> dict[str, str]:
    """Top-level names (packages, modules, ``*.libs`` folders) -> the installed
    distribution that owns them (on ``sys.path``, or on ``path``)."""
    found: dict[str, str] = {}
    found_in = importlib.metadata.distributions(path=path if path else sys.path)
    for dist in found_in:
        name = canonicalize_name(dist.metadata["Name"] or "")
        if not name or name == PROJECT:
            continue
        for file in dist.files or []:
            first = file.parts[0] if file.parts else ""
            if not first or first.endswith((".dist-info", ".data", ".pth")) or first == "..":
                continue
            found.setdefault(_top_name(first), name)
    found.pop("__pycache__", None)
    found.pop("bin", None)
    return found


def bundled_distributions(
    modules: Iterable[str], files: Iterable[str], owned: dict[str, str]
) -> tuple[list[str], list[str]]:
    """The distributions whose modules (dotted names) or files (destination paths) the
    build carries, and the top-level modules that belong to none and are neither the
    standard library, the game nor PyInstaller's."""
    found: set[str] = set()
    unknown: set[str] = set()
    for module in modules:
        top = module.split(".", 1)[0]
        if top in owned:
            found.add(owned[top])
        elif not _known_without_distribution(top):
            unknown.add(top)
    for dest in files:
        parts = _parts(dest)
        if len(parts) > 1 and parts[0] in owned:
            found.add(owned[parts[0]])
    return sorted(found), sorted(unknown)


def _known_without_distribution(top: str) -> bool:
    return (
        top in sys.stdlib_module_names
        or top.startswith("_sysconfigdata")  # the standard library's, named per platform
        or top in OWN_PACKAGES
        or PYINSTALLER_MODULES.match(top) is not None
    )


def files_under(folder: Path) -> list[str]:
    """Every file of a folder, relative to it (``/`` separated)."""
    return [p.relative_to(folder).as_posix() for p in sorted(folder.rglob("*")) if p.is_file()]
