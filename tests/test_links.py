"""No write goes through a planted link (issue 33, item 3).

Every file the game creates or replaces goes through one writer
(:func:`game.storage.atomic_write_bytes`: a private temporary file renamed over the
target, so a link there is replaced, never followed), the error log through
:func:`game.storage.append_private` (a link refused), and outputs named on the
command line refuse links outright. A link is planted at each path the game writes,
pointing at a file of the player's; after the write, that file is unchanged.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from game.net.serve import keys_path, write_keys
from game.play.analysis import write_analysis
from game.play.autosave import Autosaver
from game.play.extras import write_extras
from game.play.sealing import deal_key
from game.play.stats import StatsFile
from game.play.summary import summary_of
from game.rules.presets import PRESETS
from game.rules.record import Player
from game.settings import SettingsStore
from game.storage import NotRegular, append_private, atomic_write_text

GAME = Path(__file__).resolve().parent.parent / "game"
PRECIOUS = "the player's own file\n"


def planted(path: Path, tmp_path: Path) -> Path:
    """A link at ``path`` to a file of the player's; the file."""
    target = tmp_path / "precious.txt"
    target.write_text(PRECIOUS)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)
    return target


def _settings(path: Path) -> None:
    store = SettingsStore(path=path)
    store.update(volume=0.3)


def _autosave(path: Path) -> None:
    saver = Autosaver(path)
    saver.write('{"a": 1}')
    assert saver.flush()
    saver.close()


def _extras(path: Path) -> None:
    assert write_extras(path.with_name("autosave.json"), 5, ["Ann"], 1, None) is None


def _stats(path: Path) -> None:
    from tests.endkill import play

    session = play(until_last=False)
    StatsFile(path).retire(summary_of(session.record()))
    session.close()


def _analysis(path: Path) -> None:
    assert write_analysis(path, [], True)


def _keys(path: Path) -> None:
    from game.net.table import HostedTable

    players = [Player("A"), Player("B"), Player("C")]
    table = HostedTable.new(PRESETS["oh-hell"].rules(3), 5, players)
    write_keys(table, path.with_name("table.json"))


def _deal_key(path: Path) -> None:
    assert len(deal_key(path)) == 32


WRITERS: dict[str, tuple[str, Callable[[Path], None]]] = {
    "settings": ("settings.json", _settings),
    "autosave": ("autosave.json", _autosave),
    "autosave extras": ("autosave.extras.json", _extras),
    "statistics": ("stats.json", _stats),
    "analysis": ("game-20261203-101010-000001.analysis.json", _analysis),
    "seat keys": ("table.json.seats", _keys),
    "deal key": ("deals.key", _deal_key),
}


@pytest.mark.parametrize("name", WRITERS)
def test_a_link_planted_where_the_game_writes_is_replaced_not_followed(
    name: str, tmp_path: Path
) -> None:
    filename, write = WRITERS[name]
    path = tmp_path / "folder" / filename
    target = planted(path, tmp_path)
    write(path)
    assert target.read_text() == PRECIOUS
    assert path.is_file() and not path.is_symlink()
    assert path.stat().st_mode & 0o077 == 0, "private: only the player reads it"


def test_the_seat_keys_are_private(tmp_path: Path) -> None:
    _keys(tmp_path / "table.json.seats")
    assert keys_path(tmp_path / "table.json").stat().st_mode & 0o777 == 0o600


def test_the_error_log_refuses_a_link_and_a_hard_link(tmp_path: Path) -> None:
    log = tmp_path / "error.log"
    target = planted(log, tmp_path)
    with pytest.raises((OSError, NotRegular)):
        append_private(log, "boom\n", 1000)
    assert target.read_text() == PRECIOUS
    log.unlink()
    os.link(target, log)
    with pytest.raises(NotRegular):
        append_private(log, "boom\n", 1000)
    assert target.read_text() == PRECIOUS


def test_atomic_writes_replace_a_link_to_a_folder_or_a_pipe(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.symlink_to(tmp_path)
    atomic_write_text(path, "{}")
    assert path.read_text() == "{}" and not path.is_symlink()


WRITE_CALLS = {"write_text", "write_bytes", "mkstemp", "NamedTemporaryFile", "mkfifo"}
ALLOWED = {
    "storage.py",  # the one writer
    "instance.py",  # the single-instance lock (never follows a link itself)
    "cliargs.py",  # a scratch file proving a folder can be written
    "__main__.py",  # the last-resort log in the temporary folder
}


def test_no_module_writes_a_file_but_through_the_one_writer() -> None:
    """No ``open`` for writing, ``write_text``, ``os.open`` or temporary file outside
    the modules that are the writer (tools and benchmarks' outputs included)."""
    found = []
    for path in GAME.rglob("*.py"):
        if path.name in ALLOWED:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            writes = name in WRITE_CALLS or (name == "open" and _writes(node))
            if name == "open" and isinstance(node.func, ast.Attribute):
                writes = writes or getattr(node.func.value, "id", "") == "os"
            if writes:
                found.append(f"{path.relative_to(GAME)}:{node.lineno} {name}")
    assert found == []


def _writes(call: ast.Call) -> bool:
    modes = [arg.value for arg in call.args[1:2] if isinstance(arg, ast.Constant)]
    modes += [
        k.value.value
        for k in call.keywords
        if k.arg == "mode" and isinstance(k.value, ast.Constant)
    ]
    return any(isinstance(mode, str) and set(mode) & set("wax+") for mode in modes)
