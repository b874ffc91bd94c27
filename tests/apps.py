"""What the tests' app fixtures hand out (``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import Callable

from game.ui.app import App

SizedApp = Callable[..., App]
"""``make(size, **settings)``: a real app in a window of ``size`` (the ``sized_app``
fixture)."""
