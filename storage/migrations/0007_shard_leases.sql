-- Parlour storage, version 7: who serves which shard. A process holds one row per shard it
-- serves (an unsharded process: shard 0 of 1) while it runs, renewing expires_at by a
-- heartbeat; another process takes a row over only once it has expired (its holder is gone),
-- so two processes never serve the same guilds, and a refusal can name the holder.
CREATE TABLE shard_leases (
    shard_count INTEGER NOT NULL CHECK (shard_count >= 1),
    shard_id    INTEGER NOT NULL CHECK (shard_id >= 0 AND shard_id < shard_count),
    holder      TEXT NOT NULL,
    host        TEXT NOT NULL,
    pid         INTEGER NOT NULL,
    since       TEXT NOT NULL,
    expires_at  REAL NOT NULL,
    PRIMARY KEY (shard_count, shard_id)
);

PRAGMA user_version = 7;
