"""Discord's bit fields as the fake reads them: message flags and permission bits."""

from __future__ import annotations

EPHEMERAL = 1 << 6  # message flag: only the interacting user sees it
LOADING = 1 << 7  # message flag: a deferred "is thinking..." response
IS_COMPONENTS_V2 = 1 << 15  # message flag: a layout of components, no content or embeds
ALL_PERMISSION_BITS = (1 << 50) - 1
ALL_PERMISSIONS = str(ALL_PERMISSION_BITS)
ADMINISTRATOR = 1 << 3
MANAGE_GUILD = 1 << 5
SEND_MESSAGES = 1 << 11
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
HAS_THREAD = 1 << 5  # message flag: a thread was started from this message
