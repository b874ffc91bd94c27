"""Table geometry for 3 to 8 seats at many window sizes: everything fits, nothing overlaps."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

import pytest
from pygame import Rect

from game.rules.cards import PACK
from game.ui.table.layout import TableLayout, table_layout
from game.ui.table.state import tilt

SIZES = [
    (960, 540),
    (1280, 720),
    (1366, 768),
    (1024, 768),
    (1920, 1080),
    (2560, 1440),
    (2560, 1080),
    (3840, 2160),
]
SEATS = range(3, 9)
LARGEST_HAND = {3: 17, 4: 13, 5: 10, 6: 8, 7: 7, 8: 6}


def layouts() -> Iterator[TableLayout]:
    for size, players, scale in itertools.product(SIZES, SEATS, (0.7, 1.0, 1.5)):
        for viewer in {0, players - 1}:
            yield table_layout(size, players, viewer, scale)


@pytest.mark.parametrize("players", SEATS)
def test_seats_go_clockwise_from_the_viewer(players: int) -> None:
    layout = table_layout((1280, 720), players, viewer=1)
    assert layout.seats[1].side == "bottom"
    after = layout.seats[(1 + 1) % players]
    before = layout.seats[(1 - 1) % players]
    assert after.side == "left" and before.side == "right"
    # Positions run up the left, across the top, down the right.
    order = [(1 + k) % players for k in range(1, players)]
    sides = [layout.seats[seat].side for seat in order]
    assert sides == sorted(sides, key=["left", "top", "right"].index)
    for side in ("left", "right"):
        ys = [layout.seats[seat].plate.centery for seat in order if layout.seats[seat].side == side]
        assert ys == (sorted(ys, reverse=True) if side == "left" else sorted(ys))
    xs = [layout.seats[seat].plate.centerx for seat in order if layout.seats[seat].side == "top"]
    assert xs == sorted(xs)


def test_everything_is_inside_the_window_and_plates_never_overlap() -> None:
    for layout in layouts():
        window = layout.window
        plates = [seat.plate for seat in layout.seats]
        for plate in plates:
            assert window.contains(plate), (layout.size, layout.players)
            assert not plate.colliderect(layout.top_bar)
        for a, b in itertools.combinations(plates, 2):
            assert not a.colliderect(b), (layout.size, layout.players, a, b)
        for rect in (
            layout.score_button,
            layout.menu_button,
            layout.trump_panel,
            layout.last_trick_button,
        ):
            assert window.contains(rect)
        assert layout.trump_panel.contains(layout.trump_card)
        assert layout.trump_panel.contains(layout.last_trick_button)
        assert not any(plate.colliderect(layout.trump_panel) for plate in plates)


def test_the_trick_lies_on_the_cloth_clear_of_the_plates() -> None:
    for layout in layouts():
        plates = [seat.plate for seat in layout.seats]
        for seat in layout.seats:
            assert layout.arena.contains(seat.trick), (layout.size, layout.players)
            assert seat.trick.collidelist(plates) == -1, (layout.size, layout.players)


def test_the_hand_fan_fits_between_the_corners() -> None:
    for layout in layouts():
        count = LARGEST_HAND[layout.players]
        rects = layout.hand_rects(count, tuple(i % 2 == 0 for i in range(count)))
        assert len(rects) == count
        assert rects[0].left >= layout.hand_left - 1 and rects[-1].right <= layout.hand_right + 1
        for rect in rects:
            assert layout.window.contains(rect)
            assert not rect.colliderect(layout.seats[layout.viewer].plate)
            assert not rect.colliderect(layout.trump_panel)
        # Each card shows at least its index corner.
        steps = [b.x - a.x for a, b in itertools.pairwise(rects)]
        assert min(steps) >= layout.card[0] * 0.28
        assert rects[0].y < rects[1].y  # raised cards stand higher


def test_card_backs_stay_inside_the_window() -> None:
    for layout in layouts():
        count = LARGEST_HAND[layout.players]
        for seat in layout.seats:
            if seat.seat == layout.viewer:
                continue
            for rect in seat.backs_for(count, layout.back):
                assert layout.window.contains(rect), (layout.size, layout.players, seat.side)
                assert not rect.colliderect(layout.top_bar)


def test_the_bid_panel_fits_and_keeps_clear_of_the_top_bar() -> None:
    for layout in layouts():
        geometry = layout.bid_panel(LARGEST_HAND[layout.players] + 1)
        assert layout.window.contains(geometry.panel)
        assert not geometry.panel.colliderect(layout.top_bar)
        for button in geometry.buttons:
            assert geometry.panel.contains(button)
        for a, b in itertools.combinations(geometry.buttons, 2):
            assert not a.colliderect(b)


def test_bigger_windows_scale_everything_up() -> None:
    small = table_layout((1280, 720), 5)
    big = table_layout((3840, 2160), 5)
    assert big.card[0] == pytest.approx(3 * small.card[0], abs=2)
    assert big.seats[2].plate.width == pytest.approx(3 * small.seats[2].plate.width, abs=3)


def test_card_scale_grows_the_hand_cards() -> None:
    assert (
        table_layout((1280, 720), 4, 0, 1.5).card[0] > table_layout((1280, 720), 4, 0, 1.0).card[0]
    )


def test_more_seats_than_the_game_allows_are_refused() -> None:
    with pytest.raises(ValueError):
        table_layout((1280, 720), 9)


def test_backs_fan_along_their_axis() -> None:
    layout = table_layout((1280, 720), 4, 0)
    left = layout.seats[1]
    rects = left.backs_for(5, layout.back)
    assert left.backs_axis == "y"
    assert [r.x for r in rects] == [rects[0].x] * 5
    assert all(b.y > a.y for a, b in itertools.pairwise(rects))
    assert Rect(rects[0]).width == layout.back[1]  # turned sideways


# --- nothing overlaps at any seat count -------------------------------------------

CARD_SCALES = (0.7, 1.0, 1.5)  # the card-size setting's least, usual and largest values
MAX_TILT = max(abs(tilt(card, seat)) for card in PACK for seat in range(8))


def _fan(layout: TableLayout, seat: int) -> Rect:
    """The whole fan of an opponent's backs at the largest hand the seat count allows."""
    rects = layout.seats[seat].backs_for(LARGEST_HAND[layout.players], layout.back)
    return rects[0].unionall(rects[1:])


