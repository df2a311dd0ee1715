-- Parlour storage on PostgreSQL, version 8: SQLite's 0011 (the same columns and keys):
-- seasons, their podiums once ended, and each player's results per season.
CREATE TABLE seasons (
    guild_id   BIGINT NOT NULL,
    number     BIGINT NOT NULL CHECK (number >= 1),
    starts_at  DOUBLE PRECISION NOT NULL,
    ends_at    DOUBLE PRECISION NOT NULL,
    channel_id BIGINT,
    podium     TEXT,
    posted     INTEGER NOT NULL DEFAULT 0 CHECK (posted IN (0, 1)),
    PRIMARY KEY (guild_id, number)
);

CREATE TABLE season_stats (
    guild_id BIGINT NOT NULL,
    season   BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    played   BIGINT NOT NULL DEFAULT 0,
    won      BIGINT NOT NULL DEFAULT 0,
    net      BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, season, user_id)
);

CREATE INDEX season_stats_by_net ON season_stats (guild_id, season, net DESC, user_id);

UPDATE schema_version SET version = 8;
