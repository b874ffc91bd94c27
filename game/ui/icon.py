"""The application icon, drawn by the game itself from its own cards: the ace of
spades fanned over the king of hearts on a round of green felt."""

from __future__ import annotations

import pygame

from game.rules.cards import Card
from game.ui.cards.art import card_art
from game.ui.kit import theme


def render_icon(size: int = 256) -> pygame.Surface:
    """The icon at ``size`` x ``size`` pixels, with a transparent background."""
    big = size * 2
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    centre = (big // 2, big // 2)
    pygame.draw.circle(surface, theme.GOLD_DARK, centre, big // 2)
    pygame.draw.circle(surface, theme.GOLD, centre, big // 2 - big // 40)
    pygame.draw.circle(surface, theme.FELT_EDGE, centre, big // 2 - big // 18)
    pygame.draw.circle(surface, theme.FELT_CENTRE, centre, big // 2 - big // 10)
    art = card_art(int(big * 0.42))
    for card, angle, dx in ((Card.parse("KH"), 14, -0.11), (Card.parse("AS"), -10, 0.09)):
        face = pygame.transform.rotozoom(art.face(card), angle, 1.0)
        surface.blit(face, face.get_rect(center=(centre[0] + int(dx * big), centre[1])))
    return pygame.transform.smoothscale(surface, (size, size))
