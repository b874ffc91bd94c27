"""Pictures of the screens in every language, for the docs (issue 19, item 4).

    uv run python tools/screenshots.py                 # every bundled language, 1280x720
    uv run python tools/screenshots.py --lang cs es    # some of them
    uv run python tools/screenshots.py --pseudo        # the layout test's pseudo-language too

Writes ``docs/screenshots/<lang>/{title,newgame,bidding,rules}-WxH.png``: the title,
the new-game form, the table while you bid, and the rules in plain words.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.i18n import available_languages, install, set_language  # noqa: E402
from game.i18n.pseudo import CODE as PSEUDO  # noqa: E402
from game.i18n.pseudo import PseudoTranslations  # noqa: E402
from game.play.preview import played_until_bid  # noqa: E402
from game.rules.presets import PRESETS  # noqa: E402
from game.rules.record import Player  # noqa: E402
from game.settings import SettingsStore  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.kit import routes  # noqa: E402
from game.ui.kit.scene import Scene  # noqa: E402
from game.ui.screenshot import KINDS, build_scene, picture_names  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SCENES = ("title", "newgame", "bidding", "rules")
FRAMES = 60


def scenes_for(app: App, name: str) -> list[Scene]:
    from game.ui import registry

    if name == "bidding":
        players = [Player(picture_names()[seat], KINDS[seat]) for seat in range(4)]
        return build_scene(app, "table", played_until_bid("oh-hell", players, 3))
    if name == "rules":
        return [registry.build(app, routes.Rules(PRESETS["oh-hell"].rules(4)))]
    return [registry.build(app, routes.Title() if name == "title" else routes.NewGame())]


def picture(language: str, name: str, size: tuple[int, int], folder: Path) -> Path:
    """Save one scene in one language; returns the file."""
    if language == PSEUDO:
        install(PseudoTranslations(), PSEUDO)
    else:
        set_language(language)
    store = SettingsStore(path=folder / "settings.json")
    store.update(animation_speed=4.0, sound=False, player_name=picture_names()[0])
    app = App(pygame.display.set_mode(size), store)
    try:
        for scene in scenes_for(app, name):
            app.push(scene)
        for _ in range(FRAMES):
            app.frame(1 / 30)
        path = OUT / language / f"{name}-{size[0]}x{size[1]}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(path))
        return path
    finally:
        app.close_scenes()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", nargs="*", help="languages (default: every bundled one)")
    parser.add_argument("--pseudo", action="store_true", help="also the pseudo-language")
    parser.add_argument("--size", default="1280x720", help="WIDTHxHEIGHT (default 1280x720)")
    args = parser.parse_args(argv)
    languages = args.lang or available_languages()
    if args.pseudo:
        languages = [*languages, PSEUDO]
    width, height = (int(part) for part in args.size.lower().split("x"))
    with tempfile.TemporaryDirectory() as home:
        os.environ["OHHELL_HOME"] = home
        pygame.display.init()
        pygame.font.init()
        for language in languages:
            for name in SCENES:
                path = picture(language, name, (width, height), Path(home))
                print(path.relative_to(ROOT))
        pygame.quit()
    set_language("en")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
