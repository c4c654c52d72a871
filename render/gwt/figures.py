"""A Great Western Trail player's scoring figures in a few words, shared by the board and turn pictures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def figures(view: Mapping[str, Any], seat: int) -> tuple[str, str]:
    """Two short lines: certificates and engine space; buildings built, hazards and teepees taken."""
    player = view["seats"][seat]
    built = sum(1 for code in view["board"]["trail"].values() if code and code.endswith(f"@{seat}"))
    first = f"cert {player['certificates']} · engine {player['engine']}"
    second = f"built {built} · haz {len(player['hazards'])} · tee {len(player['teepees'])}"
    return first, second
