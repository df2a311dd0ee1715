-- Parlour storage, version 11: seasons (issue 31). A server with seasons has one row per
-- season (numbered from 1, [starts_at, ends_at) in unix seconds); each finished deal adds its
-- players' results to season_stats for the season it ended in, in the deal's own booking. A
-- season's podium is kept once it has ended (podium: JSON of the top three) and `posted` says
-- the bot has told the server, so a restart neither forgets nor repeats it. Balances are
-- never touched by a season.
CREATE TABLE seasons (
    guild_id   INTEGER NOT NULL,
    number     INTEGER NOT NULL CHECK (number >= 1),
    starts_at  REAL NOT NULL,
    ends_at    REAL NOT NULL,
    channel_id INTEGER,
    podium     TEXT,
    posted     INTEGER NOT NULL DEFAULT 0 CHECK (posted IN (0, 1)),
    PRIMARY KEY (guild_id, number)
) WITHOUT ROWID;

CREATE TABLE season_stats (
    guild_id INTEGER NOT NULL,
    season   INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    played   INTEGER NOT NULL DEFAULT 0,
    won      INTEGER NOT NULL DEFAULT 0,
    net      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, season, user_id)
) WITHOUT ROWID;

CREATE INDEX season_stats_by_net ON season_stats (guild_id, season, net DESC, user_id);

PRAGMA user_version = 11;
