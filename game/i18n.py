"""Translation: every string a player reads goes through :func:`_`.

Catalogs live in ``game/locale/<language>/LC_MESSAGES/ohhell.mo`` (compiled
with Babel from ``game/locale/ohhell.pot``). English is the source language,
so with no catalog the text is shown as written.
"""

from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "ohhell"
LOCALE_DIR = Path(__file__).with_name("locale")
_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(code: str) -> bool:
    """Use the catalog for ``code`` (such as ``"de"``); English when none exists.
    Returns whether a catalog was found."""
    global _translation
    try:
        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    except OSError:
        _translation = gettext.NullTranslations()
        return code == "en"
    return True


def available_languages() -> list[str]:
    """English plus every language with a compiled catalog."""
    found = {path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return ["en", *sorted(found - {"en"})]


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
