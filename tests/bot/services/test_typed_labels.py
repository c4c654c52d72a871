"""Every label the bot shows for a move, in every form it shows it (whole, or cut to fit a menu option,
an autocomplete choice or a button), typed back with /move plays exactly that move."""

from __future__ import annotations

import pytest

import rules
from bot.i18n import PSEUDO
from bot.services import GameService, engine
from bot.ui.pickers import BUTTON_LABEL, OPTION_LABEL
from bot.ui.presenters import move_label
from rules.core.errors import IllegalMoveError
from rules.core.rng import Rng
from tests.support.fixtures import GUILD, turns

# Display names are at most 32 characters; long ones push labels past the menus' limits.
NAMES = ("Alice", "Bob the Builder of Dodge City xx", "Carol", "Dave Long-Name The Cattle Baron", "Eve")
SHOWN = (OPTION_LABEL, BUTTON_LABEL)  # autocomplete choices and menu options: 100; buttons: 80
# one player count each: one more than the fewest, where the game allows it
SOME = [(game, min(rules.spec(game).min_players + 1, rules.spec(game).max_players)) for game in rules.ids()]
GAMES = [
    (game, players)
    for game in rules.ids()
    for players in range(rules.spec(game).min_players, rules.spec(game).max_players + 1)
]


def shown_forms(labelled: list[tuple[str, str]], index: int) -> set[str]:
    return {labelled[index][1], *(move_label(labelled, index, limit) for limit in SHOWN)}


def sweep(game_id: str, players: int, seed: int, steps: int, locale: str | None = None) -> int:
    """Plays a random game; at each step types back every shown form of every label of the seat to act,
    labelled in the language of ``locale`` (English by default)."""
    game = rules.get(game_id)
    reader = engine.Reader(dict(enumerate(NAMES[:players])), locale)
    pick = Rng(seed)
    state = game.new_game(players, seed, {})
    checked = 0
    for _ in range(steps):
        if game.is_over(state):
            break
        seat = pick.choice(sorted(game.to_act(state)))
        labelled = engine.labelled_moves(game, state, seat, reader)
        plain = engine.labelled_moves(game, state, seat)
        for index, (move, _label) in enumerate(labelled):
            for form in shown_forms(labelled, index) | {plain[index][1]}:
                assert engine.canonical(game, state, seat, form, reader) == move, (form, move)
                checked += 1
        state, _ = game.play(state, seat, pick.choice([m for m, _ in labelled]))
    return checked


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_every_shown_label_typed_back_is_its_move(game_id, players):
    assert sum(sweep(game_id, players, seed, 250) for seed in range(2)) > 0


@pytest.mark.parametrize("locale", ["de", "nl", "ja", PSEUDO])
@pytest.mark.parametrize(("game_id", "players"), SOME)
def test_every_label_shown_in_a_players_language_typed_back_is_its_move(game_id, players, locale):
    """Labels in German, Dutch, Japanese (and the pseudo-locale's longer ones), cut to fit as shown, read
    back to their moves; so do the English ones."""
    assert sweep(game_id, players, 3, 120, locale) > 0


def test_every_shown_label_of_the_tiny_game_typed_back_is_its_move(tiny_game):
    assert sweep("tiny", 2, 7, 200) > 0


def test_a_label_naming_a_player_is_read_with_the_name():
    """The case players met: GWT labels a building by its owner ("building 1a of Alice")."""
    game = rules.get("gwt")
    reader = engine.Reader({0: "Alice", 1: "Bob"})
    pick = Rng(3)
    for seed in range(20):
        state = game.new_game(2, seed, {})
        for _ in range(300):
            if game.is_over(state):
                break
            seat = min(game.to_act(state))
            for move, label in engine.labelled_moves(game, state, seat, reader):
                if " of Alice" in label or " of Bob" in label:
                    assert engine.canonical(game, state, seat, label, reader) == move
                    return
            state, _ = game.play(state, seat, pick.choice(game.legal_moves(state, seat)))
    pytest.fail("no label named a player")


def test_a_cut_label_leaves_out_its_middle_when_only_its_end_tells_it_apart():
    start = "move the cattleman to spot 19 " + "x" * 80
    labelled = [("a", start + " via D"), ("b", start + " via E")]
    shown = [move_label(labelled, i, 80) for i in range(2)]
    assert [len(s) for s in shown] == [80, 80]
    assert shown[0].startswith("move the cattleman") and shown[0].endswith("…via D")
    for (move, _), form in zip(labelled, shown, strict=True):
        assert engine.canonical(_Labels(labelled), None, 0, form) == move


def test_a_cut_label_keeps_whole_words_at_its_beginning():
    """A button's 80 characters end with a whole word, not "remove a hand ca…"."""
    disc = "place the disc from the space 'auxiliary action engine back 1, remove a hand card' to gain {}"
    labelled = [("a", disc.format("$2")), ("b", disc.format("a certificate"))]
    for index, (move, label) in enumerate(labelled):
        shown = move_label(labelled, index, 80)
        head = shown.split("…")[0]
        assert len(shown) <= 80 and label.startswith(head) and label[len(head)] == " ", shown
        assert engine.canonical(_Labels(labelled), None, 0, shown) == move


class _Labels:
    """An engine that reads nothing itself, so only the labels decide."""

    def __init__(self, labelled: list[tuple[str, str]]) -> None:
        self.labelled = labelled

    def legal_moves(self, state: object, seat: int) -> list[str]:
        return [m for m, _ in self.labelled]

    def parse_move(self, state: object, seat: int, text: str) -> str:
        raise IllegalMoveError(f"'{text}' is not a legal move now.")

    def describe_move(self, state: object, seat: int, move: str) -> str:
        return dict(self.labelled)[move]


CHANNEL = 700
USERS = (21, 22, 23, 24)


async def test_moves_typed_as_their_shown_labels_play_through_the_service(db, clock):
    """The /move path: the service's submit, with the labels its move list shows, names included."""
    service = GameService(db, clock, new_seed=lambda: 11)
    await service.create_game(GUILD, CHANNEL, USERS[0], NAMES[0], "gwt", seat_order="join")
    for i in range(1, 4):
        await service.join(CHANNEL, USERS[i], NAMES[i])
    await service.start(CHANNEL, USERS[0])
    pick = Rng(5)
    named = turn = 0
    async for _info, user in turns(service, pick, 400, CHANNEL):
        labelled = await service.legal_moves(CHANNEL, user)
        index = pick.randrange(len(labelled))
        forms = sorted(shown_forms(labelled, index))
        typed = forms[turn % len(forms)]
        named += any(name in typed for name in NAMES)
        outcome = await service.submit(CHANNEL, user, typed)
        assert outcome.move == labelled[index][0], typed
        turn += 1
    assert named > 0
