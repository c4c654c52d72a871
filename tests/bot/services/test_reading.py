"""Reading a game: views keep hands hidden, the log keeps private lines private, past positions, export."""

from __future__ import annotations

import random

import pytest

from bot.services import BadImport, GameExists, GameNotActive, NoGameHere, NoSuchVersion, NotAllowed
from rules.core.english import english
from rules.core.errors import IllegalMoveError
from rules.gwt import RULES
from tests.support.fixtures import ANN, BOB, CHANNEL, CID, GUILD, act, play_to_end, started


async def test_each_player_sees_their_own_hand_and_spectators_none(service):
    info = await started(service)
    _, ann = await service.view_for(CHANNEL, ANN)
    _, bob = await service.view_for(CHANNEL, BOB)
    game, spectator = await service.view_for(CHANNEL, CID)
    assert game.id == info.id
    assert ann["viewer"] == 0 and bob["viewer"] == 1 and spectator["viewer"] is None
    assert len(ann["hand"]) == 3 and set(ann["hand"]).isdisjoint(bob["hand"])
    assert "hand" not in spectator
    assert (await service.view_for(CHANNEL, None))[1] == spectator


async def test_the_log_shows_private_lines_only_to_their_owner(service):
    await started(service)
    await service.submit(CHANNEL, ANN, "draw")
    ann_log = await service.log(CHANNEL, ANN)
    bob_log = await service.log(CHANNEL, BOB)
    assert ann_log[0].startswith("1. Ann chose: Draw the top card") and "You draw a" in ann_log[0]
    assert bob_log[0].startswith("1. Ann chose: Draw the top card") and "You draw" not in bob_log[0]
    assert await service.log(CHANNEL, None) == bob_log


async def test_the_log_returns_the_newest_lines(service):
    await started(service)
    for _ in range(5):
        await act(service)
    lines = await service.log(CHANNEL, ANN, limit=2)
    assert [line.split(".")[0] for line in lines] == ["4", "5"]
    assert len(await service.log(CHANNEL, ANN, limit=0)) == 5


async def test_view_at_replays_past_positions(service):
    await started(service)
    start = await service.view_at(CHANNEL, 0, None)
    card = (await service.view_for(CHANNEL, ANN))[1]["hand"][0]
    await service.submit(CHANNEL, ANN, f"play {card}")
    assert await service.view_at(CHANNEL, 0, None) == start
    assert (await service.view_at(CHANNEL, 1, ANN))["table"][0] == [card]
    assert card in (await service.view_at(CHANNEL, 0, ANN))["hand"]
    assert "hand" not in await service.view_at(CHANNEL, 0, CID)
    assert await service.view_at(CHANNEL, 1, None) == (await service.view_for(CHANNEL, None))[1]
    with pytest.raises(NoSuchVersion):
        await service.view_at(CHANNEL, 2, None)
    with pytest.raises(NoSuchVersion):
        await service.view_at(CHANNEL, -1, None)


async def test_reading_a_lobby_or_an_empty_channel(service):
    with pytest.raises(NoGameHere):
        await service.get_game(CHANNEL)
    with pytest.raises(NoGameHere):
        await service.log(CHANNEL, ANN)
    await service.create_game(GUILD, CHANNEL, ANN, "Ann", "tiny")
    with pytest.raises(GameNotActive):
        await service.view_at(CHANNEL, 0, None)
    assert await service.seat_of(CHANNEL, ANN) == 0
    assert await service.seat_of(CHANNEL, BOB) is None


async def test_a_finished_game_can_still_be_read(service):
    await started(service)
    info = await play_to_end(service)
    assert (await service.get_game(CHANNEL)).status == "finished"
    assert (await service.view_for(CHANNEL, ANN))[1]["over"] is True
    assert len(await service.log(CHANNEL, ANN, limit=0)) == info.version


async def test_active_games_and_games_of_a_user(service):
    await started(service)
    await service.create_game(GUILD, CHANNEL + 1, BOB, "Bob", "tiny")
    assert [g.channel_id for g in await service.active_games()] == [CHANNEL]
    assert [g.channel_id for g in await service.games_of_user(BOB)] == [CHANNEL, CHANNEL + 1]
    assert await service.games_of_user(CID) == []


