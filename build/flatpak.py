"""The Flatpak's Python modules, from ``uv.lock``: for each locked run-time dependency
(markers evaluated for the Flatpak runtime's Python), the wheel for each architecture
with its URL and SHA-256, as a flatpak-builder module
(``build/linux/python-dependencies.json``, included by the manifest
``build/linux/io.github.ohhell.OhHell.yml``).

``uv run --group build python build/flatpak.py`` rewrites it; ``--check`` fails if it
is not what the lock gives (CI runs that).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from packaging.utils import canonicalize_name, parse_wheel_filename

import meta
import notices

OUTPUT = meta.ROOT / "build" / "linux" / "python-dependencies.json"
PYTHON = "3.12"
"""The Python of org.freedesktop.Platform 24.08, the manifest's runtime."""
ARCHES = {"x86_64": "x86_64", "aarch64": "aarch64"}
ENVIRONMENT = {
    "python_version": PYTHON,
    "python_full_version": f"{PYTHON}.0",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "sys_platform": "linux",
    "platform_system": "Linux",
    "os_name": "posix",
}


def _fits(filename: str, arch: str | None) -> bool:
    """Whether a wheel installs on the runtime's CPython (glibc) for ``arch``."""
    _, _, _, tags = parse_wheel_filename(filename)
    wanted = f"cp{PYTHON.replace('.', '')}"
    for tag in tags:
        python_ok = tag.interpreter in (wanted, "py3") and tag.abi in (wanted, "abi3", "none")
        if arch is None:
            if python_ok and tag.platform == "any":
                return True
        elif python_ok and tag.platform.startswith("manylinux") and tag.platform.endswith(arch):
            return True
    return False


def sources() -> list[dict[str, Any]]:
    """The module's sources: one wheel per package (one per architecture if binary)."""
    wanted = dict(notices.runtime_dependencies(environment=ENVIRONMENT))
    found: list[dict[str, Any]] = []
    for package in notices.lock_packages():
        name = canonicalize_name(package["name"])
        if name not in wanted or wanted[name] != package.get("version"):
            continue
        wheels = package.get("wheels", [])
        pure = [w for w in wheels if _fits(w["url"].rsplit("/", 1)[1], None)][:1]
        chosen: list[tuple[str | None, dict[str, Any]]] = [(None, w) for w in pure]
        if not chosen:
            for arch in ARCHES:
                fitting = [w for w in wheels if _fits(w["url"].rsplit("/", 1)[1], arch)]
                if not fitting:
                    raise SystemExit(f"flatpak: no {arch} wheel of {name} for Python {PYTHON}")
                chosen.append((arch, fitting[0]))
        for wheel_arch, wheel in chosen:
            source: dict[str, Any] = {
                "type": "file",
                "url": wheel["url"],
                "sha256": wheel["hash"].removeprefix("sha256:"),
            }
            if wheel_arch is not None:
                source["only-arches"] = [ARCHES[wheel_arch]]
            found.append(source)
    return found


def module() -> dict[str, Any]:
    names = [name for name, _ in notices.runtime_dependencies(environment=ENVIRONMENT)]
    return {
        "name": "python-dependencies",
        "buildsystem": "simple",
        "build-commands": [
            "pip3 install --verbose --exists-action=i --no-index --find-links=file://${PWD} "
            "--prefix=${FLATPAK_DEST} --no-build-isolation --no-deps " + " ".join(names)
        ],
        "sources": sources(),
    }


def render() -> str:
    return json.dumps(module(), indent=2) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if the file is stale")
    args = parser.parse_args()
    text = render()
    if args.check:
        if not OUTPUT.is_file() or OUTPUT.read_text(encoding="utf-8") != text:
            print(f"{OUTPUT} is not what uv.lock gives: run build/flatpak.py", file=sys.stderr)
            return 1
        print(f"{OUTPUT.name} matches uv.lock")
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
