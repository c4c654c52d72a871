"""Slash-command cogs. Each cog parses the interaction, calls the game service and presents the result."""

EXTENSIONS = (
    "bot.play.extension",  # the buttons that survive restarts and the computer moves' announcements
    "bot.cogs.errors",
    "bot.cogs.lobby",
    "bot.cogs.play",
    "bot.cogs.history",
    "bot.cogs.mygames",
    "bot.cogs.reminders",
    "bot.cogs.help",
    "bot.cogs.stats",
    "bot.cogs.admin",
    "bot.cogs.lifecycle",
)