async def test_export_then_import_gives_the_same_game(service):
    await started(service)
    for _ in range(6):
        await act(service)
    data = await service.export(CHANNEL)
    assert data["rules_id"] == "tiny" and data["seed"] == 1234 and data["options"] == {"rounds": 2}
    assert [p["user_id"] for p in data["players"]] == [ANN, BOB] and len(data["moves"]) == 6
    imported = await service.import_game(GUILD, CHANNEL + 1, data, host_id=CID)
    assert imported.status == "active" and imported.version == 6 and imported.host_id == CID
    assert imported.to_act == (await service.get_game(CHANNEL)).to_act
    # the people the file names are not seated by it: each takes their seat themselves
    assert [s.offered_to for s in imported.seats] == [ANN, BOB] and imported.to_act_users == ()
    for user, name in ((ANN, "Ann"), (BOB, "Bob")):
        await service.claim_seat(CHANNEL + 1, user, name, guild_id=GUILD)
    assert (await service.view_for(CHANNEL + 1, ANN))[1] == (await service.view_for(CHANNEL, ANN))[1]
    assert await service.check_replay(imported.id)
    # the imported game carries on like any other
    await act(service, channel=CHANNEL + 1)
    with pytest.raises(GameExists):
        await service.import_game(GUILD, CHANNEL + 1, data, host_id=CID)


async def test_a_game_imported_finished_can_be_viewed_but_counts_nowhere(service):
    await started(service)
    await play_to_end(service)
    data = await service.export(CHANNEL)
    imported = await service.import_game(GUILD + 1, CHANNEL + 1, data, host_id=ANN)
    assert imported.status == "finished" and imported.imported_moves == imported.version > 0
    assert (await service.final_result(CHANNEL + 1)) == (await service.final_result(CHANNEL))
    assert (await service.stats(GUILD + 1))["played"] == 0 and await service.leaderboard(GUILD + 1) == []


async def test_a_bad_export_is_refused_with_the_reason(service):
    await started(service)
    await act(service)
    data = await service.export(CHANNEL)
    with pytest.raises(BadImport):
        await service.import_game(GUILD, 7, {**data, "format": "other"}, host_id=ANN)
    with pytest.raises(BadImport):
        await service.import_game(GUILD, 7, {k: v for k, v in data.items() if k != "seed"}, host_id=ANN)
    with pytest.raises(BadImport):
        await service.import_game(
            GUILD, 7, {**data, "players": [{**data["players"][0], "seat": 3}]}, host_id=ANN
        )
    with pytest.raises(BadImport, match="one seat"):
        await service.import_game(
            GUILD,
            7,
            {**data, "players": [data["players"][0], {**data["players"][0], "seat": 1}]},
            host_id=ANN,
        )
    with pytest.raises(IllegalMoveError):
        await service.import_game(GUILD, 7, {**data, "moves": [{"seat": 0, "move": "play 99"}]}, host_id=ANN)
    with pytest.raises(NoGameHere):
        await service.get_game(7)


async def test_games_by_id_and_seats_by_user(service):
    info = await started(service)
    assert (await service.game_by_id(info.id)).channel_id == CHANNEL
    with pytest.raises(NoGameHere):
        await service.game_by_id(info.id + 100)
    assert info.seat_of(BOB).seat == 1 and info.seat_of(CID) is None
    assert info.to_act_users == (ANN,)


async def test_a_lobby_has_nothing_to_replay(service):
    info = await service.create_game(GUILD, CHANNEL, ANN, "Ann", "tiny")
    assert await service.check_replay(info.id)


async def test_an_export_with_moves_after_the_end_is_refused(service):
    await started(service, options={"rounds": 1})
    await play_to_end(service)
    data = await service.export(CHANNEL)
    extra = {**data, "moves": [*data["moves"], {"seat": 0, "move": "pass"}]}
    with pytest.raises(BadImport, match="after the end"):
        await service.import_game(GUILD, CHANNEL + 1, extra, host_id=ANN)


