"""The game service: everything done to games, as plain Python (no Discord), for cogs, computer players
and tests alike.

``GameService(db, clock=utc_now, ai=answer, *, think_seconds=None, think_workers=None)`` — every id
is an int (a Discord snowflake), every time an aware UTC datetime from the injected clock. Computer players
choose in worker processes (``thinking``: ``ai`` must be a module-level function, each turn within
``think_seconds``, else the game's own), started off the event loop by ``thinkers.start()`` (the bot does at
boot) or else at the first computer move; ``await close()`` ends them (the bot does on close).
Channel-addressed methods act on the channel's open game (lobby or active); reading methods fall back to the
channel's most recent game once it is over.
Seats are numbered from 0. ``admin=True`` is the cog saying the caller may manage the server.

What comes back is plain frozen data (``models``): ``GameInfo`` (seats, status, version, revision,
who must act, timing), ``MoveOutcome`` (the requested move and its events, every move played after it
by computer seats, ``public_events``, who must act now and who had to just before (``to_act_before``),
``turn_passed``, ``turn_started``, ``still_choosing``, ``finished`` and ``result``, and ``notifications``
to deliver; all worked out under the game's lock; and the ``report`` the channel is told from, read with
the move: ``report``), ``UndoOutcome``, ``Notification`` (``user_id`` None =
the channel; ``dm`` = the user takes direct messages) and ``DueItem``.

Lobby
    create_game(guild_id, channel_id, host_id, host_name, rules_id, options=None, *, max_players=None,
                seat_order="random"|"join", reminder_minutes=…, deadline_minutes=…,
                deadline_action=…, parent_id=None, time_bank=…) -> GameInfo
        (timing left out comes from the guild's settings; None turns it off; the guild's default time
        bank applies when neither a bank nor a deadline is given; ``parent_id``: the channel of the
        thread the game is in)
    join(channel_id, user_id, name) / add_ai(channel_id, by_user_id, level=1) / leave(channel_id, user_id)
    remove_ai(channel_id, by_user_id, seat, *, admin=False) -> GameInfo   (a computer's seat, lobby only)
    move_seat(channel_id, by_user_id, user_id, new_position) -> GameInfo
    start(channel_id, by_user_id, *, admin=False) -> MoveOutcome   (seat None; computer seats may move)
    cancel(channel_id, by_user_id, *, admin=False) / abandon(channel_id, by_user_id=None, *, admin=False)
    lobby_message(game_id) -> int | None / remember_lobby_message(game_id, message_id)   (the one message
        that shows the lobby, edited in place)
Playing
    submit(channel_id, user_id, move_text, expected_version=None, *, expected_revision=None,
           expected_decision=None) -> MoveOutcome
        (any spelling; the log keeps the canonical move; computer seats that must act then move in the
        background runner, ``runner``. ``GameInfo.version`` is the number of moves made
        and goes back on undo; ``GameInfo.revision`` grows with every change and never repeats.
        ``expected_decision`` is the key of the player's decision a button was drawn for
        (``Decision.key``): the move is refused unless their legal moves are still those, listed alike,
        and nothing was played for their seat since, so a button never plays twice and never plays a
        move its user did not see, while the others' moves meanwhile leave it good)
    undo(channel_id, user_id) -> UndoOutcome    (Board Game Arena's policy, see ``policy.undo_refusal``)
    restore(channel_id, version, *, admin) -> GameInfo
Reading
    get_game(channel_id) / game_by_id(game_id) / active_games() / games_of_user(user_id)
    seated_games(user_id) -> [GameInfo]   (as games_of_user, in three reads) ;
    live_board_messages(game_ids) -> {game_id: message_id}   (one read; both for /mygames)
    seat_of(channel_id, user_id) -> int | None
    legal_moves(channel_id, user_id, locale) -> [(move, label)]   ([] when the user has nothing to decide)
    decision(channel_id, user_id, locale) -> Decision   (those moves and the key a button carries)
    choices(channel_id, user_id, locale) -> Choices   (in one read: the game, the user's seat, their news,
        decision and own view, as a picker of their options shows them)
    view_for(channel_id, user_id | None) -> (GameInfo, view) ; view_at(channel_id, version, user_id=None)
    log(channel_id, user_id=None, limit=20) -> [str] ; undone_moves(channel_id)
    news_for(channel_id, user_id) -> News | None   (the public events since the user's own last move, when
        others have moved since and they have not been shown them; ``news_shown(news)`` once they were)
    export(channel_id, by_user_id=None, *, admin=False) -> dict   (a running game: refused to anyone seated
        in it and to non-admins, and marked ``hidden_cards_warning``: its seed reveals every hidden card)
    import_game(guild_id, channel_id, data, host_id, host_name=None, *, parent_id=None) -> GameInfo
        (only the importer is seated by a file; every other person it names gets a seat kept for them,
        ``SeatInfo.offered_to``, played by nobody until they take it; imported games never count in stats;
        ``parent_id``: the channel of the thread it goes into)
    check_replay(game_id) -> bool   (the snapshot equals a replay of seed + moves)
    final_result(channel_id) -> dict   (a finished game's ranking and points; GameNotActive before)
Replays (``replays.py``: what a spectator sees, never a seat's hand)
    replay_game(channel_id, guild_id, game_id=None) -> GameInfo   (the game a replay shows: ``game_id``
        in this server, else the channel's latest; NotAllowed for another server's, GameNotActive before
        its first move)
    replay_position(game_id, version, locale=None) -> ReplayPosition   (the spectator's view after
        ``version`` moves and the log line of that move; NoSuchVersion out of range)
    replay_frames(game_id, locale=None, most=120) -> (GameInfo, [ReplayFrame])   (the positions of an
        animated replay, at most ``most``, with the lines of the moves between them)
    score_history(game_id) -> [[points per seat]] | None   (public points after every move, for the
        chart with the final scores; None when the rules count none in a position)
    public_events_between(game_id, after, upto) -> [event]   (what the live board's new picture marks)
    untold_public_events(game_id, upto) -> [event]   (public events of the moves the channel was not yet
        told, kept in the database; the channel's turn summaries are built from it)
    mark_told(game_id, upto, live_board=None, pinged=())   (after a summary was posted: those moves count
        as told; the live board that told them, when given; the (seat, person) pinged by it)
    reserve_pings(game_id, upto, people, shown=()) -> [(seat, person)]   (of those who must act, the ones
        not pinged for this decision yet, noted as pinged before the post, so two posts of one turn ping
        once; ``shown``: those whose private answer showed them the decision, noted without a ping) ;
        unreserve_pings(game_id, upto, pinged)   (the post that was to ping them failed) ;
        forget_untold_pings(game_id)   (at a start: the pings noted for moves not yet told may not have been
        made, so the telling pings again)
    untold_movers(game_id, upto) -> [seat]   (who moved since the channel was last told)
    progress_message(game_id) / remember_progress_message(game_id, message_id)   (the one message of who
        has chosen in the current simultaneous choice; a turn message ends that choice)
    live_board(game_id) -> LiveBoard | None / remember_live_board(game_id, LiveBoard)   (the game's live
        board; forget_live_board(game_id) once it was closed) ; board_state(game_id, upto) -> BoardState
        (the board, what was told, who is pinged for a decision still theirs: a person is pinged once
        per decision) ; movers_after(game_id, after, upto) -> {seat}   (who moved in between)
    claim_untold() -> [game_id] ; give_back_untold(game_id)   (the games whose channel was not told of every
        saved move, at a start: this process tells those it claims, ``bot.play.catchup``)
Seats
    resign(channel_id, user_id) -> MoveOutcome   (the computer plays on; no win is counted)
    hand_to_ai(channel_id, by_user_id, seat, level=1, *, admin=False) -> MoveOutcome
    take_back_seat(channel_id, user_id) -> GameInfo
    offer_seat(channel_id, by_user_id, seat, user_id, *, admin=False) -> GameInfo
        (nothing changes until that person takes the seat)
    claim_seat(channel_id, user_id, name, *, guild_id, seat=None) -> GameInfo
        (the seat kept for or offered to ``user_id``, from the game's own server; nobody else's)
    set_away(channel_id, user_id, away, days=None) -> GameInfo    (no reminders or deadline while away;
                                                  with a time bank: a holiday of ``days``)
    vote_kick(channel_id, voter_id, seat) -> GameInfo | MoveOutcome   (MoveOutcome once the vote carries)
Time
    due(now=None) -> [DueItem] ; next_due_at() -> datetime | None   (found through each game's stored
        next-due time, so a round reads only the games with something due)
    resume_computer_turns(now=None) -> [MoveOutcome]   (makes the moves of computer seats
        a crash left waiting: all of them at the first call after a start, later only after a grace)
    run_due(now=None) -> [Notification]   (resumes computer seats as above, sends reminders, applies deadline
        consequences: "skip" plays the engine's pass/skip move when it offers one, else the computer takes
        the seat; "ai" hands the seat to the computer; "vote" asks the others, and ``vote_kick`` decides)
    take_over_claims() ; renew_claims(now=None) -> bool   (a claim on a game's due work is a lease: at start
        on SQLite the earlier life's claims end; the renewal says whether another process's lease ran out;
        ``close()`` gives this process's claims back)
    force_skip(channel_id, by_user_id, *, admin=False) -> ForcedSkip   (the deadline rule now, each seat's
        notice saying a server manager applied it; ``seats`` say what it did to each: skipped, handed to
        the computer for want of a pass or by the rule, or put to the others' vote)
    update_game_timing(channel_id, by_user_id, *, admin=False, reminder_minutes=…, deadline_minutes=…,
                       deadline_action=…, time_bank=KEEP|TimeBank|None)
        (a new or no time bank starts every seat's bank afresh, the decision under way counting from now)
    set_pictures(channel_id, by_user_id, "every-turn"|"on-request", *, admin=False) -> GameInfo
        (whether turn messages show the board or leave it to /board)
    set_computer_pace(channel_id, by_user_id, *, posts="turn"|"round"|"end", pause=seconds, admin=False)
        -> GameInfo   (how a game nobody plays in person is told, and how long its computers wait)
    set_channel_style(channel_id, by_user_id, *, style="quiet"|"every-turn", auto_play=bool, admin=False)
        (a live board and one-line pings, or a full turn message per turn; forced steps made at once)
Where games live (the cogs report what Discord tells them)
    channel_gone(channel_id) -> [Notification]   (the channel or thread was deleted: its open game and
        those of its threads end as abandoned, without a result; a notice for each seated person)
    guild_left(guild_id) -> [Notification]   (the bot left the server: its open games pause; no reminders,
        deadlines, moves or computer moves while ``GameInfo.paused``: playing raises ``GamePaused``)
    guild_back(guild_id) -> [Notification]   (the bot is back: the games resume, every turn clock moved on
        by the time paused, so nobody loses or gains time; a notice for each channel and person)
    guilds_present(guild_ids) -> [Notification]   (at start-up: pauses the games of servers the bot is
        no longer in, having left them while it was not running)
Damage (``damage.py``)
    check_states() -> DamageReport   (at start-up: every stored state against its checksum; a damaged
        game is rebuilt from its seed and log, or paused, ``GameInfo.paused``, playing raising
        ``GameDamaged``, when its log cannot rebuild it; a move that finds it so pauses it too) ;
        take_damage_notes() -> [Notification]   (the lines for the paused games' channels, once: said
        by the client when it connects, as soon as a read finds one (``damage.on_note``), and by every
        reminder round; a start queues again those never said) ; keep_damage_notes(notes)   (put back
        lines whose post failed) ; damage_told(game_id)   (a line was said: no later start says it)
Settings and statistics
    mute(user_id, game_id=None, until_next_turn=False) ; unmute(user_id, game_id=None)
    user_settings / update_user_settings(user_id, dms=…, reminder_minutes=…, muted=…)
    guild_settings / update_guild_settings(guild_id, reminder_minutes=…, deadline_minutes=…,
                                           deadline_action=…, max_games_per_user=…,
                                           time_bank=KEEP|TimeBank|None)
        (the default time bank: a game opened with neither a bank nor a deadline chosen gets it)
    stats(guild_id, user_id=None) -> dict ; leaderboard(guild_id, rules_id=None) -> [dict]
    rating_board(guild_id, rules_id=None, *, everywhere=False) -> [{rules_id, people, computers}]
    ratings_of(guild_id, user_id) -> [dict]   (per game: the rating, its latest changes and the computer
        levels'; ratings are written by ``rater`` once a move finished a game, openskill's Plackett–Luce)
    computer_played(game_id) -> {seat: move}   (the seats of a finished game the computer played most of)
Languages
    note_language(user_id, language)   (the language their Discord client uses; written when it changed)
    choose_language(user_id, language | None) ; languages_of(user_ids) -> {user: language}   (what each
        reads direct messages and reminders in)
    set_language(channel_id, by_user_id, language, *, admin=False) -> GameInfo   (the game's public posts)

Refusals raise a ``ServiceError`` subclass (``code`` + ``message``); the engine's ``RulesError`` (cannot
parse, illegal, ambiguous, not your turn, game over) passes through unchanged. Nothing is changed by a
refused request. ``submit`` raises ``Committed`` (the game and the version saved) when a step after the
move's commit fails: the move counts.
"""

