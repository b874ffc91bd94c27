"""The engine's reasons in the player's words: why an action is refused, why a hand has
no trumps, why a rule set cannot be played. Every member of every reason has its words
(``tests/test_reasons.py`` fails when one has none).

>>> from game.rules.cards import Suit
>>> refusal_words(RefusedAction(Refusal.MUST_FOLLOW, seat=0, led=Suit.HEARTS))
'You must follow suit: hearts were led.'
>>> rules_words(RuleProblem(Conflict.LARGEST_TOO_BIG, ("largest_hand",), high=52))
'The largest hand can be at most 52 cards.'
"""

from __future__ import annotations

from typing import NoReturn

from game.i18n import _, ngettext, tr
from game.i18n.cards import card_name, must_follow_words, must_trump_words
from game.rules.errors import IllegalAction, RecordError, RulesError
from game.rules.presets import PRESETS
from game.rules.reasons import Conflict, NoTrumpReason, Refusal, RefusedAction, RuleProblem


def refusal_words(refused: RefusedAction) -> str:
    """Why an action is not allowed now."""
    why = refused.why
    match why:
        case Refusal.GAME_OVER:
            return _("The game is over.")
        case Refusal.NOT_DEALT:
            return _("Nobody may act until the cards are dealt.")
        case Refusal.WAITING:
            return _("The game waits for a player to act.")
        case Refusal.NOT_AN_ACTION:
            return _("That is not a bid or a play.")
        case Refusal.ILL_TYPED:
            return _("An action names its seat and its bid by whole numbers, and plays a card.")
        case Refusal.BIDDING_OVER:
            return _("Bidding is over: it is time to play.")
        case Refusal.NO_SUCH_SEAT:
            return _("There is no seat {seat} at this table.").format(seat=refused.seat)
        case Refusal.ALREADY_BID:
            return _("You have already bid.")
        case Refusal.NOT_YOUR_BID:
            return _("It is not your turn to bid.")
        case Refusal.NEGATIVE_BID:
            return _("A bid cannot be negative.")
        case Refusal.BID_TOO_HIGH:
            tricks = refused.tricks or 0
            return ngettext(
                "You cannot bid more than the {tricks} trick in this hand.",
                "You cannot bid more than the {tricks} tricks in this hand.",
                tricks,
            ).format(tricks=tricks)
        case Refusal.HOOK:
            return _(
                "The dealer may not bid {bid}: the bids would add up to {tricks}, the tricks "
                "in the hand, and everyone could succeed (the hook)."
            ).format(bid=refused.bid, tricks=refused.tricks)
        case Refusal.NOT_PLAYING:
            return _("Cards are played once everyone has bid.")
        case Refusal.NOT_YOUR_PLAY:
            return _("It is not your turn to play.")
        case Refusal.NOT_HELD:
            card = refused.card
            # TRANSLATORS: {card} is a card's name as translated in the "card" context.
            return _("You do not hold {card}.").format(card=card_name(card) if card else "")
        case Refusal.MUST_FOLLOW:
            if refused.led is None:
                return _("You must follow suit.")
            return must_follow_words(refused.led)
        case Refusal.MUST_TRUMP:
            return must_trump_words(refused.led, refused.trump)
    return _never(why)


def no_trump_words(reason: NoTrumpReason) -> str:
    """Why this hand is played without trumps."""
    match reason:
        case NoTrumpReason.NO_TRUMPS:
            return _("This game is played without trumps.")
        case NoTrumpReason.LAST_HAND:
            return _("The last hand is always played at no trump.")
        case NoTrumpReason.PACK_EXHAUSTED:
            return _("Every card is dealt, so none is left to turn for trumps.")
    return _never(reason)


def rules_words(problem: RuleProblem) -> str:
    """Why a rule set cannot be played."""
    conflict = problem.conflict
    high = problem.high
    match conflict:
        case Conflict.PLAYERS:
            return ngettext(
                "Oh Hell is played by {low} to {high} player, not {players}.",
                "Oh Hell is played by {low} to {high} players, not {players}.",
                high or 0,
            ).format(low=problem.low, high=high, players=problem.value)
        case Conflict.WRONG_TYPE:
            return _("The rule '{name}' cannot be {value}.").format(
                name=problem.name, value=problem.value
            )
        case Conflict.HOOK_NEEDS_TURNS:
            return _(
                "The dealer's hook needs bidding in turn: with simultaneous bidding nobody "
                "bids last. Turn off the hook or simultaneous bidding."
            )
        case Conflict.LARGEST_TOO_SMALL:
            return _("The largest hand must be at least one card.")
        case Conflict.LARGEST_TOO_BIG:
            return ngettext(
                "The largest hand can be at most {high} card.",
                "The largest hand can be at most {high} cards.",
                high or 0,
            ).format(high=high)
        case Conflict.HANDS_TOO_FEW:
            return _("The number of hands must be at least one.")
        case Conflict.HANDS_TOO_MANY:
            return ngettext(
                "A game can have at most {high} hand.",
                "A game can have at most {high} hands.",
                high or 0,
            ).format(high=high)
        case Conflict.TARGET_TOO_SMALL:
            return _("The target score must be at least one point.")
        case Conflict.TARGET_TOO_BIG:
            return ngettext(
                "The target score can be at most {high} point.",
                "The target score can be at most {high} points.",
                high or 0,
            ).format(high=high)
        case Conflict.NO_END:
            return _(
                "A constant hand size needs a number of hands or a target score to end the game."
            )
        case Conflict.LAST_HAND_UNKNOWN:
            return _("'No trump in the last hand' needs a known last hand: set a number of hands.")
        case Conflict.NO_POINTS:
            if "target_score" in problem.options:
                return _(
                    "The target score could never be reached: this scoring gives no points. "
                    "Give points for tricks or an exact-bid bonus."
                )
            return _(
                "This scoring gives no points, so every game would end in a tie. Give points "
                "for tricks or an exact-bid bonus."
            )
        case _:
            return _more_rules_words(problem)