async def test_nobody_seated_in_a_running_game_may_export_it(service):
    """Its seed gives away every hand and the cards to come: refused to its players, managers or not, and
    to anyone else who does not manage the server; a manager's copy says what it reveals."""
    await started(service)
    for user, admin in ((ANN, True), (BOB, False), (CID, False)):
        with pytest.raises(NotAllowed):
            await service.export(CHANNEL, user, admin=admin)
    data = await service.export(CHANNEL, CID, admin=True)
    assert "hidden cards" in data["hidden_cards_warning"]
    await service.resign(CHANNEL, BOB)  # still seated in the game, even after resigning
    with pytest.raises(NotAllowed):
        await service.export(CHANNEL, BOB, admin=True)


async def test_a_finished_game_is_exported_to_anyone_without_warning(service):
    await started(service, options={"rounds": 1})
    await play_to_end(service)
    data = await service.export(CHANNEL, CID)
    assert "hidden_cards_warning" not in data and data["status"] == "finished"
    assert (await service.import_game(GUILD, CHANNEL + 1, data, ANN)).status == "finished"


async def test_the_log_hides_a_card_chosen_in_secret_until_the_reveal(service):
    """Santa Fe's card choice: the others read that a card was chosen in secret until every card is
    revealed, once (not the sentence and then the stand-in's event again)."""
    await service.create_game(GUILD, CHANNEL, ANN, "Ann", "santafe", seat_order="join")
    await service.join(CHANNEL, BOB, "Bob")
    await service.start(CHANNEL, ANN)
    ann_move, ann_label = (await service.legal_moves(CHANNEL, ANN))[0]
    ann_card = ann_label.removeprefix("Play ")
    await service.submit(CHANNEL, ANN, ann_move)
    # the mover reads what they played, never its notation
    assert (await service.log(CHANNEL, ANN))[-1].startswith(f"1. Ann plays {ann_card} — ")
    for viewer in (BOB, CID, None):
        line = (await service.log(CHANNEL, viewer))[-1]
        assert line == "1. Ann chooses a card in secret.", line
    bob_move, bob_label = (await service.legal_moves(CHANNEL, BOB))[0]
    await service.submit(CHANNEL, BOB, bob_move)  # the last choice: every card is revealed
    for viewer in (ANN, BOB, CID):
        lines = await service.log(CHANNEL, viewer, limit=0)
        assert lines[0].startswith(f"1. Ann plays {ann_card}"), lines
        assert lines[1].startswith(f"2. Bob plays {bob_label.removeprefix('Play ')}"), lines
        assert not any("has chosen a card" in line for line in lines), lines


async def started_gwt(service):
    """A Great Western Trail game of Ann (seat 0) and Bob (seat 1), started."""
    await service.create_game(GUILD, CHANNEL, ANN, "Ann", "gwt", seat_order="join")
    await service.join(CHANNEL, BOB, "Bob")
    await service.start(CHANNEL, ANN)


async def random_gwt_move(service, rng):
    """The player to act in the started Great Western Trail game makes a random legal move."""
    game = await service.get_game(CHANNEL)
    user = ANN if game.to_act == (0,) else BOB
    await service.submit(CHANNEL, user, rng.choice([m for m, _ in await service.legal_moves(CHANNEL, user)]))


async def test_a_delivery_is_told_once_in_the_log(service):
    """A move an event tells in full (a Great Western Trail delivery) is one sentence, not its label and
    then the same again."""
    await started_gwt(service)
    rng = random.Random(0)
    for _ in range(100):
        game = await service.get_game(CHANNEL)
        user = ANN if game.to_act == (0,) else BOB
        moves = [m for m, _ in await service.legal_moves(CHANNEL, user)]
        delivery = next((m for m in moves if m.startswith("deliver")), None)
        await service.submit(CHANNEL, user, delivery or rng.choice(moves))
        if delivery:
            break
    line = (await service.log(CHANNEL, ANN))[-1]
    assert line.startswith(f"{game.version + 1}. ") and " delivered to Kansas City" in line, line
    assert line.count("Kansas City") == 1, line


