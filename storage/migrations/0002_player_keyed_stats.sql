-- Parlour storage, version 2: fewer index pages written per booking, and /stats by key.
--
-- stats is keyed (guild, user, game) instead of (guild, game, user): a player's rows sit side
-- by side, so reading one player's stats is a key range instead of a scan of the guild, and a
-- settlement writes one page per player instead of one per player and game. The leaderboards
-- read stats_by_net and stats_by_won, rebuilt as they were.
CREATE TABLE stats_v2 (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    game        TEXT NOT NULL,
    played      INTEGER NOT NULL DEFAULT 0,
    won         INTEGER NOT NULL DEFAULT 0,
    net         INTEGER NOT NULL DEFAULT 0,
    biggest_pot INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, game)
) WITHOUT ROWID;

INSERT INTO stats_v2 (guild_id, user_id, game, played, won, net, biggest_pot)
    SELECT guild_id, user_id, game, played, won, net, biggest_pot FROM stats;

DROP TABLE stats;

ALTER TABLE stats_v2 RENAME TO stats;

CREATE INDEX stats_by_net ON stats (guild_id, game, net DESC, user_id);
CREATE INDEX stats_by_won ON stats (guild_id, game, won DESC, user_id);

-- The per-account reconciliation sums balance movements only; a table's stack rows (a user,
-- but no balance change: most rows of every deal) no longer write this index.
DROP INDEX ledger_by_account;

CREATE INDEX ledger_by_account ON ledger (guild_id, user_id, balance_delta)
    WHERE balance_delta != 0;

PRAGMA user_version = 2;
