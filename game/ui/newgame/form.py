"""The new game form's state and actions, shared by the scene and its pages.

The form holds the seats, the rules being chosen and the deal number, checks
them after every change, and starts the game. The controls that show them
are built by the pages (``newgame_players``, ``newgame_rules``) and the
scene (``newgame``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pygame_gui.elements import UITextEntryLine

from game.i18n import _
from game.play.setup import (
    DEFAULT_PRESET,
    NAME_LENGTH,
    GameSetup,
    Seat,
    default_seats,
    new_seed,
    saved_setup,
    seat_players,
    setup_record,
)
from game.rules.presets import PRESETS
from game.rules.record import Player
from game.rules.ruleset import RuleSet
from game.ui.kit.gui import GuiScene

if TYPE_CHECKING:
    from game.ui.kit.scene import Host
    from game.ui.newgame.rows import Row


class NewGameForm(GuiScene):
    """The model behind the new game scene: seats, rules, deal number, and what is wrong."""

    page_elements: dict[str, list[Any]]
    """The elements of each page, shown only on their page (made by ``build``)."""
    name_entries: list[UITextEntryLine]
    seed_entry: UITextEntryLine

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        settings = app.settings
        self.seats = default_seats(settings.player_name)
        self.setup = GameSetup(PRESETS[DEFAULT_PRESET], 4)
        saved = saved_setup(settings)
        if saved is not None:
            rules, players = saved
            self.setup = GameSetup.from_rules(rules)
            for index, player in enumerate(players):
                self.seats[index] = Seat(player.name, player.kind)
            if players[0].kind == "human":
                self.seats[0].name = settings.player_name
        self.seed_text = str(new_seed())
        self.page = "players"
        self.rules: RuleSet | None = None
        self.problem: str | None = None
        self.culprits: set[str] = set()
        self.mouse = (-1, -1)
        self._last_target = 100
        self.rows: list[Row] = []
        self.validate()

    # -------------------------------------------------------------- model
    @property
    def players(self) -> list[Player]:
        """The players as the game would seat them now."""
        return seat_players(self.seats[: self.setup.count])

    @property
    def seed(self) -> int | None:
        text = self.seed_text.strip()
        return int(text) if text.isdigit() else None

    def validate(self) -> None:
        """Build the rules and check the names; remember what is wrong and where."""
        rules, problem, culprits = self.setup.check()
        if problem is None:
            seen: dict[str, int] = {}
            for index, player in enumerate(self.players):
                key = player.name.casefold()
                if key in seen:
                    problem = _(
                        "Two players are called {name}: give every player a different name."
                    ).format(name=player.name)
                    culprits = {f"seat:{seen[key]}", f"seat:{index}"}
                    break
                seen[key] = index
        self.rules = rules if problem is None else None
        self.problem = problem
        self.culprits = culprits

    def changed(self) -> None:
        """The model changed: check it again (the scene also brings its controls up to date)."""
        self.validate()

    # ------------------------------------------------------------- actions
    def choose_preset(self, preset_id: str) -> None:
        self.setup.choose(PRESETS[preset_id])
        self.changed()

    def reset_rules(self) -> None:
        self.setup.overrides.clear()
        self.changed()

    def set_rule(self, name: str, value: Any) -> None:
        if name == "target_score" and value is not None:
            self._last_target = value
        self.setup.change(name, value)
        self.changed()

    def set_count(self, count: int) -> None:
        self.setup.set_count(count)
        self.changed()

    def set_kind(self, seat: int, kind: str) -> None:
        self.seats[seat].kind = kind
        self.changed()

    def set_name(self, seat: int, name: str) -> None:
        self.seats[seat].name = name[:NAME_LENGTH]
        if hasattr(self, "name_entries") and self.name_entries[seat].get_text() != name:
            self.name_entries[seat].set_text(name)
        self.changed()

    def set_seed(self, seed: int | str) -> None:
        self.seed_text = str(seed)
        if hasattr(self, "seed_entry") and self.seed_entry.get_text() != self.seed_text:
            self.seed_entry.set_text(self.seed_text)

    def start(self) -> None:
        """Deal: remember the setup for Quick game and go to the table."""
        self.validate()
        if self.rules is None:
            return
        players = self.players
        seed = self.seed
        if seed is None:
            seed = new_seed()
            self.set_seed(seed)
        self.app.store.update(last_setup=setup_record(self.rules, players))
        self.app.start_game(self.rules, seed, players)
