"""The turn digest: public lines of a long turn are kept per move and posted once."""

from __future__ import annotations

from bot.ui.flow import TurnDigest


def test_lines_are_gathered_until_taken() -> None:
    digest = TurnDigest()
    digest.add(1, ["moved to B"])
    digest.add(1, ["built a house", "paid 2"])
    digest.add(2, ["other game"])
    assert digest.take(1) == ["moved to B", "built a house", "paid 2"]
    assert digest.take(1) == []
    assert digest.take(2) == ["other game"]


def test_undo_drops_only_the_last_moves_lines() -> None:
    digest = TurnDigest()
    digest.add(1, ["moved to B"])
    digest.add(1, ["built a house"])
    digest.drop_last(1)
    digest.drop_last(3)  # nothing gathered for that game: no error
    assert digest.take(1) == ["moved to B"]
