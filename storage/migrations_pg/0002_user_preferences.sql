-- Parlour storage on PostgreSQL, version 2: SQLite's 0004 and 0005 in one step (the same
-- columns and checks): a person's own preferences, keyed by the user alone, for the language
-- they read the bot in (/language) and how they hear it is their turn (/ping).
CREATE TABLE user_preferences (
    user_id    BIGINT PRIMARY KEY,
    language   TEXT,
    ping_mode  TEXT CHECK (ping_mode IN ('channel', 'dm', 'off')),
    updated_at TEXT NOT NULL DEFAULT parlour_now()
);

UPDATE schema_version SET version = 2;