def _lying(rect: Rect, degrees: float) -> Rect:
    """The box a card lying at ``rect`` covers when turned by ``degrees``."""
    turn = math.radians(degrees)
    width = rect.width * math.cos(turn) + rect.height * math.sin(turn)
    height = rect.width * math.sin(turn) + rect.height * math.cos(turn)
    box = Rect(0, 0, math.ceil(width), math.ceil(height))
    box.center = rect.center
    return box


def _opponents(layout: TableLayout) -> list[int]:
    return [seat.seat for seat in layout.seats if seat.seat != layout.viewer]


def test_card_backs_keep_clear_of_every_plate_and_of_each_other() -> None:
    for layout in layouts():
        plates = [seat.plate for seat in layout.seats]
        fans = {seat: _fan(layout, seat) for seat in _opponents(layout)}
        hand = layout.hand_rects(LARGEST_HAND[layout.players])
        for seat, fan in fans.items():
            where = (layout.size, layout.players, layout.seats[seat].side)
            assert fan.collidelist(plates) == -1, where
            assert fan.collidelist(hand) == -1, where
            assert not fan.colliderect(layout.trump_panel), where
        for a, b in itertools.combinations(fans.values(), 2):
            assert not a.colliderect(b), (layout.size, layout.players, a, b)


def test_trick_cards_never_overlap_even_tilted() -> None:
    for layout in layouts():
        lying = [_lying(seat.trick, MAX_TILT) for seat in layout.seats]
        for a, b in itertools.combinations(lying, 2):
            assert not a.colliderect(b), (layout.size, layout.players, a, b)


def test_trick_cards_keep_clear_of_plates_backs_and_the_status_line() -> None:
    for layout in layouts():
        keep_clear = [seat.plate for seat in layout.seats]
        keep_clear += [_fan(layout, seat) for seat in _opponents(layout)]
        for seat in layout.seats:
            card = _lying(seat.trick, MAX_TILT)
            assert card.collidelist(keep_clear) == -1, (layout.size, layout.players)
            assert layout.arena.contains(card)
            assert card.bottom <= layout.status[1] - layout.px(12)


def _direction(layout: TableLayout, point: tuple[int, int]) -> float:
    """The angle (degrees, y down) from the middle of the trick to ``point``."""
    return math.degrees(math.atan2(point[1] - layout.centre[1], point[0] - layout.centre[0]))


def test_each_trick_card_lies_on_its_owners_side_of_the_table() -> None:
    for layout in layouts():
        cx, cy = layout.centre
        half = layout.trick_card[0] / 2
        for seat in layout.seats:
            x, y = seat.trick.center
            where = (layout.size, layout.players, seat.position)
            if seat.side == "left":
                assert x < cx - half, where
            elif seat.side == "right":
                assert x > cx + half, where
            elif seat.side == "top":
                assert y < cy, where
            else:
                assert y > cy and abs(x - cx) < half, where
            # Towards the owner's plate (the viewer's cards, for the viewer).
            owner = seat.plate.center if seat.side != "bottom" else (cx, layout.hand_base)
            off = _direction(layout, seat.trick.center) - _direction(layout, owner)
            assert abs((off + 180) % 360 - 180) < 45, where


def test_trick_cards_go_round_the_table_in_seat_order() -> None:
    for layout in layouts():
        by_position = sorted(layout.seats, key=lambda seat: seat.position)
        # Clockwise on screen (y down) from the viewer's card at the bottom.
        turns = [(_direction(layout, seat.trick.center) - 90) % 360 for seat in by_position]
        assert turns == sorted(turns), (layout.size, layout.players)


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440), (3840, 2160), (2560, 1600)])
@pytest.mark.parametrize("scale", CARD_SCALES)
def test_the_hand_is_never_clipped_at_the_bottom(size: tuple[int, int], scale: float) -> None:
    for players in SEATS:
        layout = table_layout(size, players, 0, scale)
        for count in range(1, LARGEST_HAND[players] + 1):
            for raised in (None, (True,) * count):
                for rect in layout.hand_rects(count, raised):
                    assert layout.window.contains(rect), (size, players, scale, count)
                    assert rect.bottom <= size[1] - layout.margin / 2


def test_the_trump_panel_leaves_room_for_its_text_above_the_button() -> None:
    for layout in layouts():
        # "Trumps", then the suit's name (a 17 px font at 1280x720) centred 20 px lower.
        text_bottom = layout.trump_card.y + layout.px(22) + layout.font(17)
        assert layout.last_trick_button.y >= text_bottom + layout.px(4), layout.size
