"""The Windows installer: build it with Inno Setup from the folder build, and smoke-test
it as a player would meet it (run on the release workflow's Windows runner).

``python build/installer.py --build`` compiles ``build/windows/ohhell.iss`` into
``dist/release/ohhell-VERSION-windows-x86_64-setup.exe``; ``--smoke`` installs it
silently for the current user into a temporary folder, checks the Start-menu entry,
starts the installed programs (``--version``, ``--first-frame``, a headless demo game),
then uninstalls and checks that the folder and the entry are gone.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import meta

ROOT = meta.ROOT
SCRIPT = ROOT / "build" / "windows" / "ohhell.iss"
RELEASE = ROOT / "dist" / "release"
ISCC_PLACES = [
    Path(os.environ.get("PROGRAMFILES(X86)", r"C:\Program Files (x86)")) / "Inno Setup 6",
    Path(os.environ.get("PROGRAMFILES", r"C:\Program Files")) / "Inno Setup 6",
]


def installer_path() -> Path:
    return RELEASE / f"ohhell-{meta.version()}-{meta.platform_tag()}-setup.exe"


def iscc() -> Path:
    found = shutil.which("iscc")
    if found:
        return Path(found)
    for place in ISCC_PLACES:
        if (place / "ISCC.exe").is_file():
            return place / "ISCC.exe"
    raise SystemExit("Inno Setup 6 (ISCC.exe) not found: choco install innosetup")


def iscc_command(compiler: Path) -> list[str]:
    version = meta.version()
    numbers = ".".join(str(n) for n in meta.numeric_version(version))
    return [
        str(compiler),
        f"/DAppVersion={version}",
        f"/DNumericVersion={numbers}",
        f"/DSourceDir={ROOT / 'dist' / 'ohhell'}",
        f"/DOutputDir={RELEASE}",
        f"/DOutputName={installer_path().stem}",
        f"/DIconFile={ROOT / 'build' / 'work' / 'icon.ico'}",
        str(SCRIPT),
    ]


def build() -> Path:
    RELEASE.mkdir(parents=True, exist_ok=True)
    subprocess.run(iscc_command(iscc()), check=True)
    print(f"installer: {installer_path().name} ({installer_path().stat().st_size / 2**20:.1f} MiB)")
    return installer_path()


def _wait_gone(path: Path, seconds: float = 60) -> bool:
    deadline = time.monotonic() + seconds
    while path.exists() and time.monotonic() < deadline:
        time.sleep(1)
    return not path.exists()


def smoke() -> None:
    target = Path(tempfile.mkdtemp(prefix="ohhell-install-")) / "Oh Hell"
    log = target.parent / "setup.log"
    silent = ["/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART"]
    command = [str(installer_path()), *silent, "/CURRENTUSER", f"/DIR={target}", f"/LOG={log}"]
    subprocess.run(command, check=True, timeout=600)
    programs = Path(os.environ["APPDATA"]) / "Microsoft" / "Windows" / "Start Menu" / "Programs"
    shortcut = programs / "Oh Hell.lnk"
    for needed in (target / "ohhell.exe", target / "ohhell-console.exe", shortcut):
        if not needed.is_file():
            raise SystemExit(f"after installing: {needed} is missing (log: {log})")
    for name in ("LICENSE.txt", "THIRD-PARTY-NOTICES.txt"):
        if not (target / name).is_file():
            raise SystemExit(f"the installed folder lacks {name}")
    sys.path.insert(0, str(ROOT / "build"))
    import make

    make.smoke(target / "ohhell-console.exe")
    make.smoke(target / "ohhell.exe")
    uninstaller = target / "unins000.exe"
    subprocess.run([str(uninstaller), *silent], check=True, timeout=600)
    # The uninstaller copies itself to the temporary folder and finishes from there.
    if not _wait_gone(target / "ohhell.exe") or not _wait_gone(shortcut):
        raise SystemExit("the uninstaller left the program or its Start-menu entry")
    print(f"installer smoke test passed: installed to {target}, started, uninstalled")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", action="store_true")
    parser.add_argument("--smoke", action="store_true")
    args = parser.parse_args()
    if args.build:
        build()
    if args.smoke:
        smoke()
    return 0


if __name__ == "__main__":
    sys.exit(main())
