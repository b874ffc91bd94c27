"""What the downloads are made of, checked without building them: the PyInstaller spec's
structure on each system (run with stand-ins for PyInstaller's classes), one version,
the README's download table against what the release workflow uploads, the Linux desktop
files, the third-party notice, the Windows version resource, the Flatpak's modules; and,
marked slow, the wheel and the sdist as ``uv build`` makes them."""

from __future__ import annotations

import configparser
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

import game

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
sys.path.insert(0, str(BUILD))

import flatpak  # noqa: E402
import meta  # noqa: E402
import notices  # noqa: E402
import winres  # noqa: E402

VERSION = game.__version__


class Target:
    """A stand-in for PyInstaller's Analysis, PYZ, EXE, COLLECT and BUNDLE."""

    made: list[Target]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args = args
        self.kwargs = kwargs
        self.kind = type(self).__name__
        self.binaries: list[tuple[str, str, str]] = []
        self.datas: list[tuple[str, str, str]] = [
            ("pygame_gui/data/NotoSans-Bold.ttf", "x", "DATA")
        ]
        self.datas += [("pygame_gui/data/NotoSans-Regular.ttf", "x", "DATA")]
        self.datas += [("game/assets/locale/ohhell.pot", "x", "DATA")]
        self.scripts: list[Any] = []
        self.pure: list[Any] = []
        Target.made.append(self)


def run_spec(platform: str, monkeypatch: pytest.MonkeyPatch) -> list[Target]:
    """The targets the spec makes on ``platform``."""
    kinds = {
        name: type(name, (Target,), {}) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")
    }
    Target.made = []
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "path", list(sys.path))
    spec = BUILD / "ohhell.spec"
    exec(
        compile(spec.read_text(encoding="utf-8"), str(spec), "exec"),
        {"SPECPATH": str(BUILD), **kinds},
    )
    return Target.made


def made(targets: list[Target], kind: str) -> list[Target]:
    return [t for t in targets if t.kind == kind]


def test_the_mac_app_is_built_from_the_folder_windowed_with_the_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    targets = run_spec("darwin", monkeypatch)
    (collect,) = made(targets, "COLLECT")
    (bundle,) = made(targets, "BUNDLE")
    assert bundle.args[0] is collect  # the interpreter and libraries, not only the EXE's own
    (exe,) = made(targets, "EXE")  # no single file on macOS
    assert exe in collect.args and exe.kwargs["console"] is False  # not LSBackgroundOnly
    assert bundle.kwargs["version"] == VERSION
    assert bundle.kwargs["bundle_identifier"] == meta.APP_ID
    plist = bundle.kwargs["info_plist"]
    assert plist["NSHighResolutionCapable"] is True
    assert plist["CFBundleVersion"] == plist["CFBundleShortVersionString"] == VERSION
    assert "LSBackgroundOnly" not in plist


