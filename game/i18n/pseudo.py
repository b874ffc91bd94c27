"""A pseudo-language for checking layouts before the translations exist: every string
comes out about 40% longer, its letters accented, its placeholders kept whole.

>>> pseudo("Deal {count} cards")
'Ďéáľďé {count} çáŕďšçá'
>>> pseudo("%(name)s wins")
'%(name)s ŵîñšŵî'
"""

from __future__ import annotations

import gettext
import re

CODE = "qps"
"""The code it is installed under (a private-use code, as in ``qps-ploc``)."""
_PLACEHOLDER = re.compile(r"(\{[^{}]*\}|%\([a-z_]+\)[sdr]|%[sd])")
_WORD = re.compile(r"[A-Za-z]+")
_ACCENTS = str.maketrans(
    "AaCcDdEeGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz",
    "ÅáÇçĎďÉéĜĝĤĥÎîĴĵĶķĽľÑñÖöŔŕŠšŤťÛûŴŵÝýŽž",
)


def pseudo(text: str) -> str:
    """``text`` accented and lengthened: each word grows by two-fifths of itself
    (at least one letter), so lines wrap and boxes fill as in a long language."""
    parts = _PLACEHOLDER.split(text)
    return "".join(
        part if index % 2 else _WORD.sub(_longer, part) for index, part in enumerate(parts)
    )


def _longer(found: re.Match[str]) -> str:
    word = found[0]
    extra = word[: max(1, round(len(word) * 0.4))]
    return (word + extra.lower()).translate(_ACCENTS)


class PseudoTranslations(gettext.NullTranslations):
    """Every message in the pseudo-language; plural forms as in English."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
