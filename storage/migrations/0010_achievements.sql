-- Parlour storage, version 10: achievements (issue 31). A player earns each achievement once
-- per server: the primary key refuses a second row, so racing steps and a step booked again
-- after a crash grant it once. Rows are written in the transaction of the step that earned
-- them (storage.book), so a kill never loses one the table went on from, nor keeps one the
-- table never played. A streak (ten Pontoon deals in a row without going bust) counts in
-- achievement_streaks, in the same transaction as the deal that moves it.
CREATE TABLE achievements (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    code        TEXT NOT NULL,
    table_id    INTEGER,
    deal_number INTEGER,
    earned_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (guild_id, user_id, code)
) WITHOUT ROWID;

CREATE TABLE achievement_streaks (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    code     TEXT NOT NULL,
    length   INTEGER NOT NULL DEFAULT 0 CHECK (length >= 0),
    PRIMARY KEY (guild_id, user_id, code)
) WITHOUT ROWID;

PRAGMA user_version = 10;
