"""Ratings from finished games: openskill's Plackett–Luce model, a free-for-all ranking of every counted
seat. Pure: which seats count, and the ratings after one game; storing them is bot/storage/ratings.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

# The model's defaults (mu 25, sigma 25/3); a change of these is applied to old games by recomputing
# (``python -m bot recompute-ratings``), never by rescaling stored numbers.
MODEL = PlackettLuce()
#: Fewer games than this and a rating is shown as provisional (its sigma is still large).
PROVISIONAL_GAMES = 5


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0

    @property
    def shown(self) -> float:
        """The number shown and ranked by: the model's conservative estimate (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


NEW = Rating(MODEL.mu, MODEL.sigma, 0)


def person(user_id: int) -> str:
    return f"user:{user_id}"


def computer(level: int) -> str:
    return f"computer:{level}"


def level_of(player: str) -> int | None:
    """The computer level a player key names, None for a person."""
    kind, _, rest = player.partition(":")
    return int(rest) if kind == "computer" else None


@dataclass(frozen=True)
class Seat:
    """One seat of a finished game, as its result says."""

    user_id: int | None
    is_ai: bool
    ai_level: int | None
    resigned: bool
    rank: int
    computer_from: int | None  # a person's seat the computer played most of: not rated, as in /stats


@dataclass(frozen=True)
class Placing:
    player: str
    rank: int  # 1 = first; equal ranks are a tie


def placings(seats: Sequence[Seat]) -> list[Placing]:
    """The rated seats and their places: people's own seats and computer seats (by level); a seat the
    computer played for its person, or one nobody holds, is left out and the others keep their order. A
    resigned seat is placed behind every seat that finished (tied with the other resigned ones): it lost."""
    rated = [
        s
        for s in seats
        if (s.is_ai and not s.resigned) or (not s.is_ai and s.user_id is not None and s.computer_from is None)
    ]
    last = max((s.rank for s in rated if not s.resigned), default=0) + 1
    return [
        Placing(
            computer(1 if s.ai_level is None else s.ai_level) if s.is_ai else person(s.user_id or 0),
            last if s.resigned else s.rank,
        )
        for s in rated
    ]


def rate(game: Sequence[Placing], current: Mapping[str, Rating]) -> dict[str, Rating]:
    """Every placed player's rating after ``game`` (``current`` holds their ratings before; one missing is
    new). Fewer than two seats rate nobody. A computer level with several seats moves by the mean of its
    seats' updates and counts the game once."""
    if len(game) < 2:
        return {}
    before = [current.get(p.player, NEW) for p in game]
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(p.rank) for p in game])
    moved: dict[str, list[tuple[float, float]]] = {}
    for placing, team in zip(game, after, strict=True):
        moved.setdefault(placing.player, []).append((team[0].mu, team[0].sigma))
    result = {}
    for player, values in moved.items():
        old = current.get(player, NEW)
        result[player] = Rating(
            sum(v[0] for v in values) / len(values), sum(v[1] for v in values) / len(values), old.games + 1
        )
    return result
