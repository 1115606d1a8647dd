"""showdown-discord: a Discord bot that settles poker hands with a Showdown server.

The handlers (``handlers.py``) speak to a small :class:`~showdown_discord.reply.Responder`, which the discord.py
adapter (``discord_app.py``) and the replay (``replay.py``) both implement, so what a test replays is what the bot
runs."""
