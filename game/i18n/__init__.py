"""Translation: every string a player reads goes through :func:`_` (or
:func:`ngettext`, :func:`pgettext`, :func:`npgettext`).

Catalogs live in ``assets/locale/<language>/LC_MESSAGES/ohhell.po`` with their
compiled ``ohhell.mo`` beside them (Babel, ``tools/translations.py``; the template
is ``assets/locale/ohhell.pot``). The compiled files are committed, and the wheel
and the frozen builds carry ``assets/``, so every language works without a build
step. English is the source language: with no catalog the text is shown as written.

>>> set_language("en"), language()
(True, 'en')
>>> ngettext("{count} hand", "{count} hands", 2).format(count=2)
'2 hands'
>>> pgettext("card", "the queen of hearts")
'the queen of hearts'
"""

from __future__ import annotations

import gettext
import locale
import os
import re
from collections.abc import Mapping
from pathlib import Path

from game.resources import asset

DOMAIN = "ohhell"
SOURCE_LANGUAGE = "en"
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")
"""A plain language code (``de``, ``pt_BR``): no paths, nothing else."""
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where the system says its language, in gettext's order."""
WINDOWS_NAMES = {"english": "en", "spanish": "es", "portuguese": "pt", "dutch": "nl", "czech": "cs"}
"""Windows names its locales in English words (``Czech_Czechia``)."""

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def locale_dir() -> Path:
    """The folder of the catalogs (``assets/locale``)."""
    return asset("locale")


def set_language(code: str) -> bool:
    """Use the bundled catalog for ``code`` (such as ``"es"``); English when there is
    none, or when ``code`` is not a plain language code. Returns whether the
    language asked for is in use."""
    if not isinstance(code, str) or not LANGUAGE_CODE.fullmatch(code):
        install(gettext.NullTranslations(), SOURCE_LANGUAGE)
        return False
    if code == SOURCE_LANGUAGE or code not in available_languages():
        install(gettext.NullTranslations(), SOURCE_LANGUAGE)
        return code == SOURCE_LANGUAGE
    try:
        install(_catalog(code), code)
    except OSError:
        install(gettext.NullTranslations(), SOURCE_LANGUAGE)
        return False
    return True


def _catalog(code: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, locale_dir(), languages=[code])


def install(translation: gettext.NullTranslations, code: str) -> None:
    """Use ``translation`` for every string from now on, under the name ``code``
    (the pseudo-locale of the layout test comes in this way)."""
    global _translation, _language
    _translation, _language = translation, code


def language() -> str:
    """The code of the language in use."""
    return _language


def available_languages() -> list[str]:
    """English plus every language with a compiled catalog."""
    found = {path.parent.parent.name for path in locale_dir().glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    codes = (code for code in found - {SOURCE_LANGUAGE} if LANGUAGE_CODE.fullmatch(code))
    return [SOURCE_LANGUAGE, *sorted(codes)]


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The first language the system asks for that has a catalog, else English.

    >>> system_language({"LANG": "C.UTF-8"})
    'en'
    >>> system_language({"LANGUAGE": "xx:en", "LANG": "fr_FR.UTF-8"})
    'en'
    """
    environ = os.environ if environ is None else environ
    wanted: list[str] = []
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        wanted += value.split(":") if variable == "LANGUAGE" else [value]
    if environ is os.environ:
        wanted.append(locale.getlocale()[0] or "")
    return best_match(wanted, available_languages())


def best_match(wanted: list[str], available: list[str]) -> str:
    """The first of ``wanted`` (locale names such as ``pt_BR.UTF-8``) found in
    ``available``, whole or by its language alone; English if none is.

    >>> best_match(["", "C", "pt_BR.UTF-8"], ["en", "pt"])
    'pt'
    >>> best_match(["Czech_Czechia"], ["en", "cs"])
    'cs'
    """
    for name in wanted:
        bare = name.split(".")[0].split("@")[0].replace("-", "_")
        first = bare.split("_")[0].lower()
        for code in (bare, first, WINDOWS_NAMES.get(first, "")):
            if code in available:
                return code
    return SOURCE_LANGUAGE


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


def pgettext(context: str, message: str) -> str:
    """The translation of ``message`` in ``context`` (the same English words may need
    different translations: a card's name, a button)."""
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """:func:`ngettext` in a context."""
    return _translation.npgettext(context, singular, plural, count)
