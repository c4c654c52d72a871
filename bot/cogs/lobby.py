"""/game: open a game of any registered title in this channel or thread (/game <id>, built from the game's
spec by ``bot.cogs.game_commands``), fill its seats, start, cancel, status, and the seat changes of a
running game (resign, away, replace, hand over to the computer)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

import rules
from bot import i18n
from bot.cogs import game_commands
from bot.cogs._checks import member_name
from bot.cogs._seats import (
    LEVEL_HELP,
    SEAT_HELP,
    SENSIBLE,
    Level,
    Seat,
    check_seat,
    computer_seats,
    hand_to_computer,
    level_choices,
    level_for,
    level_text,
)
from bot.cogs.game_commands import DeadlineAction, Hours
from bot.i18n import translate
from bot.play import announcer, channels, components, delivery, lobby_message, posting, replies
from bot.play.context import context
from bot.services import GUILD_DEFAULT, GameInfo, MoveOutcome, NotAllowed, ServiceError, timebank
from bot.ui import pickers, presenters

if TYPE_CHECKING:
    from bot.client import BoardGameBot
    from rules.core.spec import GameSpec

PictureMode = Literal["every-turn", "on-request"]
ComputerPosts = Literal["turn", "round", "end"]
PauseSeconds = app_commands.Range[int, 0, 3600]
ChannelStyle = Literal["quiet", "every-turn"]


class LimitReached(ServiceError):
    """The user already hosts as many open games in this server as allowed."""

    code = "limit_reached"


class CannotRunHere(ServiceError):
    """The bot lacks a permission a game's channel needs."""

    code = "cannot_run_here"


def check_channel(interaction: discord.Interaction) -> None:
    """Refuse, in one sentence, to open or start a game where the bot could not post it."""
    missing = posting.missing_here(interaction)
    if missing:
        listed = posting.listed(missing, interaction.locale)
        raise CannotRunHere(
            translate(interaction.locale, "message.cannot_run_here", missing=listed, count=len(missing))
        )


class ImportRefused(ServiceError):
    """The uploaded file cannot be an export of this bot."""

    code = "bad_import"


MAX_IMPORT_BYTES = 1024 * 1024


def shown_name(user: discord.abc.User) -> str:
    """A member's name as echoed in messages: their markdown and mentions do nothing."""
    return presenters.safe(member_name(user))


def _minutes(hours: int | None) -> Any:
    """Hours from a command option as the service's minutes: unset = the server's default, 0 = off."""
    return GUILD_DEFAULT if hours is None else (hours * 60 or None)


