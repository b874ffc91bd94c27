"""The rules of a game in plain words, for the rules screen and ``ohhell rules``.

>>> from game.rules.presets import PRESETS
>>> sections = dict(describe(PRESETS["nomination-whist"].rules(4)))
>>> sections["Hands"]  # doctest: +NORMALIZE_WHITESPACE
'7 cards each in the first hand, one fewer each hand down to 1, then one more each
hand back up to 7: 13 hands.'
>>> "(the hook)" in sections["Bidding"]
True
"""

from __future__ import annotations

import itertools

from game.i18n import _, ngettext, tr
from game.rules.presets import PRESETS, preset_for
from game.rules.ruleset import (
    MAX_HANDS,
    FirstDealer,
    RuleSet,
    Settlement,
    TrickPoints,
    TrumpMethod,
    ZeroBid,
)


def describe(rules: RuleSet) -> list[tuple[str, str]]:
    """Sections of (heading, text) that explain every rule of ``rules``."""
    return [
        (_("Players"), _players(rules)),
        (_("Hands"), _hands(rules)),
        (_("Trumps"), _trumps(rules)),
        (_("First dealer"), _first_dealer(rules)),
        (_("Bidding"), _bidding(rules)),
        (_("Play"), _play(rules)),
        (_("Scoring"), _scoring(rules)),
        (_("End of the game"), _end(rules)),
    ]


def game_name(rules: RuleSet) -> str:
    """The game's name as every screen shows it: its preset's, or "Custom rules" for
    rules changed from every preset (one name for a custom game everywhere)."""
    preset = preset_for(rules)
    return tr(preset.name) if preset is not None else custom_name()


def custom_name() -> str:
    """The one name of a game whose rules match no preset."""
    return _("Custom rules")


def listed_name(preset_id: str) -> str:
    """The name of a game announced on the network by its preset's id (empty for
    custom rules), in this player's language; an older host's own words as they came."""
    preset = PRESETS.get(preset_id)
    if preset is not None:
        return tr(preset.name)
    return preset_id or custom_name()


def in_brief(rules: RuleSet) -> str:
    """The hands and the scoring of ``rules`` in two sentences (for rules changed from
    a preset, whose own description no longer holds)."""
    return f"{_hands(rules)} {_scoring(rules)}"


def _players(rules: RuleSet) -> str:
    text = ngettext(
        "{players} player with a standard 52-card pack, aces high. Deal, bidding and play "
        "go clockwise, starting with the player to the dealer's left, who also leads first.",
        "{players} players with a standard 52-card pack, aces high. Deal, bidding and play "
        "go clockwise, starting with the player to the dealer's left, who also leads first.",
        rules.players,
    ).format(players=rules.players)
    if rules.stripped:
        text += " " + ngettext(
            "{count} card is removed face down from the bottom of the pack, so it deals out "
            "evenly.",
            "{count} cards are removed face down from the bottom of the pack, so it deals out "
            "evenly.",
            rules.stripped,
        ).format(count=rules.stripped)
    return text


def _hands(rules: RuleSet) -> str:
    sizes = rules.hand_sizes
    if rules.unbounded:
        size = sizes[0]
        every = ngettext(
            "{size} card each, every hand.", "{size} cards each, every hand.", size
        ).format(size=size)
        cap = _("If nobody has reached the target after {count} hands, the game ends there.")
        return f"{every} {cap.format(count=MAX_HANDS)}"
    text = _runs(sizes) + ngettext(": {count} hand.", ": {count} hands.", len(sizes)).format(
        count=len(sizes)
    )
    if rules.largest_hand is None and max(sizes) == max(rules.schedule):
        text += " " + _most_each(rules, max(sizes))
    return text


def _runs(sizes: tuple[int, ...]) -> str:
    """The hand sizes dealt, run by run: "10 cards each in the first hand, one fewer each
    hand down to 1, then one more each hand back up to 10" (no full stop)."""
    first = sizes[0]
    if all(size == first for size in sizes):
        return ngettext(
            "{size} card each, every hand", "{size} cards each, every hand", first
        ).format(size=first)
    parts = [
        ngettext(
            "{size} card each in the first hand", "{size} cards each in the first hand", first
        ).format(size=first)
    ]
    for index, (step, end) in enumerate(_turns(sizes)):
        if step > 0 and end == first and index:
            run = _("one more each hand back up to {size}")
        elif step > 0:
            run = _("one more each hand up to {size}")
        elif end == first and index:
            run = _("one fewer each hand back down to {size}")
        else:
            run = _("one fewer each hand down to {size}")
        parts.append((_("then {run}") if index else "{run}").format(run=run.format(size=end)))
    return ", ".join(parts)


def _turns(sizes: tuple[int, ...]) -> list[tuple[int, int]]:
    """Each run of the sizes as (its step, +1 or -1, and the size it ends on)."""
    runs: list[tuple[int, int]] = []
    for before, after in itertools.pairwise(sizes):
        step = 1 if after > before else -1
        if runs and runs[-1][0] == step:
            runs[-1] = (step, after)
        else:
            runs.append((step, after))
    return runs


def _most_each(rules: RuleSet, top: int) -> str:
    """Why the largest hand is ``top`` when the rules leave it to the pack."""
    if (top + 1) * rules.players <= rules.pack_size:
        return _(
            "{top} is the most the pack deals each while keeping a card to turn for trumps."
        ).format(top=top)
    return _("{top} is the most the pack deals each.").format(top=top)


