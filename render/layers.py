"""Cached static layers: what never changes between turns is drawn once per key and copied after.

A picture is a copy of its static layer (board, names, track, grid) with the pieces drawn on top, so a
turn costs one memory copy plus the pieces. Keys are small hashable values (theme, player count,
neutral-building placement): each distinct key is drawn once per process. ``clear_layers`` forgets them
all, so the next picture draws them again (tests that record every text drawn need that).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Any, TypeVar

from PIL import Image

_CACHES: list[Any] = []
T = TypeVar("T")


def cached_layer(draw: Callable[..., Image.Image]) -> Callable[..., Image.Image]:
    """Wrap a static-layer painter so each key is drawn once; callers always get a private copy."""
    cached = lru_cache(maxsize=16)(draw)
    _CACHES.append(cached)

    def copy(*key: Hashable) -> Image.Image:
        return cached(*key).copy()

    copy.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    copy.cache_info = cached.cache_info  # type: ignore[attr-defined]
    copy.__doc__ = draw.__doc__
    return copy


def cached_sheet(draw: Callable[..., T]) -> Callable[..., T]:
    """Like ``cached_layer`` for what callers only paste and never draw on: no copy is made."""
    cached = lru_cache(maxsize=4)(draw)
    _CACHES.append(cached)
    return cached


def clear_layers() -> None:
    """Forget every cached layer and sheet of every game."""
    for cached in _CACHES:
        cached.cache_clear()