from bot.services.clock import Clock, FakeClock, utc_now
from bot.services.errors import (
    AlreadyJoined,
    AlreadyStarted,
    BadImport,
    Busy,
    Committed,
    DatabaseUnavailable,
    GameDamaged,
    GameExists,
    GameNotActive,
    GamePaused,
    NoGameHere,
    NoSuchVersion,
    NotAllowed,
    NotEnoughPlayers,
    NotHost,
    NotInGame,
    ServiceError,
    StaleVersion,
    TableFull,
    UndoRefused,
)
from bot.services.games import GameService
from bot.services.models import (
    Choices,
    Decision,
    DueItem,
    Forced,
    ForcedSkip,
    GameInfo,
    MoveOutcome,
    News,
    Notification,
    PlayedMove,
    SeatInfo,
    UndoOutcome,
)
from bot.services.policy import GUILD_DEFAULT
from bot.services.report import BoardState, LiveBoard, Report

__all__ = [
    "GUILD_DEFAULT",
    "AlreadyJoined",
    "AlreadyStarted",
    "BadImport",
    "BoardState",
    "Busy",
    "Choices",
    "Clock",
    "Committed",
    "DatabaseUnavailable",
    "Decision",
    "DueItem",
    "FakeClock",
    "Forced",
    "ForcedSkip",
    "GameDamaged",
    "GameExists",
    "GameInfo",
    "GameNotActive",
    "GamePaused",
    "GameService",
    "LiveBoard",
    "MoveOutcome",
    "News",
    "NoGameHere",
    "NoSuchVersion",
    "NotAllowed",
    "NotEnoughPlayers",
    "NotHost",
    "NotInGame",
    "Notification",
    "PlayedMove",
    "Report",
    "SeatInfo",
    "ServiceError",
    "StaleVersion",
    "TableFull",
    "UndoOutcome",
    "UndoRefused",
    "utc_now",
]
