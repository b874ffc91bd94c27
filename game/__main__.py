"""Entry point: ``uv run ohhell`` or ``python -m game``.

A last-resort guard: what the commands do not refuse themselves ends as one
line on stderr (exit 70), with the traceback kept in a log file, never as a
traceback on the terminal. A file or the output that cannot be written (a full
disk, ``> /dev/full``) is one line too (exit 74). Ctrl+C ends quietly with exit 130.
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from datetime import datetime
from pathlib import Path

INTERNAL_ERROR = 70  # EX_SOFTWARE
CANNOT_WRITE = 74  # EX_IOERR
INTERRUPTED = 130
LOG_NAME = "error.log"
MAX_LOG_BYTES = 1024 * 1024
"""An error log larger than this is started afresh rather than appended to."""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    return _output_flushed(_guarded(args))


def _guarded(args: list[str]) -> int:
    try:
        from game.cli import run

        return run(args)
    except SystemExit as done:  # argparse's --help, --version and errors
        return _exit_status(done.code)
    except BrokenPipeError:  # output piped into a program that stopped reading
        _silence_output()
        return 0
    except KeyboardInterrupt:
        return INTERRUPTED
    except OSError as error:  # a file or the output that cannot be written or read
        print(f"ohhell: {_os_words(error)}", file=sys.stderr)
        return CANNOT_WRITE
    except Exception as error:
        log = write_error_log(error, args)
        message = " ".join(f"{type(error).__name__}: {error}".split())[:200]
        print(f"ohhell: internal error: {message}; details in {log}", file=sys.stderr)
        return INTERNAL_ERROR


def _exit_status(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _os_words(error: OSError) -> str:
    """``No space left on device (/tmp/games.jsonl)``: the reason, and the file."""
    reason = error.strerror or type(error).__name__
    name = error.filename
    return f"{reason} ({name!s:.200})" if name else f"{reason} (writing the output)"


def _output_flushed(status: int) -> int:
    """``status``, once what was printed is written; one line and exit 74 if it
    cannot be (the output is a full disk)."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_output()
    except OSError as error:
        _silence_output()
        print(f"ohhell: cannot write the output: {_os_words(error)}", file=sys.stderr)
        return status or CANNOT_WRITE
    return status


def _silence_output() -> None:
    """Point the output at nothing, so that Python's own flush at exit cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def write_error_log(error: BaseException, argv: list[str]) -> str:
    """Append the traceback of ``error`` to the log in the per-user data folder, or
    write it to a new file in the temporary folder; returns where it went. Never
    raises, whatever the text (an argument that is not UTF-8 is escaped)."""
    stamp = datetime.now().isoformat(timespec="seconds")
    lines = traceback.format_exception(type(error), error, error.__traceback__)
    text = f"--- {stamp} ohhell {' '.join(argv)}\n" + "".join(lines) + "\n"
    try:
        return str(_append_to_data_log(text))
    except Exception:  # the data folder itself may be what is broken
        pass
    try:
        handle, name = tempfile.mkstemp(prefix="ohhell-error-", suffix=".log")
        with os.fdopen(handle, "wb") as stream:
            stream.write(text.encode("utf-8", "backslashreplace"))
        return name
    except Exception:
        return "no log file (no folder could be written)"


def _append_to_data_log(text: str) -> Path:
    from game.resources import data_dir
    from game.storage import append_private

    path = data_dir() / LOG_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    append_private(path, text, MAX_LOG_BYTES)
    return path


if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # only a frozen build needs it (and the import costs)
        import multiprocessing

        multiprocessing.freeze_support()  # a frozen build starting the players' worker
    sys.exit(main())
