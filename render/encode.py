"""Turning a picture into bytes for upload: the one place that knows about file formats.

Board pictures are flat colours with anti-aliased text. Measured with bench/pictures.py on the 1600x1000
boards: a 256-colour palette PNG at compress level 6 is about 55 KiB in about 20 ms (quantising
included); RGB PNG is twice the size and slower; lossless WebP is some 15 % smaller but three to six
times slower; lossy WebP is larger and blurs the lettering. So palette PNG is the default, and lossy
WebP only a fallback for a picture that would otherwise exceed the upload budget.
"""

from __future__ import annotations

import io

from PIL import Image

MAX_BYTES = 1024 * 1024
PNG_LEVEL = 6


def to_palette(image: Image.Image) -> Image.Image:
    """The picture reduced to at most 256 colours (fast octree, no dithering: flat areas stay flat)."""
    return image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def png_bytes(image: Image.Image, level: int = PNG_LEVEL) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=level)
    return out.getvalue()


def webp_bytes(image: Image.Image, *, lossless: bool, quality: int = 90, method: int = 4) -> bytes:
    out = io.BytesIO()
    image.convert("RGB").save(out, "WEBP", lossless=lossless, quality=quality, method=method)
    return out.getvalue()


def encode(image: Image.Image, stem: str = "board") -> tuple[bytes, str]:
    """``(data, filename)`` for ``image``: palette PNG, or lossy WebP if that would exceed 1 MiB."""
    data = png_bytes(to_palette(image))
    if len(data) <= MAX_BYTES:
        return data, f"{stem}.png"
    for quality in (85, 70, 50):
        data = webp_bytes(image, lossless=False, quality=quality)
        if len(data) <= MAX_BYTES:
            return data, f"{stem}.webp"
    raise ValueError(f"picture too large to upload even as WebP: {len(data)} bytes")