async def test_a_gwt_log_names_each_move_once_and_reads_in_the_readers_language(service):
    """The engine's "Player: <move>." event says what the head of its log line says: it is not said again."""
    await started_gwt(service)
    rng = random.Random(3)
    for _ in range(40):
        await random_gwt_move(service, rng)
    lines = await service.log(CHANNEL, ANN, limit=0)
    for line in lines:
        head, _, rest = line.partition(" — ")
        said = head.split(". ", 1)[1]
        assert said not in rest, line
    german = "\n".join(await service.log(CHANNEL, ANN, limit=0, locale="de"))
    assert "ist am Zug" in german and "'s turn" not in german


# A move's line tells the move as a sentence, per language: a menu's label ("end the turn") is no part of it.
ENDED = {
    "en": "Ann ended the turn",
    "de": "Ann beendet den Zug",
    "nl": "Ann beëindigt de beurt",
    "ja": "Annは手番を終えた",
}
# The frame a log line used to put a label in.
FRAMES = ("chose: ", "wählte: ", "koos: ", "」を選んだ")


@pytest.mark.parametrize("locale", sorted(ENDED))
async def test_a_gwt_log_line_reads_as_a_sentence_joined_as_its_language_writes(service, locale):
    """A move's line tells the move as a sentence (not "Ann: <infinitive>", nor "Ann chose: <infinitive>"),
    and its events follow as the reader's language joins sentences: Japanese without ASCII separators or
    spaces after 。."""
    await started_gwt(service)
    rng = random.Random(3)
    for _ in range(40):
        await random_gwt_move(service, rng)
    lines = await service.log(CHANNEL, ANN, limit=0, locale=locale)
    heads = [line.split(". ", 1)[1] for line in lines]
    assert any(head.startswith(ENDED[locale]) for head in heads), heads
    assert not [
        head for head in heads if head.startswith(("Ann: ", "Ann：")) or any(f in head for f in FRAMES)
    ]
    if locale == "ja":
        joined = "\n".join(lines)
        assert " — " not in joined and "。 " not in joined and "; " not in joined and "。。" not in joined, (
            joined
        )


async def test_a_gwt_log_stored_with_english_labels_reads_in_the_readers_language(service, monkeypatch):
    """Events stored before labels were facts hold a move's label as English prose: the log re-derives
    them by replay, so the old game reads in German as a new one does."""
    play = type(RULES).play

    def as_before(self, state, seat, move):  # the "Player chose: <move>" event as it used to be stored
        new, events = play(self, state, seat, move)
        for ev in events:
            if ev.get("msg") == "gwt.event.did":
                label = english(self._label(state, seat, ev["move"], priced=False))
                ev["msg"], ev["args"] = "gwt.event.move", {"player": {"seat": seat}, "move": {"prose": label}}
                ev["text"] = f"Player {seat + 1} chose: {label}."
        return new, events

    monkeypatch.setattr(type(RULES), "play", as_before)
    await started_gwt(service)
    rng = random.Random(5)
    for _ in range(12):
        await random_gwt_move(service, rng)
    monkeypatch.setattr(type(RULES), "play", play)
    german = await service.log(CHANNEL, ANN, limit=0, locale="de")
    english_log = await service.log(CHANNEL, ANN, limit=0)
    assert "Viehzüchter" in "\n".join(german) and "cattleman" not in "\n".join(german), german
    assert "cattleman" in "\n".join(english_log)


async def test_a_step_made_for_a_player_is_named_once_in_the_log(service):
    """A Great Western Trail step with one legal move is made at once: its log line says the move and that
    it was made for the player, not the move and then the same again."""
    await started_gwt(service)
    rng = random.Random(7)
    for _ in range(80):
        await random_gwt_move(service, rng)
        made = [line for line in await service.log(CHANNEL, ANN, limit=0) if "(made for " in line]
        if made:
            break
    assert made, "no step was made for a player"
    for line in made:
        told = line.partition(" (made for ")[0].split(". ", 1)[1]
        assert line.count(told) == 1 and "chose" not in line, line
