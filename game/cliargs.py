"""Argument types for the command lines (``argparse`` ``type=``).

Each turns what a player typed into a value, or refuses it saying what is
allowed; a :class:`Parser` prints that as one line on stderr and exits with 2.
Outputs and inputs are checked when the arguments are read, before any game is
played, so a run never ends by losing its results to a path it cannot write.
Bounds: counts as below, window sizes 320x240 to 7680x4320, files read at most
64 MiB (and a record line at most ``game.saves.MAX_RECORD_BYTES``).

>>> games = bounded_int(1, 100_000)
>>> games("25")
25
>>> games("1e9")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be a whole number from 1 to 100000, not '1e9'
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from argparse import ArgumentTypeError
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from game.i18n import N_, _, available_languages, tr
from game.rules.ruleset import MAX_PLAYERS, MIN_PLAYERS

MAX_SEED = 10**18
"""The largest deal number; a run's later games (seed + game) stay under 2**63."""
MAX_GAMES = 100_000
MAX_JOBS = 64
MAX_AFTER = 10_000
"""The most actions played before a screenshot."""
MIN_ASKED_SIZE = (320, 240)
MAX_ASKED_SIZE = (7680, 4320)
"""The smallest and largest picture or window a ``--size`` may ask for (the game's own
window is laid out for no less than ``game.ui.window.MIN_SIZE``)."""
MAX_INPUT_BYTES = 64 * 2**20
"""The largest file a command reads (a record of a long game is well under 1 MB)."""
MAX_BUDGET = 100.0
"""The largest search budget multiplier of the computer players."""

_SIZE = re.compile(r"\s*(\d{1,6})\s*[xX×]\s*(\d{1,6})\s*")


ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)
"""The words argparse itself prints, translated with the game's catalog (argparse
looks up its module-level ``_`` when it prints, which :class:`Parser` points at ours)."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, naming the command:
    ``ohhell simulate: error: argument --games: ... (see ohhell simulate --help)``.
    Every parser takes ``--lang CODE`` (read before any parser by ``game.cli``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        argparse._ = tr  # type: ignore[attr-defined]  # argparse's own words, translated
        super().__init__(*args, **kwargs)
        self.add_argument(
            "--lang",
            metavar="CODE",
            help=_("the language of the text: {codes}").format(
                codes=", ".join(available_languages())
            ),
        )

    def _print_message(self, message: str, file: Any = None) -> None:
        """As argparse's, but an output that cannot be written (a full disk) is not
        passed over in silence: the error reaches the command line's guard."""
        if message:
            stream = file if file is not None else sys.stderr
            stream.write(message)
            stream.flush()

    def error(self, message: str) -> NoReturn:
        self.exit(
            2,
            _("{prog}: error: {message} (see {prog} --help)").format(
                prog=self.prog, message=message
            )
            + "\n",
        )


