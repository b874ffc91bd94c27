"""Load a script of ``tools/`` as a module, for the tests of that tool."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def load_tool(filename: str) -> types.ModuleType:
    """``tools/<filename>`` run as the module ``<stem>_tool`` (registered in
    ``sys.modules``: dataclasses look their module up)."""
    name = f"{Path(filename).stem}_tool"
    spec = importlib.util.spec_from_file_location(name, TOOLS / filename)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