def _trumps(rules: RuleSet) -> str:
    if rules.trump is TrumpMethod.NONE:
        return _("Every hand is played without trumps.")
    if rules.trump is TrumpMethod.DEALERS_LAST_CARD:
        parts = [
            _(
                "The dealer turns up the last card dealt, which is the dealer's own, to fix "
                "trumps; it stays in the dealer's hand."
            )
        ]
    else:
        parts = [_("After the deal the next card of the stock is turned up; its suit is trumps.")]
        if rules.no_trump_when_exhausted:
            parts.append(_("When every card has been dealt, the hand is played at no trump."))
    if rules.no_trump_last_hand:
        parts.append(_("The last hand is always played at no trump, and no card is turned."))
    if rules.trump is TrumpMethod.NEXT_CARD:
        parts.append(_("Undealt cards are set aside."))
    return " ".join(parts)


def _first_dealer(rules: RuleSet) -> str:
    method = rules.first_dealer
    if method is FirstDealer.FIRST_JACK:
        text = _(
            "Cards are dealt face up one at a time around the table; the first player to "
            "receive a jack deals first."
        )
    elif method is FirstDealer.HIGHEST_CARD:
        text = _(
            "Everyone draws a card and the highest deals first (aces high); players who tie "
            "draw again."
        )
    else:
        text = _("The first dealer is chosen at random, from the deal number.")
    return text + " " + _("After each hand the deal passes to the left.")


def _bidding(rules: RuleSet) -> str:
    if rules.simultaneous_bidding:
        parts = [
            _(
                "Everyone bids at the same time, in secret, from 0 up to the number of cards "
                "dealt. Nobody may pass. The bids are revealed together once all are in."
            )
        ]
    else:
        parts = [
            _(
                "Starting to the dealer's left, each player bids once how many tricks they will "
                "take, from 0 up to the number of cards dealt. Nobody may pass."
            )
        ]
    if rules.hook:
        parts.append(
            _(
                "The dealer bids last and may not make the bids add up to the number of tricks "
                "in the hand (the hook), so someone must fail."
            )
        )
    if rules.announce_total:
        parts.append(
            _(
                "After the last bid, the total is announced as over, under or even against the "
                "tricks available."
            )
        )
    if rules.simultaneous_bidding:
        parts.append(_("Once revealed, the bids are on the score sheet for everyone."))
    else:
        parts.append(_("All bids are public: check them on the score sheet at any time."))
    return " ".join(parts)


def _play(rules: RuleSet) -> str:
    if rules.trump is TrumpMethod.NONE:
        return _(
            "Players must follow the suit led if they can; a player who cannot may discard "
            "any card. The highest card of the suit led wins the trick. The winner leads next."
        )
    text = _(
        "Players must follow the suit led if they can. The highest trump wins the trick, or "
        "with no trump in it the highest card of the suit led. The winner leads next."
    )
    if rules.must_trump:
        text += " " + _("La Podrida: a player who cannot follow suit must trump if able.")
    else:
        text += " " + _("A player who cannot follow suit may trump or discard.")
    return text


def _scoring(rules: RuleSet) -> str:
    bonus = rules.exact_bonus
    if rules.trick_points is TrickPoints.ALWAYS:
        text = _(
            "Everyone scores 1 point per trick taken; taking exactly your bid adds {bonus}."
        ).format(bonus=bonus)
    elif rules.trick_points is TrickPoints.EXACT:
        text = _(
            "Only an exact bid scores: 1 point per trick plus {bonus}. Anyone else scores nothing."
        ).format(bonus=bonus)
    else:
        text = _(
            "Tricks score nothing: taking exactly your bid scores {bonus}, anything else 0."
        ).format(bonus=bonus)
    zero = {
        ZeroBid.FIVE: _("A successful bid of zero scores 5."),
        ZeroBid.TEN: _("A successful bid of zero scores 10."),
        ZeroBid.FIVE_PLUS_TRICKS: _(
            "A successful bid of zero scores 5 plus the number of tricks in the hand."
        ),
    }.get(rules.zero_bid)
    return f"{text} {zero}" if zero else text


def _end(rules: RuleSet) -> str:
    if rules.target_score is not None and rules.unbounded:
        text = ngettext(
            "The game ends after the hand in which someone reaches {target} point. The "
            "highest total wins; a tie at the top is shared.",
            "The game ends after the hand in which someone reaches {target} points. The "
            "highest total wins; a tie at the top is shared.",
            rules.target_score,
        ).format(target=rules.target_score)
    elif rules.target_score is not None:
        text = ngettext(
            "The game ends after the hand in which someone reaches {target} point, or after "
            "the last hand if nobody has. The highest total wins; a tie at the top is shared.",
            "The game ends after the hand in which someone reaches {target} points, or after "
            "the last hand if nobody has. The highest total wins; a tie at the top is shared.",
            rules.target_score,
        ).format(target=rules.target_score)
    else:
        text = _("The game ends after the last hand. The highest total wins; a tie is shared.")
    if rules.hard_score_bonus:
        text += " " + ngettext(
            "The winner scores a further {bonus} point (every player tied at the top does).",
            "The winner scores a further {bonus} points (every player tied at the top does).",
            rules.hard_score_bonus,
        ).format(bonus=rules.hard_score_bonus)
    if rules.settlement is Settlement.DIFFERENCES:
        text += " " + _(
            "Stakes: players settle the differences of their scores at {stake} per point."
        ).format(stake=rules.stake)
    elif rules.settlement is Settlement.POOL:
        text += " " + _(
            "Stakes: everyone antes {stake} to a pool and the winner takes it (players tied at "
            "the top share it)."
        ).format(stake=rules.stake)
    return text
