"""P1: reply time through the real discord.py client and the loopback Discord.

From the interaction sent to the bot's last reply received (the board image included), for a move, the hand
and the board, in a Santa Fe and a Great Western Trail game between three people, while the same bot has
``--games`` other games of that kind played only by computers at the strongest level the game has, each
thinking ``--think`` seconds a turn, by default the game's own (computer players choose in worker
processes, so their thinking must not slow the replies).

With ``--languages`` it times the same replies once per language instead: the game's language and each
person's Discord in German, Dutch or Japanese, against English, and prints each p95 as a ratio to English's.

Run: python bench/reply.py [--moves 60] [--games 4] [--think S] [--languages [--rounds 3]]
Target: 95th percentile <= 300 ms; in each language, p95 <= 1.1 x English's.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import rules
from bot.client import BoardGameBot
from bot.services import FakeClock, GameService
from bot.settings import Settings
from bot.storage import open_database, sql
from loopback import LoopbackDiscord, Reply

TARGET_P95_MS = 300.0
TARGET_LANGUAGE_RATIO = 1.1
# the Discord locale of each catalog's readers
LOCALES = {"en": "en-US", "de": "de", "nl": "nl", "ja": "ja"}
# where the games of computers are played (no Discord channel: only their thinking and writing count)
COMPUTER_GUILD = 1
COMPUTER_CHANNELS = 10_000


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def timed(samples: list[float], action: Callable[[], Awaitable[Reply]]) -> Reply:
    start = time.perf_counter()
    reply = await action()
    samples.append((time.perf_counter() - start) * 1000)
    return reply


async def computers_play(service: GameService, game: str, channel: int, stop: asyncio.Event) -> None:
    """Games of ``game`` in ``channel`` played only by computers at the game's top level, one after the
    other until ``stop``: a person opens each, adds two computers, starts and hands their own seat over."""
    level = rules.spec(game).top_level
    host = channel  # a person of their own for each channel
    while not stop.is_set():
        await service.create_game(COMPUTER_GUILD, channel, host, "host", game, seat_order="join")
        for _ in range(2):
            await service.add_ai(channel, host, level=level)
        await service.start(channel, host)
        await service.hand_to_ai(channel, host, 0, level=level)  # plays the game to its end


async def bench_game(
    game: str, moves: int, games: int, think: float | None, folder: Path, language: str = "en"
) -> dict[str, list[float]]:
    samples: dict[str, list[float]] = {"move": [], "hand": [], "board": []}
    rng = random.Random(1)
    db_path = folder / f"reply-{game}-{language}.db"
    async with LoopbackDiscord() as loopback:
        # Moves come far faster than people make them: shorter rate-limit windows, or the waits are measured.
        loopback.api.ratelimits.speed_up(100)
        guild = loopback.add_guild("Bench")
        channel = loopback.add_channel(guild, "games")
        locale = LOCALES[language]
        people = [loopback.add_user(name, guilds=guild, locale=locale) for name in ("alice", "bob", "carol")]
        by_id = {int(p.id): p for p in people}
        db = await open_database(db_path)
        try:
            service = GameService(db, FakeClock(), new_seed=lambda: 20261121, think_seconds=think)
            settings = Settings(token="unused", database_path=db_path, reminder_poll_seconds=3600)
            async with loopback.run_bot(BoardGameBot(games=service, settings=settings)):
                await people[0].slash(f"game {game}", channel, language=language)
                for person in people[1:]:
                    await person.slash("game join", channel)
                await people[0].slash("game start", channel)
                stop = asyncio.Event()
                computers = [
                    asyncio.create_task(computers_play(service, game, COMPUTER_CHANNELS + i, stop))
                    for i in range(games)
                ]
                started = time.perf_counter()
                for _ in range(moves):
                    info = await service.get_game(int(channel.id))
                    if info.status != "active":
                        break
                    user = by_id[info.to_act_users[0]]
                    choices = await user.autocomplete("move", channel, move="")
                    move = rng.choice(choices)["value"]
                    await timed(samples["move"], lambda u=user, m=move: u.slash("move", channel, move=m))
                    await timed(samples["hand"], lambda u=user: u.slash("hand", channel))
                    await timed(samples["board"], lambda u=user: u.slash("board", channel))
                elapsed = time.perf_counter() - started
                stop.set()
                decisions = await computer_decisions(service, games)
                for task in computers:
                    task.cancel()
                await asyncio.gather(*computers, return_exceptions=True)
                spec = rules.spec(game)
                level = spec.top_level
                thinks = level in spec.computers and spec.computers[level].thinks
                seconds = think or spec.think_seconds
                how = f"thinking {seconds:g} s a turn" if thinks else "a player that does not search"
                print(
                    f"   {game:8} {games} games of computers at level {level} ({how}): "
                    f"{decisions} computer moves in {elapsed:.1f} s"
                )
        finally:
            await db.close()
    return samples


async def computer_decisions(service: GameService, games: int) -> int:
    """Computer moves made so far in the computers' channels (finished games and running ones)."""
    async with service.db.reading() as conn:
        made = await sql.value(
            conn,
            "SELECT COUNT(*) FROM moves JOIN games ON games.id = moves.game_id"
            " WHERE moves.actor = 'ai' AND games.channel_id BETWEEN :first AND :last",
            first=COMPUTER_CHANNELS,
            last=COMPUTER_CHANNELS + games - 1,
        )
    return int(made or 0)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--games", type=int, default=4, help="games of computers thinking meanwhile")
    parser.add_argument("--think", type=float, help="seconds a computer turn (default: the game's own)")
    parser.add_argument("--languages", action="store_true", help="p95 per language, as a ratio to English")
    parser.add_argument("--rounds", type=int, default=3, help="with --languages: rounds of every language")
    args = parser.parse_args()
    if args.languages:
        await languages(args.moves, args.games, args.think, args.rounds)
        return
    with tempfile.TemporaryDirectory() as tmp:
        for game in rules.ids():
            samples = await bench_game(game, args.moves, args.games, args.think, Path(tmp))
            for kind, values in samples.items():
                p95 = percentile(values, 0.95)
                print(
                    f"P1 {game:8} {kind:6} n={len(values):3} median {statistics.median(values):6.1f} ms  "
                    f"p95 {p95:6.1f} ms  max {max(values):6.1f} ms  p95/target {p95 / TARGET_P95_MS:.2f}"
                )


