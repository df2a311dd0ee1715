-- Parlour storage, version 5: how a person wants to hear that it is their turn at a table
-- (/ping): 'channel' (a short message in the table's channel that mentions only them), 'dm',
-- or 'off'. NULL: no choice made ('channel'). Next to their language in user_preferences
-- (version 4), keyed by the user alone.
ALTER TABLE user_preferences ADD COLUMN ping_mode TEXT CHECK (ping_mode IN ('channel', 'dm', 'off'));

PRAGMA user_version = 5;
