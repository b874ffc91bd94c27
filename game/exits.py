"""The program's exit statuses besides 0 (success) and 2 (argparse's usage errors)."""

ALREADY_RUNNING = 3
"""Another window of the game is open for this user (it was asked to come forward)."""
INTERNAL_ERROR = 70  # EX_SOFTWARE
"""A fault in the game itself (the error log says which)."""
CANNOT_WRITE = 74  # EX_IOERR
"""A file or the output could not be written or read."""
INTERRUPTED = 130
"""Ctrl+C."""
