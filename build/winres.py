"""The Windows version resource of the executables (Explorer's Properties > Details,
SmartScreen's publisher line), in the text form PyInstaller's ``EXE(version=FILE)``
reads (``PyInstaller.utils.win32.versioninfo.load_version_info_from_text_file``)."""

from __future__ import annotations

from pathlib import Path

import meta


def version_resource(version: str, exe_name: str, description: str) -> str:
    """The ``VSVersionInfo(...)`` expression for ``exe_name`` at ``version``."""
    numbers = meta.numeric_version(version)
    strings = {
        "CompanyName": meta.PUBLISHER,
        "FileDescription": description,
        "FileVersion": version,
        "InternalName": exe_name.removesuffix(".exe"),
        "LegalCopyright": f"Copyright (c) {meta.PUBLISHER}. MIT licence.",
        "OriginalFilename": exe_name,
        "ProductName": meta.APP_NAME,
        "ProductVersion": version,
    }
    table = ",\n          ".join(
        f"StringStruct({key!r}, {value!r})" for key, value in strings.items()
    )
    return f"""# UTF-8
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers},
    prodvers={numbers},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0),
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
          {table},
        ],
      ),
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])]),
  ],
)
"""


def write_version_resource(folder: Path, version: str, exe_name: str, description: str) -> Path:
    """Write :func:`version_resource` to a file in ``folder``; its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"version-{exe_name.removesuffix('.exe')}.txt"
    path.write_text(version_resource(version, exe_name, description), encoding="utf-8")
    return path
