"""Records reach the screens as typed values (issue 32, item 2): the screens never
index a record's JSON, and the made-bid rule of a kept record is the engine's."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from game.play.summary import summary_of
from game.rules.errors import RecordError
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import PRESETS
from game.rules.record import HandRecord, Player, dumps, to_record
from game.saves import decode_record, record_of
from tests.kept import summary_from

UI = Path(__file__).resolve().parents[1] / "game" / "ui"
RECORD_KEYS = {"players", "totals", "hands", "winners", "variant", "seed", "bids", "taken"}
THEME_ONLY = {"kit/gui.py"}
"""pygame_gui's theme is JSON of its own (no record)."""


def _played(seed: int) -> Match:
    match = Match(PRESETS["oh-hell"].rules(4), seed)
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            match.advance()
        else:
            match.apply(match.legal_actions()[seed % len(match.legal_actions())])
    return match


def _is_get(node: ast.AST) -> bool:
    """``something.get("key", ...)``."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
    )


def _record_indexing(tree: ast.AST) -> list[str]:
    """Where a record or a hand of one is indexed by a record's key."""
    found = []
    for node in ast.walk(tree):
        key, base = None, ""
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            key, base = node.slice.value, ast.unparse(node.value)
        elif _is_get(node):
            assert isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            assert isinstance(node.args[0], ast.Constant)
            key, base = node.args[0].value, ast.unparse(node.func.value)
        if key in RECORD_KEYS and ("record" in base or "hand" in base):
            found.append(f"{getattr(node, 'lineno', '?')}: {key}")
    return found


def test_no_screen_indexes_a_record() -> None:
    offenders = {}
    for path in sorted(UI.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(UI).as_posix()
        found = _record_indexing(ast.parse(text))
        if "dict[str, Any]" in text and name not in THEME_ONLY:
            found.append("dict[str, Any]")
        if found:
            offenders[name] = found
    assert offenders == {}


def test_the_scan_sees_a_record_indexed() -> None:
    planted = (
        'totals = game.record["totals"]\nvariant = record.get("variant")\nx = pages["players"]'
    )
    assert _record_indexing(ast.parse(planted)) == ["1: totals", "2: variant"]


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_a_kept_records_made_bids_are_the_engines(seed: int) -> None:
    match = _played(seed)
    players = [Player(f"P{seat}") for seat in range(4)]
    summary = summary_of(record_of(decode_record(dumps(to_record(match, players)))))
    assert [hand.made for hand in summary.hands] == [result.made for result in match.results]
    assert [hand.totals for hand in summary.hands] == [r.totals for r in match.results]
    assert summary.totals == match.scores and summary.seed == seed


def test_an_unfinished_record_is_refused_in_words() -> None:
    players = [{"name": "Ann"}, {"name": "Bo"}]
    with pytest.raises(RecordError, match="not finished"):
        summary_from({"players": players, "totals": [3]})
    hand = {"size": 1, "bids": [1], "taken": [1, 0]}
    with pytest.raises(RecordError, match="incomplete"):
        summary_from({"players": players, "totals": [3, 0], "hands": [hand]})
    record = to_record(_played(3), [Player(f"P{seat}") for seat in range(4)])
    started = HandRecord(0, (1, None, None, None), size=1)  # no tricks taken yet
    with pytest.raises(RecordError, match="incomplete"):
        summary_of(dataclasses.replace(record, hands=(*record.hands, started)))
