"""Where the game's files are: bundled resources and the per-user folders.

Resources (``assets/``, the default ``settings.json``, translations) are found
the same way from a source checkout, an installed wheel and the frozen
program: next to the ``game`` package when bundled there (wheel and frozen
builds put them at ``game/assets`` and ``game/settings.json``), else at the
top of the source tree.

User settings and saves live in the per-user folders from platformdirs,
never beside the program. ``OHHELL_HOME`` moves them all under one folder
(tests and portable installs use it).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "ohhell"
_PACKAGE = Path(__file__).resolve().parent


def resource_root() -> Path:
    """The folder holding ``assets/`` and the default ``settings.json``."""
    if (_PACKAGE / "settings.json").is_file():
        return _PACKAGE
    return _PACKAGE.parent


def asset(*parts: str) -> Path:
    """A file under ``assets/``."""
    return resource_root().joinpath("assets", *parts)


def default_settings_file() -> Path:
    return resource_root() / "settings.json"


def config_dir() -> Path:
    """Where the player's settings are kept."""
    home = os.environ.get("OHHELL_HOME")
    if home:
        return Path(home) / "config"
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    """Where saved games are kept."""
    home = os.environ.get("OHHELL_HOME")
    if home:
        return Path(home) / "data"
    return Path(platformdirs.user_data_dir(APP, appauthor=False))
