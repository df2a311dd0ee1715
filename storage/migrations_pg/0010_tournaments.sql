-- Parlour storage on PostgreSQL, version 10: SQLite's 0013 (the same columns and keys):
-- sit-and-go tournaments beside their tables, and their entries with places and prizes.
CREATE TABLE tournaments (
    id               BIGSERIAL PRIMARY KEY,
    table_id         BIGINT NOT NULL UNIQUE REFERENCES tables (id),
    guild_id         BIGINT NOT NULL,
    game             TEXT NOT NULL,
    seats            INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 10),
    buy_in           BIGINT NOT NULL CHECK (buy_in > 0),
    speed            TEXT NOT NULL CHECK (speed IN ('normal', 'turbo')),
    payouts          TEXT NOT NULL CHECK (payouts IN ('winner', 'top2', 'top3')),
    state            TEXT NOT NULL DEFAULT 'registering'
                     CHECK (state IN ('registering', 'running', 'finished', 'cancelled')),
    level            INTEGER NOT NULL DEFAULT 1 CHECK (level >= 1),
    level_started_at DOUBLE PRECISION,
    level_deal       BIGINT NOT NULL DEFAULT 0,
    prize_pool       BIGINT NOT NULL DEFAULT 0 CHECK (prize_pool >= 0)
);

CREATE TABLE tournament_entries (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    user_id       BIGINT NOT NULL,
    place         INTEGER CHECK (place >= 1),
    prize         BIGINT NOT NULL DEFAULT 0 CHECK (prize >= 0),
    PRIMARY KEY (tournament_id, user_id)
);

CREATE INDEX tournaments_by_guild ON tournaments (guild_id, state);

UPDATE schema_version SET version = 10;
