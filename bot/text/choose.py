"""Which language a reader gets, in one rule (pure: the bot passes what it knows).

A player's own ``/language`` choice, else their Discord client's locale when it is one of ours
(``en-US``/``en-GB`` -> ``en``, ``de``, ``tr``; Discord has no Persian, Arabic or Sindhi client),
else the server's language. A language without catalogs yet falls through to the next.
Public messages (the table, announcements) are always in the server's language.
"""

from __future__ import annotations

from babel import Locale

from bot.text import DEFAULT_LOCALE, has_catalog

LANGUAGES = ("en", "de", "tr", "fa", "ar", "sd")
"""What ``/language`` and ``/admin settings language:`` offer."""


def from_discord(locale: str | None) -> str | None:
    """A Discord client locale (``en-US``, ``de``, ``pt-BR``) as our language, or ``None``."""
    if not locale:
        return None
    base = locale.split("-", 1)[0].lower()
    return base if base in LANGUAGES else None


def resolve(chosen: str | None, client: str | None, server: str) -> str:
    """The reader's language: their choice, else their client's, else the server's."""
    for candidate in (chosen, from_discord(client), server):
        if candidate and has_catalog(candidate):
            return candidate
    return DEFAULT_LOCALE


def autonym(code: str) -> str:
    """A language by its own name (``Deutsch``, ``فارسی``): how a reader finds theirs."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]
