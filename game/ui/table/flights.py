"""The steps that move cards: drawing for the first dealer, passing the deal,
dealing, turning trumps, playing a card and gathering a trick.

Each function builds the :class:`~game.ui.table.animation.Step` for one event
from the :class:`~game.ui.table.stage.Scenery`; its cues change the
:class:`~game.ui.table.stage.Stage` as they fire.
"""

from __future__ import annotations

from functools import partial

from game.i18n import _
from game.i18n.cards import trumps_are_words
from game.rules.cards import Card
from game.rules.events import (
    CardPlayed,
    DealerChosen,
    DealerPasses,
    HandDealt,
    TrickWon,
    TrumpTurned,
)
from game.rules.ruleset import FirstDealer
from game.rules.tricks import Trick
from game.ui.cards.geometry import Point
from game.ui.table.animation import Flight, Step, ease_in_out, ease_out_back
from game.ui.table.stage import Scenery, Stage
from game.ui.table.state import deal_order, sort_hand, tilt
from game.ui.table.text import called_you

DEAL_ARC = 0.12
"""How far a dealt card's path bows, as a share of its length."""
DEAL_SPIN = 10.0
"""Degrees a dealt card turns through on its way (alternately left and right)."""
PLAY_ARC = 0.08
SWEEP_ARC = 0.06


# ------------------------------------------------------------ dealer
def dealer_chosen(event: DealerChosen, seen: Scenery, stage: Stage) -> Step:
    step = Step(0.9)
    name = seen.names[event.seat]
    text = _("You deal first") if called_you(name) else _("{name} deals first").format(name=name)
    if event.draws:
        t = _draw_for_dealer(step, event, seen)
        step.duration = t + 1.5
        step.cue(t + 0.3, lambda: stage.announce(text))
    else:
        step.cue(0.0, lambda: stage.announce(text))

    def done() -> None:
        stage.shown.dealer = event.seat

    step.cue(step.duration, done)
    return step


def _draw_for_dealer(step: Step, event: DealerChosen, seen: Scenery) -> float:
    """Every card drawn for the deal flies to its seat, the deciding one glowing;
    returns when the last has landed."""
    layout = seen.layout
    count = sum(len(draw) for draw in event.draws)
    interval = min(0.16, 2.2 / count)
    width = layout.trick_card[0]
    final = event.draws[-1]
    if event.method is FirstDealer.FIRST_JACK:
        decider = final[-1][1]
    else:
        decider = next(card for seat, card in final if seat == event.seat)
    t = 0.0
    for number, draw in enumerate(event.draws):
        last_round = number == len(event.draws) - 1
        for seat, card in draw:
            target = layout.seats[seat].trick.center
            spin = (0.0, tilt(card, seat))
            glow = last_round and card == decider
            flight = Flight(card, layout.centre, target, t, 0.3, width * 0.7, width)
            flight.hold, flight.glow, flight.spin = True, glow, spin
            step.add(flight)
            step.sound(t, "deal")
            t += interval
        t += 0.5 if not last_round else 0.0
    return t


def dealer_passes(event: DealerPasses, seen: Scenery, stage: Stage) -> Step:
    layout, shown = seen.layout, stage.shown
    step = Step(0.55)
    old = shown.dealer
    if old is not None and old != event.seat:
        size = float(layout.px(24))
        start, end = layout.seats[old].chip, layout.seats[event.seat].chip
        step.add(Flight(None, start, end, 0.05, 0.5, size, size, kind="chip", easing=ease_in_out))

    def hide() -> None:
        shown.dealer = None

    def land() -> None:
        shown.dealer = event.seat

    step.cue(0.0, hide)
    step.cue(step.duration, land)
    return step


# ------------------------------------------------------------ the deal
def hand_dealt(event: HandDealt, seen: Scenery, stage: Stage) -> Step:
    layout, shown, players = seen.layout, stage.shown, seen.players
    step = Step(0.0)
    step.cue(0.0, lambda: shown.new_hand(event.number, event.dealer, event.size))
    total = event.size * players
    interval = min(0.075, 2.4 / max(1, total))
    flight = 0.36  # a gentle toss: out quickly, settling softly, turning straight
    origin = seen.plate_centre(event.dealer)
    arrivals = deal_order(seen.hand, event.number)
    back_w = float(layout.back[0])
    received = [0] * players
    for k in range(total):
        seat = (event.dealer + 1 + k % players) % players
        t = k * interval
        received[seat] += 1
        if seat == seen.viewer:
            target, width = _hand_target(seen, arrivals, received[seat]), float(layout.card[0])
        else:
            target, width = _backs_target(seen, seat, received[seat]), back_w
        card = Flight(None, origin, target, t, flight, back_w, width, face=False)
        card.sideways = layout.seats[seat].backs_axis == "y"
        card.arc, card.spin = DEAL_ARC, (DEAL_SPIN if k % 2 else -DEAL_SPIN, 0.0)
        step.add(card)
        if k % 2 == 0:
            step.sound(t, "deal")
        step.cue(t + flight, partial(_arrive, stage, seat))
    step.duration = max(step.duration, 0.1)
    return step


