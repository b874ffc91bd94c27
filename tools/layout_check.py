"""The layout check's whole matrix (issue 51), with its size and every failure.

    uv run python tools/layout_check.py                      # every case
    uv run python tools/layout_check.py bidding text1.3 cs   # the cases naming all of these

Draws each table screen (bidding, playing, hand result, score sheet, replay, replay with
its analysis, settings with the language list open, the hotseat curtain, pause over the
curtain, the pause menu over the table, settings, the title, the rules, the new-game form's
four pages) at 960x540, 1280x720 and 1920x1080, each text size, in en, es, pt, nl and cs, at
3, 4 and 8 seats, and prints each case that fails with its problems, then the count. The
same matrix runs in ``tests/test_text_fits.py`` (sampled by default, whole when slow).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(words: list[str]) -> int:
    import pygame

    from tests import layoutmatrix

    cases = [case for case in layoutmatrix.every_case() if all(w in str(case) for w in words)]
    screens = {case.screen for case in cases}
    print(
        f"{len(cases)} cases: {len(screens)} screens x {len(layoutmatrix.SIZES)} sizes x "
        f"{len(layoutmatrix.TEXT_SIZES)} text sizes x {len(layoutmatrix.LANGUAGES)} "
        f"languages x {len(layoutmatrix.SEATS)} seat counts (settings at one)",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as home:
        os.environ["OHHELL_HOME"] = home
        pygame.display.init()
        pygame.font.init()
        kept: dict[int, str] = {}

        def replayed(seats: int) -> str:
            if seats not in kept:
                kept[seats] = layoutmatrix.kept_game(seats)
            return kept[seats]

        start, failing = time.perf_counter(), 0
        for case, problems in layoutmatrix.run(cases, Path(home), replayed):
            if problems:
                failing += 1
                print(f"{case}:", *(f"  {problem}" for problem in problems), sep="\n")
        pygame.quit()
    seconds = time.perf_counter() - start
    print(f"{len(cases)} cases, {failing} failing, {seconds:.0f} s")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