def shortened(text: str, limit: int = 100) -> str:
    """``text`` with its middle cut past ``limit`` characters (the end of a path
    names the file).

    >>> shortened("/home/ann/games/2024/blob.jsonl", 20)
    '/home/ann...blob.jsonl'
    """
    if len(text) <= limit:
        return text
    return text[: limit // 2] + "..." + text[-(limit // 2) :]


def quoted(text: str, limit: int = 100) -> str:
    """``text`` shortened and quoted for a message.

    >>> quoted("abcdefghij", 6)
    "'abc...hij'"
    """
    return repr(shortened(text, limit))


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high``.

    >>> bounded_int(0, 10)(" 7 ")
    7
    >>> bounded_int(3, 8)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 3 to 8, not '0'
    """

    def whole_number(text: str) -> int:
        try:
            value = int(text) if len(text) <= 40 else None  # no slow parse of huge digit runs
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise ArgumentTypeError(
                _("must be a whole number from {low} to {high}, not {text}").format(
                    low=low, high=high, text=quoted(text)
                )
            )
        return value

    return whole_number


def bounded_float(low: float, high: float) -> Callable[[str], float]:
    """A finite number from ``low`` to ``high``.

    >>> bounded_float(0.01, 100)("2.5")
    2.5
    >>> bounded_float(0.01, 100)("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a number from 0.01 to 100, not 'nan'
    """

    def number(text: str) -> float:
        try:
            value = float(text) if len(text) <= 40 else None
        except ValueError:
            value = None
        # written so that NaN fails the range test too
        if value is None or not low <= value <= high:
            raise ArgumentTypeError(
                _("must be a number from {low} to {high}, not {text}").format(
                    low=f"{low:g}", high=f"{high:g}", text=quoted(text)
                )
            )
        return value

    return number


def window_size(text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` in pixels, within :data:`MIN_ASKED_SIZE` and :data:`MAX_ASKED_SIZE`.

    >>> window_size("1920x1080")
    (1920, 1080)
    >>> window_size("0x0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be WIDTHxHEIGHT, e.g. 1920x1080, with a width from 320 to 7680 and a height from 240 to 4320, not '0x0'
    """  # noqa: E501
    found = _SIZE.fullmatch(text)
    size = (int(found[1]), int(found[2])) if found else (0, 0)
    if not all(
        low <= value <= high
        for low, value, high in zip(MIN_ASKED_SIZE, size, MAX_ASKED_SIZE, strict=True)
    ):
        raise ArgumentTypeError(
            _(
                "must be WIDTHxHEIGHT, e.g. 1920x1080, with a width from {low_width} to "
                "{high_width} and a height from {low_height} to {high_height}, not {text}"
            ).format(
                low_width=MIN_ASKED_SIZE[0],
                high_width=MAX_ASKED_SIZE[0],
                low_height=MIN_ASKED_SIZE[1],
                high_height=MAX_ASKED_SIZE[1],
                text=quoted(text),
            )
        )
    return size


def output_file(*suffixes: str) -> Callable[[str], str]:
    """A file this program can write, ending in one of ``suffixes`` (any, if none).

    Checked by creating and removing a scratch file in its folder, and by opening
    the file itself for appending (which changes nothing) when it already exists.

    >>> output_file(".png")("picture.txt")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'picture.txt' must end in .png
    >>> output_file()("no-such-folder/games.jsonl")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: cannot write 'no-such-folder/games.jsonl': there is no folder 'no-such-folder'
    """  # noqa: E501

    def writable_file(path: str) -> str:
        if not path.strip():
            raise ArgumentTypeError(_("must name a file"))
        if suffixes and not path.lower().endswith(suffixes):
            raise ArgumentTypeError(
                _("{path} must end in {suffixes}").format(
                    path=quoted(path), suffixes=", ".join(suffixes)
                )
            )
        problem = _write_problem(path)
        if problem:
            raise ArgumentTypeError(
                _("cannot write {path}: {problem}").format(path=quoted(path), problem=problem)
            )
        return path

    return writable_file


def writable_path(text: str) -> Path:
    """A file this program can write (and read back, if it exists): a save.

    >>> writable_path("no-such-folder/table.json")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: cannot write 'no-such-folder/table.json': there is no folder 'no-such-folder'
    """  # noqa: E501
    return Path(output_file()(text))


def _write_problem(path: str) -> str | None:
    """Why ``path`` cannot be written, or None if it can."""
    folder = os.path.dirname(path) or "."
    if os.path.islink(path):
        return _("it is a link (the game never writes through one)")
    if os.path.isdir(path):
        return _("it is a folder")
    if os.path.exists(path) and not os.path.isfile(path):
        return _("it is not a plain file")  # a device such as /dev/null: never replaced
    if not os.path.isdir(folder):
        return _("there is no folder {folder}").format(folder=quoted(folder))
    try:
        longest = os.pathconf(folder, "PC_NAME_MAX") if hasattr(os, "pathconf") else 255
    except (OSError, ValueError):
        longest = 255
    if len(os.fsencode(os.path.basename(path))) > longest:
        return _("its name is longer than {count} bytes").format(count=longest)
    try:
        handle, scratch = tempfile.mkstemp(prefix=".ohhell-check-", dir=folder)
        os.close(handle)
        os.unlink(scratch)
    except OSError as error:
        return error.strerror or type(error).__name__
    return None


def input_file(path: str) -> str:
    """An existing file this program can read, of at most :data:`MAX_INPUT_BYTES`.

    >>> input_file("no-such-file.jsonl")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: there is no file 'no-such-file.jsonl'
    """
    if not os.path.exists(path):
        raise ArgumentTypeError(_("there is no file {path}").format(path=quoted(path)))
    if not os.path.isfile(path):
        raise ArgumentTypeError(_("{path} is not a file").format(path=quoted(path)))
    if os.path.getsize(path) > MAX_INPUT_BYTES:
        raise ArgumentTypeError(
            _("{path} is larger than {size} MiB").format(
                path=quoted(path), size=MAX_INPUT_BYTES // 2**20
            )
        )
    try:
        with open(path, "rb"):
            pass
    except OSError as error:
        raise ArgumentTypeError(
            _("cannot read {path}: {reason}").format(path=quoted(path), reason=error.strerror)
        ) from None
    return path


def int_list(low: int, high: int) -> Callable[[str], list[int]]:
    """Comma-separated whole numbers, each from ``low`` to ``high``.

    >>> int_list(1, 4)("1, 2")
    [1, 2]
    >>> int_list(1, 4)("1,nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be whole numbers from 1 to 4 separated by commas, not '1,nan'
    """
    number = bounded_int(low, high)

    def numbers(text: str) -> list[int]:
        try:
            found = [number(word) for word in text.split(",") if word.strip()]
        except ArgumentTypeError:
            found = []
        if not found:
            raise ArgumentTypeError(
                _(
                    "must be whole numbers from {low} to {high} separated by commas, not {text}"
                ).format(low=low, high=high, text=quoted(text, 40))
            )
        return found

    return numbers


_LABEL = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)")


def listen_address(text: str) -> str:
    """An address to listen on: an IP address (an IPv6 one with or without its
    brackets), a host name, or nothing for every interface.

    >>> listen_address("[::1]"), listen_address(" 127.0.0.1 "), listen_address("")
    ('::1', '127.0.0.1', '')
    >>> listen_address("127.0.0.1:80")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '127.0.0.1:80' is not an address to listen on: give the port with --port
    """  # noqa: E501
    import ipaddress

    address = text.strip()
    if address.startswith("[") and address.endswith("]"):
        address = address[1:-1]
    if not address:
        return ""
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        pass
    labels = address.rstrip(".").split(".")
    why = None
    if ":" in address:
        why = _("give the port with --port")
    elif len(address) > 253 or not all(_LABEL.fullmatch(label) for label in labels):
        why = _("it is neither an IP address nor a host name")
    elif all(label.isdigit() for label in labels):
        why = _("it is not an IP address")
    if why is not None:
        raise ArgumentTypeError(
            _("{text} is not an address to listen on: {why}").format(text=quoted(text), why=why)
        )
    return address


player_count = bounded_int(MIN_PLAYERS, MAX_PLAYERS)
deal_seed = bounded_int(0, MAX_SEED)
game_seed = bounded_int(0, 2**63 - 1)
"""A deal number the game shows (any a record holds)."""
game_count = bounded_int(1, MAX_GAMES)
job_count = bounded_int(1, MAX_JOBS)
budget_scale = bounded_float(0.01, MAX_BUDGET)


def json_text(value: object) -> str:
    """``value`` as strict JSON for a command's ``--json`` output: a number that is
    not finite (an interval over one sample) is ``null``.

    >>> json_text({"mean": 1.5, "interval": [float("-inf"), float("inf")]})
    '{"mean": 1.5, "interval": [null, null]}'
    """
    import json
    import math

    def strict(item: object) -> object:
        if isinstance(item, float) and not math.isfinite(item):
            return None
        if isinstance(item, dict):
            return {key: strict(inner) for key, inner in item.items()}
        if isinstance(item, (list, tuple)):
            return [strict(inner) for inner in item]
        return item

    return json.dumps(strict(value), allow_nan=False)
