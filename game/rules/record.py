"""Game records: the save, replay and export format (see docs/records.md).

A record holds the rules, the seed, the players and every hand; a save of a
game in progress adds the action log. Loading replays the actions from the
seed and checks every recorded fact against the replay, so a record that has
been tampered with or damaged is refused with a message that says where.

>>> from game.rules.presets import PRESETS
>>> match = Match(PRESETS["blob"].rules(3), seed=11)
>>> _ = match.advance_until_decision()
>>> _ = match.apply(match.legal_actions()[0])
>>> data = to_record(match, [Player("Ann"), Player("Bo", "easy"), Player("Cy", "hard")])
>>> data["variant"], data["hands"][0]["bids"].count(None), len(data["actions"])
('blob', 2, 1)
>>> loaded, players = from_record(data)
>>> loaded.bids == match.bids and players[2].kind
'hard'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeGuard

from game.rules.actions import Action, action_from_json
from game.rules.cards import Card
from game.rules.errors import IllegalAction, RecordError
from game.rules.match import Match
from game.rules.names import clean_name, is_clean_name
from game.rules.phase import Phase
from game.rules.presets import preset_for
from game.rules.results import HandResult
from game.rules.ruleset import RuleSet
from game.rules.tricks import Trick

FORMAT = "ohhell-record"
VERSION = 2
"""Version 2 adds ``phase``, so that a save taken between two actions (a hand
dealt and not yet bid, a hand scored and the next not yet dealt) resumes there."""
READABLE_VERSIONS = (1, 2)
Level = Literal["random", "easy", "medium", "hard", "expert"]
"""A computer player's level."""
PlayerKind = Literal["human", Level]
"""Who plays a seat: a person, or a computer of a level."""
LEVELS: tuple[Level, ...] = ("random", "easy", "medium", "hard", "expert")
"""Every computer level, weakest first."""
PLAYER_KINDS: tuple[PlayerKind, ...] = ("human", *LEVELS)


def is_level(text: str) -> TypeGuard[Level]:
    """Whether ``text`` names a computer level.

    >>> is_level("hard"), is_level("human"), is_level("Hard")
    (True, False, False)
    """
    return text in LEVELS


def is_player_kind(text: str) -> TypeGuard[PlayerKind]:
    """Whether ``text`` is ``human`` or a computer level."""
    return text in PLAYER_KINDS


@dataclass(frozen=True)
class Player:
    """Who sits in a seat: a name, and ``human`` or a computer level."""

    name: str
    kind: PlayerKind = "human"

    def __post_init__(self) -> None:
        if not is_player_kind(self.kind):
            raise ValueError(f"unknown kind of player {self.kind!r}")
        if not is_clean_name(self.name):
            raise ValueError(f"not a name by the name rule: {self.name!r:.60}")

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind}


# ------------------------------------------------------------------ writing
def to_record(match: Match, players: Sequence[Player]) -> dict[str, Any]:
    """The record of ``match`` as a JSON-ready dictionary. A game not yet over
    also carries its action log, which is all a save needs to resume."""
    if len(players) != match.players:
        raise ValueError(f"{len(players)} players named for a table of {match.players}")
    preset = preset_for(match.rules)
    hands = [_finished_hand(result) for result in match.results]
    if match.phase in (Phase.BIDDING, Phase.PLAYING):
        hands.append(_current_hand(match))
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "variant": preset.id if preset else "custom",
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "players": [player.to_json() for player in players],
        "hands": hands,
        "winners": list(match.winners),
    }
    if match.phase is Phase.GAME_OVER:
        record["totals"] = list(match.scores)
        if match.settlement is not None:
            record["settlement"] = list(match.settlement)
    else:
        record["actions"] = [action.to_json() for action in match.actions]
    record["phase"] = match.phase.value
    return record


def _finished_hand(result: HandResult) -> dict[str, Any]:
    return {
        "number": result.number,
        "dealer": result.dealer,
        "size": result.size,
        "cards": [[str(card) for card in hand] for hand in result.dealt],
        "trump_card": _card_text(result.trump_card),
        "trump": result.trump.symbol if result.trump is not None else None,
        "bids": list(result.bids),
        "tricks": [_trick_json(trick) for trick in result.tricks],
        "taken": list(result.taken),
        "points": list(result.points),
        "totals": list(result.totals),
    }


def _current_hand(match: Match) -> dict[str, Any]:
    tricks = [_trick_json(trick) for trick in match.tricks]
    if match.trick:
        tricks.append(
            {"leader": match.leader, "cards": [str(c) for c in match.trick], "winner": None}
        )
    return {
        "number": match.hand_number,
        "dealer": match.dealer,
        "size": match.hand_size,
        "cards": [[str(card) for card in match.dealt_hand(seat)] for seat in range(match.players)],
        "trump_card": _card_text(match.trump_card),
        "trump": match.trump.symbol if match.trump is not None else None,
        "bids": list(match.bids),
        "tricks": tricks,
        "taken": list(match.taken),
    }


def _trick_json(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "cards": [str(card) for card in trick.cards],
        "winner": trick.winner,
    }


def _card_text(card: Card | None) -> str | None:
    return str(card) if card is not None else None


def dumps(record: dict[str, Any]) -> str:
    """One record as compact, stable JSON (one line, for JSONL files)."""
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


