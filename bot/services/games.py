"""``GameService``: the one object the cogs, the computer players and the tests use (see the package
docstring for the whole API). Its parts live in modules named for what they do; each public method of the
service is the method of the same name of one part (``Delegate``), so its signature and docstring are
written once, in the part."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

from bot.services.archive import Archive
from bot.services.channels import Channels
from bot.services.core import ServiceCore
from bot.services.damage import Damage
from bot.services.everywhere import Everywhere
from bot.services.lobby import Lobby
from bot.services.play import Play
from bot.services.prefs import Preferences
from bot.services.ratings import Ratings
from bot.services.reading import Reading
from bot.services.replays import Replays
from bot.services.seats import Seats
from bot.services.stats import Stats
from bot.services.timing import Timing

P = ParamSpec("P")
R = TypeVar("R")


class Delegate(Generic[P, R]):
    """A method of the service that is ``method`` of the part the service holds as ``part``: read from
    a service, the part's bound method (typed as the part's method, less its ``self``); read from the
    class, the part's function (its signature and docstring)."""

    def __init__(self, part: str, method: Callable[Concatenate[Any, P], R]) -> None:
        self.part = part
        self.method = method
        self.name = method.__name__
        self.__doc__ = method.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        if name != self.name:  # the service's methods are named as its parts' are
            raise TypeError(f"{owner.__name__}.{name} delegates to a method named {self.name}")

    @overload
    def __get__(self, service: None, owner: type | None = None) -> Callable[Concatenate[Any, P], R]: ...

    @overload
    def __get__(self, service: object, owner: type | None = None) -> Callable[P, R]: ...

    def __get__(self, service: object, owner: type | None = None) -> Callable[..., R]:
        if service is None:
            return self.method
        bound: Callable[P, R] = getattr(getattr(service, self.part), self.name)
        return bound


class Via:
    """Makes the ``Delegate`` of a method of the part the service holds as ``part``."""

    def __init__(self, part: str) -> None:
        self.part = part

    def __call__(self, method: Callable[Concatenate[Any, P], R]) -> Delegate[P, R]:
        return Delegate(self.part, method)


_timing = Via("timing")
_preferences = Via("preferences")
_channels = Via("channels")
_everywhere = Via("everywhere")
_ratings = Via("ratings")
_lobby = Via("lobby")
_play = Via("play")
_seats = Via("seats")
_reading = Via("reading")
_replays = Via("replays")
_archive = Via("archive")
_damage = Via("damage")
_statistics = Via("statistics")