@app_commands.guild_only()
class Lobby(commands.GroupCog, group_name="game", group_description="Open, join and manage the game here"):
    def __init__(self, bot: BoardGameBot) -> None:
        self.bot = bot
        super().__init__()
        # one /game <id> per registered game, from its spec; refuses to start past Discord's limits
        group = self.app_command
        assert group is not None  # a GroupCog (this one has its group_name) always has its group
        game_commands.add_open_commands(group, rules.specs(), self._create, bot.tree)

    async def _create(self, interaction: discord.Interaction, spec: GameSpec, values: dict[str, Any]) -> None:
        """/game <id>: ``values`` are the command's options by name (the game's own under their labels)."""
        check_channel(interaction)
        await replies.defer_private(interaction)
        await self._check_limit(interaction)
        options = {o.name: values[game_commands.parameter_name(o)] for o in spec.options}
        bank_options = (
            values["time_bank"],
            values["bank_days"],
            values["increment_hours"],
            values["holiday_days"],
        )
        # no bank option: the server's default bank, unless a deadline was chosen (time_bank:off: none)
        bank = timebank.choose(*bank_options) if any(o is not None for o in bank_options) else GUILD_DEFAULT
        game = await self.bot.games.create_game(
            interaction.guild_id,
            context(interaction).channel_id,
            interaction.user.id,
            member_name(interaction.user),
            spec.id,
            options,
            max_players=values["max_players"],
            seat_order=values["seat_order"],
            reminder_minutes=_minutes(values["reminder_hours"]),
            deadline_minutes=_minutes(values["deadline_hours"]),
            deadline_action=values["deadline_action"] or GUILD_DEFAULT,
            parent_id=channels.thread_parent(interaction),
            # the server's language unless the host chose one
            language=values["language"] or i18n.language_of(interaction.guild_locale),
            time_bank=bank,
        )
        private = translate(interaction.locale, "message.lobby.opened_private", title=game.title)
        await interaction.followup.send(private, ephemeral=True)
        await lobby_message.open_lobby(interaction, game, shown_name(interaction.user))

    async def _check_limit(self, interaction: discord.Interaction) -> None:
        """Members may host only a few open games per server (the server's own limit, else the bot's);
        server managers are not limited."""
        if context(interaction).admin:
            return
        server = await self.bot.games.guild_settings(interaction.guild_id or 0)
        limit = server.max_games_per_user or self.bot.settings.max_games_per_user
        games = await self.bot.games.games_of_user(interaction.user.id)
        hosted = [g for g in games if g.host_id == interaction.user.id and g.guild_id == interaction.guild_id]
        if len(hosted) >= limit:
            raise LimitReached(
                translate(interaction.locale, "message.lobby.limit_reached", count=len(hosted))
            )

    async def _lobby_reply(
        self, interaction: discord.Interaction, private: str, public: str, game: GameInfo
    ) -> None:
        """After ``replies.defer_private``: the change for the user; then, for everyone, the lobby message
        shows the table with ``public`` as its news (a running game's channel hears ``public`` itself)."""
        if game.status != "lobby":
            await replies.done(interaction, private, public, allowed_mentions=discord.AllowedMentions.none())
            return
        await interaction.followup.send(private, ephemeral=True)
        await lobby_message.tell(interaction, game, public)

    async def _host_change(
        self,
        interaction: discord.Interaction,
        change: Callable[..., Awaitable[GameInfo]],
        changed: str,
        told: Callable[[GameInfo], str],
        *args: Any,
        **options: Any,
    ) -> GameInfo:
        """A change the host (or a manager) makes to the game here: ``change(channel, user, *args,
        admin=…, **options)``; the user hears ``changed`` (a catalog message), everyone ``told(game)``."""
        await replies.defer_private(interaction)
        here = context(interaction)
        game = await change(here.channel_id, interaction.user.id, *args, admin=here.admin, **options)
        await self._lobby_reply(interaction, translate(interaction.locale, changed), told(game), game)
        return game

    @app_commands.command(
        name="join", description="Take a seat in the game waiting here, or the seat kept for you"
    )
    async def join(self, interaction: discord.Interaction) -> None:
        if (await self.bot.games.get_game(context(interaction).channel_id)).status == "active":
            await components.take_seat(interaction, None)  # a running game: only a seat kept for this user
            return
        await replies.defer_private(interaction)
        name = member_name(interaction.user)
        game = await self.bot.games.join(context(interaction).channel_id, interaction.user.id, name)
        await self._lobby_reply(
            interaction,
            translate(interaction.locale, "message.lobby.you_joined"),
            translate(game.language, "message.lobby.joined", name=shown_name(interaction.user)),
            game,
        )

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await replies.defer_private(interaction)
        game = await self.bot.games.leave(context(interaction).channel_id, interaction.user.id)
        news = translate(game.language, "message.lobby.left", name=shown_name(interaction.user))
        if game.status == "abandoned":  # nobody is left at the table
            news += " " + translate(game.language, "message.lobby.called_off", title=game.title)
        private = translate(interaction.locale, "message.lobby.you_left")
        await interaction.followup.send(private, ephemeral=True)
        await lobby_message.tell(interaction, game, news)

    @app_commands.command(name="add-ai", description="Seat a computer player in the game waiting here")
    @app_commands.describe(level=f"{LEVEL_HELP} (default: {SENSIBLE}, or the game's best below it)")
    @app_commands.autocomplete(level=level_choices)
    async def add_ai(self, interaction: discord.Interaction, level: Level | None = None) -> None:
        await replies.defer_private(interaction)
        here = await self.bot.games.get_game(context(interaction).channel_id)
        chosen = level_for(here, level, interaction.locale)
        game = await self.bot.games.add_ai(context(interaction).channel_id, interaction.user.id, chosen)
        text = translate(game.language, "message.lobby.computer_joined", level=level_text(game, chosen))
        if level is None:  # say that it was not asked for, and how to ask
            text += " " + translate(game.language, "message.lobby.computer_default")
        await self._lobby_reply(
            interaction, translate(interaction.locale, "message.lobby.you_seated_computer"), text, game
        )

    @app_commands.command(name="remove-ai", description="Take a computer player out of the game waiting here")
    @app_commands.describe(seat="the computer's seat, from the list")
    @app_commands.autocomplete(seat=computer_seats)
    async def remove_ai(self, interaction: discord.Interaction, seat: Seat) -> None:
        await replies.defer_private(interaction)
        here = await self.bot.games.get_game(context(interaction).channel_id)
        check_seat(here, seat, interaction.locale)
        name = presenters.seat_name(here, seat - 1)
        game = await self.bot.games.remove_ai(
            context(interaction).channel_id, interaction.user.id, seat - 1, admin=context(interaction).admin
        )
        await self._lobby_reply(
            interaction,
            translate(interaction.locale, "message.lobby.you_took_out", name=name),
            translate(game.language, "message.lobby.left_table", name=name),
            game,
        )

    @app_commands.command(name="start", description="Start the game waiting here (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        check_channel(interaction)
        await interaction.response.defer(thinking=True, ephemeral=True)
        started = await self.bot.games.start(
            context(interaction).channel_id, interaction.user.id, admin=context(interaction).admin
        )
        await interaction.followup.send(
            translate(interaction.locale, "message.lobby.started_private"), ephemeral=True
        )
        said = translate(started.game.language, "message.lobby.started", title=started.game.title)
        await lobby_message.tell(interaction, started.game, said, done="posting.done.started")
        perms = interaction.app_permissions
        post: Awaitable[Any] = (
            announcer.post_results(self.bot, started.game, started.result or {}, perms)
            if started.finished
            else announcer.post_turn(self.bot, started.game, perms=perms)
        )
        await delivery.publish(interaction, started.game, post, done="posting.done.started")

    @app_commands.command(
        name="cancel", description="Call off the game here (host; a running one: server manager)"
    )
    async def cancel(self, interaction: discord.Interaction) -> None:
        await replies.defer_private(interaction)
        was = await self.bot.games.get_game(context(interaction).channel_id)
        game = await self.bot.games.cancel(
            context(interaction).channel_id, interaction.user.id, admin=context(interaction).admin
        )
        private = translate(interaction.locale, "message.lobby.you_called_off")
        public = translate(game.language, "message.lobby.called_off", title=game.title)
        if was.status == "lobby":  # the lobby message says so and gives up its Join button
            await interaction.followup.send(private, ephemeral=True)
            await lobby_message.tell(interaction, game, public)
        else:
            await replies.done(interaction, private, public)

    @app_commands.command(
        name="status", description="Who plays, whose turn it is (or the final scores), and the options"
    )
    async def status(self, interaction: discord.Interaction) -> None:
        game = await self.bot.games.get_game(context(interaction).channel_id)
        prompt = ""
        result = None
        if game.status == "active":
            view = await self.bot.games.view_at(game.channel_id, game.version, None)
            prompt = presenters.decision_prompt(view, game, interaction.locale)
        elif game.status == "finished":
            result = await self.bot.games.final_result(game.channel_id)
        await interaction.response.send_message(
            embed=presenters.status_embed(game, prompt, result, interaction.locale), ephemeral=True
        )

    @app_commands.command(
        name="timing", description="Change this game's reminders, deadline or time bank (host or manager)"
    )
    @app_commands.describe(
        reminder_hours="hours between reminders (0 = none)",
        deadline_hours="hours a player has for a turn (0 = no deadline)",
        deadline_action="when time runs out: skip the turn, let the computer play it, or let the others vote",
        time_bank="a time bank instead of a deadline, every player's starting afresh now (off: none)",
        bank_days=game_commands.TIMING_HELP["bank_days"],
        increment_hours=game_commands.TIMING_HELP["increment_hours"],
        holiday_days=game_commands.TIMING_HELP["holiday_days"],
    )
    @app_commands.choices(time_bank=game_commands.BANK_CHOICES)
    async def timing(
        self,
        interaction: discord.Interaction,
        reminder_hours: Hours | None = None,
        deadline_hours: Hours | None = None,
        deadline_action: DeadlineAction | None = None,
        time_bank: str | None = None,
        bank_days: int | None = None,
        increment_hours: int | None = None,
        holiday_days: int | None = None,
    ) -> None:
        bank_options = (time_bank, bank_days, increment_hours, holiday_days)
        # any bank option changes the bank (refused as at opening when they do not make one)
        bank = timebank.choose(*bank_options) if any(o is not None for o in bank_options) else timebank.KEEP
        told = "message.lobby.timing_changed" if bank is timebank.KEEP else "message.bank.changed"
        await self._host_change(
            interaction,
            self.bot.games.update_game_timing,
            "message.lobby.you_changed_timing",
            lambda game: translate(game.language, told, timing=presenters.timing_text(game)),
            time_bank=bank,
            **game_commands.timing_changes(reminder_hours, deadline_hours, deadline_action),
        )

    @app_commands.command(
        name="pictures", description="The board in every turn message, or only on /board (host or manager)"
    )
    @app_commands.describe(mode="the board in every turn message, or on request only: with /board")
    async def pictures(self, interaction: discord.Interaction, mode: PictureMode) -> None:
        await self._host_change(
            interaction,
            self.bot.games.set_pictures,
            "message.lobby.you_changed_pictures",
            lambda game: translate(game.language, f"message.pictures_set.{game.pictures}"),
            mode,
        )

    @app_commands.command(
        name="pace", description="How a game only computers play is told here (host or manager)"
    )
    @app_commands.describe(
        posts="when the channel hears: at every change of turn, once per round, or only the results",
        pause_seconds="seconds the computers wait after each post, so watchers can follow (0 = none)",
    )
    async def pace(
        self,
        interaction: discord.Interaction,
        posts: ComputerPosts | None = None,
        pause_seconds: PauseSeconds | None = None,
    ) -> None:
        await self._host_change(
            interaction,
            self.bot.games.set_computer_pace,
            "message.pace_changed",
            lambda game: translate(game.language, "message.pace_set", pace=presenters.pace_text(game)),
            posts=posts,
            pause=pause_seconds,
        )

    @app_commands.command(name="language", description="The language of this game's posts (host or manager)")
    @app_commands.describe(language="the language everyone reads this game's posts in")
    @app_commands.choices(language=game_commands.LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await self._host_change(
            interaction,
            self.bot.games.set_language,
            "message.language_changed",
            lambda game: translate(game.language, "message.language_set"),
            language,
        )

    @app_commands.command(
        name="channel", description="A live board and one-line pings, or a full message per turn (host)"
    )
    @app_commands.describe(
        style="quiet: one live board edited in place and a one-line ping per turn; a message per turn",
        auto_play="make at once a step with only one legal move and nothing to decide",
    )
    async def channel(
        self,
        interaction: discord.Interaction,
        style: ChannelStyle | None = None,
        auto_play: bool | None = None,
    ) -> None:
        game = await self._host_change(
            interaction,
            self.bot.games.set_channel_style,
            "message.channel_changed",
            lambda game: (
                translate(game.language, f"message.channel_style_set.{game.channel_style}")
                + " "
                + translate(game.language, f"message.auto_play_set.{'on' if game.auto_play else 'off'}")
            ),
            style=style,
            auto_play=auto_play,
        )
        if style == "every-turn":  # the live board would stay behind, naming a turn long past
            close = announcer.close_live_board(self.bot, game, "message.live.every_turn")
            await posting.attempt(self.bot, game.id, close)

    @app_commands.command(name="import", description="Continue or replay a game from a file made by /export")
    @app_commands.describe(file="the JSON file /export made")
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        if file.size > MAX_IMPORT_BYTES:
            raise ImportRefused(
                translate(interaction.locale, "message.import.too_large", kib=MAX_IMPORT_BYTES // 1024)
            )
        check_channel(interaction)
        await interaction.response.defer(thinking=True, ephemeral=True)
        await self._check_limit(interaction)
        try:
            data = json.loads(await file.read())
        except (ValueError, discord.HTTPException):
            raise ImportRefused(translate(interaction.locale, "message.import.not_json")) from None
        if not isinstance(data, dict):
            raise ImportRefused(translate(interaction.locale, "message.import.not_export"))
        game = await self.bot.games.import_game(
            interaction.guild_id,
            context(interaction).channel_id,
            data,
            interaction.user.id,
            member_name(interaction.user),
            parent_id=channels.thread_parent(interaction),
        )
        # the "thinking" message was private, so refusals stay private; the news is for everyone
        await interaction.followup.send(
            translate(interaction.locale, "message.lobby.imported_private"), ephemeral=True
        )
        kept = [s for s in game.seats if s.offered_to is not None]
        said = game.language  # the news is public: the game's language
        lines = [translate(said, "message.import.imported", title=game.title, count=game.version)]
        if kept and game.status == "active":
            seats = translate(said, "message.list_separator").join(
                f"{s.seat + 1}. {presenters.safe(s.name)} (<@{s.offered_to}>)" for s in kept
            )
            lines.append(translate(said, "message.import.seats_kept", seats=seats))
        extra: dict[str, Any] = {}
        if kept and game.status == "active":
            extra["view"] = pickers.claim_view(
                game.id,
                [(s.seat, translate(game.language, "button.take_seat", seat=s.seat + 1)) for s in kept],
            )
        await interaction.followup.send(
            presenters.clip("\n".join(lines), 2000),
            embed=presenters.status_embed(game),
            allowed_mentions=discord.AllowedMentions.none(),  # nobody is pinged before taking a seat
            **extra,
        )
        if game.status == "active":
            perms = interaction.app_permissions
            post = announcer.post_turn(self.bot, game, perms=perms)
            await delivery.publish(interaction, game, post, done="posting.done.imported")

    @app_commands.command(
        name="vote", description="Vote to let the computer play the seat of a player out of time"
    )
    @app_commands.describe(seat=SEAT_HELP)
    async def vote(self, interaction: discord.Interaction, seat: Seat) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        check_seat(await self.bot.games.get_game(context(interaction).channel_id), seat, interaction.locale)
        result = await self.bot.games.vote_kick(
            context(interaction).channel_id, interaction.user.id, seat - 1
        )
        if isinstance(result, MoveOutcome):
            await interaction.followup.send(
                translate(interaction.locale, "message.lobby.vote_carried", seat=seat), ephemeral=True
            )
            perms = interaction.app_permissions
            # the seat must act: the channel sees that the computer thinks for it (its move comes later)
            post = (
                announcer.post_turn(self.bot, result.game, perms=perms)
                if seat - 1 in result.to_act
                else announcer.announce(self.bot, result, perms)
            )
            await delivery.publish(interaction, result.game, post, done="posting.done.vote")
        else:
            await interaction.followup.send(
                translate(interaction.locale, "message.lobby.vote_counted"), ephemeral=True
            )

    @app_commands.command(
        name="resign", description="Leave the running game; the computer finishes your seat"
    )
    async def resign(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        outcome = await self.bot.games.resign(context(interaction).channel_id, interaction.user.id)
        await interaction.followup.send(
            translate(interaction.locale, "message.lobby.you_resigned"), ephemeral=True
        )
        abandoned = outcome.game.status == "abandoned"
        said = "message.lobby.resigned_abandoned" if abandoned else "message.lobby.resigned"

        async def tell() -> None:
            await posting.channel_for(self.bot, outcome.game).send(
                translate(outcome.game.language, said, name=shown_name(interaction.user)),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            if abandoned:
                await announcer.close_live_board(self.bot, outcome.game, "message.live.abandoned")
            else:
                await announcer.announce(self.bot, outcome, interaction.app_permissions)

        await delivery.publish(interaction, outcome.game, tell(), done="posting.done.resigned")

    @app_commands.command(name="away", description="Mark yourself away (no reminders, no deadline) or back")
    @app_commands.describe(
        away="true while you are away, false when you are back",
        days="with a time bank: a holiday of this many days, which stops your bank",
    )
    async def away(
        self, interaction: discord.Interaction, away: bool = True, days: int | None = None
    ) -> None:
        await replies.defer_private(interaction)
        game = await self.bot.games.set_away(context(interaction).channel_id, interaction.user.id, away, days)
        seat = game.seat_of(interaction.user.id)
        if not game.bank_minutes or seat is None:
            said = "message.lobby.away" if away else "message.lobby.welcome_back"
            await interaction.followup.send(translate(interaction.locale, said), ephemeral=True)
            return
        holiday = away and seat.holiday_until is not None
        private, public = (
            ("message.bank.holiday_private", "message.bank.holiday")
            if holiday
            else ("message.lobby.welcome_back", "message.bank.holiday_over")
        )
        until = presenters.moment(seat.holiday_until) if seat.holiday_until is not None else ""
        await interaction.followup.send(translate(interaction.locale, private, until=until), ephemeral=True)
        name = shown_name(interaction.user)

        async def tell() -> None:
            await posting.channel_for(self.bot, game).send(
                translate(game.language, public, name=name, until=until),
                allowed_mentions=discord.AllowedMentions.none(),
            )

        await delivery.publish(interaction, game, tell(), done="posting.done.away")

    @app_commands.command(
        name="replace", description="Offer a seat to another member, who takes it with Accept"
    )
    @app_commands.describe(seat=SEAT_HELP, member="who is asked to take it over")
    async def replace(self, interaction: discord.Interaction, seat: Seat, member: discord.Member) -> None:
        if member.bot:
            raise NotAllowed(translate(interaction.locale, "message.lobby.bots_cannot_sit"))
        await replies.defer_private(interaction)
        check_seat(await self.bot.games.get_game(context(interaction).channel_id), seat, interaction.locale)
        game = await self.bot.games.offer_seat(
            context(interaction).channel_id,
            interaction.user.id,
            seat - 1,
            member.id,
            admin=context(interaction).admin,
        )
        now = presenters.safe(game.seats[seat - 1].name)
        await replies.done(
            interaction,
            translate(
                interaction.locale,
                "message.lobby.you_offered_seat",
                seat=seat,
                name=presenters.safe(member_name(member)),
            ),
            translate(
                game.language,
                "message.lobby.seat_offered",
                member=member.mention,
                name=shown_name(interaction.user),
                seat=seat,
                now=now,
                title=game.title,
            ),
            view=pickers.claim_view(game.id, [(seat - 1, translate(game.language, "button.accept"))]),
            allowed_mentions=discord.AllowedMentions(users=[member], everyone=False, roles=False),
        )

    @app_commands.command(
        name="computer", description="Let the computer play your seat (or anyone's, as host)"
    )
    @app_commands.describe(player="whose seat (default: yours)", level=LEVEL_HELP)
    @app_commands.autocomplete(level=level_choices)
    async def computer(
        self,
        interaction: discord.Interaction,
        player: discord.Member | None = None,
        level: Level | None = None,
    ) -> None:
        who = player or interaction.user
        await hand_to_computer(self.bot, interaction, who, level, admin=context(interaction).admin)

    @app_commands.command(name="take-back", description="Take your seat back from the computer")
    async def take_back(self, interaction: discord.Interaction) -> None:
        await replies.defer_private(interaction)
        game = await self.bot.games.take_back_seat(context(interaction).channel_id, interaction.user.id)
        await replies.done(
            interaction,
            translate(interaction.locale, "message.lobby.you_are_back"),
            translate(game.language, "message.lobby.back", name=shown_name(interaction.user)),
        )
        if interaction.user.id in game.to_act_users:  # the board said the computer was thinking for them
            post = announcer.post_turn(self.bot, game, perms=interaction.app_permissions)
            await delivery.publish(interaction, game, post, done="posting.done.done")


async def setup(bot: BoardGameBot) -> None:
    await bot.add_cog(Lobby(bot))
