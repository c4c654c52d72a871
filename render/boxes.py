"""Boxes on a picture and whether they clash: what placing a label clear of others and of lines needs."""

from __future__ import annotations

import math

Box = tuple[float, float, float, float]
Point = tuple[float, float]


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes (left, top, right, bottom) share any area; touching edges do not count."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def crosses(box: Box, a: Point, b: Point, half: float, spacing: float) -> bool:
    """Whether the line from ``a`` to ``b``, ``half`` pixels either side, passes through ``box``: tested
    at points at most ``spacing`` pixels apart along it (at least three)."""
    steps = max(2, int(math.dist(a, b) / spacing))
    for i in range(steps + 1):
        x = a[0] + (b[0] - a[0]) * i / steps
        y = a[1] + (b[1] - a[1]) * i / steps
        if overlap(box, (x - half, y - half, x + half, y + half)):
            return True
    return False
