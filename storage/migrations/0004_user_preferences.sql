-- Parlour storage, version 4: a person's own preferences, for now the language they read the
-- bot in (/language). Keyed by the user alone, not (guild, user): a person reads one language
-- in every server, as their Discord client locale is theirs everywhere; what a server shows
-- in public is the server's language (guild_settings.data.language). No row, or a NULL
-- language: no choice made (the client locale, then the server's language, apply).
CREATE TABLE user_preferences (
    user_id    INTEGER PRIMARY KEY,
    language   TEXT,
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

PRAGMA user_version = 4;
