"""Tests for the code-drawn card art."""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game.rules.cards import PACK, Card, Rank, Suit
from game.ui.cards.art import CardArt, card_art, suit_colour, suit_symbol


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


def _pixels(surface: pygame.Surface, step: int = 3) -> list[tuple[int, int, int, int]]:
    w, h = surface.get_size()
    colours = (surface.get_at((x, y)) for y in range(0, h, step) for x in range(0, w, step))
    return [(c.r, c.g, c.b, c.a) for c in colours]


def _count_colour(surface: pygame.Surface, colour: tuple[int, int, int], tol: int = 12) -> int:
    w, h = surface.get_size()
    count = 0
    for y in range(h):
        for x in range(w):
            r, g, b, a = surface.get_at((x, y))
            if a == 255 and max(abs(r - colour[0]), abs(g - colour[1]), abs(b - colour[2])) <= tol:
                count += 1
    return count


@pytest.mark.parametrize("width", [50, 60, 80, 120, 221, 300])
def test_sizes_and_ratio(width: int) -> None:
    art = CardArt(width)
    assert art.width == width
    assert art.height == round(width * 1.4)
    for surface in (art.face(Card.parse("QH")), art.back(), art.blank()):
        assert surface.get_size() == (art.width, art.height)


@pytest.mark.parametrize("width", [50, 120, 300])
def test_per_pixel_alpha_and_rounded_corners(width: int) -> None:
    art = CardArt(width)
    for surface in (art.face(Card.parse("7D")), art.back()):
        assert surface.get_flags() & pygame.SRCALPHA
        assert surface.get_at((0, 0)).a == 0
        assert surface.get_at((art.width - 1, art.height - 1)).a == 0
        assert surface.get_at((art.width // 2, art.height // 2)).a == 255
        # The middle of an edge is part of the card.
        assert surface.get_at((art.width // 2, 0)).a > 128


def test_face_is_warm_white_with_grey_edge() -> None:
    art = CardArt(120)
    face = art.face(Card.parse("2C"))
    r, g, b, a = face.get_at((60, 90))  # empty paper between the two pips
    assert a == 255 and min(r, g, b) >= 240 and r >= b
    r, g, b, a = face.get_at((60, 0))
    assert a > 128 and max(r, g, b) < 200 and max(r, g, b) - min(r, g, b) < 20


def test_blank_is_translucent() -> None:
    blank = CardArt(100).blank()
    assert blank.get_at((0, 0)).a == 0
    alphas = {blank.get_at((x, 70)).a for x in range(100)}
    assert max(alphas) < 255
    assert 0 < blank.get_at((50, 70)).a < 128


def test_different_cards_differ() -> None:
    art = CardArt(90)
    pictures = {card: _pixels(art.face(card)) for card in PACK}
    assert len({tuple(p) for p in pictures.values()}) == 52
    assert _pixels(art.back()) not in pictures.values()


def test_faces_are_cached() -> None:
    art = CardArt(100)
    card = Card.parse("KS")
    assert art.face(card) is art.face(card)
    assert art.back() is art.back()
    assert art.blank() is art.blank()


def test_card_art_instances_are_shared() -> None:
    assert card_art(110) is card_art(110)
    assert card_art(110) is card_art(110, False)
    assert card_art(110) is card_art(110, four_colour=False)
    assert card_art(110, True) is not card_art(110)
    assert card_art(110, True).four_colour
    assert card_art(110).width == 110


def test_suit_colours() -> None:
    assert suit_colour(Suit.HEARTS, False) == suit_colour(Suit.DIAMONDS, False)
    assert suit_colour(Suit.CLUBS, False) == suit_colour(Suit.SPADES, False)
    assert suit_colour(Suit.HEARTS, False) != suit_colour(Suit.SPADES, False)
    four = {suit_colour(suit, True) for suit in Suit}
    assert len(four) == 4
    r, g, b = suit_colour(Suit.CLUBS, True)
    assert g > r and g > b
    r, g, b = suit_colour(Suit.DIAMONDS, True)
    assert b > r and b > g


def test_four_colour_changes_clubs() -> None:
    card = Card.parse("9C")
    two = card_art(100).face(card)
    four = card_art(100, True).face(card)
    assert _pixels(two) != _pixels(four)
    assert _count_colour(two, suit_colour(Suit.CLUBS, False)) > 200
    assert _count_colour(four, suit_colour(Suit.CLUBS, True)) > 200
    assert _count_colour(four, suit_colour(Suit.CLUBS, False)) < 10
    # Hearts and spades look the same in both schemes.
    for text in ("9H", "9S"):
        heart = Card.parse(text)
        assert _pixels(card_art(100).face(heart)) == _pixels(card_art(100, True).face(heart))


def test_index_is_in_top_left_and_rotated_bottom_right() -> None:
    art = CardArt(80)
    face = art.face(Card.parse("TH"))
    red = suit_colour(Suit.HEARTS, False)
    w, h = art.size
    corner = face.subsurface((0, 0, w * 3 // 10, h // 3))
    assert _count_colour(corner, red, tol=40) > 60
    turned = pygame.transform.rotate(face, 180)
    corner_turned = turned.subsurface((0, 0, w * 3 // 10, h // 3))
    assert _count_colour(corner_turned, red, tol=40) > 60


def test_pip_cards_have_more_ink_with_rank() -> None:
    art = CardArt(100)
    black = suit_colour(Suit.SPADES, False)
    inks = [
        _count_colour(art.face(Card(Rank(r), Suit.SPADES)), black, tol=30) for r in range(2, 11)
    ]
    assert inks == sorted(inks)


def _grey(surface: pygame.Surface, size: tuple[int, int]) -> list[int]:
    small = pygame.transform.smoothscale(surface, size)
    return [sum(small.get_at((x, y))[:3]) for y in range(size[1]) for x in range(size[0])]


@pytest.mark.parametrize("width", [50, 120, 233, 300])
def test_back_is_symmetric_under_half_turn(width: int) -> None:
    back = CardArt(width).back()
    turned = pygame.transform.rotate(back, 180)
    for x, y in ((3, 10), (width // 4, width // 3), (width // 2, width // 5), (width // 3, width)):
        a, b = back.get_at((x, y)), turned.get_at((x, y))
        assert all(abs(p - q) <= 8 for p, q in zip(a, b, strict=True))
    small = _grey(back, (10, 14))
    small_turned = _grey(turned, (10, 14))
    assert max(abs(p - q) for p, q in zip(small, small_turned, strict=True)) <= 6


def test_back_is_mostly_dark_with_light_border() -> None:
    back = CardArt(120).back()
    r, g, b, _ = back.get_at((60, 3))
    assert r + g + b > 600  # white border
    r, g, b, _ = back.get_at((3, 84))
    assert r + g + b > 600
    field = pygame.transform.smoothscale(back, (4, 4)).get_at((1, 0))
    assert field.b > field.r


def test_suit_symbol_draws_anti_aliased_shapes() -> None:
    surface = pygame.Surface((60, 60))
    for suit in Suit:
        surface.fill((255, 255, 255))
        suit_symbol(surface, suit, (30, 30), 40, (0, 0, 0))
        assert surface.get_at((30, 30))[:3] == (0, 0, 0)
        assert surface.get_at((2, 2))[:3] == (255, 255, 255)
        greys = {surface.get_at((x, y))[0] for x in range(60) for y in range(60)}
        assert any(20 < v < 235 for v in greys), "edges should be anti-aliased"
    # Zero or negative sizes draw nothing.
    surface.fill((255, 255, 255))
    suit_symbol(surface, Suit.SPADES, (30, 30), 0, (0, 0, 0))
    assert surface.get_at((30, 30))[:3] == (255, 255, 255)


def test_suit_symbol_shapes_differ() -> None:
    shapes = []
    for suit in Suit:
        surface = pygame.Surface((40, 40))
        surface.fill((255, 255, 255))
        suit_symbol(surface, suit, (20, 20), 30, (0, 0, 0))
        shapes.append(_pixels(surface, 2))
    assert len({tuple(s) for s in shapes}) == 4


COURTS = (Rank.JACK, Rank.QUEEN, Rank.KING)


def test_court_cards_are_colourful() -> None:
    art = CardArt(120)
    for suit in Suit:
        for rank in COURTS:
            face = art.face(Card(rank, suit))
            colours = {tuple(c // 32 for c in face.get_at((x, y))[:3]) for x, y in _grid(art)}
            assert len(colours) >= 6


def _panel(art: CardArt, face: pygame.Surface) -> pygame.Surface:
    """The figure's panel: the card without its corner indices."""
    left = round(art.width * art.metrics.panel_left)
    top, bottom = round(art.height * 0.045), round(art.height * 0.955)
    return face.subsurface((left, top, art.width - 2 * left, bottom - top))


def _share_different(a: pygame.Surface, b: pygame.Surface, threshold: int) -> float:
    """The share of pixels where some channel differs by more than ``threshold``."""
    w, h = a.get_size()
    differ = 0
    for y in range(h):
        for x in range(w):
            p, q = a.get_at((x, y)), b.get_at((x, y))
            differ += max(abs(p[i] - q[i]) for i in range(3)) > threshold
    return differ / (w * h)


@pytest.mark.parametrize("width", [32, 40, 60, 135, 200, 270])
def test_jack_queen_and_king_are_different_figures(width: int) -> None:
    # One figure recoloured, or three sharing a body, differ in about a quarter of the panel.
    art = CardArt(width)
    for suit in Suit:
        panels = {rank: _panel(art, art.face(Card(rank, suit))) for rank in COURTS}
        for a, b in itertools.combinations(COURTS, 2):
            share = _share_different(panels[a], panels[b], 80)
            assert share > 0.33, (width, suit, a, b, share)
            # Blurred to a 4 x 8 grid, as a glance at a small card sees them.
            blur_a, blur_b = (pygame.transform.smoothscale(panels[r], (4, 8)) for r in (a, b))
            blurred = _share_different(blur_a, blur_b, 40)
            assert blurred >= 0.4, (width, suit, a, b, blurred)


@pytest.mark.parametrize("width", [40, 135, 270])
def test_court_cards_are_symmetric_under_half_turn(width: int) -> None:
    art = CardArt(width)
    for rank in COURTS:
        face = art.face(Card(rank, Suit.HEARTS))
        turned = pygame.transform.rotate(face, 180)
        small, small_turned = _grey(face, (10, 14)), _grey(turned, (10, 14))
        assert max(abs(p - q) for p, q in zip(small, small_turned, strict=True)) <= 24


def _grid(art: CardArt) -> list[tuple[int, int]]:
    return [(x, y) for x in range(0, art.width, 2) for y in range(0, art.height, 2)]


def test_works_with_a_display_surface() -> None:
    was_initialised = pygame.display.get_init()
    had_surface = was_initialised and pygame.display.get_surface() is not None
    pygame.display.init()
    try:
        if not had_surface:
            pygame.display.set_mode((64, 64))
        art = CardArt(64)
        face = art.face(Card.parse("AS"))
        assert face.get_size() == art.size
        assert face.get_at((0, 0)).a == 0
        assert face.get_at((32, 45)).a == 255
    finally:
        if not was_initialised:
            pygame.display.quit()


def test_rejects_silly_widths() -> None:
    with pytest.raises(ValueError):
        CardArt(3)
