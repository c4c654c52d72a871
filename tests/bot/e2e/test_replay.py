"""/replay through Discord: a game position by position as a spectator sees it (buttons and a jump menu
that edit the private message), as one animated picture, refused privately where it must be; and the
final scores come with the chart of each player's points over the game."""

from __future__ import annotations

import asyncio
import io
import random
from typing import Any

import pytest
from PIL import Image

import rules
from bot.services import GameService
from bot.services.engine import replay
from bot.ui import pictures
from bot.ui.animations import Animation, AnimationKey, Build
from loopback import Reply, SimUser
from tests.bot.e2e.conftest import Arena


async def play_until(
    arena: Arena, service: GameService, rng: random.Random, done: Any, most: int = 400
) -> None:
    """Random legal moves of whoever must act, made through the service, until ``done(game)``."""
    for _ in range(most):
        game = await service.get_game(int(arena.channel.id))
        if done(game) or game.status != "active":
            return
        user = arena.person(game.to_act_users[0])
        move = rng.choice(await service.legal_moves(game.channel_id, int(user.id)))[0]
        await service.submit(game.channel_id, int(user.id), move)
    raise AssertionError("the game did not get there")


def control(reply: Reply | Any, prefix: str) -> dict[str, Any]:
    message = reply.message if isinstance(reply, Reply) else reply
    return next(c for c in message.flat_components() if str(c.get("custom_id", "")).startswith(prefix))


def shown(reply: Reply) -> str:
    """What the replay message says: its embed's title and description."""
    [embed] = reply.message.embeds
    return f"{embed.get('title', '')}\n{embed.get('description', '')}"


async def test_a_replay_steps_through_the_game_privately_and_never_shows_a_secret_choice(
    arena: Arena,
) -> None:
    alice, bob, _carol = arena.people
    rng = random.Random(3)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob)
        # on to a secret choice a few rounds in: one player has chosen a card, the other not yet
        await play_until(arena, service, rng, lambda g: g.version >= 12 and len(g.to_act) > 1)
        game = await service.get_game(int(arena.channel.id))
        chooser = next(p for p in (alice, bob) if int(p.id) == game.to_act_users[0])
        other = bob if chooser is alice else alice
        move, label = (await service.legal_moves(game.channel_id, int(chooser.id)))[0]
        await service.submit(game.channel_id, int(chooser.id), move)
        last = game.version + 1
        public_before = len(arena.public())

        opened = await other.slash("replay", arena.channel)
        assert opened.ephemeral
        assert f"game {game.id}" in shown(opened) and f"move {last} of {last}" in shown(opened)
        assert label not in shown(opened) and move not in shown(opened)  # the card chosen stays secret
        [picture] = opened.message.attachments
        assert picture.filename.startswith(f"replay-{game.id}-{last}")

        back = await other.click(opened, control(opened, f"bg:rp:{game.id}:c:")["custom_id"])
        assert back.response_type == 6  # answered at once, the picture drawn after
        assert f"move {last - 1} of {last}" in shown(back)
        middle = await other.select(back.message, f"bg:rpj:{game.id}", "5")
        assert f"move 5 of {last}" in shown(middle)
        jumped = await other.select(middle.message, f"bg:rpj:{game.id}", "0")
        assert f"move 0 of {last}" in shown(jumped) and "before the first move" in shown(jumped)
        assert control(jumped, f"bg:rp:{game.id}:a:").get("disabled")  # already at the start
        on = await other.click(jumped, control(jumped, f"bg:rp:{game.id}:e:")["custom_id"])
        assert f"move 10 of {last}" in shown(on)
        end = await other.click(on, control(on, f"bg:rp:{game.id}:f:")["custom_id"])
        assert f"move {last} of {last}" in shown(end) and label not in shown(end)

        animated = await other.slash("replay", arena.channel, animated=True)
        assert animated.ephemeral
        [movie] = animated.message.attachments
        assert movie.filename == f"replay-{game.id}.webp"
        with Image.open(io.BytesIO(movie.data)) as frames:
            assert frames.n_frames == last + 1

        assert len(arena.public()) == public_before  # a replay tells the channel nothing
        arena.loopback.assert_prompt_responses()


