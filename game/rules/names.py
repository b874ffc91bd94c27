"""The one rule for a player's name, wherever it comes from (the new-game form, the
settings, a saved game, a friend's computer).

A name keeps what can be seen: letters, digits, marks, punctuation, symbols and
single spaces. Every kind of space or line break becomes one plain space; control
and format characters (zero-width spaces, joiners, bidi controls, tag characters),
surrogates, private-use and unassigned code points are dropped. A name with nothing
left to see is no name. :class:`~game.rules.record.Player` holds only such names.

>>> clean_name("  \\u200bEve\\u202e  ")
'Eve'
>>> clean_name("Ann\\tand\\u00a0 Bo"), clean_name("\\u2060\\ufeff"), is_clean_name("Eve")
('Ann and Bo', '', True)
>>> clean_name("x" * 50, limit=4)
'xxxx'
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 40
"""The longest name any file or message may hold (the form allows fewer)."""
NAME_LENGTH = 24
"""The longest name a player gives (in the new-game form and the settings)."""

_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode categories never kept: controls, formats, surrogates, private use,
unassigned, line and paragraph separators."""
_SEEN = frozenset("LNPS")
"""The first letters of the categories a name needs one of (marks alone do not count)."""


def clean_name(text: str, limit: int = MAX_NAME) -> str:
    """``text`` as a name: only what can be seen, single spaces, at most ``limit``
    characters, or ``""`` when nothing visible is left."""
    kept: list[str] = []
    for char in text:
        if char.isspace():
            if kept and kept[-1] != " ":
                kept.append(" ")
        elif unicodedata.category(char) not in _DROPPED:
            kept.append(char)
    # Composed once what was dropped is gone (a mark may meet its letter only then),
    # and again after the cut, so that the rule gives the same name twice.
    name = unicodedata.normalize("NFC", "".join(kept)).strip()[:limit].rstrip()
    name = unicodedata.normalize("NFC", name)
    if not any(unicodedata.category(char)[0] in _SEEN for char in name):
        return ""
    return name


def is_clean_name(text: str, limit: int = MAX_NAME) -> bool:
    """Whether ``text`` already is a name by :func:`clean_name`'s rule."""
    return bool(text) and clean_name(text, limit) == text