async def languages(moves: int, games: int, think: float | None, rounds: int) -> None:
    """The same replies in each language; each p95 as a ratio to English's. The languages take turns for
    ``rounds`` rounds and each pools its samples, so that a busy moment of the machine weighs on all alike."""
    with tempfile.TemporaryDirectory() as tmp:
        for game in rules.ids():
            pooled: dict[str, dict[str, list[float]]] = {lang: {} for lang in LOCALES}
            for _ in range(rounds):
                for language in LOCALES:
                    samples = await bench_game(game, moves, games, think, Path(tmp), language)
                    for kind, values in samples.items():
                        pooled[language].setdefault(kind, []).extend(values)
            for language, samples in pooled.items():
                for kind, values in samples.items():
                    p95, english = percentile(values, 0.95), percentile(pooled["en"][kind], 0.95)
                    median = statistics.median(values) / statistics.median(pooled["en"][kind])
                    print(
                        f"P1 {game:8} {language} {kind:6} n={len(values):3} median "
                        f"{statistics.median(values):6.1f} ms  p95 {p95:6.1f} ms  "
                        f"p95/English {p95 / english:.2f} (target <= {TARGET_LANGUAGE_RATIO})  "
                        f"median/English {median:.2f}"
                    )


if __name__ == "__main__":
    asyncio.run(main())