# ------------------------------------------------------------------ reading
def from_record(data: object) -> tuple[Match, list[Player]]:
    """Rebuild the match a record describes, checking every recorded fact."""
    if not isinstance(data, dict):
        raise RecordError("record", "expected a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}, not {data.get('format')!r}")
    version = data.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:
        raise RecordError(
            "version", f"this game reads versions 1 to {VERSION}, not {version!r:.20}"
        )
    rules = RuleSet.from_dict(data.get("rules"), "rules")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("seed", f"expected a whole number, not {seed!r}")
    players = _read_players(data.get("players"), rules.players)
    hands = _expect_list(data.get("hands", []), "hands")
    if "actions" in data:
        raw = _expect_list(data["actions"], "actions")
        actions = [
            (action_from_json(item, f"actions[{index}]"), f"actions[{index}]")
            for index, item in enumerate(raw)
        ]
    else:
        actions = _actions_from_hands(hands, rules.players)
    match = _replay(rules, seed, actions)
    _advance_to(match, _saved_phase(data, match, hands))
    _check_hands(match, hands)
    _check_end(match, data)
    return match, players


def _read_players(raw: object, count: int) -> list[Player]:
    items = _expect_list(raw, "players")
    if len(items) != count:
        raise RecordError("players", f"the rules seat {count} players but {len(items)} are listed")
    players = []
    for index, item in enumerate(items):
        where = f"players[{index}]"
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise RecordError(where, 'expected {"name": ..., "kind": ...}')
        kind = item.get("kind", "human")
        if not isinstance(kind, str) or not is_player_kind(kind):
            raise RecordError(f"{where}.kind", f"{kind!r} is not one of {', '.join(PLAYER_KINDS)}")
        name = clean_name(item["name"])
        if not name:
            raise RecordError(f"{where}.name", "a name needs a character one can see")
        players.append(Player(name, kind))
    return players


def _expect_list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(where, "expected a list")
    return value


def _expect_dict(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(where, "expected an object")
    return value


def _actions_from_hands(hands: list[Any], players: int) -> list[tuple[Action, str]]:
    """The action log implied by the hands, each with where it is written: bids
    from the eldest, then the tricks."""
    actions: list[tuple[Action, str]] = []
    for h, raw in enumerate(hands):
        hand = _expect_dict(raw, f"hands[{h}]")
        dealer = hand.get("dealer")
        if not isinstance(dealer, int) or not 0 <= dealer < players:
            raise RecordError(f"hands[{h}].dealer", f"expected a seat number, not {dealer!r}")
        bids = _expect_list(hand.get("bids"), f"hands[{h}].bids")
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            if seat < len(bids) and bids[seat] is not None:
                where = f"hands[{h}].bids[{seat}]"
                actions.append((action_from_json({"seat": seat, "bid": bids[seat]}, where), where))
        for t, raw_trick in enumerate(_expect_list(hand.get("tricks", []), f"hands[{h}].tricks")):
            trick_where = f"hands[{h}].tricks[{t}]"
            trick = _expect_dict(raw_trick, trick_where)
            leader = trick.get("leader")
            if not isinstance(leader, int) or not 0 <= leader < players:
                raise RecordError(
                    f"{trick_where}.leader", f"expected a seat number, not {leader!r}"
                )
            for c, text in enumerate(_expect_list(trick.get("cards"), f"{trick_where}.cards")):
                where = f"{trick_where}.cards[{c}]"
                play = {"seat": (leader + c) % players, "play": text}
                actions.append((action_from_json(play, where), where))
    return actions


def _replay(rules: RuleSet, seed: int, actions: list[tuple[Action, str]]) -> Match:
    match = Match(rules, seed)
    for action, where in actions:
        match.advance_until_decision()
        try:
            match.apply(action)
        except IllegalAction as error:
            raise RecordError(where, f"{action} is illegal here: {error}") from None
    return match


def _saved_phase(data: dict[str, Any], match: Match, hands: list[Any]) -> Phase:
    """The phase the record was saved in. Version 1 did not say: a save whose last
    hand was dealt but never acted on stood in that hand's bidding."""
    raw = data.get("phase")
    if raw is None:
        if match.phase.automatic and len(hands) > _hands_played(match):
            return Phase.BIDDING
        return match.phase
    try:
        return Phase(raw)
    except ValueError:
        choices = ", ".join(phase.value for phase in Phase)
        raise RecordError("phase", f"{raw!r:.40} is not one of {choices}") from None


def _advance_to(match: Match, phase: Phase) -> None:
    """Take the automatic steps that follow the last action until ``phase``: each
    phase comes at most once before the next decision, so the stop is exact."""
    while match.phase is not phase:
        if not match.phase.automatic:
            raise RecordError("phase", f"the actions end in {match.phase.value}, not {phase.value}")
        match.advance()


def _hands_played(match: Match) -> int:
    return len(match.results) + (match.phase in (Phase.BIDDING, Phase.PLAYING))


def _check_hands(match: Match, hands: list[Any]) -> None:
    played = [_finished_hand(result) for result in match.results]
    if match.phase in (Phase.BIDDING, Phase.PLAYING):
        played.append(_current_hand(match))
    if len(hands) > len(played):
        raise RecordError(f"hands[{len(played)}]", "this hand was never reached by the actions")
    for h, (recorded, replayed) in enumerate(zip(hands, played, strict=False)):
        recorded = _expect_dict(recorded, f"hands[{h}]")
        for key, value in replayed.items():
            if key in recorded and recorded[key] != value:
                raise RecordError(
                    f"hands[{h}].{key}",
                    f"the record says {recorded[key]!r} but the game from seed {match.seed} "
                    f"gives {value!r}",
                )


def _check_end(match: Match, data: dict[str, Any]) -> None:
    if "winners" in data and data["winners"] != list(match.winners):
        raise RecordError(
            "winners",
            f"the record says {data['winners']!r}, the game gives {list(match.winners)!r}",
        )
    if "totals" in data and data["totals"] != list(match.scores):
        raise RecordError(
            "totals", f"the record says {data['totals']!r}, the game gives {list(match.scores)!r}"
        )
