"""The third-party notice every build ships (``THIRD-PARTY-NOTICES.txt``).

Made from what the build actually carries, never from a list kept by hand:

- the Python distributions are those whose modules, extension modules or data the build
  carries (build/bundle.py maps PyInstaller's table of contents to the installed
  distributions' own file lists); each one's version, licence and licence texts come
  from its installed metadata. Without a build, the packages ``uv.lock`` reaches from
  the project's run-time ``dependencies`` (markers evaluated for this interpreter);
- the native libraries are the ones the build bundles, each matched to its component
  (build/components.py), whose licence text is in ``build/licenses/``;
- the interpreter's licence is the running Python's own ``LICENSE.txt``, the fonts' the
  OFL files beside them, PyInstaller's its ``COPYING.txt`` (and the Apache licence of
  its run-time hooks).

Strict (every build): a bundled library of no known component, a component or a
distribution without its licence text, or a module of no known distribution stops it.

``uv run --group build python build/notices.py [--binaries-from FOLDER] [-o FILE]``
writes it outside a build; ``python3 build/notices.py --prefix /app -o FILE`` writes
the Flatpak's from the packages installed under ``/app`` (the manifest runs it).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import bundle
import meta
from bundle import PROJECT, canonicalize_name
from components import COMPONENTS, FORBIDDEN, LGPL, LICENSES

NOTICE_NAME = "THIRD-PARTY-NOTICES.txt"

__all__ = ["FORBIDDEN", "NOTICE_NAME", "Coverage", "render", "runtime_dependencies"]


@dataclass
class Package:
    name: str
    version: str
    licence: str
    home: str
    texts: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Coverage:
    """What the notice covers of a build: every library matched to a component with its
    licence text, every distribution with its own."""

    libraries: int = 0
    libraries_covered: int = 0
    distributions: int = 0
    distributions_covered: int = 0
    problems: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"{self.libraries_covered} of {self.libraries} native libraries and "
            f"{self.distributions_covered} of {self.distributions} Python distributions "
            "with their licence texts"
        )


def lock_packages(lock: Path = meta.ROOT / "uv.lock") -> list[dict[str, Any]]:
    """The ``[[package]]`` tables of ``uv.lock``."""
    packages: list[dict[str, Any]] = _toml(lock)["package"]
    return packages


def _toml(path: Path) -> dict[str, Any]:
    tomllib = importlib.import_module("tomllib")  # Python 3.11+ (the builds use 3.11)
    data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    return data


def _applies(entry: dict[str, Any], environment: dict[str, str] | None = None) -> bool:
    from packaging.markers import Marker  # (not needed where the Flatpak is built)

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
        package.texts.append(("LGPL 2.1 (docs/LGPL.txt of pygame-ce's source)", _read(LGPL)))
    return package


def _read(name: str) -> str:
    return (LICENSES / name).read_text(encoding="utf-8").strip()


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


def _relinking(lgpl_names: Sequence[str], flatpak: bool) -> str:
    """How to replace the LGPL components: true of the builds this notice is for."""
    libraries = "".join(f"\n  {name}" for name in lgpl_names) or " none in this build."
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    head = f"""\
Replacing the LGPL libraries
----------------------------
pygame-ce and zeroconf are under the GNU Lesser General Public License 2.1, and so are
these native libraries of this build (listed with their files below):{libraries}
You may replace any of them with a version of your own.
"""
    rebuild = """\
- Rebuild the programs with it: the game's source is public (MIT). With uv installed,
  in the source folder: `uv sync --group build`, then `uv pip install PATH` (your
  pygame-ce or zeroconf: a wheel or a source folder), then
  `uv run --no-sync python build/make.py`; the programs in `dist/` carry what you
  installed.
"""
    if flatpak:
        return head + (
            "- The Flatpak installs the Python packages listed below from the wheels named in\n"
            "  build/linux/python-dependencies.json: point the entry of pygame-ce or zeroconf\n"
            "  to your own wheel (its path and SHA-256) and build it again with\n"
            "  `flatpak-builder` from build/linux/io.github.ohhell.OhHell.yml.\n"
        )
    return head + (
        f"""\
