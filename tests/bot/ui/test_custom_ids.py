"""Custom ids: built in one place, within Discord's 100 characters, read back by the DynamicItem templates."""

from __future__ import annotations

import re

import pytest

from bot.play import components
from bot.services import engine
from bot.ui import custom_ids

BIG = 2**63 - 1  # the largest SQLite integer id
KEY = engine.decision_key(BIG, BIG, ["a move"])


def test_every_id_fits_and_matches_its_template() -> None:
    cases = [
        (custom_ids.move(BIG, KEY, 999), custom_ids.MOVE_TEMPLATE),
        (custom_ids.select(BIG, KEY, 3), custom_ids.SELECT_TEMPLATE),
        (custom_ids.family(BIG, KEY, 99), custom_ids.FAMILY_TEMPLATE),
        (custom_ids.play(BIG, BIG), custom_ids.PLAY_TEMPLATE),
        (custom_ids.hand(BIG), custom_ids.HAND_TEMPLATE),
        (custom_ids.mute(BIG, BIG), custom_ids.MUTE_TEMPLATE),
        (custom_ids.join(BIG), custom_ids.JOIN_TEMPLATE),
    ]
    for built, template in cases:
        assert len(built) <= custom_ids.MAX_LENGTH
        match = re.fullmatch(template, built)
        assert match is not None and int(match["game"]) == BIG


def test_templates_do_not_overlap() -> None:
    """Each id is claimed by exactly one kind of component."""
    ids = [
        custom_ids.move(1, KEY, 3),
        custom_ids.select(1, KEY, 0),
        custom_ids.family(1, KEY, 3),
        "bg:mv:1:2:3",  # posted before keys: the revision in the key's place
        "bg:sel:1:2:0",
        "bg:fam:1:2:3",
        custom_ids.play(1, 2),
        custom_ids.hand(1),
        custom_ids.mute(1, 2),
    ]
    for built in ids:
        owners = [
            item
            for item in components.DYNAMIC_ITEMS
            if item.__discord_ui_compiled_template__.fullmatch(built)
        ]
        assert len(owners) == 1, built


def test_too_long_is_refused() -> None:
    with pytest.raises(ValueError, match="longer than"):
        custom_ids._checked("x" * 101)
