"""Saves that keep the deal out of sight.

A record holds the number that deals every hand (the seed): whoever reads it can deal
the cards again and see every hand, the other players' and those still to come. While
several people play at one screen, the game's autosave is therefore *sealed*: the
record encrypted with a key kept in another file, the player's own
(``config/deals.key``, 32 random bytes, private), so the save alone tells nothing,
not even in an editor. A solo game's save, and every game once it is over, stay plain.

The cipher is SHAKE-256 of the key and a fresh nonce as a key stream, with an
HMAC-SHA-256 tag, all from the standard library. What it does not stop, said plainly:
whoever can read both files and the game's source can open a sealed save, like
whoever can read the game's memory; it keeps honest players honest, it is no vault.

>>> key = bytes(range(32))
>>> sealed = seal(b'{"seed": 42}', key)
>>> sealed.startswith(SEALED_HEADER), b'"seed"' in sealed, unseal(sealed, key)
(True, False, b'{"seed": 42}')
>>> seal(b'{"seed": 42}', key) != sealed  # a fresh nonce every time
True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from pathlib import Path

from game.i18n import _
from game.resources import config_dir
from game.rules.errors import RecordError
from game.rules.match import Match
from game.rules.record import Player
from game.saves import MAX_RECORD_BYTES, read_record
from game.storage import NotRegular, TooLarge, atomic_write_bytes, read_bounded

SEALED_HEADER = b"ohhell-sealed 1\n"
"""How a sealed save begins (the rest is base64: nonce, tag, ciphertext)."""
KEY_NAME = "deals.key"
KEY_BYTES = 32
NONCE_BYTES = 16
TAG_BYTES = 16
MAX_SEALED_BYTES = len(SEALED_HEADER) + (MAX_RECORD_BYTES + NONCE_BYTES + TAG_BYTES) * 4 // 3 + 8
"""A sealed save of the largest record."""


def seal(data: bytes, key: bytes) -> bytes:
    """``data`` encrypted with ``key``, as text-safe bytes that begin with :data:`SEALED_HEADER`."""
    nonce = secrets.token_bytes(NONCE_BYTES)
    body = _xor(data, _stream(key, nonce, len(data)))
    tag = _tag(key, nonce, body)
    return SEALED_HEADER + base64.b64encode(nonce + tag + body)


def unseal(sealed: bytes, key: bytes) -> bytes:
    """What :func:`seal` sealed; raises RecordError if it is damaged or another key's."""
    try:
        raw = base64.b64decode(sealed.removeprefix(SEALED_HEADER), validate=True)
    except ValueError:
        raise RecordError("file", "a sealed save that is damaged") from None
    nonce, tag = raw[:NONCE_BYTES], raw[NONCE_BYTES : NONCE_BYTES + TAG_BYTES]
    body = raw[NONCE_BYTES + TAG_BYTES :]
    if len(nonce) < NONCE_BYTES or not hmac.compare_digest(tag, _tag(key, nonce, body)):
        raise RecordError("file", "sealed with a key this computer no longer has, or damaged")
    return _xor(body, _stream(key, nonce, len(body)))


def is_sealed(data: bytes) -> bool:
    return data.startswith(SEALED_HEADER)


def _stream(key: bytes, nonce: bytes, size: int) -> bytes:
    return hashlib.shake_256(b"ohhell-deal-stream" + key + nonce).digest(size)


def _tag(key: bytes, nonce: bytes, body: bytes) -> bytes:
    return hmac.new(key, nonce + body, hashlib.sha256).digest()[:TAG_BYTES]


def _xor(data: bytes, stream: bytes) -> bytes:
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")


# ------------------------------------------------------------------ the player's key
def key_path() -> Path:
    return config_dir() / KEY_NAME


def deal_key(path: Path | None = None) -> bytes:
    """The player's key (at ``path``, by default :func:`key_path`): read, or made and
    written on first use (one that cannot be read is replaced: only saves sealed with
    it are lost). Raises OSError if it can be neither read nor written."""
    path = path or key_path()
    try:
        key = read_bounded(path, KEY_BYTES)
    except (OSError, TooLarge, NotRegular):
        key = b""
    if len(key) == KEY_BYTES:
        return key
    key = secrets.token_bytes(KEY_BYTES)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(path, key)
    return key


def sealed_text(text: str) -> str:
    """``text`` sealed with the player's key (plain if no key can be kept: a save that
    could not be read back would help nobody)."""
    try:
        key = deal_key()
    except OSError:
        return text
    return seal(text.encode("utf-8"), key).decode("ascii")


def keyed_number(seed: int) -> int:
    """A number that names the deal ``seed`` without telling it (an HMAC with the
    player's key): for the marks kept beside a sealed save. ``seed`` itself if no key
    can be kept."""
    try:
        key = deal_key()
    except OSError:
        return seed
    digest = hmac.new(key, seed.to_bytes(8, "big", signed=True), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def load_save(path: Path) -> tuple[Match, list[Player]]:
    """The game saved at ``path``, sealed or plain (like
    :func:`game.saves.load_record_file`). Raises RecordError or OSError."""
    try:
        data = read_bounded(path, MAX_SEALED_BYTES)
    except NotRegular:
        raise RecordError("file", _("it is not a regular file")) from None
    except TooLarge:
        data = b" " * (MAX_RECORD_BYTES + 1)  # read_record says it is too large
    if is_sealed(data):
        data = unseal(data, deal_key())
    return read_record(data)