- In the folder builds (the Linux -folder.tar.gz, the Windows -folder.zip and the
  installed game) each is a separate file under `_internal`: the folders `pygame` and
  `zeroconf` hold the packages' compiled modules (.pyc) and extension modules, and the
  native libraries are the files listed below. Install your pygame-ce or zeroconf for
  Python {python} and put its package folder in place of `pygame` (on Linux with its
  `pygame_ce.libs` beside it) or `zeroconf`; put your build of a native library in
  place of the file of the same name. The program loads whatever is there.
- The macOS app keeps the same files split between `Contents/Frameworks` and
  `Contents/Resources`, joined by symbolic links; rebuilding (below) is the easier way
  there, and a changed app must be signed again
  (`codesign --force --deep --sign - "Oh Hell.app"`).
- The single-file programs unpack the same files into a temporary folder at each
  start: use the folder build, or rebuild.
"""
        + rebuild
    )


def interpreter_section() -> list[str]:
    return ["--- The Python interpreter (its LICENSE.txt)", "", interpreter_licence().strip(), ""]


def pyinstaller_section(apache_text: str = "") -> list[str]:
    """PyInstaller's bootloader and loader (GPL with the bootloader exception) and its
    run-time hooks and modules (Apache 2.0), embedded in every program; ``apache_text``
    stands for the Apache licence where the notice has it already."""
    try:
        dist = importlib.metadata.distribution("pyinstaller")
    except importlib.metadata.PackageNotFoundError:
        return []
    texts = _licence_files(dist)
    out = [f"--- PyInstaller {dist.version}: {title}" for title, _ in texts[:1]]
    for _, text in texts:
        out += ["", text.strip(), ""]
    out += ["--- PyInstaller's run-time hooks: Apache-2.0.txt", ""]
    out += [apache_text or _read("Apache-2.0.txt"), ""]
    return out


def describe(names: Sequence[str]) -> list[Package]:
    return [describe_package(name) for name in names]


def check(
    packages: Sequence[Package], matched: dict[str, list[str]], unknown: Sequence[str]
) -> Coverage:
    """How much of the build the notice covers, and what it misses."""
    coverage = Coverage()
    lacking = {c.name for c in bundle.uncovered_components(matched)}
    for name, files in matched.items():
        coverage.libraries += len(files)
        if name in lacking:
            coverage.problems.append(f"no licence text for {name}: {', '.join(files)}")
        else:
            coverage.libraries_covered += len(files)
    coverage.libraries += len(unknown)
    if unknown:
        coverage.problems.append(f"bundled libraries of no known component: {', '.join(unknown)}")
    for package in packages:
        coverage.distributions += 1
        if package.texts:
            coverage.distributions_covered += 1
        else:
            coverage.problems.append(f"no licence text in {package.name}'s metadata")
    return coverage


def render(
    files: Sequence[str] = (),
    *,
    packages: Sequence[str] | None = None,
    strict: bool = False,
    flatpak: bool = False,
    pyinstaller: bool = False,
    coverage_out: Path | None = None,
) -> str:
    """The notice's text for a build carrying ``files`` (destination paths) and the
    distributions ``packages`` (default: the lock's run-time dependencies). ``strict``:
    refuse anything the notice cannot cover; GNU readline is refused always. ``flatpak``:
    the Flatpak's notice (the runtime's interpreter is not bundled; rebuilding is how to
    replace a library)."""
    forbidden = [f for f in files if bundle.is_binary(f) and FORBIDDEN.search(Path(f).name)]
    if forbidden:
        raise SystemExit(f"notices: GPL libraries bundled: {', '.join(forbidden)}")
    matched, unknown = bundle.match_libraries(files)
    names = packages if packages is not None else [n for n, _ in runtime_dependencies()]
    described = describe(names)
    coverage = check(described, matched, unknown)
    if coverage_out is not None:
        coverage_out.write_text(json.dumps(coverage.__dict__, indent=1), encoding="utf-8")
    if strict and coverage.problems:
        raise SystemExit("notices: " + "; ".join(coverage.problems))
    lgpl = [c.name for c in COMPONENTS if c.lgpl and c.name in matched]
    rule = "=" * 78
    out = [
        f"{meta.APP_NAME} {meta.version()}: third-party software in this program",
        rule,
        "",
        f"{meta.APP_NAME} itself is under the MIT licence (LICENSE.txt beside this file).",
        "It bundles the following software, each under its own licence; the licence",
        "texts follow the list.",
        "",
        _relinking(lgpl, flatpak),
        "",
        "Python packages",
        "-" * 15,
    ]
    for package in described:
        line = f"- {package.name} {package.version}: {package.licence}  {package.home}"
        out.append(line.rstrip())
    out += ["", "Fonts", "-" * 5]
    out += [f"- {name}: {spdx}" for name, spdx, _ in _fonts() if name]
    out += _library_list(matched, unknown)
    if pyinstaller:
        out += [
            "",
            "- PyInstaller's bootloader and loader: GPL-2.0-or-later WITH Bootloader-exception",
            "  (it lets them be embedded in any program); its run-time hooks: Apache-2.0.",
        ]
    out += ["", rule, "Licence texts", rule, ""]
    out += _texts(described, matched, not flatpak, pyinstaller)
    return "\n".join(out)


def _library_list(matched: dict[str, list[str]], unknown: Sequence[str]) -> list[str]:
    if not matched and not unknown:
        return []
    out = ["", "Native libraries in this build", "-" * 30]
    for component in COMPONENTS:
        files = matched.get(component.name)
        if files:
            lgpl = " (LGPL: see 'Replacing the LGPL libraries')" if component.lgpl else ""
            out.append(f"- {component.name}: {component.spdx}{lgpl}")
            out += [f"    {file}" for file in files]
            out += [f"    {text}" for text in (component.note, component.text_note) if text]
    out += [f"- {file}: a library this notice has no entry for" for file in unknown]
    return out


def _texts(
    packages: Sequence[Package],
    matched: dict[str, list[str]],
    interpreter: bool,
    pyinstaller: bool,
) -> list[str]:
    out: list[str] = []
    for package in packages:
        for title, text in package.texts:
            out += [f"--- {package.name} {package.version}: {title}", "", text.strip(), ""]
    for name, _, path in _fonts():
        text = Path(path).read_text(encoding="utf-8").strip()
        out += [f"--- {name or 'Fira Code'}: {Path(path).name}", "", text, ""]
    shown: set[str] = set()
    for component in COMPONENTS:
        if component.name in matched and component.licence and component.licence not in shown:
            shown.add(component.licence)
            users = [
                c.name for c in COMPONENTS if c.licence == component.licence and c.name in matched
            ]
            out += [f"--- {', '.join(users)}: {component.licence}", "", _read(component.licence)]
            out.append("")
    if pyinstaller:
        above = "The Apache License 2.0, whose text is above." if "Apache-2.0.txt" in shown else ""
        out += pyinstaller_section(above)
    if interpreter:
        out += interpreter_section()
    return out


def bundled_packages(modules: Sequence[str], files: Sequence[str], strict: bool) -> list[str]:
    """The distributions a PyInstaller build carries (the spec passes its table of
    contents); ``strict``: refuse modules of no known distribution."""
    found, unknown = bundle.bundled_distributions(modules, files, bundle.owners())
    if unknown and strict:
        raise SystemExit(f"notices: bundled modules of no known distribution: {unknown}")
    return found


def prefix_build(prefix: Path) -> tuple[list[str], list[str]]:
    """The files and distributions installed under ``prefix`` (the Flatpak's ``/app``):
    its ``lib/python3.*/site-packages``, put first on ``sys.path``."""
    sites = sorted(prefix.glob("lib/python3*/site-packages"))
    if not sites:
        raise SystemExit(f"notices: no lib/python3*/site-packages under {prefix}")
    site = sites[-1]
    sys.path.insert(0, str(site))
    importlib.invalidate_caches()
    names = sorted(
        {
            canonicalize_name(dist.metadata["Name"] or "")
            for dist in importlib.metadata.distributions(path=[str(site)])
        }
        - {PROJECT, ""}
    )
    return bundle.files_under(site), names


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binaries-from", type=Path, help="a finished folder build")
    parser.add_argument("--prefix", type=Path, help="packages installed under PREFIX (Flatpak)")
    parser.add_argument("-o", "--output", type=Path, help="where to write (default: print)")
    parser.add_argument("--strict", action="store_true", help="refuse what it cannot cover")
    args = parser.parse_args()
    if args.prefix:
        files, names = prefix_build(args.prefix)
        text = render(files, packages=names, strict=args.strict, flatpak=True)
    else:
        files = bundle.files_under(args.binaries_from) if args.binaries_from else []
        text = render(files, strict=args.strict, pyinstaller=bool(args.binaries_from))
    if args.output:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