class GameService(ServiceCore):
    """Everything done to games: ``GameService(db, clock=utc_now, ai=answer, *, think_seconds=None)``;
    ``close()`` ends its computer players' worker processes and gives back its claims. The parts that are
    plain classes (``lobby``, ``play``, ``preferences``, ``channels``, ``damage``, ``everywhere``,
    ``ratings``, ``archive``, ``replays``, ``reading``, ``seats``, ``timing`` and ``statistics``) are built
    by ``ServiceCore``; each public method here is one of theirs, of the same name."""

    take_over_claims = _timing(Timing.take_over_claims)
    renew_claims = _timing(Timing.renew_claims)
    due = _timing(Timing.due)
    next_due_at = _timing(Timing.next_due_at)
    resume_computer_turns = _timing(Timing.resume_computer_turns)
    claim_untold = _timing(Timing.claim_untold)
    give_back_untold = _timing(Timing.give_back_untold)
    run_due = _timing(Timing.run_due)
    vote_kick = _timing(Timing.vote_kick)
    force_skip = _timing(Timing.force_skip)

    # Preferences (``prefs.py``)
    mute = _preferences(Preferences.mute)
    unmute = _preferences(Preferences.unmute)
    user_settings = _preferences(Preferences.user_settings)
    update_user_settings = _preferences(Preferences.update_user_settings)
    guild_settings = _preferences(Preferences.guild_settings)
    update_guild_settings = _preferences(Preferences.update_guild_settings)
    set_pictures = _preferences(Preferences.set_pictures)
    set_computer_pace = _preferences(Preferences.set_computer_pace)
    set_channel_style = _preferences(Preferences.set_channel_style)
    note_language = _preferences(Preferences.note_language)
    choose_language = _preferences(Preferences.choose_language)
    languages_of = _preferences(Preferences.languages_of)
    set_language = _preferences(Preferences.set_language)
    update_game_timing = _preferences(Preferences.update_game_timing)

    # Channels (``channels.py``)
    channel_gone = _channels(Channels.channel_gone)
    guild_left = _channels(Channels.guild_left)
    guild_back = _channels(Channels.guild_back)
    guilds_present = _channels(Channels.guilds_present)

    # Everywhere (``everywhere.py``)
    seated_games = _everywhere(Everywhere.seated_games)
    live_board_messages = _everywhere(Everywhere.live_board_messages)

    # Ratings (``ratings.py``)
    rating_board = _ratings(Ratings.rating_board)
    ratings_of = _ratings(Ratings.ratings_of)

    # Lobby (``lobby.py``)
    create_game = _lobby(Lobby.create_game)
    join = _lobby(Lobby.join)
    add_ai = _lobby(Lobby.add_ai)
    remove_ai = _lobby(Lobby.remove_ai)
    lobby_message = _lobby(Lobby.lobby_message)
    remember_lobby_message = _lobby(Lobby.remember_lobby_message)
    leave = _lobby(Lobby.leave)
    move_seat = _lobby(Lobby.move_seat)
    start = _lobby(Lobby.start)
    cancel = _lobby(Lobby.cancel)
    abandon = _lobby(Lobby.abandon)

    # Play (``play.py``)
    submit = _play(Play.submit)
    undo = _play(Play.undo)
    restore = _play(Play.restore)
    undone_moves = _play(Play.undone_moves)

    # Seats (``seats.py``)
    resign = _seats(Seats.resign)
    hand_to_ai = _seats(Seats.hand_to_ai)
    take_back_seat = _seats(Seats.take_back_seat)
    offer_seat = _seats(Seats.offer_seat)
    claim_seat = _seats(Seats.claim_seat)
    set_away = _seats(Seats.set_away)

    # Reading (``reading.py``)
    get_game = _reading(Reading.get_game)
    game_by_id = _reading(Reading.game_by_id)
    final_result = _reading(Reading.final_result)
    seat_of = _reading(Reading.seat_of)
    legal_moves = _reading(Reading.legal_moves)
    decision = _reading(Reading.decision)
    view_for = _reading(Reading.view_for)
    view_at = _reading(Reading.view_at)
    log = _reading(Reading.log)
    news_for = _reading(Reading.news_for)
    choices = _reading(Reading.choices)
    news_shown = _reading(Reading.news_shown)
    public_events_between = _reading(Reading.public_events_between)
    untold_public_events = _reading(Reading.untold_public_events)
    mark_told = _reading(Reading.mark_told)
    untold_movers = _reading(Reading.untold_movers)
    progress_message = _reading(Reading.progress_message)
    remember_progress_message = _reading(Reading.remember_progress_message)
    live_board = _reading(Reading.live_board)
    board_state = _reading(Reading.board_state)
    reserve_pings = _reading(Reading.reserve_pings)
    unreserve_pings = _reading(Reading.unreserve_pings)
    forget_untold_pings = _reading(Reading.forget_untold_pings)
    movers_after = _reading(Reading.movers_after)
    remember_live_board = _reading(Reading.remember_live_board)
    forget_live_board = _reading(Reading.forget_live_board)
    active_games = _reading(Reading.active_games)
    games_of_user = _reading(Reading.games_of_user)
    check_replay = _reading(Reading.check_replay)

    # Replays (``replays.py``)
    replay_game = _replays(Replays.replay_game)
    replay_position = _replays(Replays.replay_position)
    replay_frames = _replays(Replays.replay_frames)
    score_history = _replays(Replays.score_history)

    # Archive (``archive.py``)
    export = _archive(Archive.export)
    import_game = _archive(Archive.import_game)

    # Damage (``damage.py``)
    check_states = _damage(Damage.check_states)
    take_damage_notes = _damage(Damage.take_damage_notes)
    keep_damage_notes = _damage(Damage.keep_damage_notes)
    damage_told = _damage(Damage.damage_told)

    # Stats (``stats.py``)
    stats = _statistics(Stats.stats)
    computer_played = _statistics(Stats.computer_played)
    leaderboard = _statistics(Stats.leaderboard)
