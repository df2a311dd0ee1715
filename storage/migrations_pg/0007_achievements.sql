-- Parlour storage on PostgreSQL, version 7: SQLite's 0010 (the same columns and keys):
-- achievements, once per player and server by the primary key, and the streaks that lead to
-- them, both written in the transaction of the step that earned or moved them.
CREATE TABLE achievements (
    guild_id    BIGINT NOT NULL,
    user_id     BIGINT NOT NULL,
    code        TEXT NOT NULL,
    table_id    BIGINT,
    deal_number BIGINT,
    earned_at   TEXT NOT NULL DEFAULT parlour_now(),
    PRIMARY KEY (guild_id, user_id, code)
);

CREATE TABLE achievement_streaks (
    guild_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    code     TEXT NOT NULL,
    length   BIGINT NOT NULL DEFAULT 0 CHECK (length >= 0),
    PRIMARY KEY (guild_id, user_id, code)
);

UPDATE schema_version SET version = 7;
