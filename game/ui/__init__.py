"""The pygame table: scenes, drawing and input."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
