"""The rules engine: every Oh Hell variant as a pure, seeded state machine.

Pure Python with no display code. Start from a preset or a custom
:class:`RuleSet`, make a :class:`Match` with a seed, and drive it with
:meth:`Match.advance` and :meth:`Match.apply`, guided by
:meth:`Match.legal_actions`.
"""

from game.rules.actions import Action, Bid, Play
from game.rules.cards import PACK, Card, Rank, Suit, parse_cards
from game.rules.errors import IllegalAction, RecordError, RulesError
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import PRESET_LIST, PRESETS, Preset, get_preset, preset_for
from game.rules.record import Player, from_record, to_record
from game.rules.results import HandResult
from game.rules.ruleset import (
    FirstDealer,
    HandSequence,
    RuleSet,
    Settlement,
    TrickPoints,
    TrumpMethod,
    ZeroBid,
)
from game.rules.tricks import Trick
from game.rules.view import SeatView

__all__ = [
    "PACK",
    "PRESETS",
    "PRESET_LIST",
    "Action",
    "Bid",
    "Card",
    "FirstDealer",
    "HandResult",
    "HandSequence",
    "IllegalAction",
    "Match",
    "Phase",
    "Play",
    "Player",
    "Preset",
    "Rank",
    "RecordError",
    "RuleSet",
    "RulesError",
    "SeatView",
    "Settlement",
    "Suit",
    "Trick",
    "TrickPoints",
    "TrumpMethod",
    "ZeroBid",
    "from_record",
    "get_preset",
    "parse_cards",
    "preset_for",
    "to_record",
]
