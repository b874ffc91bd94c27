"""Files: atomic writes, bounded reads, damaged files kept aside, leftovers cleared.

Every file the game writes goes through :func:`atomic_write_text` (or
:func:`atomic_write_bytes`): a private temporary file beside the target, flushed to
disk, renamed over it; a link planted at the target is replaced, never followed.
The one file appended to, the error log, goes through :func:`append_private`,
which refuses links, hard links and anything but a regular file. Every file read
goes through :func:`read_bounded`. Every damaged file found is moved aside with
:func:`keep_aside` under a name never used before, so nothing the player had is
ever overwritten; :func:`remove_stale_temps` clears what interrupted writes left.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from pathlib import Path

TEMP_AGE = 10.0
"""Seconds after which a temporary file left by an interrupted save is stale."""
TEMP_SUFFIX = ".tmp"
"""The end of every temporary file's name (``.games.jsonl.k3x9_2ab.tmp``)."""
_TEMPORARY = re.compile(r"\..{1,48}\.[a-z0-9_]{8}(\.tmp)?")
"""The names our writers give temporary files: ``.``, up to 48 characters of the
target's name, ``.``, mkstemp's eight, and (since this release) ``.tmp``."""
_PROBE = re.compile(r"\.(probe|ohhell-check-)\.?[a-z0-9_]{8}")
"""Scratch files made to check that a folder can be written."""


class TooLarge(ValueError):
    """A file is larger than the game ever writes."""


class NotRegular(ValueError):
    """Where a file should be, something else is: a named pipe, a socket, a device or
    a folder. Reading it could wait for ever, so it is treated as damage."""


_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # opening a named pipe must not wait for a writer
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
BOM = b"\xef\xbb\xbf"


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8, newlines as they are) to ``path`` atomically: see
    :func:`atomic_write_bytes`. Raises OSError."""
    atomic_write_bytes(path, text.encode("utf-8", "surrogateescape"))


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` so that readers see the old file or the new one,
    never a half-written one: write a private temporary file beside it (mode 0600),
    flush it to disk, rename it over the target (a link there is replaced, not
    followed), then flush the folder. A failure (a full disk) leaves the old file
    as it was and no temporary file. Raises OSError."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(
        prefix=f".{target.name[:48]}.", suffix=TEMP_SUFFIX, dir=target.parent
    )
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    fsync_folder(target.parent)


_APPEND_FLAGS = (
    os.O_WRONLY
    | os.O_APPEND
    | os.O_CREAT
    | getattr(os, "O_NOFOLLOW", 0)  # a planted link is refused (ELOOP), not followed
    | getattr(os, "O_NONBLOCK", 0)  # a planted pipe must not make us wait
    | getattr(os, "O_CLOEXEC", 0)
)


def append_private(path: Path, text: str, limit: int) -> None:
    """Append ``text`` to the private file ``path`` (created with mode 0600; started
    afresh once larger than ``limit`` bytes). Refuses, with OSError or
    :class:`NotRegular`, a link, a file with other names (a hard link) or anything
    but a regular file, leaving what it points at untouched. Any text is written
    (what cannot be encoded is escaped)."""
    if os.name == "nt" and os.path.islink(path):  # no O_NOFOLLOW there
        raise NotRegular(f"{path.name} is a link")
    handle = os.open(path, _APPEND_FLAGS, 0o600)
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
            raise NotRegular(f"{path.name} is not a file of its own")
        if info.st_size > limit:
            os.ftruncate(handle, 0)
        os.write(handle, text.encode("utf-8", "backslashreplace"))
    finally:
        os.close(handle)


def fsync_folder(folder: Path) -> None:
    """Flush a folder's entries (a rename) to disk; a no-op where folders cannot be
    opened (Windows)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        handle = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path``, without a leading UTF-8 byte order
    mark. Never waits: raises :class:`NotRegular` for anything but a regular file,
    :class:`TooLarge` past ``limit`` bytes (reading no more than that), or OSError."""
    handle = os.open(path, _READ_FLAGS)
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise NotRegular(f"{Path(path).name} is not a regular file")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(handle, min(limit + 1 - size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(handle)
    data = b"".join(chunks)
    if len(data) > limit:
        raise TooLarge(f"{Path(path).name} is larger than {limit} bytes")
    return data.removeprefix(BOM)


def is_temporary(name: str) -> bool:
    """Whether ``name`` is one our writers give a temporary or scratch file.

    >>> is_temporary(".autosave.json.k3x9_2ab"), is_temporary(".games.jsonl.k3x9_2ab.tmp")
    (True, True)
    >>> is_temporary("autosave.json"), is_temporary(".hidden")
    (False, False)
    """
    return bool(_TEMPORARY.fullmatch(name) or _PROBE.fullmatch(name))


def remove_stale_temps(folder: Path) -> list[Path]:
    """Delete the temporary files interrupted writes left in ``folder`` (only those
    older than :data:`TEMP_AGE`, so a write under way is never touched); returns what
    was removed. Never raises."""
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    now = time.time()
    for entry in entries:
        if not is_temporary(entry.name):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if now - entry.stat(follow_symlinks=False).st_mtime < TEMP_AGE:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed


def keep_aside(path: Path, reason: str = "damaged") -> Path | None:
    """Move ``path`` to an unused name beside it, such as
    ``settings.damaged-20261201-081530.json`` (then ``-2``, ``-3``... or a random
    suffix); returns the new path, or None if it could not be moved. Never
    overwrites a file."""
    import secrets  # here: it loads OpenSSL, ~5 ms of every start otherwise

    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = f"{path.stem}.{reason}-{stamp}"
    tails = ["", *(f"-{n}" for n in range(2, 10)), *(f"-{secrets.token_hex(4)}" for _ in range(4))]
    for tail in tails:
        candidate = path.with_name(f"{base}{tail}{path.suffix}")
        try:
            _move_no_replace(path, candidate)
        except FileExistsError:
            continue
        except OSError:
            return None
        return candidate
    return None


def _move_no_replace(source: Path, target: Path) -> None:
    """Rename ``source`` to ``target``; FileExistsError if ``target`` exists. A hard
    link refuses an existing target atomically; where links are not supported,
    check first and rename (Windows' rename refuses existing targets itself)."""
    try:
        os.link(source, target, follow_symlinks=False)
    except FileExistsError:
        raise
    except (OSError, NotImplementedError):
        if os.path.lexists(target):
            raise FileExistsError(target) from None
        os.rename(source, target)
        return
    try:
        os.unlink(source)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(target)
        raise


def folder_problem(folder: Path) -> str | None:
    """Why files cannot be written in ``folder`` (created if missing), or None if
    they can: a small file is created there and removed."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=".probe.", dir=folder)
        os.close(handle)
        os.unlink(probe)
    except OSError as error:
        return error.strerror or error.__class__.__name__
    return None
