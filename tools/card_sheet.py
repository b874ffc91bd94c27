"""Write a preview sheet of the whole deck drawn by ``game.ui.cards.art``.

    uv run python tools/card_sheet.py OUT.png [--width W] [--four-colour]
                                      [--courts] [--zoom N]
                                      [--fan FAN.png] [--fan-width 80]

The sheet shows the 52 faces in four rows (clubs, diamonds, hearts, spades; two
to ace), then the back, the blank placeholder and the back given a half turn
(it should look the same), on a green felt background. ``--courts`` shows only
the jacks, queens and kings; ``--zoom`` enlarges the picture without smoothing,
to look at small cards pixel by pixel. ``--fan`` also writes an overlapping fan
of ten cards, to check that the corner indices stay legible when only the left
edge of each card shows. The tool prints how long a face takes to draw.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.rules.cards import PACK, Card, Rank, parse_cards
from game.ui.cards.art import CardArt

FELT = (22, 96, 58)
FELT_DARK = (16, 78, 46)


def felt(size: tuple[int, int]) -> pygame.Surface:
    """A plain felt table with a soft vignette."""
    surface = pygame.Surface(size)
    surface.fill(FELT)
    w, h = size
    for i in range(12):
        shade = tuple(c + (d - c) * i // 12 for c, d in zip(FELT_DARK, FELT, strict=True))
        pygame.draw.rect(surface, shade, (i * 3, i * 3, w - i * 6, h - i * 6), 3)
    return surface


def shadow(surface: pygame.Surface, art: CardArt, pos: tuple[int, int]) -> None:
    """A faint drop shadow under a card."""
    shade = pygame.Surface(art.size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (0, 0, 0, 60), shade.get_rect(), border_radius=round(art.radius))
    off = max(1, art.width // 40)
    surface.blit(shade, (pos[0] + off, pos[1] + off))


def sheet(art: CardArt, ranks: Sequence[Rank] = tuple(Rank)) -> pygame.Surface:
    """Faces of ``ranks`` in a row per suit; with every rank, the backs below."""
    gap = max(6, art.width // 10)
    whole = len(ranks) == len(Rank)
    cols, rows = len(ranks), 5 if whole else 4
    size = (gap + cols * (art.width + gap), gap + rows * (art.height + gap))
    surface = felt(size)
    for card in PACK:
        if card.rank not in ranks:
            continue
        col, row = ranks.index(card.rank), int(card.suit)
        pos = (gap + col * (art.width + gap), gap + row * (art.height + gap))
        shadow(surface, art, pos)
        surface.blit(art.face(card), pos)
    if whole:
        y = gap + 4 * (art.height + gap)
        shadow(surface, art, (gap, y))
        surface.blit(art.back(), (gap, y))
        surface.blit(art.blank(), (gap + art.width + gap, y))
        back = art.back()
        surface.blit(pygame.transform.rotate(back, 180), (gap + 2 * (art.width + gap), y))
    return surface


def timings(width: int, four_colour: bool) -> str:
    """Milliseconds to draw one court face and one number face (best of three decks)."""
    kinds = {
        "court": [card for card in PACK if Rank.JACK <= card.rank <= Rank.KING],
        "number": [card for card in PACK if card.rank <= Rank.TEN],
    }
    best = dict.fromkeys(kinds, float("inf"))
    for _ in range(3):
        art = CardArt(width, four_colour=four_colour)
        art.face(PACK[-1])  # an ace: the blank paper is drawn once per deck
        for kind, cards in kinds.items():
            start = time.perf_counter()
            for card in cards:
                art.face(card)
            best[kind] = min(best[kind], (time.perf_counter() - start) / len(cards))
    return ", ".join(f"{best[kind] * 1000:.2f} ms a {kind} face" for kind in kinds)


def fan(art: CardArt, cards: list[Card]) -> pygame.Surface:
    step = round(art.width * 0.3)
    gap = art.width // 4
    size = (2 * gap + step * (len(cards) - 1) + art.width, 2 * gap + art.height)
    surface = felt(size)
    for i, card in enumerate(cards):
        pos = (gap + i * step, gap)
        shadow(surface, art, pos)
        surface.blit(art.face(card), pos)
    return surface


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="PNG file to write")
    parser.add_argument("--width", type=int, default=120, help="card width in pixels")
    parser.add_argument("--four-colour", action="store_true", help="use the four-colour deck")
    parser.add_argument("--courts", action="store_true", help="only the jacks, queens and kings")
    parser.add_argument("--zoom", type=int, default=1, help="enlarge the picture N times")
    parser.add_argument("--fan", type=Path, help="also write a fan of ten overlapping cards")
    parser.add_argument("--fan-width", type=int, default=80, help="card width in the fan")
    args = parser.parse_args(argv)

    pygame.font.init()
    art = CardArt(args.width, four_colour=args.four_colour)
    start = time.perf_counter()
    for card in PACK:
        art.face(card)
    art.back()
    elapsed = time.perf_counter() - start
    args.out.parent.mkdir(parents=True, exist_ok=True)
    ranks = (Rank.JACK, Rank.QUEEN, Rank.KING) if args.courts else tuple(Rank)
    picture = sheet(art, ranks)
    if args.zoom > 1:
        picture = pygame.transform.scale_by(picture, args.zoom)
    pygame.image.save(picture, str(args.out))
    print(f"{args.out}: width {art.width}, 52 faces + back rendered in {elapsed * 1000:.0f} ms")
    print(f"  {timings(args.width, args.four_colour)}")
    if args.fan:
        hand = parse_cards("2C 7C TC JD QD KD AH 8H 9S AS")
        fan_art = CardArt(args.fan_width, four_colour=args.four_colour)
        pygame.image.save(fan(fan_art, hand), str(args.fan))
        print(f"{args.fan}: fan of {len(hand)} cards")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
