"""The bot's extensions (cogs), one package per feature, listed in ``bot.client.EXTENSIONS``."""