async def test_an_animated_replay_is_drawn_once_per_position_and_language_however_many_ask(
    arena: Arena, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob, carol = arena.people
    loopback = arena.loopback
    loopback.set_user_locale(bob, "en-GB")  # English as alice's en-US: the same pictures and lines
    loopback.set_user_locale(carol, "de")
    drawn: list[int] = []  # the pictures of each animation drawn
    gate = asyncio.Event()
    gate.set()
    draw = pictures.replay

    async def counted(frames: Any, *args: Any, **options: Any) -> Any:
        drawn.append(len(frames))
        await gate.wait()
        return await draw(frames, *args, **options)

    monkeypatch.setattr(pictures, "replay", counted)

    def pictures_of(reply: Reply) -> tuple[int, bytes]:
        [movie] = reply.message.attachments
        with Image.open(io.BytesIO(movie.data)) as frames:
            return int(getattr(frames, "n_frames", 1)), movie.data

    async with arena.running() as (bot, service):
        await arena.start_game("santafe", alice, bob)
        await play_until(arena, service, random.Random(2), lambda g: g.version >= 4)
        game = await service.get_game(int(arena.channel.id))

        first = await alice.slash("replay", arena.channel, animated=True)
        assert pictures_of(first)[0] == game.version + 1 and drawn == [game.version + 1]
        again = await bob.slash("replay", arena.channel, animated=True)
        assert pictures_of(again) == pictures_of(first) and len(drawn) == 1  # kept: not drawn again
        assert f"{game.version} moves in {game.version + 1} pictures" in again.content
        german = await carol.slash("replay", arena.channel, animated=True)
        assert german.ephemeral and len(drawn) == 2  # another language's words and lines
        assert pictures_of(german)[1] != pictures_of(first)[1]

        # a move: the kept animation is not shown again; two asking at once get one drawing
        await play_until(arena, service, random.Random(2), lambda g: g.version > game.version)
        now = await service.get_game(int(arena.channel.id))
        gate.clear()  # no drawing ends until both have asked
        asked: list[AnimationKey] = []
        both_asked = asyncio.Event()
        get = bot.animations.get

        async def noted(key: AnimationKey, build: Build) -> Animation | None:
            asked.append(key)
            if len(asked) == 2:
                both_asked.set()
            return await get(key, build)

        monkeypatch.setattr(bot.animations, "get", noted)
        both = [asyncio.create_task(u.slash("replay", arena.channel, animated=True)) for u in (alice, bob)]
        waiting = asyncio.create_task(both_asked.wait())
        done, _ = await asyncio.wait([waiting, *both], return_when=asyncio.FIRST_COMPLETED)
        assert done == {waiting}  # neither answered before both asked
        gate.set()
        shown = [pictures_of(reply) for reply in await asyncio.gather(*both)]
        assert shown[0] == shown[1] and shown[0][0] == now.version + 1
        assert asked[0] == asked[1] and asked[0].revision == now.revision
        assert len(drawn) == 3 and bot.animations.builds == 3
        loopback.assert_prompt_responses()


async def test_a_replay_of_another_server_s_game_or_a_move_not_played_is_refused_privately(
    arena: Arena,
) -> None:
    alice, bob, _carol = arena.people
    loopback = arena.loopback
    elsewhere = loopback.add_guild("Elsewhere")
    hall = loopback.add_channel(elsewhere, "hall")
    visitor = loopback.add_user("fred", guilds=elsewhere)
    async with arena.running() as (_bot, service):
        await arena.start_game("santafe", alice, bob)
        await play_until(arena, service, random.Random(1), lambda g: g.version >= 3)
        game = await service.get_game(int(arena.channel.id))
        said_in_hall = [m for m in loopback.messages(hall) if m.visible_to is None]

        for asked in (game.id, game.id + 1000):  # a game of another server reads as one that does not exist
            refused = await visitor.slash("replay", hall, game=asked)
            assert refused.ephemeral and refused.content.startswith(
                f"There is no game {asked} in this server"
            )
            assert not refused.message.attachments
        too_far = await alice.slash("replay", arena.channel, move=game.version + 1)
        assert too_far.ephemeral and f"from 0 to {game.version}" in too_far.content
        assert [m for m in loopback.messages(hall) if m.visible_to is None] == said_in_hall
        assert await service.get_game(int(arena.channel.id)) == game  # nothing changed


async def test_the_final_scores_come_with_a_chart_of_the_points_over_the_game(arena: Arena) -> None:
    alice, bob, _carol = arena.people
    rng = random.Random(5)
    engine = rules.get("santafe")

    def ends(data: dict[str, Any], seat: int, move: str) -> bool:
        played = [(m["seat"], m["move"]) for m in data["moves"]]
        state = replay(engine, len(data["players"]), data["seed"], data["options"], played)
        return engine.is_over(engine.play(state, seat, move)[0])

    async with arena.running() as (_bot, service):
        # no step made on its own, so the move found to end the game is the one that does
        await arena.start_game("santafe", alice, bob, auto_play=False)
        channel = int(arena.channel.id)
        last: tuple[SimUser, str] | None = None
        while last is None:
            game = await service.get_game(channel)
            user = arena.person(game.to_act_users[0])
            seat = game.seat_of(int(user.id))
            assert seat is not None
            move = rng.choice(await service.legal_moves(channel, int(user.id)))[0]
            if ends(await service.export(channel), seat.seat, move):
                last = (user, move)
            else:
                await service.submit(channel, int(user.id), move)
        user, move = last
        await user.slash("move", arena.channel, move=move)
        await arena.loopback.settle()
        final = next(
            m for m in reversed(arena.public()) if any(a.filename.startswith("result") for a in m.attachments)
        )
        names = [a.filename for a in final.attachments]
        assert "points.png" in names
        titles = [e.get("title", "") for e in final.embeds]
        assert any(t.endswith("points over the game") for t in titles)
        with Image.open(
            io.BytesIO(next(a.data for a in final.attachments if a.filename == "points.png"))
        ) as chart:
            assert chart.width > 0
