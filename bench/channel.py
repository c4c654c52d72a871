"""How busy a game's channel gets: seeded random games of people only, played through the stand-in and the
real discord.py client with /move, counted as the channel sees them.

For each game and each channel style (``every-turn``: a turn message with the board at every change of
turn; ``quiet``: one live board edited in place, one-line pings that link to it, forced steps made at once)
it prints, over the same number of moves:

* moves: moves written (a forced step the bot made for a person counts as one);
* posts: public messages posted in the game's channel;
* pings: people notified by those posts;
* pictures: pictures uploaded to the channel, by posts and by edits;
* edits: edits of the bot's messages in the channel (live board, buttons taken off, who has chosen).

Run: PYTHONPATH=. python bench/channel.py [--moves 60 --seed 7]
Targets (quiet): at most one picture per three moves; at most one ping per turn of a person.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bot.client import BoardGameBot
from bot.services import FakeClock, GameService
from bot.settings import Settings
from bot.storage import open_database
from loopback import Channel, LoopbackDiscord, SimUser

GAMES = (("santafe", 3), ("gwt", 2))
STYLES = ("every-turn", "quiet")


@dataclass
class Figures:
    moves: int = 0
    posts: int = 0
    pings: int = 0
    pictures: int = 0
    edits: int = 0
    turns: int = 0  # turns people were given (a forced step made at once gives none)

    def row(self, name: str) -> str:
        per_picture = self.moves / self.pictures if self.pictures else float("inf")
        return (
            f"{name:<22} moves {self.moves:3d}  posts {self.posts:3d}  pings {self.pings:3d}  "
            f"pictures {self.pictures:3d}  edits {self.edits:3d}  turns {self.turns:3d}  "
            f"moves per picture {per_picture:.1f}"
        )


async def play(
    loopback: LoopbackDiscord,
    channel: Channel,
    people: list[SimUser],
    service: GameService,
    clock: FakeClock,
    moves: int,
    seed: int,
) -> tuple[int, int]:
    """Play ``moves`` seeded random moves by whoever must act; the moves written and the turns people had
    (a turn begins when its seat's waiting clock starts anew, so the clock moves a second per move)."""
    rng = random.Random(seed)
    channel_id = int(channel.id)
    by_id = {int(p.id): p for p in people}
    game = await service.get_game(channel_id)
    start, turns = game.version, 0
    while game.version - start < moves and game.status == "active":
        user = by_id[rng.choice(sorted(game.to_act_users))]
        choices = await service.legal_moves(channel_id, int(user.id))
        clock.advance(seconds=1)
        await user.slash("move", channel, move=rng.choice(choices)[0])
        await loopback.settle()
        before, game = game, await service.get_game(channel_id)
        since = {s.seat: s.waiting_since for s in before.seats}
        turns += sum(1 for s in game.seats if s.waiting_since not in (None, since.get(s.seat)))
    return game.version - start, turns


async def measure(rules_id: str, players: int, style: str, moves: int, seed: int, root: Path) -> Figures:
    async with LoopbackDiscord() as loopback:
        loopback.api.ratelimits.speed_up(100)  # the waits Discord imposes are not what is measured
        guild = loopback.add_guild("Board games")
        channel = loopback.add_channel(guild, "games")
        people = [loopback.add_user(n, guilds=guild) for n in ("alice", "bob", "carol", "dave")[:players]]
        db_path = root / f"{rules_id}-{style}.db"
        db = await open_database(db_path)
        clock = FakeClock()
        service = GameService(db, clock, new_seed=lambda: seed)
        settings = Settings(token="unused", database_path=db_path, reminder_poll_seconds=3600)
        bot = BoardGameBot(games=service, settings=settings)
        try:
            async with loopback.run_bot(bot):
                host = people[0]
                await host.slash(f"game {rules_id}", channel)
                for person in people[1:]:
                    await person.slash("game join", channel)
                await host.slash("game channel", channel, style=style, auto_play=style == "quiet")
                await host.slash("game start", channel)
                await loopback.settle()
                before = _count(loopback, channel)
                made, turns = await play(loopback, channel, people, service, clock, moves, seed)
                after = _count(loopback, channel)
        finally:
            await db.close()
    figures = Figures(*(a - b for a, b in zip(after, before, strict=True)))
    figures.moves, figures.turns = made, turns
    return figures


def _count(loopback: LoopbackDiscord, channel: Channel) -> tuple[int, int, int, int, int]:
    """Posts, pings, pictures and edits in ``channel`` so far (moves and turns are counted by ``play``)."""
    public = [m for m in loopback.messages(channel) if m.visible_to is None and m.interaction_id is None]
    pings = sum(len(m.pinged_users) for m in public)
    private = {a.id for m in loopback.messages(channel) if m.visible_to is not None for a in m.attachments}
    where = f"/attachments/{channel.id}/"
    pictures = sum(1 for a in loopback.world.uploads.values() if where in a.url and a.id not in private)
    edit_path = f"/channels/{channel.id}/messages/"
    edits = sum(1 for e in loopback.api.exchanges if e.method == "PATCH" and e.path.startswith(edit_path))
    return 0, len(public), pings, pictures, edits


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory() as tmp:
        for rules_id, players in GAMES:
            for style in STYLES:
                figures = await measure(rules_id, players, style, args.moves, args.seed, Path(tmp))
                print(figures.row(f"{rules_id} {players}p {style}"), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
