"""A seat's view is a value: compared and hashed field by field, and read-only, which
the type checker enforces (at run time it is a plain slotted class, cheap to build)."""

from __future__ import annotations

import dataclasses
import os

from mypy import api

from game.rules import PRESETS, Match, SeatView


def _view() -> SeatView:
    match = Match(PRESETS["oh-hell"].rules(4), seed=3)
    match.advance_until_decision()
    return match.view(match.awaiting[0])


def _type_errors(program: str) -> str:
    """What strict mypy says of ``program`` (no config file, no cache written)."""
    flags = ["--strict", "--config-file", "", "--no-incremental", "--cache-dir", os.devnull]
    report, errors, _ = api.run([*flags, "-c", program])
    assert not errors, errors
    return report


def test_views_are_values() -> None:
    view = _view()
    copy = dataclasses.replace(view)
    assert copy is not view and copy == view and hash(copy) == hash(view)
    assert dataclasses.replace(view, legal=()) != view
    assert not hasattr(view, "__dict__"), "a view has only its fields"


def test_the_type_checker_holds_views_read_only_and_typed() -> None:
    fields = ("legal", "hand", "seat", "bids")
    program = "import dataclasses\nfrom game.rules.view import SeatView\n"
    program += "def change(view: SeatView) -> None:\n"
    program += "".join(f"    view.{field} = view.{field}\n" for field in fields)
    program += "def copy(view: SeatView) -> SeatView:\n"
    program += "    return dataclasses.replace(view, legal=(), hand_size='ten')\n"
    report = _type_errors(program)
    for field in fields:
        assert f'"{field}" defined in "SeatView" is read-only' in report
    assert 'Argument "hand_size" to "replace" of "SeatView"' in report
    assert "Found 5 errors" in report
