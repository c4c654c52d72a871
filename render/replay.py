"""A game's replay as one animated picture: the turn picture of each position shown, one after another.

Animated WebP: lossy frames keep a whole game of Great Western Trail (120 pictures) to a few MiB, where an
animated PNG of the same frames is about ten times larger (``bench/replay.py`` measures both). The file stays
within ``MAX_BYTES``: when it would not, the frames are drawn smaller and at a lower quality, in steps.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render import render_turn
from render.style import PLAIN, Style

#: Discord refuses a message whose files exceed the channel's upload limit: 10 MiB where the server has no
#: boosts (the stand-in's ``loopback.limits.UPLOAD_BYTES``; a whole message may be 25 MiB, discord-docs
#: message.mdx "Create Message"). The replay keeps well below, so the message's other parts fit too.
MAX_BYTES = 8 * 1024 * 1024
FRAME_MS = 700  # each position, long enough to see what moved
LAST_MS = 4000  # the last position stays a while before the replay starts again
# (width of a frame in pixels, WebP quality): the first that fits MAX_BYTES is sent. A turn picture is
# made to be read 550 px wide (Discord's inline preview), so 640 px keeps its words readable.
STEPS = ((640, 70), (560, 55), (480, 45))
# WebP's effort (0-6): on 30 GWT frames 2 took 2.9 s where 6 took 98 s, for fewer bytes than 0 (the
# figures in bench/README.md)
METHOD = 2


def replay_frames(
    frames: Sequence[tuple[Mapping[str, Any], Sequence[str]]], style: Style = PLAIN
) -> list[Image.Image]:
    """The turn picture of each (view, lines telling the moves since the frame before) of ``frames``."""
    return [render_turn(view, list(last)[-3:], (), style) for view, last in frames]


def animate(pictures: Sequence[Image.Image], width: int, quality: int) -> bytes:
    """``pictures`` as one looping animated WebP, each scaled to ``width`` pixels wide."""
    scaled = [
        p.convert("RGB").resize((width, round(p.height * width / p.width)), Image.Resampling.LANCZOS)
        if p.width > width
        else p.convert("RGB")
        for p in pictures
    ]
    durations = [FRAME_MS] * (len(scaled) - 1) + [LAST_MS]
    out = io.BytesIO()
    scaled[0].save(
        out,
        "WEBP",
        save_all=True,
        append_images=scaled[1:],
        duration=durations,
        loop=0,
        quality=quality,
        method=METHOD,
        minimize_size=False,
    )
    return out.getvalue()


def render_replay(
    frames: Sequence[tuple[Mapping[str, Any], Sequence[str]]], style: Style = PLAIN, stem: str = "replay"
) -> tuple[bytes, str]:
    """``(data, filename)``: the animated replay of ``frames`` (see ``replay_frames``), at most
    ``MAX_BYTES``; raises ``ValueError`` without frames, or when even the smallest does not fit."""
    if not frames:
        raise ValueError("a replay needs at least one position")
    pictures = replay_frames(frames, style)
    size = 0
    for width, quality in STEPS:
        data = animate(pictures, width, quality)
        size = len(data)
        if size <= MAX_BYTES:
            return data, f"{stem}.webp"
    raise ValueError(f"replay too large to upload: {size} bytes")
