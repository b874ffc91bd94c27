"""The colours of the code-drawn cards: suit inks, paper, court figures and the back."""

from __future__ import annotations

Colour = tuple[int, int, int]

# Suit inks (two-colour and four-colour decks).
RED: Colour = (200, 30, 45)
BLACK: Colour = (25, 25, 30)
GREEN: Colour = (20, 130, 60)
BLUE: Colour = (25, 90, 190)

# The card itself.
FACE: Colour = (252, 250, 245)
EDGE: Colour = (158, 156, 150)

# Court-card palette: deliberately small.
C_RED: Colour = (184, 32, 46)
C_GOLD: Colour = (232, 182, 58)
C_GOLD_DARK: Colour = (190, 138, 36)
C_BLUE: Colour = (34, 74, 156)
C_INK: Colour = (28, 26, 32)
C_SKIN: Colour = (249, 221, 190)
C_WHITE: Colour = (250, 248, 242)
C_PANEL: Colour = (249, 244, 231)
C_STEEL: Colour = (214, 218, 228)
C_BLUSH: Colour = (246, 196, 184)
C_LEAF: Colour = (46, 112, 66)
C_HAIR_BROWN: Colour = (118, 72, 40)
C_PINK: Colour = (236, 128, 158)
C_VELVET: Colour = (150, 24, 40)

# The back.
BACK_FIELD: Colour = (24, 40, 92)
BACK_LINE: Colour = (56, 82, 150)
BACK_DOT: Colour = (86, 114, 184)
BACK_GOLD: Colour = (226, 186, 92)
