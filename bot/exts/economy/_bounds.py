"""The economy commands' declared bounds.

Discord's client keeps a member inside an option's ``min_value``/``max_value`` (lengths for
text), but a forged or replayed payload is not the client: discord.py hands the command any
integer and any string. ``bot.options`` checks every command's values against these
declarations before the command runs (one place for every command), and the services hold
their own ceilings (``games.limits.MAX_CHIPS``) below that.
"""

from __future__ import annotations

MAX_ADMIN_AMOUNT = 1_000_000
"""The most chips one ``/admin grant`` or ``/admin remove`` moves: a fix-up, not a mint."""
MAX_SETTING_CHIPS = 1_000_000
"""The highest chip amount a server setting takes (starting balance, daily, refill)."""
MAX_STAKE = 1_000_000
"""The highest bet or buy-in a server setting takes."""
MAX_COOLDOWN_HOURS = 720
"""The longest ``/daily`` cooldown (30 days)."""
MAX_REFILL_MINUTES = 43_200
"""The longest refill cooldown (30 days)."""
MAX_TURN_SECONDS = 3600
"""The longest turn timer (an hour)."""
MAX_IDLE_MINUTES = 10_080
"""The longest a quiet table stays open (a week)."""
MAX_REASON = 200
"""The longest reason of an admin change, in characters (it goes to the ledger and the
channel's announcement, which Discord caps at 2,000)."""
MAX_ACCOUNT_AGE_DAYS = 3650
"""The most days a server may require a Discord account to exist for ``/daily`` and
``/refill`` (ten years)."""
MAX_BOARD_MIN_DEALS = 1_000_000
"""The most finished deals a server may require for the win-rate board."""
MAX_SEASON_DAYS = 3650
"""The longest season a server may set, in days (ten years)."""