def _arrive(stage: Stage, seat: int) -> None:
    stage.shown.counts[seat] += 1


def _hand_target(seen: Scenery, arrivals: list[Card], count: int) -> Point:
    """Where the viewer's ``count``-th card lands: its place in the hand sorted so far."""
    arrived = arrivals[:count]
    if not arrived:
        x, y = seen.layout.seats[seen.viewer].origin
        return (float(x), float(y))
    ordered = sort_hand(arrived, None)
    rects = seen.layout.hand_rects(len(ordered))
    centre = rects[ordered.index(arrived[-1])].center
    return (float(centre[0]), float(centre[1]))


def _backs_target(seen: Scenery, seat: int, count: int) -> Point:
    rects = seen.layout.seats[seat].backs_for(count, seen.layout.back)
    centre = rects[-1].center
    return (float(centre[0]), float(centre[1]))


def trump_turned(event: TrumpTurned, seen: Scenery, stage: Stage) -> Step:
    layout, shown = seen.layout, stage.shown
    step = Step(0.0)
    target = layout.trump_card
    start = seen.plate_centre(shown.dealer if shown.dealer is not None else 0)
    back_w, face_w = float(layout.back[0]), float(target.width)
    step.add(
        Flight(event.card, start, target.center, 0.0, 0.5, back_w, face_w, flip=True, hold=True)
    )
    step.duration += 0.25
    step.sound(0.0, "card")

    def turned() -> None:
        shown.trump_card, shown.trump, shown.trump_shown = event.card, event.suit, True

    step.cue(0.5, turned)
    text = trumps_are_words(event.suit)
    step.cue(0.5, lambda: stage.announce(text))
    return step


# ------------------------------------------------------------ play
def card_played(event: CardPlayed, seen: Scenery, stage: Stage) -> Step:
    layout, shown = seen.layout, stage.shown
    step = Step(0.0)
    mine = event.seat == seen.viewer
    found = seen.origin(event.card) if mine else None
    if found is not None:
        start, width = found
    else:
        x, y = layout.seats[event.seat].origin
        start = (float(x), float(y))
        width = float(layout.card[0] if mine else layout.back[0])
    spot = layout.seats[event.seat].trick
    flight = Flight(event.card, start, spot.center, 0.0, 0.3, width, float(spot.width))
    flight.easing = ease_out_back if mine else ease_in_out
    flight.spin = (0.0, tilt(event.card, event.seat))
    flight.arc = PLAY_ARC
    flight.flip = not mine  # another seat's card turns face up on the way
    step.add(flight)
    step.sound(0.0, "card")

    def lift() -> None:
        shown.counts[event.seat] = max(0, shown.counts[event.seat] - 1)

    def land() -> None:
        shown.trick.append((event.seat, event.card))

    step.cue(0.0, lift)
    step.cue(0.3, land)
    return step


def trick_won(event: TrickWon, seen: Scenery, stage: Stage) -> Step:
    """The winning card glows; the others slide onto it, squaring up, and the pile
    sweeps to the winner's plate, shrinking as it goes."""
    layout, shown, players = seen.layout, stage.shown, seen.players
    hold, gather_time, sweep = 0.85, 0.16, 0.4
    step = Step(hold + gather_time + sweep)
    winner_card = event.cards[(event.seat - event.leader) % players]
    pile = layout.seats[event.seat].trick.center
    target = seen.plate_centre(event.seat)
    width = float(layout.trick_card[0])
    order = sorted(range(players), key=lambda index: event.cards[index] == winner_card)
    for index in order:  # the winner's card last: on top of the pile
        card = event.cards[index]
        seat = (event.leader + index) % players
        start = layout.seats[seat].trick.center
        angle = tilt(card, seat)
        onto = Flight(card, start, pile, hold, gather_time, width, width, easing=ease_in_out)
        onto.layer, onto.spin = "low", (angle, 0.0)
        away = Flight(card, pile, target, hold + gather_time, sweep, width, layout.back[0])
        away.layer, away.easing, away.arc = "low", ease_in_out, SWEEP_ARC
        step.add(onto)
        step.add(away)

    def highlight() -> None:
        shown.winning = winner_card

    def gather() -> None:
        shown.trick, shown.winning = [], None

    def taken() -> None:
        shown.taken[event.seat] += 1
        shown.last_trick = Trick(event.leader, event.cards, event.seat)

    step.cue(0.0, highlight)
    step.cue(hold, gather)
    step.sound(hold, "trick")
    step.cue(step.duration, taken)
    return step