def test_windows_gets_a_windowed_program_a_console_companion_and_version_resources(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    targets = run_spec("win32", monkeypatch)
    exes = {t.kwargs["name"]: t for t in made(targets, "EXE")}
    assert exes["ohhell"].kwargs["console"] is False
    assert exes["ohhell-console"].kwargs["console"] is True
    assert exes["ohhell-single"].kwargs["console"] is False  # attaches to a parent console
    (collect,) = made(targets, "COLLECT")
    assert exes["ohhell"] in collect.args and exes["ohhell-console"] in collect.args
    for exe in exes.values():
        text = Path(exe.kwargs["version"]).read_text(encoding="utf-8")
        assert f"StringStruct('ProductVersion', '{VERSION}')" in text
    assert not made(targets, "BUNDLE")


def test_every_build_carries_the_licences_and_no_unused_data(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    targets = run_spec("linux", monkeypatch)
    (analysis,) = made(targets, "Analysis")
    names = [dest for dest, _, _ in analysis.datas]
    assert {"LICENSE.txt", notices.NOTICE_NAME} <= set(names)
    assert "pygame_gui/data/NotoSans-Regular.ttf" in names  # pygame_gui loads it itself
    assert "pygame_gui/data/NotoSans-Bold.ttf" not in names
    assert not [n for n in names if n.endswith((".po", ".pot"))]
    # the LGPL packages as files beside the program, where a player can replace them
    assert analysis.kwargs["module_collection_mode"] == {"pygame": "pyc", "zeroconf": "pyc"}
    excludes = analysis.kwargs["excludes"]
    assert "readline" in excludes and "websockets.cli" in excludes
    (onefile,) = [t for t in made(targets, "EXE") if t.kwargs["name"] == "ohhell-single"]
    assert analysis.datas is onefile.args[3]  # the single file carries them too


def test_the_version_is_written_once() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^dynamic = \["version"\]', pyproject, re.MULTILINE)
    assert not re.search(r"^version\s*=", pyproject, re.MULTILINE)
    assert meta.version() == VERSION == importlib.metadata.version("ohhell")
    for path in [
        *BUILD.glob("*.py"),
        BUILD / "ohhell.spec",
        ROOT / ".github/workflows/release.yml",
    ]:
        assert f'"{VERSION}"' not in path.read_text(encoding="utf-8"), path
    # the release notes name it, as they must: the newest metainfo release and the CHANGELOG
    assert meta.changelog_section(VERSION)
    metainfo = ElementTree.parse(BUILD / "linux" / f"{meta.APP_ID}.metainfo.xml").getroot()
    assert metainfo.findall("releases/release")[0].get("version") == VERSION


def test_a_release_tag_must_be_the_version() -> None:
    meta.check_tag(f"v{VERSION}")
    with pytest.raises(SystemExit, match="is not"):
        meta.check_tag("v99.0.0")


def test_the_readme_download_table_is_what_the_workflow_uploads() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Download and play", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"`(ohhell-<version>-[^`]+)`", table))
    expected = {name.replace(VERSION, "<version>") for name in meta.all_release_assets(VERSION)}
    assert listed == expected
    assert "SHA256SUMS.txt" in table
    assert "Open Anyway" in table and "More info" in table  # Gatekeeper, SmartScreen


def test_the_workflow_uploads_every_release_file_and_sums_them() -> None:
    workflow = (ROOT / ".github/workflows/release.yml").read_text(encoding="utf-8")
    for tag in meta.RELEASE_TAGS:
        assert f"tag: {tag}" in workflow
    assert "--check-assets artifacts" in workflow and "sha256sum" in workflow
    assert re.search(r"^permissions:\n  contents: read", workflow, re.MULTILINE)
    assert workflow.count("contents: write") == 1


def test_the_workflow_builds_every_system_before_any_tag_and_publishes_only_a_tag() -> None:
    workflow = (ROOT / ".github/workflows/release.yml").read_text(encoding="utf-8")
    triggers = workflow.split("\non:\n", 1)[1].split("\n\n", 1)[0]
    assert "branches: [main]" in triggers and 'tags: ["v*"]' in triggers
    assert "workflow_dispatch:" in triggers
    release = workflow.split("\n  release:\n", 1)[1]
    assert "if: startsWith(github.ref, 'refs/tags/')" in release
    assert "needs: [test, build, flatpak]" in release
    assert not re.search(r"PYTHONUTF8\s*[:=]", workflow)  # smoke tests in the console's encoding
    used = dict(re.findall(r"uses: ([\w/-]+)@v(\d+)", workflow))
    assert used == {
        "actions/checkout": "7",
        "actions/setup-python": "7",
        "actions/upload-artifact": "7",
        "actions/download-artifact": "8",
        "softprops/action-gh-release": "3",
    }
    assert "build/make.py --no-build --check-glibc" in workflow
    assert "--runtime-repo=https://dl.flathub.org/repo/flathub.flatpakrepo" in workflow


def test_the_glibc_floor_is_checked_and_the_readme_states_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import make

    floor = ".".join(map(str, meta.GLIBC_FLOOR))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"glibc {floor} or newer" in readme.split("## Download and play", 1)[1]
    if not sys.platform.startswith("linux") or not shutil.which("objdump"):
        pytest.skip("reads a Linux program's symbol versions with objdump")
    shutil.copy2(sys.executable, tmp_path / "python")
    needed, where = make.glibc_needed(tmp_path)
    assert where == "python" and needed >= (2, 2)
    monkeypatch.setattr(make, "folder_build", lambda: tmp_path)
    monkeypatch.setattr(meta, "GLIBC_FLOOR", (2, 0))
    with pytest.raises(SystemExit, match=r"newer than the 2\.0 the README promises"):
        make.report_glibc(strict=True)
    make.report_glibc(strict=False)  # reports, and does not fail
    monkeypatch.setattr(meta, "GLIBC_FLOOR", needed)
    make.report_glibc(strict=True)


def test_the_desktop_file_and_the_metainfo() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(BUILD / "linux" / f"{meta.APP_ID}.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Exec"] == "ohhell"
    assert desktop["Icon"] == meta.APP_ID and desktop["Name"] == meta.APP_NAME
    assert "Game" in desktop["Categories"].split(";")
    root = ElementTree.parse(BUILD / "linux" / f"{meta.APP_ID}.metainfo.xml").getroot()
    assert root.findtext("id") == meta.APP_ID
    assert root.findtext("launchable") == f"{meta.APP_ID}.desktop"
    assert root.findtext("project_license") == "MIT"
    for tool, args in (
        ("desktop-file-validate", [str(BUILD / "linux" / f"{meta.APP_ID}.desktop")]),
        (
            "appstreamcli",
            ["validate", "--no-net", str(BUILD / "linux" / f"{meta.APP_ID}.metainfo.xml")],
        ),
    ):
        if shutil.which(tool):  # .ci/run installs both
            result = subprocess.run([tool, *args], capture_output=True, text=True)
            assert result.returncode == 0, result.stdout + result.stderr


def test_the_windows_version_resource_is_what_pyinstaller_reads() -> None:
    calls: dict[str, Any] = {}

    def record(name: str) -> Any:
        def make(*args: Any, **kwargs: Any) -> tuple[str, tuple[Any, ...], dict[str, Any]]:
            calls.setdefault(name, []).append((args, kwargs))
            return (name, args, kwargs)

        return make

    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct")
    text = winres.version_resource("1.2.3", "ohhell.exe", "Oh Hell")
    eval(text, {name: record(name) for name in (*names, "VarFileInfo", "VarStruct")})
    strings = dict(args for args, _ in calls["StringStruct"])
    assert strings["ProductVersion"] == strings["FileVersion"] == "1.2.3"
    assert strings["OriginalFilename"] == "ohhell.exe"
    (fixed,) = calls["FixedFileInfo"]
    assert fixed[1]["filevers"] == fixed[1]["prodvers"] == (1, 2, 3, 0)


def test_the_flatpak_installs_the_locked_wheels() -> None:
    assert (BUILD / "linux" / "python-dependencies.json").read_text(
        encoding="utf-8"
    ) == flatpak.render()
    module = flatpak.module()
    for source in module["sources"]:
        assert source["url"].startswith("https://files.pythonhosted.org/")
        assert re.fullmatch(r"[0-9a-f]{64}", source["sha256"])
    manifest = (BUILD / "linux" / f"{meta.APP_ID}.yml").read_text(encoding="utf-8")
    assert f"id: {meta.APP_ID}" in manifest and "python-dependencies.json" in manifest


def _uv() -> str:
    found = os.environ.get("UV") or shutil.which("uv")
    if not found:
        pytest.skip("uv is not on this machine")
    return found


@pytest.mark.slow
def test_the_wheel_has_no_catalog_sources_and_the_sdist_no_screenshots(tmp_path: Path) -> None:
    subprocess.run([_uv(), "build", "--quiet", "--out-dir", str(tmp_path), str(ROOT)], check=True)
    (wheel,) = tmp_path.glob("*.whl")
    (sdist,) = tmp_path.glob("*.tar.gz")
    assert wheel.name == f"ohhell-{VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = archive.read(f"ohhell-{VERSION}.dist-info/METADATA").decode()
    assert not [n for n in names if n.endswith((".po", ".pot"))]
    assert "game/assets/locale/cs/LC_MESSAGES/ohhell.mo" in names
    assert "game/settings.json" in names and "game/assets/fonts/NotoSans-Regular.ttf" in names
    assert f"ohhell-{VERSION}.dist-info/licenses/LICENSE" in names
    assert "License-Expression: MIT" in metadata
    with tarfile.open(sdist) as archive:
        members = archive.getnames()
    assert not [n for n in members if "docs/screenshots" in n]
    assert f"ohhell-{VERSION}/LICENSE" in members
    assert sdist.stat().st_size < 4 * 2**20
