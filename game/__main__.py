"""Entry point: ``uv run ohhell`` or ``python -m game``.

A last-resort guard: what the commands do not refuse themselves ends as one
line on stderr (exit 70), with the traceback kept in a log file, never as a
traceback on the terminal. A file or the output that cannot be written (a full
disk, ``> /dev/full``) is one line too (exit 74). Ctrl+C ends quietly with exit 130.
Output never fails on its encoding: a console or file in a code page (cp1252, ascii)
gets what it cannot show replaced.

A windowed build has no terminal of its own: on Windows it writes on the terminal it
was started from, if any (``ohhell.exe --help`` in a command prompt), and where there
is none (a double-click, the macOS app) an internal error is shown in a message box
saying where the log is.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from game.exits import CANNOT_WRITE, INTERNAL_ERROR, INTERRUPTED

# traceback, tempfile and datetime are imported where an error is logged: together they
# cost the start about 10 ms (traceback brings linecache and tokenize, tempfile shutil
# and random), and the title's first frame needs none of them.

ERROR_LOG_NAME = "error.log"
MAX_LOG_BYTES = 1024 * 1024
"""An error log larger than this is started afresh rather than appended to."""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    attach_parent_console()
    tolerate_encodings()
    return _output_flushed(_guarded(args))


def tolerate_encodings() -> None:
    """Let the output replace what its encoding cannot hold (``?``) rather than fail:
    Czech words on a cp1252 console, or redirected to a file in ASCII."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None or getattr(stream, "errors", None) != "strict":
            continue  # already tolerant (stderr escapes), or not a text file
        with contextlib.suppress(ValueError, OSError):  # if it cannot, left as it is
            reconfigure(errors="replace")


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
        if no_terminal():
            show_error(
                f"Oh Hell stopped on an internal error:\n\n{message}\n\nDetails are in {log}"
            )
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


def attach_parent_console() -> bool:
    """In a windowed Windows build (no stdout) started from a terminal, write on that
    terminal; whether it did. The single-file program runs in a child of its unpacking
    process, itself windowed: there the terminal is the grandparent's."""
    if sys.platform != "win32" or sys.stdout is not None:
        return False
    import ctypes

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    attached = kernel32.AttachConsole(-1)  # ATTACH_PARENT_PROCESS
    if not attached:
        grandparent = _parent_of(os.getppid())
        attached = grandparent is not None and kernel32.AttachConsole(grandparent)
    if not attached:
        return False
    sys.stdout = open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115
    sys.stderr = open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115
    return True


def _parent_of(pid: int) -> int | None:
    """The parent process of ``pid`` (Windows), from a snapshot of the processes."""
    if sys.platform != "win32":
        return None
    import ctypes
    from ctypes import wintypes

    class Entry(ctypes.Structure):  # PROCESSENTRY32W
        _fields_ = [
            ("dwSize", wintypes.DWORD),
            ("cntUsage", wintypes.DWORD),
            ("th32ProcessID", wintypes.DWORD),
            ("th32DefaultHeapID", ctypes.c_size_t),
            ("th32ModuleID", wintypes.DWORD),
            ("cntThreads", wintypes.DWORD),
            ("th32ParentProcessID", wintypes.DWORD),
            ("pcPriClassBase", ctypes.c_long),
            ("dwFlags", wintypes.DWORD),
            ("szExeFile", ctypes.c_wchar * 260),
        ]

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    kernel32.CreateToolhelp32Snapshot.restype = wintypes.HANDLE
    snapshot = kernel32.CreateToolhelp32Snapshot(0x2, 0)  # TH32CS_SNAPPROCESS
    if snapshot is None or snapshot == wintypes.HANDLE(-1).value:
        return None
    try:
        entry = Entry()
        entry.dwSize = ctypes.sizeof(Entry)
        more = kernel32.Process32FirstW(snapshot, ctypes.byref(entry))
        while more:
            if entry.th32ProcessID == pid:
                return int(entry.th32ParentProcessID)
            more = kernel32.Process32NextW(snapshot, ctypes.byref(entry))
    finally:
        kernel32.CloseHandle(snapshot)
    return None


def no_terminal() -> bool:
    """Whether nobody would read stderr: a windowed Windows build started without a
    terminal, or the macOS app started from the Finder."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":  # headless: tests, smoke runs
        return False
    if sys.stderr is None:
        return True
    in_app = ".app/Contents/MacOS/" in sys.executable
    return sys.platform == "darwin" and in_app and not sys.stderr.isatty()


def show_error(text: str) -> None:
    """A native message box with ``text`` (nothing if none can be shown)."""
    try:
        if sys.platform == "win32":
            import ctypes

            ctypes.windll.user32.MessageBoxW(
                None, text, "Oh Hell", 0x10 | 0x40000
            )  # error, topmost
            return
        import pygame

        pygame.display.message_box("Oh Hell", text, message_type="error")
    except Exception:  # the box is a courtesy: the log is written already
        pass


def write_error_log(error: BaseException, argv: list[str]) -> str:
    """Append the traceback of ``error`` to the log in the per-user data folder, or
    write it to a new file in the temporary folder; returns where it went. Never
    raises, whatever the text (an argument that is not UTF-8 is escaped)."""
    import tempfile
    import traceback
    from datetime import datetime

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

    path = data_dir() / ERROR_LOG_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    append_private(path, text, MAX_LOG_BYTES)
    return path


if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # only a frozen build needs it (and the import costs)
        import multiprocessing

        multiprocessing.freeze_support()  # a frozen build starting the players' worker
    sys.exit(main())
