"""The long fault and hostile-input run (tools/fuzz.py) in its quick form: every group
runs and holds, so the tool cannot rot between the long runs."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # every fault group

TOOL = Path(__file__).resolve().parent.parent / "tools" / "fuzz.py"


@pytest.fixture(scope="module")
def fuzz() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fuzz_tool"] = module
    spec.loader.exec_module(module)
    return module


def test_every_group_holds_in_the_quick_run(
    fuzz: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert fuzz.main(["--quick"]) == 0
    out = capsys.readouterr().out
    for group in ("actions", "saves", "settings", "kills", "commands"):
        line = next(line for line in out.splitlines() if line.startswith(group))
        tried, held = (int(word) for word in line.split()[1:3])
        assert tried > 0 and held == tried, line


def test_a_refusal_that_changed_the_state_is_counted_as_a_failure(fuzz: types.ModuleType) -> None:
    tally = fuzz.Tally("probe")
    tally.check(True, "fine")
    tally.check(False, "broke")
    assert (tally.tried, tally.held, tally.failures) == (2, 1, ["broke"])
