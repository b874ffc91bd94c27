"""A seat's view is a value: compared and hashed field by field, and read-only, which
the type checker enforces (at run time it is a plain slotted class, cheap to build).
The card counts and who has bid are worked out from its fields (``test_engine_fast_paths``
checks them against the match at every state of its games); a view from the network
must agree with them."""

from __future__ import annotations

import dataclasses
import os

import msgspec
import pytest
from mypy import api

from game.net.wire import decode_view, view_doc
from game.rules import PRESETS, Match, Phase, SeatView


def _view() -> SeatView:
    match = Match(PRESETS["oh-hell"].rules(4), seed=3)
    match.advance_until_decision()
    return match.view(match.awaiting[0])


def _playing_view() -> tuple[Match, SeatView]:
    """A view in the middle of a trick: some seats have one card fewer."""
    match = Match(PRESETS["oh-hell"].rules(4), seed=3)
    match.advance_until_decision()
    while match.phase is Phase.BIDDING or len(match.trick) != 2:
        match.apply(match.legal_actions()[0])
    return match, match.view(match.awaiting[0])


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


def test_counts_and_bids_are_worked_out_from_the_view() -> None:
    match, view = _playing_view()
    size = match.hand_size - len(match.tricks)
    leader = match.leader
    assert view.hand_counts == tuple(
        size - (seat in (leader, (leader + 1) % 4)) for seat in range(4)
    )
    assert view.has_bid == (True,) * 4 and view.bids_revealed


def test_a_view_from_the_network_agrees_with_its_counts() -> None:
    match, view = _playing_view()
    doc = view_doc(view, known_results=0, refusals=())
    assert decode_view(doc, match.rules, ()) == view
    counts = tuple(reversed(view.hand_counts))
    assert counts != view.hand_counts
    with pytest.raises(ValueError, match="card counts"):
        decode_view(msgspec.structs.replace(doc, hand_counts=counts), match.rules, ())
    with pytest.raises(ValueError, match="card counts"):
        decode_view(msgspec.structs.replace(doc, bids_revealed=False), match.rules, ())