def _more_rules_words(problem: RuleProblem) -> str:
    conflict, high = problem.conflict, problem.high
    match conflict:
        case Conflict.MUST_TRUMP_WITHOUT_TRUMPS:
            return _("La Podrida (must trump) needs trumps, but this game has none.")
        case Conflict.NO_TRUMP_OPTIONS_WITHOUT_TRUMPS:
            return _(
                "The 'no trump' hand options only apply when trumps are turned; this game has "
                "no trumps at all."
            )
        case Conflict.EXHAUSTED_WITH_LAST_CARD:
            return _(
                "When the dealer's last card fixes trumps there is always a card to turn: "
                "'no trump when no card is left' cannot apply."
            )
        case Conflict.NEGATIVE_BONUS:
            return _("Bonuses cannot be negative.")
        case Conflict.BONUS_TOO_BIG:
            return ngettext(
                "Bonuses can be at most {high} point.",
                "Bonuses can be at most {high} points.",
                high or 0,
            ).format(high=high)
        case Conflict.STAKE_TOO_SMALL:
            return _("Stakes need a stake of at least one unit.")
        case Conflict.STAKE_TOO_BIG:
            return ngettext(
                "The stake can be at most {high} unit.",
                "The stake can be at most {high} units.",
                high or 0,
            ).format(high=high)
        case _:
            return _deal_words(problem)


def _deal_words(problem: RuleProblem) -> str:
    conflict = problem.conflict
    numbers = {
        "size": problem.size,
        "players": problem.players,
        "needed": problem.needed,
        "pack": problem.pack,
        "high": problem.high,
    }
    match conflict:
        case Conflict.PACK_TOO_SMALL:
            size = problem.size or 0
            if problem.stripped:
                # TRANSLATORS: the plural form follows {size}; word the rest so the other
                # numbers need no agreement if your language would need it.
                text = ngettext(
                    "{size} card each for {players} players needs {needed} cards, but the "
                    "stripped pack has {pack}. At most {high} cards each.",
                    "{size} cards each for {players} players needs {needed} cards, but the "
                    "stripped pack has {pack}. At most {high} cards each.",
                    size,
                )
            else:
                # TRANSLATORS: the plural form follows {size}.
                text = ngettext(
                    "{size} card each for {players} players needs {needed} cards, but the "
                    "pack has {pack}. At most {high} cards each.",
                    "{size} cards each for {players} players needs {needed} cards, but the "
                    "pack has {pack}. At most {high} cards each.",
                    size,
                )
            return text.format(**numbers)
        case Conflict.NO_CARD_TO_TURN:
            # TRANSLATORS: the plural form follows {size}.
            return ngettext(
                "{size} card each for {players} players uses every card, and none is left to "
                "turn for trumps. Deal at most {high} each, or play such hands at no trump.",
                "{size} cards each for {players} players uses every card, and none is left to "
                "turn for trumps. Deal at most {high} each, or play such hands at no trump.",
                problem.size or 0,
            ).format(**numbers)
        case Conflict.NO_HAND:
            return _("No hand can be dealt with these rules.")
        case Conflict.PRESET_PLAYERS:
            return ngettext(
                "{name} is for {low} to {high} player, not {players}.",
                "{name} is for {low} to {high} players, not {players}.",
                problem.high or 0,
            ).format(
                name=_preset_name(problem.name),
                low=problem.low,
                high=problem.high,
                players=problem.players,
            )
        case Conflict.UNKNOWN_PRESET:
            return _("There is no variant called {id}. Choose one of: {ids}.").format(
                id=repr(problem.value), ids=", ".join(PRESETS)
            )
        case _:
            return _never(conflict)


def _preset_name(preset_id: str) -> str:
    preset = PRESETS.get(preset_id)
    return tr(preset.name) if preset is not None else preset_id


def error_words(error: BaseException) -> str:
    """What to tell a person about ``error``: a refused rule set or action in words, a
    damaged record with its place (and any rules it holds that cannot be played)."""
    if isinstance(error, RulesError):
        return rules_words(error.problem)
    if isinstance(error, IllegalAction):
        return refusal_words(error.refused)
    if isinstance(error, RecordError) and error.rules is not None:
        words = rules_words(error.rules)
        return f"{error.where}: {words}" if error.where else words
    return str(error)


def _never(value: object) -> NoReturn:
    raise AssertionError(f"no words for {value!r}")
