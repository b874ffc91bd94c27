"""The director: turns each engine event into an animation step for the table.

Every change to what the table shows happens in a cue of the step, so a
skipped step (all cues fired at once) leaves the table exactly where a watched
one would.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from game.i18n import _
from game.rules.cards import Card
from game.rules.events import (
    BidMade,
    BidsRevealed,
    BidSubmitted,
    CardPlayed,
    DealerChosen,
    DealerPasses,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    NoTrump,
    TotalAnnounced,
    TrickWon,
    TrumpTurned,
)
from game.rules.ruleset import FirstDealer
from game.rules.tricks import Trick
from game.ui.kit import theme
from game.ui.table.animation import Effect, Flight, Step, ease_in_out, ease_out_back
from game.ui.table.layout import TableLayout
from game.ui.table.state import deal_order, sort_hand, tilt
from game.ui.table.text import bid_words, suit_name, verdict_word

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

Point = tuple[float, float]


class Director:
    """Builds the step for each event; the scene plays them in order."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    @property
    def layout(self) -> TableLayout:
        return self.scene.layout

    def begin(self, event: Event) -> Step:
        handler = getattr(self, "_" + type(event).__name__)
        step: Step = handler(event)
        step.label = type(event).__name__
        return step

    # ------------------------------------------------------------ helpers
    def _name(self, seat: int) -> str:
        return self.scene.session.players[seat].name

    def _toast(
        self,
        text: str,
        life: float = 1.8,
        colour: tuple[int, int, int] = theme.TEXT,
        at: Point | None = None,
    ) -> None:
        """A notice over the table: near the top of the cloth unless placed."""
        if at is None:
            zone = self.layout.trick_zone
            at = (float(zone.centerx), float(zone.y + self.layout.px(24)))
        self.scene.effects.add(Effect("toast", text, at, life, colour=colour))

    def _bubble(self, seat: int, text: str, life: float = 1.8) -> None:
        spot = self.layout.seats[seat].bubble
        self.scene.effects.add(Effect("bubble", text, spot, life, seat=seat))

    def _plate_centre(self, seat: int) -> Point:
        centre = self.layout.seats[seat].plate.center
        return (float(centre[0]), float(centre[1]))

    # ------------------------------------------------------------ dealer
    def _DealerChosen(self, event: DealerChosen) -> Step:
        shown = self.scene.shown
        step = Step(0.9)
        text = _("{name} deals first").format(name=self._name(event.seat))
        if event.draws:
            count = sum(len(draw) for draw in event.draws)
            interval = min(0.16, 2.2 / count)
            width = self.layout.trick_card[0]
            centre = self.layout.centre
            final = event.draws[-1]
            if event.method is FirstDealer.FIRST_JACK:
                decider = final[-1][1]
            else:
                decider = next(card for seat, card in final if seat == event.seat)
            t = 0.0
            for number, draw in enumerate(event.draws):
                last_round = number == len(event.draws) - 1
                for seat, card in draw:
                    deciding = last_round and card == decider
                    step.add(
                        Flight(
                            card,
                            centre,
                            self.layout.seats[seat].trick.center,
                            t,
                            0.3,
                            width * 0.7,
                            width,
                            hold=True,
                            glow=deciding,
                            spin=(0.0, tilt(card, seat)),
                        )
                    )
                    step.sound(t, "deal")
                    t += interval
                t += 0.5 if not last_round else 0.0
            step.duration = t + 1.5
            middle = (float(centre[0]), float(centre[1]))
            step.cue(t + 0.3, lambda: self._toast(text, 2.0, theme.GOLD, middle))
        else:
            step.cue(0.0, lambda: self._toast(text, 1.8, theme.GOLD))

        def done() -> None:
            shown.dealer = event.seat

        step.cue(step.duration, done)
        return step

    def _DealerPasses(self, event: DealerPasses) -> Step:
        shown, layout = self.scene.shown, self.layout
        step = Step(0.55)
        old = shown.dealer
        if old is not None and old != event.seat:
            size = float(layout.px(24))
            step.add(
                Flight(
                    None,
                    layout.seats[old].chip,
                    layout.seats[event.seat].chip,
                    0.05,
                    0.5,
                    size,
                    size,
                    kind="chip",
                    easing=ease_in_out,
                )
            )

        def hide() -> None:
            shown.dealer = None

        def land() -> None:
            shown.dealer = event.seat

        step.cue(0.0, hide)
        step.cue(step.duration, land)
        return step

    # ------------------------------------------------------------ the deal
    def _HandDealt(self, event: HandDealt) -> Step:
        scene, shown, layout = self.scene, self.scene.shown, self.layout
        players = scene.session.match.players
        step = Step(0.0)
        step.cue(0.0, lambda: shown.new_hand(event.number, event.dealer, event.size))
        total = event.size * players
        interval = min(0.075, 2.4 / max(1, total))
        flight = 0.32
        origin = self._plate_centre(event.dealer)
        viewer = scene.viewer
        arrivals = deal_order(scene.viewer_hand_now(), event.number)
        back_w = float(layout.back[0])
        received = [0] * players
        for k in range(total):
            seat = (event.dealer + 1 + k % players) % players
            t = k * interval
            received[seat] += 1
            if seat == viewer:
                target, width = self._hand_target(arrivals, received[seat]), float(layout.card[0])
            else:
                target, width = self._backs_target(seat, received[seat]), back_w
            sideways = layout.seats[seat].backs_axis == "y"
            step.add(
                Flight(
                    None,
                    origin,
                    target,
                    t,
                    flight,
                    back_w,
                    width,
                    face=False,
                    sideways=sideways,
                )
            )
            if k % 2 == 0:
                step.sound(t, "deal")
            step.cue(t + flight, partial(self._arrive, seat))
        step.duration = max(step.duration, 0.1)
        return step

    def _arrive(self, seat: int) -> None:
        self.scene.shown.counts[seat] += 1

    def _hand_target(self, arrivals: list[Card], count: int) -> Point:
        arrived = arrivals[:count]
        if not arrived:
            return tuple(map(float, self.layout.seats[self.scene.viewer].origin))  # type: ignore[return-value]
        ordered = sort_hand(arrived, None)
        rects = self.layout.hand_rects(len(ordered))
        centre = rects[ordered.index(arrived[-1])].center
        return (float(centre[0]), float(centre[1]))

    def _backs_target(self, seat: int, count: int) -> Point:
        rects = self.layout.seats[seat].backs_for(count, self.layout.back)
        centre = rects[-1].center
        return (float(centre[0]), float(centre[1]))

    def _TrumpTurned(self, event: TrumpTurned) -> Step:
        shown, layout = self.scene.shown, self.layout
        step = Step(0.0)
        target = layout.trump_card
        start = self._plate_centre(shown.dealer if shown.dealer is not None else 0)
        step.add(
            Flight(
                event.card,
                start,
                target.center,
                0.0,
                0.5,
                float(layout.back[0]),
                float(target.width),
                flip=True,
                hold=True,
            )
        )
        step.duration += 0.25
        step.sound(0.0, "card")

        def turned() -> None:
            shown.trump_card, shown.trump, shown.trump_shown = event.card, event.suit, True

        step.cue(0.5, turned)
        text = _("{suit} are trumps").format(suit=suit_name(event.suit))
        step.cue(0.5, lambda: self._toast(text, 1.6, theme.GOLD))
        return step

    def _NoTrump(self, event: NoTrump) -> Step:
        shown = self.scene.shown
        step = Step(0.9)

        def announce() -> None:
            shown.trump_card, shown.trump, shown.trump_shown = None, None, True
            shown.no_trump = event.reason

        step.cue(0.0, announce)
        step.cue(0.0, lambda: self._toast(_("No trumps this hand"), 2.0, theme.GOLD))
        return step

    # ------------------------------------------------------------ bidding
    def _BidMade(self, event: BidMade) -> Step:
        shown = self.scene.shown
        step = Step(0.5)

        def bid() -> None:
            shown.bids[event.seat] = event.tricks
            shown.submitted[event.seat] = True
            self._bubble(event.seat, bid_words(event.tricks))

        step.cue(0.0, bid)
        step.sound(0.0, "click")
        return step

    def _BidSubmitted(self, event: BidSubmitted) -> Step:
        shown = self.scene.shown
        step = Step(0.25)

        def submitted() -> None:
            shown.submitted[event.seat] = True
            shown.revealed = False
            self._bubble(event.seat, _("bid ready"), 1.2)

        step.cue(0.0, submitted)
        step.sound(0.0, "click")
        return step

    def _BidsRevealed(self, event: BidsRevealed) -> Step:
        shown = self.scene.shown
        step = Step(1.1)

        def reveal() -> None:
            shown.bids = list(event.bids)
            shown.revealed = True
            for seat, bid in enumerate(event.bids):
                self._bubble(seat, bid_words(bid), 2.2)

        step.cue(0.0, reveal)
        step.sound(0.0, "card")
        return step

    def _TotalAnnounced(self, event: TotalAnnounced) -> Step:
        shown = self.scene.shown
        step = Step(1.2)
        text = _("Bids total {total} for {tricks} tricks: {verdict}").format(
            total=event.total, tricks=event.tricks, verdict=verdict_word(event.verdict)
        )

        def announce() -> None:
            shown.announced = (event.total, event.tricks, event.verdict)
            self._toast(text, 2.4, theme.GOLD)

        step.cue(0.0, announce)
        return step

    # ------------------------------------------------------------ play
    def _CardPlayed(self, event: CardPlayed) -> Step:
        scene, shown, layout = self.scene, self.scene.shown, self.layout
        step = Step(0.0)
        if event.seat == scene.viewer:
            start, width = scene.card_origin(event.card)
        else:
            centre = layout.seats[event.seat].origin
            start, width = (float(centre[0]), float(centre[1])), float(layout.back[0])
        spot = layout.seats[event.seat].trick
        step.add(
            Flight(
                event.card,
                start,
                spot.center,
                0.0,
                0.3,
                width,
                float(spot.width),
                easing=ease_out_back if event.seat == scene.viewer else ease_in_out,
                spin=(0.0, tilt(event.card, event.seat)),
            )
        )
        step.sound(0.0, "card")

        def lift() -> None:
            shown.counts[event.seat] = max(0, shown.counts[event.seat] - 1)

        def land() -> None:
            shown.trick.append((event.seat, event.card))

        step.cue(0.0, lift)
        step.cue(0.3, land)
        return step

    def _TrickWon(self, event: TrickWon) -> Step:
        scene, shown, layout = self.scene, self.scene.shown, self.layout
        players = scene.session.match.players
        hold, sweep = 0.85, 0.42
        step = Step(hold + sweep)
        winner_card = event.cards[(event.seat - event.leader) % players]
        target = self._plate_centre(event.seat)
        width = float(layout.trick_card[0])
        for index, card in enumerate(event.cards):
            seat = (event.leader + index) % players
            step.add(
                Flight(
                    card,
                    layout.seats[seat].trick.center,
                    target,
                    hold + index * 0.02,
                    sweep,
                    width,
                    width,
                    layer="low",
                    easing=ease_in_out,
                    spin=(tilt(card, seat), tilt(card, seat)),
                )
            )

        def highlight() -> None:
            scene.highlight = winner_card

        def gather() -> None:
            shown.trick = []
            scene.highlight = None

        def taken() -> None:
            shown.taken[event.seat] += 1
            shown.last_trick = Trick(event.leader, event.cards, event.seat)

        step.cue(0.0, highlight)
        step.cue(hold, gather)
        step.sound(hold, "trick")
        step.cue(step.duration, taken)
        return step

    # ------------------------------------------------------------ scoring
    def _HandScored(self, event: HandScored) -> Step:
        scene, shown = self.scene, self.scene.shown
        step = Step(1.0)
        made = tuple(bid == took for bid, took in zip(event.bids, event.taken, strict=True))

        def score() -> None:
            shown.scores = list(event.totals)
            shown.made = made
            shown.taken = list(event.taken)

        step.cue(0.0, score)
        if scene.viewer in scene.session.humans and made[scene.viewer]:
            step.sound(0.1, "made")
        step.cue(1.0, lambda: scene.open_hand_result(event.number))
        return step

    def _GameOver(self, event: GameOver) -> Step:
        scene, shown = self.scene, self.scene.shown
        step = Step(0.4)

        def over() -> None:
            shown.scores = list(event.totals)
            shown.over = True

        step.cue(0.0, over)
        step.sound(0.0, "win")
        step.cue(0.4, scene.open_game_over)
        return step
