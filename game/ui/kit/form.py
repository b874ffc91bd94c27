"""Forms declared as data: sections of rows (a label, a kind of control, the setting it
shows), laid out down a column by the theme's spacing.

A screen says *what* it asks; :func:`lay_out` says *where*, on the 1280x720 design
canvas, so every form keeps one rhythm of headings and rows.

>>> rows = (FormRow("Sound", "sound", options=((False, "Off"), (True, "On"))),)
>>> placed = lay_out(Column(40, 88, 760, 270), (FormSection("Sound and screen", rows),))
>>> placed.headings[0].box, placed.rows[0].label_box, placed.rows[0].control_box
((64, 104, 712, 24), (64, 130, 270, 40), (340, 132, 436, 36))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from game.ui.kit import theme

Box = tuple[float, float, float, float]
"""``(x, y, width, height)`` on the design canvas."""
RowKind = Literal["choice", "slider", "text", "language"]


@dataclass(frozen=True)
class FormRow:
    """One setting on a form. ``choice``: one button per option (``options`` are
    ``(value, words)``, ``tips`` one per option); ``slider``: a value in ``span``
    shown in words beside it; ``text``: a line of text; ``language``: the languages."""

    label: str
    setting: str
    kind: RowKind = "choice"
    options: tuple[tuple[Any, str], ...] = ()
    tips: tuple[str | None, ...] = ()
    span: tuple[float, float] = (0.0, 1.0)


@dataclass(frozen=True)
class FormSection:
    """A heading and the rows under it."""

    heading: str
    rows: tuple[FormRow, ...]


@dataclass(frozen=True)
class Column:
    """A panel of the form: where it is, and how wide its labels are."""

    x: float
    y: float
    width: float
    label_width: float
    compact: bool = False
    """Rows of the compact height (a column beside something else)."""


@dataclass(frozen=True)
class PlacedHeading:
    text: str
    box: Box


@dataclass(frozen=True)
class PlacedRow:
    row: FormRow
    label_box: Box
    control_box: Box


@dataclass(frozen=True)
class Placed:
    headings: list[PlacedHeading]
    rows: list[PlacedRow]


def lay_out(column: Column, sections: Sequence[FormSection]) -> Placed:
    """Where each heading, label and control of ``sections`` goes down ``column``."""
    space = theme.FORM
    pitch = space.compact_row if column.compact else space.row
    height = space.compact_height if column.compact else space.control_height
    left = column.x + space.pad
    inner = column.width - 2 * space.pad
    control_x = left + column.label_width + space.gap
    control_w = column.x + column.width - space.pad - control_x
    headings, rows = [], []
    y = column.y + space.top
    for section in sections:
        headings.append(PlacedHeading(section.heading, (left, y, inner, space.heading_text)))
        y += space.heading
        for row in section.rows:
            label = (left, y, column.label_width, pitch - space.row_gap)
            inset = (pitch - space.row_gap - height) // 2
            rows.append(PlacedRow(row, label, (control_x, y + inset, control_w, height)))
            y += pitch
        y += space.section_gap
    return Placed(headings, rows)
