"""The words of /help, kept as data ("{open_commands}" stands for the commands that open each registered
game). The rules of each game live in its own folder (``rules/<game>/help.py``)."""

from __future__ import annotations

STATS_RULE = (
    "**/stats** and **/leaderboard** count only games dealt and finished on this bot. An imported game "
    "never counts, whether it arrived finished or was finished here: its deal and its earlier moves come "
    "from a file anyone can edit."
)

BOT_TOPICS: dict[str, tuple[str, str]] = {
    "start": (
        "Starting a game",
        "One game lives in one channel or thread. Open it with {open_commands} "
        "(options: player limit, variants, reminder interval, deadline). Others take a seat with "
        "**/game join**; **/game add-ai** seats a computer player (level 1 unless you pick one), "
        "**/game remove-ai** takes one out. The host starts with **/game "
        "start**; seats are drawn at random unless the host chose join order. **/game cancel** calls "
        "a waiting game off.",
    ),
    "play": (
        "Playing",
        "When it is your turn you are mentioned under the new board. Press **Play** for your choices "
        "as buttons, or type **/move** and pick from the list that appears as you type: it only ever "
        "offers legal moves. A turn with several steps stays between you and the bot until it passes,"
        " then the channel gets one summary. **/undo** takes back a step within your own turn (not "
        "after a card or tile was revealed); in a game whose turn ends only when you choose to end it, "
        "its last step can still be taken back. Typing a label from the list "
        "works too. **/hand** or **Show my hand** shows your cards, only to you.",
    ),
    "follow": (
        "Following a game",
        "Anyone may watch: **/game status** shows who plays and who must act, **/board** the board "
        "now or after any earlier move, **/log** the recent moves. Nothing hidden is ever posted in "
        "the channel. Each game keeps one live board message, edited in place, and each turn is a "
        "one-line ping linking to it; a step with only one legal move is made at once. **/game channel** "
        "lets the host have a full turn message per turn instead, or turn auto-play off, and **/game "
        "pictures** whether the board is shown or left to /board. **/games** lists your own open games "
        "in this server, those waiting for you first."
        " **/export** downloads a finished game as a file and **/game import** continues "
        "one from it.",
    ),
    "reminders": (
        "Reminders and deadlines",
        "The player who must act is reminded at the interval the game was created with. **/notify "
        "mute** silences reminders for this turn, this game or everywhere; **/notify every** sets "
        "your own interval; direct messages are off until **/notify dm** turns them on, and come in "
        "the language you last used the bot in, or the one **/notify language** sets. A game with "
        "a deadline skips the turn, lets the computer play it, or asks the others to vote "
        "(**/game vote**); the host changes this with **/game timing**.",
    ),
    "absent": (
        "Away, resigning, replacing",
        "**/game away** pauses your reminders. **/game computer** lets the computer play your seat "
        "and **/game take-back** returns it to you. **/game resign** leaves for good: the computer "
        "finishes your seat. The host or a server manager can offer a seat to someone else with "
        "**/game replace**; it changes hands when that member accepts.",
    ),
    "seats": (
        "Nobody is seated without agreeing",
        "Everyone takes their own seat: **/game join** in a lobby. A game brought in with **/game "
        "import** seats only the importer, if the file names them; every other person the file names "
        "gets a seat kept for them alone, and nobody is pinged for it. That person takes it with the "
        "button under the import or **/game join**; until then nobody plays the seat and the game waits "
        "for it (no reminders, no deadline), unless the host lets the computer play it with **/game "
        "computer**. **/game replace** only offers a seat: the member is asked, and the seat changes "
        "hands when they press **Accept**, which nobody else can press. Bots are never seated as people.",
    ),
    "stats": (
        "What counts in statistics",
        STATS_RULE + " Imported games can still be viewed, replayed and played on. A tie that the game's own "
        "tie-breaks leave standing is a **shared first place**, counted apart from outright wins (which "
        "rank first). A seat counts for its person only when they made most of its moves; a seat the "
        "computer played most of is listed as played by the computer from that move, and left out of "
        "**/stats** totals and **/leaderboard**. A resigned seat counts as a game lost.",
    ),
    "admin": (
        "For server managers",
        "**/admin** (Manage Server permission): abandon a game, skip a stuck turn, hand a seat to the"
        " computer, restore a game to an earlier move, and set the reminder and deadline defaults for"
        " new games (**/admin defaults**). Each member may host a limited number of open games in the"
        " server; **/admin defaults** also sets that limit. Deleting a game's channel or thread ends"
        " its game without a result; removing the bot pauses the server's games (no reminders or"
        " deadlines) until it is added back.",
    ),
}
