"""Translation: every string a player reads goes through :func:`_`.

Catalogs live in ``game/locale/<language>/LC_MESSAGES/ohhell.mo`` (compiled
with Babel from ``game/locale/ohhell.pot``). English is the source language,
so with no catalog the text is shown as written.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

DOMAIN = "ohhell"
LOCALE_DIR = Path(__file__).parent.parent / "locale"
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")
"""A plain language code (``de``, ``pt_BR``): no paths, nothing else."""
_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(code: str) -> bool:
    """Use the bundled catalog for ``code`` (such as ``"de"``); English when there is
    none, or when ``code`` is not a plain language code. Returns whether the
    language asked for is in use."""
    global _translation
    _translation = gettext.NullTranslations()
    if not isinstance(code, str) or not LANGUAGE_CODE.fullmatch(code):
        return False
    if code == "en" or code not in available_languages():
        return code == "en"
    try:
        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    except OSError:
        return False
    return True


def available_languages() -> list[str]:
    """English plus every language with a compiled catalog."""
    found = {path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return ["en", *sorted(code for code in found - {"en"} if LANGUAGE_CODE.fullmatch(code))]


def clip(message: str, limit: int = 300) -> str:
    """``message`` cut to ``limit`` characters (with an ellipsis), for text a player
    reads that may hold something from a file."""
    return message if len(message) <= limit else message[: limit - 1].rstrip() + "…"


def _(message: str) -> str:
    """The translation of ``message`` in the current language."""
    return _translation.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it yet (for text defined
    at import time, such as the presets); show it with :func:`tr`."""
    return message


def tr(message: str) -> str:
    """The translation of a message marked with :func:`N_` elsewhere."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The translation of a message that depends on a count."""
    return _translation.ngettext(singular, plural, count)
