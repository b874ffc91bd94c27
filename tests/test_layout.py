"""Table geometry for 3 to 8 seats at many window sizes: everything fits, nothing overlaps."""

from __future__ import annotations

import itertools

import pytest
from pygame import Rect

from game.ui.table.layout import table_layout

SIZES = [
    (960, 540),
    (1280, 720),
    (1366, 768),
    (1024, 768),
    (1920, 1080),
    (2560, 1080),
    (3840, 2160),
]
SEATS = range(3, 9)
LARGEST_HAND = {3: 17, 4: 13, 5: 10, 6: 8, 7: 7, 8: 6}


def layouts():
    for size, players, scale in itertools.product(SIZES, SEATS, (0.7, 1.0, 1.5)):
        for viewer in {0, players - 1}:
            yield table_layout(size, players, viewer, scale)


@pytest.mark.parametrize("players", SEATS)
def test_seats_go_clockwise_from_the_viewer(players):
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


def test_everything_is_inside_the_window_and_plates_never_overlap():
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


def test_the_trick_lies_on_the_cloth_clear_of_the_plates():
    for layout in layouts():
        plates = [seat.plate for seat in layout.seats]
        for seat in layout.seats:
            assert layout.arena.contains(seat.trick), (layout.size, layout.players)
            assert seat.trick.collidelist(plates) == -1, (layout.size, layout.players)


def test_the_hand_fan_fits_between_the_corners():
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


def test_card_backs_stay_inside_the_window():
    for layout in layouts():
        count = LARGEST_HAND[layout.players]
        for seat in layout.seats:
            if seat.seat == layout.viewer:
                continue
            for rect in seat.backs_for(count, layout.back):
                assert layout.window.contains(rect), (layout.size, layout.players, seat.side)
                assert not rect.colliderect(layout.top_bar)


def test_the_bid_panel_fits_and_keeps_clear_of_the_top_bar():
    for layout in layouts():
        geometry = layout.bid_panel(LARGEST_HAND[layout.players] + 1)
        assert layout.window.contains(geometry.panel)
        assert not geometry.panel.colliderect(layout.top_bar)
        for button in geometry.buttons:
            assert geometry.panel.contains(button)
        for a, b in itertools.combinations(geometry.buttons, 2):
            assert not a.colliderect(b)


def test_bigger_windows_scale_everything_up():
    small = table_layout((1280, 720), 5)
    big = table_layout((3840, 2160), 5)
    assert big.card[0] == pytest.approx(3 * small.card[0], abs=2)
    assert big.seats[2].plate.width == pytest.approx(3 * small.seats[2].plate.width, abs=3)


def test_card_scale_grows_the_hand_cards():
    assert (
        table_layout((1280, 720), 4, 0, 1.5).card[0] > table_layout((1280, 720), 4, 0, 1.0).card[0]
    )


def test_more_seats_than_the_game_allows_are_refused():
    with pytest.raises(ValueError):
        table_layout((1280, 720), 9)


def test_backs_fan_along_their_axis():
    layout = table_layout((1280, 720), 4, 0)
    left = layout.seats[1]
    rects = left.backs_for(5, layout.back)
    assert left.backs_axis == "y"
    assert [r.x for r in rects] == [rects[0].x] * 5
    assert all(b.y > a.y for a, b in itertools.pairwise(rects))
    assert Rect(rects[0]).width == layout.back[1]  # turned sideways
