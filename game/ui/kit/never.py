"""Exhaustive matching on Python 3.10 (``typing.assert_never`` arrived in 3.11)."""

from __future__ import annotations

from typing import NoReturn


def unreachable(value: NoReturn) -> NoReturn:
    """Put in the last branch of a match over a union: mypy fails when a member of the
    union has no branch (the value then is not ``NoReturn``), and it raises if reached."""
    raise AssertionError(f"unhandled value: {value!r}")
