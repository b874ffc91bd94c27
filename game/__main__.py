"""Entry point: ``uv run ohhell`` or ``python -m game``.

A last-resort guard: what the commands do not refuse themselves ends as one
line on stderr (exit 70), with the traceback kept in a log file, never as a
traceback on the terminal. Ctrl+C ends quietly with exit 130.
"""

from __future__ import annotations

import sys
import tempfile
import traceback
from datetime import datetime
from pathlib import Path

INTERNAL_ERROR = 70  # EX_SOFTWARE
INTERRUPTED = 130
LOG_NAME = "error.log"
MAX_LOG_BYTES = 1024 * 1024
"""An error log larger than this is started afresh rather than appended to."""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        from game.cli import run

        return run(args)
    except BrokenPipeError:  # output piped into a program that stopped reading
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return INTERRUPTED
    except Exception as error:
        log = write_error_log(error, args)
        message = " ".join(f"{type(error).__name__}: {error}".split())[:200]
        print(f"ohhell: internal error: {message}; details in {log}", file=sys.stderr)
        return INTERNAL_ERROR


def write_error_log(error: BaseException, argv: list[str]) -> str:
    """Append the traceback of ``error`` to the log in the per-user data folder, or
    write it to a new file in the temporary folder; returns where it went."""
    stamp = datetime.now().isoformat(timespec="seconds")
    lines = traceback.format_exception(type(error), error, error.__traceback__)
    text = f"--- {stamp} ohhell {' '.join(argv)}\n" + "".join(lines)
    try:
        return str(_append_to_data_log(text))
    except Exception:  # the data folder itself may be what is broken
        pass
    try:
        with tempfile.NamedTemporaryFile(
            "w", prefix="ohhell-error-", suffix=".log", delete=False, encoding="utf-8"
        ) as stream:
            stream.write(text)
        return stream.name
    except OSError:
        return "no log file (no folder could be written)"


def _append_to_data_log(text: str) -> Path:
    from game.resources import data_dir

    path = data_dir() / LOG_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = not path.is_file() or path.stat().st_size > MAX_LOG_BYTES
    with path.open("w" if fresh else "a", encoding="utf-8") as stream:
        stream.write(text + "\n")
    return path


if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # only a frozen build needs it (and the import costs)
        import multiprocessing

        multiprocessing.freeze_support()  # a frozen build starting the players' worker
    sys.exit(main())
