"""The rating model: which seats are rated, and openskill's Plackett–Luce update for one game."""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot import ratings
from bot.ratings import NEW, Placing, Rating, Seat


def seat(user: int | None, rank: int, *, ai: int | None = None, resigned=False, computer_from=None) -> Seat:
    return Seat(user, ai is not None, ai, resigned, rank, computer_from)


def test_people_and_computer_levels_are_placed_and_a_computer_played_seat_is_left_out():
    placed = ratings.placings([seat(1, 2), seat(None, 1, ai=2), seat(3, 3, computer_from=7), seat(4, 4)])
    assert placed == [Placing("user:1", 2), Placing("computer:2", 1), Placing("user:4", 4)]


def test_a_resigned_seat_is_placed_behind_every_seat_that_finished():
    placed = ratings.placings([seat(1, 1, resigned=True), seat(2, 2), seat(3, 3), seat(4, 2, resigned=True)])
    assert placed == [Placing("user:1", 4), Placing("user:2", 2), Placing("user:3", 3), Placing("user:4", 4)]


def test_the_update_is_openskills_plackett_luce_with_ties_as_equal_ranks():
    game = [Placing("user:1", 1), Placing("user:2", 1), Placing("user:3", 2)]
    after = ratings.rate(game, {"user:3": Rating(30.0, 5.0, 7)})
    model = PlackettLuce()
    expected = model.rate(
        [[model.rating()], [model.rating()], [model.rating(mu=30.0, sigma=5.0)]], ranks=[1.0, 1.0, 2.0]
    )
    assert [(after[p].mu, after[p].sigma) for p in ("user:1", "user:2", "user:3")] == [
        (t[0].mu, t[0].sigma) for t in expected
    ]
    assert after["user:1"] == after["user:2"]  # a tie moves both alike
    assert [after[p].games for p in ("user:1", "user:2", "user:3")] == [1, 1, 8]
    assert after["user:3"].mu < 30.0


def test_a_winner_rises_a_loser_falls_and_a_rating_is_provisional_for_a_few_games():
    after = ratings.rate([Placing("user:1", 1), Placing("user:2", 2)], {})
    assert after["user:1"].mu > NEW.mu > after["user:2"].mu
    assert after["user:1"].shown == after["user:1"].mu - 3 * after["user:1"].sigma
    assert after["user:1"].provisional and not Rating(25.0, 3.0, ratings.PROVISIONAL_GAMES).provisional


def test_one_seat_rates_nobody_and_a_level_with_two_seats_counts_the_game_once():
    assert ratings.rate([Placing("user:1", 1)], {}) == {}
    after = ratings.rate([Placing("computer:1", 1), Placing("user:2", 2), Placing("computer:1", 3)], {})
    assert after["computer:1"].games == 1 and set(after) == {"computer:1", "user:2"}
    assert ratings.level_of("computer:3") == 3 and ratings.level_of("user:3") is None


def test_level_zero_is_a_level_of_its_own():
    assert ratings.placings([seat(None, 1, ai=0), seat(1, 2)])[0] == Placing("computer:0", 1)
