"""The Discord bot: discord.py cogs and views over the discord-free services and SQLite storage."""
