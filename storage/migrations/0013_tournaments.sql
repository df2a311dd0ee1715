-- Parlour storage, version 13: sit-and-go tournaments (issue 32). A tournament is a table
-- (tables.id) with this row beside it: its fixed buy-in (which is also every entrant's
-- starting stack), its level schedule (speed) and where it is (level, since when, from which
-- deal), and how the pool is paid (payouts). Buy-ins, prizes and refunds are ordinary ledger
-- rows (buy_in, cash_out, refund) with refs `tournament:<id>:...`, so the chip audit covers
-- them. An entry's place and prize are set when its player is out, or at the end.
CREATE TABLE tournaments (
    id               INTEGER PRIMARY KEY,
    table_id         INTEGER NOT NULL UNIQUE REFERENCES tables (id),
    guild_id         INTEGER NOT NULL,
    game             TEXT NOT NULL,
    seats            INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 10),
    buy_in           INTEGER NOT NULL CHECK (buy_in > 0),
    speed            TEXT NOT NULL CHECK (speed IN ('normal', 'turbo')),
    payouts          TEXT NOT NULL CHECK (payouts IN ('winner', 'top2', 'top3')),
    state            TEXT NOT NULL DEFAULT 'registering'
                     CHECK (state IN ('registering', 'running', 'finished', 'cancelled')),
    level            INTEGER NOT NULL DEFAULT 1 CHECK (level >= 1),
    level_started_at REAL,
    level_deal       INTEGER NOT NULL DEFAULT 0,
    prize_pool       INTEGER NOT NULL DEFAULT 0 CHECK (prize_pool >= 0)
);

CREATE TABLE tournament_entries (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,
    place         INTEGER CHECK (place >= 1),
    prize         INTEGER NOT NULL DEFAULT 0 CHECK (prize >= 0),
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

CREATE INDEX tournaments_by_guild ON tournaments (guild_id, state);

PRAGMA user_version = 13;
