"""The long fault and hostile-input run (tools/fuzz.py) in its quick form: every group
runs and holds, so the tool cannot rot between the long runs."""

from __future__ import annotations

import types

import pytest

from tests.tool_module import load_tool

pytestmark = pytest.mark.slow  # every fault group


@pytest.fixture(scope="module")
def fuzz() -> types.ModuleType:
    return load_tool("fuzz.py")


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
