"""A game in a few words for the menus: what Continue resumes and what Quick game starts.

The saved game is read with :func:`game.play.sealing.load_save` (bounded and
checked) and described from its public view; nothing here draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.i18n import _, ngettext, tr
from game.i18n.describe import custom_name, game_name
from game.play.sealing import load_save
from game.play.setup import PLAYER_LEVELS, level_name
from game.rules.presets import PRESETS
from game.rules.record import Player, is_level
from game.rules.ruleset import RuleSet

LEVEL_ORDER = ("random", *PLAYER_LEVELS)
DOT = "  \u00b7  "
"""Between the parts of a one-line summary."""


def variant_name(rules: RuleSet) -> str:
    """The preset's name, or "Custom rules" for rules changed from every preset."""
    return game_name(rules)


def table_game(preset_id: str) -> str:
    """A game named by its preset's id (``oh-hell``), in the language now in use;
    "Custom rules" for none."""
    preset = PRESETS.get(preset_id)
    return tr(preset.name) if preset is not None else custom_name()


def player_range(low: int, high: int) -> str:
    """``3 to 7 players``."""
    return ngettext("{low} to {high} player", "{low} to {high} players", high).format(
        low=low, high=high
    )


def first_to(target: int) -> str:
    """``first to 100 points``."""
    return ngettext("first to {target} point", "first to {target} points", target).format(
        target=target
    )


def hand_of(rules: RuleSet, number: int) -> str:
    """``hand 3 of 19`` (or ``hand 3`` when only a target score ends the game)."""
    count = rules.hand_count()
    if count is None:
        return _("hand {number}").format(number=max(1, number))
    return _("hand {number} of {count}").format(number=max(1, min(number, count)), count=count)


def game_length(rules: RuleSet) -> str:
    """How long the game runs: ``19 hands``, or ``first to 100 points``."""
    if rules.target_score is not None:
        return first_to(rules.target_score)
    count = rules.hand_count() or 0
    return ngettext("{count} hand", "{count} hands", count).format(count=count)


def line_up(players: Sequence[Player]) -> str:
    """Who plays: ``you and 3 computers``, ``2 people and 2 computers``..."""
    humans = sum(1 for player in players if player.kind == "human")
    computers = len(players) - humans
    if humans == 0:
        return ngettext("{count} computer", "{count} computers", computers).format(count=computers)
    if humans == 1:
        return ngettext("you and {count} computer", "you and {count} computers", computers).format(
            count=computers
        )
    if computers == 0:
        return ngettext(
            "{people} person at this screen", "{people} people at this screen", humans
        ).format(people=humans)
    return ngettext(
        "{people} people and {count} computer", "{people} people and {count} computers", computers
    ).format(people=humans, count=computers)


def names(players: Sequence[Player]) -> str:
    """``Ann, Bo and Cy``."""
    return join_names([player.name for player in players])


def join_names(every: Sequence[str]) -> str:
    """``Ann, Bo and Cy``."""
    if len(every) < 2:
        return "".join(every)
    return _("{names} and {last}").format(names=", ".join(every[:-1]), last=every[-1])


def names_and_levels(players: Sequence[Player]) -> str:
    """``You, Ada (Easy) and Basil (Medium)``."""
    return join_names(
        [
            player.name
            if player.kind == "human"
            else _("{name} ({level})").format(name=player.name, level=level_name(player.kind))
            for player in players
        ]
    )


@dataclass(frozen=True)
class SavedGame:
    """What the autosave holds, said in the language in use when it is asked (the title
    keeps it across a change of language)."""

    rules: RuleSet
    hand_number: int
    players: tuple[Player, ...]

    @property
    def variant(self) -> str:
        return variant_name(self.rules)

    @property
    def hand(self) -> str:
        return hand_of(self.rules, self.hand_number)

    @property
    def count(self) -> str:
        return ngettext("{count} player", "{count} players", len(self.players)).format(
            count=len(self.players)
        )

    def caption(self) -> str:
        """Under the Continue button: ``Oh Hell · hand 3 of 19 · 4 players``."""
        return DOT.join((self.variant, self.hand, self.count))

    def brief(self) -> str:
        """In a sentence: ``Oh Hell, hand 3 of 19, 4 players``."""
        return ", ".join((self.variant, self.hand, self.count))

    def tooltip(self) -> str:
        return _("Resume {game}, with {names}.").format(
            game=self.brief(), names=names(self.players)
        )


def read_saved_game(path: Path) -> SavedGame:
    """The game saved at ``path``; raises RecordError or OSError as the reader does."""
    saved, players = load_save(path)
    view = saved.view(None)
    return SavedGame(view.rules, view.hand_number, tuple(players))


def levels(players: Sequence[Player]) -> str:
    """The computers' levels: ``Easy, Medium, Medium`` in seat order (for more than
    three, each level once, weakest first)."""
    kinds = [player.kind for player in players if is_level(player.kind)]
    if len(kinds) > 3:
        kinds = sorted(set(kinds), key=LEVEL_ORDER.index)
    return ", ".join(level_name(kind) for kind in kinds if is_level(kind))


def quick_captions(rules: RuleSet, players: Sequence[Player]) -> tuple[str, ...]:
    """Under the Quick game button, longest first (the title shows the longest that
    fits): ``Oh Hell · you against Easy, Medium, Medium · 19 hands``."""
    variant, length = variant_name(rules), game_length(rules)
    if not any(player.kind != "human" for player in players):
        return (DOT.join((variant, line_up(players), length)),)
    against = levels(players)
    return (
        DOT.join((variant, _("you against {levels}").format(levels=against), length)),
        DOT.join((variant, _("against {levels}").format(levels=against))),
        DOT.join((variant, against)),
    )


def quick_tooltip(rules: RuleSet, players: Sequence[Player]) -> str:
    """What Quick game starts, in full: the rules, the players by name, the length."""
    text = _("A new game of {variant} for {count} ({names}), {length}.").format(
        variant=variant_name(rules),
        count=len(players),
        names=names_and_levels(players),
        length=game_length(rules),
    )
    humans = sum(1 for player in players if player.kind == "human")
    if humans > 1:
        text += " " + ngettext(
            "The screen is passed between the {people} person playing.",
            "The screen is passed between the {people} people playing.",
            humans,
        ).format(people=humans)
    return text
